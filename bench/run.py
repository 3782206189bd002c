"""``make bench``: the measurements of ``bench/`` (never part of the tests).

    python bench/run.py [NAME ...] [--quick] [--list]

Every module ``bench/bench_<name>.py`` is a benchmark: it defines ``TITLE`` and
``run(quick: bool, out: pathlib.Path) -> str``, which measures and returns a Markdown section.  The
sections are written into ``bench/RESULTS.md`` between ``<!-- bench:<name> -->`` markers: running one
benchmark replaces its own section and keeps the others.  ``--quick`` runs a scaled-down version (for
trying the benchmark out; its figures are marked as such).  Big files go to ``bench/out/`` (gitignored).
"""

from __future__ import annotations

import argparse
import importlib.util
import platform
import re
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "RESULTS.md"
OUT = HERE / "out"
HEAD = """# Benchmarks

Measured by `make bench` (`python bench/run.py`); each section is rewritten by its benchmark
(`bench/bench_<name>.py`).  Speed and memory are measured here, never asserted in the tests.
"""


def benchmarks() -> dict[str, Path]:
    return {p.stem.removeprefix("bench_"): p for p in sorted(HERE.glob("bench_*.py"))}


def load(path: Path):  # noqa: ANN201
    spec = importlib.util.spec_from_file_location(f"tombspec_bench_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    # registered, so that a worker process (forked) finds the benchmark's functions by name
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def write_section(name: str, body: str) -> None:
    text = RESULTS.read_text(encoding="utf-8") if RESULTS.exists() else HEAD
    start, end = f"<!-- bench:{name} -->", f"<!-- /bench:{name} -->"
    block = f"{start}\n{body.rstrip()}\n{end}"
    pattern = re.compile(re.escape(start) + r".*?" + re.escape(end), re.S)
    text = pattern.sub(lambda _: block, text) if pattern.search(text) else text.rstrip() + "\n\n" + block + "\n"
    RESULTS.write_text(text if text.endswith("\n") else text + "\n", encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("names", nargs="*", help="benchmarks to run (default: all)")
    parser.add_argument("--quick", action="store_true", help="a scaled-down run, to try things out")
    parser.add_argument("--list", action="store_true", help="list the benchmarks")
    args = parser.parse_args()
    known = benchmarks()
    if args.list:
        for name, path in known.items():
            print(f"{name}: {load(path).TITLE}")
        return 0
    unknown = [n for n in args.names if n not in known]
    if unknown:
        print(f"bench: unknown benchmark(s) {', '.join(unknown)}; known: {', '.join(known)}", file=sys.stderr)
        return 2
    OUT.mkdir(exist_ok=True)
    machine = f"{platform.python_implementation()} {platform.python_version()} on {platform.machine()}, " \
              f"{platform.system()}"
    for name in args.names or list(known):
        module = load(known[name])
        print(f"== {name}: {module.TITLE}", flush=True)
        start = time.perf_counter()
        body = module.run(args.quick, OUT)
        took = time.perf_counter() - start
        stamp = time.strftime("%Y-%m-%d")
        note = f"\n\n_{'QUICK run (scaled down), ' if args.quick else ''}{stamp}, {machine}; the benchmark " \
               f"took {took:.0f} s._\n"
        write_section(name, f"## {module.TITLE}\n\n{body.strip()}{note}")
        print(body, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

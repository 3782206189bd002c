"""The conformance oracle: ``tombspec verify`` throughput and memory, and ``conform`` speed.

* verify throughput (steps/s) on a Raiders trace of at least a million lines (digest claims, written by
  ``tombspec explore raiders --games N --trace F``), beside the rate of merely parsing the same file with
  orjson, in the same run (target: verify >= 1/4 of the parse-only rate);
* where verify's time goes (cProfile over a slice, own time grouped by component);
* peak RSS of verify on a ten-million-line trace vs a hundred-thousand-line one (target: at most 20 %
  more): each in a fresh process, ``ru_maxrss`` at its end;
* conform against the Node.js example (steps/s over the JSON-RPC pipe), when ``node`` is installed.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

TITLE = "Conformance oracle: verify, conform"
ROOT = Path(__file__).resolve().parents[1]
TOMBSPEC = [str(Path(sys.executable).parent / "tombspec")]  # the console script of this environment
STEPS_PER_GAME = 90  # about, for the default Raiders configuration

CHILD_RATES = r"""
import json, sys, time, orjson
from tombspec.checks.oracle.verify import verify
path = sys.argv[1]
parse = float("inf")
for _ in range(3):  # parsing is quick: the best of three
    t = time.perf_counter(); lines = 0
    with open(path, "rb") as f:
        for raw in f:
            if raw.strip():
                orjson.loads(raw); lines += 1
    parse = min(parse, time.perf_counter() - t)
report = verify([path])
print(json.dumps({"lines": lines, "parse_s": parse, "verify_s": report.seconds, "steps": report.steps,
                  "games": report.games, "exit": report.exit_code}))
"""

CHILD_RSS = r"""
import json, resource, sys, time
from tombspec.checks.oracle.verify import verify
t = time.perf_counter()
report = verify([sys.argv[1]])
print(json.dumps({"seconds": time.perf_counter() - t, "steps": report.steps, "games": report.games,
                  "exit": report.exit_code, "maxrss_kib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))
"""

CHILD_PROFILE = r"""
import cProfile, io, itertools, json, pstats, sys
from tombspec.checks.oracle.verify import verify
src, dst, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
with open(src, "rb") as f, open(dst, "wb") as out:
    out.writelines(itertools.islice(f, n))
prof = cProfile.Profile()
prof.enable(); verify([dst]); prof.disable()
stats = pstats.Stats(prof)
groups = {}
def group(file, func):
    if "/model/" in file or "attrs generated" in file or "attr/_make" in file or "fractions" in file \
            or "dice.py" in file or "networkx" in file:
        return "the model's step (rules, attrs state updates)"
    if "cattrs" in file or "codec.py" in file or "hashlib" in func or "sha256" in func or "hexdigest" in func \
            or func == "<built-in method orjson.dumps>":
        return "the state digest (cattrs unstructure, orjson.dumps, sha256)"
    if "checks/oracle/trace.py" in file or "orjson.loads" in func or "jsonschema" in file or "checks/oracle/schema.py" in file:
        return "reading lines (orjson.loads, schema check)"
    if "checks/oracle/verify.py" in file:
        return "the oracle's bookkeeping (verify.py)"
    return "other (I/O, interpreter)"
def group_of(key, depth=0):
    file, line, func = key
    g = group(file, func)
    if g.startswith("other") and file == "~" and depth < 3:
        callers = stats.stats[key][4]
        if callers:  # a builtin: charge it to the component of the caller that spends most in it
            caller = max(callers, key=lambda c: callers[c][2])
            return group_of(caller, depth + 1)
    return g
total = 0.0
for key, (cc, nc, tt, ct, callers) in stats.stats.items():
    g = group_of(key); groups[g] = groups.get(g, 0.0) + tt; total += tt
print(json.dumps({"total": total, "groups": groups}))
"""


def sh(args: list[str], **kw) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, check=True, capture_output=True, text=True, cwd=ROOT, **kw)


def child(code: str, *args: str) -> dict:
    return json.loads(sh([sys.executable, "-c", code, *args]).stdout.strip().splitlines()[-1])


def count_lines(path: Path) -> int:
    n = 0
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 22), b""):
            n += block.count(b"\n")
    return n


def make_trace(out: Path, lines: int) -> Path:
    """A trace of at least ``lines`` lines, written by ``tombspec explore`` in two processes at once."""
    path = out / f"raiders-{lines}.jsonl"
    if path.exists() and count_lines(path) >= lines:
        return path
    parts = []
    seed = 0
    total = 0
    with open(path, "wb") as whole:
        while total < lines:
            games = max(2, (lines - total) // STEPS_PER_GAME // 2 + 20)
            jobs = []
            for k in range(2):
                seed += 1
                part = out / f"part-{seed}.jsonl"
                parts.append(part)
                jobs.append((part, [*TOMBSPEC, "explore", "raiders", "--games", str(games), "--seed", str(seed),
                                    "--trace", str(part), "--json"]))
            with ThreadPoolExecutor(2) as pool:
                list(pool.map(lambda j: sh(j[1]), jobs))
            for part, _ in jobs:
                with open(part, "rb") as f:
                    shutil.copyfileobj(f, whole)
                part.unlink()
            whole.flush()
            total = count_lines(path)
    return path


def head_games(src: Path, dst: Path, lines: int) -> Path:
    """The first games of ``src`` holding at least ``lines`` lines (cut at a header)."""
    n = 0
    with open(src, "rb") as f, open(dst, "wb") as out:
        for raw in f:
            if n >= lines and raw.startswith(b'{"board"') and b'"trace":"tombspec"' in raw:
                break
            out.write(raw)
            n += 1
    return dst


def repeat(src: Path, dst: Path, times: int) -> Path:
    """``src`` written ``times`` times one after the other (a trace may hold any number of games)."""
    if dst.exists() and dst.stat().st_size == src.stat().st_size * times:
        return dst
    with open(dst, "wb") as out:
        for _ in range(times):
            with open(src, "rb") as f:
                shutil.copyfileobj(f, out, 1 << 22)
    return dst


def run(quick: bool, out: Path) -> str:
    scale = 10 if quick else 1
    big_lines = 1_000_000 // scale
    base = make_trace(out, big_lines)
    rates = child(CHILD_RATES, str(base))
    assert rates["exit"] == 0, rates
    parse_rate = rates["lines"] / rates["parse_s"]
    verify_rate = rates["steps"] / rates["verify_s"]
    verify_lines = rates["lines"] / rates["verify_s"]

    prof = child(CHILD_PROFILE, str(base), str(out / "profile-slice.jsonl"), str(50_000 // scale))
    groups = sorted(prof["groups"].items(), key=lambda kv: -kv[1])

    small = head_games(base, out / f"raiders-small-{100_000 // scale}.jsonl", 100_000 // scale)
    huge = repeat(base, out / f"raiders-x10-{big_lines}.jsonl", 10)
    rss_small = child(CHILD_RSS, str(small))
    rss_huge = child(CHILD_RSS, str(huge))
    small_lines, huge_lines = count_lines(small), count_lines(huge)
    growth = rss_huge["maxrss_kib"] / rss_small["maxrss_kib"] - 1

    conform_row = "node is not installed: skipped"
    if shutil.which("node"):
        games = 200 // scale
        res = subprocess.run([*TOMBSPEC, "conform", "--impl", f"node {ROOT / 'examples/raiders-node/server.js'}",
                              "--games", str(games), "--json"], capture_output=True, text=True, cwd=ROOT)
        data = json.loads(res.stdout)
        conform_row = (f"{data['games']} games, {data['steps']:,} steps ({data['probes']:,} refusal probes) in "
                       f"{data['seconds']:.1f} s: **{data['steps'] / data['seconds']:,.0f} steps/s**, verdict "
                       f"{data['verdict']}")

    ratio = verify_lines / parse_rate
    import os

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    lines = [
        f"Trace: `tombspec explore raiders` (standard board, default options), digest claims, "
        f"{rates['lines']:,} lines, {rates['games']:,} games, {rates['steps']:,} steps, "
        f"{base.stat().st_size / 1e6:,.0f} MB.",
        "",
        "| measure | figure |",
        "|---|---|",
        f"| parse only (orjson.loads per line) | {parse_rate:,.0f} lines/s ({rates['parse_s']:.1f} s) |",
        f"| `tombspec verify` | **{verify_rate:,.0f} steps/s** ({verify_lines:,.0f} lines/s, "
        f"{rates['verify_s']:.1f} s) |",
        f"| verify / parse | **1/{1 / ratio:.1f}** (target: 1/4 or better) |",
        f"| peak RSS, {small_lines:,} lines | {rss_small['maxrss_kib'] / 1024:,.1f} MiB "
        f"({rss_small['seconds']:.1f} s) |",
        f"| peak RSS, {huge_lines:,} lines | {rss_huge['maxrss_kib'] / 1024:,.1f} MiB "
        f"({rss_huge['seconds']:.1f} s, {rss_huge['steps'] / rss_huge['seconds']:,.0f} steps/s) |",
        f"| RSS growth, {huge_lines / small_lines:,.0f}x the lines | **{growth:+.1%}** (target: at most +20 %) |",
        f"| conform vs the Node.js example | {conform_row} |",
        "",
        f"Where verify's time goes (cProfile, own time, first {50_000 // scale:,} lines; the profiler slows "
        "everything down alike):",
        "",
        "| component | share |",
        "|---|---|",
        *[f"| {name} | {t / prof['total']:.0%} |" for name, t in groups],
        "",
        f"The {huge_lines:,}-line trace is the {rates['lines']:,}-line one ten times over (a trace may hold "
        f"any number of games).  Parse-only is the best of three passes, verify one pass; each runs in a fresh "
        f"process (load average {load:.2f} at the end).",
    ]
    if ratio < 0.25:
        lines += ["", "verify reaches 1/{:.0f} of the parse-only rate, not 1/4: every line is a full step of "
                  "the reference model (legal-action checks, attrs state updates) plus a digest of the whole "
                  "state; the table above shows the model's step is most of the time.  Reading and checking "
                  "the lines is a small share.".format(1 / ratio)]
    return "\n".join(lines)

"""The five models' speed, side by side with the code before issue 26 (commit ``BASELINE``), in one run.

For each game: ``explore GAME --games N --seed 1 --workers 1`` (uniform play, every invariant checked
after every step) in a fresh process, baseline and today interleaved, the best of ``REPEATS``; the trace
each writes for the same games, compared byte for byte (it carries the state's digest on every line, so
equal traces mean equal states); ``verify`` by each model of the trace it wrote, interleaved, the best of
``REPEATS``.  Then ``tombspec check`` (all five games, its defaults) by each, once, wall clock; and the
exhaustive search's states per second on each big game, depth after depth until one takes a minute.

The baseline's ``spec/``, ``model/`` and ``checks/`` are extracted with ``git archive`` and imported
instead of the installed tombspec (``PYTHONPATH``, the editable finder removed), as in
``bench_speed.py``; both trees are compiled to bytecode before anything is measured (``_compile``).
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TITLE = "The five models, baseline against today, side by side"
ROOT = Path(__file__).resolve().parents[1]
BASELINE = os.environ.get("TOMBSPEC_BENCH_MODELS_BASELINE", "bd5d57e")
GAMES = ("secrets", "tomb", "cryptmaster", "egypt", "raiders")
BIG = ("secrets", "tomb", "cryptmaster", "egypt")
REPEATS = 3

PRELUDE = r"""
import sys
if "--baseline" in sys.argv:
    sys.argv.remove("--baseline")
    sys.meta_path[:] = [f for f in sys.meta_path if "editable" not in str(f) and
                        "editable" not in getattr(type(f), "__module__", "")]
"""

EXPLORE = PRELUDE + r"""
import json, sys
from tombspec.model.registry import get_ruleset
from tombspec.checks.explore.games import explore
game, games, trace = sys.argv[1], int(sys.argv[2]), sys.argv[3]
if trace != "-":
    from tombspec.checks.oracle.trace import TraceWriter
    with open(trace, "wb") as f:
        report = explore(get_ruleset(game), games, 1, writer=TraceWriter(f, "digest"))
else:
    report = explore(get_ruleset(game), games, 1)
print(json.dumps({"steps": report.steps, "seconds": report.seconds, "problems": len(report.problems)}))
"""

VERIFY = PRELUDE + r"""
import json, sys
from tombspec.checks.oracle.verify import verify
report = verify([sys.argv[1]], workers=1) if "workers" in verify.__code__.co_varnames else verify([sys.argv[1]])
print(json.dumps({"steps": report.steps, "seconds": report.seconds, "exit": report.exit_code,
                  "divergences": len(report.divergences)}))
"""

CHECK = PRELUDE + r"""
import runpy, sys
sys.argv = ["tombspec", "check", "--json", *sys.argv[1:]]
runpy.run_module("tombspec.checks", run_name="__main__")
"""

EXHAUSTIVE = r"""
import json, sys, time
from tombspec.model.registry import get_ruleset
from tombspec.checks.explore.bounded import search
game, depth = sys.argv[1], int(sys.argv[2])
start = time.perf_counter()
result = search(get_ruleset(game), depth, time_budget=float(sys.argv[3]))
print(json.dumps({"states": result.states, "seconds": time.perf_counter() - start, "verdict": result.result}))
"""


def _same_games(baseline: bytes, today: bytes) -> tuple[bool, set[str], set[str], int | None]:
    """Whether two traces record the same games: every step line byte for byte, and every game's header
    the same apart from what was added since the baseline (the ``protocol`` key of issue 28) and its
    options.  Also the options added since (readings recorded since, at their defaults) and those whose
    default reading changed since: the headers name both, and a changed default is a behaviour change
    the note names with its test (the same steps say these games never met it; a game that differs may
    be one that met it).  Last, the index of the first game that differs (None when none does)."""
    import orjson

    a, b = baseline.split(b"\n"), today.split(b"\n")
    added: set[str] = set()
    changed: set[str] = set()
    game = -1
    first: int | None = None
    for x, y in zip(a, b):
        if x.startswith(b'{"board"'):
            game += 1
        if x == y:
            continue
        if x.startswith(b'{"board"') and y.startswith(b'{"board"'):
            hx, hy = orjson.loads(x), orjson.loads(y)
            hy.pop("protocol", None)
            ox, oy = hx.pop("options", {}), hy.pop("options", {})
            added |= set(oy) - set(ox)
            changed |= {name for name in set(ox) & set(oy) if ox[name] != oy[name]}
            if hx == hy and not set(ox) - set(oy):
                continue
        if first is None:
            first = max(game, 0)
    if len(a) != len(b) and first is None:
        first = max(game, 0)
    return first is None, added, changed, first


def _same_actions(baseline: bytes, today: bytes) -> tuple[bool, int | None]:
    """Whether two traces make the same moves: every step line the same once its digest is set aside
    (a digest that differs where the actions do not is a change of the state's encoding, as a queued
    task naming another rule, not of play); else the first game whose moves differ."""
    import re

    strip = re.compile(rb',?"digest":"[0-9a-f]{64}"').sub
    a, b = baseline.split(b"\n"), today.split(b"\n")
    game = -1
    for x, y in zip(a, b):
        if x.startswith(b'{"board"'):
            game += 1
            continue
        if strip(b"", x) != strip(b"", y):
            return False, max(game, 0)
    return len(a) == len(b), None


def _extract(work: Path) -> Path:
    """The baseline's spec/, model/ and checks/ as an importable ``tombspec`` namespace package."""
    import io
    import tarfile

    src, pkg = work / "baseline-src", work / "baseline-pkg" / "tombspec"
    pkg.mkdir(parents=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", BASELINE, "spec", "model", "checks"],
                             check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(src, filter="data")
    for part in ("spec", "model", "checks"):
        (pkg / part).symlink_to(src / part)
    _compile(src)
    return pkg.parent


def _compile(root: Path) -> None:
    """Bytecode written now for every module of ``root``'s spec/, model/ and checks/, for the baseline's
    tree and today's alike.  A child's start-up is inside verify's seconds (the game's model is imported
    at the trace's first header) and inside check's wall clock: with ``PYTHONDONTWRITEBYTECODE`` set (as
    on the machines this runs on) a module whose bytecode is missing or stale is compiled from source in
    every child, so that one side compiled and the other not would measure the compiler (a tenth of a
    second for Tomb's, three to four percent of its verify, before this was done for today's tree too)."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", "-j", "0",
                    *(str(root / part) for part in ("spec", "model", "checks"))], check=True, capture_output=True)


def _child(script: str, *args: str, baseline: Path | None = None, timeout: float = 7200) -> tuple[str, float]:
    """Run ``script`` in a fresh process (on the baseline's code when ``baseline``): its output and its
    wall clock."""
    env = dict(os.environ)
    if baseline is not None:
        env["PYTHONPATH"] = str(baseline)
        args = (*args, "--baseline")
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", script, *args], env=env, capture_output=True, text=True,
                          timeout=timeout, cwd=tempfile.gettempdir())
    took = time.perf_counter() - start
    if proc.returncode not in (0, 1):
        raise RuntimeError(f"benchmark child failed ({proc.returncode}): {proc.stderr[-2000:]}")
    return proc.stdout, took


def _exhaustive(game: str, minute: float) -> tuple[int, dict]:
    """Depth after depth until one takes ``minute`` seconds (or more): the deepest that finished within
    it, and its figures."""
    depth, best = 0, {}
    while True:
        out, _ = _child(EXHAUSTIVE, game, str(depth + 1), str(minute), timeout=20 * minute)
        data = json.loads(out)
        if data["verdict"] == "unknown" or data["seconds"] > minute:
            return depth, best
        depth, best = depth + 1, data
        if data["verdict"] != "holds":
            return depth, best


def run(quick: bool, out: Path) -> str:
    games = 10 if quick else 50
    minute = 10.0 if quick else 60.0
    rows, identity, ratios, verify_ratios = [], [], {}, {}
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        baseline = _extract(work)
        _compile(ROOT)
        for game in GAMES:
            traces = {k: work / f"{game}-{k}.jsonl" for k in ("baseline", "today")}
            _child(EXPLORE, game, str(games), str(traces["baseline"]), baseline=baseline)
            _child(EXPLORE, game, str(games), str(traces["today"]))
            same, added, changed, first = _same_games(traces["baseline"].read_bytes(),
                                                      traces["today"].read_bytes())
            acts, acted = _same_actions(traces["baseline"].read_bytes(), traces["today"].read_bytes())
            played = "" if same else (f"(every action the same, the digests not: the state's encoding changed) " if acts
                                      else f"(the actions differ from game {acted}) ")
            identity.append(f"{game}: {'the same games' if same else f'DIFFERENT from game {first}'} {played}"
                            f"{'(options added since: ' + ', '.join(sorted(added)) + ') ' if added else ''}"
                            f"{'(default reading changed since: ' + ', '.join(sorted(changed)) + ') ' if changed else ''}"
                            f"({traces['today'].stat().st_size:,} bytes)")
            explore: dict[str, list[dict]] = {"baseline": [], "today": []}
            verify: dict[str, list[dict]] = {"baseline": [], "today": []}
            for _ in range(REPEATS):       # interleaved, so that the machine's load falls on both alike
                for k, base in (("baseline", baseline), ("today", None)):
                    explore[k].append(json.loads(_child(EXPLORE, game, str(games), "-", baseline=base)[0]))
                    verify[k].append(json.loads(_child(VERIFY, str(traces[k]), baseline=base)[0]))
            e = {k: max(r["steps"] / r["seconds"] for r in v) for k, v in explore.items()}
            w = {k: max(r["steps"] / r["seconds"] for r in v) for k, v in verify.items()}
            bad = sum(r["divergences"] for v in verify.values() for r in v)
            ratios[game], verify_ratios[game] = e["today"] / e["baseline"], w["today"] / w["baseline"]
            rows.append(f"| {game} | {explore['today'][0]['steps']:,} | {e['baseline']:,.0f} | {e['today']:,.0f} | "
                        f"**{ratios[game]:.2f}x** | {w['baseline']:,.0f} | {w['today']:,.0f} | "
                        f"**{verify_ratios[game]:.2f}x** | {bad} |")
        checks = {}
        for k, base in (("baseline", baseline), ("today", None)):
            text, took = _child(CHECK, *(["--games", "20"] if quick else []), baseline=base)
            data = json.loads(text)
            checks[k] = (took, data["totals"]["problems"], sum(e["games"] for e in data["explore"]))
    geo = math.exp(sum(math.log(ratios[g]) for g in BIG) / len(BIG))
    deep = []
    for game in BIG:
        depth, data = _exhaustive(game, minute)
        if data:
            deep.append(f"| {game} | {depth} | {data['states']:,} | {data['seconds']:.1f} s | "
                        f"**{data['states'] / data['seconds']:,.0f}** | {data['verdict']} |")
    check_ratio = checks["baseline"][0] / checks["today"][0]
    return "\n".join([
        f"Each game: `explore GAME --games {games} --seed 1 --workers 1` (uniform play; every invariant after every "
        f"step) and `verify` by each model of the trace it wrote of those games (the same seeds; where a behaviour "
        "changed since, the games differ from there on, and the baseline's trace would diverge), in fresh processes, "
        f"the baseline (`{BASELINE}`, "
        f"the code before issue 26) and today interleaved, the best of {REPEATS}.  Steps per second on one core:",
        "",
        "| game | steps | explore, baseline | explore, today | ratio | verify, baseline | verify, today | ratio | "
        "divergences |",
        "|---|---|---|---|---|---|---|---|---|",
        *rows,
        "",
        f"Geometric mean of the explore ratios of the four big models: **{geo:.2f}x** (targets: each at least 3x, "
        "the mean at least 4x).",
        "",
        f"Same seed, same trace ({games} games each, a digest on every line; every step line byte for "
        "byte, and each game's header apart from what was added since the baseline: the `protocol` key of issue 28 "
        "and the options of readings recorded since, at their defaults, or whose default changed since): " + "; ".join(identity) + ".",
        "",
        f"`tombspec check` (all five games, {'20 games each (quick)' if quick else 'its defaults'}, every core): "
        f"baseline **{checks['baseline'][0]:.0f} s**, today **{checks['today'][0]:.0f} s**: "
        f"**{check_ratio:.2f}x** ({checks['baseline'][2]} and {checks['today'][2]} games explored; "
        f"{checks['baseline'][1]} and {checks['today'][1]} problems).",
        "",
        f"The exhaustive search (one core, every invariant in every state): the deepest depth that finished "
        f"within {minute:.0f} s, and its states per second.",
        "",
        "| game | depth | states | time | states/s | verdict |",
        "|---|---|---|---|---|---|",
        *deep,
    ])

"""Beyond one core: explore and verify on 2 workers against 1, the exhaustive search's states per second
and growth with depth, and verify's throughput against the orjson parse-only floor."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

TITLE = "parallel and exhaustive"


def _ceiling(workers: int) -> float:
    """What the machine gives right now: a CPU-bound loop (``sum`` over a range) on ``workers`` processes
    against one."""
    from concurrent.futures import ProcessPoolExecutor

    jobs = [range(20_000_000)] * (4 * workers)
    start = time.perf_counter()
    for n in jobs:
        sum(n)
    one = time.perf_counter() - start
    with ProcessPoolExecutor(workers) as pool:
        list(pool.map(sum, [range(10)] * workers))            # processes started outside the timing
        start = time.perf_counter()
        list(pool.map(sum, jobs))
        many = time.perf_counter() - start
    return one / many


def _work_ceiling(path: Path, repeats: int) -> float:
    """What the machine gives for this very work: one single-process verify of the trace alone, against
    two of them at once in two fresh processes (2 x the work); the best of ``repeats`` each.  Unlike the
    CPU-bound loop, this pays what two processes sharing the cores and caches cost a cache-heavy run."""
    from concurrent.futures import ThreadPoolExecutor

    alone, pair = [], []
    with ThreadPoolExecutor(2) as threads:          # each thread waits on its own fresh process
        for _ in range(repeats):
            alone.append(_verify_fresh(path, 1).seconds)
            both = list(threads.map(lambda _: _verify_fresh(path, 1).seconds, range(2)))
            pair.append(max(both))
    return 2 * min(alone) / min(pair)            # the time per trace alone, against per trace in a pair


def _cpu() -> float:
    """CPU seconds of this process and of its finished children (the pool's workers, once shut down)."""
    import resource

    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


#: verify in a fresh process, as ``tombspec verify`` runs: the seconds verify reports, its CPU seconds
#: (its own and its workers'), and the report's steps and exit code
VERIFY = r"""
import resource, sys, orjson
from tombspec.checks.oracle.pverify import pverify
from tombspec.checks.parallel import executor
with executor(int(sys.argv[2])) as ex:
    report = pverify([sys.argv[1]], ex)
me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
print(orjson.dumps({"seconds": report.seconds, "steps": report.steps, "exit": report.exit_code,
                    "cpu": me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime}).decode())
"""


class _Verified:
    """What a fresh process's verify reported (the fields the table reads)."""

    def __init__(self, data: dict[str, Any]):
        self.seconds, self.steps, self.exit_code, self.cpu = data["seconds"], data["steps"], data["exit"], data["cpu"]

    def summary(self) -> str:
        return f"exit {self.exit_code}"


def _verify_fresh(path: Path, workers: int) -> "_Verified":
    import subprocess
    import sys

    import orjson

    out = subprocess.run([sys.executable, "-c", VERIFY, str(path), str(workers)], capture_output=True, text=True,
                         check=True, timeout=900)
    return _Verified(orjson.loads(out.stdout.strip().splitlines()[-1]))


def _parse_floor(path: Path) -> float:
    import orjson

    start = time.perf_counter()
    with open(path, "rb") as stream:
        for line in stream:
            orjson.loads(line)
    return time.perf_counter() - start


def run(quick: bool, out: Path) -> str:
    from tombspec.checks.explore import explore
    from tombspec.checks.explore.bounded import search
    from tombspec.checks.oracle.trace import TraceWriter
    from tombspec.checks.parallel import cpu_count, executor
    from tombspec.model.raiders import Raiders

    out.mkdir(parents=True, exist_ok=True)
    workers = 2
    games = 300 if quick else 3000
    repeats = 1 if quick else 4
    verify_repeats = 1 if quick else 8          # a verify is short: more runs tame the machine's drift
    rs = Raiders()
    ceiling_before = _ceiling(workers)

    rows = []
    traces = {}
    timing = {}
    cpus = {}
    # The runs of 1 and of 2 workers alternate, and each figure is the best of a few: on a shared
    # machine the speed of one core drifts by a fifth from one run to the next.
    best: dict[tuple[str, int], tuple[Any, float]] = {}
    every: dict[tuple[str, int], list[float]] = {}       # every run's seconds, for the medians
    for _ in range(repeats):
        for n in (1, workers):
            path = out / f"parallel-{n}.jsonl"
            cpu = _cpu()
            with open(path, "wb") as stream, executor(n) as ex:
                report = explore(rs, games, 11, writer=TraceWriter(stream), executor=ex)
            every.setdefault(("explore", n), []).append(report.seconds)
            if ("explore", n) not in best or report.seconds < best[("explore", n)][0].seconds:
                best[("explore", n)] = report, _cpu() - cpu
            traces[n] = path
    same = traces[1].read_bytes() == traces[workers].read_bytes()
    size = traces[1].stat().st_size
    floor = _parse_floor(traces[1])
    lines = sum(1 for _ in open(traces[1], "rb"))
    # verify runs in a fresh process each time, as the command does: this process has played thousands of
    # games by now, and its heap made a single-process verify here a third slower than a fresh one (which
    # flattered the speed-up: 2.44x in one run, against 1.76x measured in fresh processes)
    # The same trace three times over (a trace holds any number of games): what does not shrink with more
    # workers (the warm-up before the pool forks, this process cutting the parts) weighs less on it.
    big = out / "parallel-x3.jsonl"
    with open(big, "wb") as stream:
        for _ in range(3):
            stream.write(traces[1].read_bytes())
    for _ in range(verify_repeats):
        for what, path in (("verify", traces[1]), ("verify x3", big)):
            for n in (1, workers):
                report = _verify_fresh(path, n)
                assert report.exit_code == 0, report.summary()
                every.setdefault((what, n), []).append(report.seconds)
                if (what, n) not in best or report.seconds < best[(what, n)][0].seconds:
                    best[(what, n)] = report, report.cpu
    for n in (1, workers):
        report, cpus[("explore", n)] = best[("explore", n)]
        timing[("explore", n)] = report.seconds
        rows.append(f"| explore raiders, {games} games, trace written | {n} | {report.seconds:.2f} s | "
                    f"{report.steps / report.seconds:,.0f} steps/s |")
    work_ceiling = _work_ceiling(traces[1], 1 if quick else 2)
    for what, label, times in (("verify", "verify that trace", 1), ("verify x3", "verify it three times over", 3)):
        for n in (1, workers):
            report, cpus[(what, n)] = best[(what, n)]
            timing[(what, n)] = report.seconds
            rows.append(f"| {label} ({times * size / 1e6:.1f} MB, {times * lines:,} lines) | {n} | "
                        f"{report.seconds:.2f} s | {report.steps / report.seconds:,.0f} actions/s; "
                        f"{times * floor / report.seconds:.1%} of the orjson parse-only floor "
                        f"({times * floor:.2f} s) |")
    big.unlink()
    # a verify's start-up, which both timings include and no worker shares: the seconds a fresh process's
    # verify reports for the trace's first game alone (the model imported, the ruleset configured)
    head = out / "parallel-one-game.jsonl"
    with open(traces[1], "rb") as stream:
        lines_of_game = [stream.readline()]
        for line in stream:
            if b'"trace"' in line:
                break
            lines_of_game.append(line)
    head.write_bytes(b"".join(lines_of_game))
    startup = min(_verify_fresh(head, 1).seconds for _ in range(verify_repeats))
    head.unlink()

    def bound(what: str) -> float:              # Amdahl: the start-up serial, the rest split in two
        one = timing[(what, 1)]
        return one / (startup + (one - startup) / workers)

    depths = range(4, 9) if quick else range(4, 20)
    growth = []
    for depth in depths:          # on until a depth takes about a minute (the measure)
        answer = search(rs, depth, time_budget=60 if quick else 240)
        growth.append(f"| {depth} | {answer.result} | {answer.states:,} | {answer.levels[-1]:,} | "
                      f"{answer.seconds:.2f} s | {answer.states_per_second:,.0f} |")
        if not answer.complete or answer.seconds > 40:
            break
    search_depth = 8 if quick else 10
    cpu = _cpu()
    one = search(rs, search_depth)
    cpus[("search", 1)] = _cpu() - cpu
    cpu = _cpu()
    with executor(workers) as ex:
        two = search(rs, search_depth, executor=ex)
    cpus[("search", workers)] = _cpu() - cpu
    assert (one.states, one.levels) == (two.states, two.levels)
    timing[("search", 1)], timing[("search", workers)] = one.seconds, two.seconds
    rows.append(f"| exhaustive search raiders, depth {search_depth} ({one.states:,} states) | 1 | "
                f"{one.seconds:.2f} s | {one.states_per_second:,.0f} states/s |")
    rows.append(f"| the same | {workers} | {two.seconds:.2f} s | {two.states_per_second:,.0f} states/s |")
    ceiling_after = _ceiling(workers)
    load = os.getloadavg()

    def ratio(what: str) -> float:
        return timing[(what, 1)] / timing[(what, workers)]

    def speedup(what: str) -> str:
        return f"{ratio(what):.2f}x"

    def median_speedup(what: str) -> str:
        import statistics

        return f"{statistics.median(every[(what, 1)]) / statistics.median(every[(what, workers)]):.2f}x"

    def overhead(what: str) -> str:
        return f"{cpus[(what, workers)] / cpus[(what, 1)]:.2f}"

    text = [
        "## Parallel and distributed work, and the exhaustive search (issue 16)",
        "",
        f"`bench/bench_parallel.py` on {cpu_count()} cores (process pool; `--scheduler` sends the same work to "
        f"Dask). Load average at the end {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f}: **the machine is shared**; "
        f"a CPU-bound loop on {workers} processes ran {ceiling_before:.2f}x (before) and "
        f"{ceiling_after:.2f}x (after) as fast as on one, which bounds every speed-up below. explore is the best "
        f"of {repeats} runs and verify of {verify_repeats}, the runs of 1 and of {workers} workers alternating (every run starts its own pool: its workers' start-up is in the time; each verify runs in a fresh process, as the command does).",
        "",
        "| work | workers | time | rate |",
        "|---|---|---|---|",
        *rows,
        "",
        f"Speed-ups with {workers} workers: explore **{speedup('explore')}**, verify **{speedup('verify')}** "
        f"(three times the trace: **{speedup('verify x3')}**), exhaustive search **{speedup('search')}** (the "
        f"CPU-loop ceiling: {ceiling_before:.2f}x / {ceiling_after:.2f}x). The traces written with 1 and "
        f"{workers} workers are {'byte for byte the same' if same else 'DIFFERENT'}; verify's reports and the "
        f"search's state counts are the same. The medians of the same runs give explore "
        f"{median_speedup('explore')} and verify {median_speedup('verify')} (three times the trace: "
        f"{median_speedup('verify x3')}).",
        "",
        "What does not shrink with more workers is the time before the pool forks (the first part verified "
        "here, which warms the model, its ruleset and its schemas, so that the workers fork warm) and this "
        "process cutting the parts while the workers verify (about 3% of the CPU); a longer trace weighs them less. A verify's start-up (the trace's first game alone, in a "
        f"fresh process: the model imported, the ruleset configured) is {startup:.2f} s; with it in both "
        f"timings and nothing else serial, {workers} workers could give at most {bound('verify'):.2f}x on this "
        f"trace and {bound('verify x3'):.2f}x on the longer one. "
        + ("Here the longer trace's speed-up is the larger, as it should be."
           if ratio("verify x3") >= ratio("verify")
           else "Here the longer trace's speed-up is not the larger: the machine's drift from one run to the "
                "next (the ceilings above) is larger than what they cost."),
        "",
        f"The same trace verified by two independent single-process verifies at once took {work_ceiling:.2f}x "
        "less time per trace than one alone: that, not the CPU-bound loop, is what two processes can give "
        f"this cache-heavy work on this machine (verify on {workers} workers: {speedup('verify')}).",
        "",
        f"CPU seconds of all processes with {workers} workers against 1 (what the split costs, whatever the "
        f"load): explore {overhead('explore')}, verify {overhead('verify')} (three times the trace: "
        f"{overhead('verify x3')}), exhaustive search "
        f"{overhead('search')}; on {workers} idle cores the speed-up is about {workers} divided by that.",
        "",
        "Exhaustive search of Raiders (standard board, every invariant in every state), one process, "
        "growth with depth:",
        "",
        "| depth | answer | distinct states | new at the last depth | time | states/s |",
        "|---|---|---|---|---|---|",
        *growth,
    ]
    if quick:
        text.insert(1, "\n*(quick run: scaled down)*")
    return "\n".join(text)

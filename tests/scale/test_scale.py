"""verify, explore and the exhaustive search on a process pool and on a real Dask LocalCluster give the
answers of one process; a seeded invariant violation is found with the shortest trace; a budget cut
answers unknown; a dead worker is reported, never a pass."""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import Any

import attrs
import orjson
import pytest
from click.testing import CliRunner
from scale_broken import BrokenRaiders, kill_the_worker, verify_part_dying_in_workers

from tombspec.checks.cli import main
from tombspec.checks.explore import explore
from tombspec.checks.explore.bounded import HOLDS, UNKNOWN, VIOLATED, search
from tombspec.checks.oracle.pverify import parts, pverify
from tombspec.checks.oracle.trace import TraceWriter
from tombspec.checks.oracle.verify import verify
from tombspec.checks.parallel import WorkerLost, executor, map_ordered
from tombspec.model.registry import get_ruleset

GAMES = 40


def _trace(rs: Any, ex: Any = None, games: int = GAMES, seed: int = 5) -> bytes:
    out = io.BytesIO()
    explore(rs, games, seed, writer=TraceWriter(out), executor=ex, chunk=3)
    return out.getvalue()


@pytest.fixture(scope="module")
def traces(tmp_path_factory: Any) -> list[str]:
    """A good trace, one with three wrong digests, one that turns malformed, and a missing file."""
    rs = get_ruleset("raiders")
    lines = _trace(rs).splitlines(keepends=True)
    bad = list(lines)
    digests = [i for i, line in enumerate(bad) if b'"digest"' in line]
    for k in (digests[40], digests[len(digests) // 2], digests[-3]):
        obj = orjson.loads(bad[k])
        obj["digest"] = "0" * 64
        bad[k] = orjson.dumps(obj) + b"\n"
    malformed = list(bad)
    malformed[len(malformed) * 2 // 3] = b"{not json\n"
    root = tmp_path_factory.mktemp("traces")
    paths = []
    for name, body in (("good", lines), ("bad", bad), ("malformed", malformed)):
        (root / f"{name}.jsonl").write_bytes(b"".join(body))
        paths.append(str(root / f"{name}.jsonl"))
    return [*paths, str(root / "missing.jsonl"), paths[1]]


def _report(report: Any) -> dict[str, Any]:
    data = report.to_json()
    data.pop("seconds")
    return data


@pytest.mark.parametrize("where", ["pool", "dask"])
def test_explore_gives_the_same_trace_byte_for_byte(where: str, request: Any) -> None:
    rs = get_ruleset("raiders", board="small")
    one = _trace(rs)
    ex_source = request.getfixturevalue("pool") if where == "pool" else None
    if where == "dask":      # by its address, as --scheduler gives it
        with executor(scheduler=request.getfixturevalue("dask_client").scheduler.address) as ex:
            many = _trace(rs, ex)
    else:
        many = _trace(rs, ex_source)
    assert one.count(b'"trace"') == GAMES and many == one


@pytest.mark.parametrize("where", ["pool", "dask"])
def test_verify_gives_the_single_process_report_in_order(where: str, request: Any, traces: list[str]) -> None:
    single = verify(traces)
    assert single.divergences and single.malformed and single.exit_code == 2   # something to get right
    if where == "dask":
        with executor(scheduler=request.getfixturevalue("dask_client")) as ex:
            many = pverify(traces, ex, part_bytes=4096)
    else:
        many = pverify(traces, request.getfixturevalue("pool"), part_bytes=4096)
    assert _report(many) == _report(single)


def test_parts_cut_a_trace_only_at_headers(traces: list[str]) -> None:
    with open(traces[0], "rb") as stream:
        cut = list(parts(stream, 4096))
    assert len(cut) > 3
    assert all(data.startswith(b'{"board"') or b'"trace"' in data.split(b"\n", 1)[0] for _, _, data in cut)
    assert [games for _, games, _ in cut] == sorted(games for _, games, _ in cut)
    assert sum(data.count(b"\n") for _, _, data in cut) == Path(traces[0]).read_bytes().count(b"\n")


def _cut_line_by_line(data: bytes, size: int) -> list[tuple[int, int, bytes]]:
    """The reference cut: line by line, a part ends before the first header once it holds ``size`` bytes."""
    from tombspec.checks.oracle.pverify import is_header

    out, held, first, games, headers = [], [], 1, 0, 0
    for number, raw in enumerate(io.BytesIO(data), 1):
        if is_header(raw) and sum(map(len, held)) >= size:
            out.append((first, games, b"".join(held)))
            held, first, games, headers = [], number, games + headers, 0
        headers += is_header(raw)
        held.append(raw)
    return out + [(first, games, b"".join(held))] if held else out


@pytest.mark.parametrize("size", [1, 700, 4096, 50_000])
@pytest.mark.parametrize("block", [5, 333, 4096, 1 << 20])
def test_parts_read_in_blocks_cut_where_line_by_line_would(traces: list[str], size: int, block: int) -> None:
    data = Path(traces[0]).read_bytes()
    lines = data.splitlines(keepends=True)[:400]
    for piece in (data, b"".join(lines), b"".join(lines)[:-1], b"".join(lines[7:90]), b"\n\n" + b"".join(lines[:30])):
        assert list(parts(io.BytesIO(piece), size, block=block)) == _cut_line_by_line(piece, size)


@pytest.mark.parametrize("block", [3, 16, 64])
def test_a_line_over_the_cap_ends_the_last_part_where_a_single_process_stops(block: int) -> None:
    from tombspec.spec.errors import InvalidInput
    from tombspec.spec.inputs import iter_lines

    header = b'{"trace": "tombspec"}\n'
    data = header + b"a\n" + header + b"b\n" + b"x" * 50 + b"\n" + header + b"c\n"
    cut = list(parts(io.BytesIO(data), 10, limit=40, block=block))
    assert [(first, games) for first, games, _ in cut] == [(1, 0), (3, 1)]
    first, _, last = cut[-1]
    assert last.endswith(b"x" * 41) and len(last) == len(header) + 2 + 41      # the cap and one byte: no more
    with pytest.raises(InvalidInput, match="line longer") as caught:
        list(iter_lines(io.BytesIO(last), source="t", first=first, limit=40))
    assert caught.value.line == 5


def test_a_line_over_the_cap_is_refused_on_a_pool_as_in_one_process(pool: Any, tmp_path: Path) -> None:
    # On a process pool a part travels as a Slice of the file (read by the worker); the truncated last
    # part of a file with a line over the cap is read there as this process cut it.
    from tombspec.spec.inputs import MAX_LINE_BYTES

    lines = _trace(get_ruleset("raiders"), games=6).splitlines(keepends=True)
    path = tmp_path / "long.jsonl"
    path.write_bytes(b"".join(lines[:300]) + b'{"action": "' + b"x" * (MAX_LINE_BYTES + 10) + b'"}\n'
                     + b"".join(lines[300:]))
    single, many = verify([str(path)]), pverify([str(path)], pool, part_bytes=4096)
    assert single.malformed and "longer" in single.malformed[0] and _report(many) == _report(single)


def test_a_file_that_changes_under_the_workers_is_refused_never_verified_as_another(tmp_path: Path) -> None:
    import zlib

    from tombspec.checks.oracle.pverify import Slice, _verify_part

    path = tmp_path / "t.jsonl"
    data = _trace(get_ruleset("raiders"), games=2)
    path.write_bytes(data)
    part = Slice(str(path), 0, len(data), zlib.crc32(data))
    assert _verify_part("t.jsonl", 1, 0, part, None).conforming == 2            # as read: verified
    path.write_bytes(data.replace(b'"digest"', b'"digesT"', 1))                # the same length, other bytes
    changed = _verify_part("t.jsonl", 1, 0, part, None)
    assert changed.conforming == 0 and changed.exit_code == 2
    assert "t.jsonl:1" in changed.malformed[0] and "changed while it was being verified" in changed.malformed[0]
    path.write_bytes(data[:100])                                                # cut short
    assert "changed" in _verify_part("t.jsonl", 1, 0, part, None).malformed[0]


@pytest.mark.parametrize("where", ["pool", "dask"])
def test_exhaustive_search_gives_the_answer_of_one_process(where: str, request: Any) -> None:
    rs = get_ruleset("raiders")
    one = search(rs, 6)
    if where == "dask":
        with executor(scheduler=request.getfixturevalue("dask_client")) as ex:
            many = search(rs, 6, executor=ex, chunk=64)
    else:
        many = search(rs, 6, executor=request.getfixturevalue("pool"), chunk=64)
    assert one.result == many.result == HOLDS
    assert (many.states, many.levels) == (one.states, one.levels) and one.states > 1000


@pytest.mark.parametrize("where", ["pool", "dask"])
def test_a_seeded_violation_is_found_with_the_shortest_trace(where: str, request: Any, tmp_path: Path) -> None:
    rs = BrokenRaiders()
    found = search(rs, 12)
    assert found.result == VIOLATED and found.invariant == "raiders.audacity.alter-roll"
    assert search(rs, found.steps - 1).result == HOLDS           # nothing shorter breaks it
    if where == "dask":
        with executor(scheduler=request.getfixturevalue("dask_client")) as ex:
            many = search(rs, 12, executor=ex, chunk=16)
    else:
        many = search(rs, 12, executor=request.getfixturevalue("pool"), chunk=16)
    assert attrs.evolve(many, seconds=0) == attrs.evolve(found, seconds=0)    # the same trace on workers
    state = rs.initial_state()
    for action, player in zip(found.witness, found.players, strict=True):
        state = rs.step(state, action, player)
    assert [v.invariant for v in rs.violations(state)] == ["raiders.audacity.alter-roll"]
    # The trace replays through verify; the real model parts from the broken one at the broken step.
    path = tmp_path / "witness.jsonl"
    with open(path, "wb") as out:
        found.write_trace(rs, out)
    report = verify([path])
    assert report.games == 1 and len(report.divergences) == 1
    assert report.divergences[0].step == found.steps and report.divergences[0].kind == "state"


def test_a_budget_cut_answers_unknown_never_holds() -> None:
    rs = get_ruleset("raiders")
    cut = search(rs, 30, max_states=300)
    assert cut.result == UNKNOWN and cut.reason.startswith("budget") and not cut.complete
    timed = search(rs, 30, time_budget=0.05)
    assert timed.result == UNKNOWN and "time budget" in timed.reason


def test_the_cli_answers_holds_violated_and_unknown(tmp_path: Path) -> None:
    runner = CliRunner()
    ok = runner.invoke(main, ["explore", "raiders", "--exhaustive", "--depth", "4", "--workers", "1"])
    assert ok.exit_code == 0 and "holds" in ok.output
    cut = runner.invoke(main, ["explore", "raiders", "--exhaustive", "--depth", "20", "--max-states", "100",
                               "--workers", "1"])
    assert cut.exit_code == 3 and "unknown: budget" in cut.output and "holds" not in cut.output
    trace = tmp_path / "boss.jsonl"
    found = runner.invoke(main, ["explore", "raiders", "--exhaustive", "--depth", "6", "--workers", "1",
                                 "--find", "s.attack is not None", "--trace", str(trace), "--json"])
    data = orjson.loads(found.stdout)
    assert found.exit_code == 0 and data["result"] == "found" and data["steps"] == len(data["witness"]) == 2
    replay = runner.invoke(main, ["verify", str(trace), "--workers", "1"])
    assert replay.exit_code == 0 and "1 conform" in replay.output
    bad = runner.invoke(main, ["explore", "raiders", "--exhaustive", "--depth", "3", "--find", "s.("])
    assert bad.exit_code == 2 and "--find" in bad.output and "Traceback" not in bad.output


def test_verify_cli_with_workers_matches_one_process(traces: list[str]) -> None:
    runner = CliRunner()
    one = runner.invoke(main, ["verify", *traces[:2], "--workers", "1", "--json"])
    two = runner.invoke(main, ["verify", *traces[:2], "--workers", "2", "--json"])
    a, b = orjson.loads(one.stdout), orjson.loads(two.stdout)
    a.pop("seconds"), b.pop("seconds")
    assert one.exit_code == two.exit_code == 1 and a == b


def test_a_dead_worker_is_reported_not_passed() -> None:
    with executor(2) as ex, pytest.raises(WorkerLost, match="worker died"):
        list(map_ordered(ex, kill_the_worker, range(4)))


def test_a_dask_worker_that_dies_is_reported_not_passed() -> None:
    # A real cluster whose worker process dies under the task: Dask gives up on it (KilledWorker) and
    # the run is WorkerLost, never a pass.  Its own cluster: the shared one is not to be broken.
    distributed = pytest.importorskip("distributed")
    import dask

    with dask.config.set({"distributed.scheduler.allowed-failures": 0}):
        cluster = distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                                           dashboard_address=":0", silence_logs=50)
        client = distributed.Client(cluster, set_as_default=False)
        try:
            with executor(scheduler=client) as ex, pytest.raises(WorkerLost, match="worker died"):
                list(map_ordered(ex, lambda _: os._exit(7), range(2)))
        finally:
            client.close()
            cluster.close()


def test_verify_reports_a_dead_worker_as_exit_2_never_a_pass(traces: list[str], monkeypatch: Any) -> None:
    import tombspec.checks.oracle.pverify as pverify_module

    assert Path(traces[0]).stat().st_size > pverify_module.PART_BYTES + 10_000     # two parts or more to send
    monkeypatch.setattr(pverify_module, "_REAL_VERIFY_PART", pverify_module._verify_part, raising=False)
    monkeypatch.setattr(pverify_module, "_verify_part", verify_part_dying_in_workers)   # forked workers inherit it
    result = CliRunner().invoke(main, ["verify", traces[0], "--workers", "2"])
    assert result.exit_code == 2 and "worker died" in result.output and "conform" not in result.output


def test_the_cli_on_a_dask_scheduler_gives_the_answer_of_one_process(dask_client: Any) -> None:
    runner = CliRunner()
    args = ["explore", "raiders", "--exhaustive", "--depth", "6", "--json"]
    one = runner.invoke(main, [*args, "--workers", "1"])
    many = runner.invoke(main, [*args, "--scheduler", dask_client.scheduler.address])
    a, b = orjson.loads(one.stdout), orjson.loads(many.stdout)
    for data in (a, b):
        data.pop("seconds"), data.pop("states_per_second")
    assert one.exit_code == many.exit_code == 0 and a == b and a["result"] == "holds"


def test_an_unreachable_scheduler_is_exit_2() -> None:
    result = CliRunner().invoke(main, ["explore", "raiders", "--games", "2", "--scheduler", "tcp://127.0.0.1:9"])
    assert result.exit_code == 2 and "cannot reach the Dask scheduler" in result.output

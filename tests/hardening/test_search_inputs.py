"""Issue 29, causes 1-5 and 8: ``--find`` is a small expression language (never Python's eval), an expression
that fails is exit 2, the time budget bounds everything a search runs, ``nan`` and ``inf`` budgets are
usage errors, an exhaustive search without a bound ends in 'unknown: budget', not a signal, and a
malformed --scheduler address is a usage error at once."""

from __future__ import annotations

import resource
import subprocess
import sys
from pathlib import Path

import orjson
import pytest

from tombspec.checks.explore.bounded import DEFAULT_MAX_STATES, search
from tombspec.checks.explore.query import Query, QueryError
from tombspec.model.raiders import Raiders
from tombspec.spec.errors import InvalidInput

from .conftest import run_cli

TOMBSPEC = [sys.executable, "-c", "from tombspec.checks.entry import main; main()"]


@pytest.mark.parametrize("text, where", [
    ("__import__('os').system('touch pwned')", "system(...)"),
    ("__import__('os')", "__import__(...)"),
    ("().__class__.__base__.__subclasses__()", "__subclasses__"),
    ("s.__class__", "__class__"),
    ("open('/etc/passwd')", "open(...)"),
    ("(lambda: 1)()", "only len"),
    ("s.raiders.count(1)", "the method count(...)"),
    ("[x := 1]", "NamedExpr"),
    ("2 ** 1000000000", "Pow"),
    ("any(iter(int, 1))", "iter(...)"),
    ("len(s.raiders, key=1)", "by position"),
    ("x", "the name x"),
    ("len", "a function"),
    ("s.boss is", "not an expression"),
])
def test_anything_outside_the_language_is_refused_before_the_search(text: str, where: str, tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(InvalidInput, match="--find") as info:
        Query(text)
    assert where in str(info.value)
    monkeypatch.chdir(tmp_path)
    code, _, err = run_cli("explore", "raiders", "--exhaustive", "--depth", "2", "--find", text)
    assert code == 2 and "--find" in err and not (tmp_path / "pwned").exists()


def test_the_language_reads_a_state() -> None:
    rs = Raiders()
    state = rs.initial_state()
    assert Query("s.boss is None and s.boss_track == 8")(state)
    assert Query("len(s.raiders) == 2 and all(r.pennies == 6 for r in s.raiders)")(state)
    assert Query("sum(r.audacity for r in s.raiders if r.position) == 4")(state)
    assert Query("max(r.pennies for r in s.raiders) - min(2, 3) * 2 == 2")(state)
    assert Query("s.raiders[-1].position in ('0,1', '1,1') or s.phase == 'coin-toss'")(state)
    assert not Query("s.raiders[0:1][0].killed")(state)


@pytest.mark.parametrize("text, error", [
    ("1/0", "ZeroDivisionError"),
    ("s.nonexistent_field > 3", "AttributeError"),
    ("s.raiders[5]", "IndexError"),
    ("'a' * 100000000 == ''", "arithmetic on str"),
    ("len(s.boss_track) > 0", "not one of the state's collections"),
])
def test_an_expression_that_fails_on_a_state_is_bad_input(text: str, error: str) -> None:
    with pytest.raises(QueryError, match=error):
        Query(text)(Raiders().initial_state())


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_failing_find_is_exit_2_naming_it_also_from_a_worker_and_in_json(workers: str) -> None:
    code, out, err = run_cli("explore", "raiders", "--exhaustive", "--depth", "4", "--workers", workers,
                             "--find", "s.nonexistent_field > 3", "--json")
    assert code == 2 and "s.nonexistent_field > 3" in err and "AttributeError" in err
    assert orjson.loads(out) == {"error": err.split("error: ", 1)[1].strip(), "exit_code": 2}


def test_an_evaluation_is_bounded() -> None:
    class Huge:
        items = tuple(range(60_000))

    with pytest.raises(QueryError, match="operations"):
        Query("sum(a for a in s.items for b in s.items) > 0")(Huge())


def test_the_time_budget_bounds_the_expansions_themselves() -> None:
    """A search given a budget stops with 'unknown: budget' even inside a depth whose expansion takes
    longer than the budget (checked between states, not only between depths)."""
    rs = Raiders()
    answer = search(rs, 12, time_budget=0.5)
    assert answer.result == "unknown" and "time budget" in answer.reason and answer.seconds < 20


@pytest.mark.parametrize("value", ["nan", "inf", "-1", "0"])
def test_absurd_time_budgets_are_usage_errors(value: str) -> None:
    code, _, err = run_cli("explore", "raiders", "--exhaustive", "--depth", "3", "--time-budget", value)
    assert code == 2 and "Invalid value" in err


def test_a_search_without_a_budget_has_one() -> None:
    answer = search(Raiders(), 100_000, max_states=None, time_budget=0.3)
    assert answer.result == "unknown"
    assert DEFAULT_MAX_STATES >= 1_000_000


def test_an_unbounded_search_under_a_memory_limit_ends_unknown_not_by_a_signal() -> None:
    """`--depth 100000` under a 150 MB address-space limit: 'unknown: budget' (exit 3) with its figures,
    never a signal with no output (egypt and tomb died in orjson at the limit)."""
    limit = 150 * 2**20

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    proc = subprocess.run([*TOMBSPEC, "explore", "raiders", "--exhaustive", "--depth", "100000", "--workers", "1",
                           "--time-budget", "240"],
                          capture_output=True, text=True, timeout=600, preexec_fn=cap)
    assert proc.returncode in (2, 3), (proc.returncode, proc.stderr[-2000:])
    assert "Traceback" not in proc.stderr
    if proc.returncode == 3:
        assert "unknown: budget" in proc.stdout
    else:
        assert "memory" in proc.stderr


@pytest.mark.parametrize("address, says", [
    ("not an address", "not a scheduler address"), ("", "not a scheduler address"),
    ("inproc://nothing", "not a scheduler address"), ("tcp://127.0.0.1", "not a scheduler address"),
    ("tcp://127.0.0.1:99999", "not a scheduler address"), ("tls://127.0.0.1:1", "only tcp://"),
    ("tcp://127.0.0.1:9", "cannot reach"),
])
def test_a_malformed_or_unreachable_scheduler_is_exit_2_at_once(address: str, says: str) -> None:
    """Issue 29, cause 8: it waited 20 s and ended in a Client.__del__ traceback (tls: exit 1)."""
    import time

    start = time.perf_counter()
    proc = subprocess.run([*TOMBSPEC, "explore", "raiders", "--games", "2", "--scheduler", address],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and says in proc.stderr and "Traceback" not in proc.stderr, proc.stderr
    assert time.perf_counter() - start < 60


@pytest.mark.parametrize("game", ["raiders", "secrets", "tomb", "cryptmaster", "egypt"])
def test_a_trace_of_a_header_alone_checks_nothing_and_is_exit_2(game: str, tmp_path: Path) -> None:
    """Issue 29, cause 10: a header and no action passed ('1 conform', exit 0)."""
    trace = tmp_path / "t.jsonl"
    code, _, _ = run_cli("explore", game, "--games", "1", "--seed", "1", "--trace", str(trace), "--workers", "1")
    head = trace.read_bytes().splitlines()[0]
    (tmp_path / "h.jsonl").write_bytes(head + b"\n")
    code, out, err = run_cli("verify", str(tmp_path / "h.jsonl"))
    assert code == 2 and "nothing to check" in out + err
    (tmp_path / "two.jsonl").write_bytes(b"\n".join(trace.read_bytes().splitlines()[:2]) + b"\n")
    code, _, _ = run_cli("verify", str(tmp_path / "two.jsonl"))
    assert code == 0                                                # one step is something checked

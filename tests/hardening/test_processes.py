"""Issue 13, hangs and orphans: an implementation that forks, crashes, hangs or prints never hangs the
oracle, and no process it starts outlives the test (every test here checks its descendants and the
grandchildren it tracks by pid)."""

from __future__ import annotations

import os
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import orjson
import psutil
import pytest

from tombspec.checks.oracle.vectors import make_vector
from tombspec.model.raiders import Raiders

from .conftest import run_cli

HERE = Path(__file__).resolve().parent
FAKE = HERE.parent / "oracle" / "fake_impl.py"
TOMBSPEC = [sys.executable, "-c", "from tombspec.checks.entry import main; main()"]


def fake(mode: str, *args: str) -> str:
    return " ".join(shlex.quote(x) for x in (sys.executable, str(FAKE), mode, *args))


def adapter(name: str) -> str:
    return f"python:{HERE / 'adapters.py'}:{name}"


def pids_in(path: Path) -> list[int]:
    return [int(x) for x in path.read_text().split()] if path.exists() else []


def gone(pid: int, wait: float = 5.0) -> bool:
    end = time.monotonic() + wait
    while time.monotonic() < end:
        try:
            if psutil.Process(pid).status() == psutil.STATUS_ZOMBIE:
                return True
        except psutil.NoSuchProcess:
            return True
        time.sleep(0.05)
    return False


@pytest.fixture(autouse=True)
def no_descendant_outlives_the_test():
    me = psutil.Process()
    before = {p.pid for p in me.children(recursive=True)}
    yield
    end = time.monotonic() + 5
    left = []
    while time.monotonic() < end:
        left = [p for p in me.children(recursive=True) if p.pid not in before and p.is_running()
                and p.status() != psutil.STATUS_ZOMBIE]
        if not left:
            break
        time.sleep(0.05)
    for p in left:
        p.kill()
    assert not left, f"processes outlived the test: {[p.cmdline() for p in left]}"


def tombspec(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run([*TOMBSPEC, *args], capture_output=True, text=True, timeout=timeout)
    assert "Traceback" not in proc.stderr + proc.stdout, proc.stderr
    return proc


def test_an_implementation_that_forks_and_exits_does_not_hang_or_orphan(tmp_path: Path) -> None:
    pidfile = tmp_path / "pids"
    impl = f"sh -c 'sleep 602 & echo $! >> {pidfile}; exit 0'"
    start = time.monotonic()
    proc = tombspec("conform", "--impl", impl, "--game", "raiders", "--games", "1", "--timeout", "1")
    assert proc.returncode == 2 and "exited with code 0" in proc.stdout
    assert time.monotonic() - start < 20
    (pid,) = pids_in(pidfile)
    assert gone(pid), "the grandchild survived"


def test_a_grandchild_with_its_own_pipes_is_killed_after_every_replay(tmp_path: Path) -> None:
    pidfile = tmp_path / "pids"
    impl = (f"sh -c 'sleep 603 </dev/null >/dev/null 2>&1 & echo $! >> {pidfile}; "
            f"exec {fake('crash', '6')}'")
    proc = tombspec("conform", "--impl", impl, "--game", "raiders", "--games", "1", "--timeout", "2")
    assert proc.returncode == 2 and "crash" in proc.stdout
    pids = pids_in(pidfile)
    assert len(pids) >= 2, "the shrinking replays restart the implementation"
    assert all(gone(pid) for pid in pids), "a grandchild survived a replay"


def test_sigterm_to_tombspec_kills_the_implementation_group(tmp_path: Path) -> None:
    pidfile = tmp_path / "pids"
    impl = f"sh -c 'sleep 604 & echo $! >> {pidfile}; exec {fake('hang', '1')}'"
    proc = subprocess.Popen([*TOMBSPEC, "conform", "--impl", impl, "--game", "raiders", "--games", "1",
                             "--timeout", "300"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        end = time.monotonic() + 30
        while not pids_in(pidfile) and time.monotonic() < end:
            time.sleep(0.05)
        (sleeper,) = pids_in(pidfile)
        children = psutil.Process(proc.pid).children(recursive=True)
        assert children, "the implementation runs"
        time.sleep(0.5)
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == -signal.SIGTERM
    assert gone(sleeper) and all(gone(c.pid) for c in children)


def test_sys_exit_in_an_adapter_is_a_crash() -> None:
    code, out, _ = run_cli("conform", "--impl", adapter("ExitsInStep"), "--game", "raiders", "--games", "1")
    assert code == 2 and "SystemExit" in out
    code, _, err = run_cli("conform", "--impl", adapter("ExitsInInit"), "--game", "raiders", "--games", "1")
    assert code == 2 and "SystemExit" in err


def test_an_adapter_that_sleeps_is_timed_out(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TOMBSPEC_TEST_SLEEP", "3")
    start = time.monotonic()
    code, out, _ = run_cli("conform", "--impl", adapter("SleepsInStep"), "--game", "raiders", "--games", "1",
                           "--timeout", "0.3", "--json")
    assert code == 2 and time.monotonic() - start < 3
    report = orjson.loads(out)
    assert report["failure"]["kind"] == "timeout"
    time.sleep(3)   # let the abandoned call end


def test_an_adapter_that_prints_keeps_json_clean() -> None:
    code, out, err = run_cli("conform", "--impl", adapter("Prints"), "--game", "raiders", "--games", "1", "--json")
    assert code == 0 and orjson.loads(out)["verdict"] == "conform"
    # its prints go to its standard error, whose last words a crash report quotes
    code, out, _ = run_cli("conform", "--impl", adapter("PrintsThenCrashes"), "--game", "raiders", "--games", "1",
                           "--json", "--no-shrink")
    assert code == 2 and "a log line on stdout" in orjson.loads(out)["failure"]["message"]


@pytest.mark.parametrize("name, says", [("ExitsHardInReset", "exited with code 0"),
                                        ("InterruptsInStep", "KeyboardInterrupt")])
def test_an_adapter_cannot_end_or_interrupt_tombspec(name: str, says: str) -> None:
    """Issue 29, cause 13: os._exit(0) in reset ended tombspec with exit 0 and no output; a
    KeyboardInterrupt from the adapter was exit 130 'interrupted'.  Both are the adapter's crash."""
    proc = tombspec("conform", "--impl", adapter(name), "--game", "raiders", "--games", "1", "--no-shrink")
    assert proc.returncode == 2 and says in proc.stdout, (proc.returncode, proc.stdout[-2000:])


def test_a_process_an_adapter_starts_does_not_outlive_tombspec(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    pidfile = tmp_path / "pids"
    monkeypatch.setenv("TOMBSPEC_TEST_PIDS", str(pidfile))
    proc = tombspec("conform", "--impl", adapter("StartsASleeper"), "--game", "raiders", "--games", "2")
    assert proc.returncode == 0, proc.stdout[-2000:]
    assert pids_in(pidfile) and all(gone(pid) for pid in pids_in(pidfile))


def test_a_grandchild_that_leaves_the_session_is_reaped(tmp_path: Path) -> None:
    """Issue 29, cause 14: a grandchild that calls setsid() (parent 1, a session of its own) survived."""
    pidfile = tmp_path / "pids"
    escape = tmp_path / "escape.py"       # starts a sleeper in a session of its own, then exits: an orphan
    escape.write_text("import subprocess\n"
                      "p = subprocess.Popen(['sleep', '606'], start_new_session=True)\n"
                      f"open({str(pidfile)!r}, 'a').write(str(p.pid) + chr(10))\n")
    impl = f"sh -c '{sys.executable} {escape}; exec {fake('crash', '6')}'"
    proc = tombspec("conform", "--impl", impl, "--game", "raiders", "--games", "1", "--timeout", "5", "--no-shrink")
    assert proc.returncode == 2
    pids = pids_in(pidfile)
    assert pids and all(gone(pid) for pid in pids), "a grandchild in its own session survived"


def test_the_pytest_plugin_gives_up_after_the_first_time_out(tmp_path: Path) -> None:
    rs = Raiders()
    for winner in (0, 1):
        for n in range(3):
            v = make_vector(rs, rs.initial_state(), rs.decode_action({"kind": "coin-toss", "winner": winner}),
                            case=f"toss-{winner}-{n}")
            v.write(tmp_path / "vectors")
    start = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--tombspec-vectors",
                           str(tmp_path / "vectors"), "--tombspec-impl", fake("hang", "1"),
                           "--tombspec-timeout", "1"], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1
    assert proc.stdout.count("timed out on an earlier case") >= 4, proc.stdout[-3000:]
    assert time.monotonic() - start < 60

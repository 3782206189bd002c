"""Issue 13, tracebacks and smaller items: numbers with bounds, unwritable outputs, --json errors as
JSON, overwriting ITF files, Ctrl-C, capped divergences and echoed input."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import orjson
import pytest

from tombspec.checks.oracle.trace import header
from tombspec.checks.oracle.verify import KEEP
from tombspec.model.raiders import Raiders

from .conftest import put, rows, run_cli

MODEL = "python:tombspec.checks.oracle.conform:ModelAdapter"
TOMBSPEC = [sys.executable, "-c", "from tombspec.checks.entry import main; main()"]


@pytest.mark.parametrize("args", [
    ["conform", "--impl", MODEL, "--timeout", "nan"],
    ["conform", "--impl", MODEL, "--timeout", "inf"],
    ["conform", "--impl", MODEL, "--probe-rate", "nan"],
    ["conform", "--impl", MODEL, "--shrink-seconds", "nan"],
    ["conform", "--impl", MODEL, "--games", "100000000000000000000"],
    ["explore", "raiders", "--games", "100000000000000000000"],
    ["explore", "raiders", "--max-steps", "100000000000000000000"],
    ["check", "--timeout", "nan"],
    ["check", "--timeout", "inf"],
    ["check", "--timeout", "1e308"],
    ["vectors", "run", ".", "--impl", MODEL, "--timeout", "inf"],
], ids=lambda a: " ".join(a[:1] + a[-2:]))
def test_absurd_numbers_are_usage_errors(args: list[str]) -> None:
    code, _, err = run_cli(*args)
    assert code == 2 and "Invalid value" in err


def test_an_unclosed_quote_in_impl_is_a_usage_error() -> None:
    code, _, err = run_cli("conform", "--impl", "'x", "--game", "raiders", "--games", "1")
    assert code == 2 and "not a valid command line" in err


def test_options_that_are_json_but_not_an_object() -> None:
    code, _, err = run_cli("explore", "raiders", "--games", "1", "--options", "[1]")
    assert code == 2 and "JSON object" in err and "not found" not in err


@pytest.mark.parametrize("where", ["/nonexist/x", "/dev/full"])
def test_unwritable_trace_outputs_exit_2(where: str) -> None:
    code, _, err = run_cli("explore", "raiders", "--games", "1", "--trace", where)
    assert code == 2 and where in err
    code, _, err = run_cli("conform", "--impl", f"python:{Path(__file__).parent / 'adapters.py'}:CrashesAt3",
                           "--game", "raiders", "--games", "1", "--trace-out", where)
    assert code == 2 and where in err and "cannot write" in err


def test_json_to_a_full_device_exits_2() -> None:
    with open("/dev/full", "w") as full:
        proc = subprocess.run([*TOMBSPEC, "trace", "schema", "--json"], stdout=full, stderr=subprocess.PIPE,
                              text=True, timeout=60)
    assert proc.returncode == 2 and "<stdout>" in proc.stderr and "Traceback" not in proc.stderr


def test_unwritable_itf_and_vector_directories_exit_2(raiders_trace: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file, not a directory")
    code, _, err = run_cli("verify", "--itf", str(blocker / "sub"), str(raiders_trace))
    assert code == 2 and "cannot write" in err
    code, _, err = run_cli("vectors", "export", str(blocker / "sub"), "--game", "raiders", "--games", "1")
    assert code == 2 and "cannot write" in err


def test_verify_itf_refuses_to_overwrite_between_traces(raiders_trace: Path, tmp_path: Path) -> None:
    for d in ("a", "b"):
        (tmp_path / d).mkdir()
        (tmp_path / d / "x.jsonl").write_bytes(raiders_trace.read_bytes())
    code, _, err = run_cli("verify", "--itf", str(tmp_path / "itf"), str(tmp_path / "a" / "x.jsonl"),
                           str(tmp_path / "b" / "x.jsonl"))
    assert code == 2 and "overwrite" in err
    assert run_cli("verify", "--itf", str(tmp_path / "itf"), str(tmp_path / "a" / "x.jsonl"))[0] == 0


@pytest.mark.parametrize("args", [
    ["explore", "nosuch", "--json"],
    ["verify", "--json", "/nonexist.jsonl"],
    ["conform", "--json", "--impl", MODEL, "--timeout", "nan"],
    ["trace", "schema", "nosuch", "--json"],
    ["rules", "--json", "--bogus"],
])
def test_json_errors_are_json_on_stdout(args: list[str]) -> None:
    code, out, _ = run_cli(*args)
    assert code == 2
    data = orjson.loads(out.splitlines()[-1] if not out.lstrip().startswith("{\n") else out)
    assert data.get("exit_code", 2) == 2 and ("error" in data or data.get("verdict") == "malformed")


def test_trace_schema_takes_json() -> None:
    code, out, _ = run_cli("trace", "schema", "trace-step", "--json")
    assert code == 0 and orjson.loads(out)["title"].startswith("tombspec trace")


def _sigint_as_at_a_terminal() -> None:
    # A test run started in the background (`make test &`) inherits SIGINT ignored, and Python then
    # never installs its handler: the child gets SIGINT's default back, as at a terminal.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_exits_130() -> None:
    proc = subprocess.Popen([*TOMBSPEC, "explore", "raiders", "--games", "1000000"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, preexec_fn=_sigint_as_at_a_terminal)
    try:
        time.sleep(4)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:       # never leave a million games running after a failed test
            proc.kill()
            proc.communicate()
    assert proc.returncode == 130 and "interrupted" in err and "Traceback" not in err


def test_ctrl_c_while_the_command_line_is_imported_exits_130(monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    # The import takes a second (more on a loaded machine): a Ctrl-C then is exit 130, no traceback.
    from tombspec.checks import entry

    class Interrupted:
        def find_spec(self, name: str, path: object = None, target: object = None) -> None:
            if name == "tombspec.checks.cli":
                raise KeyboardInterrupt
            return None

    monkeypatch.delitem(sys.modules, "tombspec.checks.cli", raising=False)
    monkeypatch.setattr(sys, "meta_path", [Interrupted(), *sys.meta_path])
    with pytest.raises(SystemExit) as exited:
        entry.main()
    assert exited.value.code == 130 and "interrupted" in capsys.readouterr().err


def test_divergences_are_capped_and_counted(tmp_path: Path, rs: Raiders) -> None:
    head = orjson.loads(orjson.dumps(header(rs)))
    bad = {"action": {"kind": "coin-toss", "winner": 0}, "digest": "0" * 64}
    path = put(tmp_path / "t.jsonl", [head, bad] * (KEEP + 7))
    code, out, _ = run_cli("verify", "--json", str(path))
    report = orjson.loads(out)
    assert code == 1 and report["diverging"] == KEEP + 7
    assert len(report["divergences"]) == KEEP and report["divergences_not_shown"] == 7


def test_a_huge_unknown_kind_is_not_echoed_whole(tmp_path: Path, raiders_trace: Path) -> None:
    lines = rows(raiders_trace)
    lines[1] = {"action": {"kind": "k" * 1_000_000}}
    code, out, err = run_cli("verify", str(put(tmp_path / "t.jsonl", lines)))
    assert code == 2 and len(err) < 10_000 and "more characters" in err
    code, out, _ = run_cli("verify", "--json", str(put(tmp_path / "t.jsonl", lines)))
    assert code == 2 and len(out) < 10_000


def test_a_from_tests_usage_error_exits_2(tmp_path: Path) -> None:
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "conftest.py").write_text("def pytest_configure(config):\n    raise __import__('pytest').UsageError('no')\n")
    code, _, err = run_cli("vectors", "export", str(tmp_path / "v"), "--game", "raiders", "--games", "1",
                           "--per-rule", "1", "--from-tests", str(tests))
    assert code == 2 and "could not run" in err


def test_max_steps_cutting_a_game_short_is_not_a_rule_broken() -> None:
    code, out, _ = run_cli("explore", "raiders", "--games", "1", "--max-steps", "3")
    assert code == 0 and "cut short by --max-steps 3" in out
    code, out, _ = run_cli("explore", "raiders", "--games", "1", "--max-steps", "3", "--json")
    assert code == 0 and orjson.loads(out)["cut_short"] == 1

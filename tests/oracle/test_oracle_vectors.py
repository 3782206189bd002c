"""tombspec vectors: export (explorations and tests), coverage, run over the conform protocol, the pytest
plugin, and malformed cases named by file."""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import orjson
import pytest
from click.testing import CliRunner

from tombspec.checks.cli import main
from tombspec.checks.oracle.conform import InProcess, ModelAdapter, load_adapter
from tombspec.checks.oracle.vectors import export, formalised, iter_cases, load_vector, run_tree
from tombspec.model.traceability import IMPLEMENTS

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
NODE = shutil.which("node")
NODE_EXAMPLE = ROOT / "examples" / "raiders-node" / "server.js"
SEEDED = ROOT / "examples" / "raiders-python" / "seeded_bugs.py"
MODEL = "python:tombspec.checks.oracle.conform:ModelAdapter"


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("vectors")
    report = export(root, ["raiders"], seed=1, games_per_config=2, per_rule=1)
    assert report.cases == report.resets + report.legal + report.illegal > 50
    return root


def test_the_layout_and_every_case_loads(tree: Path) -> None:
    cases = list(iter_cases(tree))
    assert cases
    for case in cases:
        v = load_vector(case)
        assert case.relative_to(tree).parts == (v.game, v.area, v.case)
        names = {p.name for p in case.iterdir()}
        expected = {"manifest.json", "post.json" if v.expected == "post" else "error.json"}
        if v.kind == "step":
            expected |= {"pre.json", "action.json"}
        assert names == expected, case
        if v.error is not None:
            assert v.error["rule"] == v.target and v.area == v.target.split(".")[1]
            assert v.error.get("quote")


def test_refused_cases_name_the_rule_the_model_raises(tree: Path) -> None:
    from tombspec.checks.oracle.trace import RulesetCache
    from tombspec.checks.oracle.vectors import check_against_model
    from tombspec.checks.oracle.verify import expect

    cache = RulesetCache()
    refused = 0
    for case in iter_cases(tree):
        v = load_vector(case)
        if v.kind != "step":
            continue
        rs, pre, action = check_against_model(v, cache)
        outcome = expect(rs, pre, action)
        if v.error is not None:
            refused += 1
            assert (outcome.kind, outcome.rule) == ("error", v.error["rule"])
        else:
            assert outcome.kind == "post" and orjson.loads(orjson.dumps(rs.encode_state(outcome.state))) == v.post
    assert refused >= 10


def test_the_model_passes_its_own_vectors(tree: Path) -> None:
    report = run_tree(tree, InProcess(ModelAdapter()))
    assert report.exit_code == 0 and report.counts["pass"] == len(list(iter_cases(tree)))


def test_a_seeded_bug_fails_some_vectors(tree: Path) -> None:
    report = run_tree(tree, load_adapter(f"python:{SEEDED}:RestRegainsGrailPenny"))
    failed = [r for r in report.results if r.status == "fail"]
    assert report.exit_code == 1 and failed
    assert any("raiders.rest.regain-penny" in r.message for r in failed)


@pytest.mark.skipif(NODE is None, reason="node (Node.js) is not installed: the Node example cannot run")
def test_the_node_example_passes_the_vectors(tree: Path) -> None:
    code = CliRunner().invoke(main, ["vectors", "run", str(tree), "--impl", f"node {NODE_EXAMPLE}"])
    assert code.exit_code == 0, code.output
    bad = CliRunner().invoke(main, ["vectors", "run", str(tree), "--impl",
                                    f"node {NODE_EXAMPLE} --bug grail-penny-kept", "--json"])
    assert bad.exit_code == 1 and orjson.loads(bad.stdout)["counts"]["fail"] >= 1


def test_coverage_of_the_explored_and_test_vectors(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["vectors", "export", str(tmp_path), "--game", "raiders", "--games", "3",
                                       "--json", "--from-tests", str(HERE / "test_oracle_raiders_vectors.py")])
    assert result.exit_code == 0, result.output
    data = orjson.loads(result.stdout)
    cov = data["coverage"]["raiders"]
    assert data["tests_exit"] == 0
    tests = [c for c in iter_cases(tmp_path) if c.name.startswith("test-")]
    assert len(tests) >= 12
    # Together the explored and the test vectors cover every rule the model formalises.
    assert cov["not_covered"] == [], cov["not_covered"]
    # One notion of "formalised" (the transitions' @implements, require and note), shared with check.
    assert cov["formalised"] == len(formalised("raiders"))
    assert {r for r in IMPLEMENTS if r.startswith("raiders.")} <= set(formalised("raiders"))
    assert "raiders.advanced.yellow-red-heads-only" in cov["refused"]
    assert CliRunner().invoke(main, ["vectors", "coverage", str(tmp_path)]).exit_code == 0


def test_the_pytest_plugin_collects_one_item_per_case(tree: Path, tmp_path: Path) -> None:
    (tmp_path / "test_own.py").write_text("def test_own_suite():\n    assert True\n")
    n = len(list(iter_cases(tree)))

    def pytest_run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args],
                              cwd=tmp_path, capture_output=True, text=True, timeout=300)

    ok = pytest_run("--tombspec-vectors", str(tree), "--tombspec-impl", MODEL)
    assert ok.returncode == 0 and f"{n + 1} passed" in ok.stdout, ok.stdout[-2000:]
    bad = pytest_run("--tombspec-vectors", str(tree), "--tombspec-impl", f"python:{SEEDED}:RestRegainsGrailPenny")
    assert bad.returncode == 1 and "raiders.rest.regain-penny" in bad.stdout
    usage = pytest_run("--tombspec-vectors", str(tree))
    assert usage.returncode == 4 and "--tombspec-impl" in usage.stderr


def copy_case(tree: Path, tmp_path: Path, expected: str) -> Path:
    for case in iter_cases(tree):
        if load_vector(case).expected == expected and (case / "pre.json").exists():
            dest = tmp_path / "t" / case.relative_to(tree)
            shutil.copytree(case, dest)
            return dest
    raise AssertionError("no such case")


@pytest.mark.parametrize("file, content, words", [
    ("manifest.json", b"{", "not valid JSON"),
    ("manifest.json", b'{"format": "tombspec-vector"}', "manifest.json does not follow its schema"),
    ("pre.json", b"[1, 2]", "must hold a JSON object"),
    ("pre.json", b'{"phase": "action"}', "not a valid RaidersState"),
    ("action.json", b'{"kind": "teleport"}', "unknown action kind 'teleport'"),
    ("post.json", b'{"phase": 3}', "not a valid RaidersState"),
])
def test_a_malformed_case_is_named_and_exits_2(tree: Path, tmp_path: Path, file: str, content: bytes, words: str) -> None:
    case = copy_case(tree, tmp_path, "post")
    (case / file).write_bytes(content)
    result = CliRunner().invoke(main, ["vectors", "run", str(tmp_path / "t"), "--impl", MODEL])
    assert result.exit_code == 2, result.output
    assert str(case / file) in result.stderr and words in result.stderr and "Traceback" not in result.output


def test_a_missing_file_is_named(tree: Path, tmp_path: Path) -> None:
    case = copy_case(tree, tmp_path, "error")
    (case / "error.json").unlink()
    result = CliRunner().invoke(main, ["vectors", "run", str(tmp_path / "t"), "--impl", MODEL])
    assert result.exit_code == 2 and "error.json: cannot read" in result.stderr


def test_an_implementation_failure_in_a_run_exits_2(tree: Path) -> None:
    fake = shlex.join([sys.executable, str(HERE / "fake_impl.py"), "garbage", "1"])
    result = CliRunner().invoke(main, ["vectors", "run", str(tree), "--impl", fake, "--timeout", "2"])
    assert result.exit_code == 2 and "garbage" in result.stdout


def test_cases_the_implementation_declines_are_skipped_not_failed(tree: Path) -> None:
    # code 3 (unsupported configuration) at reset: every case skipped, the run goes on to the end (it
    # does not stop after three 'failures'), and nothing checked is exit 2, never a pass
    only_tomb = shlex.join([sys.executable, str(HERE / "fake_impl.py"), "only", "tomb"])
    result = CliRunner().invoke(main, ["vectors", "run", str(tree), "--impl", only_tomb, "--timeout", "20"])
    total = len(list(iter_cases(tree)))
    assert result.exit_code == 2, result.output
    assert f"{total} skipped" in result.stdout and "nothing checked" in result.stdout
    assert "stopped after" not in result.stdout and "FAILURE" not in result.stdout
    assert result.stdout.count("SKIPPED:") == 1

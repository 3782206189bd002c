"""Issue 13, reports that say what they did not check: conform names the fields it compared; a trace
written after a crash is not judged conform; vectors that disagree with the model are malformed."""

from __future__ import annotations

from pathlib import Path

import orjson

from tombspec.checks.oracle.vectors import make_vector
from tombspec.model.raiders import Raiders

from .conftest import run_cli

HERE = Path(__file__).resolve().parent
MODEL = "python:tombspec.checks.oracle.conform:ModelAdapter"


def adapter(name: str) -> str:
    return f"python:{HERE / 'adapters.py'}:{name}"


def test_conform_says_which_fields_it_compared_and_warns() -> None:
    code, out, _ = run_cli("conform", "--impl", adapter("PhaseOnly"), "--game", "raiders", "--games", "2")
    assert code == 0
    assert "compared 1 of 14 state fields: phase" in out and "not compared:" in out and "turn" in out
    assert "warning: raiders: only 1 of the 14 state fields were compared" in out
    code, out, _ = run_cli("conform", "--impl", adapter("PhaseOnly"), "--game", "raiders", "--games", "2", "--json")
    report = orjson.loads(out)
    assert report["compared_fields"]["raiders"]["compared"] == ["phase"]
    assert "turn" in report["compared_fields"]["raiders"]["not_compared"] and report["warnings"]


def test_conform_on_every_field_says_so() -> None:
    code, out, _ = run_cli("conform", "--impl", MODEL, "--game", "raiders", "--games", "1")
    assert code == 0 and "compared every state field (14)" in out and "warning" not in out


def test_trace_out_after_a_crash_is_not_judged_conform(tmp_path: Path) -> None:
    trace = tmp_path / "crash.jsonl"
    code, out, _ = run_cli("conform", "--impl", adapter("CrashesAt3"), "--game", "raiders", "--games", "1",
                           "--trace-out", str(trace))
    assert code == 2 and "marked incomplete" in out
    head = orjson.loads(trace.read_bytes().splitlines()[0])
    assert "crash" in head["incomplete"]
    code, out, _ = run_cli("verify", "--json", str(trace))
    report = orjson.loads(out)
    assert code == 2 and report["verdict"] == "incomplete" and report["conforming"] == 0
    code, out, _ = run_cli("verify", str(trace))
    assert code == 2 and "incomplete, so it cannot conform" in out


def _vector(tmp_path: Path, rs: Raiders, action: dict) -> Path:
    v = make_vector(rs, rs.initial_state(), rs.decode_action(action))
    return v.write(tmp_path / "vectors")


def test_a_vector_whose_post_json_was_edited_is_malformed(tmp_path: Path, rs: Raiders) -> None:
    case = _vector(tmp_path, rs, {"kind": "coin-toss", "winner": 0})
    assert run_cli("vectors", "run", str(tmp_path / "vectors"), "--impl", MODEL)[0] == 0
    post = orjson.loads((case / "post.json").read_bytes())
    post["turn"] = post["turn"] + 5
    (case / "post.json").write_bytes(orjson.dumps(post))
    code, out, err = run_cli("vectors", "run", str(tmp_path / "vectors"), "--impl", MODEL)
    assert code == 2 and "post.json: the case disagrees with the model" in err and "1 malformed" in out


def test_a_vector_whose_error_json_was_edited_is_malformed(tmp_path: Path, rs: Raiders) -> None:
    case = _vector(tmp_path, rs, {"kind": "coin-toss", "winner": 0})
    (case / "post.json").unlink()
    manifest = orjson.loads((case / "manifest.json").read_bytes())
    (case / "manifest.json").write_bytes(orjson.dumps({**manifest, "expected": "error"}))
    (case / "error.json").write_bytes(orjson.dumps({"rule": "raiders.object.game-ends-on-escape"}))
    code, _, err = run_cli("vectors", "run", str(tmp_path / "vectors"), "--impl", MODEL)
    assert code == 2 and "error.json: the case disagrees with the model" in err


def test_vectors_run_with_nothing_to_run_is_not_a_pass(tmp_path: Path, rs: Raiders) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    code, _, err = run_cli("vectors", "run", str(empty), "--impl", MODEL)
    assert code == 2 and "nothing to check" in err
    (empty / "notes.txt").write_text("no manifests here")
    assert run_cli("vectors", "run", str(empty), "--impl", MODEL)[0] == 2
    _vector(tmp_path, rs, {"kind": "coin-toss", "winner": 0})
    code, _, err = run_cli("vectors", "run", str(tmp_path / "vectors"), "--impl", MODEL, "--game", "nosuch")
    assert code == 2 and "nosuch" in err
    code, _, err = run_cli("vectors", "run", str(tmp_path / "vectors"), "--impl", MODEL, "--game", "tomb")
    assert code == 2 and "no case of game 'tomb'" in err

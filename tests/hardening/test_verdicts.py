"""Issue 13, wrong verdicts: nothing checked is never a pass; validation does not depend on earlier
lines; header and line mistakes are clear errors; a move after the game ends cites the rule that ended it."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from tombspec.checks.oracle.trace import header
from tombspec.model import codec
from tombspec.model.raiders import Raiders

from .conftest import put, rows, run_cli


@pytest.mark.parametrize("content", [b"", b"\n\n  \n"], ids=["empty", "blank"])
def test_a_trace_holding_no_game_is_not_a_pass(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "t.jsonl"
    path.write_bytes(content)
    code, out, err = run_cli("verify", str(path))
    assert code == 2 and "nothing to check" in err
    code, out, _ = run_cli("verify", "--json", str(path))
    assert code == 2 and orjson.loads(out)["verdict"] == "malformed"


def test_empty_stdin_is_not_a_pass() -> None:
    code, _, err = run_cli("verify", "-", input=b"")
    assert code == 2 and "<stdin>" in err and "nothing to check" in err


def test_the_action_cache_tells_true_from_1(tmp_path: Path, rs: Raiders) -> None:
    good = [header(rs), {"action": {"kind": "coin-toss", "winner": 1}}]
    bad = [header(rs), {"action": {"kind": "coin-toss", "winner": True}}]
    alone = run_cli("verify", str(put(tmp_path / "alone.jsonl", orjson.loads(orjson.dumps(bad)))))
    after = run_cli("verify", str(put(tmp_path / "after.jsonl", orjson.loads(orjson.dumps(good + bad)))))
    assert alone[0] == 2
    assert after[0] == 2, after


def test_the_fast_path_refuses_a_null_digest_and_player(tmp_path: Path, raiders_trace: Path) -> None:
    lines = rows(raiders_trace)
    for key in ("digest", "player"):
        bad = [dict(x) for x in lines]
        bad[1] = {**bad[1], key: None}
        code, _, err = run_cli("verify", str(put(tmp_path / f"{key}.jsonl", bad)))
        assert code == 2 and ":2:" in err, (key, err)


def test_an_integer_field_claimed_as_a_float_differs(tmp_path: Path, rs: Raiders) -> None:
    state = rs.initial_state()
    data = orjson.loads(orjson.dumps(rs.encode_state(state)))
    assert type(data["turn"]) is int
    claim = dict(data, turn=float(data["turn"]))
    head = orjson.loads(orjson.dumps(header(rs)))
    ok = run_cli("verify", str(put(tmp_path / "ok.jsonl", [dict(head, claim={"state": data})])))
    bad = run_cli("verify", str(put(tmp_path / "bad.jsonl", [dict(head, claim={"state": claim})])))
    assert ok[0] == 0
    assert bad[0] == 1 and "turn" in bad[1]


def test_an_unknown_header_key_is_refused(tmp_path: Path, raiders_trace: Path) -> None:
    lines = rows(raiders_trace)
    typo = dict(lines[0])
    typo["option"] = typo.pop("options")
    code, _, err = run_cli("verify", str(put(tmp_path / "t.jsonl", [typo] + lines[1:])))
    assert code == 2 and "option" in err and ":1:" in err
    meta = dict(lines[0], **{"x-recorder": "my app"})
    assert run_cli("verify", str(put(tmp_path / "m.jsonl", [meta] + lines[1:])))[0] == 0


def test_a_line_both_header_and_action_is_refused(tmp_path: Path, raiders_trace: Path) -> None:
    lines = rows(raiders_trace)
    both = dict(lines[0], action=lines[1]["action"])
    code, _, err = run_cli("verify", str(put(tmp_path / "t.jsonl", [both] + lines[1:])))
    assert code == 2 and "not both" in err


@pytest.mark.parametrize("line", [
    b'{"action": {"kind": "coin-toss", "winner": 0}, "digest": "%s", "digest": "%s"}',
    b'{"action": {"kind": "coin-toss", "winner": 7, "winner": 0}}',
], ids=["top-level", "in-the-action"])
def test_a_duplicate_key_is_refused(tmp_path: Path, raiders_trace: Path, line: bytes) -> None:
    lines = raiders_trace.read_bytes().splitlines()
    digest = orjson.loads(lines[1]).get("digest", "0" * 64).encode()
    if b"%s" in line:
        line = line % (b"f" * 64, digest)
    path = tmp_path / "t.jsonl"
    path.write_bytes(b"\n".join([lines[0], line] + lines[2:]) + b"\n")
    code, _, err = run_cli("verify", str(path))
    assert code == 2 and "appears twice" in err and ":2:" in err


def _a_repeated_action(lines: list[bytes]) -> int:
    """The index of the first action line whose action an earlier line made (decoded, and so cached)."""
    seen = set()
    for i, raw in enumerate(lines[1:], 1):
        action = orjson.dumps(orjson.loads(raw)["action"])
        if action in seen:
            return i
        seen.add(action)
    raise AssertionError("no action repeats in the trace")


@pytest.mark.parametrize("fault", ["duplicate-digest", "duplicate-in-action", "upper-case-digest",
                                   "player-true"])
def test_a_line_with_a_cached_action_is_judged_as_any_other(tmp_path: Path, raiders_trace: Path,
                                                            fault: str) -> None:
    """verify settles an accepted line whose action it has decoded before at once; a fault in such a
    line is still found, and reported as on the line of an action met for the first time."""
    lines = raiders_trace.read_bytes().splitlines()
    i = _a_repeated_action(lines)
    obj = orjson.loads(lines[i])
    action = orjson.dumps(obj["action"])[1:-1]
    digest = obj["digest"].encode()
    line = {
        "duplicate-digest": b'{"action": {%s}, "digest": "%s", "digest": "%s"}' % (action, b"f" * 64, digest),
        "duplicate-in-action": b'{"action": {%s, %s}, "digest": "%s"}' % (action, action.split(b",")[-1] if
                                                                        b"," in action else action, digest),
        "upper-case-digest": b'{"action": {%s}, "digest": "%s"}' % (action, digest.upper()),
        "player-true": b'{"action": {%s}, "player": true, "digest": "%s"}' % (action, digest),
    }[fault]
    assert orjson.loads(line)["action"] == obj["action"] or fault == "duplicate-in-action"
    path = tmp_path / "t.jsonl"
    path.write_bytes(b"\n".join([*lines[:i], line, *lines[i + 1:]]) + b"\n")
    code, _, err = run_cli("verify", str(path))
    assert code == 2 and f":{i + 1}:" in err, (fault, err)
    if fault.startswith("duplicate"):
        assert "appears twice" in err


def test_a_header_duplicate_key_is_refused(tmp_path: Path, raiders_trace: Path) -> None:
    lines = raiders_trace.read_bytes().splitlines()
    head = lines[0][:-1] + b', "game": "raiders"}'
    path = tmp_path / "t.jsonl"
    path.write_bytes(b"\n".join([head] + lines[1:]) + b"\n")
    code, _, err = run_cli("verify", str(path))
    assert code == 2 and "'game' appears twice" in err


def test_a_move_after_a_sealed_game_cites_the_sealing_rule(tmp_path: Path, sealed_game: list) -> None:
    path = put(tmp_path / "t.jsonl", sealed_game + [{"action": {"kind": "rest"}, "player": 0}])
    code, out, _ = run_cli("verify", "--json", str(path))
    report = orjson.loads(out)
    assert code == 1, report
    (d,) = report["divergences"]
    assert d["rule"] == "raiders.boss.seals-tomb" and d["step"] == len(sealed_game)


def test_a_whole_game_still_conforms(raiders_trace: Path) -> None:
    code, out, _ = run_cli("verify", "--json", str(raiders_trace))
    assert code == 0 and orjson.loads(out)["conforming"] == 1


def test_a_digest_claim_is_still_checked(tmp_path: Path, raiders_trace: Path, rs: Raiders) -> None:
    lines = rows(raiders_trace)
    lines[3] = {**lines[3], "digest": codec.digest(rs.initial_state())}
    code, out, _ = run_cli("verify", "--json", str(put(tmp_path / "t.jsonl", lines)))
    assert code == 1 and orjson.loads(out)["divergences"][0]["line"] == 4

"""tombspec verify: the model's own traces conform; broken ones are rejected naming the rule or the fields."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import orjson
import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator

from tombspec.checks.oracle import schema
from tombspec.checks.cli import main
from tombspec.checks.explore import explore
from tombspec.checks.oracle.trace import TraceWriter, header
from tombspec.checks.oracle.verify import verify
from tombspec.model import codec
from tombspec.model.options import unsettled
from tombspec.model.raiders import Raiders, RaidersOptions
from tombspec.model.raiders.actions import Rest
from tombspec.spec import load_catalog


def write_trace(path: Path, rs: Raiders, games: int, seed: int = 0, claim: str = "digest") -> Path:
    with open(path, "wb") as out:
        explore(rs, games, seed, writer=TraceWriter(out, claim))
    return path


def lines(path: Path) -> list[dict]:
    return [orjson.loads(x) for x in path.read_bytes().splitlines() if x.strip()]


def put(path: Path, rows: list[dict]) -> Path:
    path.write_bytes(b"".join(orjson.dumps(r, option=orjson.OPT_APPEND_NEWLINE) for r in rows))
    return path


def run_cli(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), \
        f"{result.exception!r}\n{result.output}"
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def rs() -> Raiders:
    return Raiders()


def test_the_schemas_are_valid_json_schemas(rs: Raiders) -> None:
    for s in schema.ALL.values():
        Draft202012Validator.check_schema(s)
    for s in schema.game_schemas(rs).values():
        Draft202012Validator.check_schema(s)


def test_the_game_schemas_accept_every_state_and_action_of_a_game(rs: Raiders, tmp_path: Path) -> None:
    schemas = schema.game_schemas(rs)
    state_v, action_v = (Draft202012Validator(schemas[k]) for k in ("state", "action"))
    rows = [r for r in lines(write_trace(tmp_path / "t.jsonl", rs, 2, claim="state")) if "action" in r]
    assert rows
    for row in rows:
        assert not list(state_v.iter_errors(row["state"]))
        assert not list(action_v.iter_errors(row["action"]))
    assert list(state_v.iter_errors({"phase": "action"}))  # incomplete: rejected


@pytest.mark.parametrize("claim", ["digest", "state", "none"])
def test_the_models_own_traces_conform(rs: Raiders, tmp_path: Path, claim: str) -> None:
    path = write_trace(tmp_path / "t.jsonl", rs, 6, seed=3, claim=claim)
    report = verify([path])
    assert report.exit_code == 0, [d.describe() for d in report.divergences] + report.malformed
    assert report.games == 6 and report.conforming == 6
    assert report.steps == len(lines(path)) - 6


def test_projections_are_compared_field_by_field(rs: Raiders, tmp_path: Path) -> None:
    rows = lines(write_trace(tmp_path / "t.jsonl", rs, 1, claim="state"))
    for row in rows[1:]:
        full = row.pop("state")
        row["project"] = {"phase": full["phase"], "raiders": full["raiders"]}
    assert verify([put(tmp_path / "p.jsonl", rows)]).exit_code == 0
    rows[5]["project"]["raiders"][0]["audacity"] += 1
    report = verify([put(tmp_path / "p.jsonl", rows)])
    assert report.exit_code == 1
    d = report.divergences[0]
    assert (d.line, d.kind) == (6, "state")
    assert [f.path for f in d.fields] == ["raiders[0].audacity"]


def test_a_projection_of_an_unknown_field_is_malformed(rs: Raiders, tmp_path: Path) -> None:
    rows = lines(write_trace(tmp_path / "t.jsonl", rs, 1))
    rows[3] = {"action": rows[3]["action"], "project": {"treasure": 1}}
    report = verify([put(tmp_path / "p.jsonl", rows)])
    assert report.exit_code == 2 and "p.jsonl:4:" in report.malformed[0] and "treasure" in report.malformed[0]


def test_a_wrong_state_claim_names_the_fields_claimed_and_expected(rs: Raiders, tmp_path: Path) -> None:
    rows = lines(write_trace(tmp_path / "t.jsonl", rs, 2, claim="state"))
    rows[8]["state"]["raiders"][1]["pennies"] = 9
    report = verify([put(tmp_path / "b.jsonl", rows)])
    assert report.exit_code == 1 and report.conforming == 1
    d = report.divergences[0]
    assert (d.source, d.line, d.game, d.step) == (str(tmp_path / "b.jsonl"), 9, 1, 8)
    assert [(f.path, f.claimed) for f in d.fields] == [("raiders[1].pennies", 9)]
    assert d.fields[0].expected == rows[7]["state"]["raiders"][1]["pennies"] or d.fields[0].expected != 9
    assert d.exercised  # the rules the step exercises point at what the claim got wrong


def test_a_state_divergence_says_what_the_step_did_to_each_differing_field(rs: Raiders, tmp_path: Path) -> None:
    """Each differing field is told apart: set by a rule's function (its ids), or left unchanged by
    the model's step, so the report points at the rule to read instead of every rule the step ran."""
    from tombspec.checks.oracle.verify import UNCHANGED, set_by
    from tombspec.model.raiders.actions import MoveTo
    from tombspec.model.traceability import IMPLEMENTS

    rows = lines(write_trace(tmp_path / "t.jsonl", rs, 3, claim="state"))
    at = next(i for i, r in enumerate(rows) if r.get("action", {}).get("kind") == "move-to" and i > 1)
    before, after = rows[at - 1]["state"], rows[at]["state"]
    mover = rows[at]["player"]
    assert before["raiders"][mover]["position"] != after["raiders"][mover]["position"]
    other = 1 - mover
    rows[at]["state"]["raiders"][mover]["position"] = before["raiders"][mover]["position"]   # did not move
    rows[at]["state"]["raiders"][other]["portal_used"] = not after["raiders"][other]["portal_used"]
    report = verify([put(tmp_path / "b.jsonl", rows)])
    d = report.divergences[0]
    assert d.kind == "state" and isinstance(d.action, dict) and rs.decode_action(d.action).__class__ is MoveTo
    moved = d.set_by[f"raiders[{mover}].position"]
    assert moved != UNCHANGED and "raiders.encounter.optional-entry" in moved
    assert all(r in IMPLEMENTS for r in moved)
    assert d.set_by[f"raiders[{other}].portal_used"] == UNCHANGED
    text = d.describe()
    assert "(the model's step leaves it unchanged)" in text and "rules this step exercises" not in text
    assert d.to_json()["set_by"] == d.set_by
    # with no paths: every path the step changes, and only those
    state = rs.decode_state(before)
    changes = set_by(rs, state, rs.decode_action(rows[at]["action"]), mover)
    assert f"raiders[{mover}].position" in changes and UNCHANGED not in changes.values()


def test_a_wrong_digest_says_what_the_step_changes(rs: Raiders, tmp_path: Path) -> None:
    rows = lines(write_trace(tmp_path / "t.jsonl", rs, 1))
    rows[4]["digest"] = "0" * 64
    d = verify([put(tmp_path / "d.jsonl", rows)]).divergences[0]
    assert d.set_by and "what the model's step changes" in d.describe()


def test_a_wrong_digest_is_a_divergence(rs: Raiders, tmp_path: Path) -> None:
    rows = lines(write_trace(tmp_path / "t.jsonl", rs, 1))
    rows[4]["digest"] = "0" * 64
    report = verify([put(tmp_path / "d.jsonl", rows)])
    assert report.exit_code == 1
    assert report.divergences[0].line == 5 and report.divergences[0].fields[0].path == "digest"


def test_an_action_that_breaks_a_rule_is_reported_with_its_id_and_quote(rs: Raiders, tmp_path: Path) -> None:
    """Rest right after gaining the Grail: its penny is not 'lost', so there is nothing to re-gain."""
    state = rs.initial_state()
    toss = rs.chance_outcomes(state)[0][0]
    state = rs.step(state, toss)
    assert state.grail == state.current and state.raider(state.current).pennies == 5
    rows = [header(rs), {"action": rs.encode_action(toss), "digest": codec.digest(state)},
            {"action": {"kind": "prepare"}}, {"action": rs.encode_action(Rest())}]
    rows[2], rows[3] = rows[3], rows[2]
    report = verify([put(tmp_path / "r.jsonl", rows)])
    assert report.exit_code == 1
    d = report.divergences[0]
    assert (d.line, d.kind, d.rule) == (3, "rejected", "raiders.rest.regain-penny")
    assert d.text["quote"] == load_catalog("raiders").rule("raiders.rest.regain-penny").quote
    assert "raiders.rest.regain-penny" in d.describe() and d.text["quote"][:30] in d.describe()


def test_a_claimed_refusal_is_checked_too(rs: Raiders, tmp_path: Path) -> None:
    s = rs.step(rs.initial_state(), rs.chance_outcomes(rs.initial_state())[0][0])
    rows = [header(rs), {"action": rs.encode_action(rs.chance_outcomes(rs.initial_state())[0][0])},
            {"action": {"kind": "stay"}, "error": {"rule": "raiders.move.roll"}, "digest": codec.digest(s)}]
    assert verify([put(tmp_path / "e.jsonl", rows)]).exit_code == 0
    rows[2]["error"]["rule"] = "raiders.move.number-match"
    d = verify([put(tmp_path / "e.jsonl", rows)]).divergences[0]
    assert (d.kind, d.rule, d.claimed_rule) == ("wrong-rule", "raiders.move.roll", "raiders.move.number-match")
    rows[2] = {"action": {"kind": "move"}, "error": {"rule": "raiders.move.roll"}}
    d = verify([put(tmp_path / "e.jsonl", rows)]).divergences[0]
    assert (d.kind, d.claimed_rule) == ("accepted", "raiders.move.roll")


def test_several_games_in_one_file_each_report_their_first_divergence(rs: Raiders, tmp_path: Path) -> None:
    rows = lines(write_trace(tmp_path / "t.jsonl", rs, 4, claim="state"))
    starts = [i for i, r in enumerate(rows) if "trace" in r]
    for g in (1, 3):
        rows[starts[g] + 3]["state"]["turn"] += 100
        rows[starts[g] + 5]["state"]["turn"] += 100  # a second slip in the same game is not reported
    report = verify([put(tmp_path / "m.jsonl", rows)])
    assert [(d.game, d.line) for d in report.divergences] == [(2, starts[1] + 4), (4, starts[3] + 4)]
    assert report.conforming == 2 and report.games == 4


def test_an_open_question_is_reported_as_unspecified_naming_the_ambiguity(tmp_path: Path) -> None:
    rs = Raiders(options=unsettled(RaidersOptions))
    settled = Raiders()
    rng = random.Random(0)
    rows = [header(rs)]
    state = settled.initial_state()
    # Play the settled model until the unsettled one meets an open question.
    for _ in range(5000):
        outcomes = settled.chance_outcomes(state)
        action = outcomes[rng.randrange(len(outcomes))][0] if outcomes else rng.choice(settled.legal_actions(state))
        rows.append({"action": settled.encode_action(action)})
        try:
            rs.step(state, action)
        except Exception:
            break
        state = settled.step(state, action)
    report = verify([put(tmp_path / "u.jsonl", rows)])
    assert report.exit_code == 0 and not report.divergences
    (d,) = report.unspecified
    amb = load_catalog("raiders").ambiguity(d.rule)
    assert d.text["question"] == amb.question and d.line == len(rows)
    assert "option" in d.message
    assert verify([tmp_path / "u.jsonl"], strict=True).exit_code == 1


def test_the_cli_exit_codes_and_json(rs: Raiders, tmp_path: Path) -> None:
    good = write_trace(tmp_path / "g.jsonl", rs, 2)
    code, out, _ = run_cli("verify", str(good), "--json")
    assert code == 0 and orjson.loads(out)["verdict"] == "conform"
    rows = lines(good)
    rows[2]["digest"] = "f" * 64
    code, out, _ = run_cli("verify", str(put(tmp_path / "b.jsonl", rows)))
    assert code == 1 and "b.jsonl:3:" in out
    (tmp_path / "x.jsonl").write_text('{"trace": "tombspec", "version": 1, "game": "raiders"}\nnot json\n')
    code, out, err = run_cli("verify", str(tmp_path / "x.jsonl"))
    assert code == 2 and "x.jsonl:2: not valid JSON" in err and "Traceback" not in out + err
    code, _, err = run_cli("verify", str(tmp_path / "missing.jsonl"))
    assert code == 2 and "missing.jsonl" in err


def test_malformed_lines_name_the_file_line_and_problem(rs: Raiders, tmp_path: Path) -> None:
    head = orjson.dumps(header(rs)).decode()
    cases = {
        '{"action": {"kind": "move"}}': (1, "starts with a header"),
        head + '\n{"action": {"kind": "fly"}}': (2, "unknown action kind 'fly'"),
        head + '\n{"action": {"kind": "move"}, "digest": "xyz"}': (2, "digest"),
        head + '\n{"action": {"kind": "move"}, "colour": 1}': (2, "colour"),
        head + '\n[1, 2]': (2, "not an array"),
        head.replace('"version":1', '"version":7'): (1, "version"),
        head.replace('"game":"raiders"', '"game":"chess"'): (1, "chess"),
        head + '\n{"hello": 1}': (2, 'header (with "trace") or an action line'),
    }
    for i, (text, (line, words)) in enumerate(cases.items()):
        path = tmp_path / f"m{i}.jsonl"
        path.write_text(text + "\n")
        report = verify([path])
        assert report.exit_code == 2, text
        assert report.malformed[0].startswith(f"{path}:{line}:") and words in report.malformed[0], \
            (text, report.malformed)


def test_a_header_may_start_from_a_given_state(rs: Raiders, tmp_path: Path) -> None:
    rows = lines(write_trace(tmp_path / "t.jsonl", rs, 1, claim="state"))
    start = rows[10]["state"]
    tail = [{"trace": "tombspec", "version": 1, "game": "raiders", "state": start}] + rows[11:]
    assert verify([put(tmp_path / "s.jsonl", tail)]).exit_code == 0
    broken = dict(start, boss_track=12)
    tail[0]["state"] = broken
    report = verify([put(tmp_path / "s.jsonl", tail)])
    assert report.exit_code == 2 and "raiders.boss.track-start" in report.malformed[0]


def test_itf_export_writes_one_typed_document_per_game(rs: Raiders, tmp_path: Path) -> None:
    path = write_trace(tmp_path / "t.jsonl", rs, 2)
    report = verify([path], itf_dir=tmp_path / "itf")
    assert report.exit_code == 0
    docs = sorted((tmp_path / "itf").glob("*.itf.json"))
    assert [d.name for d in docs] == ["t.1.itf.json", "t.2.itf.json"]
    starts = [i for i, r in enumerate(lines(path)) if "trace" in r] + [len(lines(path))]
    doc = orjson.loads(docs[0].read_bytes())
    assert doc["#meta"]["format"] == "ITF" and doc["vars"][-2:] == ["mbt::actionTaken", "mbt::nondetPicks"]
    assert len(doc["states"]) == starts[1] - starts[0]  # the initial state and one per action
    first, second = doc["states"][0], doc["states"][1]
    assert first["mbt::actionTaken"] == "init" and second["mbt::actionTaken"] == "coin-toss"
    assert first["boss_track"] == {"#bigint": "8"} and first["grail"] == {"tag": "None", "value": {"#tup": []}}
    assert second["grail"]["tag"] == "Some" and "#bigint" in second["grail"]["value"]
    assert "#tup" in first["raiders"] and isinstance(first["effects"], list)
    assert second["mbt::nondetPicks"]["winner"]["tag"] == "Some"
    assert all(s["#meta"]["index"] == i for i, s in enumerate(doc["states"]))


def test_lists_of_other_lengths_are_shown_where_they_part() -> None:
    """A list field that grew or shrank is shown whole, then at its first differing element down to the
    leaves, so that a long list's difference is not lost in a truncated line (Egypt's ``piles``)."""
    from tombspec.checks.oracle.trace import FieldDiff, diff

    claimed = {"piles": [{"space": "0,0", "tokens": [1, 2]}, {"space": "1,0", "tokens": [3]}]}
    model = {"piles": [{"space": "0,0", "tokens": [1, 2]}, {"space": "0,1", "tokens": [5]},
                       {"space": "1,0", "tokens": [3]}]}
    found = [(d.path, d.claimed, d.expected) for d in diff(claimed, model)]
    assert found == [("piles", claimed["piles"], model["piles"]), ("piles[1].space", "1,0", "0,1"),
                     ("piles[1].tokens[0]", 3, 5)]
    assert [(d.path, d.claimed, d.expected) for d in diff({"a": [1]}, {"a": [1, 2]})] == \
        [("a", [1], [1, 2]), ("a[1]", FieldDiff.MISSING, 2)]
    assert [(d.path, d.claimed, d.expected) for d in diff({"a": [1, 2]}, {"a": [1]})][1] == ("a[1]", 2, FieldDiff.MISSING)


@pytest.mark.parametrize("claimed, expected, paths", [
    ({"a": 1, "b": [1, {"c": None}]}, {"b": [1, {"c": None}], "a": 1}, []),   # keys in another order: the same
    ({"a": True}, {"a": 1}, ["a"]),            # equal in Python, not the same JSON value
    ({"a": [0]}, {"a": [False]}, ["a[0]"]),
    ({"a": 2.0}, {"a": 2}, ["a"]),             # an integer field claimed as a float
    ({"a": 2}, {"a": 2.0}, []),                # a float the model holds, claimed as an equal integer
    ({"a": "1"}, {"a": 1}, ["a"]),
    ({1: "x"}, {1: "x"}, []),                  # a key no JSON writer takes: compared field by field
    ({1: "x"}, {1: "y"}, ["1"]),
])
def test_a_state_the_same_in_its_bytes_has_no_difference_and_any_other_is_told_field_by_field(
        claimed: Any, expected: Any, paths: list[str]) -> None:
    """``diff``'s fast path (the canonical bytes of both, equal: no difference) answers what the field by
    field comparison answers: the same value type for type, whatever the order of the keys."""
    from tombspec.checks.oracle.trace import diff

    assert [d.path for d in diff(claimed, expected)] == paths

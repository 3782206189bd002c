"""The versioned contract (issue 28, DESIGN.md contract 8): every game's protocol surface is a recorded
version, a change of it without a new version fails here, and an implementation that speaks an older
version is sent that version's options, compared on its fields, and told what changed."""

from __future__ import annotations

import copy
from pathlib import Path

import orjson
import pytest

from tombspec.checks.oracle import protocol
from tombspec.checks.oracle.conform import InProcess, ModelAdapter, ProcessImplementation, conform
from tombspec.model.registry import registered_games

GAMES = sorted(registered_games())


@pytest.mark.parametrize("game", GAMES)
def test_the_model_speaks_a_recorded_version(game: str) -> None:
    """The surface now is the latest recorded version's: a change of a state field, an action, an
    option or a refusal rule without a new version (python -m tombspec.checks.oracle.protocol record)
    fails here."""
    history = protocol.versions(game)
    assert history, f"{game} has no recorded protocol version"
    assert protocol.current_version(game) == history[-1]["version"]
    assert history[-1]["surface"] == orjson.loads(orjson.dumps(protocol.current_surface(game)))


def test_a_new_state_field_without_a_new_version_is_drift(monkeypatch: pytest.MonkeyPatch) -> None:
    changed = copy.deepcopy(protocol.current_surface("raiders"))
    changed["state"]["$defs"]["RaidersState"]["properties"]["pullers"] = {"type": "array"}
    monkeypatch.setattr(protocol, "current_surface", lambda game: changed)
    monkeypatch.setattr(protocol, "protocol_version", protocol.protocol_version.__wrapped__)
    with pytest.raises(protocol.ProtocolDrift, match="record"):
        protocol.current_version("raiders")
    assert "state: RaidersState.pullers is new" in protocol.changes_between(
        protocol.versions("raiders")[-1]["surface"], changed)


def test_changes_between_names_every_kind_of_change() -> None:
    old = copy.deepcopy(protocol.versions("raiders")[-1]["surface"])
    new = copy.deepcopy(old)
    del new["state"]["$defs"]["RaidersState"]["properties"]["boss"]
    new["options"]["brand_new"] = {"default": "a", "settles": "raiders.ambiguity.x", "readings": ["a", "b"]}
    new["options"]["penny_cap"]["default"] = "no-cap"
    new["refusals"] = [*new["refusals"], "raiders.x.y"]
    new["options"]["seat_count"] = {"default": None}                            # a setting, no reading
    reordered = copy.deepcopy(new["options"]["ahead_behind"])                  # readings reordered only
    reordered["readings"] = reordered["readings"][::-1]
    new["options"]["ahead_behind"] = reordered
    lines = protocol.changes_between(old, new)
    assert "option seat_count is new (a setting; default null)" in lines
    assert not any("ahead_behind" in line for line in lines)
    assert "state: RaidersState.boss is gone" in lines
    assert any(line.startswith("option brand_new is new") and '"a"' in line for line in lines)
    assert any("penny_cap: the default is now" in line for line in lines)
    assert "refusals may now name raiders.x.y" in lines


@pytest.fixture
def two_versions(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """Raiders with a made-up version 1 that lacked the option useless_audacity and the state field
    toss_winner; today's surface is version 2."""
    now = protocol.versions("raiders")[-1]
    old = copy.deepcopy(now["surface"])
    del old["options"]["useless_audacity"]
    del old["state"]["$defs"]["RaidersState"]["properties"]["toss_winner"]
    data = {"game": "raiders", "versions": [
        {"version": 1, "date": "2026-01-01", "changes": "the first", "fingerprint": protocol.fingerprint(old),
         "surface": old},
        {**now, "version": 2, "changes": "useless_audacity and toss_winner added"}]}
    (tmp_path / "raiders.json").write_bytes(orjson.dumps(data))
    monkeypatch.setattr(protocol, "FOLDER", tmp_path)
    protocol.protocol_version.cache_clear()
    yield "raiders"
    protocol.protocol_version.cache_clear()


def test_an_implementation_of_an_older_version_is_sent_its_options_and_told_what_changed(two_versions: str) -> None:
    seen: list[dict] = []

    class Old(ModelAdapter):
        def reset(self, game, options, board, state=None):  # noqa: ANN001, ANN201
            seen.append(dict(options or {}))
            answer = super().reset(game, options, board, state)
            answer["state"].pop("toss_winner")            # version 1 has no such field
            return answer

        def step(self, action, player=None):  # noqa: ANN001, ANN201
            answer = super().step(action, player)
            answer["state"].pop("toss_winner")
            return answer

    report = conform(InProcess(Old()), ["raiders"], games=3, seed=0, protocol=1)
    assert report.failure is None and report.games == 3
    assert seen and all("useless_audacity" not in o for o in seen) and "penny_cap" in seen[0]
    p = report.protocol["raiders"]
    assert (p["model"], p["implementation"]) == (2, 1)
    assert "option useless_audacity is new" in " ".join(p["changed_since"])
    assert "state: RaidersState.toss_winner is new" in p["changed_since"]
    assert "the implementation 1; changed since" in report.describe()
    # without --protocol, the missing field is a divergence
    assert conform(InProcess(Old()), ["raiders"], games=1, seed=0).failure is not None


def test_declining_the_options_is_told_which_are_new(two_versions: str, tmp_path: Path) -> None:
    """An implementation of version 1 that declines options it does not know (code 3) is told which
    options are new since its version and their defaults, instead of the run ending unexplained."""
    script = tmp_path / "picky.py"
    script.write_text(
        "import json, sys\n"
        "for raw in sys.stdin:\n"
        "    m = json.loads(raw)\n"
        "    if m.get('method') == 'shutdown': break\n"
        "    print(json.dumps({'jsonrpc': '2.0', 'id': m['id'], 'error': {'code': 3, 'message': "
        "'unknown option useless_audacity'}}), flush=True)\n")
    import sys

    with ProcessImplementation([sys.executable, str(script)], timeout=20) as impl:
        report = conform(impl, ["raiders"], games=1, seed=0, protocol=1)
    assert "useless_audacity (default \"allowed\")" in report.unsupported["raiders"]


def test_the_protocol_version_is_said_everywhere(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from tombspec.checks.cli import main

    now = protocol.current_version("raiders")
    runner = CliRunner()
    out = runner.invoke(main, ["trace", "schema", "--game", "raiders"]).stdout
    assert orjson.loads(out)["protocol"] == now
    trace = tmp_path / "t.jsonl"
    runner.invoke(main, ["explore", "raiders", "--games", "1", "--trace", str(trace), "--workers", "1"])
    assert orjson.loads(trace.read_bytes().splitlines()[0])["protocol"] == now
    result = runner.invoke(main, ["protocol", "raiders", "--json"])
    assert orjson.loads(result.stdout)["current"] == now


def test_verify_notes_a_trace_speaking_another_protocol_version(tmp_path: Path) -> None:
    """A trace's header says which version it speaks: the newest (the model's) gets no note, an older one
    a note with what changed since, a newer one a note that unknown fields are refused; once per file."""
    import random

    from tombspec.checks.oracle.verify import verify
    from tombspec.model import codec
    from tombspec.model.play import playout
    from tombspec.model.registry import get_ruleset

    now = protocol.current_version("raiders")
    assert now == protocol.newest_version("raiders") and now > 1
    rs = get_ruleset("raiders")
    steps = [orjson.dumps({"action": codec.to_data(a), **({} if p is None else {"player": p})}).decode()
             for a, p, _ in playout(rs, random.Random(0), max_steps=5)]
    notes = {}
    for said in (now, 1, now + 1):
        trace = tmp_path / f"t{said}.jsonl"
        header = orjson.dumps({"trace": "tombspec", "version": 1, "game": "raiders", "protocol": said}).decode()
        trace.write_text("\n".join([header, *steps, header, *steps]) + "\n")
        report = verify([str(trace)])
        assert report.games == 2 and not report.divergences and not report.malformed
        notes[said] = report.protocol_notes
    assert notes[now] == []
    assert len(notes[1]) == 1 and f"protocol version 1; this model speaks {now}, which changed" in notes[1][0]
    assert len(notes[now + 1]) == 1 and "newer than this tombspec's" in notes[now + 1][0]

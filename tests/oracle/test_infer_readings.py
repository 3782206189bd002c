"""Divergences explained by readings (issue 28): a conforming implementation with one reading changed is
diagnosed to exactly that reading, in every game; a divergence no reading explains is said to be one."""

from __future__ import annotations

import pytest

from pathlib import Path

from tombspec.checks.oracle.conform import InProcess, ModelAdapter, conform, infer_readings, load_adapter

pytestmark = pytest.mark.long(seconds=30)   # scheduling only (tests/conftest.py)

SEEDED = Path(__file__).resolve().parents[2] / "examples" / "raiders-python" / "seeded_bugs.py"

#: per game: a reading the default games reach whose change shows within a few games
CHANGED = {
    "raiders": ("useless_audacity", "refused", 20),
    "secrets": ("action_effect", "extra-action", 5),
    "tomb": ("crypt_filling", "single-round", 3),
    "cryptmaster": ("after_raid", "on-door", 3),
    "egypt": ("after_combat", "items-still", 5),
}


def _reads(option: str, reading: str) -> InProcess:
    return InProcess(type("ReadsOtherwise", (ModelAdapter,), {"readings": {option: reading}})())


@pytest.mark.parametrize("game", sorted(CHANGED))
def test_one_reading_changed_is_diagnosed_to_exactly_that_reading(game: str) -> None:
    option, reading, games = CHANGED[game]
    report = conform(_reads(option, reading), [game], games=games, seed=0, shrink=False)
    assert report.failure is not None and [r[::2] for r in report.failure.readings] == [(option, reading)]
    assert f"as {reading}" in report.describe()
    profile = infer_readings(_reads(option, reading), game, games=games, seed=0, consistency=False)
    assert [(o, r) for o, _, r, _ in profile.settled] == [(option, reading)]
    assert profile.final is not None and profile.final.failure is None and profile.exit_code() == 0


def test_the_profile_rules_out_the_other_reading_with_the_game_that_did() -> None:
    profile = infer_readings(_reads("useless_audacity", "refused"), "raiders", games=20, seed=0)
    row = next(r for r in profile.rows if r.option == "useless_audacity")
    assert row.consistent == ["refused"] and list(row.ruled_out) == ["allowed"]
    assert "game 0" in row.ruled_out["allowed"]
    data = profile.to_json()
    assert data["options"] == {"useless_audacity": "refused"} and data["profile"]


def test_a_divergence_no_reading_explains_is_said_to_be_one() -> None:
    bug = load_adapter(f"python:{SEEDED}:TiesToAttacker")        # a rule broken, not a reading
    report = conform(bug, ["raiders"], games=60, seed=0, shrink=False)
    assert report.failure is not None and report.failure.readings == []
    assert "no other reading" in report.describe()
    profile = infer_readings(bug, "raiders", games=60, seed=0, consistency=False)
    assert profile.unexplained is not None and profile.exit_code() == 1


def test_verify_names_the_reading_a_trace_was_played_under(tmp_path) -> None:  # noqa: ANN001
    """A trace played under another reading, its header claiming the defaults: verify's divergence names
    the reading that gives what it claims."""
    import orjson

    from tombspec.checks.explore import explore
    from tombspec.checks.oracle.trace import TraceWriter
    from tombspec.checks.oracle.verify import verify
    from tombspec.model.raiders import Raiders

    played = tmp_path / "played.jsonl"
    with open(played, "wb") as out:
        explore(Raiders({"useless_audacity": "refused"}), 20, 1, writer=TraceWriter(out, "digest"))
    lines = played.read_bytes().splitlines()
    forged = []
    for raw in lines:
        line = orjson.loads(raw)
        if "trace" in line:
            line["options"] = {k: v for k, v in line["options"].items() if k != "useless_audacity"}
        forged.append(orjson.dumps(line))
    (tmp_path / "forged.jsonl").write_bytes(b"\n".join(forged) + b"\n")
    report = verify([tmp_path / "forged.jsonl"])
    assert report.exit_code == 1 and report.divergences
    d = report.divergences[0]
    assert [(o, r) for o, _, r in d.readings] == [("useless_audacity", "refused")]
    assert "reads raiders.ambiguity.useless-audacity as refused" in d.describe()

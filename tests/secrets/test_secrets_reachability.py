"""Reachability on the Tomb's tile graph (checks/games/secrets/reachability.py) and the limits over the states
the model reaches (checks/games/secrets/reached.py): must-find and must-not-find cases on hand-built
layouts and planted states, and short real runs."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

from secrets_helpers import place, two
from tombspec.checks.games import game_checks
from tombspec.checks.games.secrets import reachability as R
from tombspec.checks.games.secrets import reached as L
from tombspec.checks.proofs.constraints import HOLDS, VIOLATED
from tombspec.model.play import next_move
from tombspec.model.secrets.rules.creatures import new_creature
from tombspec.model.secrets.rules.engine import KINDS
from tombspec.model.secrets.state import Task
from tombspec.spec import load_catalog

WHERE = {"config": 0, "board": "core", "options": {}, "policy": "planted", "seed": "0:0", "step": 0}


@cache
def limits() -> L.Limits:
    return L.limits_of(load_catalog("secrets"))


def level_3_behind_a_rope(rope: bool = False):
    """Level 2: Pharaoh's Hall, the Hall of Mirrors (red) east of it, the Mine Shaft (a Rope Room) north of
    it; Level 3: the Mongol's Hall and the Abyssal Vault (red) east of it.  Only a rope joins the levels."""
    rs, s = two()
    s = place(s, "Hall of Mirrors", 2, 1, 0)
    s = place(s, "Mine Shaft", 2, 0, -1)
    s = place(s, "Abyssal Vault", 3, 1, 0)
    if rope:
        s = s.with_room("Mine Shaft", rope=True).with_room("Mongol's Hall", rope=True)
    return rs, s


# Reachability ----------------------------------------------------------------------------------------


def test_walking_creatures_cannot_reach_level_3_through_a_rope_but_flying_ones_can() -> None:
    rs, s = level_3_behind_a_rope(rope=True)
    r = R.layout_report(rs, s, "hand-built")
    assert r["spawn_rooms"] == {1: [], 2: ["Hall of Mirrors"], 3: ["Abyssal Vault"]}
    assert r["walking_creatures"]["by_spawn_level"] == {2: [1, 2], 3: [3]}
    assert r["flying_creatures"]["by_spawn_level"] == {2: [1, 2, 3], 3: [1, 2, 3]}
    assert "from L2 levels 1-2" in r["summary"] and "from L2 levels 1-3" in r["summary"]


def test_without_a_rope_no_creature_crosses_to_level_3() -> None:
    rs, s = level_3_behind_a_rope(rope=False)
    r = R.layout_report(rs, s, "hand-built")
    assert r["walking_creatures"]["by_spawn_level"] == r["flying_creatures"]["by_spawn_level"] == {2: [1, 2], 3: [3]}


def test_a_room_with_no_flight_to_the_entrance_is_reported() -> None:
    rs, s = level_3_behind_a_rope(rope=False)
    flee = R.layout_report(rs, s, "hand-built")["flee"]
    assert flee["none"] == ["Mongol's Hall", "Abyssal Vault"]
    assert flee["distance"]["Mine Shaft"] == 3
    assert flee["route"]["Hall of Mirrors"] == ["Hall of Mirrors", "Pharaoh's Hall", "Quetzalcoatl's Descent",
                                                "Tomb's Entrance"]
    assert flee["longest"] == {"room": "Hall of Mirrors", "rooms": 3}


def test_with_the_rope_every_room_has_a_flight() -> None:
    rs, s = level_3_behind_a_rope(rope=True)
    r = R.layout_report(rs, s, "hand-built")
    assert r["flee"]["none"] == [] and "a flight from every room" in r["summary"]
    assert r["flee"]["route"]["Abyssal Vault"] == ["Abyssal Vault", "Mongol's Hall", "Mine Shaft", "Pharaoh's Hall",
                                                   "Quetzalcoatl's Descent", "Tomb's Entrance"]


def test_what_a_rope_opens_placed_or_possible() -> None:
    for rope in (False, True):
        rs, s = level_3_behind_a_rope(rope)
        [entry] = R.layout_report(rs, s, "hand-built")["ropes"]
        assert (entry["room"], entry["placed"]) == ("Mine Shaft", rope)
        assert entry["opens_for_adventurers"] == ["Mongol's Hall", "Abyssal Vault"]
        assert entry["flight_only_through_it"] == ["Mongol's Hall", "Abyssal Vault"]
        assert entry["opens_for_walking_creatures"] == []
        assert set(entry["opens_for_flying_creatures"]) == {r.name for r in s.rooms}   # each spawn room gains the other level


def test_a_room_that_takes_no_rope_is_not_offered_one() -> None:
    rs, s = two()
    s = place(s, "Hall of Mirrors", 2, 1, 0)                 # Level 2, but not a Rope Room
    assert R.layout_report(rs, s, "hand-built")["ropes"] == []


def test_the_shipped_sets_start_and_explored_layouts() -> None:
    out = R.reports()
    boards = [r["board"] for r in out]
    assert "core start (The Pharaoh with the Blue Eyes)" in boards
    assert sum(b.startswith("core seed") for b in boards) == R.GAMES_PER_SET
    for r in out:
        assert r["game"] == "secrets" and r["summary"]
        # Mongol's Hall has no flight to the Entrance unless a rope is placed or a room linking Level 3 to the
        # levels above without a rope (Stairs of Blood: 'you can only move from the Stairs of Blood up to the
        # Sacrificial Chamber') was explored; no shipped game placed a rope
        assert not any(e["placed"] for e in r["ropes"])
        if "Mongol's Hall" not in r["flee"]["none"]:
            assert "Stairs of Blood" in r["flee"]["route"]["Mongol's Hall"], r["board"]
        for lv, levels in r["walking_creatures"]["by_spawn_level"].items():
            assert (3 in levels) == (lv == 3)                # no walking creature crosses to or from Level 3 here


def test_a_board_file_of_another_game_adds_nothing(tmp_path: Path) -> None:
    other = tmp_path / "board.toml"
    other.write_text('format = 1\ngame = "raiders"\n', encoding="utf-8")
    assert len(R.reports(other)) == len(R.reports())


# The creature limit, Courage and Audacity over reached states ---------------------------------------------


def with_creatures(rs, s, names):
    for name in names:
        s, _ = new_creature(rs, s, name, "Tomb's Entrance")
    return s


def test_a_planted_state_with_11_creatures_is_a_contradiction() -> None:
    rs, s = two()
    s = with_creatures(rs, s, ["Skeleton Guard"] * 6 + ["Mummy Lord"] * 5)
    audit = L.Audit(limits())
    audit.state(rs, s, WHERE)
    assert audit.problem_count["creature-limit"] == 1
    [finding] = L.findings(audit)
    assert finding.kind == "contradiction" and "11 creatures" in finding.summary
    assert finding.evidence["state"]["creatures"] and finding.evidence["detail"]["counted"] == 11
    results = {r["id"]: r["result"] for r in L.results(audit, [{"config": 0, "players": 2, "difficulty": "normal"}])}
    assert results["secrets.reached.creature-limit"] == VIOLATED


def test_bosses_and_swarm_tokens_do_not_count() -> None:
    rs, s = two()
    s = with_creatures(rs, s, ["Skeleton Guard"] * 9 + ["Carnivorous Scarabs", "Rhaz Azul'ahamet"])
    assert sum(c.swarm for c in s.creatures) > 1
    audit = L.Audit(limits())
    audit.state(rs, s, WHERE)
    assert audit.problem_count["creature-limit"] == 0 and audit.most == 10


def test_courage_and_audacity_out_of_range_are_caught() -> None:
    rs, s = two()
    s = s.with_adventurer(0, courage=11).with_adventurer(1, audacity=11)
    audit = L.Audit(limits())
    audit.state(rs, s, WHERE)
    assert (audit.problem_count["courage"], audit.problem_count["audacity"]) == (1, 1)


def test_a_planted_spawn_past_the_limit_is_caught() -> None:
    rs, s = two()
    before = with_creatures(rs, s, ["Skeleton Guard"] * 10)
    after = with_creatures(rs, before, ["Tomb Rats"])
    task = Task("spawn-one", rule="secrets.tomb-phase.spawn-on-levels", target="base:Tomb Rats", n=1,
                flags=("tomb-card",))
    audit = L.Audit(limits())
    audit.piece(rs, "answer", task, before, after, WHERE, "planted")
    assert audit.counts["spawns"] == 1 and audit.problem_count["spawn"] == 2   # spawned at 10, and makes 11


def test_the_model_refuses_a_spawn_at_the_limit_and_advances_the_comet_once() -> None:
    rs, s = two()
    s = place(s, "Guardroom", 1, 0, -1)                      # a red-outlined room on Level 1
    s = with_creatures(rs, s, ["Skeleton Guard"] * 10)
    task = Task("spawn-one", rule="secrets.tomb-phase.spawn-on-levels", target="base", n=1, flags=("tomb-card",))
    audit = L.Audit(limits())
    before = s.push(task, task)
    after = KINDS["spawn-one"].run(rs, before, task)
    assert after is not None and after.comet == before.comet + 1 and len(after.creatures) == 10
    audit.piece(rs, "run", task, before, after, WHERE, "planted")
    again = KINDS["spawn-one"].run(rs, after, task)
    assert again is not None and again.comet == after.comet
    audit.piece(rs, "run", task, after, again, WHERE, "planted")
    assert (audit.counts["limit reached"], audit.counts["spawns refused after the limit"]) == (1, 1)
    assert not audit.problems


def test_a_comet_that_does_not_advance_at_the_limit_is_caught() -> None:
    rs, s = two()
    s = place(s, "Guardroom", 1, 0, -1)
    before = with_creatures(rs, s, ["Skeleton Guard"] * 10)
    task = Task("spawn-one", rule="secrets.tomb-phase.spawn-on-levels", target="base", n=1, flags=("tomb-card",))
    before = before.push(task)
    audit = L.Audit(limits())
    audit.piece(rs, "run", task, before, before.pop(), WHERE, "planted")     # dropped, Comet unmoved
    assert audit.problem_count["limit-hit"] == 1


def test_a_real_run_passes_and_every_step_replays() -> None:
    audit, played = L.audit_games(limits(), configs=[{"options": {"players": 2}}], games=1, policies=("uniform",))
    assert played[0]["outcome"] in ("won", "lost") and audit.states == played[0]["steps"] + 1
    assert audit.counts["unjudged steps"] == 0 and audit.counts["spawns"] > 0
    results = {r["id"]: r for r in L.results(audit, played)}
    assert {r["result"] for r in results.values()} == {HOLDS}
    assert f"over {audit.states} states" in results["secrets.reached.creature-limit"]["summary"]
    assert not L.findings(audit)


def test_the_record_wires_reachability_the_constraints_and_the_detector() -> None:
    record = game_checks("secrets")
    assert record.reachability is R.reports
    assert L.secrets_reached_limits in record.constraints
    assert L.reached_state_contradictions in record.model_findings


def test_micro_steps_end_in_the_state_step_returns() -> None:
    rs, s = two()
    rng = random.Random(3)
    for _ in range(60):
        move = next_move(rs, s, rng)
        if move is None:
            break
        action, player = move
        after = rs.step(s, action, player)
        pieces = list(L.micro_steps(rs, s, action, player))
        assert pieces[0][0] == "answer" and pieces[-1][3] == after
        s = after

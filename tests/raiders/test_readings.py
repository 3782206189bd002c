"""Every place the rulebook leaves open is a reading the model can take (issue 9, section 3): a test per
reading that would fail if the option did nothing, and the bugs an independent implementation found."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from tombspec.model.errors import IllegalAction, InvalidInput
from tombspec.model.options import settles
from tombspec.model.raiders import Raiders
from tombspec.model.raiders.actions import (Boost, CoinToss, Heads, Move, MoveTo, Place, Spend, Stay)
from tombspec.model.raiders.board import board_from_data
from tombspec.model.raiders.options import RaidersOptions
from tombspec.model.raiders.rules import boss as boss_rules
from tombspec.model.raiders.rules import encounters, portal
from tombspec.model.raiders.rules.turn import apply_landing, apply_round_count, apply_turn_start
from tombspec.model.raiders.state import Attack, RaidersDraft, RaidersState, Roll
from tombspec.spec import load_catalog

from .helpers import on_draft, ruleset, state, with_raider


def tiled(*tiles: tuple[list[str], str, int, int], **options: Any) -> Raiders:
    """A free-layout board of coloured tiles: ``(rows, colour, x, y)`` each."""
    doc = {"format": 1, "board": {"name": "t", "layout": "free"},
           "tiles": [{"id": f"t{i}", "rows": rows, "colour": colour} for i, (rows, colour, _, _) in enumerate(tiles)],
           "placements": [{"tile": f"t{i}", "x": x, "y": y} for i, (_, _, x, y) in enumerate(tiles)]}
    return Raiders(options=options or None, board=board_from_data(doc))


def rolled(rs: Raiders, s: RaidersState, heads: int, boost: int | None = None) -> RaidersState:
    s = rs.step(s, Move())
    if s.phase == "boost":
        s = rs.step(s, Boost(boost or 0))
    return rs.step(s, Heads(heads))


def starting(rs: Raiders, s: RaidersState, player: int = 1) -> RaidersState:
    return on_draft(apply_turn_start, rs, attrs.evolve(s, current=1 - player), player)


def legal(rs: Raiders, s: RaidersState, action: Any) -> bool:
    return action in rs.legal_actions(s)


def refused_for(rs: Raiders, s: RaidersState, action: Any) -> str:
    with pytest.raises(IllegalAction) as err:
        rs.step(s, action)
    return err.value.rule_id


# Bugs the independent implementation found ----------------------------------------------------------

def test_audacity_advanced_never_alters_a_move_roll() -> None:
    """'Instead of altering your roll, you add 1 Penny (temporarily) to your roll per Audacity spent.'"""
    rs = ruleset(audacity_advanced=True)
    s = rolled(rs, state(rs, me=("0,0", 6, 2)), 2)              # 2 Heads, 4 Tails; the 3 and the 5 beside
    assert refused_for(rs, s, MoveTo("1,0", "heads", 1)) == "raiders.advanced.audacity-advanced"
    assert not legal(rs, s, MoveTo("1,1", "tails", 1))
    plain = ruleset()
    t = rolled(plain, state(plain, me=("0,0", 6, 2)), 2)
    assert legal(plain, t, MoveTo("1,0", "heads", 1)) and legal(plain, t, MoveTo("1,1", "tails", 1))


def test_equal_heads_and_tails_move_by_either_face() -> None:
    """'If one of the numbers matches': with 3 Heads and 3 Tails, a 3 may be taken as Tails too."""
    rs = ruleset()
    s = rolled(rs, state(rs), 3)
    assert legal(rs, s, MoveTo("1,0", "heads", 0)) and legal(rs, s, MoveTo("1,0", "tails", 0))
    assert rs.step(s, MoveTo("1,0", "tails", 0)).raider(1).position == "1,0"


def test_a_natural_six_is_a_bonus_beside_the_ordinary_moves() -> None:
    rs = ruleset()
    s = rolled(rs, state(rs, me=("0,0", 6, 1)), 6)               # all Heads: a Natural 6, +1 Audacity
    assert s.raider(1).audacity == 2
    assert legal(rs, s, MoveTo("1,0", "natural")) and legal(rs, s, MoveTo("1,1", "heads", 1))
    after = rs.step(s, MoveTo("1,1", "heads", 1))
    assert after.raider(1).position == "1,1"
    used = Roll("move", 6, heads=6, face="heads", number=5)
    assert boss_rules.boss_numbers(rs, used) == frozenset({0})    # the opposite of 6 Heads is 0


def in_room(rs: Raiders, room: str, came_from: str, audacity: int, **options: Any) -> RaidersState:
    s = with_raider(state(rs, me=(room, 6, audacity)), 1, in_encounter=True, came_from=came_from)
    return starting(rs, s)


def test_a_spend_that_does_not_make_a_five_is_a_reading() -> None:
    """raiders.ambiguity.useless-audacity: 'for each Audacity discarded, you may alter your roll'."""
    rs = ruleset()
    s = rs.step(in_room(rs, "2,0", "1,0", 1), Heads(3))          # 3 and 3: one Audacity makes no 5
    assert s.phase == "spend" and legal(rs, s, Spend(1, "heads")) and legal(rs, s, Spend(0, "tails"))
    assert rs.step(s, Spend(1, "heads")).raider(1).position == "1,0"      # discarded, failed, back
    strict = ruleset(useless_audacity="refused")
    t = strict.step(in_room(strict, "2,0", "1,0", 2), Heads(3))
    assert refused_for(strict, t, Spend(1, "heads")) == "raiders.audacity.alter-roll"
    assert legal(strict, t, Spend(2, "heads")) and legal(strict, t, Spend(0, "tails"))   # a decline either way
    assert strict.step(t, Spend(0, "tails")).raider(1).position == "1,0"


# Readings that used to be settled silently ----------------------------------------------------------

TWO = (["S 3 3"], "plain", 0, 0)


def test_natural_six_of_tails_and_a_yellow_red_room() -> None:
    for reading, open_ in (("any-space", True), ("heads-only", False)):
        rs = tiled(TWO, (["4 E"], "yellow-red", 3, 0), special_tiles=True, natural_six_yellow_red=reading)
        s = rolled(rs, state(rs, me=("2,0", 6, 0), holder=("0,0", 5, 3)), 0)       # all Tails
        assert legal(rs, s, MoveTo("3,0", "natural")) is open_
        heads = rolled(rs, state(rs, me=("2,0", 6, 0), holder=("0,0", 5, 3)), 6)
        assert legal(rs, heads, MoveTo("3,0", "natural"))


def test_encounter_rooms_on_a_yellow_red_tile() -> None:
    rs = tiled(TWO, (["M E"], "yellow-red", 3, 0), special_tiles=True)
    s = rolled(rs, state(rs, me=("2,0", 6, 0), holder=("0,0", 5, 3)), 2)
    assert legal(rs, s, MoveTo("3,0", "free")) and not legal(rs, s, MoveTo("3,0", "heads"))
    by_heads = tiled(TWO, (["M E"], "yellow-red", 3, 0), special_tiles=True, yellow_red_encounter_rooms="by-heads")
    t = rolled(by_heads, state(by_heads, me=("2,0", 6, 0), holder=("0,0", 5, 3)), 2)
    assert legal(by_heads, t, MoveTo("3,0", "heads"))
    assert refused_for(by_heads, t, MoveTo("3,0", "free")) == "raiders.advanced.yellow-red-heads-only"


def test_audacity_on_a_black_tile_encounter_roll() -> None:
    for reading, spends in (("moving-only", True), ("every-roll", False)):
        rs = tiled(TWO, (["M E"], "black", 3, 0), special_tiles=True, black_tile_encounter_audacity=reading)
        s = with_raider(state(rs, me=("3,0", 6, 2), holder=("0,0", 5, 3)), 1, in_encounter=True, came_from="2,0")
        s = rs.step(starting(rs, s), Heads(4))                    # 4 and 2: one Audacity makes a 5
        assert (s.phase == "spend") is spends
        if not spends:
            assert s.raider(1).position == "2,0"                  # failed at once, back where it came from


def test_a_boosted_roll_and_a_black_room() -> None:
    for reading, open_ in (("no-boosted-entry", False), ("boost-allowed", True)):
        rs = tiled(TWO, (["4 E"], "black", 3, 0), special_tiles=True, audacity_advanced=True,
                   black_tile_boosted_roll=reading)
        s = rolled(rs, state(rs, me=("2,0", 6, 1), holder=("0,0", 5, 3)), 4, boost=1)  # 7 pennies: 4 and 3
        assert legal(rs, s, MoveTo("3,0", "heads")) is open_
        unboosted = rolled(rs, state(rs, me=("2,0", 6, 1), holder=("0,0", 5, 3)), 4, boost=0)
        assert legal(rs, unboosted, MoveTo("3,0", "heads"))


def test_the_boss_spawning_onto_a_raider() -> None:
    for reading, trapped in (("spawn-traps", True), ("only-moves-trap", False)):
        rs = ruleset(spawn_traps=reading)
        s = state(rs, me=("0,0", 6, 2), boss_track=1, turns_in_round=1, current=1)
        after = on_draft(apply_round_count, rs, s)
        assert after.boss == "0,0" and after.raider(1).trapped is trapped


@pytest.mark.parametrize("order, purpose", [("escape-attack-encounter", "escape"),
                                            ("encounter-escape-attack", "encounter")])
def test_what_comes_first_at_a_turns_start(order: str, purpose: str) -> None:
    rs = ruleset(turn_start_order=order)
    s = with_raider(state(rs, me=("2,0", 6, 0), boss_track=0, boss="2,0"), 1, trapped=True, in_encounter=True,
                    came_from="1,0")
    s = starting(rs, s)
    assert s.phase == "roll" and s.roll.purpose == purpose


def test_only_one_thing_due_asks_no_order() -> None:
    from tombspec.model.options import unsettled

    rs = Raiders(unsettled(RaidersOptions, ahead_behind="escape-distance"), ruleset().board)
    s = with_raider(state(rs, me=("2,0", 6, 0), boss_track=0, boss="2,0"), 1, trapped=True)
    assert starting(rs, s).roll.purpose == "escape"


def test_the_boss_with_no_nearer_step() -> None:
    rs = ruleset()
    base = state(rs, me=("1,0", 6, 2), holder=("0,1", 5, 3), boss_track=0, boss="3,0",
                 roll=Roll("boss", 6, heads=3))
    assert boss_rules.first_steps(rs, RaidersDraft.thaw(base))          # ahead anyway: 'must ALWAYS'
    stays = ruleset(boss_no_nearer_step="stays")
    assert boss_rules.first_steps(stays, RaidersDraft.thaw(base)) == []


def test_a_malfunction_on_the_first_tile() -> None:
    for reading, where in (("start-space", ["0,0"]), ("stays", ["1,0"])):
        rs = ruleset(["S P 1 E"], malfunction_first_tile=reading)
        assert portal.malfunction_targets(rs, "1,0") == where


def test_after_using_a_portal_staying_put_is_a_reading() -> None:
    # 'you may automatically move your character to any other room space marked "Portal"'
    for reading, where in (("may-stay", ["3,0", "1,0"]), ("other-portal", ["3,0"])):
        rs = ruleset(["S P 1 P E"], portal_success_stay=reading)
        assert portal.portal_targets(rs, "1,0") == where
    lonely = ruleset(["S P 1 E"], portal_success_stay="other-portal")
    assert portal.portal_targets(lonely, "1,0") == []            # no other Portal: nowhere to go


def test_ahead_by_escape_distance_or_by_tile_order() -> None:
    for reading, pulled in (("escape-distance", ("2,0",)), ("tile-order", ())):
        rs = tiled((["S 3 T"], "plain", 0, 0), (["4 E"], "plain", 3, 0), ahead_behind=reading)
        assert encounters.pullers(rs, state(rs, me=("1,0", 6, 0), holder=("4,0", 5, 3)), 1) == pulled


def test_grail_player_labels_as_starting_values() -> None:
    for reading, values in (("after-grail", (3, 5)), ("starting-values", (4, 4))):
        rs = ruleset(grail_player_labels=reading)
        s = rs.step(rs.initial_state(), CoinToss(0))
        first = s.raider(1)
        assert (first.audacity, first.pennies) == values and s.grail == 1


def test_the_encounter_roll_in_the_same_turn() -> None:
    for reading, same in (("next-turn", False), ("same-turn", True)):
        rs = ruleset(encounter_roll_timing=reading)
        s = rolled(rs, state(rs, me=("1,0", 6, 0)), 2)
        after = rs.step(s, MoveTo("2,0", "free"))
        assert (after.current == 1 and after.phase == "roll" and after.roll.purpose == "encounter") is same


def test_two_rooms_pull_and_the_reading_chooses() -> None:
    rows = ["1 1 1 1 1", "S 2 T 2 E", "1 1 T 1 1"]
    for reading, phase in (("player-chooses", "forced-move"), ("nearest-escape", None)):
        rs = ruleset(rows, forced_move_choice=reading)
        s = starting(rs, state(rs, me=("1,1", 6, 0), holder=("0,0", 5, 3)))
        assert set(s.pullers) == {"2,1", "2,2"}
        after = rs.step(rs.step(rs.step(s, Move()), Heads(6)), Stay())     # 6 and 0 match nothing beside
        if phase:
            assert after.phase == phase and after.current == 1
        else:
            assert after.raider(1).position == "2,1"               # the room nearer Escape pulls


def boss_tie(rs: Raiders) -> RaidersState:
    """A state at the Boss's move from a space with two equally good spaces ahead (not next to Escape)."""
    for boss in rs.board.spaces:
        s = state(rs, me=("0,0", 6, 2), holder=("0,1", 5, 3), boss_track=0, boss=boss,
                  roll=Roll("boss", 6, heads=3))
        if len(boss_rules.first_steps(rs, RaidersDraft.thaw(s))) > 1 and not boss_rules.is_next_to_escape(rs, boss):
            return s
    pytest.fail("no Boss position with a tie on this board")


def test_the_current_player_may_choose_between_equal_boss_moves() -> None:
    rs = ruleset(boss_tie_break="current-player-chooses")
    s = boss_tie(rs)
    d = RaidersDraft.thaw(s)
    assert boss_rules.apply_boss_move(rs, d) is False and d.phase == "boss-choice"
    choice = d.freeze()
    options = rs.legal_actions(choice)
    assert len(options) > 1 and all(isinstance(a, Place) for a in options)
    assert refused_for(rs, choice, Place("0,0")) in ("raiders.boss.always-ahead", "raiders.boss.encounter-pull")
    assert ruleset().legal_actions(choice) == options     # the phase is played the same under any options
    default = RaidersDraft.thaw(s)
    assert boss_rules.apply_boss_move(ruleset(), default) is True


def test_back_one_tile_is_a_space_or_a_card_tile() -> None:
    tiles = ((["S 1 1"], "plain", 0, 0), (["2 2 E", "1 1 1"], "plain", 3, 0))
    for reading, where in (("one-space", {"3,0", "3,1"}), ("one-card-tile", {"2,0"})):
        rs = tiled(*tiles, back_one_tile=reading)
        s = with_raider(state(rs, me=("4,0", 6, 0), holder=("0,0", 5, 3), boss_track=0, boss="4,0"), 1,
                        trapped=True)
        s = rs.step(starting(rs, s), Heads(3))                   # 3 and 3: the escape fails
        assert s.phase == "place" and {a.space for a in rs.legal_actions(s)} == where


def test_a_failed_escape_with_nowhere_to_go() -> None:
    for reading, trapped in (("released", False), ("still-trapped", True)):
        rs = ruleset(trapped_after_fail=reading)
        s = with_raider(state(rs, me=("0,0", 6, 1), boss_track=0, boss="0,0"), 1, trapped=True)
        s = rs.step(starting(rs, s), Heads(3))
        if s.phase == "spend":
            s = rs.step(s, Spend(0))
        assert s.raider(1).position == "0,0" and s.raider(1).trapped is trapped


def test_audacity_on_the_opponents_heads() -> None:
    """Each Audacity moves the difference by one either way; the readings part only where a Heads count
    would go below 0, which it cannot."""
    rs = ruleset()
    s = state(rs, me=("1,0", 6, 2), holder=("1,0", 5, 0), phase="attack-attacker",
              attack=Attack(attacker=1, defender=0, attacker_heads=0, defender_heads=0, defender_spent=0))
    assert refused_for(rs, s, Spend(1, target="opponent")) == "raiders.audacity.alter-roll"
    either = ruleset(attack_audacity_target="either-roll")
    assert legal(either, s, Spend(1, target="opponent")) and legal(either, s, Spend(1))
    assert either.step(s, Spend(1, target="opponent")).grail == 0   # 0 Heads lowered stays 0: a tie
    assert either.step(s, Spend(1)).grail == 1                       # 1 Head against 0: the Grail changes hands
    assert refused_for(either, s, Spend(0, target="opponent")) == "raiders.audacity.alter-roll"  # not listed
    assert all(a.target == "own" or a.audacity > 0 for a in either.legal_actions(s))


def test_large_and_extra_large_by_how_tiles_touch() -> None:
    doc = {"format": 1, "board": {"name": "x", "layout": "large"},
           "tiles": [{"id": "a", "rows": ["S 1", "1 1"]}, {"id": "b", "rows": ["1 E", "1 1"]}],
           "placements": [{"tile": "a", "x": 0, "y": 0}, {"tile": "b", "x": 2, "y": 1}]}
    board_from_data(doc)                                          # touching along one square: one rule
    with pytest.raises(InvalidInput, match="large-or-extra-large"):
        board_from_data(doc, touch="touch-two-or-one")
    doc["board"]["layout"] = "extra-large"
    board_from_data(doc, touch="touch-two-or-one")                # Extra Large touches along one


def test_every_ambiguity_is_a_reading_or_says_why_not() -> None:
    catalog = load_catalog("raiders")
    options = set(settles(RaidersOptions).values())
    unsettled = [a.id for a in catalog.ambiguities if a.id not in options and not a.note]
    assert unsettled == []
    for name, field in attrs.fields_dict(RaidersOptions).items():
        if "settles" in field.metadata:
            amb = catalog.ambiguity(field.metadata["settles"])
            offered, recorded = set(field.metadata["readings"]), {r.id for r in amb.readings}
            assert offered <= recorded, name
            # a reading recorded but not offered is one the entry's note names as not modelled, and why
            for missing in sorted(recorded - offered):
                assert amb.note and f"Reading {missing} added" in amb.note and "not modelled" in amb.note, \
                    (name, missing)
            assert field.default == amb.default, name


@pytest.mark.parametrize("reading, chooser", [("current-player-chooses", 1), ("other-player-chooses", 0)])
def test_who_chooses_between_equal_boss_moves_under_each_reading(reading: str, chooser: int) -> None:
    """The Boss is no player: between equally good spaces the player whose turn it is chooses, or the
    other player (raiders.ambiguity.boss-tie-break); the one who does not choose is refused for the turn
    rule, and with the other Raider Killed the current player chooses under both readings."""
    from tombspec.model.raiders.rules.turn import acting_player

    rs = ruleset(boss_tie_break=reading)
    s = boss_tie(rs)
    d = RaidersDraft.thaw(s)
    assert boss_rules.apply_boss_move(rs, d) is False
    choice = d.freeze()
    assert choice.current == 1 and rs.pending(choice).actors == (chooser,) and acting_player(choice) == chooser
    space = rs.legal_actions(choice, chooser)[0].space
    after = rs.step(choice, Place(space), chooser)
    assert after.boss == space or after.phase == "over"
    with pytest.raises(IllegalAction):
        rs.step(choice, Place(space), 1 - chooser)
    alone = with_raider(attrs.evolve(s, grail=1), 0, position=None, pennies=0)     # the other Raider Killed
    assert boss_rules.boss_chooser(rs, RaidersDraft.thaw(alone)) == 1


def _holder_killed_in_a_trap(reading: str) -> tuple[Raiders, RaidersState]:
    """Player 1 holds the Grail with one Penny in the Trap room 4,0 and fails its roll (0 Heads): Killed
    there, 'If at any time you lose all of your pennies, you are Killed and out of the game'; player 0
    lives on 0,0 (raiders.ambiguity.grail-holder-killed)."""
    rs = ruleset(grail_holder_killed=reading)
    s = with_raider(state(rs, me=("4,0", 1, 0), holder=("0,0", 5, 3)), 1, in_encounter=True, came_from="3,0")
    s = on_draft(apply_turn_start, rs, attrs.evolve(s, current=0, grail=1), 1)
    assert s.phase == "roll" and s.roll.purpose == "encounter"
    return rs, rs.step(s, Heads(0))


def test_the_grail_of_a_killed_holder_under_each_reading() -> None:
    """survivor-gains: the survivor gains it at once (a Penny paid, an Audacity gained); nobody-wins: the game
    ends, lost by both; dropped: it lies where its holder fell, nobody holds it, and the game goes on."""
    rs, s = _holder_killed_in_a_trap("survivor-gains")
    assert s.raider(1).killed and s.grail == 0 and s.raider(0).pennies == 4 and s.raider(0).audacity == 4
    rs, s = _holder_killed_in_a_trap("nobody-wins")
    assert s.phase == "over" and s.outcome == "grail-lost" and s.winner is None
    rs, s = _holder_killed_in_a_trap("dropped")
    assert s.raider(1).killed and s.grail is None and s.phase != "over" and s.current == 0
    dropped = [e for e in s.effects if e.name == "grail-dropped"]
    assert [(e.subject, e.until) for e in dropped] == [("4,0", "game")]
    assert s.raider(0).pennies == 5 and rs.violations(s) == []


def test_a_dropped_grail_is_gained_by_arriving_where_it_lies() -> None:
    """Under dropped the survivor gains the Grail on arriving on its space (the cost of any gain), and
    not elsewhere; the effect outlasts the turn; a dropped Grail with someone standing on it is caught."""
    rs, s = _holder_killed_in_a_trap("dropped")
    later = on_draft(apply_turn_start, rs, s, 0)                      # a later turn: still lying there
    assert [e.subject for e in later.effects if e.name == "grail-dropped"] == ["4,0"]
    elsewhere = on_draft(lambda rs, d: apply_landing(rs, d, 0, "2,0", frm="0,0"), rs, later)
    assert elsewhere.grail is None and elsewhere.raider(0).pennies == 5
    found = on_draft(lambda rs, d: apply_landing(rs, d, 0, "4,0", frm="3,0"), rs, later)
    assert found.grail == 0 and (found.raider(0).pennies, found.raider(0).audacity) == (4, 4)
    assert not any(e.name == "grail-dropped" for e in found.effects) and rs.violations(found) == []
    standing = with_raider(later, 0, position="4,0")                  # seeded break: the survivor on it
    assert [v.invariant for v in rs.violations(standing)] == ["raiders.ambiguity.grail-holder-killed"]


def test_a_move_after_the_grail_is_lost_names_the_reading_that_ended_the_game() -> None:
    """Issue 28: no rule of the rulebook ends the game when the Grail's holder is Killed ('you are Killed
    and out of the game', L74, ends only the Raider); the game is over under reading nobody-wins of
    raiders.ambiguity.grail-holder-killed, so an action after it is refused for that ambiguity, not for
    raiders.death.killed (whose game over is the one with no Raider left)."""
    rs, s = _holder_killed_in_a_trap("nobody-wins")
    assert s.outcome == "grail-lost" and not s.raider(0).killed
    assert refused_for(rs, s, Move()) == "raiders.ambiguity.grail-holder-killed"


@pytest.mark.parametrize(("purpose", "rule"), [("encounter", "raiders.encounter.pass-on-five-or-six"),
                                                ("portal", "raiders.portal.use-on-five-or-six"),
                                                ("escape", "raiders.boss.escape-roll")])
def test_a_spend_on_the_tails_under_heads_only_names_the_rule_of_its_roll(purpose: str, rule: str) -> None:
    """Issue 28: under reading heads-only of raiders.ambiguity.five-or-six a spend on the Tails number
    is refused for the rule that asks this roll's 5 or 6: 'To Pass the Encounter, you must roll your
    pennies and get a 5 or 6', 'To "Use the Portal Room" you must roll a 5 or 6', 'you must Escape by
    rolling a 5 or a 6', not the Encounter's rule for all three."""
    rs = ruleset(["S P 3 M E"], five_or_six="heads-only")
    s = with_raider(state(rs, me=("1,0", 6, 2), holder=("4,0", 5, 3), boss_track=0, boss="2,0"), 1,
                    in_encounter=True, came_from="0,0", trapped=purpose == "escape")
    s = attrs.evolve(s, phase="roll", roll=Roll(purpose, 6))
    s = rs.step(s, Heads(4))                              # 4 Heads, 2 Tails: one Audacity on the Heads makes a 5
    assert s.phase == "spend" and legal(rs, s, Spend(1, "heads"))
    assert refused_for(rs, s, Spend(1, "tails")) == rule
    either = ruleset(["S P 3 M E"])
    t = with_raider(state(either, me=("1,0", 6, 2), holder=("4,0", 5, 3), boss_track=0, boss="2,0"), 1,
                    in_encounter=True, came_from="0,0", trapped=purpose == "escape")
    t = either.step(attrs.evolve(t, phase="roll", roll=Roll(purpose, 6)), Heads(4))
    assert legal(either, t, Spend(1, "tails"))         # the Tails count under either-number


def test_a_free_entry_after_a_failed_roll_under_successful_roll_names_the_note() -> None:
    """Issue 28: under reading successful-roll of raiders.ambiguity.encounter-free-entry an Encounter
    room is refused after a roll that matches no numbered room for the Note that gives the entry ('If
    you do not fail your Move roll, you may choose to move into an Encounter Space', L110), not for
    'may either be moved into freely' (L68), which permits it; under any-roll it is open."""
    rows = ["S 3 M 4 T 2 E", "1 5 6 2 3 4 1"]
    strict = ruleset(rows, encounter_free_entry="successful-roll")
    s = rolled(strict, state(strict, me=("1,0", 6, 0)), 2)          # 2 Heads, 4 Tails: the 1, 5 and 6 beside missed
    assert not any(m.face in ("heads", "tails", "natural") for m in strict.legal_actions(s)
                   if isinstance(m, MoveTo))
    assert refused_for(strict, s, MoveTo("2,0", "free")) == "raiders.encounter.optional-entry"
    free = ruleset(rows)
    t = rolled(free, state(free, me=("1,0", 6, 0)), 2)
    assert legal(free, t, MoveTo("2,0", "free"))


@pytest.mark.parametrize("holds_grail", [False, True])
def test_rest_with_no_penny_lost_under_each_reading(holds_grail: bool) -> None:
    """raiders.ambiguity.rest-without-lost-penny: 'Rest: Skip your turn, re-gain 1 lost Penny (you
    cannot regain the penny lost from gaining the Holy Grail)' with none lost (6 Pennies, or 5 holding
    the Grail). refused: Rest is not open; skip-turn: the turn is skipped and nothing is re-gained."""
    from tombspec.model.raiders.actions import Rest

    full = 5 if holds_grail else 6
    for reading in ("refused", "skip-turn"):
        rs = ruleset(rest_without_lost_penny=reading)
        s = state(rs, me=("1,0", full, 2), holder=("6,1", 5, 3))
        if holds_grail:
            s = attrs.evolve(s, grail=1)
        if reading == "refused":
            assert not legal(rs, s, Rest())
            assert refused_for(rs, s, Rest()) == "raiders.rest.regain-penny"
            continue
        assert legal(rs, s, Rest())
        after = rs.step(s, Rest())
        assert after.raider(1).pennies == full and after.raider(1).position == "1,0"
        assert after.current == 0 and after.turn == s.turn + 1       # the turn skipped, the other Raider's next
    rs = ruleset(rest_without_lost_penny="skip-turn")                 # a lost Penny is re-gained as ever
    s = state(rs, me=("1,0", 4, 2))
    assert rs.step(s, Rest()).raider(1).pennies == 5


def test_a_raider_who_moves_on_to_the_boss_room_under_each_reading() -> None:
    """raiders.ambiguity.raider-onto-boss: 'If the Boss Monster should move on to the same room space as
    a Raider Character, the character becomes "Trapped"' says nothing of a Raider moving on to the Boss.
    boss-moves-only: the Raider is not Trapped; sharing-traps: they are, and their next turn is the
    escape roll."""
    for reading, trapped in (("boss-moves-only", False), ("sharing-traps", True)):
        rs = ruleset(raider_onto_boss=reading)
        s = state(rs, me=("0,0", 6, 0), boss_track=0, boss="1,0")
        s = rolled(rs, s, 3)                                      # 3 Heads: the 3 on 1,0, where the Boss stands
        s = rs.step(s, MoveTo("1,0", "heads", 0))
        assert s.raider(1).position == "1,0"
        assert s.raider(1).trapped is trapped, reading
        assert rs.violations(s) == []
        if trapped:
            nxt = starting(rs, s)
            assert nxt.phase == "roll" and nxt.roll.purpose == "escape"


def test_ahead_in_a_straight_line_or_in_moves() -> None:
    """raiders.ambiguity.ahead-behind, reading straight-line: 'closer to the Escape Space' measured on the
    table. On a Tomb that bends round a gap the Monster room beside Start is closer in moves (3 against
    4) but farther in a straight line (its centre is farther from Escape's), so it pulls a Raider who fails
    on Start only under escape-distance (and, a single tile, never under tile-order)."""
    rows = ["S M 2", ". . 3", "E 5 4"]
    pulled = {}
    for reading in ("escape-distance", "tile-order", "straight-line"):
        rs = ruleset(rows, ahead_behind=reading)
        pulled[reading] = encounters.pullers(rs, state(rs, me=("0,0", 6, 0), holder=("2,2", 5, 3)), 1)
    assert pulled == {"escape-distance": ("1,0",), "tile-order": (), "straight-line": ()}
    rs = ruleset(rows, ahead_behind="straight-line")
    assert rs.board.is_ahead("2,0", "2,1", "straight-line") and not rs.board.is_ahead("0,0", "1,0", "straight-line")
    assert rs.board.ahead("1,0", "straight-line") == ["0,0"]          # back towards Start is nearer Escape


def test_a_failed_monster_room_with_no_audacity_under_each_reading() -> None:
    """raiders.ambiguity.monster-fail-without-audacity: 'If you Fail: move back to the original space you
    came from and lose 1 Audacity', said of a Raider with none. nothing-lost: he keeps 0 and gains 1 by
    his next Prepare; owed: he falls to -1, the Prepare pays it back (0), and nothing is his to spend in
    the meantime, even on a roll one Audacity would pass. The Boss escape's '(if you have any)' takes
    nothing from a Raider who owes. With Audacity to lose the readings agree and none is asked for."""
    from tombspec.model.raiders.actions import Prepare
    from tombspec.model.raiders.rules.objective import compute_lose_audacity

    after: dict[str, tuple[int, ...]] = {}
    for reading in ("nothing-lost", "owed"):
        rs = ruleset(monster_fail_audacity=reading)
        s = rs.step(in_room(rs, "2,0", "1,0", 0), Heads(3))       # 3 and 3: the Monster room failed
        assert s.raider(1).position == "1,0" and rs.violations(s) == []
        failed = s.raider(1).audacity
        back = starting(rs, s)
        again = rs.step(in_room(rs, "2,0", "1,0", failed), Heads(4))      # a 4: one Audacity would pass
        assert again.raider(1).position == "1,0", reading              # no spend offered: failed, back
        prepared = rs.step(back, Prepare()).raider(1).audacity
        after[reading] = (failed, again.raider(1).audacity, prepared)
    assert after == {"nothing-lost": (0, 0, 1), "owed": (-1, -2, 0)}
    assert compute_lose_audacity(-1, 1) == -1 and compute_lose_audacity(2, 1) == 1
    rs = ruleset(monster_fail_audacity=None)                           # Audacity to lose: no reading asked
    s = rs.step(in_room(rs, "2,0", "1,0", 1), Heads(3))
    assert rs.step(s, Spend(0, "heads")).raider(1).audacity == 0     # declined: failed, 1 lost

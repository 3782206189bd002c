"""A refused action names the rule that forbids it, not the general rule of the decision point (issue 28):
the chance outcomes that cannot happen, a monster action or a hero action out of its turn, an item the
hero does not carry, a token without the effect, an exchange over 5 items, an item during a retreat."""

from __future__ import annotations

import pytest

from tombspec.model.egypt import Egypt
from tombspec.model.egypt import actions as A
from tombspec.model.egypt.state import evolve
from tombspec.model.errors import IllegalAction

from .helpers import item_id, refused, ruleset, situation, token_id

OPEN = ["_ _ _ _ _ _ _ _", "_ _ _ _ _ _ _ _"]


def _dealing(rs: Egypt, what: str):
    s = rs.initial_state()
    while rs.pending(s).what != what:
        s = rs.step(s, rs.chance(s).support()[0][0])
    return s


@pytest.mark.parametrize("what, rule", [("chest tokens", "egypt.setup.deal-chests"),
                                        ("hazard tokens", "egypt.setup.deal-hazards")])
def test_a_token_that_is_not_left_to_deal(what: str, rule: str) -> None:
    rs = Egypt()
    s = _dealing(rs, what)
    assert refused(rs, s, A.Deal("Roller Skates of Tomorrow")) == rule


@pytest.mark.parametrize("roll, rule", [("combat", "egypt.combat.die-results"), ("shoot", "egypt.weapon.shoot-roll"),
                                        ("pharaoh", "egypt.monster-turn.pharaoh-roll")])
def test_a_die_result_the_die_does_not_have(roll: str, rule: str) -> None:
    rs = ruleset(OPEN)
    s = situation(rs, [("3,1", ["Bomb"]), ("5,2", [])], {}, roll=roll)
    assert rs.pending(s).what == "die"
    assert refused(rs, s, A.Die("4")) == rule


def test_a_monster_action_on_a_heros_turn() -> None:
    """'As long as no heroes have died, the monsters do not move on their own'; once one has, its
    player moves them 'when your turn comes around', on a monster turn."""
    rs = ruleset(OPEN, players=2)
    s = situation(rs, [("3,1", ["Bomb"]), ("5,2", [])], {"4,1": [("Mummy", True)]})
    assert refused(rs, s, A.Pass()) == "egypt.death.monsters-idle"
    dead = s.with_hero(1, status="dead", space=None, lives=0)
    assert refused(rs, dead, A.Pass()) == "egypt.death.monster-turn"


@pytest.mark.parametrize("options, rule", [({"players": 2, "pursuit": True}, "egypt.modes.pursuit"),
                                           ({"players": 6}, "egypt.modes.six-player-spirit")])
def test_a_hero_action_on_the_spirits_turn(options: dict, rule: str) -> None:
    rs = ruleset(OPEN, **options)
    spirit = next(i for i, st in enumerate(rs.seats) if st.kind == "spirit")
    heroes = [("3,1", ["Bomb"])] + [("5,2", [])] * (len(rs.components.heroes[:len(rs.seats) - 1]) - 1)
    s = situation(rs, heroes, {"4,1": [("Crack", False)]}, seat=spirit, kind="monster")
    assert rs.pending(s).what == "monster-turn"
    assert refused(rs, s, A.EndTurn()) == rule
    player = s.hero(0).player
    dead = situation(rs, [("", [])] + heroes[1:], {"4,1": [("Crack", False)]}, seat=0, kind="monster")
    if rs.seats[0].kind != "spirit":
        assert refused(rs, dead, A.EndTurn(), player) == "egypt.death.switch-sides"


def test_an_item_the_hero_does_not_carry_or_that_has_no_such_effect() -> None:
    rs = ruleset(OPEN)
    s = situation(rs, [("3,1", ["Bomb", "Jetpack"]), ("5,2", [])], {})
    assert refused(rs, s, A.Jetpack(999)) == "egypt.turn.use-items"
    assert refused(rs, s, A.Jetpack(item_id(s, 0, "Bomb"))) == "egypt.turn.effects-reference"


def test_a_permanent_effect_already_used_this_turn() -> None:
    """'Permanent effect, once per turn': a second use names the item's own rule, which says so."""
    rs = ruleset(OPEN)
    s = situation(rs, [("3,1", ["Jetpack"]), ("5,2", [])], {})
    jet = item_id(s, 0, "Jetpack")
    s = s.with_hero(0, items=tuple(evolve(t, used=True) for t in s.hero(0).items))
    assert refused(rs, s, A.Jetpack(jet)) == "egypt.item.jetpack"


def test_an_exchange_that_would_leave_a_board_above_five_items() -> None:
    """'A hero can carry ... a maximum of 5 items': an offer taking a sixth onto a board is refused for
    that, not for the exchange rule itself."""
    rs = ruleset(OPEN)
    five = ["Bomb", "Ladder", "Jetpack", "Teleporter", "Grappling Hook"]
    s = situation(rs, [("3,1", five), ("3,1", ["Bomb"])], {})
    assert refused(rs, s, A.Offer(1, None, item_id(s, 1, "Bomb"))) == "egypt.hero.item-slots"
    assert refused(rs, s, A.Offer(1, None, 999)) == "egypt.turn.exchange-items"


def test_items_and_the_end_of_turn_during_a_retreat() -> None:
    """'You must apply the die result fully before using an item': the retreat is that result."""
    rs = ruleset(OPEN)
    s = situation(rs, [("3,1", ["Jetpack"]), ("5,2", [])], {"3,1": [("Mummy", True)]})
    from tombspec.model.egypt.state import Retreat
    s = evolve(s, retreat=Retreat(0, 2, 0, "3,1"))
    assert rs.pending(s).what == "retreat"
    assert refused(rs, s, A.Jetpack(item_id(s, 0, "Jetpack"))) == "egypt.combat.apply-before-item"
    assert refused(rs, s, A.EndTurn()) == "egypt.combat.die-retreat"


# The audit redone (readings8e): each refusal below named the decision point's or the item's general rule.

FLAT = OPEN


def _in_combat(rs: Egypt, items: list[str]):
    s = situation(rs, [("3,1", items), ("0,0", ["Bomb"])], {"4,1": [("Mummy", True)]})
    s = rs.step(s, A.Step("4,1"))
    assert rs.pending(s).what == "combat"
    return s


def test_an_item_that_does_not_act_in_combat() -> None:
    """Reading combat-effects of egypt.ambiguity.combat-items: the jetpack is not among the items that act in
    combat, so its use there is refused for that reading, not for the jetpack's own rule."""
    rs = ruleset(FLAT)
    s = _in_combat(rs, ["Jetpack", "Bomb"])
    assert refused(rs, s, A.Jetpack(item_id(s, 0, "Jetpack"))) == "egypt.ambiguity.combat-items"


def test_an_item_before_the_two_or_three_is_applied() -> None:
    """'You must apply the die result fully before using an item!': with the portal gun's choice open, the
    bomb is refused for that sentence, not for the bomb's rule."""
    rs = ruleset(FLAT)
    s = _in_combat(rs, ["Portal Gun", "Bomb"])
    s = rs.step(rs.step(s, A.Roll()), A.Die("2"))
    assert rs.pending(s).what == "combat-result"
    assert refused(rs, s, A.Bomb(item_id(s, 0, "Bomb"), "4,1", None, None)) == "egypt.combat.apply-before-item"


def test_a_step_after_the_combat_used_the_movements_up() -> None:
    """Reading items-still of egypt.ambiguity.after-combat: the turn goes on after the combat, but 'the
    hero's remaining movements are immediately used up': a step, or leaving, names that rule."""
    rs = ruleset(FLAT, after_combat="items-still")
    s = _in_combat(rs, ["Axe"])
    s = rs.step(rs.step(s, A.Roll()), A.Die("Melee"))
    assert s.combat is None and s.turn.seat == 0 and s.turn.moves == 0
    assert refused(rs, s, A.Step("5,1")) == "egypt.combat.movements-used-up"
    fresh = situation(rs, [("3,1", []), ("0,0", ["Bomb"])], {}, moves=0)
    assert refused(rs, fresh, A.Step("4,1")) == "egypt.hero.movements"


def test_another_player_during_a_combat_on_the_heros_own_turn() -> None:
    rs = ruleset(FLAT)
    s = _in_combat(rs, ["Axe"])
    assert refused(rs, s, A.Roll(), 1) == "egypt.turn.order"


def test_the_bomb_out_of_reach_or_at_a_reinforced_floor() -> None:
    rs = ruleset(FLAT)
    s = situation(rs, [("1,1", ["Bomb"]), ("6,0", [])], {"6,1": [("Mummy", True)]})
    bomb = item_id(s, 0, "Bomb")
    assert refused(rs, s, A.Bomb(bomb, "6,1", None, None)) == "egypt.start.bomb-attack"
    assert refused(rs, s, A.Bomb(bomb, "2,1", None, None)) == "egypt.start.bomb-attack"     # no monster there
    assert refused(rs, s, A.Bomb(bomb, None, "5,1", "floor")) == "egypt.start.bomb-destroy"
    low = situation(rs, [("6,4", ["Bomb"]), ("0,0", [])], {})          # the bottom floor's '=' spaces
    assert refused(rs, low, A.Bomb(item_id(low, 0, "Bomb"), None, "5,4", "floor")) == "egypt.start.reinforced-floor"


def test_the_hook_at_a_token_under_a_monster() -> None:
    """'If it's a stack of tokens with a monster on top, you pull in the monster.'"""
    rs = ruleset(FLAT)
    s = situation(rs, [("3,1", ["Grappling Hook"]), ("0,0", [])], {"5,1": [("Axe", True), ("Mummy", True)]})
    hook = item_id(s, 0, "Grappling Hook")
    assert A.Hook(hook, "right", target=token_id(s, "5,1", "Mummy")) in rs.legal_actions(s)
    assert refused(rs, s, A.Hook(hook, "right", target=token_id(s, "5,1", "Axe"))) == "egypt.item.grappling-hook-stack"


def test_the_flashlight_off_the_heros_floor() -> None:
    """'reveal a token on the same floor as your hero — that is, in the same row of spaces'."""
    rs = ruleset(FLAT)
    s = situation(rs, [("3,1", ["Flashlight"]), ("0,0", [])], {"4,0": [("Axe", False)], "5,1": [("Axe", False)]})
    light = item_id(s, 0, "Flashlight")
    assert A.Peek(light, "5,1") in rs.legal_actions(s)
    assert refused(rs, s, A.Peek(light, "4,0")) == "egypt.item.flashlight-reveal"
    assert refused(rs, s, A.Peek(light, "6,1")) == "egypt.item.flashlight-reveal"     # nothing face down there


def test_the_teleporter_with_no_movement_left_under_teleport_costs() -> None:
    rs = ruleset(FLAT, item_use_cost="teleport-costs")
    s = situation(rs, [("3,1", ["Teleporter"]), ("0,0", [])], {}, moves=0)
    assert refused(rs, s, A.Teleport(item_id(s, 0, "Teleporter"), "5,1")) == "egypt.ambiguity.item-use-cost"


def _monster_turn(piles, **options):
    from tombspec.model.egypt.rules.monster_turn import start_monster_turn

    rs = ruleset(FLAT, **options)
    s = situation(rs, [("0,1", ["Bomb"]), ("7,1", [])], piles, seat=1, kind="monster")
    return rs, start_monster_turn(rs, s).with_hero(1, status="dead", space=None, lives=0, items=())


def test_passing_a_monster_turn_with_an_action_open() -> None:
    """Reading must of egypt.ambiguity.may-or-must-play-monsters (no-monster-action is about a turn with
    nothing to do)."""
    rs, s = _monster_turn({"4,1": [("Mummy", True)]})
    assert refused(rs, s, A.Pass(), 1) == "egypt.ambiguity.may-or-must-play-monsters"
    rs, s = _monster_turn({"4,1": [("Mummy", True)]}, may_or_must_play_monsters="may")
    assert A.Pass() in rs.legal_actions(s, 1)


def test_a_monster_step_past_its_printed_movements_and_a_stop_on_tokens() -> None:
    rs, s = _monster_turn({"4,1": [("Mummy", True)], "6,1": [("Axe", False)]}, monster_onto_tokens="empty-or-hero")
    s = rs.step(s, A.MoveMonster(token_id(s, "4,1", "Mummy")), 1)
    s = rs.step(s, A.MonsterStep("5,1"), 1)
    s = rs.step(s, A.MonsterStep("4,1"), 1)
    assert s.turn.monster_moves == 0
    assert refused(rs, s, A.MonsterStep("5,1"), 1) == "egypt.monster-turn.movements"
    rs, s = _monster_turn({"4,1": [("Mummy", True)], "5,1": [("Axe", False)]}, monster_onto_tokens="empty-or-hero")
    s = rs.step(s, A.MoveMonster(token_id(s, "4,1", "Mummy")), 1)
    s = rs.step(s, A.MonsterStep("5,1"), 1)
    assert s.turn.monster_moves == 1 and A.MonsterStop() not in rs.legal_actions(s, 1)
    assert refused(rs, s, A.MonsterStop(), 1) == "egypt.ambiguity.monster-onto-tokens"
    rs, s = _monster_turn({"4,1": [("Mummy", True)]}, monster_movement_up_to="exact")
    s = rs.step(rs.step(s, A.MoveMonster(token_id(s, "4,1", "Mummy")), 1), A.MonsterStep("5,1"), 1)
    assert refused(rs, s, A.MonsterStop(), 1) == "egypt.ambiguity.monster-movement-up-to"


def test_activating_a_trap_the_reading_does_not_activate() -> None:
    """Reading board-wide of egypt.ambiguity.activatable-traps: a revealed Crack cannot be activated."""
    rs, s = _monster_turn({"4,1": [("Crack", True)]})
    assert refused(rs, s, A.ActivateTrap(token_id(s, "4,1", "Crack")), 1) == "egypt.ambiguity.activatable-traps"


def test_the_bomb_with_no_rubble_left_or_at_two_spaces() -> None:
    rs = ruleset(FLAT, rubble_supply="twenty-two")
    s = situation(rs, [("3,1", ["Bomb"]), ("0,0", [])], {"4,1": [("Mummy", True)]})
    bomb = item_id(s, 0, "Bomb")
    empty = evolve(s, rubble=tuple(f"{x},0/floor" for x in range(8)) + tuple(f"{x},2/floor" for x in range(8)) +
                   tuple(f"{x},3/floor" for x in range(6)))
    assert len(empty.rubble) == 22
    assert refused(rs, empty, A.Bomb(bomb, None, "2,1", "floor")) == "egypt.ambiguity.rubble-supply"
    rs = ruleset(FLAT, bomb_both_effects="same-space")
    assert refused(rs, s, A.Bomb(bomb, "4,1", "2,1", "floor")) == "egypt.ambiguity.bomb-both-effects"
    assert A.Bomb(bomb, "4,1", "4,1", "floor") in rs.legal_actions(s)


def test_the_sledgehammer_with_no_rubble_left() -> None:
    """Issue 28: the sledgehammer's wall is refused for egypt.ambiguity.rubble-supply (twenty-two) when
    all 22 rubble tokens lie on the board, and offered while one is left or under unlimited."""
    walled = ["_ _ _ _ # _ _ _", "_ _ _ _ _ _ _ _"]                  # a wall on 4,1
    for reading, offered in (("twenty-two", False), ("unlimited", True)):
        rs = ruleset(walled, rubble_supply=reading)
        s = situation(rs, [("3,1", ["Sledgehammer"]), ("0,0", [])], {})
        hammer = item_id(s, 0, "Sledgehammer")
        assert A.Smash(hammer, "4,1") in rs.legal_actions(s)
        full = evolve(s, rubble=tuple(f"{x},0/floor" for x in range(8)) + tuple(f"{x},2/floor" for x in range(8)) +
                      tuple(f"{x},3/floor" for x in range(6)))
        assert len(full.rubble) == 22
        assert (A.Smash(hammer, "4,1") in rs.legal_actions(full)) is offered
        if not offered:
            assert refused(rs, full, A.Smash(hammer, "4,1")) == "egypt.ambiguity.rubble-supply"


def test_a_ghost_may_not_end_its_move_inside_a_wall() -> None:
    from tombspec.model.egypt.rules.monster_turn import start_monster_turn

    rs = ruleset(["_ _ _ _ # _ _ _", "_ _ _ _ _ _ _ _"])               # a wall on 4,1
    assert rs.board.spaces["4,1"].wall
    s = situation(rs, [("0,1", ["Bomb"]), ("7,1", [])], {"3,1": [("Ghost", True)]}, seat=1, kind="monster")
    s = start_monster_turn(rs, s).with_hero(1, status="dead", space=None, lives=0, items=())
    s = rs.step(rs.step(s, A.MoveMonster(token_id(s, "3,1", "Ghost")), 1), A.MonsterStep("4,1"), 1)
    assert refused(rs, s, A.MonsterStop(), 1) == "egypt.ambiguity.ghost-end-position"


def test_invalid_monster_moved_on_the_monster_turn_just_before_by_another_player_lists_both_sentences() -> None:
    # "Important: you cannot move the same monster twice in a row. If two players take monster turns one
    # after another, they must choose different monsters.": player 1's monster turn follows player 0's, who
    # moved the mummy (tests/cases/egypt/77b-consecutive-players-naming.jsonl)
    import json
    from pathlib import Path

    from tombspec.checks.oracle.trace import configure, start_state
    from tombspec.model.errors import IllegalAction

    path = Path(__file__).resolve().parents[1] / "cases" / "egypt" / "77b-consecutive-players-naming.jsonl"
    lines = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]
    rs = configure("egypt", lines[0]["options"], lines[0].get("board"), source=str(path))
    s = start_state(rs, lines[0]["state"], source=str(path))
    for line in lines[1:-1]:
        s = rs.step(s, rs.decode_action(line["action"]), line.get("player"))
    with pytest.raises(IllegalAction) as err:
        rs.step(s, rs.decode_action(lines[-1]["action"]), lines[-1].get("player"))
    assert err.value.rules == ("egypt.monster-turn.not-twice", "egypt.monster-turn.consecutive-players")


def _rules_at(case: str, line: int) -> tuple[str, ...]:
    """The rules the model names when it refuses the action of ``line`` (1-based, the header line 1) of
    the rulebook case ``case``, the actions before it replayed."""
    import json
    from pathlib import Path

    from tombspec.checks.oracle.trace import configure, start_state
    from tombspec.model.errors import IllegalAction

    path = Path(__file__).resolve().parents[1] / "cases" / "egypt" / case
    lines = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]
    rs = configure("egypt", lines[0]["options"], lines[0].get("board"), source=str(path))
    s = start_state(rs, lines[0]["state"], source=str(path))
    for entry in lines[1:line - 1]:
        if "error" not in entry:
            s = rs.step(s, rs.decode_action(entry["action"]), entry.get("player"))
    with pytest.raises(IllegalAction) as err:
        rs.step(s, rs.decode_action(lines[line - 1]["action"]), lines[line - 1].get("player"))
    return err.value.rules


def test_solo_a_monster_action_lists_you_dont_play_as_the_monsters() -> None:
    # Solo mode: "You don't play as the monsters." (tests/cases/egypt/102-solo-monsters-refused.jsonl): a
    # monster action on a hero's turn, a hero dead, names the ordinary game's rule and lists the solo one
    assert _rules_at("102-solo-monsters-refused.jsonl", 2) == ("egypt.death.monster-turn", "egypt.solo.no-monsters")
    assert _rules_at("102-solo-monsters-refused.jsonl", 3) == ("egypt.death.monster-turn", "egypt.solo.no-monsters")
    rs = ruleset(OPEN, players=1, solo_heroes=2)
    s = situation(rs, [("3,1", ["Bomb"]), ("5,2", [])], {"4,1": [("Mummy", True)]})
    with pytest.raises(IllegalAction) as err:
        rs.step(s, A.Pass())
    assert err.value.rules == ("egypt.death.monsters-idle", "egypt.solo.no-monsters")


def test_the_spirits_opening_pass_lists_the_reminder() -> None:
    # "Reminder for the spirit of the tomb: at the start of the game, until any monster or trap has been
    # revealed, you reveal hazard tokens instead." (tests/cases/egypt/106-spirit-reveals-first.jsonl)
    assert _rules_at("106-spirit-reveals-first.jsonl", 3) == ("egypt.ambiguity.may-or-must-play-monsters",
                                                               "egypt.modes.spirit-reveals-first")


def test_a_pass_by_a_dead_heros_player_does_not_list_the_spirits_reminder() -> None:
    rs, s = _dead_players_monster_turn()
    with pytest.raises(IllegalAction) as err:
        rs.step(s, A.Pass(), 1)
    assert err.value.rules == ("egypt.ambiguity.may-or-must-play-monsters",)


def _dead_players_monster_turn():
    rs = ruleset(OPEN, players=2)
    s = situation(rs, [("0,1", ["Bomb"]), ("7,1", [])], {"4,1": [("Crack", False)]}, seat=1, kind="monster")
    s = s.with_hero(1, status="dead", space=None, lives=0, items=())
    assert rs.pending(s).what == "monster-turn"
    return rs, s


def test_a_monster_in_a_wall_lists_the_walls_words() -> None:
    # "3. Wall. You cannot pass through a wall, and you cannot stand on a space that has a wall."
    # (tests/cases/egypt/114-ghost-through-wall.jsonl): a ghost stopping inside the wall 3,1, a mummy
    # stepping into it
    assert _rules_at("114-ghost-through-wall.jsonl", 4) == ("egypt.ambiguity.ghost-end-position",
                                                             "egypt.tomb.wall-blocks")
    assert _rules_at("114-ghost-through-wall.jsonl", 10) == ("egypt.monster-turn.move-rules", "egypt.tomb.wall-blocks")

"""Free Actions and Standard Actions (tomb.txt: Free Actions, Standard Actions, Draw, The Card Types,
Heal, Move, Pickpocket, Recruit, Play a Card, Return to the Inn)."""

from __future__ import annotations

import attrs

from tombspec.model.tomb.actions import (Attach, Bank, Defend, Done, Draw, DrawFrom, Heal, HealWound, Move, MoveCard,
                                         MoveTo, Pickpocket, Recruit, Redistribute, ReturnToInn, Roll, Steal)
from tombspec.model.tomb.cards import INN_DECKS

from .helpers import at, example_board, refused, ruleset, two_crypts

LONG = ["##################", "#E.............A.#", "###############aa#", "##################"]


def test_free_inn_heals_all_wounds_at_the_start_of_a_turn() -> None:
    rs = two_crypts()
    s = at(rs, [{"characters": [("Grimbold", [], 3), ("Kadin", [], 2)]}, {"characters": ["Wren"]}])
    assert [c.wounds for c in s.party(0).characters] == [0, 0]


def test_wounds_stay_in_the_tomb() -> None:
    rs = two_crypts()
    s = at(rs, [{"characters": [("Grimbold", [], 3)], "location": "3,1"}, {"characters": ["Wren"]}])
    assert s.party(0).characters[0].wounds == 3


def test_redistribute_attached_cards_at_the_beginning_of_the_turn() -> None:
    rs = two_crypts()
    s = at(rs, [{"characters": [("Grimbold", ["Battle Axe"]), "Kadin"], "location": "3,1"}, {"characters": ["Wren"]}])
    s = rs.step(rs.step(s, Redistribute(), 0), MoveCard("Battle Axe", "Grimbold", "Kadin"), 0)
    assert s.party(0).character("Kadin").attached == ("Battle Axe",)


def test_invalid_redistribute_after_another_action() -> None:
    rs = two_crypts()
    s = at(rs, [{"characters": [("Grimbold", ["Battle Axe", "Golden Chalice"]), "Kadin"]}, {"characters": ["Wren"]}])
    s = rs.step(s, Bank("Golden Chalice", "Grimbold"), 0)
    assert refused(rs, s, Redistribute(), 0) == "tomb.free.redistribute-attached"


def test_redistribute_any_time_before_the_standard_action_reading() -> None:
    rs = two_crypts(free_actions="any-time-before-standard")
    s = at(rs, [{"characters": [("Grimbold", ["Battle Axe", "Golden Chalice"]), "Kadin"]}, {"characters": ["Wren"]}])
    s = rs.step(s, Bank("Golden Chalice", "Grimbold"), 0)
    assert Redistribute() in rs.legal_actions(s, 0)


def test_invalid_redistribute_a_second_weapon() -> None:
    rs = two_crypts()
    s = at(rs, [{"characters": [("Grimbold", ["Battle Axe", "Iron Helm"]), ("Kadin", ["Jeweled Dagger"])], "location": "3,1"},
                      {"characters": ["Wren"]}])
    s = rs.step(s, Redistribute(), 0)
    assert refused(rs, s, MoveCard("Battle Axe", "Grimbold", "Kadin"), 0) == "tomb.attach.one-card-per-trait"


def test_invalid_redistribute_a_cast_spell() -> None:
    rs = two_crypts()
    s = at(rs, [{"characters": [("Kadin", ["Fireball", "Battle Axe"]), "Ysolde"], "location": "3,1"},
                      {"characters": ["Wren"]}])
    s = rs.step(s, Redistribute(), 0)
    assert refused(rs, s, MoveCard("Fireball", "Kadin", "Ysolde"), 0) == "tomb.ambiguity.redistribute-cast-cards"


def test_draw_two_cards_at_the_inn_items_attached_immediately() -> None:
    rs = two_crypts()
    s = at(rs, [{"characters": ["Grimbold"]}, {"characters": ["Wren"]}])
    s = rs.step(s, DrawFrom("item"), 0)
    s = rs.step(s, Draw("Battle Axe"))
    assert s.task.kind == "attach"
    s = rs.step(s, Attach("Battle Axe", "Grimbold"), 0)
    assert s.task.kind == "draw-second"
    s = rs.step(rs.step(s, DrawFrom("prayer"), 0), Draw("Weaken"))
    assert s.party(0).hand == ("Weaken",) and s.party(0).character("Grimbold").attached == ("Battle Axe",)
    assert s.current == 1                                   # the Standard Action ended the turn


def test_the_second_card_from_an_empty_deck_names_the_exhausted_supplies() -> None:
    """Issue 28's refusal audit: the second card of a Draw from an Inn deck that has nothing to give named
    the Draw rule; the first card's refusal names tomb.ambiguity.exhausted-supplies (nothing-drawn: no
    reshuffle), and so does the second now."""
    from tombspec.model.chance import Deck

    rs = two_crypts()
    s = at(rs, [{"characters": ["Grimbold"]}, {"characters": ["Wren"]}])
    i = INN_DECKS.index("tactics")
    decks, discards = list(s.decks), list(s.discards)
    decks[i], discards[i] = Deck(), decks[i]                                    # every Tactic discarded
    s = attrs.evolve(s, decks=tuple(decks), discards=tuple(discards))
    assert refused(rs, s, DrawFrom("tactics"), 0) == "tomb.ambiguity.exhausted-supplies"
    s = rs.step(rs.step(s, DrawFrom("prayer"), 0), Draw("Weaken"))
    assert s.task.kind == "draw-second" and DrawFrom("tactics") not in rs.legal_actions(s, 0)
    assert refused(rs, s, DrawFrom("tactics"), 0) == "tomb.ambiguity.exhausted-supplies"
    assert refused(rs, s, DrawFrom("crypt"), 0) == "tomb.draw.two-cards"        # no Inn deck of that name


def test_an_item_that_cannot_be_attached_is_discarded() -> None:
    rs = two_crypts()
    s = at(rs, [{"characters": [("Grimbold", ["Battle Axe"])]}, {"characters": ["Wren"]}])
    s = rs.step(rs.step(s, DrawFrom("item"), 0), Draw("Kama"))
    assert s.discards[INN_DECKS.index("item")].count("Kama") == 1 and s.task.kind == "draw-second"


def test_invalid_draw_in_the_tomb() -> None:
    rs = two_crypts()
    s = at(rs, [{"characters": ["Grimbold"], "location": "3,1"}, {"characters": ["Wren"]}])
    assert refused(rs, s, DrawFrom("item"), 0) == "tomb.draw.two-cards"


def test_no_hand_limit() -> None:
    rs = two_crypts()
    hand = ["Weaken", "Bless", "Healing Light", "Stone Skin", "Fireball", "Mending", "Teleport", "Feint", "Old Map",
            "War Banner", "Second Wind"]
    s = at(rs, [{"characters": ["Aurelia Dawnstar"], "hand": hand}, {"characters": ["Wren"]}])
    assert DrawFrom("prayer") in rs.legal_actions(s, 0)


def test_prayers_need_a_cleric_or_holiness_die_to_be_cast() -> None:
    rs = two_crypts()
    from tombspec.model.tomb.rules.cards import is_caster

    s = at(rs, [{"characters": ["Grimbold", "Pell the Quiet", "Brother Aldous"]}, {"characters": ["Wren"]}])
    assert not is_caster(rs, s, 0, "Grimbold", "prayer")
    assert is_caster(rs, s, 0, "Pell the Quiet", "prayer")          # a Holiness die, no Cleric
    assert is_caster(rs, s, 0, "Brother Aldous", "prayer")
    strict = two_crypts(casters="dice-required")
    assert is_caster(strict, s, 0, "Brother Aldous", "prayer")      # he has Holiness dice too


def test_party_caster_lets_any_member_cast_while_the_party_has_a_caster() -> None:
    """tomb.ambiguity.caster-requirements, reading party-caster (issue 28's audit): 'If you do not have a
    Cleric in your Adventuring Party (or a Character with one or more Holiness Dice), you cannot Attach
    or use a Prayer Card' sets the requirement on the Party: Grimbold may cast Healing Light while Mirin
    is with him, and nobody may in a Party without a caster."""
    from tombspec.model.tomb.actions import UseCard

    def casters(rs, party):
        s = at(rs, [{"characters": party, "hand": ["Healing Light"], "location": "3,1"}, {"characters": ["Wren"]}])
        return {a.holder for a in rs.legal_actions(s, 0) if isinstance(a, UseCard) and a.card == "Healing Light"}

    party = [("Grimbold", [], 2), "Mirin Faithbringer"]
    assert casters(two_crypts(), party) == {"Mirin Faithbringer"}
    assert casters(two_crypts(casters="party-caster"), party) == {"Grimbold", "Mirin Faithbringer"}
    assert casters(two_crypts(casters="party-caster"), [("Grimbold", [], 2), "Torvald"]) == set()


def test_a_refused_heal_names_the_rule_that_forbids_it() -> None:
    """Issue 28's refusal audit: a Heal in the Tomb with nobody wounded names the reading that forbids it
    (tomb.ambiguity.heal-without-wounds, injured-only), not the Heal's location; a Heal by no one Cleric
    under one-character-rolls = strict-one names that reading."""
    rs = two_crypts()
    s = at(rs, [{"characters": ["Brother Aldous", "Grimbold"], "location": "3,1"}, {"characters": ["Wren"]}])
    assert refused(rs, s, Heal(), 0) == "tomb.ambiguity.heal-without-wounds"
    strict = two_crypts(one_character_rolls="strict-one")
    s = at(strict, [{"characters": ["Brother Aldous", ("Grimbold", [], 1)], "location": "3,1"}, {"characters": ["Wren"]}])
    assert Heal("Brother Aldous") in strict.legal_actions(s, 0)
    assert refused(strict, s, Heal(), 0) == "tomb.ambiguity.one-character-rolls"


def test_heal_rolls_the_combined_holiness_of_the_clerics() -> None:
    rs = two_crypts()
    s = at(rs, [{"characters": [("Brother Aldous", [], 1), ("Father Osric", [], 0), ("Grimbold", [], 2)],
                       "location": "3,1"}, {"characters": ["Wren"]}])
    s = rs.step(s, Heal(), 0)
    assert s.roll.dice == (1, 3, 1)                                  # 0/2/0 + 1/1/1
    s = rs.step(s, Roll(0, 2, 0))
    # a Wound removed from a Character who has none is refused for what Heal removes, not its order
    assert refused(rs, s, HealWound("Father Osric"), 0) == "tomb.heal.remove-up-to-successes"
    s = rs.step(rs.step(s, HealWound("Grimbold"), 0), HealWound("Grimbold"), 0)
    assert s.party(0).character("Grimbold").wounds == 0 and s.current == 1


def test_invalid_heal_without_a_cleric() -> None:
    rs = two_crypts()
    s = at(rs, [{"characters": [("Grimbold", [], 2)], "location": "3,1"}, {"characters": ["Wren"]}])
    assert refused(rs, s, Heal(), 0) == "tomb.heal.needs-cleric"


def test_invalid_heal_at_the_inn() -> None:
    rs = two_crypts()
    s = at(rs, [{"characters": ["Brother Aldous"]}, {"characters": ["Wren"]}])
    assert refused(rs, s, Heal(), 0) == "tomb.ambiguity.heal-location"


def test_heal_stops_when_the_player_wishes() -> None:
    rs = two_crypts()
    s = at(rs, [{"characters": [("Brother Aldous", [], 2)], "location": "3,1"}, {"characters": ["Wren"]}])
    s = rs.step(rs.step(rs.step(s, Heal(), 0), Roll(0, 2, 0)), Done(), 0)
    assert s.party(0).character("Brother Aldous").wounds == 2


def test_move_ten_squares_orthogonally_from_the_inn_entrance_first() -> None:
    rs = ruleset(2, example_board(LONG))
    s = at(rs, [{"characters": ["Grimbold"]}, {"characters": ["Wren"]}])
    s = rs.step(s, Move(), 0)
    targets = {a.to for a in rs.legal_actions(s, 0)}
    assert "1,1" in targets and "10,1" in targets and "11,1" not in targets     # entrance is square one


def test_invalid_move_past_the_maximum() -> None:
    rs = ruleset(2, example_board(LONG))
    s = rs.step(at(rs, [{"characters": ["Grimbold"]}, {"characters": ["Wren"]}]), Move(), 0)
    assert refused(rs, s, MoveTo("11,1"), 0) == "tomb.move.max-movement"


def test_bonus_movement_from_characters_and_items() -> None:
    rs = ruleset(2, example_board(LONG))
    s = at(rs, [{"characters": [("Orla the Swift", ["Boots of Striding"])]}, {"characters": ["Wren"]}])
    s = rs.step(s, Move(), 0)
    assert MoveTo("15,1") in rs.legal_actions(s, 0)                            # 10 + 3 + 2


def test_parties_may_share_a_space() -> None:
    rs = two_crypts()
    s = at(rs, [{"characters": ["Grimbold"], "location": "3,1"}, {"characters": ["Wren"], "location": "5,1"}])
    s = rs.step(s, Move(), 0)
    assert MoveTo("5,1") in rs.legal_actions(s, 0)


def test_pickpocket_needs_a_rogue_in_range_and_not_at_the_inn() -> None:
    rs = two_crypts()
    s = at(rs, [{"characters": ["Grimbold"], "location": "3,1"},
                      {"characters": [("Wren", ["Battle Axe"])], "location": "5,1"}])
    assert refused(rs, s, Pickpocket(), 0) == "tomb.pickpocket.needs-rogue"
    s = at(rs, [{"characters": ["Dread"]}, {"characters": [("Wren", ["Battle Axe"])], "location": "5,1"}])
    assert refused(rs, s, Pickpocket(), 0) == "tomb.pickpocket.not-at-inn"


def test_invalid_pickpocket_from_own_party() -> None:
    rs = two_crypts()
    s = at(rs, [{"characters": ["Dread", ("Grimbold", ["Battle Axe"])], "location": "3,1"},
                      {"characters": [("Wren", ["Iron Helm"])], "location": "5,1"}])
    s = rs.step(s, Pickpocket(), 0)
    assert refused(rs, s, Steal("Dread", 0, "Grimbold", "Battle Axe"), 0) == "tomb.pickpocket.not-own-party"


def test_pickpocket_tie_is_caught_and_the_rogue_attacked() -> None:
    rs = two_crypts()
    s = at(rs, [{"characters": ["Dread", "Grimbold"], "location": "3,1"},
                      {"characters": [("Hedda Ironhand", ["Iron Helm"])], "location": "5,1"}])
    s = rs.step(rs.step(s, Pickpocket(), 0), Steal("Dread", 1, "Hedda Ironhand", "Iron Helm"), 0)
    s = rs.step(s, Defend("Hedda Ironhand"), 1)
    s = rs.step(rs.step(s, Roll(1, 0, 0)), Roll(0, 0, 0))
    # Hedda rolls no Skill dice: 0 successes against 1: the theft succeeds
    assert "Iron Helm" in s.party(0).character("Dread").attached


def test_pickpocket_caught_rogue_killed_gives_his_cards_to_the_attacker() -> None:
    rs = two_crypts()
    s = at(rs, [{"characters": [("Dread", ["Golden Chalice"], 3), "Grimbold"], "location": "3,1"},
                      {"characters": [("Captain Dukat", ["Iron Helm"])], "location": "5,1"}])
    s = rs.step(rs.step(s, Pickpocket(), 0), Steal("Dread", 1, "Captain Dukat", "Iron Helm"), 0)
    s = rs.step(s, Defend("Captain Dukat"), 1)
    s = rs.step(rs.step(s, Roll(0, 0, 0)), Roll(0, 1, 0))           # caught
    assert s.roll.purpose == "catch"
    s = rs.step(s, Roll(1, 0, 0))                                     # one hit kills Dread (3 wounds, 4 HP)
    s = rs.step(s, Draw("Ember")) if s.task.kind == "replace" else s
    assert s.party(0).character("Dread") is None
    assert s.task.kind == "loot" and s.task.player == 1
    s = rs.step(s, Attach("Golden Chalice", "Captain Dukat"), 1)
    assert "Golden Chalice" in s.party(1).character("Captain Dukat").attached


def test_a_killed_rogues_card_refused_to_a_character_names_the_attachment_rule() -> None:
    """Issue 28's refusal audit: the attacker Attaches the Rogue's cards to his Characters; Leather Armor
    to a Character who wears Armor already breaks the one-per-trait limit, and the refusal names that
    rule, not the Pickpocket rule (which still names a card that is not the one to place)."""
    from tombspec.model.errors import IllegalAction

    rs = two_crypts()
    s = at(rs, [{"characters": [("Dread", ["Golden Chalice", "Leather Armor"], 4), "Grimbold"], "location": "3,1"},
                {"characters": [("Captain Dukat", ["Iron Helm", "Leather Armor"]), "Hedda Ironhand"],
                 "location": "5,1"}])
    s = rs.step(rs.step(s, Pickpocket(), 0), Steal("Dread", 1, "Captain Dukat", "Iron Helm"), 0)
    s = rs.step(rs.step(rs.step(s, Defend("Captain Dukat"), 1), Roll(0, 0, 0)), Roll(0, 1, 0))
    s = rs.step(s, Roll(1, 0, 0))                                     # Dread is killed
    s = rs.step(s, Draw("Ember")) if s.task.kind == "replace" else s
    assert s.task.kind == "loot" and s.task.items == ("Golden Chalice", "Leather Armor")
    s = rs.step(s, Attach("Golden Chalice", "Hedda Ironhand"), 1)
    assert s.task.kind == "loot" and rs.legal_actions(s, 1) == [Attach("Leather Armor", "Hedda Ironhand")]
    rule = rs.can_attach(s, 1, "Captain Dukat", "Leather Armor")
    assert rule is not None and rule.startswith("tomb.attach.")
    for action, named in ((Attach("Leather Armor", "Captain Dukat"), rule),
                          (Attach("Iron Helm", "Hedda Ironhand"), "tomb.pickpocket.rogue-killed-cards-to-attacker")):
        try:
            rs.step(s, action, 1)
        except IllegalAction as exc:
            assert exc.rule_id == named
        else:
            raise AssertionError(f"{action!r} was accepted")


def test_pickpocket_killed_rogue_cards_discarded_reading() -> None:
    rs = two_crypts(killed_rogue_cards="discarded")
    s = at(rs, [{"characters": [("Dread", ["Golden Chalice"], 3), "Grimbold"], "location": "3,1"},
                      {"characters": [("Captain Dukat", ["Iron Helm"])], "location": "5,1"}])
    s = rs.step(rs.step(s, Pickpocket(), 0), Steal("Dread", 1, "Captain Dukat", "Iron Helm"), 0)
    s = rs.step(rs.step(rs.step(s, Defend("Captain Dukat"), 1), Roll(0, 0, 0)), Roll(0, 1, 0))
    s = rs.step(s, Roll(1, 0, 0))
    assert s.crypt_discard.count("Golden Chalice") == 1


def test_recruit_at_the_inn_draws_class_cards() -> None:
    rs = two_crypts()
    s = at(rs, [{"characters": ["Grimbold"]}, {"characters": ["Wren"]}], inn=("Aurelia Dawnstar",))
    s = rs.step(s, Recruit("Aurelia Dawnstar"), 0)
    assert [(t.kind, t.deck) for t in s.agenda[:2]] == [("inn-draw", "prayer"), ("inn-draw", "spell")]


def test_invalid_recruit_a_sixth_character() -> None:
    rs = two_crypts()
    s = at(rs, [{"characters": ["Grimbold", "Kadin", "Ysolde", "Torvald", "Quill"]}, {"characters": ["Wren"]}],
                 inn=("Ember",))
    assert refused(rs, s, Recruit("Ember"), 0) == "tomb.party.size-one-to-five"


def test_invalid_recruit_in_the_tomb() -> None:
    rs = two_crypts()
    s = at(rs, [{"characters": ["Grimbold"], "location": "3,1"}, {"characters": ["Wren"]}], inn=("Ember",))
    assert refused(rs, s, Recruit("Ember"), 0) == "tomb.recruit.one-from-inn"


def test_return_to_the_inn_banks_attached_treasure_and_ends_the_turn() -> None:
    rs = two_crypts()
    s = at(rs, [{"characters": [("Grimbold", ["Golden Chalice"])], "location": "3,1"}, {"characters": ["Wren"]}])
    s = rs.step(s, ReturnToInn(), 0)
    assert s.task.kind == "bank-at-inn"
    s = rs.step(s, Bank("Golden Chalice", "Grimbold"), 0)
    assert s.party(0).bank == ("Golden Chalice",) and s.current == 1


def test_invalid_return_to_the_inn_from_the_inn() -> None:
    rs = two_crypts()
    s = at(rs, [{"characters": ["Grimbold"]}, {"characters": ["Wren"]}])
    assert refused(rs, s, ReturnToInn(), 0) == "tomb.flee.standard-action-return"


def test_attached_treasure_banked_on_a_later_turn_begun_at_the_inn() -> None:
    rs = two_crypts()
    s = at(rs, [{"characters": [("Grimbold", ["Golden Chalice"])]}, {"characters": ["Wren"]}])
    assert Bank("Golden Chalice", "Grimbold") in rs.legal_actions(s, 0)
    strict = two_crypts(treasure_banking="on-arrival-only")
    s = at(strict, [{"characters": [("Grimbold", ["Golden Chalice"])]}, {"characters": ["Wren"]}])
    assert Bank("Golden Chalice", "Grimbold") not in strict.legal_actions(s, 0)


def test_only_one_standard_action_a_turn() -> None:
    rs = two_crypts()
    s = at(rs, [{"characters": ["Grimbold"], "location": "3,1"}, {"characters": ["Wren"]}])
    s = rs.step(rs.step(s, Move(), 0), MoveTo("4,1"), 0)
    assert s.current == 1 and s.task.kind == "turn"


def test_acting_on_another_players_turn_breaks_the_clockwise_order() -> None:
    """Issue 28: a refusal names the rule that forbids the action.  Player 1 making player 0's Move (or
    any decision of player 0's turn) breaks 'Play then proceeds in clockwise order'; in a Raid, a
    decision the Raiding Player makes names the rule that gives it to him."""
    rs = two_crypts()
    s = at(rs, [{"characters": ["Grimbold"], "location": "3,1"}, {"characters": ["Wren"]}])
    assert refused(rs, s, Move(), 1) == "tomb.setup.clockwise"
    s = rs.step(s, Move(), 0)
    assert refused(rs, s, MoveTo("4,1"), 1) == "tomb.setup.clockwise"
    from tombspec.model.tomb.actions import Raid

    s = at(rs, [{"characters": ["Grimbold"], "location": "2,1"}, {"characters": ["Wren"]}],
           {"a": ["Golden Chalice"], "b": ["Giant Rat"]})
    s = rs.step(s, Raid(), 0)
    assert s.task.kind == "treasure-choice"
    assert refused(rs, s, Bank("Golden Chalice"), 1) == "tomb.treasure.bank-or-attach-immediately"


def test_one_traited_item_reading() -> None:
    rs = two_crypts(trait_scope="one-traited-item")
    s = at(rs, [{"characters": [("Grimbold", ["Iron Helm"])]}, {"characters": ["Wren"]}])
    s = rs.step(rs.step(s, DrawFrom("item"), 0), Draw("Battle Axe"))
    assert s.discards[INN_DECKS.index("item")].count("Battle Axe") == 1       # a second traited Item


def test_a_two_trait_card_counts_each_or_once() -> None:
    each = two_crypts()
    once = two_crypts(multi_trait="counts-once")
    from tombspec.model.tomb.rules.cards import is_trait_conflict

    assert is_trait_conflict(each, ("Spear and Buckler",), "Tower Shield")
    assert is_trait_conflict(each, ("Spear and Buckler",), "Battle Axe")
    assert not is_trait_conflict(once, ("Spear and Buckler",), "Tower Shield")   # it counts as the Weapon
    assert is_trait_conflict(once, ("Spear and Buckler", "Tower Shield"), "Battle Axe")


def test_trait_by_name_reading() -> None:
    from tombspec.model.tomb.rules.cards import traits_of

    assert traits_of(two_crypts(), "Bruntor's Shield") == ()
    assert traits_of(two_crypts(trait_by_name="name-implies"), "Bruntor's Shield") == ("shield",)


def test_state_is_a_frozen_value() -> None:
    rs = two_crypts()
    s = at(rs, [{"characters": ["Grimbold"]}, {"characters": ["Wren"]}])
    assert attrs.has(type(s)) and hash(s) == hash(attrs.evolve(s))


def test_a_board_space_s_turn_action_exercises_its_reading() -> None:
    """conform --rule-coverage listed tomb.ambiguity.board-space-turn-actions as never exercised though
    games played the board's Turn Action (the Tomb implementation's O4): playing it notes the reading."""
    import random

    from tombspec.model.play import next_move
    from tombspec.model.registry import get_ruleset
    from tombspec.model.traceability import recording

    rs = get_ruleset("tomb")
    s, rng = rs.initial_state(), random.Random(0)
    for _ in range(3000):
        p = rs.pending(s)
        assert not p.is_over, "no board space's Turn Action offered in the game"
        hits = [(a, pl) for pl in (p.actors if p.is_decision else ())
                for a in rs.legal_actions(s, pl) if getattr(a, "card", "").startswith("space:")]
        if hits:
            with recording() as seen:
                rs.step(s, *hits[0])
            assert "tomb.ambiguity.board-space-turn-actions" in seen and "tomb.act.turn-action" in seen
            return
        s = rs.step(s, *next_move(rs, s, rng))
    raise AssertionError("no board space's Turn Action offered in 3,000 steps")


def _another_way_in(rs: object, location: str) -> list[str]:
    s = at(rs, [{"characters": ["Grimbold"], "location": location, "hand": ["Another Way In"]},
                {"characters": ["Wren"]}])
    return sorted(a.target for a in rs.legal_actions(s, 0) if getattr(a, "card", "") == "Another Way In")


def test_another_way_in_raids_a_crypt_orthogonally_adjacent_and_never_from_its_door() -> None:
    """"If your Party is adjacent to a Crypt, but not at the Crypt Door, Raid the Crypt": the space between
    the two Doors touches Crypt a edge to edge (and b only corner to corner); on b's Door, b is its own."""
    rs = two_crypts()
    assert _another_way_in(rs, "3,1") == ["a"]
    assert _another_way_in(rs, "4,1") == []


def test_another_way_in_with_diagonals_reading_adds_crypts_touching_corner_to_corner() -> None:
    rs = two_crypts(another_way_in="with-diagonals")
    assert _another_way_in(rs, "3,1") == ["a", "b"]
    assert _another_way_in(rs, "4,1") == ["a"]          # still never b, whose Door this is

"""The turn (tomb-cryptmaster.txt: Turn Sequence, Free Actions, Turn Actions): Equip, Share, Bank, Rest,
Dispel Curse; Draw and the ten-card limit, Recruit and Pariahs, Move, Heal, Pickpocket, Return to the
Inn, Raid a Crypt."""

from __future__ import annotations

from tombspec.model.tomb.actions import (Bank, Defend, DispelCurse, DrawFrom, Equip, EquipCards, Heal, Move,
                                         MoveCard, MoveTo, Pickpocket, Raid, Recruit, Redistribute, Rest,
                                         ReturnToInn, Roll, Steal)
from tombspec.model.tomb.board import INN

from .helpers import DOOR, at, refused, ruleset, step

PARTIES = [{"characters": ["Grimbold"]}, {"characters": ["Wren"], "location": "2,3"},
           {"characters": ["Kadin"], "location": "2,3"}]


def test_equip_any_number_of_times_from_the_hand() -> None:
    rs = ruleset()
    s = at(rs, [{"characters": ["Grimbold", "Kadin"], "hand": ["Battle Axe", "Leather Armor", "Ring of Magic"]},
                *PARTIES[1:]])
    assert EquipCards() in rs.legal_actions(s, 0)
    s = step(rs, s, EquipCards(), Equip("Battle Axe", "Grimbold"), EquipCards(), Equip("Leather Armor", "Kadin"))
    party = s.party(0)
    assert party.character("Grimbold").attached == ("Battle Axe",) and party.character("Kadin").attached == ("Leather Armor",)
    assert s.task.kind == "turn" and EquipCards() in rs.legal_actions(s, 0)        # the ring is still in hand


def test_invalid_equip_against_the_attachment_restrictions() -> None:
    rs = ruleset()
    s = at(rs, [{"characters": ["Grimbold"], "hand": ["Bless"]}, *PARTIES[1:]])   # a prayer needs holiness dice
    assert EquipCards() not in rs.legal_actions(s, 0)
    assert refused(rs, s, EquipCards(), 0) == "cryptmaster.free.equip"


def test_a_refused_equip_names_the_attachment_restriction_it_breaks() -> None:
    """Issue 28's refusal audit: Equip's choice refused a card the restrictions forbid with Equip's own
    rule; a prayer on a character without a die of holiness breaks "Prayers may only be attached to
    characters with at least one die of holiness."""
    rs = ruleset()
    s = at(rs, [{"characters": ["Grimbold", "Kadin"], "hand": ["Battle Axe", "Bless"]}, *PARTIES[1:]])
    s = step(rs, s, EquipCards())
    assert s.task.kind == "equip" and Equip("Bless", "Grimbold") not in rs.legal_actions(s, 0)
    assert refused(rs, s, Equip("Bless", "Grimbold"), 0) == "cryptmaster.attach.prayers-need-holiness"
    assert refused(rs, s, Equip("Fireball", "Grimbold"), 0) == "cryptmaster.free.equip"       # not in the hand
    assert refused(rs, s, Equip("Battle Axe", "Wren"), 0) == "cryptmaster.free.equip"         # not in the party


def test_share_moves_attached_cards_but_never_cursed_ones() -> None:
    rs = ruleset()
    s = at(rs, [{"characters": [("Grimbold", ["Blade of Ruin", "Leather Armor"]), "Hedda Ironhand"]}, *PARTIES[1:]])
    s = step(rs, s, Redistribute())
    moves = rs.legal_actions(s, 0)
    assert MoveCard("Leather Armor", "Grimbold", "Hedda Ironhand") in moves
    assert all(m.card != "Blade of Ruin" for m in moves)


def test_bank_attached_treasure_only_in_the_inn() -> None:
    rs = ruleset()
    inn = at(rs, [{"characters": [("Grimbold", ["Golden Chalice"])]}, *PARTIES[1:]], {"g": ["Golden Chalice"]})
    assert Bank("Golden Chalice", "Grimbold") in rs.legal_actions(inn, 0)
    s = step(rs, inn, Bank("Golden Chalice", "Grimbold"))
    assert s.party(0).bank == ("Golden Chalice",) and s.party(0).characters[0].attached == ()
    tomb = at(rs, [{"characters": [("Grimbold", ["Golden Chalice"])], "location": "2,3"}, *PARTIES[1:]],
              {"g": ["Golden Chalice"]})
    assert not any(isinstance(a, Bank) for a in rs.legal_actions(tomb, 0))
    assert refused(rs, tomb, Bank("Golden Chalice", "Grimbold"), 0) == "cryptmaster.free.bank"


def test_rest_removes_all_wounds_and_unwanted_curses_in_the_inn() -> None:
    rs = ruleset()
    s = at(rs, [{"characters": [("Grimbold", ["Curse of Weakness"], 3), ("Kadin", [], 1)]}, *PARTIES[1:]])
    assert [c.wounds for c in s.party(0).characters] == [3, 1]             # no automatic healing
    s = step(rs, s, Rest(("Curse of Weakness",)))
    assert [c.wounds for c in s.party(0).characters] == [0, 0]
    assert s.party(0).character("Grimbold").attached == ()
    assert not any(isinstance(a, Rest) for a in rs.legal_actions(s, 0))   # once
    # issue 28's refusal audit: a second Rest names "any number of different Free actions", not Rest's rule
    assert refused(rs, s, Rest(()), 0) == "cryptmaster.card-text.free"


def test_invalid_rest_outside_the_inn() -> None:
    rs = ruleset()
    s = at(rs, [{"characters": [("Grimbold", [], 3)], "location": "2,3"}, *PARTIES[1:]])
    assert refused(rs, s, Rest(()), 0) == "cryptmaster.free.rest-wounds"


def test_dispel_curse_once_per_curse_per_turn_and_banked() -> None:
    rs = ruleset()
    s = at(rs, [{"characters": [("Mirin Faithbringer", ["Curse of Weakness"])], "location": "2,3"}, *PARTIES[1:]])
    s = step(rs, s, DispelCurse("Curse of Weakness", "Mirin Faithbringer"))
    assert s.roll.purpose == "dispel" and s.roll.value == 2             # Holiness, TN 2, the whole party
    failed = rs.step(s, Roll(1, 0, 0))
    assert "Curse of Weakness" in failed.party(0).characters[0].attached
    assert refused(rs, failed, DispelCurse("Curse of Weakness", "Mirin Faithbringer"), 0) == \
        "cryptmaster.free.dispel-curse-limit"
    lifted = rs.step(s, Roll(1, 1, 0))
    assert lifted.party(0).bank == ("Curse of Weakness",)
    # issue 28's refusal audit: a curse the party does not hold is not a second attempt
    assert refused(rs, failed, DispelCurse("Curse of Weakness", "Grimbold"), 0) == "cryptmaster.free.dispel-curse"


def test_draw_two_inn_cards_below_ten() -> None:
    rs = ruleset()
    s = at(rs, [{"characters": ["Grimbold"], "hand": ["Battle Axe"] * 2 + ["Bless"] * 2 + ["Weaken"] * 2 +
                 ["Stone Skin"] * 2 + ["Fireball"]}, *PARTIES[1:]])                       # nine Inn cards
    assert DrawFrom("item") in rs.legal_actions(s, 0)


def test_invalid_draw_with_ten_inn_cards() -> None:
    rs = ruleset()
    ten = ["Battle Axe"] * 2 + ["Bless"] * 2 + ["Weaken"] * 2 + ["Stone Skin"] * 2 + ["Fireball"] * 2
    s = at(rs, [{"characters": ["Kadin"], "hand": ten}, *PARTIES[1:]])
    assert refused(rs, s, DrawFrom("item"), 0) == "cryptmaster.draw.ten-card-limit"


def test_a_draw_from_an_empty_deck_and_discards_names_the_reshuffle_reading() -> None:
    """Issue 28: with the Prayer deck and its discard pile empty and nine counted cards in the party,
    DrawFrom("prayer") is refused for what is empty (cryptmaster.ambiguity.reshuffle-timing: 'With no
    discards either, nothing is drawn'), not for the ten-card limit it is below."""
    import attrs

    from tombspec.model.chance import Deck
    from tombspec.model.tomb.cards import INN_DECKS

    rs = ruleset()
    nine = ["Battle Axe"] * 2 + ["Bless"] * 2 + ["Weaken"] * 2 + ["Stone Skin"] * 2 + ["Fireball"]
    s = at(rs, [{"characters": ["Kadin"], "hand": nine}, *PARTIES[1:]])
    i = INN_DECKS.index("prayer")
    assert DrawFrom("prayer") in rs.legal_actions(s, 0)
    decks, discards = list(s.decks), list(s.discards)
    decks[i], discards[i] = Deck(), Deck()                  # (a test of the refusal: the cards left out)
    s = attrs.evolve(s, decks=tuple(decks), discards=tuple(discards))
    assert DrawFrom("prayer") not in rs.legal_actions(s, 0)
    assert DrawFrom("item") in rs.legal_actions(s, 0)                         # below ten: the Draw is open
    assert refused(rs, s, DrawFrom("prayer"), 0) == "cryptmaster.ambiguity.reshuffle-timing"
    ten = at(rs, [{"characters": ["Kadin"], "hand": nine + ["Fireball"]}, *PARTIES[1:]])
    assert refused(rs, attrs.evolve(ten, decks=tuple(decks), discards=tuple(discards)), DrawFrom("prayer"), 0) == \
        "cryptmaster.draw.ten-card-limit"                                       # at ten, the limit comes first


def test_recruiting_a_character_not_at_the_inn_names_the_recruit_rule() -> None:
    """The refusal audit (issue 28): a Recruit of a Character who is not in the Inn breaks 'you may
    recruit one character from the Inn', not the Pariah rule."""
    from tombspec.model.tomb.actions import Recruit

    rs = ruleset()
    s = at(rs, [{"characters": ["Kadin"]}, *PARTIES[1:]])
    absent = next(c for c in rs.cards.characters if c not in s.inn and s.owner_of(c) is None)
    assert refused(rs, s, Recruit(absent), 0) == "cryptmaster.recruit.recruit-one"


def test_a_fighter_lets_one_item_not_count() -> None:
    rs = ruleset()
    ten = ["Battle Axe"] * 2 + ["Bless"] * 2 + ["Weaken"] * 2 + ["Stone Skin"] * 2 + ["Fireball"] * 2
    s = at(rs, [{"characters": ["Grimbold"], "hand": ten}, *PARTIES[1:]])
    assert DrawFrom("item") in rs.legal_actions(s, 0)


def test_only_an_attached_item_is_a_fighter_s_under_the_attached_items_reading() -> None:
    """cryptmaster.ambiguity.fighter-item-exemption: the Battle Axes in the hand do not count under any-item
    (above); under attached-items they do, and ten Inn cards refuse the Draw, until an Axe is Attached."""
    rs = ruleset(fighter_items="attached-items")
    ten = ["Battle Axe"] * 2 + ["Bless"] * 2 + ["Weaken"] * 2 + ["Stone Skin"] * 2 + ["Fireball"] * 2
    s = at(rs, [{"characters": ["Grimbold"], "hand": ten}, *PARTIES[1:]])
    assert refused(rs, s, DrawFrom("item"), 0) == "cryptmaster.draw.ten-card-limit"
    s = at(rs, [{"characters": [("Grimbold", ["Battle Axe"])], "hand": ten[1:]}, *PARTIES[1:]])
    assert DrawFrom("item") in rs.legal_actions(s, 0)


def test_recruit_a_wizard_draws_a_spell() -> None:
    rs = ruleset()
    s = at(rs, [{"characters": ["Grimbold"]}, *PARTIES[1:]], inn=("Magister Thule",))
    s = step(rs, s, Recruit("Magister Thule"))
    s = step(rs, s, rs.chance(s).support()[0][0])
    assert s.party(0).names == ("Grimbold", "Magister Thule") and len(s.party(0).hand) == 1
    assert s.party(0).hand[0] in rs.cards.inn and rs.cards.inn[s.party(0).hand[0]].deck == "spell"


def test_a_pariah_in_the_inn_must_come_too() -> None:
    rs = ruleset()
    s = at(rs, [{"characters": ["Grimbold"]}, *PARTIES[1:]], inn=("Hedda Ironhand", "Grist the Outcast"))
    s = step(rs, s, Recruit("Hedda Ironhand"))
    assert s.task.kind == "recruit-pariah" and rs.legal_actions(s, 0) == [Recruit("Grist the Outcast")]
    s = step(rs, s, Recruit("Grist the Outcast"))
    assert set(s.party(0).names) == {"Grimbold", "Hedda Ironhand", "Grist the Outcast"}


def test_with_room_for_one_only_the_pariah_may_be_recruited() -> None:
    rs = ruleset()
    four = ["Grimbold", "Hedda Ironhand", "Torvald", "Wulfric"]
    s = at(rs, [{"characters": four}, *PARTIES[1:]], inn=("Korr the Hammer", "Grist the Outcast"))
    assert [a for a in rs.legal_actions(s, 0) if isinstance(a, Recruit)] == [Recruit("Grist the Outcast")]
    assert refused(rs, s, Recruit("Korr the Hammer"), 0) == "cryptmaster.recruit.pariah-only-over-five"


def test_invalid_recruit_with_five_characters() -> None:
    rs = ruleset()
    five = ["Grimbold", "Hedda Ironhand", "Torvald", "Wulfric", "Roderic"]
    s = at(rs, [{"characters": five}, *PARTIES[1:]], inn=("Korr the Hammer",))
    assert refused(rs, s, Recruit("Korr the Hammer"), 0) == "cryptmaster.recruit.five-character-limit"


def test_move_from_the_inn_starts_at_the_entrance_and_an_empty_crypt_costs_one() -> None:
    rs = ruleset()
    s = at(rs, [{"characters": ["Grimbold"]}, *PARTIES[1:]], {"a": [], "g": ["Golden Chalice"]})
    s = step(rs, s, Move())
    targets = {a.to for a in rs.legal_actions(s, 0)}
    assert {"1,2", DOOR["a"], DOOR["g"], "crypt:a"} <= targets                  # ten spaces reach the far door
    assert "crypt:g" not in targets                                            # a crypt with cards: only by raiding
    s = step(rs, s, MoveTo("crypt:a"))
    assert s.party(0).location == "crypt:a"


def test_heal_is_a_party_holiness_roll_needing_a_cleric() -> None:
    rs = ruleset()
    s = at(rs, [{"characters": [("Grimbold", [], 2), "Mirin Faithbringer"], "location": "2,3"}, *PARTIES[1:]])
    s = step(rs, s, Heal())
    assert s.roll.purpose == "heal" and s.roll.dice == (2, 2, 2)               # Mirin's holiness, Grimbold none
    no_cleric = at(rs, [{"characters": [("Grimbold", [], 2)], "location": "2,3"}, *PARTIES[1:]])
    assert refused(rs, no_cleric, Heal(), 0) == "cryptmaster.heal.party-holiness-roll"


def test_a_heal_with_nobody_wounded_is_a_reading() -> None:
    """cryptmaster.ambiguity.heal-without-wounds (issue 28's audit, a choice the model made silently): Heal's
    condition is a cleric in the party; under injured-only (the default, the play before) it needs a wound
    and its refusal names the entry; under always it is offered and heals nothing."""
    party = [{"characters": ["Mirin Faithbringer", "Grimbold"], "location": "2,3"}, *PARTIES[1:]]
    rs = ruleset()
    s = at(rs, party)
    assert Heal() not in rs.legal_actions(s, 0)
    assert refused(rs, s, Heal(), 0) == "cryptmaster.ambiguity.heal-without-wounds"
    always = ruleset(heal_injured="always")
    s = at(always, party)
    assert Heal() in always.legal_actions(s, 0)
    s = always.step(s, Heal(), 0)
    assert s.roll.purpose == "heal"


def test_pickpocket_an_attached_item_within_move_distance() -> None:
    rs = ruleset()
    s = at(rs, [{"characters": ["Dread"], "location": "2,3"},
                {"characters": [("Captain Dukat", ["Battle Axe"])], "location": DOOR["d"]},
                {"characters": ["Kadin"]}])
    assert Pickpocket() in rs.legal_actions(s, 0)
    s = step(rs, s, Pickpocket(), Steal("Dread", 1, "", None))
    assert s.task.kind == "defend" and 1 in rs.pending(s).actors
    s = step(rs, s, Defend("Captain Dukat"))
    s = step(rs, s, Roll(0, 2, 2))                        # Dread: skill 2 green, 2 blue, 2 red; 4 successes
    s = step(rs, s, Roll(0, 1, 0))                        # Dukat: 1 success
    assert s.task.kind == "pick-card"
    from tombspec.model.tomb.actions import Attach

    s = step(rs, s, Attach("Battle Axe", "Dread"))
    assert s.party(0).character("Dread").attached == ("Battle Axe",) and s.party(1).characters[0].attached == ()


def test_a_stolen_card_the_rogue_may_not_hold_names_the_restriction() -> None:
    """Issue 28's refusal audit: Dread, holding a weapon, may not take Dukat's Battle Axe: the refusal names
    the attachment restriction it breaks ('A character may not have multiples of the same keyword
    attached'), not the pickpocket's success."""
    from tombspec.model.tomb.actions import Attach, Pass

    rs = ruleset()
    s = at(rs, [{"characters": [("Dread", ["Double-Bladed Sword"])], "location": "2,3"},
                {"characters": [("Captain Dukat", ["Battle Axe"])], "location": DOOR["d"]},
                {"characters": ["Kadin"]}])
    s = step(rs, s, Pickpocket(), Steal("Dread", 1, "", None), Defend("Captain Dukat"), Roll(0, 2, 2), Roll(0, 1, 0))
    assert s.task.kind == "pick-card" and rs.legal_actions(s, 0) == [Pass()]
    assert refused(rs, s, Attach("Battle Axe", "Dread"), 0) == "cryptmaster.attach.one-per-keyword"
    assert refused(rs, s, Attach("Double-Bladed Sword", "Dread"), 0) == "cryptmaster.pickpocket.success"


def test_a_refused_move_names_the_move_rule() -> None:
    """Issue 28's refusal audit: a Move refused (a party with nobody in it has nowhere to go) names Move's
    rule, as Tomb's refusal does, not the one-turn-action rule."""
    rs = ruleset()
    s = at(rs, [{"characters": [], "location": "2,3"}, *PARTIES[1:]])
    assert refused(rs, s, Move(), 0) == "cryptmaster.move.up-to-ten"


def test_invalid_pickpocket_from_the_inn() -> None:
    rs = ruleset()
    s = at(rs, [{"characters": ["Dread"]}, {"characters": [("Captain Dukat", ["Battle Axe"])], "location": "2,3"},
                {"characters": ["Kadin"]}])
    assert refused(rs, s, Pickpocket(), 0) == "cryptmaster.pickpocket.attempt"


def test_return_to_the_inn_from_anywhere() -> None:
    rs = ruleset()
    s = at(rs, [{"characters": ["Grimbold"], "location": "room:1"}, *PARTIES[1:]])
    s = step(rs, s, ReturnToInn())
    assert s.party(0).location == INN


def test_invalid_raid_of_an_empty_crypt() -> None:
    rs = ruleset()
    s = at(rs, [{"characters": ["Grimbold"], "location": DOOR["a"]}, *PARTIES[1:]], {"a": [], "g": ["Golden Chalice"]})
    assert refused(rs, s, Raid(), 0) == "cryptmaster.raid.raid-a-crypt"
    full = at(rs, [{"characters": ["Grimbold"], "location": DOOR["a"]}, *PARTIES[1:]], {"a": ["Giant Rat"]})
    assert Raid() in rs.legal_actions(full, 0)


def test_one_turn_action_then_upkeep_and_the_next_player() -> None:
    rs = ruleset()
    s = at(rs, [{"characters": ["Grimbold"], "location": "2,3"}, *PARTIES[1:]])
    s = step(rs, s, ReturnToInn())
    assert s.current == 1 and s.task.kind == "turn"

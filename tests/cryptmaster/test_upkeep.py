"""End of turn (tomb-cryptmaster.txt: Upkeep, Game End): pay mercenaries, refill slain parties, dismiss
extra members, clean up, the empty Tomb; scores and the winner."""

from __future__ import annotations

import attrs
import pytest

from tombspec.model.errors import IllegalAction

from tombspec.model.tomb.actions import (Attack, Discard, Dismiss, Done, Hire, Lend, MoveCard, Pass, Pay, Raid,
                                         ReturnToInn, Roll)
from tombspec.model.tomb.board import INN

from .helpers import DOOR, at, refused, ruleset, step, until

OTHERS = [{"characters": ["Wren"], "location": "2,3"}, {"characters": ["Kadin"], "location": "2,3"}]


def test_the_raider_pays_each_mercenary_two_hand_cards_or_one_attached() -> None:
    rs = ruleset()
    s = at(rs, [{"characters": [("Grimbold", ["Battle Axe"])], "location": DOOR["d"], "hand": ["Bless", "Weaken"]},
                *OTHERS], {"d": ["Giant Rat"], "g": ["Golden Chalice"]})
    s = step(rs, s, Raid(), Hire(2), Lend("Kadin"), Done())
    s = until(rs, s, "battle-cm")
    s = step(rs, s, Pass())
    s = until(rs, s, "battle-raider")
    s = step(rs, s, Attack("Grimbold", "m0"), Roll(3, 0, 0))
    assert s.task.kind == "pay" and rs.pending(s).actors == (0,)
    assert set(rs.legal_actions(s, 0)) == {Pay(("Bless", "Weaken")), Pay(("attached",))}
    paid = step(rs, s, Pay(("Bless", "Weaken")))
    assert paid.party(2).hand == ("Bless", "Weaken") and paid.party(0).hand == ()
    picked = step(rs, s, Pay(("attached",)))
    assert picked.task.kind == "pay-pick" and rs.pending(picked).actors == (2,)   # their choice
    picked = step(rs, picked, Pay(("Battle Axe",)))
    assert picked.party(2).hand == ("Battle Axe",) and picked.party(0).characters[0].attached == ()


def test_a_character_paid_away_the_card_that_raised_his_hit_points_dies_at_his_total() -> None:
    """tomb.ambiguity.hit-point-changes (dies-when-exceeded): Grimbold (7 HP) wears Dragonscale Mail (+2)
    with 7 Wounds; the mercenary's player takes the Mail as pay, and Grimbold dies (the 1000-game
    exploration of the bench caught three such games, where the invariant found him alive at his total)."""
    rs = ruleset()
    s = at(rs, [{"characters": [("Grimbold", ["Dragonscale Mail", "Battle Axe"], 7)], "location": DOOR["d"]},
                *OTHERS], {"d": ["Giant Rat"], "g": ["Golden Chalice"]})
    s = step(rs, s, Raid(), Hire(2), Lend("Kadin"), Done())
    s = until(rs, s, "battle-cm")
    s = step(rs, s, Pass())
    s = until(rs, s, "battle-raider")
    s = step(rs, s, Attack("Grimbold", "m0"), Roll(3, 0, 0))
    assert s.task.kind == "pay" and s.party(0).characters[0].wounds == 7
    s = step(rs, s, Pay(("attached",)))
    kept = step(rs, s, Pay(("Battle Axe",)))
    assert [c.name for c in kept.party(0).characters] == ["Grimbold"] and not rs.violations(kept)
    paid = step(rs, s, Pay(("Dragonscale Mail",)))
    assert "Grimbold" not in [c.name for c in paid.party(0).characters] and not rs.violations(paid)


def test_an_emptied_party_recruits_at_the_inn_when_the_bag_is_empty() -> None:
    """"If you are in the Inn and have fewer than five characters in your party, you may recruit": a party
    left empty with nothing to draw (empty-bag = nothing: 'stays empty until it can recruit') recruits
    from the Inn.  The model offered it nothing but a pass, and a six-player game of the bench's
    exploration, every party empty and the bag too, passed for ever."""
    from tombspec.model.tomb.actions import Recruit

    rs = ruleset()
    s = at(rs, [{"characters": ["Wren"], "location": "2,3"}, *OTHERS])
    s = attrs.evolve(s, parties=(attrs.evolve(s.party(0), characters=(), location=INN), *s.parties[1:]),
                     inn=("Grimbold", "Pell the Quiet"))
    assert rs.pending(s).actors == (0,)
    legal = rs.legal_actions(s, 0)
    assert {a for a in legal if isinstance(a, Recruit)} == {Recruit("Grimbold"), Recruit("Pell the Quiet")}
    s = step(rs, s, Recruit("Grimbold"))
    assert [c.name for c in s.party(0).characters] == ["Grimbold"] and s.inn == ("Pell the Quiet",)


def test_a_slain_party_goes_to_the_inn_and_draws_one_character() -> None:
    rs = ruleset()
    s = at(rs, [{"characters": [("Sister Maren", [], 2)], "location": DOOR["d"]}, *OTHERS],
           {"d": ["Ghoul"], "g": ["Golden Chalice"]})
    s = step(rs, s, Raid(), Done())
    s = until(rs, s, "battle-cm")
    from tombspec.model.tomb.actions import MonsterAttack, Target

    s = step(rs, s, MonsterAttack("m0"), Target("Sister Maren"), Roll(1, 1, 1))   # three wounds: she dies
    s = until(rs, s, "restart-draw") if s.task.kind != "restart-draw" else s
    assert s.party(0).location == INN and not s.party(0).characters
    s = step(rs, s, rs.chance(s).support()[0][0])
    assert len(s.party(0).characters) == 1 and s.crypt("d").cards                 # the Ghoul went back


def test_dismiss_extra_members_down_to_five_pariahs_last() -> None:
    rs = ruleset()
    six = ["Grimbold", "Hedda Ironhand", "Torvald", "Wulfric", "Grist the Outcast", ("Roderic", ["Leather Armor"])]
    s = at(rs, [{"characters": six, "location": "2,3"}, *OTHERS])
    s = step(rs, s, ReturnToInn())
    assert s.task.kind == "dismiss-extra"
    legal = rs.legal_actions(s, 0)
    assert Dismiss("Grist the Outcast") not in legal and Dismiss("Roderic") in legal
    # issue 28's refusal audit: the rule that forbids it, not Dismiss Extra Members' general rule
    assert refused(rs, s, Dismiss("Grist the Outcast"), 0) == "cryptmaster.upkeep.dismiss-pariahs-last"
    assert refused(rs, s, Dismiss("Wren"), 0) == "cryptmaster.upkeep.dismiss-extra"        # not of this party
    s = step(rs, s, Dismiss("Roderic"))
    assert s.task.kind == "dismiss-move" and len(s.party(0).characters) == 6      # his card moves first
    s = step(rs, s, MoveCard("Leather Armor", "Roderic", "Torvald"))
    assert len(s.party(0).characters) == 5 and s.party(0).character("Torvald").attached == ("Leather Armor",)
    assert "Roderic" in s.dead


def test_dismiss_the_player_moves_each_card_to_a_character_who_may_hold_it() -> None:
    """"You must move all attached cards to your other characters before discarding a character ... You
    must follow all normal attachment restrictions": where each card goes is the player's decision, among
    the characters who may hold it (the model once gave it to the first of them itself)."""
    rs = ruleset()
    six = [("Grimbold", ["Kama"]), "Hedda Ironhand", "Torvald", "Wulfric", "Grist the Outcast", ("Roderic", ["Battle Axe"])]
    s = at(rs, [{"characters": six, "location": "2,3"}, *OTHERS])
    s = step(rs, s, ReturnToInn(), Dismiss("Roderic"))
    assert s.task.kind == "dismiss-move" and rs.pending(s).actors == (0,)
    assert set(rs.legal_actions(s, 0)) == {MoveCard("Battle Axe", "Roderic", n)
                                           for n in ("Hedda Ironhand", "Torvald", "Wulfric", "Grist the Outcast")}
    # Grimbold holds a weapon already: "A character may not have multiples of the same keyword attached"
    with pytest.raises(IllegalAction) as err:
        rs.step(s, MoveCard("Battle Axe", "Roderic", "Grimbold"), 0)
    assert err.value.rule_id == "cryptmaster.upkeep.dismiss-attachment-restrictions"
    assert "cryptmaster.attach.one-per-keyword" in err.value.also
    s = step(rs, s, MoveCard("Battle Axe", "Roderic", "Wulfric"))
    assert s.party(0).character("Wulfric").attached == ("Battle Axe",) and s.party(0).character("Roderic") is None
    assert "Roderic" in s.dead and s.task.kind not in ("dismiss-move", "dismiss-extra") and not rs.violations(s)


def test_dismiss_a_cursed_card_nobody_may_hold_goes_where_the_player_says_a_spell_is_discarded() -> None:
    """"This may move Cursed cards": Blade of Ruin (a Cursed weapon) goes to any of the others, all of them
    armed (cryptmaster.ambiguity.dismiss-unplaceable, discard-fewest); Magister Thule's Fireball, with no die of
    magic left in the party, is discarded ("you must discard the minimum number of non-Cursed cards")."""
    rs = ruleset()
    armed = [("Grimbold", ["Kama"]), ("Hedda Ironhand", ["Battle Axe"]), ("Torvald", ["Battle Axe"]),
             ("Wulfric", ["Throwing Daggers"]), ("Roderic", ["Double-Bladed Sword"])]
    s = at(rs, [{"characters": [*armed, ("Magister Thule", ["Fireball", "Blade of Ruin"])], "location": "2,3"}, *OTHERS])
    s = step(rs, s, ReturnToInn(), Dismiss("Magister Thule"))
    assert set(rs.legal_actions(s, 0)) == {MoveCard("Blade of Ruin", "Magister Thule", n) for n, _ in armed}
    s = step(rs, s, MoveCard("Blade of Ruin", "Magister Thule", "Torvald"))
    assert s.party(0).character("Torvald").attached == ("Battle Axe", "Blade of Ruin")
    assert s.discards[1].count("Fireball") == 1 and "Magister Thule" in s.dead and not rs.violations(s)


def test_ten_card_hard_cap_discards_at_upkeep() -> None:
    rs = ruleset(ten_card_limit="hard-cap")
    twelve = ["Battle Axe"] * 2 + ["Bless"] * 2 + ["Weaken"] * 2 + ["Stone Skin"] * 2 + ["Fireball"] * 2 + ["Mending", "Feint"]
    s = at(rs, [{"characters": ["Kadin"], "hand": twelve, "location": "2,3"}, *OTHERS])
    s = step(rs, s, ReturnToInn())
    assert s.task.kind == "discard-extra"
    s = step(rs, s, Discard("Feint"), Discard("Mending"))
    assert s.task.kind == "turn" and len(s.party(0).hand) == 10
    gate = ruleset()
    t = at(gate, [{"characters": ["Kadin"], "hand": twelve, "location": "2,3"}, *OTHERS])
    assert len(step(gate, t, ReturnToInn()).party(0).hand) == 12                  # gate-only: kept


def test_a_discard_over_ten_that_breaks_a_restriction_is_fixed_by_moving_or_discarding() -> None:
    """cryptmaster.attach.fix-by-discarding: discarding the Ring of Magic leaves Pell's Fireball without a
    die of magic; "If you ever fail to meet the above restrictions" the Spell must move or go (found by
    exploring six players under hard-cap)."""
    rs = ruleset(ten_card_limit="hard-cap")
    ten = ["Battle Axe"] * 2 + ["Bless"] * 2 + ["Weaken"] * 2 + ["Stone Skin"] * 2 + ["Mending", "Feint"]
    s = at(rs, [{"characters": [("Pell the Quiet", ["Ring of Magic", "Fireball"])], "hand": ten, "location": "2,3"},
                *OTHERS])
    assert rs.violations(s) == []
    s = step(rs, s, ReturnToInn())
    assert s.task.kind == "discard-extra"
    s = step(rs, s, Discard("Ring of Magic", "Pell the Quiet"))
    pell = s.party(0).character("Pell the Quiet")
    assert "Fireball" not in pell.attached and "Fireball" not in s.party(0).hand     # alone: discarded
    assert rs.violations(s) == []


def test_cleanup_discards_unclaimed_pillage_and_reshuffles_an_empty_deck() -> None:
    rs = ruleset()
    s = at(rs, [{"characters": ["Grimbold"], "location": "2,3"}, *OTHERS])
    from tombspec.model.chance import Deck

    decks = list(s.decks)
    discards = list(s.discards)
    discards[3], decks[3] = decks[3], Deck()                                     # tactics: all discarded
    s = attrs.evolve(s, decks=tuple(decks), discards=tuple(discards), pillage=("Jeweled Dagger",))
    s = step(rs, s, ReturnToInn())
    assert s.pillage == () and s.crypt_discard.count("Jeweled Dagger") == 1
    assert s.decks[3] and not s.discards[3]


def test_cleanup_shuffles_the_crypt_discard_pile_into_an_empty_crypt_deck() -> None:
    """cryptmaster.ambiguity.crypt-deck-after-setup, answered: "If any deck has no cards in it, shuffle
    its discard pile into the deck." -- the crypt deck ("This is the crypt deck") is one of them: here
    every crypt card not in a crypt is discarded.  Under out-of-play (the default before protocol 4) its
    discards stay where they are."""
    from tombspec.model.chance import Deck

    for reading, reshuffled in (("card-effects", True), ("out-of-play", False)):
        rs = ruleset(crypt_deck=reading)
        s = at(rs, [{"characters": ["Grimbold"], "location": "2,3"}, *OTHERS])
        discard = s.crypt_discard                                                 # the whole deck discarded
        for card in s.crypt_deck.cards():
            discard = discard.add(card, s.crypt_deck.count(card))
        total = discard.total
        s = attrs.evolve(s, crypt_deck=Deck(), crypt_discard=discard)
        assert not rs.violations(s) and total > 0
        s = step(rs, s, ReturnToInn())
        if reshuffled:
            assert s.crypt_discard.total == 0 and s.crypt_deck == discard
        else:
            assert s.crypt_deck.total == 0 and s.crypt_discard == discard
        assert rs.violations(s) == []


def test_cleanup_leaves_a_crypt_deck_with_cards_in_it() -> None:
    """Only a deck with no cards in it takes its discard pile back (card-effects, the default)."""
    rs = ruleset()
    s = at(rs, [{"characters": ["Grimbold"], "location": "2,3"}, *OTHERS])
    assert s.crypt_deck.total > 0
    s = attrs.evolve(s, pillage=("Jeweled Dagger",))
    before = s.crypt_deck
    s = step(rs, s, ReturnToInn())
    assert s.crypt_deck == before and s.crypt_discard.count("Jeweled Dagger") == 1


def test_the_game_ends_at_upkeep_when_the_tomb_is_empty() -> None:
    rs = ruleset()
    s = at(rs, [{"characters": ["Grimbold"], "location": DOOR["g"]}, *OTHERS], {"g": ["Golden Chalice"]})
    s = step(rs, s, Raid(), Done())
    assert s.task.kind == "treasure-choice"                                     # bank or attach (not in the Inn)
    s = step(rs, s, rs.legal_actions(s, 0)[0])
    assert rs.is_terminal(s) and s.outcome == "crypts-emptied" and all(not c.cards for c in s.crypts)
    assert "Golden Chalice" in s.party(0).characters[0].attached or "Golden Chalice" in s.party(0).bank
    assert s.scores[0] == 3 and s.winners == (0,)


def test_score_is_the_bank_plus_attached_treasure_and_curses() -> None:
    rs = ruleset()
    s = at(rs, [{"characters": [("Grimbold", ["Golden Chalice", "Mark of Doom", "Battle Axe"])], "bank": ["Giant Rat"]},
                *OTHERS])
    s = s.with_party(0, bank_xp=2)
    assert rs.score(s, 0) == 1 + 2 + 3 - 3                                      # rat, tokens, chalice, curse


def test_the_tie_goes_to_the_most_xp_attached_then_shared() -> None:
    rs = ruleset()
    s = at(rs, [{"characters": [("Grimbold", ["Golden Chalice"])]}, {"characters": ["Wren"], "bank": ["Ghoul"]},
                {"characters": ["Kadin"], "bank": ["Golden Chalice"]}])
    s = attrs.evolve(s, scores=(3, 3, 3))
    assert rs.winners(s) == (0,)
    s2 = attrs.evolve(s, scores=(1, 3, 3))
    assert rs.winners(s2) == (1, 2)                                             # nothing attached: shared

"""The raid (tomb-cryptmaster.txt: The Raid, Mercenaries, Curses, Traps, Monsters, Combat, Presence,
Overlords): who the CM is, hiring mercenaries, curses first, traps, monsters' spells and prayers, the CM's
cards, once per turn and the dice supply."""

from __future__ import annotations

import attrs

from tombspec.model.tomb.actions import (Announce, Attack, Continue, Curse, Disarm, Done, Flee, Hire, Lend, Pass,
                                         Raid, Roll, Target, UseCard)
from tombspec.model.tomb.state import Monster

from .helpers import DOOR, at, refused, ruleset, step, until

BYSTANDERS = [{"characters": ["Wren"], "location": "2,3"}, {"characters": ["Kadin"], "location": "2,3"}]


def raid_at(rs, cid, cards, party=("Grimbold", "Dread"), others=BYSTANDERS, **kw):
    s = at(rs, [{"characters": list(party), "location": DOOR[cid], **kw}, *others], {cid: cards, "g": ["Golden Chalice"]}
           if cid != "g" else {cid: cards})
    return rs.step(s, Raid(), 0)


def test_the_cm_is_given_by_the_symbol_of_the_door() -> None:
    rs = ruleset(4)
    s = at(rs, [{"characters": ["Grimbold"]}, *BYSTANDERS, {"characters": ["Torvald"]}])
    seats = {cid: rs.crypt_master(s, 0, cid.split("-")[0], door) for cid, door in DOOR.items()}
    assert seats == {"a": 1, "b": 3, "c": 2, "d": 2, "f": 1, "f-rr": 2, "g": 3}   # L left, R right, LL/RR two away


def test_with_two_players_the_count_skips_the_raider() -> None:
    rs = ruleset(2)
    s = at(rs, [{"characters": ["Grimbold"]}, {"characters": ["Wren"]}])
    assert rs.crypt_master(s, 0, "c", DOOR["c"]) == 1                          # LL: one, then past the raider
    plain = ruleset(2, cm_seat="plain-count")
    assert plain.crypt_master(s, 0, "c", DOOR["c"]) is None                    # lands on the raider: no CM


def test_a_hired_mercenary_joins_for_the_raid_and_goes_home_with_xp() -> None:
    rs = ruleset()
    s = raid_at(rs, "d", ["Giant Rat"])                                        # RR: the CM is player 1
    assert rs.legal_actions(s, 0) == [Hire(2), Done()]                         # never the CM
    s = step(rs, s, Hire(2), Lend("Kadin"), Done())
    assert "Kadin" in s.party(0).names and s.party(0).character("Kadin").owner == 2 and not s.party(2).characters
    s = until(rs, s, "battle-cm")
    s = step(rs, s, Pass()) if Pass() in rs.legal_actions(s, 1) else s
    s = until(rs, s, "battle-raider")
    s = step(rs, s, Attack("Grimbold", "m0"), Roll(3, 0, 0))                   # the rat dies
    assert s.party(2).names == ("Kadin",) and s.party(2).bank_xp == 1           # one card resolved, one XP
    assert s.party(0).bank == ("Giant Rat",)


def test_an_invited_player_who_declines_is_not_invited_again() -> None:
    """cryptmaster.ambiguity.mercenary-trait-scope, reading consent-no-cm: the invited player may decline,
    once; the raider is not offered to invite them again in that raid (which could go on for ever)."""
    rs = ruleset()
    s = raid_at(rs, "d", ["Giant Rat"])
    s = step(rs, s, Hire(2), Pass())
    assert rs.legal_actions(s, 0) == [Done()]
    assert refused(rs, s, Hire(2), 0) == "cryptmaster.mercenary.invite"
    # declining lends nobody: the player stays a bystander, who may use a CM effect
    from tombspec.model.cryptmaster.rules.raid import cm_players

    assert 2 in cm_players(rs, step(rs, s, Done()))


def test_invalid_hire_of_the_cm() -> None:
    rs = ruleset()
    s = raid_at(rs, "d", ["Giant Rat"])
    assert refused(rs, s, Hire(1), 0) == "cryptmaster.mercenary.invite"


def test_a_mercenary_may_not_flee() -> None:
    rs = ruleset()
    s = raid_at(rs, "d", ["Ghoul"])
    s = step(rs, s, Hire(2), Lend("Kadin"), Done())
    s = until(rs, s, "battle-raider")
    assert Flee() in rs.legal_actions(s, 0)
    s = step(rs, s, Target("Kadin"))                                           # the raider designates him
    assert s.task.kind == "merc-action" and rs.pending(s).actors == (2,)       # his player chooses
    assert Flee() not in rs.legal_actions(s, 2) and Attack("Kadin", "m0") in rs.legal_actions(s, 2)
    # issue 28's refusal audit: the refusal names the rule that forbids it, not the controller's choice
    assert refused(rs, s, Flee(), 2) == "cryptmaster.mercenary.no-flee"
    assert refused(rs, s, Attack("Grimbold", "m0"), 2) == "cryptmaster.mercenary.designate"


def test_curses_come_first_and_may_be_lifted_at_once() -> None:
    rs = ruleset()
    s = raid_at(rs, "d", ["Curse of Weakness", "Giant Rat"], party=("Mirin Faithbringer", "Grimbold"))
    s = step(rs, s, Done())
    assert s.task.kind == "curse-attach" and rs.pending(s).actors == (1,)     # the CM picks the bearer
    s = step(rs, s, Curse("Curse of Weakness", "Grimbold"))
    assert "Curse of Weakness" in s.party(0).character("Grimbold").attached
    s = step(rs, s, Continue())
    assert s.roll.purpose == "curse-check" and s.roll.value == 2 and s.roll.dice == (2, 2, 2)   # party holiness
    kept = rs.step(s, Roll(1, 0, 0))
    assert "Curse of Weakness" in kept.party(0).character("Grimbold").attached
    lifted = rs.step(s, Roll(1, 1, 0))
    assert lifted.party(0).bank == ("Curse of Weakness",)


def test_a_curse_on_a_mercenary_is_refused_for_its_reading() -> None:
    """Issue 28's refusal audit: under mercs_in_party = raider-own-only the CM may not attach a curse to a
    mercenary, and the refusal names that reading, not the curse's rule."""
    rs = ruleset(mercs_in_party="raider-own-only")
    s = raid_at(rs, "d", ["Curse of Weakness", "Giant Rat"])
    s = step(rs, s, Hire(2), Lend("Kadin"), Done())
    assert s.task.kind == "curse-attach" and Curse("Curse of Weakness", "Kadin") not in rs.legal_actions(s, 1)
    assert refused(rs, s, Curse("Curse of Weakness", "Kadin"), 1) == "cryptmaster.ambiguity.mercenaries-in-party"
    assert refused(rs, s, Curse("Curse of Weakness", "Wren"), 1) == "cryptmaster.curse.reveal-and-attach"


def test_all_curses_attached_before_any_check() -> None:
    rs = ruleset(curse_order="all-at-once")
    s = raid_at(rs, "d", ["Curse of Weakness", "Mark of Doom"], party=("Mirin Faithbringer", "Grimbold"))
    s = step(rs, s, Done(), Curse("Curse of Weakness", "Grimbold"))
    assert s.task.kind == "curse-attach"                                       # the second, before any check
    s = step(rs, s, Curse("Mark of Doom", "Mirin Faithbringer"))
    assert s.task.kind == "curse-check" and s.task.card == "Curse of Weakness"


def test_a_disarmed_trap_goes_to_the_bank() -> None:
    rs = ruleset()
    s = raid_at(rs, "d", ["Pit of Spikes", "Golden Chalice"])
    s = step(rs, s, Done(), Announce("Pit of Spikes"), Disarm(("Dread",)), Roll(2, 2, 2))
    assert "Pit of Spikes" in s.party(0).bank and s.party(0).bank_xp == 0


def test_trap_discard_both_banks_its_xp_as_tokens() -> None:
    rs = ruleset(trap_discard="both")
    s = raid_at(rs, "d", ["Pit of Spikes", "Golden Chalice"])
    s = step(rs, s, Done(), Announce("Pit of Spikes"), Disarm(("Dread",)), Roll(2, 2, 2))
    assert "Pit of Spikes" not in s.party(0).bank and s.party(0).bank_xp == 3
    assert s.crypt_discard.count("Pit of Spikes") == 1


def test_a_tie_for_the_fewest_dice_is_settled_by_cryptmasters_own_reading() -> None:
    """cryptmaster.ambiguity.kill-fewest-tie (issue 28's audit): Unholy Light kills the member with the
    fewest Attack dice; Torvald and Dread tie with 2.  The raider, who 'suffers the failure effects',
    chooses (the default); the CM, who 'controls the dangers within', chooses (crypt-master-chooses); or
    both die (all-tied-die).  The CM of crypt d (RR) is player 1."""
    party = ("Grimbold", "Torvald", "Dread")
    for reading, chooser in (("raiding-player-chooses", 0), ("crypt-master-chooses", 1), ("all-tied-die", None)):
        rs = ruleset(kill_fewest_tie=reading)
        s = raid_at(rs, "d", ["Unholy Light", "Golden Chalice"], party=party)
        s = step(rs, s, Done(), Announce("Unholy Light"), Disarm(("Grimbold",)), Roll(0, 0, 0))
        if chooser is None:
            assert s.party(0).names == ("Grimbold",)
            continue
        assert s.task.kind == "kill-choose" and rs.pending(s).actors == (chooser,)
        assert set(rs.legal_actions(s, chooser)) == {Target("Torvald"), Target("Dread")}
        s = rs.step(s, Target("Dread"), chooser)
        assert s.party(0).names == ("Grimbold", "Torvald") and s.party(1).names == ("Wren",)


def test_who_receives_the_treasure_a_monster_takes_is_cryptmasters_own_reading() -> None:
    """cryptmaster.ambiguity.give-treasure-receiver (issue 28's audit): Elithe wins her contested roll;
    'the Raiding Party must give one attached Treasure to another Party'.  The raider sends it to any other
    party (the default), the CM does (crypt-master-chooses), or the raider gives it to the CM's party, the
    defenders' side (to-crypt-master).  The CM of crypt d (RR) is player 1."""
    from tombspec.model.tomb.actions import Give

    for reading, chooser, receivers in (("raiding-player-chooses", 0, {1, 2}), ("crypt-master-chooses", 1, {1, 2}),
                                        ("to-crypt-master", 0, {1})):
        rs = ruleset(give_treasure=reading)
        s = raid_at(rs, "d", ["Elithe", "Golden Chalice"], party=(("Grimbold", ["Golden Chalice"]),))
        s = until(rs, step(rs, s, Done()), "contest-pick")
        s = step(rs, s, Target("Grimbold"), Roll(1, 1, 0), Roll(0, 0, 0))
        assert s.task.kind == "give-treasure" and rs.pending(s).actors == (chooser,)
        assert set(rs.legal_actions(s, chooser)) == {Give("Golden Chalice", q) for q in receivers}
        if reading == "to-crypt-master":
            assert refused(rs, s, Give("Golden Chalice", 2), 0) == "cryptmaster.ambiguity.give-treasure-receiver"


def test_a_tied_contested_roll_goes_to_the_defending_character() -> None:
    """cryptmaster.rolls.opposed-ties answers a monster's contested roll too (issue 28's audit): Elithe
    initiates, so a tie goes to the defending character; Tomb's readings of that tie are no option here."""
    import pytest

    from tombspec.model.errors import Unspecified
    from tombspec.model.options import unsettled
    from tombspec.model.cryptmaster.options import CryptmasterOptions
    from tombspec.spec.errors import InvalidInput

    rs = ruleset()
    assert rs.options.contested_tie == "initiator-needs-more"
    s = raid_at(rs, "d", ["Elithe", "Golden Chalice"], party=(("Grimbold", ["Golden Chalice"]),))
    s = until(rs, step(rs, s, Done()), "contest-pick")
    s = step(rs, s, Target("Grimbold"), Roll(0, 0, 0), Roll(0, 0, 0))            # 0 against 0
    assert s.task.kind != "give-treasure" and "Golden Chalice" in s.party(0).character("Grimbold").attached
    with pytest.raises(InvalidInput):
        ruleset(contested_tie="re-roll")
    from tombspec.model.tomb.options import as_read

    with pytest.raises(Unspecified):
        as_read(unsettled(CryptmasterOptions)).contested_tie


def test_monsters_with_magic_and_holiness_dice_draw_a_spell_and_a_prayer() -> None:
    rs = ruleset()
    s = raid_at(rs, "d", ["Shade Priest"])
    s = step(rs, s, Done())
    decks = []
    while s.task.kind == "inn-draw":
        decks.append(s.task.deck)
        s = step(rs, s, rs.chance(s).support()[0][0])
    assert decks == ["spell", "prayer"] and len(s.raid.monsters[0].attached) == 2


def test_the_cm_plays_a_cryptmaster_card_from_his_hand() -> None:
    rs = ruleset()
    others = [{"characters": ["Wren"], "location": "2,3", "hand": ["Falling Rocks"]}, BYSTANDERS[1]]
    s = raid_at(rs, "d", ["Giant Rat"], others=others)
    s = step(rs, s, Done())
    assert s.task.kind == "cm-window" and rs.pending(s).actors[0] == 1
    use = [a for a in rs.legal_actions(s, 1) if isinstance(a, UseCard) and a.card == "Falling Rocks"]
    assert use
    s = step(rs, s, use[0])
    assert "Falling Rocks" not in s.party(1).hand and s.discards[4].count("Falling Rocks") == 1   # discarded after use
    assert sum(c.wounds for c in s.party(0).characters) == 1


def test_a_cryptmaster_card_used_again_in_the_turn_is_refused_for_its_reading() -> None:
    """Issue 28's refusal audit: under cm_effect_repeat = once-each (the default) a second Falling Rocks in
    the turn is refused for cryptmaster.ambiguity.different-cm-effects, the reading that forbids it, not
    the CM effects' general rule; a card not in the hand still names that rule."""
    from tombspec.model.tomb.actions import UseCard

    rs = ruleset()
    others = [{"characters": ["Wren"], "location": "2,3", "hand": ["Ambush", "Falling Rocks", "Falling Rocks"]},
              BYSTANDERS[1]]
    s = raid_at(rs, "d", ["Giant Rat"], others=others)
    s = step(rs, s, Done())
    assert s.task.kind == "cm-window" and rs.pending(s).actors == (1,)
    target = s.party(0).characters[0].name
    s = rs.step(s, UseCard("Falling Rocks", "cm", target), 1)
    assert s.task.kind == "cm-window" and rs.pending(s).actors == (1,)          # Ambush is still to play
    assert s.party(1).hand.count("Falling Rocks") == 1
    assert refused(rs, s, UseCard("Falling Rocks", "cm", target), 1) == "cryptmaster.ambiguity.different-cm-effects"
    assert refused(rs, s, UseCard("Hidden Mechanism", "cm", None), 1) == "cryptmaster.presence.cm-effects"
    again = ruleset(cm_effect_repeat="unlimited")
    s2 = step(again, raid_at(again, "d", ["Giant Rat"], others=others), Done())
    s2 = again.step(s2, UseCard("Falling Rocks", "cm", target), 1)
    assert UseCard("Falling Rocks", "cm", target) in again.legal_actions(s2, 1)


def test_the_cm_raises_the_announced_traps_target_number_with_a_card() -> None:
    """"CM: the announced trap gains +1 TN": after a Trap is announced and before the raider chooses who
    disarms it, the CM may play such a card (it once could never be played: no window opened for Traps);
    it holds for that Trap only."""
    from tombspec.model.tomb.rules.raid import trap_bonus

    rs = ruleset()
    others = [{"characters": ["Wren"], "location": "2,3", "hand": ["Hidden Mechanism"]}, BYSTANDERS[1]]
    s = raid_at(rs, "d", ["Pit of Spikes", "Golden Chalice"], others=others)
    s = step(rs, s, Done(), Announce("Pit of Spikes"))
    assert s.task.kind == "cm-window" and s.task.subject == "trap" and rs.pending(s).actors == (1,)
    assert rs.pending(s).what == "CM effects: trap"
    before = trap_bonus(rs, s)
    use = [a for a in rs.legal_actions(s, 1) if isinstance(a, UseCard) and a.card == "Hidden Mechanism"]
    assert use and Pass() in rs.legal_actions(s, 1)
    s = step(rs, s, use[0])
    assert trap_bonus(rs, s) == before + 1 and "Hidden Mechanism" not in s.party(1).hand
    assert s.task.kind == "trap-disarmers"
    # nobody holding such a card: no window, straight to choosing who disarms
    plain = step(rs, raid_at(rs, "d", ["Pit of Spikes", "Golden Chalice"]), Done(), Announce("Pit of Spikes"))
    assert plain.task.kind == "trap-disarmers"


def test_the_overlord_may_not_be_damaged_while_other_cards_remain() -> None:
    rs = ruleset(overlords=True)
    s = raid_at(rs, "d", ["Giant Rat"])
    s = until(rs, s, "battle-cm")
    raid = s.raid
    over = attrs.evolve(s, overlord="The Bone Tyrant", overlord_crypt="d",
                        raid=attrs.evolve(raid, monsters=(*raid.monsters, Monster("The Bone Tyrant"))))
    assert rs.can_be_wounded(over, 0) and not rs.can_be_wounded(over, 1)        # the rat still lives
    rat_dead = attrs.evolve(over, raid=attrs.evolve(over.raid, monsters=(attrs.evolve(over.raid.monsters[0], dead=True),
                                                                         over.raid.monsters[1])))
    assert rs.can_be_wounded(rat_dead, 1)


def test_once_per_turn_everything_allows_one_attack_per_character() -> None:
    rs = ruleset(once_per_turn="everything")
    s = raid_at(rs, "d", ["Ghoul"], party=("Grimbold",))
    s = step(rs, s, Done())
    s = until(rs, s, "battle-raider")
    s = step(rs, s, Attack("Grimbold", "m0"), Roll(0, 0, 0))
    s = until(rs, s, "battle-raider")
    assert Attack("Grimbold", "m0") not in rs.legal_actions(s, 0)
    assert refused(rs, s, Attack("Grimbold", "m0"), 0) == "cryptmaster.card-text.actions-once-per-turn"
    per_round = ruleset()
    t = raid_at(per_round, "d", ["Ghoul"], party=("Grimbold",))
    t = step(per_round, t, Done())
    t = until(per_round, t, "battle-raider")
    t = step(per_round, t, Attack("Grimbold", "m0"), Roll(0, 0, 0))
    t = until(per_round, t, "battle-raider")
    assert Attack("Grimbold", "m0") in per_round.legal_actions(t, 0)


def test_the_dice_supply_capped_at_seven_of_a_colour() -> None:
    from tombspec.model.tomb.state import Roll as Pool

    big = Pool("heal", 0, (9, 3, 8))
    assert ruleset().rolled_dice(big) == (9, 3, 8)
    assert ruleset(dice_supply="capped").rolled_dice(big) == (7, 3, 7)


def test_combat_begins_once_the_monsters_are_revealed() -> None:
    rs = ruleset()
    s = raid_at(rs, "d", ["Ghoul"])
    s = step(rs, s, Done())
    assert s.task.kind == "battle-cm"                      # no choice to leave: combat begins (flee is a battle action)
    assert [m.card for m in s.raid.monsters] == ["Ghoul"]

"""The Raid: Traps, Monsters, Battle Actions, Wounds, Death, Treasure Cards and Banking (tomb.txt: Raid,
The Raid Begins, Traps, Monsters, Battle Actions for Monsters and Characters, Wounds, Death, Treasure
Cards, Banking, Actions and Effects)."""

from __future__ import annotations

from tombspec.model.tomb.actions import (Announce, Attach, Attack, Bank, Continue, Disarm, Draw, Flee, Leave,
                                         MonsterAttack, Pass, Raid, Roll, Target, UseCard)
from tombspec.model.tomb.cards import INN_DECKS

from .helpers import Replay, at, refused, two_crypts

AT_A = "2,1"


def raid(rs, party, crypt_a, *, others=None, **kw):
    s = at(rs, [{"characters": party, "location": AT_A, **kw}, {"characters": others or ["Wren"]}],
           {"a": crypt_a, "b": ["Giant Rat"]})
    return Replay(rs, s)(Raid())


def test_raid_needs_a_crypt_door() -> None:
    rs = two_crypts()
    s = at(rs, [{"characters": ["Grimbold"], "location": "3,1"}, {"characters": ["Wren"]}])
    assert refused(rs, s, Raid(), 0) == "tomb.raid.on-crypt-door"


def test_raiding_an_empty_crypt_ends_the_turn() -> None:
    rs = two_crypts()
    r = raid(rs, ["Grimbold"], [])
    assert r.s.current == 1 and r.s.raid is None


def test_the_crypt_door_symbol_names_the_crypt_master() -> None:
    rs = two_crypts(players=3)
    s = at(rs, [{"characters": ["Grimbold"], "location": AT_A}, {"characters": ["Wren"]}, {"characters": ["Sable"]}],
           {"a": ["Pit of Spikes"], "b": ["Giant Rat"]})
    assert rs.crypt_master(s, 0, "a", AT_A) == 1 and rs.crypt_master(s, 0, "b", "4,1") == 2
    assert rs.crypt_master(s, 2, "a", AT_A) == 0


def test_the_cm_orders_the_traps_and_the_tn_stays_secret() -> None:
    rs = two_crypts()
    r = raid(rs, ["Lady Eryne"], ["Pit of Spikes", "Wards of Peril"])
    assert r.s.task.kind == "trap-announce" and r.s.task.player == 1
    assert set(rs.legal_actions(r.s, 1)) == {Announce("Pit of Spikes"), Announce("Wards of Peril")}
    r(Announce("Wards of Peril"))
    seen = rs.observe(r.s, 0)
    assert seen["raid"]["trap"] == "trap:1:skill" and all(h["card"] == "?" for h in seen["raid"]["cards"])
    assert rs.observe(r.s, 1)["raid"]["trap"] == "Wards of Peril"


def test_trap_second_line_read_aloud_reading() -> None:
    rs = two_crypts(trap_line="read-aloud")
    r = raid(rs, ["Lady Eryne"], ["Wards of Peril"])(Announce("Wards of Peril"))
    assert rs.observe(r.s, 0)["raid"]["trap"] == "trap:1:skill2"


def test_disarmers_roll_combined_successes() -> None:
    rs = two_crypts()
    r = raid(rs, ["Lady Eryne", "Pell the Quiet", "Dread"], ["Crushing Walls"])(Announce("Crushing Walls"))
    legal = rs.legal_actions(r.s, 0)
    assert all(1 <= len(a.characters) <= 2 for a in legal) and len(legal) == 6
    r(Disarm(("Lady Eryne", "Dread")))
    assert r.s.roll.dice == (3, 2, 0)                       # Attack 2 green 1 blue + 1 green 1 blue
    r(Roll(2, 1, 0))
    assert "Crushing Walls" in r.s.party(0).bank


def test_exactly_reading_for_trap_characters() -> None:
    rs = two_crypts(trap_characters="exactly")
    r = raid(rs, ["Lady Eryne", "Pell the Quiet", "Dread"], ["Crushing Walls"])(Announce("Crushing Walls"))
    assert all(len(a.characters) == 2 for a in rs.legal_actions(r.s, 0))


def test_multiple_target_numbers_each_separately_or_summed() -> None:
    rs = two_crypts()
    r = raid(rs, ["Aurelia Dawnstar"], ["Glyph of Binding"])(Announce("Glyph of Binding"), Disarm(("Aurelia Dawnstar",)))
    r(Roll(1, 1, 0), Roll(0, 0, 0))                         # Magic 2 met, Holiness 1 missed
    assert "Glyph of Binding" not in r.s.party(0).bank
    summed = two_crypts(trap_tns="summed")
    r = raid(summed, ["Aurelia Dawnstar"], ["Glyph of Binding"])(Announce("Glyph of Binding"), Disarm(("Aurelia Dawnstar",)))
    assert r.s.roll.dice == (1, 2, 1)                       # Magic 1/1/0 and Holiness 0/1/1 in one roll
    r(Roll(1, 2, 0))
    assert "Glyph of Binding" in r.s.party(0).bank


def test_leave_after_a_trap_returns_the_cards_face_down_known_to_the_cm() -> None:
    rs = two_crypts()
    r = raid(rs, ["Lady Eryne"], ["Pit of Spikes", "Giant Rat"])(Announce("Pit of Spikes"), Disarm(("Lady Eryne",)),
                                                                 Roll(0, 3, 0), Leave())
    assert r.s.party(0).location == AT_A and r.s.raid is None and r.s.current == 1
    back = r.s.crypt("a").cards
    assert [h.card for h in back] == ["Giant Rat"] and back[0].known == (1,)


def test_leave_always_inn_reading() -> None:
    rs = two_crypts(leave_vs_flee="always-inn")
    r = raid(rs, ["Lady Eryne"], ["Pit of Spikes", "Giant Rat"])(Announce("Pit of Spikes"), Disarm(("Lady Eryne",)),
                                                                 Roll(0, 3, 0), Leave())
    assert r.s.party(0).location == "inn"


def test_failed_trap_blocks_the_raid_with_the_disarmed_reading() -> None:
    rs = two_crypts(traps_defeated="disarmed")
    r = raid(rs, ["Lady Eryne"], ["Pit of Spikes", "Golden Chalice"])(Announce("Pit of Spikes"), Disarm(("Lady Eryne",)),
                                                                      Roll(0, 0, 0))
    assert r.s.raid is None and r.s.party(0).location == AT_A
    assert [h.card for h in r.s.crypt("a").cards] == ["Golden Chalice"]


def test_monsters_continue_or_leave_before_they_are_revealed() -> None:
    rs = two_crypts()
    r = raid(rs, ["Grimbold"], ["Giant Rat"])
    assert r.s.task.kind == "monster-continue" and r.s.raid.monsters == ()
    r(Leave())
    assert r.s.party(0).location == AT_A and r.s.crypt("a").cards[0].card == "Giant Rat"


def elithe_wins(rs, monster=(1, 1, 0), character=(0, 0, 0)):
    """Elithe revealed in Crypt a (CM: player 1 of 3); Grimbold, holding a Golden Chalice, faces her
    contested Skill roll; the two rolls as given."""
    s = at(rs, [{"characters": [("Grimbold", ["Golden Chalice"])], "location": AT_A}, {"characters": ["Wren"]},
                {"characters": ["Torvald"]}], {"a": ["Elithe"], "b": ["Giant Rat"]})
    r = Replay(rs, s)(Raid(), Continue())
    assert r.s.task.kind == "contest-pick" and rs.pending(r.s).actors == (0,)   # Raiding Player's choice
    return r(Target("Grimbold"), Roll(*monster), Roll(*character))


def test_who_receives_the_treasure_elithe_takes() -> None:
    """tomb.ambiguity.give-treasure-receiver: 'the Raiding Party must give one attached Treasure to another
    Party'.  The Raiding Player sends it to any other Party (the default), the CM does
    (crypt-master-chooses), or the Raiding Player gives it and the CM's Party, whose Monster won the roll,
    receives it (to-crypt-master, issue 28's audit)."""
    from tombspec.model.tomb.actions import Give

    for reading, chooser, receivers in (("raiding-player-chooses", 0, {1, 2}), ("crypt-master-chooses", 1, {1, 2}),
                                        ("to-crypt-master", 0, {1})):
        rs = two_crypts(players=3, give_treasure=reading)
        r = elithe_wins(rs)
        assert r.s.task.kind == "give-treasure" and rs.pending(r.s).actors == (chooser,)
        assert set(rs.legal_actions(r.s, chooser)) == {Give("Golden Chalice", q) for q in receivers}
        if reading == "to-crypt-master":
            assert refused(rs, r.s, Give("Golden Chalice", 2), 0) == "tomb.ambiguity.give-treasure-receiver"
        else:
            assert refused(rs, r.s, Give("Golden Chalice", 0), chooser) == "tomb.monster.example-elithe"


def test_a_tied_contested_roll_is_settled_by_the_reading() -> None:
    """tomb.ambiguity.contested-roll-tie: Elithe and Grimbold both roll no success.  The Monster needs
    more (initiator-needs-more, the default: nothing happens), a tie succeeds (tie-succeeds: the Treasure
    goes), or both roll again, as the order of play's 'Re-roll ties.' (re-roll, issue 28's audit)."""
    default = elithe_wins(two_crypts(players=3), monster=(0, 0, 0))
    assert default.s.task.kind != "give-treasure" and "Golden Chalice" in default.s.party(0).character("Grimbold").attached
    tie = elithe_wins(two_crypts(players=3, contested_tie="tie-succeeds"), monster=(0, 0, 0))
    assert tie.s.task.kind == "give-treasure"
    again = elithe_wins(two_crypts(players=3, contested_tie="re-roll"), monster=(0, 0, 0))
    assert again.s.roll.purpose == "contest-monster" and again.s.roll.subject == "m0" and again.s.roll.target == "Grimbold"
    assert again(Roll(1, 0, 0), Roll(0, 0, 0)).s.task.kind == "give-treasure"


def test_combat_begins_with_the_cm_and_alternates() -> None:
    rs = two_crypts()
    r = raid(rs, ["Grimbold", "Torvald"], ["Giant Rat", "Skeleton"])(Continue())
    kinds = []
    r(MonsterAttack("m0"))
    kinds.append(r.s.task.kind)
    r(Target("Grimbold"), Roll(0, 0, 0))
    kinds.append(r.s.task.kind)
    r(Attack("Grimbold", "m1"), Roll(0, 0, 0))
    kinds.append(r.s.task.kind)
    assert kinds == ["attack-target", "battle-raider", "battle-cm"]
    assert refused(rs, r.s, MonsterAttack("m0"), 1) == "tomb.combat.act-once-per-round"


def test_the_remaining_side_acts_consecutively() -> None:
    rs = two_crypts()
    r = raid(rs, ["Grimbold", "Torvald"], ["Giant Rat"])(Continue(), MonsterAttack("m0"), Target("Grimbold"), Roll(0, 0, 0),
                                                         Attack("Grimbold", "m0"), Roll(0, 0, 0))
    assert r.s.task.kind == "battle-raider" and r.s.raid.round == 1          # Torvald acts on


def test_round_ends_reading() -> None:
    rs = two_crypts(battle_alternation="round-ends")
    r = raid(rs, ["Grimbold", "Torvald"], ["Giant Rat"])(Continue(), MonsterAttack("m0"), Target("Grimbold"), Roll(0, 0, 0),
                                                         Attack("Grimbold", "m0"), Roll(0, 0, 0))
    assert r.s.task.kind == "battle-cm" and r.s.raid.round == 2


def test_a_killed_monster_is_banked_and_treasure_follows() -> None:
    rs = two_crypts()
    r = raid(rs, ["Grimbold"], ["Giant Rat", "Golden Chalice"])(Continue(), MonsterAttack("m0"), Target("Grimbold"),
                                                                Roll(0, 0, 0), Attack("Grimbold", "m0"), Roll(1, 0, 0))
    assert "Giant Rat" in r.s.party(0).bank and r.s.task.kind == "treasure-choice"
    assert {type(a).__name__ for a in rs.legal_actions(r.s, 0)} == {"Bank", "Attach"}
    r(Attach("Golden Chalice", "Grimbold"))
    assert r.s.raid is None and r.s.party(0).location == "crypt:a" and r.s.current == 1


def test_flee_returns_cards_clears_wounds_and_discards_monster_inn_cards() -> None:
    rs = two_crypts()
    r = raid(rs, ["Grimbold", "Torvald"], ["Darkhelm", "Golden Chalice"])(Continue(), Draw("Weaken"), Draw("Mending"),
                                                                           Draw("Iron Helm"), Draw("Feint"))
    r(MonsterAttack("m0"), Target("Grimbold"), Roll(0, 0, 0), Attack("Grimbold", "m0"), Roll(1, 0, 0), Flee())
    assert r.s.party(0).location == "inn" and r.s.raid is None
    assert sorted(h.card for h in r.s.crypt("a").cards) == ["Darkhelm", "Golden Chalice"]
    assert r.s.discards[INN_DECKS.index("item")].count("Iron Helm") == 1


def test_monster_attack_wounds_the_target_the_raider_picks() -> None:
    rs = two_crypts()
    r = raid(rs, ["Grimbold", "Torvald"], ["Ghoul"])(Continue(), MonsterAttack("m0"))
    assert r.s.task.player == 0
    r(Target("Torvald"), Roll(1, 1, 0))
    assert r.s.party(0).character("Torvald").wounds == 2


def test_death_removes_the_character_discards_his_cards_and_a_new_one_goes_to_the_inn() -> None:
    rs = two_crypts()
    r = raid(rs, [("Ember", ["Battle Axe"]), "Torvald"], ["Ghoul"])(Continue(), MonsterAttack("m0"), Target("Ember"),
                                                                     Roll(1, 1, 1))
    assert r.s.party(0).character("Ember") is None and "Ember" in r.s.dead
    assert r.s.discards[INN_DECKS.index("item")].count("Battle Axe") == 1
    assert r.s.task.kind == "replace"
    pool = r.s.pool.total
    r(Draw(r.s.pool.cards()[0]))
    assert len(r.s.inn) == 1 and r.s.pool.total == pool - 1


def test_a_wiped_party_returns_to_the_inn_draws_a_new_character_and_ends_the_turn() -> None:
    rs = two_crypts()
    r = raid(rs, ["Ember"], ["Ghoul", "Golden Chalice"])(Continue(), MonsterAttack("m0"), Target("Ember"), Roll(1, 1, 1))
    r(Draw("Grimbold"), Draw("Torvald"))                    # the replacement to the Inn, the new Party
    assert r.s.party(0).names == ("Torvald",) and r.s.party(0).location == "inn"
    assert r.s.raid is None and r.s.current == 1
    assert sorted(h.card for h in r.s.crypt("a").cards) == ["Ghoul", "Golden Chalice"]


def test_overkill_no_spill_and_spill() -> None:
    rs = two_crypts()
    r = raid(rs, ["Grimbold"], ["Giant Rat", "Skeleton"])(Continue(), MonsterAttack("m1"), Target("Grimbold"),
                                                          Roll(0, 0, 0), Attack("Grimbold", "m0"), Roll(3, 0, 0))
    assert r.s.raid.monsters[0].dead and r.s.raid.monsters[1].wounds == 0
    spill = two_crypts(overkill="spill")
    r = raid(spill, ["Grimbold"], ["Giant Rat", "Skeleton"])(Continue(), MonsterAttack("m1"), Target("Grimbold"),
                                                             Roll(0, 0, 0), Attack("Grimbold", "m0"), Roll(3, 0, 0))
    assert r.s.task.kind == "assign-wound" and r.s.task.value == 2


def test_reacts_go_to_the_current_player_first_then_left() -> None:
    rs = two_crypts(players=3, react_scope="any-party")
    s = at(rs, [{"characters": ["Grimbold"], "location": AT_A}, {"characters": ["Brother Aldous"], "hand": ["Weaken"]},
                {"characters": ["Father Osric"], "hand": ["Weaken"]}], {"a": ["Ghoul"], "b": ["Giant Rat"]})
    r = Replay(rs, s)(Raid(), Continue(), MonsterAttack("m0"), Target("Grimbold"))
    assert rs.pending(r.s).mode == "priority" and rs.pending(r.s).players == (1, 2)
    r(Pass())
    assert rs.pending(r.s).players == (2,)
    r(UseCard("Weaken", "Father Osric"))
    assert r.s.roll.dice == (0, 0, 0)


def test_each_inn_card_is_used_once_per_turn() -> None:
    rs = two_crypts()
    r = raid(rs, ["Brother Aldous", "Grimbold"], ["Ghoul", "Skeleton"], hand=["Weaken"])(Continue(), MonsterAttack("m0"),
                                                                                          Target("Grimbold"))
    r(UseCard("Weaken", "Brother Aldous"), Roll(0, 0, 0), Attack("Grimbold", "m0"), Roll(0, 0, 0), MonsterAttack("m1"),
      Target("Grimbold"))
    assert r.s.task.kind != "window"           # Weaken (now Attached) was used this Turn


def test_the_ward_abates_death_before_it_is_checked() -> None:
    rs = two_crypts()
    r = raid(rs, [("Mirin Faithbringer", [], 2), "Grimbold"], ["Ghoul"])(Continue(), MonsterAttack("m0"),
                                                                       Target("Mirin Faithbringer"), Roll(1, 0, 0))
    assert r.s.task.kind == "window" and r.s.task.subject == "wounds-suffered"
    r(UseCard("Mirin Faithbringer", "Mirin Faithbringer"), Roll(1, 0, 0))
    assert r.s.party(0).character("Mirin Faithbringer").wounds == 2


def test_after_death_reading_no_abating() -> None:
    rs = two_crypts(abate_death="after-death")
    r = raid(rs, [("Mirin Faithbringer", [], 2), "Grimbold"], ["Ghoul"])(Continue(), MonsterAttack("m0"),
                                                                       Target("Mirin Faithbringer"), Roll(1, 0, 0))
    assert r.s.party(0).character("Mirin Faithbringer") is None


def test_bank_a_found_treasure_for_xp() -> None:
    rs = two_crypts()
    r = raid(rs, ["Grimbold"], ["Golden Chalice"])(Bank("Golden Chalice"))
    assert r.s.party(0).bank == ("Golden Chalice",) and rs.score(r.s, 0) == 3


def test_unrevealed_only_reading_discards_revealed_monsters_on_flee() -> None:
    rs = two_crypts(returned_cards="unrevealed-only")
    r = raid(rs, ["Grimbold", "Torvald"], ["Ghoul", "Golden Chalice"])(Continue(), MonsterAttack("m0"), Target("Grimbold"),
                                                                        Roll(0, 0, 0), Flee())
    assert [h.card for h in r.s.crypt("a").cards] == ["Golden Chalice"] and r.s.crypt_discard.count("Ghoul") == 1


def test_a_tie_for_the_fewest_dice_is_settled_by_the_reading() -> None:
    """tomb.ambiguity.kill-fewest-tie: Unholy Light kills 'the member of the party with the fewest Attack
    dice'; Torvald and Dread tie with 2.  The Raiding Player chooses (the default), the CM, who "announces
    the 'Failure' consequences of the Trap", chooses (crypt-master-chooses, issue 28's audit), or both die
    (all-tied-die)."""
    party = ["Grimbold", "Torvald", "Dread"]
    for reading, chooser in (("raiding-player-chooses", 0), ("crypt-master-chooses", 1), ("all-tied-die", None)):
        rs = two_crypts(kill_fewest_tie=reading)
        r = raid(rs, party, ["Unholy Light"])(Announce("Unholy Light"), Disarm(("Grimbold",)), Roll(0, 0, 0))
        if chooser is None:
            assert [c.name for c in r.s.party(0).characters] == ["Grimbold"]
            continue
        assert r.s.task.kind == "kill-choose" and rs.pending(r.s).actors == (chooser,)
        assert set(rs.legal_actions(r.s, chooser)) == {Target("Torvald"), Target("Dread")}
        s = rs.step(r.s, Target("Dread"), chooser)
        assert [c.name for c in s.party(0).characters] == ["Grimbold", "Torvald"]      # the Raiding Party's
        assert [c.name for c in s.party(1).characters] == ["Wren"]

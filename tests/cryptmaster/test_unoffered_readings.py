"""Readings of the catalog's ambiguities once recorded as "not offered", now options: each test reaches a
state where the readings part and asserts what each gives (it fails if the option is ignored)."""

from __future__ import annotations

import attrs

from tombspec.model.tomb.state import Hidden, Monster

from .helpers import DOOR, at, ruleset, step, until

OTHERS = [{"characters": ["Wren"], "location": "2,3"}, {"characters": ["Kadin"], "location": "2,3"}]


def _overlord_raid(reading: str, revealed_before: bool) -> list[str]:
    """Raid crypt d, which holds the Queen of Shadows (a magic die: she draws a spell when revealed), and
    return the decks of the Inn draws queued for her at the reveal."""
    from tombspec.model.tomb.actions import Raid

    rs = ruleset(overlords=True, overlord_reveal=reading)
    s = at(rs, [{"characters": ["Grimbold"], "location": DOOR["d"]}, *OTHERS], {"d": [], "g": ["Giant Rat"]})
    crypts = tuple(attrs.evolve(c, cards=(Hidden("Queen of Shadows", (0, 1, 2)),)) if c.id == "d" else c
                   for c in s.crypts)
    s = attrs.evolve(s, crypts=crypts, overlord="Queen of Shadows", overlord_crypt="d")
    if revealed_before:                          # she survived an earlier raid, one Wound kept
        s = rs.persist_monster(s, Monster("Queen of Shadows", 1, ()))
    s = rs.step(s, Raid(), 0)
    for _ in range(40):
        if s.raid is not None and s.raid.monsters:
            break
        p = rs.pending(s)
        s = rs.step(s, rs.chance(s).support()[0][0]) if p.is_chance else \
            rs.step(s, rs.legal_actions(s, p.actors[0])[0], p.actors[0])
    assert s.raid.monsters[0].card == "Queen of Shadows"
    return [t.deck for t in s.agenda if t.kind == "inn-draw" and t.subject == "m0"]


def test_overlord_reveal_each_raid_under_each_reading() -> None:
    """cryptmaster.ambiguity.overlord-reveal-each-raid: a monster with magic dice 'draws and attaches one
    spell' when revealed.  The overlord's first reveal draws under both readings; at a later raid of its
    crypt it draws again under every-raid, and nothing under first-reveal-only."""
    for reading in ("every-raid", "first-reveal-only"):
        assert _overlord_raid(reading, revealed_before=False) == ["spell"]
    assert _overlord_raid("every-raid", revealed_before=True) == ["spell"]
    assert _overlord_raid("first-reveal-only", revealed_before=True) == []


def _kill_wren(reading: str) -> object:
    """PvP: Grimbold's player discards 10 banked XP to Kill Wren, who holds the Golden Chalice; Kadin is
    left in Wren's party."""
    from tombspec.model.tomb.actions import Done, Kill, SpendBank

    rs = ruleset(pvp=True, pvp_kill=reading)
    s = at(rs, [{"characters": ["Grimbold"], "location": DOOR["a"], "bank": ["Ghoul", "Golden Chalice", "Skeleton",
                                                                             "Giant Rat", "Giant Rat"]},
                {"characters": [("Wren", ["Golden Chalice"]), "Kadin"], "location": "2,3"},
                {"characters": ["Grist the Outcast"], "location": "2,3"}])
    s = step(rs, s, Kill("Wren"), *[SpendBank(c) for c in ("Ghoul", "Golden Chalice", "Skeleton", "Giant Rat",
                                                           "Giant Rat")], Done())
    for _ in range(10):                      # the chalice's holder, a replacement for the Inn
        if s.task is None or s.task.kind in ("turn", "actions") or s.current != 0:
            break
        p = rs.pending(s)
        if p.is_chance:
            s = rs.step(s, rs.chance(s).support()[0][0])
        elif p.actors[0] == 0:
            break
        else:
            s = rs.step(s, rs.legal_actions(s, p.actors[0])[0], p.actors[0])
    assert "Wren" in s.dead and rs.violations(s) == []
    return s


def test_pvp_kill_action_victims_cards_under_each_reading() -> None:
    """cryptmaster.ambiguity.pvp-kill-action: the victim's attached cards are discarded with it
    (whole-cards-any-target), or go to the pillage pile as in PvP combat, claimed by the defender while
    his party has characters left (pillage): Kadin takes Wren's Golden Chalice."""
    s = _kill_wren("whole-cards-any-target")
    assert s.party(1).character("Kadin").attached == () and s.pillage == ()
    s = _kill_wren("pillage")
    assert s.party(1).character("Kadin").attached == ("Golden Chalice",) and s.pillage == ()


def _disarm_walls(reading: str, *rolls: object) -> object:
    """Grimbold and Dread raid crypt d and face Crushing Walls ('Characters: 2 Disarm: Attack 3'), both
    chosen to disarm; ``rolls`` are the dice outcomes given to the disarm rolls in turn."""
    from tombspec.model.tomb.actions import Announce, Disarm, Done, Raid

    from tombspec.model.tomb.cards import load_cards, shipped_card_sets

    rs = ruleset(trap_rollers=reading)
    # the example set's traps all need one character: Tomb's example set lends a two-character trap
    walls = load_cards(shipped_card_sets("tomb")["example"]).crypt["Crushing Walls"]
    rs.cards = attrs.evolve(rs.cards, crypt={**rs.cards.crypt, "Crushing Walls": walls})
    s = at(rs, [{"characters": ["Grimbold", "Dread"], "location": DOOR["d"]}, *OTHERS],
           {"d": ["Crushing Walls", "Golden Chalice"], "g": ["Golden Chalice"]})
    s = step(rs, rs.step(s, Raid(), 0), Done(), Announce("Crushing Walls"), Disarm(("Grimbold", "Dread")))
    pools = []
    for r in rolls:
        assert s.roll is not None and s.roll.purpose == "disarm"
        pools.append(s.roll.dice)
        s = step(rs, s, r)
    return rs, s, pools


def test_trap_rollers_under_each_reading() -> None:
    """cryptmaster.ambiguity.trap-rollers: the two disarmers make one combined Attack roll against TN 3
    (combined-per-attribute: Dread's green and blue die and Grimbold's three green, three axes disarm it),
    or each rolls alone and each roll must meet it (each-separately: Grimbold's three axes meet it, Dread's
    two fail it)."""
    from tombspec.model.tomb.actions import Roll

    rs, s, pools = _disarm_walls("combined-per-attribute", Roll(2, 1, 0))
    assert pools == [(4, 1, 0)] and "Crushing Walls" in s.party(0).bank
    rs, s, pools = _disarm_walls("each-separately", Roll(3, 0, 0), Roll(1, 1, 0))
    assert pools == [(3, 0, 0), (1, 1, 0)] and "Crushing Walls" not in s.party(0).bank
    assert s.crypt_discard.count("Crushing Walls") == 1

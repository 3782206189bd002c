"""The variants (tomb-cryptmaster.txt: Overlords, Player vs. Player Tomb): the overlord's protection, its
persistence and the end on its defeat; PvP's no return to the Inn, the meeting attack, pillage, Kill for
XP and elimination."""

from __future__ import annotations

import attrs

from tombspec.model.tomb.actions import Done, Kill, Move, MoveTo, ReturnToInn, Roll, SpendBank, Target
from tombspec.model.tomb.state import Monster

from .helpers import DOOR, at, refused, ruleset, step, until

OTHERS = [{"characters": ["Wren"], "location": "2,3"}, {"characters": ["Kadin"], "location": "2,3"}]


def test_pvp_a_party_in_the_tomb_never_returns_to_the_inn_but_moves_up_to_twenty() -> None:
    rs = ruleset(pvp=True)
    s = at(rs, [{"characters": ["Grimbold"], "location": DOOR["g"]}, *OTHERS])
    s = step(rs, s, ReturnToInn())
    assert s.task.kind == "move-20"
    targets = [a.to for a in rs.legal_actions(s, 0)]
    assert "inn" not in targets and "1,2" in targets
    s = step(rs, s, MoveTo("1,2"))
    assert s.party(0).location == "1,2"


def test_pvp_ending_a_move_on_another_party_attacks_it() -> None:
    rs = ruleset(pvp=True)
    s = at(rs, [{"characters": ["Grimbold"], "location": DOOR["a"]}, *OTHERS])
    s = step(rs, s, Move(), MoveTo("2,3"))
    assert s.task.kind == "pvp-meet" and set(rs.legal_actions(s, 0)) == {Target("1"), Target("2")}
    s = step(rs, s, Target("1"))
    assert any(e.name == "pvp-combat" for e in s.effects)


def test_without_pvp_parties_share_a_space_in_peace() -> None:
    rs = ruleset()
    s = at(rs, [{"characters": ["Grimbold"], "location": DOOR["a"]}, *OTHERS])
    s = step(rs, s, Move(), MoveTo("2,3"))
    assert s.current == 1 and s.party(0).location == "2,3"


def test_pvp_kill_a_character_for_ten_banked_xp() -> None:
    rs = ruleset(pvp=True)
    s = at(rs, [{"characters": ["Grimbold"], "location": DOOR["a"], "bank": ["Ghoul", "Golden Chalice", "Skeleton",
                                                                             "Giant Rat", "Giant Rat"]}, *OTHERS])
    kills = [a for a in rs.legal_actions(s, 0) if isinstance(a, Kill)]
    assert set(kills) == {Kill("Grimbold"), Kill("Wren"), Kill("Kadin")}
    s = step(rs, s, Kill("Wren"), *[SpendBank(c) for c in ("Ghoul", "Golden Chalice", "Skeleton", "Giant Rat",
                                                           "Giant Rat")], Done())
    assert not s.party(1).characters and "Wren" in s.dead and s.party(0).bank == ()


def test_pvp_kill_the_player_chooses_the_banked_cards_discarded() -> None:
    """"Discard at least 10 XP from your bank": which cards is the player's decision, card by card (the
    model once took the XP tokens, then the cheapest cards, itself), any set worth 10 or more."""
    rs = ruleset(pvp=True)
    bank = ["Ghoul", "Golden Chalice", "Golden Chalice", "Skeleton", "Giant Rat", "Giant Rat"]
    s = at(rs, [{"characters": ["Grimbold"], "location": DOOR["a"], "bank": bank}, *OTHERS])
    s = step(rs, s, Kill("Wren"))
    assert s.task.kind == "kill-pay" and rs.pending(s).actors == (0,)
    assert set(rs.legal_actions(s, 0)) == {SpendBank(c) for c in bank}           # no Done before 10 XP
    s = step(rs, s, SpendBank("Golden Chalice"), SpendBank("Golden Chalice"), SpendBank("Ghoul"))
    assert Done() not in rs.legal_actions(s, 0) and s.party(1).characters            # 9 XP: Wren lives
    s = step(rs, s, SpendBank("Giant Rat"))
    assert Done() in rs.legal_actions(s, 0)                                           # 10 XP: done, or more
    s = step(rs, s, Done())
    assert s.party(0).bank == ("Giant Rat", "Skeleton") and "Wren" in s.dead
    assert s.crypt_discard.count("Golden Chalice") == 2 and not rs.violations(s)


def test_pvp_kill_the_xp_tokens_pay_what_is_still_wanting() -> None:
    """XP tokens (a mercenary's pay) count toward the 10 XP: only as many as are wanting are discarded."""
    rs = ruleset(pvp=True)
    s = at(rs, [{"characters": ["Grimbold"], "location": DOOR["a"], "bank": ["Ghoul"]}, *OTHERS])
    s = attrs.evolve(s, parties=(attrs.evolve(s.party(0), bank_xp=12), *s.parties[1:]))
    s = step(rs, s, Kill("Kadin"), SpendBank("Ghoul"))
    assert SpendBank("xp-tokens") in rs.legal_actions(s, 0)
    s = step(rs, s, SpendBank("xp-tokens"), Done())
    assert s.party(0).bank_xp == 5 and "Kadin" in s.dead


def test_invalid_kill_with_less_than_ten_xp() -> None:
    rs = ruleset(pvp=True)
    s = at(rs, [{"characters": ["Grimbold"], "location": DOOR["a"], "bank": ["Ghoul"]}, *OTHERS])
    assert not any(isinstance(a, Kill) for a in rs.legal_actions(s, 0))
    assert refused(rs, s, Kill("Wren", ("Ghoul",)), 0) == "cryptmaster.pvp.kill-for-xp"


def test_invalid_kill_done_before_ten_xp_are_discarded() -> None:
    """A Kill whose discards come to less than 10 XP is refused: "Discard at least 10 XP from your bank"."""
    rs = ruleset(pvp=True)
    s = at(rs, [{"characters": ["Grimbold"], "location": DOOR["a"], "bank": ["Ghoul", "Golden Chalice", "Skeleton",
                                                                             "Giant Rat", "Giant Rat"]}, *OTHERS])
    s = step(rs, s, Kill("Wren"), SpendBank("Ghoul"), SpendBank("Golden Chalice"), SpendBank("Skeleton"))
    assert refused(rs, s, Done(), 0) == "cryptmaster.pvp.kill-for-xp"                # 8 XP
    assert refused(rs, s, SpendBank("Skeleton"), 0) == "cryptmaster.pvp.kill-for-xp"   # no longer banked


def test_pvp_an_emptied_party_is_eliminated_and_the_last_one_wins() -> None:
    rs = ruleset(2, pvp=True)
    s = at(rs, [{"characters": ["Grimbold"], "location": DOOR["a"], "bank": ["Ghoul", "Golden Chalice", "Skeleton",
                                                                             "Giant Rat", "Giant Rat"]},
                {"characters": ["Wren"], "location": "2,3"}])
    s = step(rs, s, Kill("Wren"), *[SpendBank(c) for c in ("Ghoul", "Golden Chalice", "Skeleton", "Giant Rat",
                                                           "Giant Rat")], Done())
    while s.task is not None and s.task.kind == "replace":                      # a replacement joins the Inn
        s = step(rs, s, rs.chance(s).support()[0][0])
    assert s.party(1).out and rs.is_terminal(s) and s.winners == (0,) and s.outcome == "last-player"


def test_the_overlord_keeps_its_wounds_between_raids() -> None:
    rs = ruleset(overlords=True)
    s = at(rs, [{"characters": ["Grimbold"], "location": DOOR["d"]}, *OTHERS], {"d": ["Giant Rat"]})
    s = attrs.evolve(s, overlord="The Bone Tyrant", overlord_crypt="d", overlord_wounds=3)
    m = rs.new_monster(s, "The Bone Tyrant")
    assert m == Monster("The Bone Tyrant", 3, ())
    assert rs.keeps_on_return(s, m) and not rs.keeps_on_return(s, Monster("Giant Rat", 1))


def test_the_game_ends_when_the_overlord_is_defeated_or_the_other_crypts_are_empty() -> None:
    from tombspec.model.effects import Effect

    rs = ruleset(overlords=True)
    s = at(rs, [{"characters": ["Grimbold"]}, *OTHERS], {"d": ["Giant Rat"], "g": ["Golden Chalice"]})
    s = attrs.evolve(s, overlord="The Bone Tyrant", overlord_crypt="d")
    assert rs.game_over(s) is None
    empty = attrs.evolve(s, crypts=tuple(attrs.evolve(c, cards=()) if c.id != "d" else c for c in s.crypts))
    assert rs.game_over(empty) == "crypts-emptied"                              # only the overlord's crypt left
    beaten = attrs.evolve(s, effects=(Effect("overlord-defeated", "cryptmaster.overlord.game-ends-on-defeat",
                                             until="game"),))
    assert rs.game_over(beaten) == "overlord"


def test_a_character_whose_hit_points_drop_as_a_dead_companion_leaves_dies_too() -> None:
    """tomb.ambiguity.hit-point-changes (dies-when-exceeded): Wulfric dies holding the War Banner that
    raised Pell's Hit Points to 6; Pell, at 5 Wounds, dies as the Banner leaves play (the game of seed
    3, index 37 of the four-player PvP exploration, where the invariant caught it)."""
    import random

    from tombspec.checks.explore.games import play
    from tombspec.model.cryptmaster import Cryptmaster

    rs = Cryptmaster({"players": 4, "pvp": True})
    final, problems = play(rs, random.Random("3:37"), index=37)
    assert problems == [] and rs.is_terminal(final)


def test_pvp_pillage_goes_to_the_living_defender_when_the_attacker_flees() -> None:
    """Issue 28, cryptmaster.combat.pvp-pillage: 'If there are no defenders, the attacker claims all
    pillage. Otherwise, the defender claims all pillage.'  The attacker killed a defender holding two
    cards (both in the pillage), then fled while another defender lives: the defender claims them (a
    side that fled has left the combat; the defenders have not)."""
    from tombspec.model.tomb.actions import Flee, Pass

    rs = ruleset(pvp=True, combat_passing="may-pass")
    s = at(rs, [{"characters": ["Grimbold"], "location": DOOR["a"]},
                {"characters": ["Wren", ("Kadin", ["Battle Axe", "Bless"])], "location": "2,3"},
                {"characters": ["Torvald"], "location": DOOR["g"]}])
    s = step(rs, s, Move(), MoveTo("2,3"), Target("1"))
    assert s.task.kind == "pvp-act" and rs.pending(s).actors == (1,)
    # Kadin has died in the combat: his two cards are the pillage
    wren = s.party(1).characters[0]
    s = attrs.evolve(s, parties=(s.party(0), attrs.evolve(s.party(1), characters=(wren,)), s.party(2)),
                     dead=tuple(sorted((*s.dead, "Kadin"))), pillage=("Battle Axe", "Bless"))
    s = step(rs, s, Pass())                                     # the defender passes
    assert s.task.kind == "pvp-act" and rs.pending(s).actors == (0,)
    s = step(rs, s, Flee())                                     # the attacker flees, up to 20 spaces away
    s = step(rs, s, rs.legal_actions(s, 0)[0])
    assert s.pillage == ()
    assert {"Battle Axe", "Bless"} <= set(s.party(1).hand) and not {"Battle Axe", "Bless"} & set(s.party(0).hand)


def test_pvp_a_refused_battle_action_names_the_rule_it_breaks() -> None:
    """Issue 28's refusal audit: a refused PvP battle action named the defender's step whoever acted and
    whatever was wrong.  A pass where one must act names combat-passing; a character of another party
    "Choose a party member"; a blow at a party not the other side "the player initiating the attack is
    the attacker, and the other player is the defender"; a character that has acted its side's step
    ("that has not yet used a battle action during this combat round")."""
    from tombspec.model.tomb.actions import Attack, Pass

    rs = ruleset(pvp=True, combat_passing="must-act")
    s = at(rs, [{"characters": ["Grimbold", "Hedda Ironhand"], "location": DOOR["a"]},
                {"characters": ["Wren", "Kadin"], "location": "2,3"},
                {"characters": ["Torvald"], "location": DOOR["g"]}])
    s = step(rs, s, Move(), MoveTo("2,3"), Target("1"))
    assert s.task.kind == "pvp-act" and rs.pending(s).actors == (1,)
    assert refused(rs, s, Pass(), 1) == "cryptmaster.ambiguity.combat-passing"
    assert refused(rs, s, Attack("Grimbold", "p0"), 1) == "cryptmaster.attack.choose-attacker"
    assert refused(rs, s, Attack("Wren", "p2"), 1) == "cryptmaster.combat.pvp-sides"
    s = until(rs, step(rs, s, Attack("Wren", "p0"), Target("Grimbold"), Roll(0, 0, 0)), "pvp-act")
    assert rs.pending(s).actors == (0,)                                         # the attacker's step
    assert refused(rs, s, Attack("Wren", "p1"), 0) == "cryptmaster.attack.choose-attacker"
    s = until(rs, step(rs, s, Attack("Hedda Ironhand", "p1"), Target("Kadin"), Roll(0, 0, 0)), "pvp-act")
    assert rs.pending(s).actors == (1,) and len(s.party(1).characters) == 2
    assert refused(rs, s, Attack("Wren", "p0"), 1) == "cryptmaster.combat.defender-acts"      # Wren has acted
    s = until(rs, step(rs, s, Attack("Kadin", "p0"), Target("Hedda Ironhand"), Roll(0, 0, 0)), "pvp-act")
    assert rs.pending(s).actors == (0,)
    assert refused(rs, s, Attack("Hedda Ironhand", "p1"), 0) == "cryptmaster.combat.attacker-acts"


def test_pvp_pillage_goes_to_the_attacker_when_the_defender_flees() -> None:
    """The other side of it (the model as before): a defender that fled has left no defenders in the
    combat, and the attacker claims the pillage."""
    from tombspec.model.tomb.actions import Flee

    rs = ruleset(pvp=True)
    s = at(rs, [{"characters": ["Grimbold"], "location": DOOR["a"]},
                {"characters": ["Wren", ("Kadin", ["Battle Axe", "Bless"])], "location": "2,3"},
                {"characters": ["Torvald"], "location": DOOR["g"]}])
    s = step(rs, s, Move(), MoveTo("2,3"), Target("1"))
    wren = s.party(1).characters[0]
    s = attrs.evolve(s, parties=(s.party(0), attrs.evolve(s.party(1), characters=(wren,)), s.party(2)),
                     dead=tuple(sorted((*s.dead, "Kadin"))), pillage=("Battle Axe", "Bless"))
    s = step(rs, s, Flee())                                     # the defender flees
    s = step(rs, s, rs.legal_actions(s, 1)[0])
    assert s.pillage == () and {"Battle Axe", "Bless"} <= set(s.party(0).hand)


def test_pvp_pillage_goes_to_a_fled_defender_under_still_defending() -> None:
    """cryptmaster.ambiguity.pvp-fled-defender = still-defending: the defenders are the defending
    party's living characters wherever they are; the fled defender claims the pillage."""
    from tombspec.model.tomb.actions import Flee

    rs = ruleset(pvp=True, pvp_fled="still-defending")
    s = at(rs, [{"characters": ["Grimbold"], "location": DOOR["a"]},
                {"characters": ["Wren", ("Kadin", ["Battle Axe", "Bless"])], "location": "2,3"},
                {"characters": ["Torvald"], "location": DOOR["g"]}])
    s = step(rs, s, Move(), MoveTo("2,3"), Target("1"))
    wren = s.party(1).characters[0]
    s = attrs.evolve(s, parties=(s.party(0), attrs.evolve(s.party(1), characters=(wren,)), s.party(2)),
                     dead=tuple(sorted((*s.dead, "Kadin"))), pillage=("Battle Axe", "Bless"))
    s = step(rs, s, Flee())                                     # the defender flees
    s = step(rs, s, rs.legal_actions(s, 1)[0])
    assert s.pillage == () and {"Battle Axe", "Bless"} <= set(s.party(1).hand)


def _overlord_raid(**options: object) -> tuple[object, object]:
    """A raid on crypt d, which holds the overlord (one Wound from death) and a treasure, at the raider's
    first battle action."""
    from tombspec.model.tomb.actions import Raid

    from .helpers import until

    from tombspec.model.tomb.state import Hidden

    rs = ruleset(overlords=True, **options)
    s = at(rs, [{"characters": ["Grimbold"], "location": DOOR["d"]}, *OTHERS],
           {"d": ["Golden Chalice"], "g": ["Giant Rat"]})
    hp = rs.cards.crypt["The Bone Tyrant"].hp
    crypts = tuple(attrs.evolve(c, cards=(*c.cards, Hidden("The Bone Tyrant", (0, 1, 2)))) if c.id == "d" else c
                   for c in s.crypts)
    s = attrs.evolve(s, crypts=crypts, overlord="The Bone Tyrant", overlord_crypt="d", overlord_wounds=hp - 1)
    s = until(rs, rs.step(s, Raid(), 0), "battle-raider")
    return rs, s


def _kill_the_overlord(rs: object, s: object) -> object:
    from tombspec.model.tomb.actions import Attack

    s = step(rs, s, Attack("Grimbold", "m0"))
    hit = next(o for o, _ in rs.chance(s).support() if o.green + o.blue + o.red >= 1)
    s = step(rs, s, hit)
    for _ in range(10):                        # a react window or two may come before the Wounds land
        if s.task is None or any(e.name == "overlord-defeated" for e in s.effects):
            break
        p = rs.pending(s)
        s = rs.step(s, rs.chance(s).support()[0][0]) if p.is_chance else \
            rs.step(s, rs.legal_actions(s, p.actors[0])[-1], p.actors[0])
    return s


def test_the_overlord_defeated_ends_the_game_at_once_under_immediately() -> None:
    """Issue 28, cryptmaster.ambiguity.game-end-timing = immediately: 'The game ends the moment the
    condition holds; the rest of the turn is not played.'  The overlord killed mid-raid ends the game
    there: no treasure choice, the crypt's other card back in it."""
    rs, s = _overlord_raid(game_end="immediately")
    s = _kill_the_overlord(rs, s)
    assert rs.is_terminal(s) and s.outcome == "overlord" and s.raid is None
    assert "The Bone Tyrant" in s.party(0).bank
    assert any(h.card == "Golden Chalice" for c in s.crypts if c.id == "d" for h in c.cards)
    assert rs.violations(s) == []


def test_the_overlord_defeated_ends_the_game_at_the_upkeep_by_default() -> None:
    """at-upkeep (the default): the raid goes on to its treasure choice; the game ends at the upkeep."""
    rs, s = _overlord_raid()
    s = _kill_the_overlord(rs, s)
    assert not rs.is_terminal(s) and s.raid is not None


def test_the_overlord_killed_pays_each_mercenary_under_each_reading() -> None:
    """cryptmaster.ambiguity.overlord-mercenary-pay: 'receives 1 XP for each Tomb card successfully
    resolved during the raid (i.e. ... monster killed ...)' and 'If the raiding party kills an Overlord,
    each mercenary's player gains 5 XP.' Kadin (player 2) is hired for the raid on the overlord's crypt;
    the overlord is killed and the treasure banked. five-and-one: 1 + 1 + 5 = 7 XP; five-only: 1 + 5 = 6."""
    paid = {}
    for reading in ("five-and-one", "five-only"):
        rs, s = _overlord_raid(overlord_merc_pay=reading)
        assert s.party(0).character("Kadin").owner == 2                  # hired: the first choice of until
        s = _kill_the_overlord(rs, s)
        assert s.raid.overlord_killed and s.raid.resolved == 1
        for _ in range(40):                                              # the treasure, then the raid's end
            if s.raid is None:
                break
            p = rs.pending(s)
            s = rs.step(s, rs.chance(s).support()[0][0]) if p.is_chance else \
                rs.step(s, rs.legal_actions(s, p.actors[0])[0], p.actors[0])
        assert s.raid is None and rs.violations(s) == []
        paid[reading] = s.party(2).bank_xp
    assert paid == {"five-and-one": 7, "five-only": 6}

"""The variants (tomb-cryptmaster.txt: Overlords, Player vs. Player Tomb): the overlord's protection, its
persistence and the end on its defeat; PvP's no return to the Inn, the meeting attack, pillage, Kill for
XP and elimination."""

from __future__ import annotations

import attrs

from tombspec.model.tomb.actions import Kill, Move, MoveTo, ReturnToInn, Target
from tombspec.model.tomb.state import Monster

from .helpers import DOOR, at, refused, ruleset, step

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
    assert Kill("Wren", kills[0].cards) in kills and sum(rs.cards.crypt[c].xp for c in kills[0].cards) >= 10
    s = step(rs, s, Kill("Wren", kills[0].cards))
    assert not s.party(1).characters and "Wren" in s.dead


def test_invalid_kill_with_less_than_ten_xp() -> None:
    rs = ruleset(pvp=True)
    s = at(rs, [{"characters": ["Grimbold"], "location": DOOR["a"], "bank": ["Ghoul"]}, *OTHERS])
    assert not any(isinstance(a, Kill) for a in rs.legal_actions(s, 0))
    assert refused(rs, s, Kill("Wren", ("Ghoul",)), 0) == "cryptmaster.pvp.kill-for-xp"


def test_pvp_an_emptied_party_is_eliminated_and_the_last_one_wins() -> None:
    rs = ruleset(2, pvp=True)
    s = at(rs, [{"characters": ["Grimbold"], "location": DOOR["a"], "bank": ["Ghoul", "Golden Chalice", "Skeleton",
                                                                             "Giant Rat", "Giant Rat"]},
                {"characters": ["Wren"], "location": "2,3"}])
    kill = [a for a in rs.legal_actions(s, 0) if isinstance(a, Kill) and a.character == "Wren"][0]
    s = step(rs, s, kill)
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

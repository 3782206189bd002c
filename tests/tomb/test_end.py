"""End of the Game, scoring, Solitaire Play and Campaign Play (tomb.txt: End of the Game, Solitaire Play,
Campaign Play)."""

from __future__ import annotations

import random

import pytest

from tombspec.model.errors import InvalidInput
from tombspec.model.play import playout
from tombspec.model.tomb import Tomb
from tombspec.model.tomb.actions import Attach, Bank, Continue, Raid
from tombspec.model.tomb.rules.campaign import compute_level
from tombspec.model.tomb.rules.end import rank
from tombspec.model.tomb.state import TombSetup

from .helpers import Replay, at, refused, two_crypts


def test_the_game_ends_when_the_last_crypt_card_is_removed() -> None:
    rs = two_crypts()
    s = at(rs, [{"characters": ["Grimbold"], "location": "2,1", "bank": ["Giant Rat"]},
                {"characters": [("Wren", ["Golden Chalice"])]}], {"a": ["Golden Chalice"]})
    r = Replay(rs, s)(Raid(), Attach("Golden Chalice", "Grimbold"))
    assert r.s.outcome == "crypts-emptied" and rs.is_terminal(r.s)
    assert r.s.scores == (4, 3) and r.s.winners == (0,)      # bank + attached treasure of survivors


def test_ties_are_shared_or_broken_on_banked_xp() -> None:
    """tomb.ambiguity.final-tie: 3 XP each, player 0's attached, player 1's banked: shared, most-banked,
    or most-attached (issue 28's audit: the score's other part)."""
    for reading, winners in (("shared", (0, 1)), ("most-banked", (1,)), ("most-attached", (0,))):
        rs = two_crypts(final_tie=reading)
        s = at(rs, [{"characters": ["Grimbold"], "location": "2,1"},
                    {"characters": ["Wren"], "bank": ["Golden Chalice"]}], {"a": ["Golden Chalice"]})
        r = Replay(rs, s)(Raid(), Attach("Golden Chalice", "Grimbold"))
        assert r.s.scores == (3, 3) and r.s.winners == winners


def test_end_of_round_reading_plays_the_round_out() -> None:
    rs = two_crypts(end_trigger="end-of-round")
    # player 1 begins each round (the second player), player 0 ends it
    s = at(rs, [{"characters": ["Grimbold"]}, {"characters": ["Wren"], "location": "2,1"}], {"a": ["Golden Chalice"]},
           current=1)
    r = Replay(rs, s)(Raid(), Bank("Golden Chalice"))
    assert r.s.outcome is None and r.s.current == 0                  # player 0 still has his turn
    while not rs.is_terminal(r.s) and r.s.current == 0:
        p = rs.pending(r.s)
        r(rs.chance(r.s).support()[0][0] if p.is_chance else rs.legal_actions(r.s, p.actors[0])[0])
    assert r.s.outcome == "crypts-emptied"
    now = two_crypts()
    s = at(now, [{"characters": ["Grimbold"]}, {"characters": ["Wren"], "location": "2,1"}], {"a": ["Golden Chalice"]},
           current=1)
    assert Replay(now, s)(Raid(), Bank("Golden Chalice")).s.outcome == "crypts-emptied"   # after-raid


def test_at_once_reading_ends_the_game_before_the_last_treasures_are_banked() -> None:
    """tomb.ambiguity.end-trigger at-once: the last Crypt Card leaves its Crypt when the Raiding Player
    receives it; the game is over before he Banks or Attaches it, and it scores nothing."""
    rs = two_crypts(end_trigger="at-once")
    s = at(rs, [{"characters": ["Grimbold"], "location": "2,1", "bank": ["Giant Rat"]},
                {"characters": [("Wren", ["Golden Chalice"])]}], {"a": ["Golden Chalice"]})
    r = Replay(rs, s)(Raid())
    assert r.s.outcome == "crypts-emptied" and rs.is_terminal(r.s)
    assert r.s.raid is not None and r.s.raid.treasures == ("Golden Chalice",)
    assert r.s.scores == (1, 3) and r.s.winners == (1,)       # after-raid: (4, 3), player 0 (the test above)
    assert rs.violations(r.s) == []                          # the cards are all still somewhere
    # with a Crypt Card left elsewhere, the game goes on: the Treasure is Banked or Attached as usual
    s = at(rs, [{"characters": ["Grimbold"], "location": "2,1"}, {"characters": ["Wren"]}],
           {"a": ["Golden Chalice"], "b": ["Giant Rat"]})
    r = Replay(rs, s)(Raid())
    assert r.s.outcome is None and rs.pending(r.s).what == "Bank or Attach a Treasure"


def test_solitaire_scores_no_treasure_and_five_per_survivor_when_cleared() -> None:
    rs = Tomb({"players": 1}, board=two_crypts().board.to_data())
    s = at(rs, [{"characters": ["Grimbold", "Kadin"], "location": "2,1", "bank": ["Giant Rat", "Golden Chalice"]}],
           {"a": ["Pit of Spikes"]}, inn=("Ember",))
    assert rs.score(s, 0) == 1                                        # the Rat, not the Chalice
    from tombspec.model.tomb.actions import Disarm, Draw, Roll

    # Solitaire, read-first-lines: the next face-down Trap is a chance event
    r = Replay(rs, s)(Raid(), Draw("Pit of Spikes"), Disarm(("Grimbold",)), Roll(0, 0, 0), Continue())
    assert rs.is_terminal(r.s) and r.s.scores == (1 + 5 * 3,)       # two in the Party, one at the Inn


def test_solitaire_rank_chart() -> None:
    assert [rank(x) for x in (-3, 0, 1, 10, 11, 55, 100, 101, 500)] == [
        "Hireling", "Hireling", "Henchman", "Henchman", "Slime Mold", "Adventurer", "Dungeon Master",
        "Power Gamer", "Power Gamer"]


def test_solitaire_party_size_four_and_monsters_by_xp() -> None:
    rs = Tomb({"players": 1}, board=two_crypts().board.to_data())
    s = at(rs, [{"characters": ["Grimbold", "Kadin", "Ysolde", "Torvald"]}], inn=("Ember",))
    assert not any(type(a).__name__ == "Recruit" for a in rs.legal_actions(s, 0))
    s = at(rs, [{"characters": ["Grimbold", "Torvald"], "location": "2,1"}], {"a": ["Giant Rat", "Ghoul"]})
    r = Replay(rs, s)(Raid(), Continue())
    acts = [r.s.raid.monsters[int(a.monster[1:])].card for a in rs.legal_actions(r.s, 0)]
    assert acts == ["Ghoul"]                                          # 3 XP before the Rat's 1


def test_solitaire_ends_without_characters() -> None:
    rs = Tomb({"players": 1}, board=two_crypts().board.to_data())
    s = at(rs, [{"characters": ["Ember"], "location": "2,1"}], {"a": ["Ghoul"]})
    from tombspec.model.tomb.actions import MonsterAttack, Roll, Target

    r = Replay(rs, s)(Raid(), Continue(), MonsterAttack("m0"), Target("Ember"), Roll(1, 1, 1))
    assert r.s.outcome == "no-characters"


def test_campaign_levels_and_the_3000_xp_reading() -> None:
    assert [compute_level(x) for x in (0, 50, 51, 100, 101, 200, 201, 700, 701, 2200, 2201, 2999)] == \
        [1, 1, 2, 2, 3, 3, 4, 5, 6, 8, 9, 9]
    assert compute_level(3000) == 10 and compute_level(3000, False) == 9 and compute_level(3001, False) == 10


def test_campaign_carries_the_tally_into_the_next_game() -> None:
    rs = Tomb({"players": 2})
    final = None
    for _, _, final in playout(rs, random.Random(4)):
        pass
    assert rs.is_terminal(final)
    setup = rs.next_setup(final)
    assert setup.tally == final.scores
    again = rs.initial_state(TombSetup((120, 3100)))
    assert again.levels == (3, 10)
    with pytest.raises(InvalidInput):
        rs.initial_state(TombSetup((1, 2, 3)))
    with pytest.raises(InvalidInput):
        rs.next_setup(again)


def test_explore_plays_a_campaign_of_several_games_that_verify() -> None:
    """Campaign Play through explore: each later game set up by next_setup from the one before (its
    header carries the state the setup gives), every invariant checked, the trace replayed by verify."""
    import io

    from tombspec.checks.explore import explore
    from tombspec.checks.oracle.trace import TraceWriter
    from tombspec.checks.oracle.verify import Verifier

    out = io.BytesIO()
    report = explore(Tomb({"players": 2}), 1, seed=2, writer=TraceWriter(out, "digest"), campaign=3)
    assert report.problems == [] and report.games == 3 and report.campaign_games == 2
    v = Verifier()
    v.verify_stream(io.BytesIO(out.getvalue()), "campaign.jsonl")
    assert v.report.exit_code == 0 and v.report.conforming == 3


def test_a_lord_recruits_a_sixth_character() -> None:
    rs = Tomb({"players": 2, "campaign_xp": [3000, 0]}, board=two_crypts().board.to_data())
    s = at(rs, [{"characters": ["Grimbold", "Kadin", "Ysolde", "Torvald", "Quill"]}, {"characters": ["Wren"]}],
           inn=("Ember",))
    import attrs

    s = attrs.evolve(s, levels=(10, 1))
    assert any(type(a).__name__ == "Recruit" for a in rs.legal_actions(s, 0))


def test_a_turn_ends_only_what_lasts_the_turn() -> None:
    """A turn's start and end lapse the effects that last the turn, not those that last longer (a round:
    the end-of-round reading plays the round out over every player's turn)."""
    import attrs

    from tombspec.model.effects import ROUND, TURN, Effect
    from tombspec.model.tomb.rules.turn import run_end_turn, run_turn_start
    from tombspec.model.tomb.state import Task

    rs = two_crypts()
    s = at(rs, [{"characters": ["Grimbold"]}, {"characters": ["Wren"]}], {"a": ["Golden Chalice"]})
    lasting = (Effect("turn-long", "tomb.setup.clockwise", until=TURN),
               Effect("round-long", "tomb.setup.clockwise", until=ROUND))
    for run, kind in ((run_turn_start, "turn-start"), (run_end_turn, "end-turn")):
        task = Task(kind, 0, rule="tomb.setup.clockwise")
        after = run(rs, attrs.evolve(s, effects=lasting, agenda=(task, *s.agenda)), task)
        names = [e.name for e in after.effects]
        assert "round-long" in names and "turn-long" not in names, (kind, names)


def test_solitaire_a_draw_with_nobody_at_the_inn_to_destroy() -> None:
    """tomb.ambiguity.solo-draw-empty-inn (issue 28's audit): "Any time you use a Turn Action to draw any
    Inn Cards, you must select a Character from the Inn and destroy it."  With the Inn empty, free-draw
    (the default, the model as before) lets the Draw go ahead with nothing destroyed; no-draw refuses it,
    naming this entry.  With a Character at the Inn both destroy it."""
    from tombspec.model.tomb.actions import Destroy, DrawFrom
    from tombspec.model.tomb.rules.standard_actions import can_draw

    for reading, allowed in (("free-draw", True), ("no-draw", False)):
        rs = Tomb({"players": 1, "solo_empty_inn": reading}, board=two_crypts().board.to_data())
        s = at(rs, [{"characters": ["Grimbold"]}], inn=())
        assert s.inn == () and can_draw(rs, s, 0) is allowed
        assert (DrawFrom("item") in rs.legal_actions(s, 0)) is allowed
        if allowed:
            s = rs.step(s, DrawFrom("item"), 0)
            assert s.task.kind == "inn-draw"                                  # nothing to destroy: skipped
        else:
            assert refused(rs, s, DrawFrom("item"), 0) == "tomb.ambiguity.solo-draw-empty-inn"
        s = at(rs, [{"characters": ["Grimbold"]}], inn=("Ember",))
        s = rs.step(s, DrawFrom("item"), 0)
        assert s.task.kind == "solo-destroy" and rs.legal_actions(s, 0) == [Destroy("Ember")]
    assert Tomb({"players": 1}, board=two_crypts().board.to_data()).options.solo_empty_inn == "free-draw"

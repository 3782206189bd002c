"""Ambiguities that were note-only ("Not an option") and whose readings lead to different play: each is
now an option, and each test builds a state where the readings differ and asserts every reading's result
(it fails if the option is ignored)."""

from __future__ import annotations

import random
from fractions import Fraction

import attrs

from tombspec.model.tomb import Tomb, observe
from tombspec.model.tomb.actions import Announce, Destroy, Draw, DrawFrom, Keep, Pass, Raid, Recruit, Search, UseCard
from tombspec.model.tomb.judgement import determinise

from .helpers import at, example_board, play_first, two_crypts

BOARD = two_crypts().board.to_data()


def _solo(**options):
    return Tomb({"players": 1, **options}, board=BOARD)


def _draw(rs, state, card):
    """The chance outcome drawing ``card``."""
    for outcome, _ in rs.chance(state).support():
        if getattr(outcome, "card", None) == card:
            return rs.step(state, outcome)
    raise AssertionError(f"{card} cannot be drawn")


# tomb.ambiguity.solo-class-card-cost ---------------------------------------------------------------------

def test_solo_recruit_of_a_wizard_costs_a_character_at_the_inn_only_under_costs_a_character() -> None:
    """Solitaire: a Wizard recruited draws a Spell Card; under no-cost (the default) no Character at the
    Inn is destroyed for it; under costs-a-character one is, before the card is drawn."""
    for reading, destroys in (("no-cost", False), ("costs-a-character", True)):
        rs = _solo(solo_class_cost=reading)
        s = at(rs, [{"characters": ["Grimbold"]}], inn=("Kadin", "Wulfric", "Wren"))
        s = rs.step(s, Recruit("Kadin"), 0)
        if destroys:
            assert s.task.kind == "solo-destroy"
            assert rs.legal_actions(s, 0) == [Destroy("Wren"), Destroy("Wulfric")]
            s = rs.step(s, Destroy("Wren"), 0)
            assert s.inn == ("Wulfric",)
        assert s.task.kind == "inn-draw" and s.task.deck == "spell", reading
        assert s.inn == (("Wulfric",) if destroys else ("Wren", "Wulfric")), reading
    # a Fighter brings no card, so costs nothing under either reading
    rs = _solo(solo_class_cost="costs-a-character")
    s = rs.step(at(rs, [{"characters": ["Kadin"]}], inn=("Grimbold", "Wren")), Recruit("Grimbold"), 0)
    assert s.task.kind != "solo-destroy" and s.inn == ("Wren",)


# tomb.ambiguity.solo-draw-destroy-timing -----------------------------------------------------------------

def test_solo_draw_destroys_before_or_after_the_cards() -> None:
    """Solitaire Draw: destroy-first (the default) asks whom to destroy before any card is drawn;
    draw-first draws both cards, then asks, with the cards in the hand."""
    for reading in ("destroy-first", "draw-first"):
        rs = _solo(solo_destroy_timing=reading)
        s = at(rs, [{"characters": ["Kadin"]}], inn=("Grimbold", "Wren"))
        s = rs.step(s, DrawFrom("spell"), 0)
        if reading == "destroy-first":
            assert s.task.kind == "solo-destroy" and s.party(0).hand == ()
            s = rs.step(s, Destroy("Wren"), 0)
            assert s.task.kind == "inn-draw"
        else:
            assert s.task.kind == "inn-draw"
            s = _draw(rs, s, "Fireball")
            s = rs.step(s, DrawFrom("spell"), 0)
            s = _draw(rs, s, "Mending")
            assert s.task.kind == "solo-destroy" and s.party(0).hand == ("Fireball", "Mending")
            assert s.inn == ("Grimbold", "Wren")
            s = rs.step(s, Destroy("Wren"), 0)
            assert s.inn == ("Grimbold",) and s.task.kind == "turn"


def test_solo_draw_first_per_card_destroys_after_each_card() -> None:
    rs = _solo(solo_destroy_timing="draw-first", solo_draw_cost="per-card")
    s = rs.step(at(rs, [{"characters": ["Kadin"]}], inn=("Grimbold", "Wren")), DrawFrom("spell"), 0)
    s = _draw(rs, s, "Fireball")
    assert s.task.kind == "solo-destroy" and s.party(0).hand == ("Fireball",)
    s = rs.step(s, Destroy("Wren"), 0)
    s = rs.step(s, DrawFrom("spell"), 0)
    s = _draw(rs, s, "Mending")
    assert s.task.kind == "solo-destroy" and s.party(0).hand == ("Fireball", "Mending")


# tomb.ambiguity.solo-inn-years ---------------------------------------------------------------------------

def test_solo_fat_years_recruit_two_first_only_under_fat_years_two_first() -> None:
    """Solitaire in the Fat Years: nothing-to-change (the default) recruits one Character from the
    twenty on the first turn, fat-years-two-first two."""
    for reading, first in (("nothing-to-change", 1), ("fat-years-two-first", 2)):
        rs = Tomb({"players": 1, "inn_years": "fat-years", "solo_years": reading})
        s = play_first(rs, rs.initial_state(), lambda x: x.task.kind == "first-recruit")
        recruits = 0
        while s.task.kind == "first-recruit":
            s = rs.step(s, rs.legal_actions(s)[0], 0)
            recruits += 1
            s = play_first(rs, s, lambda x: x.task.kind in ("first-recruit", "turn"))
        assert recruits == first and len(s.party(0).characters) == first, reading
        assert len(s.inn) == 20 - first
    # the standard Years: one, whatever the reading
    rs = Tomb({"players": 1, "solo_years": "fat-years-two-first"})
    s = play_first(rs, rs.initial_state(), lambda x: x.task.kind == "first-recruit")
    s = play_first(rs, rs.step(s, rs.legal_actions(s)[0], 0), lambda x: x.task.kind in ("first-recruit", "turn"))
    assert s.task.kind == "turn" and len(s.party(0).characters) == 1


# tomb.ambiguity.campaign-inn-years -----------------------------------------------------------------------

def _first_turn(rs, player=0):
    """The state at ``player``'s first-turn tasks (no Set Up: the first turn pushed at once)."""
    from tombspec.model.tomb.rules.inn import first_turn_tasks
    from tombspec.model.tomb.rules.agenda import push

    s = at(rs, [{"characters": []}, {"characters": ["Wren"]}])
    s = attrs.evolve(s, levels=tuple(rs.level_of(xp) for xp in rs.options.campaign_xp))
    s = push(s, *first_turn_tasks(rs, s, player))
    return s


def test_lean_years_page_draws_three_four_or_six() -> None:
    """A Page (level 3) in the Lean Years: years-set-the-draw (the default) three, page-adds-one four,
    levels-set-the-draw six; a player without the benefit three under every reading."""
    for reading, page in (("years-set-the-draw", 3), ("page-adds-one", 4), ("levels-set-the-draw", 6)):
        rs = two_crypts(inn_years="lean-years", campaign_xp=[150, 0], campaign_years=reading)
        for player, want in ((0, page), (1, 3)):
            s = _first_turn(rs, player)
            kinds = [t.kind for t in s.agenda]
            assert kinds.count("character-draw") == want, (reading, player)


def test_fat_years_knight_keeps_one_more_from_the_draw_unless_years_set_the_draw() -> None:
    """A Knight who searches in the Fat Years: years-set-the-draw (the default) places the whole draw at
    the Inn; page-adds-one and levels-set-the-draw keep one more from it (the searched Character is the
    first of the two)."""
    for reading, keeps in (("years-set-the-draw", False), ("page-adds-one", True), ("levels-set-the-draw", True)):
        rs = two_crypts(inn_years="fat-years", campaign_xp=[2500, 0], campaign_years=reading)
        s = _first_turn(rs)
        s = play_first(rs, s, lambda x: x.task.kind == "knight-search")
        s = rs.step(s, Search("Grimbold"), 0)
        s = play_first(rs, s, lambda x: x.task.kind in ("keep", "turn"))
        if keeps:
            assert s.task.kind == "keep" and len(s.drawn) == 6, reading
            pick = rs.legal_actions(s, 0)[0]
            s = play_first(rs, rs.step(s, pick, 0), lambda x: x.task.kind == "turn")
            assert len(s.party(0).characters) == 2 and pick.character in s.inn + tuple(
                c.name for c in s.party(0).characters)
        else:
            assert s.task.kind == "turn" and len(s.party(0).characters) == 1, reading
        assert len(s.inn) == (5 if keeps else 6), reading


# tomb.ambiguity.board-space-turn-action-reach ------------------------------------------------------------

def test_a_space_turn_action_is_used_on_it_within_movement_or_from_anywhere() -> None:
    """A long Hallway with a shrine (heal) at its far end, 15,1.  A wounded Party standing on it may use
    it under every reading; one step away (14,1) under within-movement and anywhere, not under
    on-the-space (the default); thirteen squares away (2,1, beyond its Movement of ten) only under
    anywhere."""
    board = example_board(["##################", "#EA.B...........#", "##aabb############",
                           "##################"],
                          crypts=[{"id": "a", "capacity": 5, "cm": "L"}, {"id": "b", "capacity": 1, "cm": "R"}])
    board["actions"] = [{"at": "15,1", "effect": {"kind": "heal", "value": 2}, "text": "Turn: a shrine."}]
    use = UseCard("space:15,1", "party", "Grimbold")
    for reading, near, far in (("on-the-space", False, False), ("within-movement", True, False),
                               ("anywhere", True, True)):
        rs = Tomb({"players": 2, "space_reach": reading}, board=board)
        for where, allowed in (("15,1", True), ("14,1", near), ("2,1", far)):
            s = at(rs, [{"characters": [("Grimbold", (), 3)], "location": where}, {"characters": ["Wren"]}],
                   {"a": ["Giant Rat"]})
            assert (use in rs.legal_actions(s, 0)) is allowed, (reading, where)
            if allowed:
                after = rs.step(s, use, 0)
                assert after.party(0).character("Grimbold").wounds == 1, (reading, where)


# tomb.ambiguity.solo-trap-order --------------------------------------------------------------------------

TRAPS = ["Pit of Spikes", "Cursed Idol", "Wards of Peril", "Giant Rat"]


def _solo_raid(reading):
    rs = _solo(solo_trap_order=reading)
    s = at(rs, [{"characters": ["Lady Eryne"], "location": "2,1"}], {"a": TRAPS, "b": ["Giant Rat"]},
           inn=("Grimbold",))
    s = rs.step(s, Raid(), 0)
    return rs, play_first(rs, s, lambda x: x.task.kind in ("trap-pick", "trap-choose"))


def test_solo_next_trap_at_random_or_chosen_by_its_first_lines() -> None:
    """blind-pick (the default): the next Trap is any of the three, each as likely; first-lines-known:
    the player chooses by the first two lines (one Character: Holiness, or one Character: Skill), then
    the Trap is one of those that read so, each as likely."""
    rs, s = _solo_raid("blind-pick")
    assert s.task.kind == "trap-pick"
    assert sorted((o.card, p) for o, p in rs.chance(s).support()) == \
        [("Cursed Idol", Fraction(1, 3)), ("Pit of Spikes", Fraction(1, 3)), ("Wards of Peril", Fraction(1, 3))]

    rs, s = _solo_raid("first-lines-known")
    assert s.task.kind == "trap-choose"
    assert rs.legal_actions(s, 0) == [Announce("trap:1:holiness"), Announce("trap:1:skill")]
    holy = rs.step(s, Announce("trap:1:holiness"), 0)
    holy = play_first(rs, holy, lambda x: x.raid is not None and x.raid.trap is not None)
    assert holy.raid.trap == "Cursed Idol"
    skill = rs.step(s, Announce("trap:1:skill"), 0)
    assert skill.task.kind == "trap-pick"
    assert sorted((o.card, p) for o, p in rs.chance(skill).support()) == \
        [("Pit of Spikes", Fraction(1, 2)), ("Wards of Peril", Fraction(1, 2))]


def test_solo_first_lines_known_shows_the_lines_and_keeps_them_when_determinised() -> None:
    """What the solitaire player sees of the Raid's face-down cards: nothing under blind-pick; the first
    lines of each Trap under first-lines-known, which a determinised state keeps (the same choices)."""
    rs, s = _solo_raid("blind-pick")
    assert {h["card"] for h in observe(rs, s, 0)["raid"]["cards"]} == {"?"}
    rs, s = _solo_raid("first-lines-known")
    seen = sorted(h["card"] for h in observe(rs, s, 0)["raid"]["cards"])
    assert seen == ["?", "trap:1:holiness", "trap:1:skill", "trap:1:skill"]
    for seed in range(20):
        d = determinise(rs, s, 0, random.Random(seed))
        assert sorted(h["card"] for h in observe(rs, d, 0)["raid"]["cards"]) == seen
        assert rs.legal_actions(d, 0) == rs.legal_actions(s, 0)


# tomb.ambiguity.party-wipe-turn-end ----------------------------------------------------------------------

def test_a_party_wiped_in_another_players_turn_plays_next_turn_or_loses_it() -> None:
    """Player 0's Rogue steals the Tower Shield whose two Hit Points kept player 1's last Character (8
    Wounds, 7 Hit Points) alive: player 1's Party is wiped out in player 0's turn.  current-turn-only (the
    default): player 1 plays his next turn; skip-next: he loses it and player 0 plays again."""
    from tombspec.model.tomb.actions import Pickpocket

    for reading, next_player in (("current-turn-only", 1), ("skip-next", 0)):
        rs = two_crypts(wipe_turn_end=reading)
        s = at(rs, [{"characters": ["Dread"], "location": "3,1"},
                    {"characters": [("Grimbold", ("Tower Shield",), 8)], "location": "3,1"}])
        s = rs.step(s, Pickpocket(), 0)
        s = rs.step(s, rs.legal_actions(s)[0], 0)            # Steal the Tower Shield
        s = rs.step(s, rs.legal_actions(s, 1)[0], 1)         # Grimbold defends
        s = rs.step(s, rs.chance(s).support()[-1][0])        # Dread: every die a success
        s = rs.step(s, rs.chance(s).support()[0][0])         # Grimbold: none
        s = play_first(rs, s, lambda x: x.task.kind == "turn")
        assert s.party(1).characters[0].name != "Grimbold" and s.party(1).location == "inn"
        assert s.current == next_player and s.task.player == next_player, reading


# tomb.ambiguity.class-card-draw-order --------------------------------------------------------------------

def test_a_cleric_and_wizards_cards_prayer_first_or_in_the_players_order() -> None:
    """Aurelia Dawnstar (Cleric and Wizard) recruited by a Journeyman (level 5, who may redraw the first
    Inn card he dislikes, once): prayer-first-as-each-joins (the default) draws the Prayer, then the
    Spell; player-orders lets the Player draw the Spell first, and so decide on its redraw before he
    sees the Prayer."""
    for reading in ("prayer-first-as-each-joins", "player-orders"):
        rs = two_crypts(class_draw_order=reading, campaign_xp=[450, 0])
        s = at(rs, [{"characters": ["Grimbold"]}, {"characters": ["Wren"]}], inn=("Aurelia Dawnstar",))
        s = attrs.evolve(s, levels=(5, 1))
        s = rs.step(s, Recruit("Aurelia Dawnstar"), 0)
        if reading == "player-orders":
            assert s.task.kind == "class-draw-order"
            assert rs.legal_actions(s, 0) == [DrawFrom("prayer"), DrawFrom("spell")]
            s = rs.step(s, DrawFrom("spell"), 0)
            assert [t.deck for t in s.agenda[:2]] == ["spell", "prayer"]
            s = _draw(rs, s, "Fireball")
            assert s.task.kind == "journeyman" and s.task.card == "Fireball"
        else:
            assert [t.deck for t in s.agenda[:2]] == ["prayer", "spell"]
            s = _draw(rs, s, "Bless")
            assert s.task.kind == "journeyman" and s.task.card == "Bless"

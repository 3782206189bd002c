"""The readings of the catalog's ambiguities switch what the model does (one test per reading switched),
and what a player observes."""

from __future__ import annotations

from tombspec.model.egypt import actions as A

from .helpers import item_id, names, ruleset, situation, token_id

FLAT = ["_ _ _ _ _ _ _ _", "_ _ _H _ _ _ _ _"]


def test_neighboring_scope_orthogonal_lets_the_bomb_reach_above_and_below() -> None:
    for scope, reach in (("left-right-only", False), ("orthogonal", True)):
        rs = ruleset(FLAT, neighboring_scope=scope)
        s = situation(rs, [("4,1", ["Bomb"]), ("0,2", ["Bomb"])], {"4,2": [("Mummy", True)]})
        assert (A.Bomb(item_id(s, 0, "Bomb"), "4,2", None, None) in rs.legal_actions(s)) is reach


def test_teleporter_two_steps_reaches_diagonal_spaces() -> None:
    for path, diagonal in (("straight-orthogonal", False), ("two-steps", True)):
        rs = ruleset(FLAT, teleporter_path=path)
        s = situation(rs, [("4,1", ["Teleporter"]), ("0,2", ["Bomb"])], {})
        assert (A.Teleport(item_id(s, 0, "Teleporter"), "5,2") in rs.legal_actions(s)) is diagonal


def test_jetpack_for_one_movement_only() -> None:
    rows = ["_ _ _ . _ _ _ _", "_ _ _ . _ _ _ _", "_ _ _ _ _ _ _ _"]
    for scope, twice in (("whole-turn", True), ("one-movement", False)):
        rs = ruleset(rows, jetpack_scope=scope)
        s = situation(rs, [("3,3", ["Jetpack"]), ("0,3", ["Bomb"])], {})
        s = rs.step(rs.step(s, A.Jetpack(item_id(s, 0, "Jetpack"))), A.Step("3,2"))
        assert (A.Step("3,1") in rs.legal_actions(s)) is twice


def test_picking_up_may_cost_a_movement() -> None:
    for cost, moves in (("free", 3), ("costs-one", 2)):
        rs = ruleset(FLAT, pick_up_cost=cost)
        s = situation(rs, [("4,1", []), ("0,2", ["Bomb"])], {"4,1": [("Saber", True)]})
        assert rs.step(s, A.PickUp(token_id(s, "4,1", "Saber"))).turn.moves == moves


def test_a_monster_must_use_every_movement_under_exact() -> None:
    for reading, may_stop in (("up-to", True), ("exact", False)):
        rs = ruleset(FLAT, monster_movement_up_to=reading)
        s = situation(rs, [("0,1", ["Bomb"]), ("7,1", [])], {"4,1": [("Mummy", True)]}, seat=1, kind="monster")
        s = s.with_hero(1, status="dead", space=None, lives=0, items=())
        s = rs.step(s, A.MoveMonster(token_id(s, "4,1", "Mummy")), 1)
        assert (A.MonsterStop() in rs.legal_actions(s, 1)) is may_stop


def test_a_dead_heros_stack_is_revealed_whole_or_one_by_one() -> None:
    for reading, up in (("reveal-all", [True, True]), ("one-by-one", [False, True])):
        rs = ruleset(FLAT, dead_hero_stack=reading)
        s = situation(rs, [("3,1", []), ("0,2", ["Bomb"])], {"4,1": [("Saber", False), ("Axe", False)]})
        s = rs.step(s, A.Step("4,1"))
        assert [t.face_up for t in s.pile("4,1")] == up


def test_a_crack_beats_even_the_reinforced_floor_under_that_reading() -> None:
    for reading, broken in (("reinforced-holds", False), ("crack-beats-all", True)):
        rs = ruleset(FLAT, crack_reinforced=reading)
        s = situation(rs, [("6,4", []), ("0,2", ["Bomb"])], {"5,4": [("Crack", False)]})
        s = rs.step(s, A.Step("5,4"))
        assert ("5,4/floor" in s.rubble) is broken and s.hero(0).lives == 2


def test_rubble_meaning_everything_takes_the_floor_with_the_wall() -> None:
    rows = ["_ _ _ # _ _ _ _", "_ _ _ _ _ _ _ _"]
    for reading, floor_gone in (("per-destroyed-part", False), ("everything", True)):
        rs = ruleset(rows, rubble_meaning=reading)
        s = situation(rs, [("2,1", ["Bomb"]), ("0,2", ["Bomb"])], {})
        s = rs.step(s, A.Bomb(item_id(s, 0, "Bomb"), None, "3,1", "wall"))
        assert ("3,1/floor" in s.rubble) is floor_gone and "3,1/wall" in s.rubble


def test_ghosts_pass_closed_doors_only_under_ghost_passes() -> None:
    for reading, passes in (("solid", False), ("ghost-passes", True)):
        rs = ruleset(FLAT, door_as_wall=reading)
        # the bottom floor "_B _A _ Y =X = = K": the yellow door on 3,4
        s = situation(rs, [("0,1", ["Bomb"]), ("7,1", [])], {"2,4": [("Ghost", True)]}, seat=1, kind="monster")
        s = s.with_hero(1, status="dead", space=None, lives=0, items=())
        s = rs.step(s, A.MoveMonster(token_id(s, "2,4", "Ghost")), 1)
        assert (A.MonsterStep("3,4") in rs.legal_actions(s, 1)) is passes


def test_after_combat_the_turn_ends_or_items_may_still_be_used() -> None:
    for reading, same_turn in (("turn-ends", False), ("items-still", True)):
        rs = ruleset(FLAT, after_combat=reading)
        s = situation(rs, [("3,1", ["Saber", "apple"]), ("0,2", ["Bomb"])], {"4,1": [("Mummy", True)]})
        s = rs.step(rs.step(rs.step(s, A.Step("4,1")), A.Roll()), A.Die("Melee"))
        assert (s.turn.seat == 0 and A.Eat(item_id(s, 0, "apple")) in rs.legal_actions(s)) is same_turn


def test_the_spirit_of_the_tomb_sits_after_or_before_the_heroes() -> None:
    after = ruleset(FLAT, players=3, pursuit=True)
    before = ruleset(FLAT, players=3, pursuit=True, spirit_seat="before-heroes")
    assert [st.kind for st in after.seats] == ["hero", "hero", "spirit"]
    assert [st.kind for st in before.seats] == ["spirit", "hero", "hero"]


def test_what_a_player_sees_face_down_tokens_by_their_back_only() -> None:
    rs = ruleset(FLAT)
    s = situation(rs, [("3,1", ["Saber"]), ("0,2", ["Bomb"])], {"4,1": [("Mummy", False)], "5,1": [("Axe", True)]})
    view = rs.observe(s, 1)
    piles = {p["space"]: p["tokens"] for p in view["piles"]}
    assert piles["4,1"][0]["name"] == "?" and piles["4,1"][0]["back"] == "hazard"
    assert piles["5,1"][0]["name"] == "Axe" and names(s.hero(0).items) == ["Saber"]
    assert view["heroes"][0]["items"][0]["name"] == "Saber"


def test_neighboring_scope_from_a_cave_reaches_every_other_cave_as_the_book_defines() -> None:
    """'Cave spaces count as neighboring each other, even though they are located far apart on the
    board.' (L76): the book's definition of the word, for items as for movement (the default since
    precision check 4); left-right-only keeps cave adjacency to movement."""
    rows = ["_C _ _ _ _ _ _ _", "_ _ _H _ _ _ _ _C"]
    for scope, reach in (("left-right-and-caves", True), ("left-right-only", False)):
        rs = ruleset(rows, neighboring_scope=scope)
        s = situation(rs, [("7,2", ["Bomb"]), ("3,2", ["Bomb"])], {"0,1": [("Mummy", True)]})
        assert (A.Bomb(item_id(s, 0, "Bomb"), "0,1", None, None) in rs.legal_actions(s)) is reach
    assert ruleset(rows).options.neighboring_scope == "left-right-and-caves"


def test_a_weapons_type_is_the_one_its_token_shows() -> None:
    """egypt.ambiguity.weapon-types, answered: "Weapons additionally show their type: melee or ranged." A
    token set whose Saber shows 'ranged': under parameter (the default) a Melee result does nothing with it
    (the monster stays, combat goes on); under by-nature the Saber is melee whatever its token shows."""
    from tombspec.checks.games.egypt.examples import boardset_from_data, example_set
    from tombspec.model.egypt import Egypt

    data = example_set(FLAT).to_data()
    data["chest"] = [{**t, "weapon": "ranged"} if t["name"] == "Saber" else t for t in data["chest"]]
    boards = boardset_from_data(data)
    for reading, hit in (("parameter", False), ("by-nature", True)):
        rs = Egypt(options={"token_mix": "leftovers", "weapon_types": reading}, board=boards)
        assert rs.weapon_type(rs.components.kind("Saber")) == ("melee" if hit else "ranged")
        s = situation(rs, [("3,1", ["Saber"]), ("0,2", ["Bomb"])], {"4,1": [("Mummy", True)]})
        s = rs.step(s, A.Step("4,1"))
        s = rs.step(s, A.Roll())
        s = rs.step(s, A.Die("Melee"))
        assert (s.combat is None and not s.pile("4,1")) if hit else (s.combat is not None and s.pile("4,1"))
    default = Egypt(options={"token_mix": "leftovers"}, board=boards)
    assert default.options.weapon_types == "parameter" and default.weapon_type(default.components.kind("Saber")) == "ranged"
    shipped = ruleset(FLAT)                                    # the shipped tokens show the natural types
    assert {n: shipped.weapon_type(shipped.components.kind(n)) for n in ("Saber", "Axe", "Shotgun")} == \
        {"Saber": "melee", "Axe": "melee", "Shotgun": "ranged"}


def test_the_spirit_of_the_tomb_takes_its_turn_at_its_players_seat() -> None:
    """egypt.ambiguity.spirit-seat, answered: the spirit is one of the players and "Players take turns in
    order", the youngest first: at-its-seat (the default) puts its turn where spirit_position says (heroes'
    turns before it); unset, after every hero, as after-heroes did."""
    import pytest

    from tombspec.spec.errors import InvalidInput

    def layout(**options):
        return [st.kind for st in ruleset(FLAT, **options).seats]

    assert ruleset(FLAT, players=6).options.spirit_seat == "at-its-seat"
    assert layout(players=6) == ["hero"] * 5 + ["spirit"]
    assert layout(players=6, spirit_position=2) == ["hero", "hero", "spirit", "hero", "hero", "hero"]
    assert layout(players=4, pursuit=True, spirit_position=0) == ["spirit", "hero", "hero", "hero"]
    seats = ruleset(FLAT, players=4, pursuit=True, spirit_position=1).seats
    assert [(st.kind, st.player, st.hero) for st in seats] == \
        [("hero", 0, 0), ("spirit", 3, None), ("hero", 1, 1), ("hero", 2, 2)]
    for bad in ({"players": 3, "spirit_position": 1},                                  # no spirit
                {"players": 3, "pursuit": True, "spirit_position": 3},                 # past the 2 heroes
                {"players": 6, "spirit_position": 1, "spirit_seat": "before-heroes"},  # another reading
                {"players": 6, "spirit_position": "2"}):
        with pytest.raises(InvalidInput, match="spirit-seat"):
            ruleset(FLAT, **bad)


def test_the_pharaoh_rests_after_a_roll_that_is_not_attack_under_rests_after_roll() -> None:
    """egypt.ambiguity.pharaoh-monster-turn: 'If you roll anything else, the pharaoh rests — take a normal
    monster turn instead.'  roll-or-normal: the normal turn may move him; rests-after-roll: it may not
    (refused for egypt.monster-turn.pharaoh-rests), though it may when no roll was made; roll-only: never."""
    from tombspec.model.egypt.rules.monster_turn import start_monster_turn

    from .helpers import refused

    for reading, after_roll, no_roll in (("roll-or-normal", True, True), ("rests-after-roll", False, True),
                                         ("roll-only", False, False)):
        rs = ruleset(FLAT, pharaoh_monster_turn=reading)
        s = situation(rs, [("0,1", ["Bomb"]), ("7,1", [])], {"5,1": [("Pharaoh", True)], "3,1": [("Mummy", True)]},
                      seat=1, kind="monster")
        s = start_monster_turn(rs, s).with_hero(1, status="dead", space=None, lives=0, items=())
        pharaoh = A.MoveMonster(token_id(s, "5,1", "Pharaoh"))
        assert (pharaoh in rs.legal_actions(s, 1)) is no_roll
        rested = rs.step(rs.step(s, A.PharaohRoll(), 1), A.Die("2"))
        assert rested.turn.pharaoh == "rested" and rs.pending(rested).what == "monster-turn"
        assert (pharaoh in rs.legal_actions(rested, 1)) is after_roll
        assert A.MoveMonster(token_id(s, "3,1", "Mummy")) in rs.legal_actions(rested, 1)
        if reading == "rests-after-roll":
            assert refused(rs, rested, pharaoh, 1) == "egypt.monster-turn.pharaoh-rests"


def test_twice_in_a_row_counted_on_each_players_own_monster_turns_under_own_turns() -> None:
    """egypt.ambiguity.twice-in-a-row, reading own-turns: 'you cannot move the same monster twice in a row'
    counts the player's own monster turns.  Two dead heroes' players A (seat 1) and B (seat 2), a living
    hero at seat 0: A moves the mummy, B the bat; on A's next monster turn consecutive-monster-turns lets A
    move the mummy (the last monster turn moved the bat), own-turns does not; and B, right after A, may
    not move the monster A just moved (refused for the consecutive-players sentence)."""
    from tombspec.model.egypt.rules.monster_turn import start_monster_turn

    from .helpers import refused

    rows = ["_ _ _ _ _ _ _ _", "_ _ _ _ _ _ _ _"]
    for reading, again in (("consecutive-monster-turns", True), ("own-turns", False),
                           ("adjacent-turns-only", True)):
        rs = ruleset(rows, players=3, twice_in_a_row=reading)
        s = situation(rs, [("0,1", ["Bomb"]), ("", []), ("", [])],
                      {"4,1": [("Mummy", True)], "6,2": [("Bat", True)]}, seat=1, kind="monster")
        s = start_monster_turn(rs, s)
        mummy, bat = A.MoveMonster(token_id(s, "4,1", "Mummy")), A.MoveMonster(token_id(s, "6,2", "Bat"))
        s = rs.step(rs.step(rs.step(s, mummy, 1), A.MonsterStep("5,1"), 1), A.MonsterStop(), 1)
        assert s.turn.seat == 2 and s.turn.kind == "monster"
        assert mummy not in rs.legal_actions(s, 2)
        if reading == "own-turns":
            assert refused(rs, s, mummy, 2) == "egypt.monster-turn.consecutive-players"
        s = rs.step(rs.step(s, bat, 2), A.MonsterStop(), 2)
        s = rs.step(s, A.EndTurn(), 0)
        assert s.turn.seat == 1 and rs.pending(s).what == "monster-turn"
        assert (mummy in rs.legal_actions(s, 1)) is again
        if not again:
            assert refused(rs, s, mummy, 1) == "egypt.monster-turn.not-twice"


def test_entering_the_board_costs_nothing_one_movement_or_the_turn() -> None:
    """egypt.ambiguity.first-turn-entry-cost: free-entry leaves the 3 movements, entry-costs-one 2 (the
    placement is the first movement), entry-is-turn ends the turn."""
    from tombspec.model.egypt.state import Turn, evolve

    for reading, moves, seat in (("free-entry", 3, 0), ("entry-costs-one", 2, 0), ("entry-is-turn", None, 1)):
        rs = ruleset(FLAT, first_turn_entry_cost=reading)
        s = situation(rs, [("0,1", []), ("5,1", [])], {})
        s = evolve(s.with_hero(0, status="waiting", space=None), turn=Turn(0, "hero", moves=3))
        assert rs.pending(s).what == "enter"
        s = rs.step(s, rs.legal_actions(s)[0])
        assert s.turn.seat == seat and s.hero(0).status == "in"
        if moves is not None:
            assert s.turn.moves == moves and rs.pending(s).what == "turn"


def test_a_ghost_ends_out_of_walls_and_descends_or_floats() -> None:
    """egypt.ambiguity.ghost-end-position: from 4,1 the ghost moves left onto 3,1, which has no floor
    ('.'), and stops: under ends-like-flyer it descends to the floor below, under floats and
    no-wall-floats it stays in the air; it may stop inside the wall on 5,1 under floats only."""
    from tombspec.model.egypt.rules.monster_turn import start_monster_turn

    rows = ["_ _ _ . _ # _ _", "_ _ _ _ _ _ _ _"]
    for reading, air, wall in (("ends-like-flyer", False, False), ("floats", True, True), ("no-wall-floats", True, False)):
        rs = ruleset(rows, ghost_end_position=reading)
        assert rs.board.spaces["5,1"].wall
        s = situation(rs, [("0,2", ["Bomb"]), ("7,2", [])], {"4,1": [("Ghost", True)]}, seat=1, kind="monster")
        s = start_monster_turn(rs, s).with_hero(1, status="dead", space=None, lives=0, items=())
        ghost = token_id(s, "4,1", "Ghost")
        moved = rs.step(rs.step(s, A.MoveMonster(ghost), 1), A.MonsterStep("3,1"), 1)
        moved = rs.step(moved, A.MonsterStop(), 1)
        assert (any(t.id == ghost for t in moved.pile("3,1"))) is air
        into = rs.step(rs.step(s, A.MoveMonster(ghost), 1), A.MonsterStep("5,1"), 1)
        assert (A.MonsterStop() in rs.legal_actions(into, 1)) is wall


def test_a_trap_reveals_its_victims_stack_or_leaves_it_face_down() -> None:
    # egypt.ambiguity.trap-victim-stack: the spikes kill the hero on 2,1; their Bomb, dropped face down
    # there, is revealed by the same spikes (revealed) or stays face down (face-down); the Saber that
    # lay on the spike space before is revealed under both
    rows = ["_ _ _s _ _ _ _ _", "_ _ _ _ _ _ _ _"]
    for reading, bomb_up in (("revealed", True), ("face-down", False)):
        rs = ruleset(rows, players=3, trap_victim_stack=reading)
        s = situation(rs, [("3,1", ["Bomb"]), ("2,1", ["Bomb"]), ("0,2", ["Bomb"])],
                      {"4,1": [("Hidden Spike Button", False)], "2,1": [("Saber", False)]})
        s = rs.step(s, A.Step("4,1"))
        assert s.hero(1).status == "dead"
        assert {t.name: t.face_up for t in s.pile("2,1")} == {"Saber": True, "Bomb": bomb_up}

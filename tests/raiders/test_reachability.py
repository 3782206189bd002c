"""Reachability on the board graphs: the race between the Grail holder and the Boss Monster."""

from __future__ import annotations

from tombspec.checks.games.raiders.examples import example_board
from tombspec.checks.games.raiders.reachability import race, raiders_board_report, within_k_moves


def test_race_on_a_corridor() -> None:
    board = example_board(["S 1 1 1 E"])
    r = race(board)
    assert r["holder_turns_to_escape"] == 4
    assert r["boss_moves_to_escape_neighbour"] == 3
    assert r["earliest_seal_round"] == 8 + 2          # 3 moves to stand next to Escape, 1 to seal: 2 rounds
    assert r["holder_can_outrun_boss"]


def test_portals_shorten_the_holders_path_and_rooms_speed_the_boss() -> None:
    plain = race(example_board(["S 1 1 1 1 1 1 E"]))
    portal = race(example_board(["S P 1 1 1 P 1 E"]))
    rooms = race(example_board(["S M T M T M 1 E"]))
    assert portal["holder_turns_to_escape"] < plain["holder_turns_to_escape"]
    assert rooms["earliest_seal_round"] < plain["earliest_seal_round"]


def test_escape_needs_enough_pennies() -> None:
    report = raiders_board_report(example_board(["S 6 E"]), "corridor")
    assert report["fewest_pennies_to_escape"] == 6
    assert report["escape_reachable_by_pennies"][5] is False


def test_within_k_moves() -> None:
    board = example_board(["S 1 1 1 E"])
    assert within_k_moves(board, board.start, board.escape, 4)
    assert not within_k_moves(board, board.start, board.escape, 3)

"""Raiders of the Lost Tomb: reachability over the board graph (networkx), on every shipped board and
any board a user gives: can Escape be reached from Start under the move rules with the pennies a player can
hold (the numbers a roll of n pennies can show, with and without Audacity), and where can the Boss go.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import networkx as nx


def raiders_board_report(board: Any, label: str) -> dict[str, Any]:
    """What the move rules let a Raider and the Boss reach on ``board``."""
    g = board.graph
    result: dict[str, Any] = {"game": "raiders", "board": label, "spaces": len(board.spaces),
                              "start_to_escape": board.to_escape[board.start]}
    # With n pennies a roll shows Heads h and Tails n - h for 0 <= h <= n: the numbers 0..n.
    # A numbered space is enterable with n pennies and no Audacity iff its number <= n.
    by_pennies = {}
    for n in range(1, 7):
        view = nx.subgraph_view(g, filter_edge=lambda u, v, n=n: _enterable(board, v, n, 0))
        by_pennies[n] = nx.has_path(view, board.start, board.escape)
    result["escape_reachable_by_pennies"] = by_pennies
    result["fewest_pennies_to_escape"] = min((n for n, ok in by_pennies.items() if ok), default=None)
    boss_reach = nx.descendants(board.ahead_view, board.start) | {board.start}
    result["boss_reachable_spaces"] = len(boss_reach)
    result["boss_can_reach_escape_neighbour"] = any(board.escape in board.neighbours(s) for s in boss_reach)
    dead_ends = [s for s in board.spaces if s != board.escape and not board.ahead(s)]
    result["boss_dead_ends"] = dead_ends
    result["race"] = race(board)
    result["summary"] = (f"Escape is {result['start_to_escape']} moves from Start; reachable with "
                         f"{result['fewest_pennies_to_escape']}+ pennies and no Audacity; the Boss can reach "
                         f"{len(boss_reach)} spaces" + (f"; Boss dead ends {dead_ends}" if dead_ends else "") +
                         f"; the Grail holder needs {result['race']['holder_turns_to_escape']} turns, the Boss can "
                         f"seal the Tomb in round {result['race']['earliest_seal_round']}")
    return result


def race(board: Any) -> dict[str, Any]:
    """The race the rules set up: the fewest turns the Grail holder needs to escape against the earliest
    round the Boss Monster can seal the Tomb, under the best luck for each.

    A Raider moves at most one space a turn; a Portal room costs the turn that enters it and the turn
    that uses it, then lands on another Portal.  The Boss spawns on Start when the track runs out after
    round 8, then moves on every player's turn (two a round): one space ahead, plus any Encounter rooms
    ahead for free, and seals the Tomb on the move after it stands next to Escape.
    """
    raider = nx.DiGraph()
    raider.add_edges_from(board.graph.edges, weight=1)
    for a in board.portals:
        for b in board.portals:
            if a != b:
                raider.add_edge(a, b, weight=1)
    turns = nx.shortest_path_length(raider, board.start, board.escape, weight="weight")
    boss = nx.DiGraph()
    for u, v in board.ahead_view.edges:
        boss.add_edge(u, v, weight=0 if board.spaces[v].is_encounter else 1)
    boss.add_node(board.start)
    targets = [s for s in board.spaces if board.escape in board.neighbours(s)]
    lengths = nx.single_source_dijkstra_path_length(boss, board.start, weight="weight")
    moves = min((lengths[t] for t in targets if t in lengths), default=None)
    seal_round = None if moves is None else 8 + -(-(moves + 1) // 2)
    return {"holder_turns_to_escape": turns, "boss_moves_to_escape_neighbour": moves,
            "earliest_seal_round": seal_round,
            "holder_can_outrun_boss": seal_round is None or turns < seal_round}


def _enterable(board: Any, space: str, pennies: int, audacity: int) -> bool:
    sp = board.spaces[space]
    if sp.is_encounter or sp.number is None:
        return True
    return sp.number <= pennies + audacity


def within_k_moves(board: Any, source: str, target: str, k: int) -> bool:
    """Can a Raider get from ``source`` to ``target`` in at most ``k`` moves (ignoring the dice)?"""
    return board.distance[source].get(target, k + 1) <= k


def reports(board_file: Path | None = None) -> list[dict[str, Any]]:
    """The report of every shipped board, and of ``board_file`` when given."""
    from tombspec.model.raiders.board import load_board, shipped_boards

    out = [raiders_board_report(load_board(path), name) for name, path in shipped_boards().items()]
    if board_file is not None:
        out.append(raiders_board_report(load_board(board_file), str(board_file)))
    return out

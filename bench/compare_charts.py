"""The charts of docs/compare.md: one designer's question per modelled game, answered by
``tombspec compare`` (small N, to keep it quick); writes docs/_static/compare/<game>.png and .txt.

    python bench/compare_charts.py [GAME ...] [--workers N]

Not a benchmark (``bench/run.py`` runs only ``bench_*.py``); rerun it when a model changes.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE.parent / "docs" / "_static" / "compare"

#: game -> (question, games per configuration, (label, configuration) A, (label, configuration) B)
QUESTIONS = {
    "raiders": ("What does the first player gain from the Grail: 'Grail Player 3 / 5' read as the values "
                "after the gain (3 Audacity, 5 Pennies) or as starting values (4 and 4)?", 400,
                ("after the gain", {"board": "small", "policy": "greedy"}),
                ("starting values", {"board": "small", "policy": "greedy",
                                     "options": {"grail_player_labels": "starting-values"}})),
    "tomb": ("Does sitting first help more at two players than at four?", 60,
             ("2 players", {"options": {"players": 2}}), ("4 players", {"options": {"players": 4}})),
    "cryptmaster": ("What does player-versus-player combat do to a four-player game?", 30,
                    ("no PvP", {"options": {"players": 4}}), ("PvP", {"options": {"players": 4, "pvp": True}})),
    "secrets": ("How much harder is Hard for two Adventurers?", 60,
                ("normal", {"options": {"players": 2}}),
                ("hard", {"options": {"players": 2, "difficulty": "hard"}})),
    "egypt": ("Does the Escape variant change how two heroes fare?", 150,
              ("standard", {"options": {"players": 2}, "policy": "greedy"}),
              ("Escape", {"options": {"players": 2, "escape": True}, "policy": "greedy"})),
}


def main() -> int:
    from tombspec.checks.compare import Config, chart, compare, describe
    from tombspec.checks.parallel import executor

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", default=list(QUESTIONS))
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    with executor(args.workers) as ex:
        for game in args.games:
            question, n, (la, ca), (lb, cb) = QUESTIONS[game]
            a, b = Config.from_data(la, ca, "A"), Config.from_data(lb, cb, "B")
            result = compare(game, a, b, n, seed=0, executor=ex)
            chart(result, OUT / f"{game}.png", title=f"{game}: {question}" if len(question) < 90 else
                  f"{game}: {la} vs {lb} ({n} games each)")
            (OUT / f"{game}.txt").write_text(describe(result) + "\n", encoding="utf-8")
            print(f"{game}: done", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

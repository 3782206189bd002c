"""Raiders of the Lost Tomb: findings derived by running the reference model: derived facts, actions
that can never succeed, component counts against what the rules can require, and the rulebook's worked
examples replayed.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from tombspec.spec import Catalog

from ...findings.base import Finding

# --------------------------------------------------------------------------------------------------
# Raiders of the Lost Tomb


def _raiders() -> Any:
    from tombspec.model.raiders import Raiders

    return Raiders()


def grail_player_labels(cat: Catalog) -> Iterable[Finding]:
    """The labels 'Grail Player 3' and 'Grail Player 5' follow from set-up: derive them."""
    from tombspec.model.raiders.actions import CoinToss

    rs = _raiders()
    state = rs.step(rs.initial_state(), CoinToss(0))
    holder = state.raider(state.grail)
    other = state.raider(1 - state.grail)
    yield Finding(
        "raiders.derived.grail-player-labels", "raiders", "derived-fact",
        ("raiders.setup.starting-audacity", "raiders.setup.starting-pennies", "raiders.setup.first-player-grail",
         "raiders.grail.gain-cost"),
        f"the unexplained labels 'Grail Player {holder.audacity}' and 'Grail Player {holder.pennies}' are the "
        f"Grail player's Audacity and Pennies after set-up: 2 + 1 = {holder.audacity}, 6 - 1 = {holder.pennies} "
        f"(the other player: {other.audacity} and {other.pennies})",
        {"grail_player": {"audacity": holder.audacity, "pennies": holder.pennies},
         "other_player": {"audacity": other.audacity, "pennies": other.pennies},
         "labels_match": (holder.audacity, holder.pennies) == (3, 5)},
        reading="raiders.ambiguity.grail-player-labels=after-grail")


def five_or_six_by_pennies(cat: Catalog) -> Iterable[Finding]:
    """The chance to roll a 5 or 6 with n pennies and a Audacity: impossible with 4 or fewer and none."""
    from .probability import five_or_six as raiders_five_or_six

    table: dict[int, dict[str, str]] = {}
    impossible = []
    for n in range(1, 7):
        row = {}
        for a in range(0, 3):
            p = raiders_five_or_six(n, a)
            row[f"audacity {a}"] = str(p)
            if a == 0 and p == 0:
                impossible.append(n)
        table[n] = row
    yield Finding(
        "raiders.never.five-or-six-with-few-pennies", "raiders", "never-succeeds",
        ("raiders.encounter.pass-on-five-or-six", "raiders.portal.use-on-five-or-six", "raiders.boss.escape-roll",
         "raiders.death.killed"),
        f"with {', '.join(map(str, impossible))} pennies and no Audacity a Raider can never roll a 5 or 6: "
        "Encounters, the Portal and escaping a Trapped state then always fail",
        {"probability_by_pennies_and_audacity": table, "reading": "either-number"},
        reading="raiders.ambiguity.five-or-six=either-number")


def natural_six_for_grail_holder(cat: Catalog) -> Iterable[Finding]:
    from tombspec.model.raiders.rules.objective import compute_max_pennies

    most = compute_max_pennies(True)
    yield Finding(
        "raiders.never.natural-six-for-grail-holder", "raiders", "never-succeeds",
        ("raiders.move.natural-six", "raiders.grail.gain-cost", "raiders.components.pennies"),
        f"the Grail holder holds at most {most} pennies, so (without Audacity Advanced) they can never roll "
        "'all 6 pennies' and the Natural 6 bonus is out of their reach",
        {"most_pennies_of_grail_holder": most, "pennies_needed": 6},
        reading="raiders.ambiguity.natural-six-pennies=six-pennies; raiders.ambiguity.penny-cap=six")


def audacity_beyond_nickels(cat: Catalog) -> Iterable[Finding]:
    """Component count: the Audacity the players can hold at once against the six Audacity Nickels."""
    from tombspec.model.play import playout, uniform
    from tombspec.model.raiders.actions import Prepare

    def preparer(rs: Any, state: Any, rng: random.Random, legal: list[Any], player: Any) -> Any:
        return Prepare() if Prepare() in legal and rng.random() < 0.7 else uniform(rs, state, rng, legal, player)

    rs = _raiders()
    most, witness = 0, None
    rng = random.Random("raiders-audacity")
    for _ in range(60):
        for _, _, state in playout(rs, rng, policy=preparer, max_steps=3000):
            total = sum(r.audacity for r in state.raiders)
            if total > most:
                most, witness = total, rs.encode_state(state)
    if most > 6:
        yield Finding(
            "raiders.components.audacity-nickels-short", "raiders", "component-count",
            ("raiders.components.audacity-nickels", "raiders.prepare.gain-audacity", "raiders.setup.starting-audacity"),
            f"the players can hold {most} Audacity at once (found by play), but the components give 6 Audacity "
            "Nickels; nothing caps Audacity",
            {"most_audacity_held": most, "nickels": 6, "state": witness},
            reading="raiders.ambiguity.audacity-cap=no-cap", severity="open-question")   # only under that reading


def coin_total(cat: Catalog) -> Iterable[Finding]:
    """Component count: the itemised coins against 'at least 12-15 different coins'."""
    table = cat.get("raiders.components.coins")
    total = sum(row[1] for row in table.rows)
    recommended = sum(row[3] for row in table.rows)
    if total < 12:   # 'at least 12-15': more is fine (the itemised list has 16)
        yield Finding(
            "raiders.components.coin-total", "raiders", "component-count",
            ("raiders.components.coins-provided", "raiders.components.pennies", "raiders.components.audacity-nickels"),
            f"the coin list adds up to {total} coins ({recommended} with the recommended pennies), fewer than "
            "the 'at least 12-15' the components line asks for",
            {"itemised": total, "with_recommended_pennies": recommended, "stated": "12-15"})


def boss_race(cat: Catalog) -> Iterable[Finding]:
    """Derived: on each shipped board, can the Grail holder outrun the Boss Monster at all?"""
    from tombspec.model.raiders.board import load_board, shipped_boards

    from .reachability import race

    table = {name: race(load_board(path)) for name, path in shipped_boards().items()}
    lost = sorted(name for name, r in table.items() if not r["holder_can_outrun_boss"])
    summary = ("a Raider moves at most one space a turn while the spawned Boss moves on every player's turn "
               "(two a round): " + "; ".join(
                   f"{n}: the holder needs {r['holder_turns_to_escape']} turns, the Boss can seal in round "
                   f"{r['earliest_seal_round']}" for n, r in sorted(table.items())))
    if lost:
        summary += f". On {', '.join(lost)} the Boss can win the race outright with the right rolls"
    yield Finding("raiders.derived.boss-race", "raiders", "derived-fact",
                  ("raiders.boss.track-start", "raiders.boss.track-countdown", "raiders.boss.spawn",
                   "raiders.boss.chase", "raiders.boss.seals-tomb", "raiders.move.number-match"),
                  summary, {"by_board": table})


def earliest_grail_change(cat: Catalog) -> Iterable[Finding]:
    """Bounded search: the fewest steps after which the Grail can change hands, with the witness."""
    from ...explore.bounded import FOUND, can_happen

    rs = _raiders()
    answer = can_happen(rs, lambda s: s.toss_winner is not None and s.grail == s.toss_winner, 8,
                        max_states=20_000)
    if answer.result == FOUND:
        moves = ", ".join(type(a).__name__ for a in answer.witness)
        yield Finding(
            "raiders.derived.grail-taken-before-anyone-moves", "raiders", "derived-fact",
            ("raiders.setup.raiders-at-start", "raiders.setup.first-player-grail", "raiders.attack.on-turn-start",
             "raiders.prepare.gain-audacity", "raiders.attack.more-heads-wins"),
            f"the Grail can change hands {answer.steps} steps into the game, before either Raider has moved "
            f"({moves}): both start on Start, so a first player who Prepares is attacked at once",
            {"witness": [rs.encode_action(a) for a in answer.witness], "states_searched": answer.states},
            reading="raiders.ambiguity.shared-start-space=attack-applies")


MODEL_FINDINGS = (grail_player_labels, five_or_six_by_pennies, natural_six_for_grail_holder, audacity_beyond_nickels,
                  coin_total, boss_race, earliest_grail_change)

"""What holds in every reachable state of Tomb (and of Tomb: Cryptmaster, whose ruleset adds its own).

Each invariant is named after the catalog rule it follows from.  The numeric ones are written over
``tombspec.model.numeric`` and proved inductively by ``tombspec.checks.proofs`` with z3 over the very
transition cores the model runs (``PROOF_VARIABLES``, ``proof_init``, ``PROOF_INVARIANTS``,
``PROOF_TRANSITIONS``): Wounds and Hit Points, XP and banking, the Party size, Movement, raising and
lowering the dice, the Campaign levels.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..numeric import all_, implies, not_
from ..ruleset import Violation
from .board import INN
from .cards import INN_DECKS
from .rules.campaign import compute_level
from .rules.cards import BASE_MOVEMENT, _traits, compute_movement, is_trait_conflict
from .rules.end import compute_score
from .rules.rolling import compute_lower, compute_raise
from .rules.wounds import compute_wounds
from .state import TombState


# Numeric invariants: functions of numbers, for ints and z3 terms alike -------------------------------------

def inv_wounds(wounds: Any, hp: Any, alive: Any) -> Any:
    """Wounds are never negative, and a living Character has fewer Wounds than Hit Points
    (tomb.death.killed-at-hit-points)."""
    return all_(wounds >= 0, implies(alive, wounds < hp))


def inv_party(size: Any, limit: Any) -> Any:
    """An Adventuring Party holds at most its maximum (tomb.party.size-one-to-five)."""
    return all_(size >= 0, size <= limit)


def inv_score(banked: Any, attached: Any, score: Any) -> Any:
    """The score is the banked XP plus the Attached Treasures' XP (tomb.end.total-xp)."""
    return score == compute_score(banked, attached)


def inv_dice(green: Any, blue: Any, red: Any, auto: Any, fails: Any, total: Any) -> Any:
    """Raising and lowering replace dice "by an equal number": none is made or lost
    (tomb.dice.raise-type, tomb.dice.lower-type)."""
    return all_(green >= 0, blue >= 0, red >= 0, auto >= 0, fails >= 0, green + blue + red + auto + fails == total)


def inv_level(level: Any) -> Any:
    return all_(level >= 1, level <= 10)


# State invariants ---------------------------------------------------------------------------------------

def violations(rs: Any, state: TombState) -> list[Violation]:
    from .rules.cards import character_hp, monster_hp

    out: list[Violation] = []
    checking_hp = rs.options.hit_point_changes != "only-on-wound"
    for p, party in enumerate(state.parties):
        limit = rs.party_limit(state, p)
        overflowing = any(t.kind in ("overflow", "dismiss-extra") for t in state.agenda) or rs.party_may_overflow(state)
        if not overflowing and not inv_party(len(party.characters), limit):
            out.append(Violation("tomb.party.size-one-to-five", f"player {p}'s Party has {len(party.characters)} Characters (at most {limit})"))
        if party.location != INN and party.location not in rs.board.spaces:
            out.append(Violation("tomb.move.orthogonal", f"player {p}'s Party is on {party.location!r}, not on the board"))
        if list(party.hand) != sorted(party.hand) or list(party.bank) != sorted(party.bank):
            out.append(Violation("tomb.banking.kept-separate", f"player {p}'s hand or bank is not kept sorted"))
        if rs.game == "tomb" and rs.options.multi_trait == "counts-each":
            traited = Counter(t for ch in party.characters for c in ch.attached for t in _traits(rs, c))
            over = [t for t, n in traited.items() if n > len(party.characters)]
            if over:
                out.append(Violation("tomb.attach.excess-traited-items-discarded",
                                     f"player {p}'s Party holds more {over[0]} cards than Characters"))
        for ch in party.characters:
            hp = character_hp(rs, state, p, ch.name)
            if ch.wounds < 0 or (checking_hp and state.task is not None and not inv_wounds(ch.wounds, hp, True)
                                 and not _deaths_pending(state)):
                out.append(Violation("tomb.death.killed-at-hit-points",
                                     f"{ch.name} has {ch.wounds} Wounds and {hp} Hit Points"))
            for i, card in enumerate(ch.attached):
                if rs.trait_limited(card) and is_trait_conflict(rs, ch.attached[:i], card) and not rs.conflict_allowed(state, p, ch, card):
                    out.append(Violation(rs.trait_rule(), f"{ch.name} holds {card} beside another card of its trait"))
    raid = state.raid
    if raid is not None:
        for i, m in enumerate(raid.monsters):
            if not m.dead and (m.wounds < 0 or m.wounds >= monster_hp(rs, state, i)):
                out.append(Violation("tomb.death.killed-at-hit-points", f"Monster {m.card} has {m.wounds} Wounds"))
        if raid.cm == state.current and rs.num_players > 1 and not rs.cm_may_be_raider():
            out.append(Violation("tomb.raid.crypt-master", "the Raiding Player is his own Crypt Master"))
    out += _conservation(rs, state)
    if state.outcome is not None and state.agenda:
        out.append(Violation(rs.end_rule(), "the game is over but the agenda is not empty"))
    if state.outcome is None and not state.agenda:
        out.append(Violation(rs.end_rule(), "nothing is next, yet the game is not over"))
    return out


def _deaths_pending(state: TombState) -> bool:
    return any(t.kind in ("wound-apply", "wound-window", "window", "roll", "assign-wound", "apply-assigned")
               for t in state.agenda)


def _expected(rs: Any) -> tuple[dict[str, int], frozenset[str]]:
    got = rs.memo.get("expected-cards")
    if got is None:
        cards = rs.cards
        expected: dict[str, int] = {}
        for c in cards.inn.values():
            if c.deck in rs.inn_decks:
                expected[c.name] = expected.get(c.name, 0) + c.count
        for c in cards.crypt.values():
            if not c.overlord:
                expected[c.name] = expected.get(c.name, 0) + c.count
        got = rs.memo["expected-cards"] = (expected, frozenset(cards.characters))
    return got


def _conservation(rs: Any, state: TombState) -> list[Violation]:
    """Every card is somewhere, once: decks, discards, hands, Crypts, Raid, Parties, banks, Monsters."""
    out: list[Violation] = []
    where: dict[str, int] = {}

    def add(names: Any) -> None:
        for n in names:
            where[n] = where.get(n, 0) + 1

    for d in (*state.decks, *state.discards, state.crypt_deck, state.crypt_discard):
        for c, n in d.counts:
            where[c] = where.get(c, 0) + n
    for party in state.parties:
        add(party.hand)
        add(party.bank)
        add(party.crypt_hand)
        for ch in party.characters:
            add(ch.attached)
    for crypt in state.crypts:
        add(h.card for h in crypt.cards)
    add(state.pillage)
    for e in state.effects:
        if e.name == "fallen-mercenary":
            add(e.items)
    if not (state.raid is not None and any(m.card == state.overlord for m in state.raid.monsters)):
        add(state.overlord_attached)       # the Overlord's cards, kept while it waits in its Crypt
    for t in state.agenda:              # cards in hand between a draw and its placing
        if t.kind in ("attach", "journeyman", "curse-attach") and t.card:
            add((t.card,))
        elif t.kind in ("loot", "give"):
            add(t.items)
    raid = state.raid
    if raid is not None:
        add(h.card for h in raid.cards)
        add(raid.early)
        add(raid.treasures)
        if raid.trap is not None:
            add((raid.trap,))
        for m in raid.monsters:
            if not m.dead:
                add((m.card,))
            add(m.attached)
    if state.overlord is not None and state.overlord_crypt is None:
        add((state.overlord,))             # selected, not yet placed
    expected, everyone = _expected(rs)
    extra = rs.extra_cards(state)
    if extra:
        expected = dict(expected)
        for k, v in extra.items():
            expected[k] = expected.get(k, 0) + v
    if where != expected:
        diff = {k: where.get(k, 0) - expected.get(k, 0) for k in set(where) | set(expected)
                if where.get(k, 0) != expected.get(k, 0)}
        if diff:
            out.append(Violation("tomb.banking.never-returned", f"cards appeared or vanished: {dict(sorted(diff.items()))}"))
    people: dict[str, int] = {}
    for c, n in state.pool.counts:
        people[c] = people.get(c, 0) + n
    for group in (state.inn, state.dead, state.drawn,
                  (t.subject for t in state.agenda if t.kind == "squire" and t.subject),
                  (ch.name for party in state.parties for ch in party.characters),
                  (e.subject for e in state.effects if e.name == "fallen-mercenary" and e.subject)):
        for n in group:
            people[n] = people.get(n, 0) + 1
    if rs.options.dead_destination == "removed":
        for m in everyone - set(people):
            people[m] = 1
    if any(v > 1 for v in people.values()) or set(people) != everyone:
        dup = sorted(k for k, v in people.items() if v > 1)
        lost = sorted(everyone - set(people))
        out.append(Violation("tomb.glossary.character-pool", f"Characters duplicated {dup} or lost {lost}"))
    return out


# The inductive proof obligations (DESIGN.md checks/: IndInit and IndNext) ------------------------------
# One Character's Wounds and Hit Points, one Party's size and limit, one Player's XP, one pool of dice,
# a Party's Movement, a Campaign level; ``transition(v) -> (guard, {variable: new value})``.

PROOF_VARIABLES = {"wounds": int, "hp": int, "alive": bool, "n": int, "size": int, "limit": int,
                   "banked": int, "attached": int, "score": int, "xp": int,
                   "green": int, "blue": int, "red": int, "auto": int, "fails": int, "total": int,
                   "all_after": bool, "bonus": int, "movement": int, "tally": int, "level": int}


def proof_init(v: dict[str, Any]) -> Any:
    """A new Character: no Wounds, at least one Hit Point; a Party starts empty (five, four or six at
    most); no XP; a roll's dice before any raise; the Movement of ten plus bonuses; a Campaign tally
    and its level."""
    return all_(v["wounds"] == 0, v["hp"] >= 1, v["alive"], v["size"] == 0,
                v["limit"] >= 4, v["limit"] <= 6, v["banked"] == 0, v["attached"] == 0, v["score"] == 0,
                v["green"] >= 0, v["blue"] >= 0, v["red"] >= 0, v["auto"] == 0, v["fails"] == 0,
                v["total"] == v["green"] + v["blue"] + v["red"], v["bonus"] >= 0,
                v["movement"] == compute_movement(BASE_MOVEMENT, v["bonus"]),
                v["tally"] >= 0, v["level"] == compute_level(v["tally"]))


def _suffer(v: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    w = compute_wounds(v["wounds"], v["n"])
    return all_(v["alive"], v["n"] >= 0), {"wounds": w, "alive": w < v["hp"]}


def _heal(v: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    return all_(v["alive"], v["wounds"] > 0), {"wounds": v["wounds"] - 1}


def _raise(v: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    g, b, r, a = compute_raise(v["green"], v["blue"], v["red"], v["auto"], v["all_after"])
    return True, {"green": g, "blue": b, "red": r, "auto": a}


def _lower(v: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    g, b, r, f = compute_lower(v["green"], v["blue"], v["red"], v["fails"], v["all_after"])
    return True, {"green": g, "blue": b, "red": r, "fails": f}


def _bank_defeated(v: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    banked = v["banked"] + v["xp"]
    return v["xp"] >= 0, {"banked": banked, "score": compute_score(banked, v["attached"])}


def _attach_treasure(v: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    attached = v["attached"] + v["xp"]
    return v["xp"] >= 0, {"attached": attached, "score": compute_score(v["banked"], attached)}


def _bank_attached(v: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    banked, attached = v["banked"] + v["xp"], v["attached"] - v["xp"]
    return all_(v["xp"] >= 0, v["xp"] <= v["attached"]), {"banked": banked, "attached": attached,
                                                          "score": compute_score(banked, attached)}


def _lose_attached(v: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    attached = v["attached"] - v["xp"]
    return all_(v["xp"] >= 0, v["xp"] <= v["attached"]), {"attached": attached,
                                                          "score": compute_score(v["banked"], attached)}


def _campaign_game(v: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    tally = v["tally"] + v["xp"]
    return v["xp"] >= 0, {"tally": tally, "level": compute_level(tally)}


PROOF_TRANSITIONS: dict[str, tuple[tuple[str, ...], Any]] = {
    "suffer-wounds": (("tomb.wounds.marker-placed", "tomb.wounds.full-damage-overkill",
                       "tomb.death.killed-at-hit-points"), _suffer),
    "heal-a-wound": (("tomb.heal.remove-up-to-successes", "tomb.heal.any-order"), _heal),
    "recruit": (("tomb.recruit.one-from-inn", "tomb.recruit.add-to-party"), lambda v: (
        v["size"] < v["limit"], {"size": v["size"] + 1})),
    "character-leaves": (("tomb.death.dead-character-removed",), lambda v: (
        v["size"] > 0, {"size": v["size"] - 1})),
    "raise-dice": (("tomb.dice.raise-type", "tomb.dice.raise-red-automatic-success"), _raise),
    "lower-dice": (("tomb.dice.lower-type", "tomb.dice.lower-green-automatic-failure"), _lower),
    "bank-defeated": (("tomb.banking.defeated-banked", "tomb.trap.disarmed-banked", "tomb.death.dead-monster-banked"),
                      _bank_defeated),
    "attach-treasure": (("tomb.treasure.bank-or-attach-immediately",), _attach_treasure),
    "bank-attached": (("tomb.treasure.attached-bank-at-inn", "tomb.flee.bank-on-reaching-inn"), _bank_attached),
    "lose-attached": (("tomb.death.dead-character-removed", "tomb.pickpocket.success"), _lose_attached),
    "movement-bonus": (("tomb.move.max-movement",), lambda v: (
        v["n"] >= 0, {"bonus": v["bonus"] + v["n"], "movement": compute_movement(BASE_MOVEMENT, v["bonus"] + v["n"])})),
    "campaign-game": (("tomb.campaign.running-tally", "tomb.campaign.levels"), _campaign_game),
}

PROOF_INVARIANTS: dict[str, Any] = {
    "tomb.death.killed-at-hit-points": lambda v: inv_wounds(v["wounds"], v["hp"], v["alive"]),
    "tomb.party.size-one-to-five": lambda v: inv_party(v["size"], v["limit"]),
    "tomb.end.total-xp": lambda v: all_(inv_score(v["banked"], v["attached"], v["score"]), v["banked"] >= 0,
                                        v["attached"] >= 0),
    "tomb.dice.raise-type": lambda v: inv_dice(v["green"], v["blue"], v["red"], v["auto"], v["fails"], v["total"]),
    "tomb.move.max-movement": lambda v: all_(v["movement"] >= BASE_MOVEMENT,
                                             v["movement"] == compute_movement(BASE_MOVEMENT, v["bonus"])),
    "tomb.campaign.levels": lambda v: all_(inv_level(v["level"]), v["level"] == compute_level(v["tally"])),
}

__all__ = ["PROOF_INVARIANTS", "PROOF_TRANSITIONS", "PROOF_VARIABLES", "proof_init", "violations", "not_"]

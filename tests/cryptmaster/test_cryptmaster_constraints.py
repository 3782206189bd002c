"""Cryptmaster's structural constraints (z3): keywords, moved then the fewest discarded."""

from __future__ import annotations

import itertools

import attrs


from tombspec.checks.games.cryptmaster import constraints as K
from tombspec.checks.proofs import constraints as Z
from tombspec.checks.games.tomb.constraints import Card

# Cryptmaster: keywords, move then discard the fewest ------------------------------------------------

KEYWORDS = K.KeywordAttachments(frozenset({"curse", "spell", "prayer", "item", "tactic", "treasure"}))


def _legal(chars, cards) -> bool:  # type: ignore[no-untyped-def]
    """The restrictions in plain Python (independent of the z3 encoding)."""
    by_name = {c.name: c for c in chars}
    for ch in chars:
        mine = [c for c in cards if c.holder == ch.name]
        keywords = [k for c in mine for k in c.keywords if k != "cursed"]
        if len(keywords) != len(set(keywords)):
            return False
    for c in cards:
        ch = by_name[c.holder]
        if c.type not in KEYWORDS.attachable or (c.type == "prayer" and ch.holiness < 1) or \
                (c.type == "spell" and ch.magic < 1):
            return False
    return True


def _brute_force_fewest(chars, cards):  # type: ignore[no-untyped-def]
    """The fewest discards, then moves, by trying every assignment."""
    names = [c.name for c in chars]
    best = None
    free = [c for c in cards if not c.cursed]
    for choice in itertools.product([*names, None], repeat=len(free)):
        placed = {c.name: dest for c, dest in zip(free, choice)}
        trial = [attrs.evolve(c, holder=placed.get(c.name, c.holder)) for c in cards
                 if c.cursed or placed[c.name] is not None]
        if not _legal(chars, trial):
            continue
        score = (sum(d is None for d in choice),
                 sum(d is not None and d != c.holder for c, d in zip(free, choice)))
        best = score if best is None or score < best else best
    return best


def test_keyword_check_names_what_is_broken() -> None:
    chars, cards = K.example_party()
    outcome, broken = KEYWORDS.check(chars, cards)
    assert outcome == Z.VIOLATED
    assert "Fighter holds 2 'weapon' cards" in broken
    assert any("Fireball" in b for b in broken)


def test_keyword_restore_is_minimal() -> None:
    chars, cards = K.example_party()
    plan = KEYWORDS.restore(chars, cards)
    assert plan["result"] == Z.COMPUTED
    assert (plan["discards"], plan["moves"]) == _brute_force_fewest(chars, cards)
    assert plan["plan"]["Cursed Axe"]["to"] == "Fighter"            # Cursed cards never move
    restored = [attrs.evolve(c, holder=plan["plan"][c.name]["to"]) for c in cards
                if plan["plan"][c.name]["to"] != "discard"]
    assert KEYWORDS.check(chars, restored)[0] == Z.HOLDS


def test_keyword_cursed_duplicates_cannot_be_mended() -> None:
    chars = [K.Character("Fighter"), K.Character("Rogue")]
    two_cursed = [Card("Cursed Axe", "treasure", frozenset({"weapon", "cursed"}), cursed=True, holder="Fighter"),
                  Card("Cursed Maul", "treasure", frozenset({"weapon", "cursed"}), cursed=True, holder="Fighter")]
    assert KEYWORDS.restore(chars, two_cursed)["result"] == Z.IMPOSSIBLE
    cursed_twice = [Card("Hex", "curse", frozenset({"cursed"}), cursed=True, holder="Fighter"),
                    Card("Blight", "curse", frozenset({"cursed"}), cursed=True, holder="Fighter")]
    assert KEYWORDS.check(chars, cursed_twice)[0] == Z.HOLDS


def test_keyword_cards_that_never_attach_are_discarded() -> None:
    chars = [K.Character("Fighter")]
    cards = [Card("Ambush", "cryptmaster", holder="Fighter"), Card("Sword", "item", frozenset({"weapon"}),
                                                                         holder="Fighter")]
    plan = KEYWORDS.restore(chars, cards)
    assert plan["discards"] == 1 and plan["plan"]["Ambush"]["to"] == "discard"

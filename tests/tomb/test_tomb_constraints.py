"""Tomb's structural constraints (z3): one card per trait."""

from __future__ import annotations




from tombspec.checks.games.tomb import constraints as K
from tombspec.checks.proofs import constraints as Z

# Tomb: one card per trait ---------------------------------------------------------------------------

TRAITS = K.TraitAttachments(("Armor", "Bow", "Glove", "Helm", "Shield", "Weapon"))


def test_trait_check_holds_and_is_violated() -> None:
    sword = K.Card("Double-Bladed Sword", "item", frozenset({"Weapon"}))
    daggers = K.Card("Throwing Daggers", "item", frozenset({"Weapon"}))
    helm = K.Card("Helm", "item", frozenset({"Helm"}))
    assert TRAITS.check([sword, helm, K.Card("Ring", "item")]) == Z.HOLDS
    assert TRAITS.check([sword, daggers]) == Z.VIOLATED


def test_trait_most_cards() -> None:
    pool = [K.Card(f"{t}{i}", "item", frozenset({t})) for t in TRAITS.traits for i in range(3)]
    outcome, most, chosen = TRAITS.most(pool)
    assert (outcome, most) == (Z.COMPUTED, 6)
    assert sorted(c.rstrip("0123456789") for c in chosen) == sorted(TRAITS.traits)

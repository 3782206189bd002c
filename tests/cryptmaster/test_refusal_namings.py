"""Which rule a Cryptmaster refusal names, where the rulebook cases read another passage than the model did
(tests/cases/README.md): a Move into a Crypt that holds cards, the Inn as PvP's Return to the Inn."""

from __future__ import annotations

from case_replay import refused_at


def test_invalid_move_into_a_crypt_with_cards_names_empty_crypt_is_hallway() -> None:
    # "When a crypt has no cards, it is considered a hallway space for card effects and movement": crypt b
    # (one card) is beside its Door, so adjacency does not forbid it; its cards do
    err = refused_at("cryptmaster/37-move-into-empty-crypt")
    assert err.rules == ("cryptmaster.tomb.empty-crypt-is-hallway", "cryptmaster.move.up-to-ten")


def test_invalid_pvp_return_to_the_inn_lists_no_return_to_inn() -> None:
    # both sentences of the PvP Special Rules forbid the Inn: "it may never return to the Inn for any reason"
    err = refused_at("cryptmaster/78-pvp-return-to-inn-moves-instead")
    assert err.rules == ("cryptmaster.pvp.inn-effects-move-20", "cryptmaster.pvp.no-return-to-inn")

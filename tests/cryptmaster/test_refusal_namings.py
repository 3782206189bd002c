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


def test_the_cms_same_card_again_lists_cm_no_limit() -> None:
    # "There is no limit on the number of different CM effects": the second Falling Rocks, offered at the
    # Monster's Battle Action once the window has closed, is the same effect (once-each)
    err = refused_at("cryptmaster/102-cm-same-card-twice-refused")
    assert "cryptmaster.presence.cm-no-limit" in err.rules


def test_a_bystanders_second_cm_effect_lists_bystander_one_cm_effect() -> None:
    # "Other players with parties in the Tomb ... may each use one CM effect per raid": used at the trap
    err = refused_at("cryptmaster/104-bystander-second-cm-effect-refused")
    assert "cryptmaster.presence.bystander-one-cm-effect" in err.rules


def test_a_bystander_at_the_inn_lists_bystander_one_cm_effect() -> None:
    # only players "with parties in the Tomb"
    err = refused_at("cryptmaster/105-bystander-at-inn-no-cm-effect")
    assert "cryptmaster.presence.bystander-one-cm-effect" in err.rules


def test_the_raider_playing_a_cm_card_lists_raider_and_mercenaries() -> None:
    # the raider plays his cards "except those reserved for the cryptmaster"
    err = refused_at("cryptmaster/106-raider-may-not-play-cm-card")
    assert "cryptmaster.presence.raider-and-mercenaries" in err.rules


def test_a_lenders_cm_card_lists_bystander_one_cm_effect() -> None:
    # a player with a mercenary present is not one of the "Other players ... who do not have mercenaries present"
    err = refused_at("cryptmaster/107-lender-no-cm-effect")
    assert {"cryptmaster.presence.bystander-one-cm-effect", "cryptmaster.presence.raider-and-mercenaries"} <= set(err.rules)

"""Which rule a refusal names (docs/oracle.md), where the rulebook cases read another passage than the
model did (tests/cases/README.md, the open table): the rule whose words forbid the action comes first, or
is listed beside it (``IllegalAction.also``) where both passages forbid it."""

from __future__ import annotations

from case_replay import refused_at


def test_invalid_solo_fourth_card_from_the_hand_names_the_fourth_card_sentence() -> None:
    # "Deal a fourth Crypt Card from the deck to all Crypts that can hold four": the deal's chance point was
    # queued for this sentence; the first deal's ("Deal two Crypt Cards to each Crypt") comes after it
    err = refused_at("tomb/s03-solo-fourth-not-from-hand")
    assert err.rules == ("tomb.solo.fourth-card-from-deck", "tomb.solo.deal-two-per-crypt")


def test_invalid_solo_attack_when_an_ability_rolls_more_dice_names_most_dice() -> None:
    # the Cultist is the Monster to act (highest XP): its Attack (one die) is refused because Fireball rolls
    # three, "always select the option that involves the most Tomb Dice being rolled"
    err = refused_at("tomb/s12-solo-monster-most-dice")
    assert err.rules == ("tomb.solo.monster-most-dice", "tomb.combat.monster-attack-targets")


def test_invalid_order_reroll_at_level_one_lists_monster_fodder() -> None:
    # player 1 rolls now ("each Player roll all seven Blue Tomb Dice"); player 0 at 50 XP has "No benefit"
    err = refused_at("tomb/s17b-no-greenhorn-at-50")
    assert err.rules == ("tomb.setup.order-roll", "tomb.campaign.level-1-monster-fodder")


def test_invalid_second_journeyman_redraw_names_journeyman() -> None:
    # "Once per game, after drawing an Inn card, the Player may immediately discard it and draw another"
    err = refused_at("tomb/s20-journeyman-once-per-game")
    assert err.rules == ("tomb.campaign.level-5-journeyman", "tomb.draw.two-cards")


def test_invalid_take_card_below_hero_names_the_hero_line_in_set_up() -> None:
    # Set Up (before the first turn): the Hero's decision is player 1's by the Hero line, not by the turn order
    err = refused_at("tomb/s22b-no-hero-at-1600")
    assert err.rules == ("tomb.campaign.level-8-hero",)


def test_invalid_card_used_twice_in_a_turn_at_a_roll_names_once_per_turn() -> None:
    # no React window opens (Weaken was used this Turn): "Each card may only be used once per Turn" first,
    # then the roll's purpose and the dice rule
    err = refused_at("tomb/s30b-weaken-twice-named")
    assert err.rules == ("tomb.play.once-per-turn", "tomb.combat.monster-attack-roll", "tomb.dice.attribute-named")


def test_invalid_react_before_a_revealed_monster_draws_names_passive_before_reacts() -> None:
    # "Effects from such text are resolved before Reacts, if timing conflicts": the Cultist draws first
    err = refused_at("tomb/s31b-daggers-before-passive-named")
    assert err.rules == ("tomb.actions.passive-before-reacts", "tomb.monster.example-darkhelm", "tomb.draw.two-cards")

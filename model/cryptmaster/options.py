"""The options of Tomb: Cryptmaster: the player count, the two Variants (Overlords, Player vs. Player)
and one reading per ambiguity of its catalog that the model can act on.

Tomb's engine reads Tomb's options too: where Cryptmaster restates or changes a Tomb rule the value is
Cryptmaster's (a property below, naming the Cryptmaster rule); where it says nothing, the engine keeps
Tomb's default reading (``TOMB_DEFAULTS``), which the model page lists.
"""

from __future__ import annotations

from typing import Any

import attrs

from ..options import reading, variant
from ..ruleset import check_players
from ..tomb.options import TombOptions

PLAYER_COUNTS = (2, 6)


def _players(instance: Any, attribute: attrs.Attribute, value: Any) -> None:
    low = 3 if getattr(instance, "player_count", None) == "three-to-six" else 2
    check_players(value, (low, PLAYER_COUNTS[1]), "cryptmaster.ambiguity.player-count")


#: Tomb's readings the engine uses where Tomb: Cryptmaster does not speak.
TOMB_DEFAULTS = TombOptions(players=2)


@attrs.frozen
class CryptmasterOptions:
    player_count: str | None = reading("cryptmaster.ambiguity.player-count", "two-to-six", "three-to-six")
    players: int = attrs.field(default=3, validator=_players)
    overlords: bool = variant("cryptmaster.overlord.definition")
    pvp: bool = variant("cryptmaster.pvp.variant")

    # Fill the Tomb, Fill the Inn
    cm_seat: str | None = reading("cryptmaster.ambiguity.cm-seat-wraps-to-raider", "skip-raider", "plain-count")
    starting_player: str | None = reading("cryptmaster.ambiguity.starting-player", "first-player", "first-turn")
    setup_second: str | None = reading("cryptmaster.ambiguity.setup-second-character", "from-drawn", "from-inn")
    setup_class: str | None = reading("cryptmaster.ambiguity.setup-class-draws", "draws", "no-draw")
    pariah_first: str | None = reading("cryptmaster.ambiguity.pariah-first-choice", "pariah-first-counts", "always-two")
    # readings with one rule to act on: unset (None) is the catalog's "undecided" reading, and the model
    # then raises Unspecified where the situation arises
    first_player_tie: str | None = reading("cryptmaster.ambiguity.first-player-tie", "reroll-tied", "all-reroll")
    contested_roll: str | None = reading("cryptmaster.ambiguity.contested-roll", "opposed")
    heal_distribution: str | None = reading("cryptmaster.ambiguity.heal-distribution", "healer-chooses")
    final_tie: str | None = reading("cryptmaster.ambiguity.final-tie", "shared")
    stalemate: str | None = reading("cryptmaster.ambiguity.combat-stalemate", "raid-ends")
    # Tomb dice
    dice_supply: str | None = reading("cryptmaster.ambiguity.dice-supply", "unlimited", "capped")
    # Inn cards and attachments
    cm_cards_inn: str | None = reading("cryptmaster.ambiguity.cryptmaster-cards-as-inn-cards", "inn-cards", "not-drawn")
    cursed_curses: str | None = reading("cryptmaster.ambiguity.cursed-versus-curses", "keyword-only", "curses-too")
    unfixable: str | None = reading("cryptmaster.ambiguity.unfixable-restrictions", "tolerated", "discard-cursed")
    monster_restrictions: str | None = reading("cryptmaster.ambiguity.monster-attachment-restrictions",
                                               "characters-only", "monsters-too")
    cm_effect_repeat: str | None = reading("cryptmaster.ambiguity.different-cm-effects", "once-each", "unlimited")
    reshuffle: str | None = reading("cryptmaster.ambiguity.reshuffle-timing", "immediately", "cleanup-only")
    crypt_deck: str | None = reading("cryptmaster.ambiguity.crypt-deck-after-setup", "card-effects", "out-of-play")
    # Turn actions
    draw_choice: str | None = reading("cryptmaster.ambiguity.draw-deck-choice", "one-at-a-time", "both-first")
    heal_injured: str | None = reading("cryptmaster.ambiguity.heal-without-wounds", "injured-only", "always")
    entering: str | None = reading("cryptmaster.ambiguity.entering-from-inn", "any-entrance-free", "entrance-costs-one")
    raid_empty: str | None = reading("cryptmaster.ambiguity.raid-empty-or-moved", "not-empty", "empty-ends-turn")
    ten_card_limit: str | None = reading("cryptmaster.ambiguity.ten-card-limit", "gate-only", "hard-cap")
    fighter_items: str | None = reading("cryptmaster.ambiguity.fighter-item-exemption", "any-item", "attached-items")
    once_per_turn: str | None = reading("cryptmaster.ambiguity.once-per-turn-scope", "per-card-action", "everything")
    # Mercenaries
    merc_return_state: str | None = reading("cryptmaster.ambiguity.mercenary-return-state", "wounded", "fully-healed")
    merc_cards: str | None = reading("cryptmaster.ambiguity.mercenary-returned-cards", "all-cards", "items-only")
    merc_death_replacement: str | None = reading("cryptmaster.ambiguity.mercenary-death-replacement", "replacement",
                                                 "no-replacement")
    merc_xp: str | None = reading("cryptmaster.ambiguity.mercenary-xp", "xp-tokens-in-bank", "present-at-end")
    merc_payment: str | None = reading("cryptmaster.ambiguity.mercenary-payment-shortfall", "as-able", "unpaid")
    mercs_in_party: str | None = reading("cryptmaster.ambiguity.mercenaries-in-party", "members", "raider-own-only")
    overlord_merc_pay: str | None = reading("cryptmaster.ambiguity.overlord-mercenary-pay", "five-and-one",
                                            "five-only")
    # The Raid
    curse_order: str | None = reading("cryptmaster.ambiguity.curse-reveal-order", "each-in-turn", "all-at-once")
    trap_rollers: str | None = reading("cryptmaster.ambiguity.trap-rollers", "combined-per-attribute", "each-separately")
    trap_discard: str | None = reading("cryptmaster.ambiguity.trap-discard", "failed-only", "both")
    kill_fewest_tie: str | None = reading("cryptmaster.ambiguity.kill-fewest-tie", "raiding-player-chooses",
                                          "all-tied-die", "crypt-master-chooses")
    wound_assignment: str | None = reading("cryptmaster.ambiguity.wound-assignment", "unless-targeted", "only-attacks")
    give_treasure: str | None = reading("cryptmaster.ambiguity.give-treasure-receiver", "raiding-player-chooses",
                                        "crypt-master-chooses", "to-crypt-master")
    curse_check: str | None = reading("cryptmaster.ambiguity.curse-check", "party-holiness-vs-curse-tn", "character-only")
    returned_state: str | None = reading("cryptmaster.ambiguity.returned-cards-state", "reset")
    after_raid: str | None = reading("cryptmaster.ambiguity.position-after-raid", "inside-crypt", "on-door")
    bank_cursed: str | None = reading("cryptmaster.ambiguity.bank-cursed-treasure", "yes-at-raid", "never")
    combat_passing: str | None = reading("cryptmaster.ambiguity.combat-passing", "may-pass", "must-act")
    # Upkeep and the end
    game_end: str | None = reading("cryptmaster.ambiguity.game-end-timing", "at-upkeep", "immediately")
    what_scores: str | None = reading("cryptmaster.ambiguity.what-scores", "bank-treasure-curses", "all-cards-in-party")
    empty_bag: str | None = reading("cryptmaster.ambiguity.empty-bag", "nothing", "reshuffle-dead")
    class_cards: str | None = reading("cryptmaster.ambiguity.refill-class-cards", "yes", "only-stated")
    dismissed_dead: str | None = reading("cryptmaster.ambiguity.dismissed-are-dead", "no-replacement", "replacement")
    # Variants
    overlord_protection: str | None = reading("cryptmaster.ambiguity.overlord-protection", "living-monsters-protect",
                                              "unrevealed-only")
    overlord_reveal: str | None = reading("cryptmaster.ambiguity.overlord-reveal-each-raid", "every-raid",
                                          "first-reveal-only")
    pvp_meeting: str | None = reading("cryptmaster.ambiguity.pvp-meeting", "mandatory-choose-one", "optional")
    pvp_claim: str | None = reading("cryptmaster.ambiguity.pvp-pillage-claim", "like-pickpocket", "hand")
    pvp_kill: str | None = reading("cryptmaster.ambiguity.pvp-kill-action", "whole-cards-any-target", "pillage")
    pvp_fled: str | None = reading("cryptmaster.ambiguity.pvp-fled-defender", "left-combat", "still-defending")

    # What Tomb's engine reads: Cryptmaster's rules where it has them -------------------------------------

    @property
    def solitaire(self) -> bool:
        return False

    @property
    def casters(self) -> str:
        """cryptmaster.inn-cards.prayer-needs-holiness: the character itself needs the die."""
        return "dice-required"

    @property
    def trap_characters(self) -> str:
        """cryptmaster.trap.cm-reads: how many characters 'must' attempt to disarm."""
        return "exactly"

    @property
    def treasure_banking(self) -> str:
        """cryptmaster.free.bank: Bank is a free action whenever the party is in the Inn."""
        return "whenever-at-inn"

    @property
    def killed_rogue_cards(self) -> str:
        """cryptmaster.pickpocket.rogue-dies: the other player claims the rogue's cards."""
        return "given-to-attacker"

    @property
    def pickpocket_tie(self) -> str:
        """cryptmaster.rolls.opposed-ties: ties go to the defending roll (contested-roll = opposed; read
        at a tie only)."""
        return {"opposed": "tie-caught"}[self.contested_roll]

    @property
    def contested_tie(self) -> str:
        """cryptmaster.rolls.opposed-ties: a monster's contested roll (Elithe) is an opposed roll the monster
        initiates, so a tie goes to the defending character: "Ties go to the \"defending\" roll by default
        (whoever did not initiate the action)." (contested-roll = opposed; read at a tie only)."""
        return {"opposed": "initiator-needs-more"}[self.contested_roll]

    @property
    def order_ties(self) -> str:
        """cryptmaster.ambiguity.first-player-tie: the tied players re-roll (reroll-tied), or every player
        does (all-reroll); read at a tie."""
        return {"reroll-tied": "tied-leaders", "all-reroll": "all-players"}[self.first_player_tie]

    @property
    def supplies(self) -> str:
        """cryptmaster.inn-cards.reshuffle: an empty deck is reshuffled from its discards."""
        return "reshuffle"

    @property
    def printed_react(self) -> str:
        """cryptmaster.card-text.actions-once-per-turn: "ALL ACTIONS ARE ONCE PER TURN", the actions
        printed on characters and monsters included."""
        return "all-cards"

    @property
    def inn_years(self) -> str:
        return "standard"

    @property
    def campaign_xp(self) -> tuple[int, ...]:
        return ()

    def __getattr__(self, name: str) -> Any:
        # Tomb's readings where Cryptmaster does not speak (the model page lists them)
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(TOMB_DEFAULTS, name)


#: Every other reading of Tomb's engine that Cryptmaster's options hold at Tomb's default (neither a field
#: of its own nor a property above): why it is not a Cryptmaster ambiguity of its own.  "settled" names the
#: Cryptmaster rule or ambiguity whose words leave Tomb's question no room here (the engine's hook for it
#: is overridden, or Tomb's default is what those words say); "inapplicable" says why the question does
#: not arise in Cryptmaster; "shared" marks a question that belongs to a card's own words (a card of the
#: example set, built on Tomb's), where Tomb's entry and its default apply as they stand.
#: ``tests/cryptmaster/test_catalog_and_components.py`` holds every Tomb reading to one of the three.
TOMB_READINGS: dict[str, str] = {
    "raise_red": "inapplicable: Cryptmaster prints no rule that raises or lowers the dice types (Rolls/Attributes)",
    "lower_green": "inapplicable: Cryptmaster prints no rule that raises or lowers the dice types (Rolls/Attributes)",
    "raise_lower": "inapplicable: Cryptmaster prints no rule that raises or lowers the dice types (Rolls/Attributes)",
    "automatic_dice": "inapplicable: Cryptmaster prints no rule that raises or lowers the dice types (Rolls/Attributes)",
    "one_character_rolls": "settled by cryptmaster.rolls.combined: combined and party rolls are defined, and its Heal is a party roll (heal_pool overridden)",
    "crypt_filling": "settled by cryptmaster.setup.fill-until-full: play proceeds clockwise until all crypts are filled",
    "first_turn_order": "settled by cryptmaster.turn.turn-order: the player to the left of the first player begins",
    "first_turn": "inapplicable: the starting characters are drawn in Fill the Inn, before the first turn (cryptmaster.setup.starting-character)",
    "free_actions": "settled by cryptmaster.ambiguity.free-action-timing: answered phase-one-only, Tomb's start-only",
    "trait_scope": "settled by cryptmaster.attach.one-per-keyword: keywords replace traits (can_attach overridden)",
    "multi_trait": "settled by cryptmaster.attach.one-per-keyword: each keyword of a card counts (can_attach overridden)",
    "trait_by_name": "settled by cryptmaster.card-text.keywords: keywords are printed above the text; a name gives none",
    "uncastable": "settled by cryptmaster.card-text.actions-from-hand: drawn Inn cards go to the hand and are used from it",
    "redistribute_cast": "settled by cryptmaster.free.share: any non-Cursed attached card may be moved",
    "heal_location": "settled by cryptmaster.heal.party-holiness-roll: Heal has no place (its actions overridden)",
    "heal_dice": "settled by cryptmaster.heal.party-holiness-roll: a party holiness roll (heal_pool overridden)",
    "entry_point": "settled by cryptmaster.move.start-point: start from the Tomb entrance (cryptmaster.ambiguity.entering-from-inn)",
    "move_up_to": "settled by cryptmaster.move.up-to-ten: 'Move up to ten spaces'",
    "move_through": "settled by cryptmaster.move.empty-crypt-cost: empty crypts are passed at a cost (passable overridden)",
    "another_way_in": "shared: the question is Another Way In's own word 'adjacent', a card of the example set",
    "pickpocket_range": "settled by cryptmaster.ambiguity.pickpocket-reach: Cryptmaster's own record of the reach",
    "party_overflow": "settled by cryptmaster.upkeep.dismiss-extra: extra members are dismissed at the upkeep",
    "return_distance": "settled by cryptmaster.flee.turn: 'regardless your current location and movement'",
    "raid_turn": "settled by cryptmaster.defs.turn: a turn runs from one player's turn to the next's",
    "react_direction": "settled by cryptmaster.rule-zero.resolution-order: the CM, the current player, then clockwise",
    "react_circuits": "settled by cryptmaster.rule-zero.chained-reacts: reacts drawn to a trigger are resolved in the same order",
    "board_actions": "inapplicable: Cryptmaster's boards print rules for crypts, rooms and hazards, no Turn Actions (cryptmaster.ambiguity.card-versus-board-text)",
    "space_reach": "inapplicable: Cryptmaster's boards print rules for crypts, rooms and hazards, no Turn Actions (cryptmaster.ambiguity.card-versus-board-text)",
    "leave_vs_flee": "settled by cryptmaster.trap.may-leave: the raider returns to the door of the crypt",
    "decline_monsters": "settled by cryptmaster.monster.combat-begins: the monsters are revealed, then combat begins",
    "returned_cards": "settled by cryptmaster.monster.party-dies-or-flees: all remaining crypt cards go back face down",
    "trap_line": "settled by cryptmaster.trap.cm-reads: the CM tells how many characters and which attributes",
    "trap_tns": "settled by cryptmaster.trap.disarmed: 'meets or exceeds the TN for each listed attribute'",
    "traps_defeated": "settled by cryptmaster.trap.repeat: the process repeats for each trap until none remain",
    "battle_alternation": "settled by cryptmaster.combat.alternate-until: steps 2 and 3 repeat until no one can act",
    "overkill": "shared: the question is Fireball's own words, a card of the example set",
    "hit_point_changes": "settled by cryptmaster.death.character-dies: 'If a character ever has at least as many wounds'",
    "react_scope": "settled by cryptmaster.card-text.absent-from-combat: no action, Reacts included, in a combat where none of your characters are present",
    "abate_death": "settled by cryptmaster.card-text.react-timing: reacts are used immediately when triggered",
    "dead_destination": "settled by cryptmaster.death.character-dies: 'he dies and is discarded'",
    "wipe_restart": "settled by cryptmaster.upkeep.refill-slain-parties: one character is drawn from the bag",
    "wipe_turn_end": "settled by cryptmaster.upkeep.refill-slain-parties: a slain party is refilled at the upkeep; no turn is lost",
    "monster_attachments": "settled by cryptmaster.ambiguity.monster-attachment-restrictions: Cryptmaster's own record",
    "peek": "shared: the question is Keziah's Orb's own words, a card of the example set",
    "no_characters": "settled by cryptmaster.ambiguity.empty-bag: Cryptmaster's own record of an empty bag",
    "end_trigger": "settled by cryptmaster.upkeep.tomb-empty-game-ends: the end is checked at the upkeep",
    "class_draw_order": "inapplicable: Cryptmaster has no Campaign Play, so no Journeyman's redraw: the order of a Character's class cards changes nothing",
    "solo_death": "inapplicable: Cryptmaster has no Solitaire Play",
    "solo_first": "inapplicable: Cryptmaster has no Solitaire Play",
    "solo_filling": "inapplicable: Cryptmaster has no Solitaire Play",
    "solo_draw_cost": "inapplicable: Cryptmaster has no Solitaire Play",
    "solo_empty_inn": "inapplicable: Cryptmaster has no Solitaire Play",
    "solo_monster_ties": "inapplicable: Cryptmaster has no Solitaire Play",
    "solo_secrets": "inapplicable: Cryptmaster has no Solitaire Play",
    "solo_trap_order": "inapplicable: Cryptmaster has no Solitaire Play",
    "solo_class_cost": "inapplicable: Cryptmaster has no Solitaire Play",
    "solo_destroy_timing": "inapplicable: Cryptmaster has no Solitaire Play",
    "solo_years": "inapplicable: Cryptmaster has no Solitaire Play",
    "campaign_3000": "inapplicable: Cryptmaster has no Campaign Play",
    "knight_vs_page": "inapplicable: Cryptmaster has no Campaign Play",
    "campaign_tally": "inapplicable: Cryptmaster has no Campaign Play",
    "campaign_years": "inapplicable: Cryptmaster has no Campaign Play",
    "greenhorn_ties": "inapplicable: Cryptmaster has no Campaign Play (no Greenhorn re-roll)",
}


# Tomb's readings where Cryptmaster does not speak, set on the class as plain values: the rules read
# them on every step, and a class attribute is found at once (``__getattr__`` stays for any other name)
for _field in attrs.fields(type(TOMB_DEFAULTS)):
    if not hasattr(CryptmasterOptions, _field.name):
        setattr(CryptmasterOptions, _field.name, getattr(TOMB_DEFAULTS, _field.name))
del _field

"""The options of Tomb: the player count (one player is Solitaire Play), the Optional Rules, a
Campaign's XP tallies, and one reading per ambiguity of the catalog that the model can act on.

Every ``reading(...)`` names the ``[[ambiguities]]`` entry it settles; its default is the catalog's
default (``tests/tomb/test_options.py`` keeps them in step).  Ambiguities the model cannot act on say
why in their catalog ``note``.
"""

from __future__ import annotations

from typing import Any

import attrs

from tombspec.spec.errors import InvalidInput

from ..options import View, read, reading, settled_names
from ..ruleset import check_players

#: Players the rulebook allows: Solitaire Play (1) and, bounded by the six Party Markers, 2 to 6
#: (tomb.ambiguity.player-count = two-to-six); "unbounded" lets a table seat up to 12.
PLAYER_COUNTS = (1, 6)
UNBOUNDED_PLAYERS = 12
INN_YEARS = ("standard", "lean-years", "fat-years")


def _players(instance: Any, attribute: attrs.Attribute, value: Any) -> None:
    # the reading is validated first (it is declared before the count)
    high = UNBOUNDED_PLAYERS if getattr(instance, "player_count", None) == "unbounded" else PLAYER_COUNTS[1]
    check_players(value, (PLAYER_COUNTS[0], high), "tomb.contents.party-markers")


def _years(instance: Any, attribute: attrs.Attribute, value: Any) -> None:
    if value not in INN_YEARS:
        raise InvalidInput(f"option inn_years (tomb.inn.lean-years, tomb.inn.fat-years) must be one of "
                           f"{', '.join(INN_YEARS)}, not {value!r}", source="<options>")


def _tally(instance: Any, attribute: attrs.Attribute, value: Any) -> None:
    if not isinstance(value, tuple) or any(type(v) is not int for v in value):
        raise InvalidInput("option campaign_xp (tomb.campaign.running-tally) is a list of whole numbers, "
                           "one per player", source="<options>")
    if value and len(value) != instance.players:
        raise InvalidInput(f"option campaign_xp gives {len(value)} tallies for {instance.players} players",
                           source="<options>")


def _tuple(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


@attrs.frozen
class TombOptions:
    # Readings first (the player count depends on one)
    player_count: str | None = reading("tomb.ambiguity.player-count", "two-to-six", "unbounded")
    # The table
    players: int = attrs.field(default=3, validator=_players)
    inn_years: str = attrs.field(default="standard", validator=_years)   # Optional Rules: Lean / Fat Years
    campaign_xp: tuple[int, ...] = attrs.field(default=(), converter=_tuple, validator=_tally)

    # The Basics: Rolling Dice
    raise_red: str | None = reading("tomb.ambiguity.raise-which-red-automatic", "previously-red", "all-red-after")
    lower_green: str | None = reading("tomb.ambiguity.lower-which-green-automatic", "previously-green",
                                      "all-green-after")
    raise_lower: str | None = reading("tomb.ambiguity.raise-lower-stacking", "net-steps", "sequential")
    automatic_dice: str | None = reading("tomb.ambiguity.automatic-dice-status", "dice-not-rolled", "fixed-results")
    one_character_rolls: str | None = reading("tomb.ambiguity.one-character-rolls", "stated-otherwise", "strict-one")
    # Set Up
    order_ties: str | None = reading("tomb.ambiguity.order-reroll-ties", "tied-leaders", "all-players")
    greenhorn_ties: str | None = reading("tomb.ambiguity.greenhorn-reroll-ties", "each-roll", "first-roll")
    crypt_filling: str | None = reading("tomb.ambiguity.crypt-filling-loop", "repeat-rounds", "single-round")
    first_turn_order: str | None = reading("tomb.ambiguity.first-turn-order", "second-player-first",
                                           "player-one-first")
    first_turn: str | None = reading("tomb.ambiguity.first-turn-is-whole-turn", "whole-turn", "plus-standard")
    # Free Actions and cards
    free_actions: str | None = reading("tomb.ambiguity.free-action-timing", "start-only", "any-time-before-standard")
    trait_scope: str | None = reading("tomb.ambiguity.trait-limit-scope", "one-per-trait-all-cards",
                                      "one-traited-item", "items-and-treasures-only")
    multi_trait: str | None = reading("tomb.ambiguity.multi-trait-card", "counts-each", "counts-once")
    trait_by_name: str | None = reading("tomb.ambiguity.trait-by-name", "printed-trait-only", "name-implies")
    casters: str | None = reading("tomb.ambiguity.caster-requirements", "class-or-dice-caster", "dice-required",
                                  "party-caster")
    uncastable: str | None = reading("tomb.ambiguity.draw-uncastable-cards", "may-hold", "discard")
    treasure_banking: str | None = reading("tomb.ambiguity.attached-treasure-banking", "whenever-at-inn",
                                           "on-arrival-only")
    redistribute_cast: str | None = reading("tomb.ambiguity.redistribute-cast-cards", "items-and-treasures-only",
                                            "any-attached")
    draw_choice: str | None = reading("tomb.ambiguity.draw-deck-choice", "one-at-a-time", "both-first")
    # Heal, Move, Pickpocket, Recruit, Return
    heal_location: str | None = reading("tomb.ambiguity.heal-location", "tomb-only", "anywhere")
    heal_dice: str | None = reading("tomb.ambiguity.heal-dice", "clerics-pooled", "all-holiness")
    heal_injured: str | None = reading("tomb.ambiguity.heal-without-wounds", "injured-only", "always")
    entry_point: str | None = reading("tomb.ambiguity.move-entry-point", "board-entrance", "any-edge")
    move_up_to: str | None = reading("tomb.ambiguity.move-up-to-max", "up-to", "exact-or-door")
    move_through: str | None = reading("tomb.ambiguity.move-through-spaces", "hallways-and-doors", "hallways-only")
    another_way_in: str | None = reading("tomb.ambiguity.another-way-in-adjacent", "orthogonal", "with-diagonals")
    pickpocket_range: str | None = reading("tomb.ambiguity.pickpocket-range", "path-within-movement",
                                           "any-reachable")
    pickpocket_tie: str | None = reading("tomb.ambiguity.pickpocket-tie", "tie-caught", "tie-nothing")
    killed_rogue_cards: str | None = reading("tomb.ambiguity.pickpocket-killed-rogue-cards", "given-to-attacker",
                                             "discarded")
    party_overflow: str | None = reading("tomb.ambiguity.party-size-overflow", "cannot-exceed", "discard-excess")
    return_distance: str | None = reading("tomb.ambiguity.return-to-inn-distance", "instant", "within-movement")
    # Actions and Effects
    printed_react: str | None = reading("tomb.ambiguity.printed-react-once-per-turn", "inn-cards-only", "all-cards")
    raid_turn: str | None = reading("tomb.ambiguity.raid-is-one-turn", "one-turn", "round-is-turn")
    react_direction: str | None = reading("tomb.ambiguity.react-direction", "same", "opposite")
    react_scope: str | None = reading("tomb.ambiguity.react-whose-trigger", "own-party", "any-party")
    react_circuits: str | None = reading("tomb.ambiguity.react-circuits", "one-circuit", "until-all-pass")
    board_actions: str | None = reading("tomb.ambiguity.board-space-turn-actions", "printed-on-board", "none")
    space_reach: str | None = reading("tomb.ambiguity.board-space-turn-action-reach", "on-the-space",
                                      "within-movement", "anywhere")
    # The Raid
    leave_vs_flee: str | None = reading("tomb.ambiguity.leave-vs-flee", "door-before-combat", "always-inn")
    decline_monsters: str | None = reading("tomb.ambiguity.decline-monsters", "leave-unrevealed",
                                           "reveal-then-leave")
    returned_cards: str | None = reading("tomb.ambiguity.returned-revealed-cards", "all-remaining", "unrevealed-only")
    trap_line: str | None = reading("tomb.ambiguity.trap-second-line", "attribute-only", "read-aloud")
    trap_characters: str | None = reading("tomb.ambiguity.trap-characters-count", "up-to", "exactly")
    trap_tns: str | None = reading("tomb.ambiguity.trap-multiple-target-numbers", "each-separately", "summed")
    traps_defeated: str | None = reading("tomb.ambiguity.traps-defeated", "resolved", "disarmed")
    battle_alternation: str | None = reading("tomb.ambiguity.battle-alternation", "remaining-act-consecutively",
                                             "round-ends")
    wound_assignment: str | None = reading("tomb.ambiguity.wound-assignment", "unless-targeted", "only-attacks")
    kill_fewest_tie: str | None = reading("tomb.ambiguity.kill-fewest-tie", "raiding-player-chooses", "all-tied-die",
                                           "crypt-master-chooses")
    overkill: str | None = reading("tomb.ambiguity.overkill", "no-spill", "spill")
    hit_point_changes: str | None = reading("tomb.ambiguity.hit-point-changes", "dies-when-exceeded",
                                            "only-on-wound")
    abate_death: str | None = reading("tomb.ambiguity.abate-death-window", "before-death-check", "after-death")
    dead_destination: str | None = reading("tomb.ambiguity.dead-character-destination", "discard-pile", "removed")
    wipe_restart: str | None = reading("tomb.ambiguity.party-wipe-restart", "draw-from-pool", "recruit-from-inn")
    wipe_turn_end: str | None = reading("tomb.ambiguity.party-wipe-turn-end", "current-turn-only", "skip-next")
    class_cards: str | None = reading("tomb.ambiguity.new-character-class-cards", "yes", "only-stated")
    class_draw_order: str | None = reading("tomb.ambiguity.class-card-draw-order", "prayer-first-as-each-joins",
                                           "player-orders")
    supplies: str | None = reading("tomb.ambiguity.exhausted-supplies", "nothing-drawn", "reshuffle")
    monster_attachments: str | None = reading("tomb.ambiguity.monster-attachments", "same-as-characters",
                                              "no-limits")
    contested_tie: str | None = reading("tomb.ambiguity.contested-roll-tie", "initiator-needs-more",
                                        "tie-succeeds", "re-roll")
    peek: str | None = reading("tomb.ambiguity.peek-card", "any-card", "unknown-card")
    give_treasure: str | None = reading("tomb.ambiguity.give-treasure-receiver", "raiding-player-chooses",
                                        "crypt-master-chooses", "to-crypt-master")
    no_characters: str | None = reading("tomb.ambiguity.no-characters-left", "game-ends")
    # End of the Game
    end_trigger: str | None = reading("tomb.ambiguity.end-trigger", "after-raid", "end-of-round", "at-once")
    final_tie: str | None = reading("tomb.ambiguity.final-tie", "shared", "most-banked", "most-attached")
    # Solitaire Play
    solo_death: str | None = reading("tomb.ambiguity.solo-death-replacement", "solo-overrides", "death-still-adds")
    solo_first: str | None = reading("tomb.ambiguity.solo-first-character", "from-the-twenty", "draw-five")
    solo_filling: str | None = reading("tomb.ambiguity.solo-crypt-filling", "at-least-four", "exactly-four")
    solo_draw_cost: str | None = reading("tomb.ambiguity.solo-inn-draw-cost", "per-action", "per-card")
    solo_empty_inn: str | None = reading("tomb.ambiguity.solo-draw-empty-inn", "free-draw", "no-draw")
    solo_monster_ties: str | None = reading("tomb.ambiguity.solo-monster-ties", "player-chooses", "attack-first")
    solo_secrets: str | None = reading("tomb.ambiguity.solo-hidden-information", "read-first-lines",
                                       "open-information")
    solo_trap_order: str | None = reading("tomb.ambiguity.solo-trap-order", "blind-pick", "first-lines-known")
    solo_class_cost: str | None = reading("tomb.ambiguity.solo-class-card-cost", "no-cost", "costs-a-character")
    solo_destroy_timing: str | None = reading("tomb.ambiguity.solo-draw-destroy-timing", "destroy-first",
                                              "draw-first")
    solo_years: str | None = reading("tomb.ambiguity.solo-inn-years", "nothing-to-change", "fat-years-two-first")
    # Campaign Play
    campaign_3000: str | None = reading("tomb.ambiguity.campaign-3000-xp", "lord", "knight")
    knight_vs_page: str | None = reading("tomb.ambiguity.campaign-knight-vs-page", "search-then-usual-draw",
                                         "knight-five")
    campaign_tally: str | None = reading("tomb.ambiguity.campaign-tally", "final-score", "banked-only")
    campaign_years: str | None = reading("tomb.ambiguity.campaign-inn-years", "years-set-the-draw", "page-adds-one",
                                         "levels-set-the-draw")

    @property
    def solitaire(self) -> bool:
        return self.players == 1


class Unsettled(View):
    """The options as the rules read them when some reading is unset (None): reading an unset one
    raises :class:`~tombspec.model.errors.Unspecified` naming its ambiguity, where the situation arises
    (DESIGN.md contract 3); a property reads through the view, so an unset reading it depends on raises
    too.  With every reading set the ruleset reads its options directly (no view, no cost)."""

    __slots__ = ()

    def value(self, raw: Any, name: str) -> Any:
        return read(raw, name)


def as_read(options: Any) -> Any:
    """``options`` itself when every reading is set, else its :class:`Unsettled` view."""
    if any(getattr(options, name) is None for name in settled_names(type(options))):
        return Unsettled(options)
    return options

"""The options of Secrets of the Lost Tomb: the set-up choices, the rulebook's variants, and one reading
per ambiguity of the catalog that the model can switch.

The set-up choices (``players``, ``difficulty``, ``scenario``) are what Game Setup asks the group to
choose.  The variants are the rulebook's own "for a more difficult game ..." rules.  Every other option
is a :func:`~tombspec.model.options.reading`: it names the catalog ambiguity it settles and defaults to
the catalog's default reading (``tests/secrets/test_options.py`` keeps them equal).  An ambiguity the
model cannot switch says why in its catalog ``note``.
"""

from __future__ import annotations

from typing import Any

import attrs

from tombspec.spec.errors import InvalidInput

from ..options import reading, variant
from ..ruleset import check_players

#: "Adventurer Setup": the columns of the table run from 1 to 6 Adventurers.
PLAYER_COUNTS = (1, 6)
#: secrets.ambiguity.max-adventurers=unbounded: as many Adventurers as there are sheets in the core set.
UNBOUNDED_PLAYERS = 11
DIFFICULTIES = ("normal", "intermediate", "hard")


def _players(instance: Any, attribute: attrs.Attribute, value: Any) -> None:
    high = UNBOUNDED_PLAYERS if instance.max_adventurers == "unbounded" else PLAYER_COUNTS[1]
    check_players(value, (PLAYER_COUNTS[0], high), "secrets.setup.adventurer-setup-table")


def _choice(rule: str, choices: tuple[str, ...]) -> Any:
    def check(instance: Any, attribute: attrs.Attribute, value: Any) -> None:
        if value not in choices:
            raise InvalidInput(f"option {attribute.name} ({rule}) must be one of {', '.join(choices)}, "
                               f"not {value!r}", source="<options>")
    return check


def _small_int(rule: str, low: int, high: int) -> Any:
    def check(instance: Any, attribute: attrs.Attribute, value: Any) -> None:
        if type(value) is not int or not low <= value <= high:
            raise InvalidInput(f"option {attribute.name} ({rule}) must be an integer {low}..{high}, "
                               f"not {value!r}", source="<options>")
    return check


def _scenario(instance: Any, attribute: attrs.Attribute, value: Any) -> None:
    if value is not None and (not isinstance(value, str) or not value.strip()):
        raise InvalidInput(f"option scenario (secrets.setup.choose-scenario) must be a scenario's name, "
                           f"not {value!r}", source="<options>")


@attrs.frozen
class SecretsOptions:
    # Readings that other options' validators read come first (attrs validates in order).
    max_adventurers: str | None = reading("secrets.ambiguity.max-adventurers", "max-6", "unbounded")

    # Game Setup -------------------------------------------------------------------------------------
    #: the number of Adventurers (secrets.setup.player-count-is-adventurer-count): each is a seat
    players: int = attrs.field(default=4, validator=_players)
    #: secrets.setup.difficulty-by-tomb-cards: green (normal), both (intermediate), red (hard)
    difficulty: str = attrs.field(default="normal",
                                  validator=_choice("secrets.setup.difficulty-by-tomb-cards", DIFFICULTIES))
    #: secrets.setup.choose-scenario: a scenario of the component set (None: the set's first scenario)
    scenario: str | None = attrs.field(default=None, validator=_scenario)

    # Variants the rulebook states -------------------------------------------------------------------
    no_quetzalcoatls_hall: bool = variant("secrets.setup.hard-remove-quetzalcoatls-hall")
    spawn_on_starting_tile: bool = variant("secrets.tomb-phase.variant-spawn-on-starting-tile")
    five_adventurer_extra_actions: bool = variant("secrets.setup.five-adventurer-extra-actions")
    alternative_infected: bool = variant("secrets.status.alt-infected-die")
    single_adventurer_rule: bool = variant("secrets.solo.single-adventurer-rule")
    #: secrets.setup.variant-fewer-action-tokens: Action tokens taken away from every Adventurer
    fewer_action_tokens: int = attrs.field(default=0, validator=_small_int(
        "secrets.setup.variant-fewer-action-tokens", 0, 12))
    #: ... and whether a reduction beyond the table's tokens leaves one (secrets.ambiguity.fewer-tokens-floor)
    fewer_tokens_floor: str | None = reading("secrets.ambiguity.fewer-tokens-floor", "at-least-one", "refused")
    #: secrets.setup.variant-adjust-audacity-companions: extra Audacity given (or taken) per Adventurer
    audacity_adjust: int = attrs.field(default=0, validator=_small_int(
        "secrets.setup.variant-adjust-audacity-companions", -5, 5))
    #: ... and extra random Companions given (or taken) per Adventurer
    companions_adjust: int = attrs.field(default=0, validator=_small_int(
        "secrets.setup.variant-adjust-audacity-companions", -5, 5))

    # Readings of the rulebook's open questions (catalog [[ambiguities]]) -----------------------------
    # set-up
    quetzalcoatl_tiles: str | None = reading("secrets.ambiguity.quetzalcoatl-hall-vs-descent", "two-tiles",
                                             "same-tile")
    soul_monger_location: str | None = reading("secrets.ambiguity.soul-monger-location", "entrance-always",
                                               "entrance-only-in-variant")
    lord_harrison: str | None = reading("secrets.ambiguity.lord-harrison-outside-solo", "forbidden", "advice")
    five_extra_action: str | None = reading("secrets.ambiguity.five-adventurer-extra-action", "extra-token",
                                            "one-time")
    extra_audacity: str | None = reading("secrets.ambiguity.extra-audacity-over-10", "capped",
                                         "uncapped-at-setup")
    attributes: str | None = reading("secrets.ambiguity.fixed-attributes", "printed-plus-tokens",
                                     "printed-plus-modifier")
    group_decisions: str | None = reading("secrets.ambiguity.group-decisions", "first-player",
                                          "expedition-leader")
    starting_cards: str | None = reading("secrets.ambiguity.starting-card-taken", "deck-or-discard", "deck-only")
    # the adventurers
    death_comet: str | None = reading("secrets.ambiguity.death-comet-once-or-twice", "once", "twice")
    death_possessions: str | None = reading("secrets.ambiguity.death-other-possessions", "items-rule-only",
                                            "shards-dropped")
    pick_up: str | None = reading("secrets.ambiguity.item-drop-pick-up-all", "choose-some", "all-by-non-fleeing")
    replacement_setup: str | None = reading("secrets.ambiguity.replacement-adventurer-setup", "sheet-only",
                                            "full-setup")
    replacement_timing: str | None = reading("secrets.ambiguity.replacement-timing", "immediately", "next-round")
    courage_range: str | None = reading("secrets.ambiguity.courage-beyond-range", "clamp", "overflow-tracked")
    courage_effects: str | None = reading("secrets.ambiguity.courage-effects-cumulative", "thresholds-stack",
                                          "per-arrival")
    flee_space: str | None = reading("secrets.ambiguity.minus-10-usually-flee", "sheet-decides",
                                     "always-minus-10")
    flee_first_move: str | None = reading("secrets.ambiguity.flee-first-move", "free-with-damage",
                                          "free-no-damage")
    fleeing_movement: str | None = reading("secrets.ambiguity.fleeing-movement", "damage-replaces-evasion",
                                           "must-stop", "may-stop-early")
    flee_damage: str | None = reading("secrets.ambiguity.flee-damage-rounding", "per-creature", "total")
    flee_from_entrance: str | None = reading("secrets.ambiguity.flee-from-entrance", "next-move", "immediately")
    fled_as_if_died: str | None = reading("secrets.ambiguity.fled-as-if-died", "one-advance-replace",
                                          "two-advances")
    fleeing_in_combat: str | None = reading("secrets.ambiguity.fleeing-in-tomb-phase-combat", "engaged-no-evade",
                                            "ignored")
    saved_items: str | None = reading("secrets.ambiguity.saved-adventurer-items", "stay-dropped", "returned")
    flee_no_path: str | None = reading("secrets.ambiguity.flee-no-path", "stuck", "fled")
    # dice
    forestall: str | None = reading("secrets.ambiguity.forestall-passes-on-4", "success-faces", "auto-pass")
    success_stack: str | None = reading("secrets.ambiguity.success-modifiers-stack", "no-stack", "stack")
    difficulty_zero: str | None = reading("secrets.ambiguity.difficulty-zero", "auto-pass", "minimum-1")
    audacity_check_pool: str | None = reading("secrets.ambiguity.audacity-check-pool", "after-spend",
                                              "before-spend")
    audacity_rolls: str | None = reading("secrets.ambiguity.audacity-on-non-check-rolls", "checks-only",
                                         "any-roll")
    audacity_floor: str | None = reading("secrets.ambiguity.audacity-floor", "floor-0", "negative")
    # the Adventurer Phase
    uneven_tokens: str | None = reading("secrets.ambiguity.turn-order-uneven-tokens", "skip-and-spend-all",
                                        "may-pass")
    evade_creatures: str | None = reading("secrets.ambiguity.evade-several-creatures", "per-creature",
                                          "per-room-hardest", "one-roll-each")
    evade_to_stop: str | None = reading("secrets.ambiguity.evade-to-stop", "only-to-continue", "on-every-entry")
    combat_target: str | None = reading("secrets.ambiguity.combat-action-target", "only-when-prompted",
                                        "any-target")
    trade_scope: str | None = reading("secrets.ambiguity.trade-scope", "example-list", "any-card")
    steal_loser: str | None = reading("secrets.ambiguity.steal-loser", "symmetric", "thief-only")
    steal_range: str | None = reading("secrets.ambiguity.steal-range-and-choice", "same-room-chosen",
                                      "any-range-random", "same-room-random",
                                      "any-range-chosen")
    drop_within_turn: str | None = reading("secrets.ambiguity.drop-within-turn", "before-action", "after-action-too")
    effect_damage_armor: str | None = reading("secrets.ambiguity.effect-damage-armor", "armor-cancels", "full-damage")
    repeated_search: str | None = reading("secrets.ambiguity.repeated-search", "unlimited", "once-per-room")
    barter: str | None = reading("secrets.ambiguity.soul-monger-deals-per-action", "any-number", "one-deal",
                                 "buy-only")
    sell_soul_monger_items: str | None = reading("secrets.ambiguity.sell-soul-monger-items", "sm-items-as-items",
                                                 "not-sellable")
    unsellable: str | None = reading("secrets.ambiguity.unsellable-set-aside", "scenario-only", "any-set-aside")
    rest_companions: str | None = reading("secrets.ambiguity.rest-companions", "instead-2-health", "in-addition")
    # the Tomb Phase
    nearest_adventurer: str | None = reading("secrets.ambiguity.nearest-adventurer", "legal-path", "same-level")
    creature_route: str | None = reading("secrets.ambiguity.creature-route-choice", "players-choose", "random")
    level_3_creatures: str | None = reading("secrets.ambiguity.level-3-creature-movement", "ropes-only-barred",
                                            "flying-only")
    combat_order: str | None = reading("secrets.ambiguity.tomb-phase-combat-order", "players-order-retarget",
                                       "fixed-targets")
    spawn_each_level: str | None = reading("secrets.ambiguity.spawn-each-level", "as-printed", "every-level")
    spawn_priority: str | None = reading("secrets.ambiguity.spawn-placement-priority",
                                         "red-adventurer-first-then-even", "any-adventurer-room",
                                         "adventurer-rooms-then-even")
    limit_scope: str | None = reading("secrets.ambiguity.creature-limit-scope", "all-base-elite-spawns",
                                      "tomb-card-only")
    limit_comet: str | None = reading("secrets.ambiguity.creature-limit-comet-count", "once-fill-in-level-order",
                                      "per-creature", "whole-card")
    limit_without_rooms: str | None = reading("secrets.ambiguity.limit-on-level-without-rooms", "no-spawn",
                                              "limit-first")
    comet_triggers: str | None = reading("secrets.ambiguity.comet-trigger-timing", "immediately", "upkeep-only",
                                         "landing-space-only")
    upkeep_order: str | None = reading("secrets.ambiguity.upkeep-check-order", "components-first", "scenario-first")
    refresh_timing: str | None = reading("secrets.ambiguity.refresh-timing", "at-upkeep", "at-end")
    tomb_order: str | None = reading("secrets.ambiguity.tomb-card-summary-order", "numbered-steps",
                                     "overview-order")
    comet_bounds: str | None = reading("secrets.ambiguity.comet-track-bounds", "clamp-scenario-end", "unbounded")
    loss_check: str | None = reading("secrets.ambiguity.loss-check-and-pool", "immediate-shared-pool",
                                     "end-of-round")
    deck_runs_out: str | None = reading("secrets.ambiguity.deck-runs-out", "reshuffle-discards", "no-card")
    marker_pass: str | None = reading("secrets.ambiguity.first-player-marker-skips", "skip-out-seats",
                                      "next-seat")
    # rooms and exploring
    stairs_of_blood: str | None = reading("secrets.ambiguity.rooms-stairs-of-blood-level-3", "one-way-up",
                                          "both-ways")
    adjacency_creatures: str | None = reading("secrets.ambiguity.rooms-adjacency-text-creatures", "creatures-too",
                                              "adventurers-only")
    place_named_tile: str | None = reading("secrets.ambiguity.rooms-place-named-tile-where", "any-legal-space",
                                           "stack-only")
    run_out_of_tiles: str | None = reading("secrets.ambiguity.explore-run-out-of-tiles", "reshuffle-first",
                                           "stack-only")
    sealed_level: str | None = reading("secrets.ambiguity.explore-sealed-level", "no-open-door-then-nowhere",
                                       "no-open-door-then-place")
    nowhere_level_3: str | None = reading("secrets.ambiguity.explore-door-to-nowhere-level-3", "lose-4-any-level",
                                          "no-effect-on-level-3")
    nowhere_voluntary: str | None = reading("secrets.ambiguity.explore-door-to-nowhere-voluntary",
                                            "per-level-open-edge", "global-any-door")
    effect_order: str | None = reading("secrets.ambiguity.explore-effect-order", "exploration-trap-scenario-story",
                                       "scenario-first")
    explore_ends_move: str | None = reading("secrets.ambiguity.explore-ends-move", "ends-move", "continue")
    scenario_reentry: str | None = reading("secrets.ambiguity.rooms-scenario-effect-reentry", "explore-only",
                                           "every-entry")
    trap_tokens: str | None = reading("secrets.ambiguity.rooms-trap-subsequent-tokens", "remove-each-time",
                                      "remove-only-on-explore")
    trap_halt: str | None = reading("secrets.ambiguity.rooms-trap-halt", "every-entry-continue",
                                    "only-when-stopping")
    action_effect: str | None = reading("secrets.ambiguity.rooms-action-effect-timing", "is-the-action",
                                        "extra-action")
    artifact_check: str | None = reading("secrets.ambiguity.artifacts-room-check", "printed-on-tile",
                                         "default-check")
    artifact_creatures: str | None = reading("secrets.ambiguity.artifacts-room-creatures", "separate-action",
                                             "is-a-search")
    artifact_once: str | None = reading("secrets.ambiguity.artifacts-room-once-per-adventurer", "per-adventurer",
                                        "per-player")
    artifact_in_play: str | None = reading("secrets.ambiguity.artifacts-room-in-play", "outside-deck",
                                           "held-or-discarded")
    rope_placement: str | None = reading("secrets.ambiguity.rooms-rope-placement", "rope-room-two-tokens",
                                         "any-level-2-room")
    rope_network: str | None = reading("secrets.ambiguity.rooms-rope-network", "to-mongols-hall-only",
                                       "all-roped-rooms")
    level_3_access: str | None = reading("secrets.ambiguity.rooms-level-3-access-list", "four-tiles-plus-special",
                                         "exclusive")
    pitfall: str | None = reading("secrets.ambiguity.rooms-pitfall-before-rope", "no-connection", "fall-down")
    mineshaft: str | None = reading("secrets.ambiguity.rooms-mineshaft-climb", "stay-on-fail-down-only",
                                    "both-ways-with-check")
    arc_portal: str | None = reading("secrets.ambiguity.rooms-arc-portal-travel", "one-way-no-evade-traps-trigger",
                                     "counts-as-move")
    minus_cards: str | None = reading("secrets.ambiguity.rooms-minus-card-choice", "owner-chooses", "random")
    search_spawn: str | None = reading("secrets.ambiguity.reference-search-spawn-location", "searchers-room",
                                       "red-rooms-on-level")
    search_story: str | None = reading("secrets.ambiguity.reference-search-story-results", "draw-story-card",
                                       "no-story")
    search_artifact: str | None = reading("secrets.ambiguity.reference-search-artifact-wording", "both-draw",
                                          "take-chooses")
    search_chart: str | None = reading("secrets.ambiguity.reference-search-danger-not-monotone", "table-governs",
                                       "misprint")
    # creatures
    swarm_carryover: str | None = reading("secrets.ambiguity.creatures-swarm-damage-carryover", "carries-over",
                                          "resets")
    swarm_rating: str | None = reading("secrets.ambiguity.creatures-swarm-combat-rating", "tokens-replace-printed",
                                       "printed-plus-tokens")
    boss_link: str | None = reading("secrets.ambiguity.creatures-boss-hall-link", "two-way-same-tile", "one-way")
    death_threshold: str | None = reading("secrets.ambiguity.creatures-death-threshold", "equal-kills",
                                          "exceed-kills")
    # combat
    phase_differences: str | None = reading("secrets.ambiguity.combat-phase-differences", "both-differences",
                                            "outnumber-only")
    courage_once: str | None = reading("secrets.ambiguity.combat-courage-once", "once-per-pair", "once-per-name",
                                       "evade-extra")
    evade_destination: str | None = reading("secrets.ambiguity.combat-evade-destination",
                                            "placed-room-any-adjacency", "door-only")
    two_weapons: str | None = reading("secrets.ambiguity.combat-two-weapons-attribute", "once", "per-weapon")
    armor_items: str | None = reading("secrets.ambiguity.combat-armor-items", "worn-slots-plus-passive",
                                      "worn-only")
    outnumber_count: str | None = reading("secrets.ambiguity.combat-outnumber-count", "all-in-room", "allies-only")
    other_room: str | None = reading("secrets.ambiguity.combat-other-room", "same-room-only", "ranged-weapons")
    success_faces: str | None = reading("secrets.ambiguity.combat-success-faces", "threshold-shifts",
                                        "literal-faces")
    critical_symbol: str | None = reading("secrets.ambiguity.combat-critical-failure-summary",
                                          "body-symbol-required", "summary-any-ability")
    critical_redirected: str | None = reading("secrets.ambiguity.combat-critical-failure-redirected",
                                              "damage-dealt-counts", "adventurer-health-only")
    simultaneous: str | None = reading("secrets.ambiguity.combat-simultaneous-damage", "simultaneous",
                                       "sequential")
    soul_shards_room: str | None = reading("secrets.ambiguity.combat-soul-shards-room", "creature-room-dealer",
                                           "combat-only")
    area_combat: str | None = reading("secrets.ambiguity.combat-area-combat", "per-target-checks", "single-check")
    cvc_dice: str | None = reading("secrets.ambiguity.combat-cvc-dice-count", "seven", "six")
    cvc_outnumber: str | None = reading("secrets.ambiguity.combat-cvc-outnumber", "never", "as-normal")
    cvc_rewards: str | None = reading("secrets.ambiguity.combat-cvc-rewards", "controller-anywhere-room-courage",
                                      "as-if-killer")
    cvc_defence: str | None = reading("secrets.ambiguity.combat-cvc-control", "card-effects-successes-defend",
                                      "rating-defends")
    ava_details: str | None = reading("secrets.ambiguity.combat-ava-details", "defender-chooses-armor-as-creature",
                                      "no-defender-armor")
    ava_evasion: str | None = reading("secrets.ambiguity.combat-ava-evasion-rating", "evading-adventurers",
                                      "unused")
    critical_order: str | None = reading("secrets.ambiguity.reference-critical-failure-order", "body-order",
                                         "reference-order-dead-no-trigger", "reference-order-still-triggers")
    total_successes: str | None = reading("secrets.ambiguity.reference-total-successes", "body", "fives-only")
    audacity_twice: str | None = reading("secrets.ambiguity.reference-audacity-twice", "two-uses", "one-decision")
    courage_flee_combat: str | None = reading("secrets.ambiguity.reference-lose-courage-flee", "flee-ends-combat",
                                              "fight-then-flee")
    evade_courage: str | None = reading("secrets.ambiguity.reference-evade-courage", "body", "reference")
    creature_upkeep: str | None = reading("secrets.ambiguity.reference-upkeep-creatures", "creature-card-upkeep",
                                          "no-creature-upkeep")
    rest_caps: str | None = reading("secrets.ambiguity.reference-rest-caps", "body-caps",
                                    "reference-uncapped-courage")
    # items, companions, status effects
    exhausted_reuse: str | None = reading("secrets.ambiguity.items-exhausted-reuse", "unusable-until-refresh",
                                          "usable")
    upkeep_check: str | None = reading("secrets.ambiguity.weapons-upkeep-check", "card-text", "standard-check")
    requirement: str | None = reading("secrets.ambiguity.items-attribute-requirement", "current-score",
                                      "printed-score")
    companions_healing: str | None = reading("secrets.ambiguity.companions-healing", "rest-only", "as-adventurer")
    redirect: str | None = reading("secrets.ambiguity.companions-redirect", "any-portion-capped",
                                   "all-or-nothing-lost", "any-portion-lost")
    companions_like_items: str | None = reading("secrets.ambiguity.companions-like-items", "items-except-listed",
                                                "fully-items")
    passive_bonus: str | None = reading("secrets.ambiguity.weapons-passive-combat-bonus", "combat-bonus-not-passive",
                                        "all-bonuses-passive")
    limited_uses_end: str | None = reading("secrets.ambiguity.items-limited-uses-end", "discard", "keep-unusable")
    status_same_type: str | None = reading("secrets.ambiguity.status-same-type-different", "replace", "keep-old",
                                           "player-chooses")
    status_rest: str | None = reading("secrets.ambiguity.status-rest-removal", "rest-option-no-precondition",
                                      "rest-with-preconditions")
    traitor_play: str | None = reading("secrets.ambiguity.status-traitor-play", "normal-turns-excluded",
                                       "counts-as-team")
    alt_infected: str | None = reading("secrets.ambiguity.status-alt-infected", "normal-death-random-elite",
                                       "no-death-penalties")
    status_substitute: str | None = reading("secrets.ambiguity.status-substitute-choice", "random-then-rules",
                                            "player-chooses")
    # the Soul Monger
    heal_service: str | None = reading("secrets.ambiguity.reference-soul-monger-heal-service", "one-service",
                                       "two-services")
    attribute_services: str | None = reading("secrets.ambiguity.reference-soul-monger-attribute-services",
                                             "audacity-at-10-wasted", "permanent-stackable", "once-each")
    master_of_time: str | None = reading("secrets.ambiguity.reference-soul-monger-master-of-time", "status-card",
                                         "permanent-token", "one-action")
    courage_service: str | None = reading("secrets.ambiguity.reference-soul-monger-courage-service", "raise-only",
                                          "set")
    capped_services: str | None = reading("secrets.ambiguity.reference-soul-monger-capped-services", "wasted",
                                          "refused")
    service_recipient: str | None = reading("secrets.ambiguity.reference-soul-monger-service-recipient",
                                            "self-only", "any-adventurer-in-room", "any-adventurer")
    stock: str | None = reading("secrets.ambiguity.reference-soul-monger-stock", "limited-by-components",
                                "unlimited")
    remove_status: str | None = reading("secrets.ambiguity.reference-soul-monger-remove-status", "one-of-choice",
                                        "all")
    # scenarios and solo play
    nth_time: str | None = reading("secrets.ambiguity.scenarios-nth-time", "nothing-after-per-trigger",
                                   "repeat-last")
    symbol_order: str | None = reading("secrets.ambiguity.symbol-triggers-order", "last-listed-first",
                                       "listed-order", "symbol-order")
    win_and_lose: str | None = reading("secrets.ambiguity.scenarios-win-and-lose", "lose-first", "win-first")
    harrison_save: str | None = reading("secrets.ambiguity.solo-lord-harrison-save", "any-cause-stay",
                                        "automatic-only")
    solo_companions: str | None = reading("secrets.ambiguity.solo-companions-random", "random", "own-host")


def reading_options() -> dict[str, str]:
    """Option name -> the ambiguity it settles (every switchable reading)."""
    from ..options import settles

    return settles(SecretsOptions)


def read(options: Any, name: str) -> str:
    """:func:`tombspec.model.options.read` for the rules of this game: a reading of plain options
    (not behind a view) that is set and not being counted is their attribute, read without the
    unwrapping; anything else (a view, an unset reading raising ``Unspecified``, counting) is
    ``options.read`` itself."""
    if type(options) is SecretsOptions and not _counters:
        value = getattr(options, name)
        if value is not None:
            return value
    return _read(options, name)


from ..options import _counters, read as _read  # noqa: E402

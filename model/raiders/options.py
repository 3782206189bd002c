"""The options of Raiders of the Lost Tomb: the Advanced Rules, and one reading per ambiguity.

Every ambiguity of the catalog is a reading here, except those whose catalog note says why the model
cannot act on it (more players, the coin count).  ``None`` leaves a reading unset: the model then
raises ``Unspecified`` where the question arises.
"""

from __future__ import annotations

import attrs

from ..options import reading, variant

TURN_START_ORDERS = ("escape-attack-encounter", "escape-encounter-attack", "attack-escape-encounter",
                     "attack-encounter-escape", "encounter-escape-attack", "encounter-attack-escape")


@attrs.frozen
class RaidersOptions:
    # Advanced Rules (off in the standard game)
    special_tiles: bool = variant("raiders.advanced.special-tiles")
    audacity_advanced: bool = variant("raiders.advanced.audacity-advanced")

    # Readings of the rulebook's open questions (catalog [[ambiguities]])
    five_or_six: str | None = reading("raiders.ambiguity.five-or-six", "either-number", "heads-only")
    natural_six: str | None = reading("raiders.ambiguity.natural-six-pennies", "six-pennies", "all-pennies",
                                      "own-pennies")
    penny_cap: str | None = reading("raiders.ambiguity.penny-cap", "six", "no-cap")
    audacity_cap: str | None = reading("raiders.ambiguity.audacity-cap", "no-cap", "shared-six")
    grail_holder_killed: str | None = reading("raiders.ambiguity.grail-holder-killed", "survivor-gains",
                                              "nobody-wins", "dropped")
    encounter_free_entry: str | None = reading("raiders.ambiguity.encounter-free-entry", "any-roll",
                                               "successful-roll")
    failing_a_move_roll: str | None = reading("raiders.ambiguity.failing-a-move-roll", "not-moving",
                                              "no-match")
    back_one_full_tile: str | None = reading("raiders.ambiguity.back-one-full-tile",
                                             "previous-tile-adjacent", "next-tile-adjacent")
    boss_encounter_chain: str | None = reading("raiders.ambiguity.boss-encounter-chain", "chain-ahead",
                                               "one-room", "chain-any-direction")
    boss_number: str | None = reading("raiders.ambiguity.boss-number-with-audacity", "raw-roll",
                                      "altered-roll")
    escape_tile_or_space: str | None = reading("raiders.ambiguity.escape-tile-or-space", "escape-space",
                                               "escape-tile")
    shared_start_space: str | None = reading("raiders.ambiguity.shared-start-space", "attack-applies",
                                             "start-exempt")
    grail_gain_kills: str | None = reading("raiders.ambiguity.grail-gain-kills", "killed", "floor-one")
    audacity_advanced_attack: str | None = reading("raiders.ambiguity.audacity-advanced-attack",
                                                   "before-roll-defender-first", "after-roll-as-standard")
    black_tile: str | None = reading("raiders.ambiguity.black-tile-any-face", "either-face-no-audacity",
                                     "any-number")
    portal_second_visit: str | None = reading("raiders.ambiguity.portal-second-visit", "enter-without-use",
                                              "no-entry")
    start_escape_numbers: str | None = reading("raiders.ambiguity.start-escape-numbers", "any-roll",
                                               "printed-number")
    ahead_behind: str | None = reading("raiders.ambiguity.ahead-behind", "escape-distance", "tile-order",
                                         "straight-line")
    grail_player_labels: str | None = reading("raiders.ambiguity.grail-player-labels", "after-grail",
                                              "starting-values")
    encounter_roll_timing: str | None = reading("raiders.ambiguity.encounter-roll-timing", "next-turn",
                                                "same-turn")
    forced_move_choice: str | None = reading("raiders.ambiguity.forced-move-choice", "player-chooses",
                                             "nearest-escape")
    boss_tie_break: str | None = reading("raiders.ambiguity.boss-tie-break", "board-order",
                                         "current-player-chooses", "other-player-chooses")
    back_one_tile: str | None = reading("raiders.ambiguity.back-one-tile", "one-space", "one-card-tile")
    trapped_after_fail: str | None = reading("raiders.ambiguity.trapped-after-fail", "released",
                                             "still-trapped")
    attack_audacity_target: str | None = reading("raiders.ambiguity.attack-audacity-target", "own-heads",
                                                 "either-roll")
    large_or_extra_large: str | None = reading("raiders.ambiguity.large-or-extra-large", "one-rule",
                                               "touch-two-or-one")
    useless_audacity: str | None = reading("raiders.ambiguity.useless-audacity", "allowed", "refused")
    natural_six_yellow_red: str | None = reading("raiders.ambiguity.natural-six-yellow-red", "any-space",
                                                 "heads-only")
    yellow_red_encounter_rooms: str | None = reading("raiders.ambiguity.yellow-red-encounter-rooms",
                                                     "free-entry", "by-heads")
    black_tile_encounter_audacity: str | None = reading("raiders.ambiguity.black-tile-encounter-audacity",
                                                        "moving-only", "every-roll")
    black_tile_boosted_roll: str | None = reading("raiders.ambiguity.black-tile-boosted-roll",
                                                  "no-boosted-entry", "boost-allowed")
    spawn_traps: str | None = reading("raiders.ambiguity.spawn-traps", "spawn-traps", "only-moves-trap")
    turn_start_order: str | None = reading("raiders.ambiguity.turn-start-order", *TURN_START_ORDERS)
    boss_no_nearer_step: str | None = reading("raiders.ambiguity.boss-no-nearer-step", "still-moves", "stays")
    malfunction_first_tile: str | None = reading("raiders.ambiguity.malfunction-first-tile", "start-space",
                                                 "stays")
    portal_success_stay: str | None = reading("raiders.ambiguity.portal-success-stay", "may-stay", "other-portal")
    escape_pass_space: str | None = reading("raiders.ambiguity.escape-pass-any-space", "adjacent-ahead",
                                            "any-space-ahead")
    boss_after_a_kill: str | None = reading("raiders.ambiguity.boss-after-a-kill", "no-move", "still-moves")
    move_audacity: str | None = reading("raiders.ambiguity.move-audacity-beyond-need", "exactly-needed",
                                        "at-least-needed")
    rest_without_lost_penny: str | None = reading("raiders.ambiguity.rest-without-lost-penny", "refused",
                                                  "skip-turn")
    monster_fail_audacity: str | None = reading("raiders.ambiguity.monster-fail-without-audacity",
                                                "nothing-lost", "owed")
    raider_onto_boss: str | None = reading("raiders.ambiguity.raider-onto-boss", "boss-moves-only",
                                           "sharing-traps")

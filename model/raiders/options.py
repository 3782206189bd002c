"""The options of Raiders of the Lost Tomb: the Advanced Rules, and one reading per ambiguity."""

from __future__ import annotations

import attrs

from ..options import reading, variant


@attrs.frozen
class RaidersOptions:
    # Advanced Rules (off in the standard game)
    special_tiles: bool = variant("raiders.advanced.special-tiles")
    audacity_advanced: bool = variant("raiders.advanced.audacity-advanced")

    # Readings of the rulebook's open questions (catalog [[ambiguities]])
    five_or_six: str | None = reading("raiders.ambiguity.five-or-six", "either-number", "heads-only")
    natural_six: str | None = reading("raiders.ambiguity.natural-six-pennies", "six-pennies", "all-pennies")
    penny_cap: str | None = reading("raiders.ambiguity.penny-cap", "six", "no-cap")
    audacity_cap: str | None = reading("raiders.ambiguity.audacity-cap", "no-cap", "shared-six")
    grail_holder_killed: str | None = reading("raiders.ambiguity.grail-holder-killed", "survivor-gains",
                                              "nobody-wins")
    encounter_free_entry: str | None = reading("raiders.ambiguity.encounter-free-entry", "any-roll",
                                               "successful-roll")
    failing_a_move_roll: str | None = reading("raiders.ambiguity.failing-a-move-roll", "not-moving",
                                              "no-match")
    back_one_full_tile: str | None = reading("raiders.ambiguity.back-one-full-tile",
                                             "previous-tile-adjacent", "next-tile-adjacent")
    boss_encounter_chain: str | None = reading("raiders.ambiguity.boss-encounter-chain", "chain-ahead",
                                               "one-room")
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

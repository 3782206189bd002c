"""The options of Monsters of Egypt: the mode and the seats, and one reading per ambiguity of the catalog.

Every ``reading`` names the catalog ambiguity it settles; its first value is the catalog's default (a
test keeps them in step).  Where only the default is listed, the catalog's ``note`` says why the model
cannot act on the other readings.
"""

from __future__ import annotations

from typing import Any

import attrs

from .. import options as _shared
from ..options import reading, variant
from ..ruleset import check_players
from tombspec.spec.errors import InvalidInput

PLAYER_COUNTS = (1, 6)   # solo; up to five heroes, and six with the spirit of the tomb


def _players(instance: Any, attribute: attrs.Attribute, value: Any) -> None:
    check_players(value, PLAYER_COUNTS, "egypt.setup.choose-heroes")


def _solo_heroes(instance: Any, attribute: attrs.Attribute, value: Any) -> None:
    if type(value) is not int or not 1 <= value <= 5:
        raise InvalidInput(f"egypt.solo.heroes: solo mode takes 1 to 5 heroes (5 hero boards), not {value!r}",
                           source="<options>")


def _spirit_position(instance: Any, attribute: attrs.Attribute, value: Any) -> None:
    if value is not None and (type(value) is not int or not 0 <= value <= 4):
        raise InvalidInput(f"egypt.ambiguity.spirit-seat: spirit_position is the number of heroes' turns before "
                           f"the spirit's (0 to 4), not {value!r}", source="<options>")


def A(name: str) -> str:
    return f"egypt.ambiguity.{name}"


@attrs.frozen
class EgyptOptions:
    # The mode and the seats ------------------------------------------------------------------------
    players: int = attrs.field(default=2, validator=_players)
    escape: bool = variant("egypt.setup.escape-mode")         # Escape mode (the purple side)
    pursuit: bool = variant("egypt.modes.pursuit")            # the last player is the spirit of the tomb
    solo_heroes: int = attrs.field(default=2, validator=_solo_heroes)   # solo mode (players = 1)
    # the spirit of the tomb's place in the turn order (egypt.ambiguity.spirit-seat = at-its-seat): how many
    # heroes' turns come before it in a round, from the first player (the youngest); unset: after them all
    spirit_position: int | None = attrs.field(default=None, validator=_spirit_position)

    # Readings of the rulebook's open questions (catalog [[ambiguities]]) --------------------------
    die_faces: str | None = reading(A("die-faces"), "five-equal", "attack-twice", "melee-ranged-twice",
                                    "melee-twice")
    life_token_count: str | None = reading(A("life-token-count"), "spares")
    pharaoh_tokens_set_aside: str | None = reading(A("pharaoh-tokens-set-aside"), "from-supply", "from-discards")
    boulder_space: str | None = reading(A("boulder-space"), "board-marked", "top-left")
    hero_token_center: str | None = reading(A("hero-token-center"), "hero-board")
    starting_items: str | None = reading(A("starting-items"), "ladder-bomb-plus-alternatives", "varies")
    crystal_or_ladder_hint: str | None = reading(A("crystal-or-ladder-hint"), "first-player-swap")
    first_turn_entry_cost: str | None = reading(A("first-turn-entry-cost"), "free-entry", "entry-is-turn",
                                                "entry-costs-one")
    neighboring_scope: str | None = reading(A("neighboring-scope"), "left-right-and-caves", "left-right-only",
                                            "orthogonal")
    floor_two_meanings: str | None = reading(A("floor-two-meanings"), "context")
    fall_through_tokens: str | None = reading(A("fall-through-tokens"), "landing-only")
    pick_up_cost: str | None = reading(A("pick-up-cost"), "free", "costs-one")
    exchange_timing: str | None = reading(A("exchange-timing"), "either-turn-free")
    ladder_sideways: str | None = reading(A("ladder-sideways"), "sideways-allowed", "no-fall-from-ladder")
    cave_without_floor: str | None = reading(A("cave-without-floor"), "falls-as-usual", "cave-holds")
    leaving_the_tomb: str | None = reading(A("leaving-the-tomb"), "move-out", "escaped-play-monsters")
    escape_before_crystal: str | None = reading(A("escape-before-crystal"), "any-time", "after-crystal")
    who_wins: str | None = reading(A("who-wins"), "escaped-players-win", "team")
    keys_destroyed_end: str | None = reading(A("keys-destroyed-end"), "immediate-loss", "any-two-gone")
    once_per_turn_window: str | None = reading(A("once-per-turn-window"), "own-round", "each-turn")
    item_use_cost: str | None = reading(A("item-use-cost"), "free-any-time-on-turn", "teleport-costs")
    teleporter_path: str | None = reading(A("teleporter-path"), "straight-orthogonal", "two-steps")
    jetpack_scope: str | None = reading(A("jetpack-scope"), "whole-turn", "one-movement")
    hook_targets: str | None = reading(A("hook-targets"), "chest-hazard-hero", "any-token")
    remote_reveal_trap: str | None = reading(A("remote-reveal-trap"), "stays-revealed", "spike-button-fires",
                                             "always-fires")
    own_space_vs_neighboring: str | None = reading(A("own-space-vs-neighboring"), "both", "as-written")
    extinguisher_consumed_by_fire: str | None = reading(A("extinguisher-consumed-by-fire"), "discarded", "kept",
                                                         "auto-discarded")
    spiked_boots_combat: str | None = reading(A("spiked-boots-combat"), "destroyed-no-combat", "combat-first")
    pharaoh_non_weapon_harm: str | None = reading(A("pharaoh-non-weapon-harm"), "heroes-not-traps",
                                                  "weapons-only")
    pharaoh_monster_turn: str | None = reading(A("pharaoh-monster-turn"), "roll-or-normal", "roll-only",
                                               "rests-after-roll")
    monster_turn_combat: str | None = reading(A("monster-turn-combat"), "hero-player-fights")
    several_heroes_one_monster: str | None = reading(A("several-heroes-one-monster"), "each-in-turn-order")
    monster_movement_up_to: str | None = reading(A("monster-movement-up-to"), "up-to", "exact")
    twice_in_a_row: str | None = reading(A("twice-in-a-row"), "consecutive-monster-turns", "adjacent-turns-only",
                                         "own-turns")
    no_monster_action: str | None = reading(A("no-monster-action"), "pass")
    monster_onto_tokens: str | None = reading(A("monster-onto-tokens"), "stack-on-top", "empty-or-hero")
    activatable_traps: str | None = reading(A("activatable-traps"), "board-wide", "all")
    may_or_must_play_monsters: str | None = reading(A("may-or-must-play-monsters"), "must", "may")
    dead_hero_stack: str | None = reading(A("dead-hero-stack"), "reveal-all", "one-by-one")
    ghost_end_position: str | None = reading(A("ghost-end-position"), "ends-like-flyer", "floats", "no-wall-floats")
    golem_melee_ranged: str | None = reading(A("golem-melee-ranged"), "melee-ranged-works", "needs-ranged")
    melee_with_ranged_only: str | None = reading(A("melee-with-ranged-only"), "nothing-then-continue",
                                                 "reroll-immediately")
    retreat_zero: str | None = reading(A("retreat-zero"), "must-leave", "zero-allowed")
    retreat_new_fight: str | None = reading(A("retreat-new-fight"), "normal-rules", "no-reveal")
    cobra_vest: str | None = reading(A("cobra-vest"), "one-of-three", "lethal", "all")
    genie_burn_timing: str | None = reading(A("genie-burn-timing"), "end-of-combat", "each-roll")
    item_icons: str | None = reading(A("item-icons"), "stated-only", "token-data")
    weapon_types: str | None = reading(A("weapon-types"), "parameter", "by-nature")
    monster_types_and_movements: str | None = reading(A("monster-types-and-movements"), "parameter",
                                                      "bat-for-all")
    bat_winged: str | None = reading(A("bat-winged"), "winged", "separate")
    roller_skates: str | None = reading(A("roller-skates"), "escape-combat", "not-in-game")
    token_mix: str | None = reading(A("token-mix"), "parameter", "leftovers")
    arrows_chest: str | None = reading(A("arrows-chest"), "revealed-stop", "nothing")
    crack_reinforced: str | None = reading(A("crack-reinforced"), "reinforced-holds", "crack-beats-all")
    rubble_meaning: str | None = reading(A("rubble-meaning"), "per-destroyed-part", "everything")
    bomb_both_effects: str | None = reading(A("bomb-both-effects"), "any-targets-one-token", "same-space")
    flamethrower_discard: str | None = reading(A("flamethrower-discard"), "one-use-to-box", "to-board")
    portal_gun: str | None = reading(A("portal-gun"), "straight-ends-combat", "immediate")
    crystal_save_dying: str | None = reading(A("crystal-save-dying"), "saves", "others-only")
    ceiling_example_floor: str | None = reading(A("ceiling-example-floor"), "same-floor")
    quickref_ceiling_schedule: str | None = reading(A("quickref-ceiling-schedule"), "body", "quickref")
    quickref_ceiling_floor: str | None = reading(A("quickref-ceiling-floor"), "body")
    quickref_monster_lives: str | None = reading(A("quickref-monster-lives"), "body")
    quickref_colors_icon: str | None = reading(A("quickref-colors-icon"), "cosmetic")
    ceiling_first_player_gone: str | None = reading(A("ceiling-first-player-gone"), "every-round", "token-passes",
                                                     "own-turns-only")
    ceiling_crystal_carried: str | None = reading(A("ceiling-crystal-carried"), "drop-then-destroy",
                                                  "all-destroyed")
    rumble_in_escape: str | None = reading(A("rumble-in-escape"), "extra-step", "next-drop-early")
    spirit_reveals_first: str | None = reading(A("spirit-reveals-first"), "forced-reveal")
    solo_details: str | None = reading(A("solo-details"), "drop-tokens", "remove-all")
    key_arrival: str | None = reading(A("key-arrival"), "carried-on-space", "arrival-only")
    slot_contents: str | None = reading(A("slot-contents"), "every-token", "weapons-separate")
    discard_destination: str | None = reading(A("discard-destination"), "by-cause", "always-board")
    spike_trap_parts: str | None = reading(A("spike-trap-parts"), "either-part", "floor-only")
    # Ambiguities the model found (added to the catalog by this model)
    door_as_wall: str | None = reading(A("door-as-wall"), "solid", "ghost-passes")
    spirit_seat: str | None = reading(A("spirit-seat"), "at-its-seat", "after-heroes", "before-heroes")
    after_combat: str | None = reading(A("after-combat"), "turn-ends", "items-still")
    combat_items: str | None = reading(A("combat-items"), "combat-effects")
    combat_apart: str | None = reading(A("combat-apart"), "over")
    under_monster_reveal: str | None = reading(A("under-monster-reveal"), "revealed", "stay-face-down")
    trap_hits_stack: str | None = reading(A("trap-hits-stack"), "whole-space", "top-token")
    trap_victim_stack: str | None = reading(A("trap-victim-stack"), "revealed", "face-down")
    rubble_supply: str | None = reading(A("rubble-supply"), "unlimited", "twenty-two")
    crystal_any_time: str | None = reading(A("crystal-any-time"), "holder-decisions")
    ceiling_no_space_below: str | None = reading(A("ceiling-no-space-below"), "lowest-floor", "destroyed")
    ceiling_drop_hero_tokens: str | None = reading(A("ceiling-drop-hero-tokens"), "piles-only", "heroes-count")
    no_way_in: str | None = reading(A("no-way-in"), "dies")
    stuck_hero: str | None = reading(A("stuck-hero"), "give-up", "endless")
    end_turn_sentence: str | None = reading(A("end-turn-sentence"), "captions")   # read as captions: a turn ends by choice

    def __attrs_post_init__(self) -> None:
        if self.pursuit and self.players < 2:
            raise InvalidInput("egypt.modes.pursuit: the spirit of the tomb needs at least one other player",
                               source="<options>")
        if self.spirit_position is not None:
            heroes = self.players - 1
            if not (self.players == 6 or self.pursuit):
                raise InvalidInput("egypt.ambiguity.spirit-seat: spirit_position needs a spirit of the tomb "
                                   "(six players, or pursuit mode)", source="<options>")
            if self.spirit_seat not in (None, "at-its-seat"):
                raise InvalidInput(f"egypt.ambiguity.spirit-seat: spirit_position places the spirit at its seat "
                                   f"(reading at-its-seat), not under {self.spirit_seat}", source="<options>")
            if self.spirit_position > heroes:
                raise InvalidInput(f"egypt.ambiguity.spirit-seat: spirit_position {self.spirit_position} is past "
                                   f"the last of the {heroes} heroes", source="<options>")


_COUNTERS = _shared._counters     # the shared list of read counters (changed in place, never replaced)


def read(options: Any, name: str) -> str:
    """:func:`tombspec.model.options.read`: the reading chosen for option ``name``.  Plain options
    read while no reads are being counted are one attribute; anything else (an unset reading, a
    view, counted reads) goes through the shared ``read``, which answers as ever."""
    if type(options) is EgyptOptions and not _COUNTERS:
        value = getattr(options, name)
        if value is not None:
            return value
    return _shared.read(options, name)

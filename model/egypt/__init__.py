"""Monsters of Egypt: the reference model.

>>> from tombspec.model.egypt import Egypt
>>> rs = Egypt()
>>> s = rs.initial_state()
>>> rs.pending(s).what, len(rs.deal_spaces)          # 29 chests and 26 hazards to deal face down
('chest tokens', 55)
>>> [t.name for t in s.heroes[0].items]              # the starting items on the hero board
['Ladder', 'Bomb']
"""

from __future__ import annotations

import zlib
from functools import cache, cached_property
from pathlib import Path
from typing import Any


from .. import codec
from ..chance import Outcomes
from ..errors import InvalidInput
from ..options import given, options_from_data
from ..ruleset import Pending, Ruleset
from . import invariants
from .actions import ACTION_TYPES, Die
from .board import BoardSet, boardset_from_data, load_set, shipped_set, shipped_sets
from .components import WEAPON_BY_NATURE, TokenKind
from .dice import egypt_die
from .options import PLAYER_COUNTS, EgyptOptions, read
from .rules import combat, escape, hazards, hero, items, modes, monster_turn, tomb, turn, victory
from .rules.setup import initial_state
from .judgement import Judgement
from .state import EgyptState, Token, evolve

GAME = "egypt"


@cache
def _die(layout: str) -> Outcomes:
    """The die of one face layout (a reading of ``egypt.ambiguity.die-faces``), built once."""
    return Outcomes([(Die(r), p) for r, p in egypt_die(layout)])


class Egypt(Judgement, Ruleset):
    """The ruleset of Monsters of Egypt on one set of components with one set of options."""

    game = GAME
    state_type = EgyptState
    options_type = EgyptOptions
    action_types = ACTION_TYPES
    player_counts = PLAYER_COUNTS

    def __init__(self, options: EgyptOptions | dict[str, Any] | None = None,
                 board: BoardSet | dict[str, Any] | str | Path | None = None):
        if not isinstance(options, EgyptOptions):
            options = options_from_data(EgyptOptions, options)
        self.options = options
        if board is None:
            board = shipped_set("standard")
        elif isinstance(board, dict):
            board = boardset_from_data(board, source="<set data>")
        elif isinstance(board, str) and board in shipped_sets():
            board = shipped_set(board)
        elif not isinstance(board, BoardSet):
            board = load_set(board)
        self.boardset = board
        self.components = board.components
        self.board = board.side("purple" if options.escape else "orange")
        self.seats = modes.seats(options)
        self.solo = options.players == 1
        self._check_set()
        self.deal_spaces = tuple((sp, "chest") for sp in self.board.chest_spaces[:self._dealt("chest")]) + \
            tuple((sp, "hazard") for sp in self.board.hazard_spaces[:self._dealt("hazard")])
        self.crystal_name = self.components.named("crystal")[0]
        self.passed: Any = None
        self.last_pending: Any = None
        self.last_legal: Any = None
        self.crystal_kept: bool | None = None

    #: caches kept on the ruleset, each one tuple replaced at a time and holding its state (so compared by
    #: identity), rebuilt on demand: left out when the ruleset is pickled (to a worker process), empty
    #: after.  ``passed``: the last state on which every invariant held, with its terrain
    #: (``invariants.py``); ``last_pending``, ``last_legal``: the last answers of ``pending`` and ``legal``;
    #: ``crystal_kept``: whether the readings keep the crystal in the game (``invariants.py``)
    CACHES = ("passed", "last_pending", "last_legal", "crystal_kept")

    @property
    def die(self) -> Outcomes:
        """The combat die, its faces by ``egypt.ambiguity.die-faces``: read when a die is rolled, so that
        with the option unset the game plays until its first roll, which is then unspecified."""
        return _die(read(self.options, "die_faces"))

    def _dealt(self, back: str) -> int:
        spaces = len(self.board.chest_spaces if back == "chest" else self.board.hazard_spaces)
        tokens = sum(self.components.of_back(back).values()) - (1 if back == "chest" and self.options.escape else 0)
        return min(spaces, tokens)

    def _check_set(self) -> None:
        """egypt.ambiguity.token-mix, reading ``parameter``: one token for every marked space, every token
        dealt; ``leftovers``: more tokens than spaces, the rest set aside."""
        comps, source = self.components, self.boardset.source
        heroes = modes.hero_count(self.options)
        if len(comps.heroes) < heroes:
            raise InvalidInput(f"{heroes} heroes need {heroes} hero sets; set {self.boardset.name!r} has "
                               f"{len(comps.heroes)}", source=source)
        for back, spaces in (("chest", self.board.chest_spaces), ("hazard", self.board.hazard_spaces)):
            tokens = sum(comps.of_back(back).values()) - (1 if back == "chest" and self.options.escape else 0)
            exact = read(self.options, "token_mix") == "parameter"
            if (exact and tokens != len(spaces)) or tokens < len(spaces):
                mark = "chest-icon" if back == "chest" else "question-mark"
                raise InvalidInput(f"egypt.ambiguity.token-mix: the {self.board.side} side has {len(spaces)} "
                                   f"{mark} spaces for {tokens} {back} tokens to deal (reading "
                                   f"{self.options.token_mix}: {'one per space' if exact else 'at least one per space'})",
                                   source=source)
        for name in ("Ladder", "Bomb"):
            if name not in comps.kinds:
                raise InvalidInput(f"the set has no {name} starting item (egypt.start.ladder-and-bomb)", source=source)
        if self.options.escape:
            for h in comps.heroes[:heroes]:
                if h.alternative is None:
                    raise InvalidInput(f"hero {h.name!r} has no alternative starting item for Escape mode "
                                       "(egypt.escape.setup.alternative-item)", source=source)

    # Component lookups --------------------------------------------------------------------------------

    def kind(self, token: Token) -> TokenKind:
        return self.components.kinds[token.name]

    def is_ladder(self, token: Token) -> bool:
        return token.name in self.ladder_names

    @cached_property
    def keys_and_crystal(self) -> frozenset[str]:
        """The names of the keys and the crystal."""
        return frozenset(name for name, k in self.components.kinds.items()
                         if k.has("key-yellow") or k.has("key-black") or k.has("crystal"))

    @cached_property
    def monster_names(self) -> frozenset[str]:
        return frozenset(name for name, k in self.components.kinds.items() if k.is_monster)

    @cached_property
    def pharaoh_names(self) -> frozenset[str]:
        """The names of the tokens that are the pharaoh (his monster type)."""
        return frozenset(name for name, k in self.components.kinds.items() if k.monster_type == "pharaoh")

    @cached_property
    def trap_names(self) -> frozenset[str]:
        return frozenset(name for name, k in self.components.kinds.items() if k.is_trap)

    @cached_property
    def ladder_names(self) -> frozenset[str]:
        """The names of the tokens that are ladders (a ``ladder`` effect)."""
        return frozenset(name for name, k in self.components.kinds.items() if "ladder" in k.effects)

    def monster_type(self, k: TokenKind) -> str | None:
        """egypt.ambiguity.bat-winged, reading ``winged``: the bat is a winged monster."""
        if k.monster_type == "bat" and read(self.options, "bat_winged") == "winged":
            return "winged"
        return k.monster_type

    def mover(self, k: TokenKind) -> str:
        """How a monster moves on the monster turn: ``fly`` (winged monsters, spiders, the bat), ``ghost``,
        or ``walk`` (by the same rules as a hero)."""
        t = k.monster_type
        if t in ("winged", "spider", "bat"):
            return "fly"
        return "ghost" if t == "ghost" else "walk"

    def movements(self, k: TokenKind) -> int:
        """egypt.ambiguity.monster-types-and-movements: the token's number (``parameter``) or the bat's 4."""
        if read(self.options, "monster_types_and_movements") == "bat-for-all":
            return 4
        return k.movements

    def weapon_type(self, k: TokenKind) -> str:
        """egypt.ambiguity.weapon-types: "Weapons additionally show their type: melee or ranged." -- the
        token's type (``parameter``, the components' ``weapon``), or by the weapon's name (``by-nature``)."""
        if read(self.options, "weapon_types") == "by-nature" and k.name in WEAPON_BY_NATURE:
            return WEAPON_BY_NATURE[k.name]
        return k.weapon or "melee"

    def in_turn_order(self, s: EgyptState, heroes: list[int]) -> list[int]:
        """``heroes`` in turn order, starting from the seat whose turn it is."""
        if len(heroes) < 2:
            return list(heroes)
        n = len(self.seats)
        seat_of = self._seat_of
        return sorted(heroes, key=lambda h: (seat_of[h] - s.turn.seat) % n)

    @cached_property
    def _seat_of(self) -> dict[int, int]:
        return {st.hero: i for i, st in enumerate(self.seats) if st.hero is not None}

    # The protocol ------------------------------------------------------------------------------------

    def initial_state(self, setup: Any = None) -> EgyptState:
        if setup is not None:
            raise InvalidInput("egypt has no game-to-game setup: each game starts afresh")
        return initial_state(self)

    def start_play(self, s: EgyptState) -> EgyptState:
        return turn.settle(self, evolve(s, phase="play"))

    def pending(self, state: EgyptState) -> Pending:
        """Who acts next (``rules/turn.py``), remembered for the last state asked (by identity): a step
        asks it of the same state several times."""
        last = self.last_pending
        if last is not None and last[0] is state:
            return last[1]
        out = turn.pending(self, state)
        self.last_pending = (state, out)
        return out

    def legal(self, state: EgyptState, player: int) -> list[Any]:
        """The decisions open to ``player`` (``rules/turn.py``), remembered for the last state and player
        asked (by identity): the step that answers checks its answer against the list the player chose
        from.  The list is the cache's own: not to be changed."""
        last = self.last_legal
        if last is not None and last[0] is state and last[1] == player:
            return last[2]
        out = turn.legal_actions(self, state, player)
        self.last_legal = (state, player, out)
        return out

    def _legal_actions(self, state: EgyptState, player: int) -> list[Any]:
        return list(self.legal(state, player))

    def chance(self, state: EgyptState) -> Any:
        return turn.chance(self, state)

    #: ``turn.apply(rs, state, action, player)`` itself, no wrapper in between (one call fewer a step)
    _apply = turn.apply

    def turn_rule(self, state: EgyptState) -> str:
        return turn.turn_rule(self, state)

    def ends(self) -> tuple[str, ...]:
        """Every hero out of the pyramid: one escaped with a crystal (victory), heroes escaped without one
        (no-crystal), none escaped (all-dead); and with the Escape variant, both keys lost (keys-lost)."""
        return ("victory", "no-crystal", "all-dead", *(("keys-lost",) if given(self).escape else ()))

    #: ``invariants.violations(rs, state)`` itself, no wrapper in between (asked after every step)
    violations = invariants.violations

    @property
    def num_players(self) -> int:
        return self.options.players

    def observe(self, state: EgyptState, player: int) -> Any:
        """What a player sees: face-down tokens show only their back (chest, hazard, starting item);
        of the tokens still to deal only how many."""
        data = self.encode_state(state)
        for pile in data["piles"]:
            for t in pile["tokens"]:
                if not t["face_up"]:
                    t["name"] = "?"
        data["chests"] = {"counts": [["?", state.chests.total]]} if state.chests.total else {"counts": []}
        data["hazards"] = {"counts": [["?", state.hazards.total]]} if state.hazards.total else {"counts": []}
        return data

    @classmethod
    def shipped_boards(cls) -> dict[str, Path]:
        return shipped_sets()

    def describe(self) -> dict[str, Any]:
        return {"options": codec.to_data(self.options), "board": self.boardset.to_data()}

    def _moves_graph(self, state: EgyptState) -> Any:
        """The single movements a hero can make on the terrain of ``state`` (heuristic only; cached)."""
        from .board import hero_moves
        from .rules.tomb import terrain

        t = terrain(self, state)
        graphs = self._graphs
        if t not in graphs:
            if len(graphs) > 64:
                graphs.clear()
            graphs[t] = hero_moves(t)
        return graphs[t]

    @cached_property
    def _graphs(self) -> dict[Any, Any]:
        return {}

    def _to_targets(self, state: EgyptState, hero: int) -> dict[str, int]:
        """Movements from every space to the nearest of the hero's targets, on the terrain of the
        moment: a purposeful hero heads for a held key's statue, the exit once a door is open (and
        leaving is allowed), else face-down tokens, keys and the crystal, else a monster to fight; the
        first of these the hero can reach."""
        import networkx as nx

        from .board import STATUE_DOOR

        memo_state, memo_hero, memo = self._memo
        if memo_state is state and memo_hero == hero:
            return memo
        h = state.hero(hero)
        g = self._moves_graph(state)
        if h.space not in g:
            self._memo = (state, hero, {})
            return {}
        reach = nx.descendants(g, h.space)
        keys = [space for statue, space in self.board.statues.items()
                if STATUE_DOOR[statue] in state.doors and any(self.kind(t).has(f"key-{STATUE_DOOR[statue]}")
                                                              for t in h.items)]
        may_leave = len(state.doors) < 2 and (state.crystal_found or read(self.options, "escape_before_crystal")
                                               == "any-time")
        finds = [p.space for p in state.piles if any(
            not t.face_up or self.kind(t).has("key-yellow") or self.kind(t).has("key-black") or
            self.kind(t).has("crystal") for t in p.tokens)]
        fights = [p.space for p in state.piles if any(t.face_up and self.kind(t).is_monster for t in p.tokens)]
        dist: dict[str, int] = {}
        for spaces in (keys, [self.board.exit] if may_leave else [], finds, fights):
            targets = [x for x in spaces if x in reach]
            if targets:
                dist = dict(nx.multi_source_dijkstra_path_length(g.reverse(copy=False), targets))
                break
        self._memo = (state, hero, dist)
        return dist

    _memo: tuple[Any, Any, dict[str, int]] = (None, None, {})

    def heuristic(self, state: EgyptState, action: Any) -> float:
        """A cost for exploration policies (lower is more purposeful): heroes head for tokens, carry keys to
        their statues and leave once a door is open; monsters head for heroes.  Not a rule."""
        kind = action.kind
        far = 99
        if kind in ("leave", "give-up"):
            return -10.0
        hero = state.retreat.hero if state.retreat is not None else self.seats[state.turn.seat].hero
        lost = hero is not None and state.hero(hero).status == "in" and not self._to_targets(state, hero)
        if lost:
            # nothing the hero can reach to aim at: try anything (a ladder, a bomb ...), in a stable
            # pseudo-random order so that the same seed gives the same game
            jitter = zlib.crc32(f"{state.turns}:{state.turn.moves}:{action!r}".encode()) % 1000 / 1000
            return (3.0 if kind in ("offer", "drop", "accept") else 1.0) + jitter
        if kind == "step":
            if hero is None:
                return 1.0
            dist = self._to_targets(state, hero)
            end = action.to
            from .board import landing
            from .rules.tomb import terrain

            end = landing(terrain(self, state), end)
            return dist.get(end, far) / 10.0
        if kind == "monster-step":
            g = self._moves_graph(state)
            heroes = {h.space for h in state.heroes if h.status == "in"}
            return (0.0 if action.to in heroes else
                    1.0 if any(n in heroes for n in g.successors(action.to)) else 5.0) if action.to in g else 5.0
        if kind == "pick-up":
            token = next((t for p in state.piles for t in p.tokens if t.id == action.token), None)
            k = self.kind(token) if token is not None else None
            if k is not None and (k.has("key-yellow") or k.has("key-black") or k.has("crystal")):
                return -2.0
            return 1.0 if k is not None and k.has("ladder") else -0.5
        if kind == "end-turn":
            return 0.5 if state.turn.moves == 0 else 3.0
        return {"roll": -0.3, "move-monster": -0.2, "pharaoh-roll": -0.5, "reveal-hazard": 0.2, "decline": 0.5,
                "offer": 4.0, "drop": 4.0, "accept": 0.0}.get(kind, 1.5)


def _cfg(**options: Any) -> dict[str, Any]:
    return {"options": options}


#: Configurations ``tombspec check`` and the explorations play: player counts, modes, sets, readings.
Egypt.explore_configs = (
    {},
    _cfg(players=1, solo_heroes=3),
    _cfg(players=4, pursuit=True),
    _cfg(players=6),
    _cfg(escape=True),
    _cfg(escape=True, players=3, pursuit=True),
    {"board": "small", "options": {"players": 3}},
    {"board": "small", "options": {"players": 2, "escape": True, "ceiling_first_player_gone": "token-passes",
                                   "rumble_in_escape": "next-drop-early", "keys_destroyed_end": "any-two-gone",
                                   "ceiling_crystal_carried": "all-destroyed", "ceiling_no_space_below": "destroyed"}},
    # the quick reference's schedule: the ceiling is on the starting vines before anyone enters
    {"board": "small", "options": {"players": 2, "escape": True, "quickref_ceiling_schedule": "quickref"}},
    {"board": "small", "options": {"players": 5, "die_faces": "attack-twice", "neighboring_scope": "orthogonal",
                                   "teleporter_path": "two-steps", "jetpack_scope": "one-movement",
                                   "once_per_turn_window": "each-turn", "pick_up_cost": "costs-one",
                                   "after_combat": "items-still", "retreat_zero": "zero-allowed",
                                   "monster_movement_up_to": "exact", "twice_in_a_row": "adjacent-turns-only"}},
    {"board": "small", "options": {"players": 3, "pursuit": True, "die_faces": "melee-ranged-twice",
                                   "remote_reveal_trap": "always-fires", "activatable_traps": "all",
                                   "may_or_must_play_monsters": "may", "monster_onto_tokens": "empty-or-hero",
                                   "ghost_end_position": "floats", "bat_winged": "separate", "spirit_seat": "before-heroes",
                                   "door_as_wall": "ghost-passes", "pharaoh_monster_turn": "roll-only"}},
    {"board": "small", "options": {"players": 2, "die_faces": "melee-twice", "cobra_vest": "lethal",
                                   "genie_burn_timing": "each-roll", "item_icons": "token-data",
                                   "weapon_types": "by-nature", "golem_melee_ranged": "needs-ranged",
                                   "melee_with_ranged_only": "reroll-immediately", "retreat_new_fight": "no-reveal",
                                   "spiked_boots_combat": "combat-first", "pharaoh_non_weapon_harm": "weapons-only",
                                   "crystal_save_dying": "others-only", "extinguisher_consumed_by_fire": "kept",
                                   "own_space_vs_neighboring": "as-written", "portal_gun": "immediate",
                                   "roller_skates": "not-in-game", "rubble_supply": "twenty-two"}},
    {"board": "small", "options": {"players": 3, "rubble_meaning": "everything", "crack_reinforced": "crack-beats-all",
                                   "arrows_chest": "nothing", "trap_hits_stack": "top-token",
                                   "spike_trap_parts": "floor-only", "boulder_space": "top-left",
                                   "bomb_both_effects": "same-space", "flamethrower_discard": "to-board",
                                   "discard_destination": "always-board", "hook_targets": "any-token",
                                   "dead_hero_stack": "one-by-one", "under_monster_reveal": "stay-face-down",
                                   "cave_without_floor": "cave-holds", "ladder_sideways": "no-fall-from-ladder",
                                   "first_turn_entry_cost": "entry-is-turn", "key_arrival": "arrival-only",
                                   "slot_contents": "weapons-separate", "pharaoh_tokens_set_aside": "from-discards",
                                   "escape_before_crystal": "after-crystal", "who_wins": "team",
                                   "leaving_the_tomb": "escaped-play-monsters", "item_use_cost": "teleport-costs",
                                   "monster_types_and_movements": "bat-for-all", "starting_items": "varies"}},
    {"board": "small", "options": {"players": 1, "solo_heroes": 2, "solo_details": "remove-all"}},
)
Egypt.proofs = invariants
Egypt.phases = tuple(sorted(turn.ENTERED_WHEN))
Egypt.phase_entry = turn.ENTERED_WHEN
Egypt.refusal_checks = (turn.apply, turn.refusal, turn.why_not_step, turn.can_pick_up, turn.can_leave,
                        monster_turn.why_not_move)
Egypt.procedures = (
    (turn.settle, "after every action: the work waiting (first things first), the doors, the game's end, "
                  "the next turn"),
    (turn.next_turn, "a turn's end: the turn passes to the next seat (a hero turn, a monster turn, or none)"),
    (escape.before_turn, "Escape mode, as the turn passes: the ceiling drops"),
    (escape.collapse, "the ceiling moves onto a floor"),
    (turn.start_hero_turn, "a hero turn's start"),
    (turn.handle_arrive, "every hero's arrival on a space (a step, a fall, an entry): the tokens revealed"),
    (turn.handle_encounter, "then, on that space: a trap triggers, a monster fights"),
    (hazards.handle_trap, "a trap springs (on arrival, or activated on a monster turn)"),
    (combat.handle_engage, "a hero and a revealed monster share a space: the fight begins"),
    (combat.end_combat, "a fight ends (the monster destroyed, or the hero retreats)"),
    (monster_turn.finish_move, "a monster's move ends"),
    (tomb.apply_gravity, "what has lost its floor falls"),
    (hero.apply_death, "a hero's death"),
    (turn.apply_statues, "the doors: a key at its statue"),
    (victory.check_end, "the game's end"),
    # the helpers that read an option where the die or a retreat is settled, and the actions that end a
    # turn (the Egypt implementation written from the guide had to guess them: lessons L29, L33, L34, L56)
    (turn.apply_die, "the die rolled: a combat's, a shot's, the pharaoh's"),
    (combat.begin_retreat, "a retreat begins (its steps, or none)"),
    (turn.apply_enter, "`enter`"), (turn.apply_leave, "`leave`"), (turn.apply_give_up, "`give-up`"),
    (turn.apply_end_turn, "`end-turn`"), (turn.apply_no_way_in, "a hero with no way in"),
    # the same for the helpers behind lessons L37, L46, L47 and L52 of that implementation
    (items.apply_hook, "the grappling hook's pull"), (turn.reveal, "a token turned face up"),
    (tomb.destroy, "a part destroyed: the rubble recorded"),
    (items.apply_boots_window, "the spiked boots used"))
#: Escape mode sets up other starting items, the crystal and its id (lesson L30)
Egypt.guide_resets = ({"options": {"escape": True}},)
EXPLORE_CONFIGS = Egypt.explore_configs
RULESET = Egypt

__all__ = ["GAME", "Egypt", "EgyptOptions", "EgyptState"]

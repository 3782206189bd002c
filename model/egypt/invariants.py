"""What holds in every reachable state of Monsters of Egypt.

Each invariant is named after the catalog rule it follows from.  The numeric ones (lives, item slots,
movements, the pharaoh's lives, the ceiling) are written over ``tombspec.model.numeric`` so that
``tombspec.checks.proofs`` proves them inductively with z3 over the very transition cores the model
runs (``PROOF_*`` below).
"""

from __future__ import annotations

from typing import Any

from ..numeric import all_, implies, not_
from .options import read
from ..ruleset import Violation
from .board import is_solid, is_supported
from .rules.combat import compute_monster_lives
from .rules.escape import compute_ceiling_drop
from .rules.hero import (MAX_LIVES, MOVEMENTS, SLOTS, carried, compute_gain_lives, compute_lose_lives,
                         compute_moves_after, compute_slots_free)
from .rules.tomb import RUBBLE_TOKENS, terrain, token_ids
from .state import DEAD, ESCAPED, IN, WAITING, EgyptState


# Numeric invariants: for ints and z3 terms alike ----------------------------------------------------

def inv_lives(lives: Any, alive: Any) -> Any:
    """egypt.hero.max-lives: 0..3 lives; a hero alive has at least the printed one."""
    return all_(lives >= 0, lives <= MAX_LIVES, implies(alive, lives >= 1), implies(not_(alive), lives == 0))


def inv_slots(carried_: Any) -> Any:
    """egypt.hero.item-slots: at most 5 items on a hero board."""
    return all_(carried_ >= 0, carried_ <= SLOTS)


def inv_moves(moves: Any) -> Any:
    """egypt.hero.movements: 0 to 3 movements left in a turn."""
    return all_(moves >= 0, moves <= MOVEMENTS)


def inv_pharaoh(lives: Any) -> Any:
    """egypt.combat.pharaoh-lives: the pharaoh's 0..3 lives (2 life tokens and the token)."""
    return all_(lives >= 0, lives <= 3)


def inv_ceiling(ceiling: Any, height: Any) -> Any:
    """egypt.escape.turn.ceiling-c: the ceiling is in front of the player (0), above the board (1), at
    its edge (2) or on one of the ``height`` floors (3 + f)."""
    return all_(ceiling >= 0, ceiling <= height + 2)


def violations(rs: Any, s: EgyptState) -> list[Violation]:
    """Every invariant on ``s``.  After a state on which every one held (``rs.passed``, the last such
    state with its terrain), only the parts of ``s`` that are not the very objects (or the same values)
    they were there are read again (:func:`_changed_fail`); where one of those fails, or with no such
    state, every invariant is read in full (:func:`all_violations`), so the answer is the same."""
    t = terrain(rs, s) if s.phase != "deal" or s.piles else None
    passed = rs.passed
    if passed is not None and not _changed_fail(rs, s, t, *passed):
        rs.passed = (s, t)
        return []
    out = all_violations(rs, s, t)
    rs.passed = None if out else (s, t)
    return out


def all_violations(rs: Any, s: EgyptState, t: Any) -> list[Violation]:
    """Every invariant, read in full (``t``: the terrain of ``s``, None while nothing is dealt)."""
    out = _tokens(s)
    for i, h in enumerate(s.heroes):
        out += _hero(rs, s, t, i, h)
    for p in s.piles:
        out += _pile(rs, s, t, p)
    out += _numbers(rs, s)
    out += _rubble(rs, s)
    if set(s.doors) - {"yellow", "black"}:
        out.append(Violation("egypt.setup.close-doors", f"doors {s.doors}"))
    out += _combat(s)
    out += _crystal(rs, s)
    out += _monsters_idle(rs, s)
    out += _victory(rs, s)
    return out


def _changed_fail(rs: Any, s: EgyptState, t: Any, last: EgyptState, last_t: Any) -> bool:
    """Whether an invariant fails on ``s``, reading only what differs from ``last`` (on which every
    invariant held, on terrain ``last_t``): each check is a function of the parts it names, so one
    whose parts are all the very ones of ``last`` holds again."""
    piles, heroes = s.piles, s.heroes
    same_piles, same_heroes, same_t = piles is last.piles, heroes is last.heroes, t is last_t
    same_phase = s.phase == last.phase
    old_heroes = last.heroes
    # every hero board holds the very tuple of tokens it held, the heroes' other fields aside
    same_items = same_heroes or (len(heroes) == len(old_heroes) and
                                 all([h.items is o.items for h, o in zip(heroes, old_heroes)]))
    if not (same_piles and same_items) and _tokens(s):
        return True
    if not (same_heroes and same_t and same_phase and s.effects is last.effects):
        old = last.heroes if len(last.heroes) == len(heroes) and same_phase else None
        # the heroes held up by a jetpack (_flying), now and in ``last``
        fly, fly_last = _fliers(s.effects), _fliers(last.effects)
        for i, h in enumerate(heroes):
            if old is None:
                if _hero(rs, s, t, i, h):
                    return True
                continue
            o = old[i]
            flying_as_before = (i in fly) == (i in fly_last)
            if h is o and same_t and (h.status != IN or flying_as_before):
                continue
            # the hero's checks, each read again only when what it reads changed (_hero says them all)
            if (h.lives != o.lives or h.status != o.status) and not inv_lives(h.lives, h.status in (IN, WAITING, ESCAPED)):
                return True
            if h.items is not o.items and not inv_slots(carried(rs, h)):
                return True
            if (h.status != o.status or h.space != o.space) and (h.status == IN) != (h.space is not None):
                return True
            if (h.status != o.status or h.items is not o.items) and h.status == DEAD and h.items:
                return True
            if h.status == IN and (h.status != o.status or h.space != o.space or not same_t or
                                   not flying_as_before) and _hero_place(rs, s, t, i, h):
                return True
    if not (same_piles and same_t and same_phase):
        if t is not None and s.phase != "over" and t.first_row > 0:     # some floors are gone
            for p in piles:
                if _pile(rs, s, t, p):
                    return True
        elif token_ids(piles)[2]:                                       # every floor lives: _pile
            return True
    # _numbers, each of its checks read again only when its number changed
    if s.turn.moves != last.turn.moves and not inv_moves(s.turn.moves):
        return True
    if s.pharaoh_lives != last.pharaoh_lives and not inv_pharaoh(s.pharaoh_lives):
        return True
    if s.ceiling != last.ceiling and (not inv_ceiling(s.ceiling, rs.board.height) or
                                      (not rs.options.escape and s.ceiling)):
        return True
    if s.rubble is not last.rubble and _rubble(rs, s):
        return True
    if s.doors is not last.doors and set(s.doors) - {"yellow", "black"}:
        return True
    if s.combat is not None and not (s.combat is last.combat and same_heroes and same_piles) and _combat(s):
        return True
    # (the crystal is on the board, on a hero board or still to deal: a hero's other fields do not move it)
    if not (same_piles and same_items and same_phase and s.chests is last.chests and s.outcome == last.outcome) \
            and _crystal(rs, s):
        return True
    if s.last_moved is not None and not (s.last_moved == last.last_moved and same_heroes) and _monsters_idle(rs, s):
        return True
    return s.phase == "over" and bool(_victory(rs, s))


def _tokens(s: EgyptState) -> list[Violation]:
    """No token id twice among the piles and the hero boards (the piles' ids counted by
    :func:`token_ids`, carried over from pile to pile as the rules change them)."""
    counts, dups, _ = token_ids(s.piles)
    twice = dups > 0
    if not twice:
        seen: set[Any] = set()
        for h in s.heroes:
            for x in h.items:
                if x.id in counts or x.id in seen:
                    twice = True
                    break
                seen.add(x.id)
            if twice:
                break
    if twice:
        return [Violation("egypt.components.list", "a token is in two places")]
    return []


def _hero(rs: Any, s: EgyptState, t: Any, i: int, h: Any) -> list[Violation]:
    out: list[Violation] = []
    alive = h.status in (IN, WAITING, ESCAPED)
    if not inv_lives(h.lives, alive):
        out.append(Violation("egypt.hero.max-lives", f"hero {i} ({h.status}) has {h.lives} lives"))
    if not inv_slots(carried(rs, h)):
        out.append(Violation("egypt.hero.item-slots", f"hero {i} carries {carried(rs, h)} items"))
    if (h.status == IN) != (h.space is not None):
        out.append(Violation("egypt.death.drop-tokens", f"hero {i} is {h.status} on {h.space!r}"))
    if h.status == DEAD and h.items:
        out.append(Violation("egypt.death.drop-tokens", f"dead hero {i} still holds tokens"))
    if h.status == IN:
        out += _hero_place(rs, s, t, i, h)
    return out


def _hero_place(rs: Any, s: EgyptState, t: Any, i: int, h: Any) -> list[Violation]:
    """Where a hero in the tomb stands: not in a wall or above the ceiling, and not on nothing."""
    b = rs.board
    if t is None:
        return []
    if h.space not in b.spaces or not t.live(h.space) or is_solid(t, h.space):
        return [Violation("egypt.tomb.wall-blocks", f"hero {i} stands in {h.space!r}")]
    if not is_supported(t, h.space) and not _flying(s, i) and not \
            (b.spaces[h.space].cave and read(rs.options, "cave_without_floor") == "cave-holds"):
        return [Violation("egypt.tomb.floor-walk", f"hero {i} stands on {h.space} with nothing underfoot")]
    return []


def _pile(rs: Any, s: EgyptState, t: Any, p: Any) -> list[Violation]:
    out: list[Violation] = []
    if not p.tokens:
        out.append(Violation("egypt.components.list", f"an empty pile on {p.space}"))
    if t is not None and p.space in rs.board.spaces and not t.live(p.space) and s.phase != "over":
        out.append(Violation("egypt.escape.turn.ceiling-edge", f"tokens above the ceiling on {p.space}"))
    return out


def _numbers(rs: Any, s: EgyptState) -> list[Violation]:
    out: list[Violation] = []
    if not inv_moves(s.turn.moves):
        out.append(Violation("egypt.hero.movements", f"{s.turn.moves} movements left"))
    if not inv_pharaoh(s.pharaoh_lives):
        out.append(Violation("egypt.combat.pharaoh-lives", f"the pharaoh has {s.pharaoh_lives} lives"))
    if not inv_ceiling(s.ceiling, rs.board.height):
        out.append(Violation("egypt.escape.turn.ceiling-c", f"the ceiling at {s.ceiling}"))
    if not rs.options.escape and s.ceiling:
        out.append(Violation("egypt.escape.setup.ceiling", "a ceiling outside Escape mode"))
    return out


def _rubble(rs: Any, s: EgyptState) -> list[Violation]:
    out: list[Violation] = []
    if read(rs.options, "rubble_supply") == "twenty-two" and len(s.rubble) > RUBBLE_TOKENS:
        out.append(Violation("egypt.components.list", f"{len(s.rubble)} rubble tokens"))
    if len(set(s.rubble)) != len(s.rubble):
        out.append(Violation("egypt.start.rubble", "two rubble tokens on one part"))
    return out


def _combat(s: EgyptState) -> list[Violation]:
    out: list[Violation] = []
    c = s.combat
    if c is not None:
        h = s.heroes[c.hero]
        if h.status != IN or h.space != c.space:
            out.append(Violation("egypt.combat.ends", f"hero {c.hero} fights on {c.space} from {h.space}"))
        if not any(x.id == c.monster and x.face_up for x in s.pile(c.space)):
            out.append(Violation("egypt.combat.ends", f"no monster {c.monster} on {c.space} to fight"))
    return out


def _crystal(rs: Any, s: EgyptState) -> list[Violation]:
    if s.phase != "deal" and s.phase != "over" or (s.phase == "over" and s.outcome != "keys-lost"):
        if _crystal_kept(rs) and s.phase != "deal" and not _crystal_present(rs, s):
            return [Violation("egypt.item.crystal-indestructible", "the crystal has left the game")]
    return []


def _monsters_idle(rs: Any, s: EgyptState) -> list[Violation]:
    dead = any(h.status == DEAD for h in s.heroes) or any(st.kind == "spirit" for st in rs.seats) or \
        (read(rs.options, "leaving_the_tomb") == "escaped-play-monsters" and any(h.status == ESCAPED for h in s.heroes))
    if s.last_moved is not None and not dead:
        return [Violation("egypt.death.monsters-idle", "a monster moved while no hero had died")]
    return []


def _victory(rs: Any, s: EgyptState) -> list[Violation]:
    if s.phase == "over" and s.outcome == "victory" and not any(
            h.status == ESCAPED and any(rs.kind(x).has("crystal") for x in h.items) for h in s.heroes):
        return [Violation("egypt.end.victory", "a victory without the crystal out of the tomb")]
    return []


def _flying(s: EgyptState, hero: int) -> bool:
    return any(e.name == "jetpack" and e.player == hero for e in s.effects)


def _fliers(effects: tuple[Any, ...]) -> frozenset[Any]:
    """The heroes :func:`_flying` says are flying, under ``effects``."""
    if not effects:
        return frozenset()
    return frozenset([e.player for e in effects if e.name == "jetpack"])


def _crystal_kept(rs: Any) -> bool:
    """The readings under which the crystal can leave the game are the ones that say so."""
    kept = rs.crystal_kept
    if kept is None:
        kept = rs.crystal_kept = _crystal_kept_by(rs)
    return kept


def _crystal_kept_by(rs: Any) -> bool:
    return read(rs.options, "ceiling_crystal_carried") == "drop-then-destroy" and \
        read(rs.options, "ceiling_no_space_below") == "lowest-floor" and not \
        (rs.solo and read(rs.options, "solo_details") == "remove-all")


def _crystal_present(rs: Any, s: EgyptState) -> bool:
    """Whether the crystal is still to deal, on the board or on a hero board (the pile it was last
    found in is looked at first: it seldom moves)."""
    name = rs.crystal_name
    if s.chests.count(name):
        return True
    for h in s.heroes:
        for x in h.items:
            if x.name == name:
                return True
    piles = s.piles
    seen = _CRYSTAL_SEEN[0]
    if seen < len(piles):
        for x in piles[seen].tokens:
            if x.name == name:
                return True
    for i, p in enumerate(piles):
        for x in p.tokens:
            if x.name == name:
                _CRYSTAL_SEEN[0] = i
                return True
    return False


#: where in the piles the crystal was last found by :func:`_crystal_present` (a hint, not state)
_CRYSTAL_SEEN: list[int] = [0]


# The inductive proof obligations (DESIGN.md checks/: IndInit and IndNext) -------------------------------
# One hero's numbers, the pharaoh's lives and the ceiling; every numeric transition core as the rules call
# it: ``transition(v) -> (guard, {variable: new value})``.

PROOF_VARIABLES = {"lives": int, "alive": bool, "carried": int, "moves": int, "pharaoh": int, "ceiling": int,
                   "height": int, "n": int, "quickref": bool}


def proof_init(v: dict[str, Any]) -> Any:
    """Setup: 3 lives (2 tokens and the printed one), 2 or 3 starting items, a new turn's 3 movements, the
    pharaoh's 3 lives set aside, the ceiling in front of the first player; a board of at least one floor."""
    return all_(v["lives"] == MAX_LIVES, v["alive"], v["carried"] >= 0, v["carried"] <= 3,
                v["moves"] == MOVEMENTS, v["pharaoh"] == 3, v["ceiling"] == 0, v["height"] >= 1)


def _lose(v: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    lives = compute_lose_lives(v["lives"], v["n"])
    return all_(v["alive"], v["n"] >= 1), {"lives": lives, "alive": lives >= 1}


PROOF_TRANSITIONS: dict[str, tuple[tuple[str, ...], Any]] = {
    "lose-lives": (("egypt.hero.lose-life", "egypt.hero.death", "egypt.combat.die-attack", "egypt.monster.king-cobra",
                    "egypt.trap.fire", "egypt.trap.crack"), _lose),
    "regain-lives": (("egypt.hero.regain-life", "egypt.item.fruit", "egypt.item.crystal-heal", "egypt.item.crystal-cap"),
                     lambda v: (all_(v["alive"], v["n"] >= 0), {"lives": compute_gain_lives(v["lives"], v["n"])})),
    "die-outright": (("egypt.trap.arrow-hit", "egypt.trap.spike-hit", "egypt.escape.ceiling.heroes-die"),
                     lambda v: (v["alive"], {"lives": 0, "alive": False})),
    "pick-up": (("egypt.move.pick-up", "egypt.hero.item-slots"),
                lambda v: (compute_slots_free(v["carried"]) >= 1, {"carried": v["carried"] + 1})),
    "drop": (("egypt.chest.discard",), lambda v: (v["carried"] >= 1, {"carried": v["carried"] - 1})),
    "movement": (("egypt.move.neighboring", "egypt.turn.movements"),
                 lambda v: (v["moves"] >= 1, {"moves": compute_moves_after(v["moves"], 1)})),
    "combat-uses-up": (("egypt.move.monster-combat", "egypt.combat.movements-used-up"),
                       lambda v: (True, {"moves": 0})),
    "new-turn": (("egypt.hero.movements",), lambda v: (True, {"moves": MOVEMENTS})),
    "strike-pharaoh": (("egypt.monster.pharaoh-three-losses", "egypt.combat.die-melee", "egypt.combat.die-melee-ranged"),
                       lambda v: (v["pharaoh"] >= 1, {"pharaoh": compute_monster_lives(v["pharaoh"], 1)})),
    "ceiling-drops": (("egypt.escape.turn.ceiling-drops", "egypt.escape.turn.ceiling-c", "egypt.trap.rumble-modes"),
                      lambda v: (True, {"ceiling": compute_ceiling_drop(v["ceiling"], v["height"], v["quickref"])})),
}

PROOF_INVARIANTS: dict[str, Any] = {
    "egypt.hero.max-lives": lambda v: inv_lives(v["lives"], v["alive"]),
    "egypt.hero.item-slots": lambda v: inv_slots(v["carried"]),
    "egypt.hero.movements": lambda v: inv_moves(v["moves"]),
    "egypt.combat.pharaoh-lives": lambda v: inv_pharaoh(v["pharaoh"]),
    "egypt.escape.turn.ceiling-c": lambda v: all_(v["height"] >= 1, inv_ceiling(v["ceiling"], v["height"])),
}

"""What holds in every reachable state of Secrets of the Lost Tomb.

Each invariant is named after the catalog rule it follows from.  The numeric ones are written over
``tombspec.model.numeric`` so that ``tombspec.checks.proofs`` proves them inductively with z3 (Init =>
Inv, and Inv and Step => Inv') over the very transition cores the rules call: Courage within -10..+10,
Audacity at most 10, Health never above starting Health, the outnumber bonus at most 4, the damage
arithmetic, the creature limit of 10 and the Comet track's first space.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from itertools import compress, zip_longest
from operator import is_not, itemgetter
from typing import Any

from ..numeric import all_, implies
from ..ruleset import Violation
from .rules.adventurers import (AUDACITY_MAX, COURAGE_MAX, COURAGE_MIN, compute_audacity, compute_courage,
                                compute_health, compute_rest)
from .rules.combat import OUTNUMBER_MAX, compute_damage_dealt, compute_damage_taken, compute_defender_rating, \
    compute_outnumber
from .rules.scenarios import compute_comet
from .rules.tomb_phase import CREATURE_LIMIT, compute_spawn
from .state import SecretsState

# --------------------------------------------------------------------------------------------------
# Numeric invariants (ints and z3 terms alike)


def inv_courage(courage: Any) -> Any:
    """secrets.adventurers.courage-range: Courage ranges from -10 to +10."""
    return all_(courage >= COURAGE_MIN, courage <= COURAGE_MAX)


def inv_audacity(audacity: Any, floor: Any = 0, cap: Any = AUDACITY_MAX) -> Any:
    """secrets.dice.audacity-max-10: Audacity never rises above 10 (and never below 0: audacity-floor)."""
    return all_(audacity >= floor, audacity <= cap)


def inv_health(health: Any, start: Any) -> Any:
    """secrets.adventurers.health-cap: current Health is never above starting Health (nor below 0)."""
    return all_(health >= 0, health <= start, start >= 1)


def inv_outnumber(bonus: Any) -> Any:
    """secrets.combat.outnumber-amount: up to 4 bonus dice."""
    return all_(bonus >= 0, bonus <= OUTNUMBER_MAX)


def inv_damage(taken: Any, dealt: Any, rating: Any, crits: Any) -> Any:
    """secrets.combat.damage-taken / final-damage: damage is never negative, never more than the Combat
    rating, and critical successes always get through."""
    return all_(taken >= 0, taken <= rating, dealt >= crits, crits >= 0)


def inv_limit(count: Any, limit: Any = CREATURE_LIMIT) -> Any:
    """secrets.tomb-phase.creature-limit: at most 10 base and elite creatures (bosses excluded)."""
    return all_(count >= 0, count <= limit)


def inv_comet(comet: Any) -> Any:
    """secrets.ambiguity.comet-track-bounds=clamp-scenario-end: never below the first space."""
    return comet >= 0


def inv_rating(rating: Any) -> Any:
    """secrets.combat.ava-defender-rating: a defender's Combat rating is never negative."""
    return rating >= 0


# --------------------------------------------------------------------------------------------------
# The state
#
# Every invariant is checked after every step, but a step changes little: the check reads again only
# what is not the very object (``is``) it was in the last state on which every invariant held, since
# states share what a step leaves unchanged.  That state is kept on the ruleset (``rs.passed``: the
# state, the names of its rooms, its census), one tuple replaced at a time, and only ever a state that
# passed.  A check reading an unchanged part would read what passed there, so skipping it changes no
# verdict; a state with a violation is judged afresh in full, so its report is the same either way.


def violations(rs: Any, state: SecretsState) -> list[Violation]:
    passed = rs.passed
    if passed is None:
        out = all_violations(rs, state)
        if not out:
            rs.passed = (state, frozenset(r.name for r in state.rooms), census(state))
        return out
    last, last_placed, last_census = passed
    placed = last_placed if state.rooms is last.rooms else frozenset(r.name for r in state.rooms)
    if placed == last_placed:          # the same rooms' names: the very set the last state passed with
        placed = last_placed
    # the census is counted on in place (a line of a hundred names is not copied for one card moved) and
    # counted back when the state fails: the cache keeps the census of the state that passed
    delta = _delta(last, state)
    moved: dict[str, set[str]] = {}
    for (line, name), n in delta.items():
        last_census[line][name] += n
        names = moved.get(line)
        if names is None:
            names = moved[line] = set()
        names.add(name)
    try:
        failed = _changed_violations(rs, state, last, placed, placed is last_placed, last_census, moved)
    except BaseException:
        _count_back(last_census, delta)
        raise
    if failed:
        _count_back(last_census, delta)
        return all_violations(rs, state)
    rs.passed = (state, placed, last_census)
    return []


def _count_back(counts: dict[str, Counter[str]], delta: dict[tuple[str, str], int]) -> None:
    """Undo :func:`_delta`'s changes counted onto ``counts`` (a state that failed)."""
    for (line, name), n in delta.items():
        counts[line][name] -= n


def all_violations(rs: Any, state: SecretsState) -> list[Violation]:
    """Every invariant, read in full."""
    placed = frozenset(r.name for r in state.rooms)
    out = _names(state)
    for i, seat in enumerate(state.seats):
        out += _seat(rs, state, i, seat, placed)
    out += _creature_limit(state, rs.components)
    for c in state.creatures:
        out += _creature(rs, c, placed)
    out += _spaces(state)
    out += _tracks(rs, state)
    out += _conservation(rs, state, census(state))
    return out


def _changed_violations(rs: Any, state: SecretsState, last: SecretsState, placed: frozenset[str], same_rooms: bool,
                        counts: dict[str, Counter[str]], moved: dict[str, set[str]]) -> bool:
    """Whether an invariant fails, checking only the parts not the very objects they were in ``last``
    (``placed``: the names of the rooms, ``same_rooms`` when they are those of ``last``; ``moved``: the
    components whose count changed since, by census line)."""
    comps = rs.components
    seats, old_seats = state.seats, last.seats
    renamed = False
    if seats is old_seats and same_rooms:
        # the very seats, on the same rooms: of the seats' checks only a death pending reads more (the agenda)
        for i, seat in enumerate(seats):
            adv = seat.adventurer
            if adv is not None and adv.health <= 0 and _alive(state, i, adv):
                return True
    else:
        for i, seat in enumerate(seats):
            was = old_seats[i]
            adv = seat.adventurer
            if seat is was or adv is was.adventurer:   # the adventurer unchanged: the checks reading more
                if seat is not was and _seat_own(i, seat):
                    return True
                if adv is not None and ((adv.health <= 0 and _alive(state, i, adv)) or
                                        (not same_rooms and _in_tomb(i, adv, placed))):
                    return True
                continue
            if _seat_own(i, seat) or (adv is not None and _adventurer_changed(rs, state, i, adv, was.adventurer, placed)):
                return True
            old = was.adventurer
            if adv is None or old is None or adv.name != old.name:
                renamed = True
    if renamed and _names(state):
        return True
    # (no more creatures on the board than the limit: none can count against it over the limit, widened
    # or not, so the limit is read only when there are more)
    if (state.creatures is not last.creatures or state.effects is not last.effects) and \
            len(state.creatures) > CREATURE_LIMIT and _creature_limit(state, comps):
        return True
    if state.creatures is not last.creatures:
        old = {id(c) for c in last.creatures}
        if any(_creature(rs, c, placed) for c in state.creatures if id(c) not in old):
            return True
    if not same_rooms and any(c.room not in placed for c in state.creatures):
        return True
    if state.rooms is not last.rooms and _moved_tiles(state.rooms, last.rooms) and _spaces(state):
        return True
    if (state.comet != last.comet or state.phase != last.phase or state.outcome != last.outcome) and \
            _tracks(rs, state):
        return True
    if (state.story is not last.story or state.tomb is not last.tomb) and _decks(rs, state):
        return True
    return bool(moved) and bool(_conservation(rs, None, counts, moved))


def _names(state: SecretsState) -> list[Violation]:
    names = [s.adventurer.name for s in state.seats if s.adventurer is not None]
    if len(names) != len(set(names)):
        return [Violation("secrets.adventurers.choose-new-adventurer", f"an Adventurer sheet plays twice: {names}")]
    return []


def _seat(rs: Any, state: SecretsState, i: int, seat: Any, placed: frozenset[str]) -> list[Violation]:
    """What holds of one seat and its adventurer."""
    out = []
    o = rs.options
    comps = rs.components
    cap = AUDACITY_MAX if o.extra_audacity != "uncapped-at-setup" else AUDACITY_MAX + 2 + max(o.audacity_adjust, 0)
    floor = 0 if o.audacity_floor != "negative" else -AUDACITY_MAX
    if not 0 <= seat.search <= 2:
        out.append(Violation("secrets.adventurer-phase.search-turn-token", f"seat {i}'s Search token at {seat.search}"))
    if seat.tokens < 0 or seat.action_tokens < 1:
        out.append(Violation("secrets.adventurer-phase.perform-action", f"seat {i} has {seat.tokens} of "
                             f"{seat.action_tokens} Action tokens"))
    adv = seat.adventurer
    if adv is None:
        return out
    if not inv_courage(adv.courage):
        out.append(Violation("secrets.adventurers.courage-range", f"seat {i}: Courage {adv.courage}"))
    if not inv_audacity(adv.audacity, floor, cap):
        out.append(Violation("secrets.dice.audacity-max-10", f"seat {i}: Audacity {adv.audacity}"))
    if not inv_health(adv.health, adv.start_health):
        out.append(Violation("secrets.adventurers.health-cap", f"seat {i}: Health {adv.health} of "
                             f"{adv.start_health}"))
    out += _alive(state, i, adv)
    out += _in_tomb(i, adv, placed)
    out += _status_types(rs, i, adv)
    out += _companions_alive(rs, i, adv)
    out += _ability_tokens(i, adv)
    return out


def _seat_own(i: int, seat: Any) -> bool:
    """Whether the seat's own counters fail (``_seat``'s first two checks): the Search token, the Action
    tokens."""
    return not 0 <= seat.search <= 2 or seat.tokens < 0 or seat.action_tokens < 1


def _adventurer_changed(rs: Any, state: SecretsState, i: int, adv: Any, old: Any, placed: frozenset[str]) -> bool:
    """Whether ``_seat``'s checks of an adventurer that is not the very object it was (``old``, None for
    none) fail: its numbers, death and room always; its Status Effects, Companions and Special Ability
    tokens only when they are not the very tuples they were."""
    o = rs.options
    cap = AUDACITY_MAX if o.extra_audacity != "uncapped-at-setup" else AUDACITY_MAX + 2 + max(o.audacity_adjust, 0)
    floor = 0 if o.audacity_floor != "negative" else -AUDACITY_MAX
    key = (adv.courage, adv.audacity, adv.health, adv.start_health, floor, cap)
    ok = _NUMBERS_HOLD.get(key)
    if ok is None:
        ok = bool(inv_courage(adv.courage) and inv_audacity(adv.audacity, floor, cap) and
                  inv_health(adv.health, adv.start_health))
        if len(_NUMBERS_HOLD) >= 4096:
            _NUMBERS_HOLD.clear()
        _NUMBERS_HOLD[key] = ok
    if not ok:
        return True
    if _alive(state, i, adv) or _in_tomb(i, adv, placed):
        return True
    if old is None:
        return bool(_status_types(rs, i, adv) or _companions_alive(rs, i, adv) or _ability_tokens(i, adv))
    return bool((adv.status is not old.status and _status_types(rs, i, adv)) or
                (adv.companions is not old.companions and _companions_alive(rs, i, adv)) or
                (adv.tokens is not old.tokens and _ability_tokens(i, adv)))


#: whether an adventurer's numbers hold (``inv_courage``, ``inv_audacity``, ``inv_health``), by the numbers
#: and the Audacity floor and cap they are read against (ints: the same answer every time); a memo table
#: bounded by its size, emptied when full
_NUMBERS_HOLD: dict[tuple[int, ...], bool] = {}


def _status_types(rs: Any, i: int, adv: Any) -> list[Violation]:
    """At most one Status Effect of a type (unless the player chooses to keep both)."""
    statuses = rs.components.statuses
    types = [statuses[s].type for s in adv.status]
    if len(types) != len(set(types)) and rs.options.status_same_type != "player-chooses":
        return [Violation("secrets.status.one-per-type", f"seat {i} holds {adv.status}")]
    return []


def _companions_alive(rs: Any, i: int, adv: Any) -> list[Violation]:
    out = []
    companions = rs.components.companions
    for c in adv.companions:
        if not 0 < c.health <= companions[c.name].health:
            out.append(Violation("secrets.companions.death", f"seat {i}: {c.name} at {c.health} Health"))
    return out


def _ability_tokens(i: int, adv: Any) -> list[Violation]:
    out = []
    for a, n in adv.tokens:
        if n < 0:
            out.append(Violation("secrets.sheet.no-tokens-no-use", f"seat {i}: {n} tokens for {a}"))
    return out


def _alive(state: SecretsState, i: int, adv: Any) -> list[Violation]:
    """An adventurer at 0 Health is dead, or its death is pending (read after every step: the agenda)."""
    if adv.health <= 0 and state.phase != "over" and \
            not any(t.kind in ("die", "harrison") and t.seat == i for t in state.agenda):
        return [Violation("secrets.adventurers.death-at-zero-health", f"seat {i} at 0 Health and alive")]
    return []


def _in_tomb(i: int, adv: Any, placed: frozenset[str]) -> list[Violation]:
    """An adventurer stands in a room of the Tomb (read again when the rooms' names change)."""
    if adv.room not in placed:
        return [Violation("secrets.adventurer-phase.move", f"seat {i} stands on {adv.room!r}, not in the Tomb")]
    return []


def _creature_limit(state: SecretsState, comps: Any) -> list[Violation]:
    counted = sum(1 for c in state.creatures if comps.creatures[c.name].deck != "boss")
    alive = {c.id for c in state.creatures}     # a creature placed over the limit widens it while it lives
    forced = sum(1 for e in state.effects if e.name == "over-limit" and e.value in alive)
    if not inv_limit(counted, CREATURE_LIMIT + forced):
        return [Violation("secrets.tomb-phase.creature-limit", f"{counted} creatures against the limit")]
    return []


def _creature(rs: Any, c: Any, placed: frozenset[str]) -> list[Violation]:
    out = []
    cc = rs.components.creatures[c.name]
    if c.room not in placed:
        out.append(Violation("secrets.tomb-phase.move-creatures", f"{c.key} stands on {c.room!r}"))
    if cc.swarm and c.swarm < 1:
        out.append(Violation("secrets.creatures.swarm-death", f"{c.key} is a swarm without tokens"))
    if cc.swarm and c.damage >= cc.health:
        out.append(Violation("secrets.creatures.swarm-remove-token", f"{c.key} keeps {c.damage} damage"))
    if not cc.swarm and (c.damage >= cc.health if rs.options.death_threshold != "exceed-kills" else c.damage > cc.health):
        out.append(Violation("secrets.combat.creature-death", f"{c.key} lives with {c.damage} damage"))
    return out


def _spaces(state: SecretsState) -> list[Violation]:
    spaces = Counter((r.level, r.x, r.y) for r in state.rooms)
    if any(n > 1 for n in spaces.values()) or len({r.name for r in state.rooms}) != len(state.rooms):
        return [Violation("secrets.explore.place-matching-doors", "two Room tiles on one space")]
    return []


def _moved_tiles(rooms: tuple[Any, ...], before: tuple[Any, ...]) -> bool:
    """Whether a Room tile was placed, taken away or moved since ``before`` (else the tiles lie on the
    spaces they lay on, and ``_spaces`` would read what it read then)."""
    if len(rooms) != len(before):
        return True
    changed = compress(range(len(rooms)), map(is_not, rooms, before))     # (the tiles not the very ones)
    return any(r.name != b.name or r.level != b.level or r.x != b.x or r.y != b.y
               for r, b in ((rooms[i], before[i]) for i in changed))


def _tracks(rs: Any, state: SecretsState) -> list[Violation]:
    out = []
    if not inv_comet(state.comet) and rs.options.comet_bounds != "unbounded":
        out.append(Violation("secrets.tomb-phase.comet-track-moves", f"the Comet track at {state.comet}"))
    if (state.phase == "over") != bool(state.outcome):
        out.append(Violation("secrets.scenarios.winning-losing", f"phase {state.phase} with outcome {state.outcome!r}"))
    return out


# --------------------------------------------------------------------------------------------------
# Every component in exactly one place: the census


def in_flight(state: SecretsState) -> Counter[str]:
    """Cards drawn and not yet given: held by a pending draw, keep, exploration or spawn."""
    return _in_flight(state.agenda)


def _in_flight(agenda: tuple[Any, ...]) -> Counter[str]:
    return Counter(name for t in agenda if t.kind in IN_FLIGHT for name in _flying(t))


#: the task kinds that can hold cards drawn and not yet given
IN_FLIGHT = frozenset({"draw", "keep", "explore", "spawn-one"})


def _flying(t: Any) -> tuple[str, ...]:
    """The cards a task holds: a pending draw's, a keep's (not from a deck), an exploration's tiles, a
    creature drawn to spawn."""
    if t.kind == "draw":
        return t.items
    if t.kind == "keep" and "from-deck" not in t.flags:
        return t.items
    if t.kind == "explore":
        return t.items[1:]
    if t.kind == "spawn-one" and ":" in t.target:
        return (t.target.partition(":")[2],)
    return ()


#: the lines of the census: Item, Artifact and Soul Monger cards; Companions; Status Effects; creatures
#: (base and elite); Room tiles
CARDS, COMPANIONS, STATUSES, CREATURES, TILES = "cards", "companions", "statuses", "creatures", "tiles"

#: what a place holds: (census line, component, copies)
Contents = Iterable[tuple[str, str, int]]


def _in_agenda(agenda: tuple[Any, ...]) -> Contents:
    """Cards in flight (as ``in_flight`` finds them, task by task) count as cards, Companions, creatures
    and Room tiles alike (as they are drawn)."""
    return [(line, name, 1) for t in agenda if t.kind in IN_FLIGHT for name in _flying(t)
            for line in (CARDS, COMPANIONS, CREATURES, TILES)]


def _in_deck(line: str) -> Callable[[Any], Contents]:
    """A deck (a shuffled deck and its discard pile are two places: ``_piles``), counted in ``line``
    (kept on the function as ``line``: ``_delta`` counts a changed deck by :func:`_count_deck`)."""
    def contents(deck: Any) -> Contents:
        return [(line, name, n) for name, n in deck.counts]

    contents.line = line  # type: ignore[attr-defined]
    return contents


def _piles(piles: Any) -> tuple[Any, Any]:
    return piles.deck, piles.discard


def _in_box(boxed: tuple[str, ...]) -> Contents:
    return [(line, name, 1) for name in boxed for line in (CARDS, COMPANIONS, STATUSES)]


def _set_aside(names: tuple[str, ...]) -> Contents:
    return [(line, name, 1) for name in names for line in (CARDS, COMPANIONS)]


def _in_play(creatures: tuple[Any, ...]) -> Contents:
    return [(CREATURES, c.name, 1) for c in creatures]


def _carried(adv: Any) -> Contents:
    """An adventurer's cards, Companions and Status Effects."""
    return [*((CARDS, h.name, 1) for h in adv.cards), *((COMPANIONS, c.name, 1) for c in adv.companions),
            *((STATUSES, name, 1) for name in adv.status)]


def _same_carried(adv: Any, was: Any) -> bool:
    """The adventurer holds the very tuples of cards, Companions and Status Effects it held."""
    return adv.cards is was.cards and adv.companions is was.companions and adv.status is was.status


def _on_tile(room: Any) -> Contents:
    """A placed Room tile, and the cards under its Item Drop token."""
    return [(TILES, room.name, 1), *((CARDS, h.name, 1) for h in room.drop)]


def _same_tile(room: Any, was: Any) -> bool:
    """The same tile, with the very Item Drop pile it had."""
    return room.drop is was.drop and room.name == was.name


def _adventurers(seats: tuple[Any, ...]) -> list[Any]:
    return [s.adventurer for s in seats]


#: Every place a component can lie in: the field of the state that holds it, what a place holds, where
#: the field holds several places each one of them (a room; a seat's adventurer, None for none; a deck and
#: its discard pile: the same places in the same order in every state, where a room may be new), and what
#: makes a place hold what it held (its contents the very objects they were), or None
PLACES: tuple[tuple[str, Callable[[Any], Contents], Callable[[Any], Any] | None,
                    Callable[[Any, Any], bool] | None], ...] = (
    ("agenda", _in_agenda, None, None),
    ("items", _in_deck(CARDS), _piles, None),
    ("artifacts", _in_deck(CARDS), _piles, None),
    ("companions", _in_deck(COMPANIONS), _piles, None),
    ("base", _in_deck(CREATURES), _piles, None),
    ("elite", _in_deck(CREATURES), _piles, None),
    ("tiles", _in_deck(TILES), _piles, None),
    ("monger", _in_deck(CARDS), None, None),
    ("statuses", _in_deck(STATUSES), None, None),
    ("boxed", _in_box, None, None),
    ("set_aside", _set_aside, None, None),
    ("creatures", _in_play, None, None),
    ("rooms", _on_tile, tuple, _same_tile),
    ("seats", _carried, _adventurers, _same_carried),
)


_PLACE_FIELDS = tuple(field for field, *_ in PLACES)
_PLACE_OF = {field: tuple(rest) for field, *rest in PLACES}
#: the census line of each field whose places are decks (``_in_deck``), counted by ``_count_deck``
_DECK_LINE = {field: contents.line for field, contents, *_ in PLACES if hasattr(contents, "line")}
_places_of = itemgetter(*_PLACE_FIELDS)     # a state's places, read off its __dict__ in one call


def census(state: SecretsState) -> dict[str, Counter[str]]:
    """How many copies of each component lie in all the places, by census line."""
    out: dict[str, Counter[str]] = {line: Counter() for line in (CARDS, COMPANIONS, STATUSES, CREATURES, TILES)}
    for field, contents, each, _ in PLACES:
        value = getattr(state, field)
        for held in each(value) if each else (value,):
            if held is None:
                continue
            for line, name, n in contents(held):
                out[line][name] += n
    return out


def recount(last: SecretsState, counts: dict[str, Counter[str]],
            state: SecretsState) -> tuple[dict[str, Counter[str]], dict[str, set[str]]]:
    """The census of ``state`` from ``counts``, that of ``last``: the places that are not the very objects
    they were in ``last`` (nor hold the very objects they held) are read again, what they held taken off
    and what they hold added.  With it, the components whose count changed, by census line."""
    out = dict(counts)              # a line is copied before it changes
    moved: dict[str, set[str]] = {}
    for (line, name), n in _delta(last, state).items():
        if line not in moved:
            copy: Counter[str] = Counter()
            dict.update(copy, counts[line])        # a plain copy (Counter.update would add, slower)
            out[line] = copy
            moved[line] = set()
        out[line][name] += n
        moved[line].add(name)
    return out, moved


def _delta(last: SecretsState, state: SecretsState) -> dict[tuple[str, str], int]:
    """How many copies of each component ``state`` holds more than ``last`` (census line, name: only the
    nonzero changes), read from the places that are not the very objects they were (``recount``).

    The two places a step changes most are read without the table's generic walk: the agenda (about
    nine steps in ten) counts only when it holds a task that can hold cards (``IN_FLIGHT``), before or
    after, and those tasks are not the very ones they were; the seats (one step in two) each compared
    as ``_same_carried`` would."""
    delta: dict[tuple[str, str], int] = {}
    fields, were = state.__dict__, last.__dict__     # the classes are dict-backed
    for field in compress(_PLACE_FIELDS, map(is_not, _places_of(fields), _places_of(were))):
        now, then = fields[field], were[field]
        if field == "agenda":
            flying_then = _flying_tasks(then)       # (the last step's now: remembered)
            flying_now = _flying_tasks(now)
            if flying_now or flying_then:
                if len(flying_now) != len(flying_then) or any(map(is_not, flying_now, flying_then)):
                    _count(delta, _in_agenda(flying_then), _in_agenda(flying_now))
            continue
        if field == "seats" and len(now) == len(then):
            for seat, was_seat in zip(now, then):
                if seat is was_seat:
                    continue
                held, was = seat.adventurer, was_seat.adventurer
                if held is was or (held is not None and was is not None and held.cards is was.cards and
                                   held.companions is was.companions and held.status is was.status):
                    continue
                _count(delta, _carried(was) if was is not None else (), _carried(held) if held is not None else ())
            continue
        contents, each, same = _PLACE_OF[field]
        line = _DECK_LINE.get(field)
        for held, was in zip_longest(each(now), each(then)) if each else ((now, then),):   # None: no place
            if held is was or (same is not None and held is not None and was is not None and same(held, was)):
                continue
            if line is not None:
                _count_deck(delta, line, was.counts if was is not None else (), held.counts if held is not None else ())
                continue
            _count(delta, contents(was) if was is not None else (), contents(held) if held is not None else ())
    return {k: n for k, n in delta.items() if n} if delta else delta


#: the last agenda read and its tasks in flight (a step's agenda is the next step's agenda before)
_LAST_FLYING: list[Any] = [None, []]


def _flying_tasks(agenda: tuple[Any, ...]) -> list[Any]:
    """The tasks of ``agenda`` that can hold cards (``IN_FLIGHT``), remembered for the last agenda asked
    (kept, so compared by identity)."""
    last = _LAST_FLYING
    if last[0] is agenda:
        return last[1]
    out = [t for t in agenda if t.kind in IN_FLIGHT]
    last[0], last[1] = agenda, out
    return out


def _count_deck(delta: dict[tuple[str, str], int], line: str, old: Any, new: Any) -> None:
    """``_count`` for a deck, from its ``counts`` before and after (``(card, copies)`` pairs, each card
    once): only the cards whose copies differ are added to ``delta``, by the difference (a deck of a
    hundred cards is not listed twice for one card drawn)."""
    if old == new:
        return
    then = dict(old)
    if len(then) != len(old):           # a card listed twice (no Deck.of builds it): listed in full
        _count(delta, [(line, name, n) for name, n in old], [(line, name, n) for name, n in new])
        return
    pop, get = then.pop, delta.get
    for name, n in new:
        m = pop(name, 0)
        if n != m:
            key = (line, name)
            delta[key] = get(key, 0) + n - m
    for name, m in then.items():
        key = (line, name)
        delta[key] = get(key, 0) - m


def _count(delta: dict[tuple[str, str], int], old: Contents, new: Contents) -> None:
    """What a place held taken off ``delta``, what it holds added (nothing when they are the same)."""
    if old == new:
        return
    for line, name, n in old:
        delta[line, name] = delta.get((line, name), 0) - n
    for line, name, n in new:
        delta[line, name] = delta.get((line, name), 0) + n


def _conservation(rs: Any, state: SecretsState | None, counts: dict[str, Counter[str]],
                  names: dict[str, set[str]] | None = None) -> list[Violation]:
    """Every card is in exactly one place: a deck, a discard pile, a hand, an Item Drop pile, the box (or
    in the hands of a pending draw).  ``counts`` is the state's census; ``names``, where given, the
    components to check on each line (by default every one), the story and Tomb decks then left out
    (``_decks``; ``state`` None)."""
    comps = rs.components
    out = []
    have = counts[CARDS]
    for name in comps.cards if names is None else names.get(CARDS, ()):
        card = comps.cards.get(name)
        if card is None:
            continue
        held = have[name]
        if held != card.count and not (rs.options.stock == "unlimited" and card.deck == "soul-monger"):
            out.append(Violation("secrets.components.component-list", f"{held} copies of {name!r} in play, "
                                 f"{card.count} in the set"))
    comp = counts[COMPANIONS]
    for name in comps.companions if names is None else names.get(COMPANIONS, ()):
        c = comps.companions.get(name)
        if c is not None and comp[name] != c.count:
            out.append(Violation("secrets.companions.death", f"{comp[name]} copies of companion {name!r}"))
    status = counts[STATUSES]
    for name in comps.statuses if names is None else names.get(STATUSES, ()):
        st = comps.statuses.get(name)
        if st is not None and status[name] != st.count:
            out.append(Violation("secrets.status.identical-ignored", f"{status[name]} copies of status {name!r}"))
    creatures = counts[CREATURES]
    for name in comps.creatures if names is None else names.get(CREATURES, ()):
        cc = comps.creatures.get(name)
        if cc is not None and cc.deck != "boss" and creatures[name] != cc.count:
            out.append(Violation("secrets.setup.separate-decks", f"{creatures[name]} copies of creature {name!r}"))
    if state is not None:
        out += _decks(rs, state)
    tiles = counts[TILES]
    for name in comps.rooms if names is None else names.get(TILES, ()):
        if name in comps.rooms and tiles[name] > 1:
            out.append(Violation("secrets.setup.shuffle-room-tiles", f"Room tile {name!r} is in {tiles[name]} places"))
    return out


def _decks(rs: Any, state: SecretsState) -> list[Violation]:
    """The Story and Tomb decks (drawn and discarded, never dealt) hold no more cards than the set."""
    comps = rs.components
    out = []
    for pile, table, rule in ((state.story, comps.stories, "secrets.story.draw-card"),
                              (state.tomb, comps.tomb_cards, "secrets.tomb-phase.draw-tomb-card")):
        total = pile.deck.total + pile.discard.total
        if total > _set_size(table):
            out.append(Violation(rule, f"{total} cards in a deck of {sum(c.count for c in table.values())}"))
    return out


#: the number of cards in each table of a component set, by the table (kept, so compared by identity)
_SET_SIZES: dict[int, tuple[Any, int]] = {}


def _set_size(table: Any) -> int:
    """``sum(c.count for c in table.values())``, remembered for the table (a component set's tables are
    not changed once read)."""
    hit = _SET_SIZES.get(id(table))
    if hit is None or hit[0] is not table:
        if len(_SET_SIZES) > 64:
            _SET_SIZES.clear()
        hit = _SET_SIZES[id(table)] = (table, sum(c.count for c in table.values()))
    return hit[1]


# --------------------------------------------------------------------------------------------------
# The inductive proof obligations (DESIGN.md checks/: IndInit and IndNext).  One adventurer's numbers,
# one combat's, the creature count and the Comet track; each transition is a core the rules call:
# ``transition(v) -> (guard, {variable: new value})``.

PROOF_VARIABLES = {
    "courage": int, "health": int, "start": int, "audacity": int, "delta": int, "amount": int,
    "outnumber": int, "adventurers": int, "creatures": int,
    "taken": int, "dealt": int, "rating": int, "successes": int, "crits": int, "armor": int,
    "count": int, "comet": int, "defender": int, "pool": int, "spent": int,
}


def proof_init(v: dict[str, Any]) -> Any:
    """Game Setup: a sheet's starting Courage (-9..+9), Health at its starting value, Audacity 0..10 (the
    table's extra Audacity capped: secrets.ambiguity.extra-audacity-over-10=capped), no creature, the
    Comet track on its first space, no combat yet."""
    return all_(v["courage"] >= -9, v["courage"] <= 9, v["start"] >= 1, v["health"] == v["start"],
                v["audacity"] >= 0, v["audacity"] <= AUDACITY_MAX, v["outnumber"] == 0, v["taken"] == 0,
                v["dealt"] == 0, v["crits"] == 0, v["rating"] >= 0, v["count"] == 0, v["comet"] == 0,
                v["defender"] == 0)


def _rest(heal: int, calm: int) -> Any:
    def transition(v: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
        h, c = compute_rest(v["health"], v["courage"], v["start"], heal, calm)
        return v["health"] >= 1, {"health": h, "courage": c}
    return transition


def _combat(v: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    guard = all_(v["rating"] >= 0, v["successes"] >= 0, v["crits"] >= 0, v["armor"] >= 0)
    return guard, {"taken": compute_damage_taken(v["rating"], v["successes"], v["crits"], v["armor"]),
                   "dealt": compute_damage_dealt(v["successes"], v["crits"], v["armor"])}


def _spawn(v: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    spawned, _ = compute_spawn(v["count"])
    return v["count"] >= 0, {"count": v["count"] + spawned}


PROOF_TRANSITIONS: dict[str, tuple[tuple[str, ...], Any]] = {
    "courage-change": (("secrets.adventurers.courage-range", "secrets.combat.lose-courage", "secrets.combat.regain-courage"),
                       lambda v: (True, {"courage": compute_courage(v["courage"], v["delta"])})),
    "audacity-change": (("secrets.dice.audacity-max-10", "secrets.dice.audacity-before-roll", "secrets.dice.audacity-reroll"),
                        lambda v: (True, {"audacity": compute_audacity(v["audacity"], v["delta"])})),
    "damage": (("secrets.adventurers.health-cap", "secrets.adventurers.death-at-zero-health"),
               lambda v: (v["amount"] >= 0, {"health": compute_health(v["health"], -v["amount"], v["start"])})),
    "heal": (("secrets.adventurers.health-cap",),
             lambda v: (v["amount"] >= 0, {"health": compute_health(v["health"], v["amount"], v["start"])})),
    "rest-health": (("secrets.adventurer-phase.rest-heal-health",), _rest(2, 0)),
    "rest-courage": (("secrets.adventurer-phase.rest-heal-courage",), _rest(0, 2)),
    "rest-both": (("secrets.adventurer-phase.rest-heal-both",), _rest(1, 1)),
    "outnumber": (("secrets.combat.outnumber-amount", "secrets.combat.outnumber-applies"),
                  lambda v: (all_(v["adventurers"] >= 0, v["creatures"] >= 0),
                             {"outnumber": compute_outnumber(v["adventurers"], v["creatures"])})),
    "combat-damage": (("secrets.combat.damage-taken", "secrets.combat.final-damage", "secrets.combat.armor-subtract"),
                      _combat),
    "spawn": (("secrets.tomb-phase.creature-limit", "secrets.tomb-phase.limit-stops-spawning"), _spawn),
    "creature-dies": (("secrets.combat.creature-death",),
                      lambda v: (v["count"] >= 1, {"count": v["count"] - 1})),
    "comet": (("secrets.tomb-phase.comet-track-moves",), lambda v: (True, {"comet": compute_comet(v["comet"], v["delta"])})),
    "defender-rating": (("secrets.combat.ava-defender-rating", "secrets.combat.ava-defender-audacity"),
                        lambda v: (v["pool"] >= 0, {"defender": compute_defender_rating(v["pool"], v["spent"])})),
}

PROOF_INVARIANTS: dict[str, Any] = {
    "secrets.adventurers.courage-range": lambda v: inv_courage(v["courage"]),
    "secrets.dice.audacity-max-10": lambda v: inv_audacity(v["audacity"]),
    "secrets.adventurers.health-cap": lambda v: inv_health(v["health"], v["start"]),
    "secrets.combat.outnumber-amount": lambda v: inv_outnumber(v["outnumber"]),
    "secrets.combat.damage-taken": lambda v: implies(v["rating"] >= 0,
                                                      inv_damage(v["taken"], v["dealt"], v["rating"], v["crits"])),
    "secrets.tomb-phase.creature-limit": lambda v: inv_limit(v["count"]),
    "secrets.tomb-phase.comet-track-moves": lambda v: inv_comet(v["comet"]),
    "secrets.combat.ava-defender-rating": lambda v: inv_rating(v["defender"]),
}

"""Structural constraints (z3): creature limit, attachment restrictions, courage bounds and the other
limits each game states.  Each constraint is encoded once and used three ways: check a concrete state,
search for a state, and compute what a rule asks to be minimal.

Constraint results: ``{"game", "id", "rules", "result", "summary", "evidence"}`` where ``result`` is
``holds``, ``violated``, ``found`` (a searched-for state exists), ``impossible``, ``computed`` or
``unknown``.  ``unknown`` (a time-out, or a number the catalog no longer states) is never reported as
``holds``.

Every number comes from the catalog: a quote is searched for the sentence that states it (the result
cites that rule's id), or a table or component gives it.  The encodings are small classes, one per
structural rule, each with ``check`` (a concrete state), ``search`` (does a state with a property
exist) and, where the rule asks for a minimum or a maximum, ``optimise``:

* :class:`CreatureLimit` (Secrets: 10 creatures, bosses excluded, a swarm counted once, spawning at the
  limit);
* :class:`CourageTrack` (Secrets: -10..+10, the +10 bonus once, fleeing at every -10; a bounded run);
* :class:`TraitAttachments` (Tomb: one card of each of Armor, Bow, Glove, Helm, Shield, Weapon);
* :class:`KeywordAttachments` (Cryptmaster: one of each keyword but "cursed", prayers and spells,
  attachable types; move, then discard the fewest cards, with z3 ``Optimize``);
* the other limits: Audacity, Health, party sizes, hand limits, item slots and lives, and the Raiders
  pennies and Boss track through the model's own numeric cores.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs
import z3

from tombspec.model.numeric import clamp, if_, max_, min_
from tombspec.spec import Catalog

HOLDS, VIOLATED, FOUND, IMPOSSIBLE, COMPUTED, UNKNOWN = (
    "holds", "violated", "found", "impossible", "computed", "unknown")
RESULTS = (HOLDS, VIOLATED, FOUND, IMPOSSIBLE, COMPUTED, UNKNOWN)
TIMEOUT_MS = 4000

CONSTRAINTS: list[Callable[[dict[str, Catalog]], list[dict[str, Any]]]] = []


def constraint(fn: Callable[[dict[str, Catalog]], list[dict[str, Any]]]) -> Callable[..., Any]:
    CONSTRAINTS.append(fn)
    return fn


def run(catalogs: dict[str, Catalog]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for fn in CONSTRAINTS:
        out.extend(fn(catalogs))
    return out


def result(game: str, cid: str, rules: Iterable[str], outcome: str, summary: str,
           evidence: Any = None) -> dict[str, Any]:
    assert outcome in RESULTS, outcome
    return {"game": game, "id": cid, "rules": list(dict.fromkeys(rules)), "result": outcome,
            "summary": summary, "evidence": evidence}


# --------------------------------------------------------------------------------------------------
# Reading the numbers out of the catalog


class Missing(Exception):
    """The catalog no longer states a number a constraint needs."""


_WORDNUM = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
            "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13}


def _int(text: str) -> int:
    text = text.strip().lower().lstrip("+")
    return int(text) if text.lstrip("-").isdigit() else _WORDNUM[text]


def stated(cat: Catalog, pattern: str, flags: int = re.I) -> tuple[str, re.Match[str]]:
    """The first rule (or table, or component) whose quote matches ``pattern``: ``(id, match)``."""
    rx = re.compile(pattern, flags)
    for entry in (*cat.rules, *cat.tables, *cat.components):
        m = rx.search(entry.quote)
        if m:
            return entry.id, m
    raise Missing(f"no quote of the {cat.game} catalog matches {pattern!r}")


def stated_int(cat: Catalog, pattern: str, group: int | str = 1) -> tuple[str, int]:
    rid, m = stated(cat, pattern)
    return rid, _int(m.group(group))


def guarded(game: str, cid: str) -> Callable[[Callable[[Catalog], list[dict[str, Any]]]], Callable[..., Any]]:
    """Register a constraint over one game's catalog; a number the catalog no longer states makes
    the result ``unknown`` (never ``holds``)."""

    def wrap(fn: Callable[[Catalog], list[dict[str, Any]]]) -> Callable[..., Any]:
        @functools.wraps(fn)
        def run_one(catalogs: dict[str, Catalog]) -> list[dict[str, Any]]:
            if game not in catalogs:
                return []
            try:
                return fn(catalogs[game])
            except Missing as exc:
                return [result(game, cid, [], UNKNOWN, f"not checked: {exc}")]

        CONSTRAINTS.append(run_one)
        return fn

    return wrap


# --------------------------------------------------------------------------------------------------
# z3 plumbing


def solve(solver: z3.Solver | z3.Optimize) -> str:
    """``sat``, ``unsat`` or ``unknown`` (with the module's time-out)."""
    solver.set("timeout", TIMEOUT_MS)
    answer = solver.check()
    return "sat" if answer == z3.sat else "unsat" if answer == z3.unsat else "unknown"


def value(model: z3.ModelRef, term: Any) -> Any:
    v = model.eval(term, model_completion=True)
    return z3.is_true(v) if z3.is_bool(v) else v.as_long()


def prove(claim: Any, assumptions: Sequence[Any] = ()) -> tuple[str, z3.ModelRef | None]:
    """``holds`` / ``violated`` (with a counterexample model) / ``unknown`` for ``assumptions => claim``."""
    s = z3.Solver()
    s.add(*assumptions)
    s.add(z3.Not(claim))
    answer = solve(s)
    if answer == "unsat":
        return HOLDS, None
    if answer == "sat":
        return VIOLATED, s.model()
    return UNKNOWN, None


def find(constraints: Sequence[Any]) -> tuple[str, z3.ModelRef | None]:
    """``found`` (with a model) / ``impossible`` / ``unknown``."""
    s = z3.Solver()
    s.add(*constraints)
    answer = solve(s)
    if answer == "sat":
        return FOUND, s.model()
    return (IMPOSSIBLE, None) if answer == "unsat" else (UNKNOWN, None)


def _sum(terms: Iterable[Any]) -> Any:
    terms = list(terms)
    return z3.Sum(terms) if terms else z3.IntVal(0)


# --------------------------------------------------------------------------------------------------
# Secrets of the Lost Tomb: the creature limit


@attrs.frozen
class Creature:
    """A creature card on the board: its type (base, elite, boss) and its Swarm tokens (0: no swarm)."""

    name: str
    type: str
    swarm_tokens: int = 0


@attrs.frozen
class CreatureLimit:
    """'The Tomb has a creature limit of 10, which does not include boss creatures. Swarm tokens are
    not counted toward the limit; only count the Swarm creature's card against it.'  Spawning past the
    limit stops and advances the Comet track by one (once per round)."""

    limit: int
    rules: tuple[str, ...]

    @staticmethod
    def counted(creature_type: Any, is_boss_type: Callable[[Any], Any] = lambda t: t == "boss") -> Any:
        """1 for a card that counts against the limit (any non-boss card, a swarm once), else 0."""
        return if_(is_boss_type(creature_type), 0, 1)

    def count(self, creatures: Sequence[Creature]) -> int:
        return sum(self.counted(c.type) for c in creatures)

    def check(self, creatures: Sequence[Creature]) -> tuple[str, dict[str, Any]]:
        """The limit on a concrete board, decided by z3 over the counted cards."""
        n = z3.Int("counted")
        outcome, _ = prove(n <= self.limit, [n == self.count(creatures)])
        return outcome, {"cards": [attrs.asdict(c) for c in creatures], "counted": self.count(creatures),
                         "tokens": sum(max(c.swarm_tokens, 1) for c in creatures), "limit": self.limit}

    def spawn(self, current: Any, requested: Any) -> tuple[Any, Any]:
        """(creatures spawned, Comet track advance) for ``requested`` spawns with ``current`` counted:
        spawn until the next would exceed the limit, then stop and advance the Comet track once."""
        room = max_(self.limit - current, 0)
        return min_(requested, room), if_(current + requested > self.limit, 1, 0)

    @staticmethod
    def place(loads: Sequence[int], adventurer_rooms: Sequence[int], spawns: int) -> dict[str, Any]:
        """z3 ``Optimize``: where ``spawns`` creatures go among red-outlined rooms holding ``loads``
        creatures: in the rooms with an adventurer first (when there are any), as evenly as possible
        (the fewest creatures in the fullest room, then the most in the emptiest)."""
        candidates = [r for r in adventurer_rooms if r < len(loads)] or list(range(len(loads)))
        if not candidates:
            return {"result": COMPUTED, "placed": [], "loads": list(loads), "spawned": 0}
        x = [z3.Int(f"spawn_{r}") for r in range(len(loads))]
        top, bottom = z3.Ints("fullest emptiest")
        o = z3.Optimize()
        o.add(*(v >= 0 for v in x), *(x[r] == 0 for r in range(len(loads)) if r not in candidates))
        o.add(_sum(x) == spawns)
        o.add(*(top >= loads[r] + x[r] for r in candidates), *(bottom <= loads[r] + x[r] for r in candidates))
        o.minimize(top)
        o.maximize(bottom)
        if solve(o) != "sat":
            return {"result": UNKNOWN}
        m = o.model()
        placed = [value(m, v) for v in x]
        return {"result": COMPUTED, "placed": placed, "loads": [a + b for a, b in zip(loads, placed)],
                "spawned": spawns, "candidates": candidates}

    def most_creatures(self, boss_cards: int, swarm_supply: int, swarm_size: int) -> dict[str, Any]:
        """z3 ``Optimize``: the most creatures (each Swarm token one, as the Outnumber bonus counts them)
        on the board at once within the limit, the Swarm tokens in the box, the boss cards in the box,
        and at most ``swarm_size`` tokens a swarm."""
        plain, swarms, bosses, tokens = z3.Ints("plain swarms bosses tokens")
        o = z3.Optimize()
        o.add(plain >= 0, swarms >= 0, bosses >= 0, bosses <= boss_cards, tokens >= swarms,
              tokens <= swarm_size * swarms, tokens <= swarm_supply, plain + swarms <= self.limit)
        total = plain + tokens + bosses
        o.maximize(total)
        if solve(o) != "sat":
            return {"result": UNKNOWN}
        m = o.model()
        return {"result": COMPUTED, "plain_cards": value(m, plain), "swarm_cards": value(m, swarms),
                "swarm_tokens": value(m, tokens), "boss_cards": value(m, bosses), "creatures": value(m, total),
                "cards_counted_against_limit": value(m, plain + swarms),
                "cards_on_board": value(m, plain + swarms + bosses)}


@guarded("secrets", "secrets.creature-limit")
def secrets_creature_limit(cat: Catalog) -> list[dict[str, Any]]:
    """Check the Tomb Phase example's board, search for the most creatures, prove the spawn rule keeps
    the limit, and compute what spawning does at the limit."""
    limit_id, limit = stated_int(cat, r"creature limit of (\d+), which does not include boss creatures")
    swarm_id, _ = stated(cat, r"only count the Swarm creature's card against it")
    once_id, _ = stated(cat, r"count the swarm creature only once")
    stop_id, _ = stated(cat, r"would exceed this limit, do not spawn further creatures this round")
    comet_id, _ = stated(cat, r"When this occurs, increase the Comet track by one")
    rules = (limit_id, swarm_id, once_id, stop_id, comet_id)
    cl = CreatureLimit(limit, rules)
    out = []

    # Check: the board of the Example of the Tomb Phase (the creatures before, then the spawns).
    ex_id, m = stated(cat, r"The (\w+) creatures in the Tomb now move")
    sp_id, sp = stated(cat, r"On Level 2, (\w+) base creatures? spawns?\. On Level 3, (\w+) base creatures? spawn")
    board = [Creature(f"creature {i + 1}", "base") for i in range(_int(m.group(1)))]
    board += [Creature(f"spawned {i + 1}", "base") for i in range(_int(sp.group(1)) + _int(sp.group(2)))]
    outcome, ev = cl.check(board)
    out.append(result("secrets", "secrets.creature-limit.example-tomb-phase", (*rules[:1], ex_id, sp_id), outcome,
                      f"the Example of the Tomb Phase ends with {ev['counted']} creatures against the limit of "
                      f"{limit}: {outcome}", ev))

    # Check: every creature the combat examples name, at once, the Carnivorous Scarabs a swarm of 4.
    named = [c for c in cat.components if c.kind == "creature"]
    if named:
        board = [Creature(c.name, str(c.attributes.get("type", "base creature")).split()[0],
                          int(c.attributes.get("swarm_tokens_in_example", 0))) for c in named]
        outcome, ev = cl.check(board)
        out.append(result("secrets", "secrets.creature-limit.example-creatures", (*rules, *(c.id for c in named)),
                          outcome, f"the {len(board)} creatures of the combat examples together ({ev['tokens']} "
                                   f"creatures for the Outnumber bonus) count {ev['counted']} against the limit: "
                                   f"{outcome}", ev))

    # Search: the most creatures at once.
    parts = {r["component"]: r["count"] for r in cat.get("secrets.components.contents").records()} \
        if "secrets.components.contents" in cat else {}
    bosses = parts.get("Boss Creatures")
    swarm_supply = parts.get("Swarm")
    sizes = [int(c.attributes["swarm_tokens_in_example"]) for c in named if "swarm_tokens_in_example" in c.attributes]
    if bosses is not None and swarm_supply and sizes:
        best = cl.most_creatures(bosses, swarm_supply, max(sizes))
        out.append(result(
            "secrets", "secrets.creature-limit.most-creatures",
            (*rules, "secrets.components.contents", "secrets.creatures.swarm-outnumber"), best["result"],
            f"at most {best.get('creatures')} creatures can be on the board at once within the limit: "
            f"{best.get('plain_cards')} plain and {best.get('swarm_cards')} swarm cards ({best.get('swarm_tokens')} "
            f"Swarm tokens, all the box holds) count {best.get('cards_counted_against_limit')}, plus "
            f"{best.get('boss_cards')} boss cards outside the limit ({best.get('cards_on_board')} cards on the board), "
            f"if no swarm has more than {max(sizes)} tokens (the only 'Swarm: X' the rulebook shows)",
            {**best, "swarm_size_assumed": max(sizes), "boss_cards_in_box": bosses, "swarm_tokens_in_box": swarm_supply}))

    # Prove: spawning never takes the count past the limit, and the Comet track moves at most once.
    cur, req = z3.Ints("current requested")
    spawned, advance = cl.spawn(cur, req)
    assumptions = [cur >= 0, cur <= limit, req >= 0, req <= 3 * 3]
    claim = z3.And(cur + spawned <= limit, spawned >= 0, spawned <= req, advance <= 1,
                   (advance == 1) == (cur + req > limit))
    outcome, model = prove(claim, assumptions)
    out.append(result("secrets", "secrets.creature-limit.spawn-keeps-limit", rules, outcome,
                      f"spawning stops at the limit: for every count 0..{limit} and spawn of 0..9 creatures the count "
                      f"stays <= {limit} and the Comet track advances once exactly when the spawn would exceed it: "
                      f"{outcome}",
                      {"counterexample": {"current": value(model, cur), "requested": value(model, req)} if model else None,
                       "reading": "secrets.ambiguity.creature-limit-comet-count=once-fill-in-level-order"}))

    # Compute: where spawns go, as evenly as possible, in the two spawn examples.
    even_id, _ = stated(cat, r"spawning them as evenly as possible")
    first_id, _ = stated(cat, r"Creatures will always spawn in a room with an Adventurer first")
    ex1_id, ex1 = stated(cat, r"Level 3 only has (\w+) red-outlined rooms, but one room already has a creature on it, so "
                              r"the new creature is placed on the other one")
    plan = cl.place([1] + [0] * (_int(ex1.group(1)) - 1), [], 1)
    outcome = HOLDS if plan.get("placed") == [0] + [1] * (_int(ex1.group(1)) - 1) else VIOLATED
    out.append(result("secrets", "secrets.creature-limit.spawn-evenly-example", (even_id, first_id, ex1_id), outcome,
                      f"the spawn example's placement (the red room without a creature) is the evenest: {outcome}",
                      {**plan, "reading": "secrets.ambiguity.spawn-placement-priority=red-adventurer-first-then-even"}))
    ex2_id, ex2 = stated(cat, r"Level 3 has (\w+) red-outlined rooms, so the players can choose which (\w+) rooms")
    rooms, k = _int(ex2.group(1)), _int(ex2.group(2))
    plan = cl.place([0] * rooms, [], k)
    outcome = HOLDS if plan.get("result") == COMPUTED and max(plan["placed"]) == 1 else VIOLATED
    out.append(result("secrets", "secrets.creature-limit.spawn-evenly-tomb-phase", (even_id, ex2_id), outcome,
                      f"{k} spawns in {rooms} empty red rooms go to {k} different rooms, as the Example of the Tomb Phase "
                      f"says: {outcome}", plan))

    # Compute: what a spawn does near the limit.
    table = {}
    for c in range(limit - 2, limit + 1):
        for k in (1, 2, 3):
            s_, a_ = cl.spawn(c, k)
            table[f"{c} + {k}"] = {"spawned": s_, "after": c + s_, "comet_advance": a_}
    out.append(result("secrets", "secrets.creature-limit.spawn-at-limit", rules, COMPUTED,
                      f"at the limit a spawn places creatures until the count is {limit}, drops the rest, and advances "
                      f"the Comet track by one: e.g. {limit - 1} + 3 spawns {table[f'{limit - 1} + 3']['spawned']}",
                      {"by_count_and_spawn": table,
                       "reading": "secrets.ambiguity.creature-limit-comet-count=once-fill-in-level-order"}))
    return out


# --------------------------------------------------------------------------------------------------
# Secrets of the Lost Tomb: Courage


@attrs.frozen
class CourageTrack:
    """Courage ranges over -low..high; attaining +high gives a one-time bonus; reaching -low (again)
    makes the adventurer flee every time.  A bounded z3 run over ``steps`` arbitrary changes."""

    low: int
    high: int
    steps: int = 12

    def run(self, prefix: str = "", clamped: bool = True) -> dict[str, Any]:
        start = z3.Int(f"{prefix}courage0")
        deltas = [z3.Int(f"{prefix}change{i}") for i in range(self.steps)]
        values, bonus, had, flees, reaches = [start], [], z3.BoolVal(False), [], []
        for d in deltas:
            before = values[-1]
            raw = before + d
            after = clamp(raw, self.low, self.high) if clamped else raw
            gained = z3.And(after == self.high, z3.Not(had))
            had = z3.Or(had, gained)
            reached = z3.And(after <= self.low, before > self.low)
            bonus.append(gained)
            reaches.append(reached)
            flees.append(reached)   # 'you still begin fleeing if you reach -10 Courage again'
            values.append(after)
        domain = [start >= self.low, start <= self.high] + [z3.And(d >= -20, d <= 20) for d in deltas]
        return {"start": start, "deltas": deltas, "values": values, "bonus": bonus, "flees": flees,
                "reaches": reaches, "domain": domain}

    @staticmethod
    def count(flags: Sequence[Any]) -> Any:
        return _sum(z3.If(f, 1, 0) for f in flags)

    def witness(self, model: z3.ModelRef, run: dict[str, Any]) -> dict[str, Any]:
        return {"courage": [value(model, v) for v in run["values"]],
                "changes": [value(model, d) for d in run["deltas"]],
                "bonus_at_step": [i + 1 for i, b in enumerate(run["bonus"]) if value(model, b)],
                "flees_at_step": [i + 1 for i, f in enumerate(run["flees"]) if value(model, f)]}


@guarded("secrets", "secrets.courage")
def secrets_courage(cat: Catalog) -> list[dict[str, Any]]:
    """Over 12 Courage changes of any size: the bounds under the clamp, the +10 bonus once, fleeing at
    every -10 (a run reaching it twice flees twice), and what the bounds become without a clamp."""
    range_id, m = stated(cat, r"Courage value that ranges from (-\d+) to \+(\d+)")
    low, high = int(m.group(1)), int(m.group(2))
    bonus_id, _ = stated(cat, rf"If you attain \+{high} Courage, you gain a permanent one-time bonus")
    once_id, _ = stated(cat, rf"cannot gain the \+{high} Courage bonus multiple times")
    flee_id, _ = stated(cat, rf"you still begin fleeing if you reach {low} Courage again")
    track = CourageTrack(low, high)
    r = track.run()
    out = []
    outcome, model = prove(z3.And(*(z3.And(v >= low, v <= high) for v in r["values"])), r["domain"])
    out.append(result("secrets", "secrets.courage.bounds", (range_id,), outcome,
                      f"Courage stays within {low}..+{high} over {track.steps} changes of up to 20 either way, "
                      f"with changes beyond the range clamped: {outcome}",
                      {"steps": track.steps, "reading": "secrets.ambiguity.courage-beyond-range=clamp",
                       "counterexample": track.witness(model, r) if model else None}))
    outcome, model = prove(track.count(r["bonus"]) <= 1, r["domain"])
    twice, wmodel = find([*r["domain"], track.count(z3.And(v == high) for v in r["values"][1:]) >= 2,
                          *(z3.Or(r["values"][i] != high, r["values"][i + 1] != high) for i in range(track.steps))])
    out.append(result("secrets", "secrets.courage.bonus-once", (bonus_id, once_id), outcome,
                      f"the +{high} bonus is gained at most once in {track.steps} changes, even by a run that reaches "
                      f"+{high} twice ({twice}): {outcome}",
                      {"run_reaching_plus_high_twice": track.witness(wmodel, r) if wmodel else None}))
    claim = z3.And(track.count(r["flees"]) == track.count(r["reaches"]), *(z3.Implies(a, b) for a, b in zip(r["reaches"], r["flees"])))
    outcome, _ = prove(claim, r["domain"])
    again, amodel = find([*r["domain"], track.count(r["reaches"]) >= 2])
    out.append(result("secrets", "secrets.courage.flee-every-time", (flee_id, range_id), outcome,
                      f"every arrival at {low} starts fleeing, the second as the first ({again}: a run reaching "
                      f"{low} twice flees twice): {outcome}",
                      {"run_reaching_minus_low_twice": track.witness(amodel, r) if amodel else None,
                       "reading": "secrets.ambiguity.minus-10-usually-flee=sheet-decides (the Flee Tomb space is "
                                  f"{low})"}))
    raw = track.run("raw_", clamped=False)
    beyond, bmodel = find([*raw["domain"], z3.Or(*(z3.Or(v < low, v > high) for v in raw["values"]))])
    out.append(result("secrets", "secrets.courage.unclamped", (range_id,), beyond,
                      f"the rulebook states the range but not what happens to a change past it: taken literally, "
                      f"a change leaves {low}..+{high} ({beyond})",
                      {"run": track.witness(bmodel, raw) if bmodel else None,
                       "ambiguity": "secrets.ambiguity.courage-beyond-range"}))
    return out


# --------------------------------------------------------------------------------------------------
# Secrets of the Lost Tomb: Audacity, Health, and the number of Adventurers


@guarded("secrets", "secrets.limits")
def secrets_limits(cat: Catalog) -> list[dict[str, Any]]:
    """Audacity at most 10 (with setup's extra Audacity), Health at most starting Health under Rest,
    and the most Adventurers the components allow."""
    out = []
    aud_id, cap = stated_int(cat, r"Audacity points can never rise above (\d+)")
    ex_id, m = stated(cat, r"Christopher has (\d+) Audacity")
    setup = cat.get("secrets.setup.adventurer-setup").records()
    extra = max(r["extra_audacity"] for r in setup)
    start, bonus = z3.Ints("starting_audacity extra_audacity")
    outcome, _ = prove(start + bonus <= cap, [start == int(m.group(1)), bonus == extra])
    out.append(result("secrets", "secrets.audacity.example-with-extra", (aud_id, ex_id, "secrets.setup.adventurer-setup"),
                      outcome, f"Christopher's {m.group(1)} Audacity plus the largest setup bonus (+{extra}) stays within "
                               f"{cap}: {outcome}", {"audacity": int(m.group(1)), "extra": extra, "cap": cap}))
    found, model = find([start >= 0, start <= cap, z3.Or(*(bonus == r["extra_audacity"] for r in setup)),
                         start + bonus > cap])
    out.append(result("secrets", "secrets.audacity.setup-over-cap", (aud_id, "secrets.setup.adventurer-setup"), found,
                      f"an Adventurer whose sheet starts at {value(model, start) if model else '?'} Audacity in a game "
                      f"giving +{value(model, bonus) if model else '?'} would start above {cap} ({found}); the cap must "
                      f"then cut the setup bonus", {"model": {"starting": value(model, start), "extra": value(model, bonus)}
                                                    if model else None,
                                                    "ambiguity": "secrets.ambiguity.extra-audacity-over-10"}))
    rest = {r["option"]: r for r in cat.get("secrets.adventurer-phase.rest-options").records()} \
        if "secrets.adventurer-phase.rest-options" in cat else {}
    cap_id, _ = stated(cat, r"current Health cannot be increased above their starting Health")
    if rest:
        h, s, c = z3.Ints("health starting_health courage")
        claims = []
        for option in rest.values():
            new_h = min_(h + option["health"], s) if option["health"] else h
            new_c = if_(c < 0, min_(c + option["courage"], 0), c) if option["courage"] else c
            claims.append(z3.And(new_h <= s, new_h >= h, new_c <= z3.If(c < 0, 0, c), new_c >= c))
        outcome, _ = prove(z3.And(*claims), [h >= 1, h <= s, s >= 1, s <= 20, c >= -10, c <= 10,
                                             z3.Or(h < s, c < 0)])
        out.append(result("secrets", "secrets.health.rest-cap", (cap_id, "secrets.adventurer-phase.rest-options"), outcome,
                          f"every Rest option leaves Health at most starting Health and Courage at most 0 (if negative), "
                          f"never lowering either: {outcome}", {"options": {k: dict(v) for k, v in rest.items()}}))
    parts = {r["component"]: r["count"] for r in cat.get("secrets.components.contents").records()}
    per = {k: parts[k] for k in ("A.R.M. Overlays", "Adventurer Health Dial", "Adventurer Audacity Dial", "Pegs",
                                 "Clear Adventurer Stands", "Search") if k in parts}
    n = z3.Int("adventurers")
    o = z3.Optimize()
    o.add(n >= 1, *(n <= v for v in per.values()), n <= max(r["adventurers"] for r in setup))
    o.maximize(n)
    answer = solve(o)
    most = value(o.model(), n) if answer == "sat" else None
    out.append(result("secrets", "secrets.adventurers.most", ("secrets.setup.adventurer-setup", "secrets.components.contents"),
                      COMPUTED if most else UNKNOWN,
                      f"at most {most} Adventurers can play: one of each of {', '.join(per)} per Adventurer, and the "
                      f"Adventurer Setup table's last column", {"one_per_adventurer": per, "most": most}))
    return out


# --------------------------------------------------------------------------------------------------
# Tomb: attachments by trait


@attrs.frozen
class Card:
    name: str
    type: str                              # item, treasure, prayer, spell, tactic, curse, ...
    keywords: frozenset[str] = frozenset()
    cursed: bool = False
    holder: str | None = None


@attrs.frozen
class TraitAttachments:
    """'no Character may have more than one card with each of the following traits — Armor, Bow, Glove,
    Helm, Shield, and Weapon.'"""

    traits: tuple[str, ...]

    def legal(self, held: Sequence[Any], trait_of: Callable[[Any, str], Any]) -> Any:
        """At most one held card per trait; ``held`` are 0/1 terms, ``trait_of(i, t)`` whether card i
        has trait t."""
        return z3.And(*(_sum(if_(trait_of(i, t), h, 0) for i, h in enumerate(held)) <= 1 for t in self.traits))

    def check(self, cards: Sequence[Card]) -> str:
        held = [z3.IntVal(1) for _ in cards]
        outcome, _ = prove(self.legal(held, lambda i, t: z3.BoolVal(t.lower() in {k.lower() for k in cards[i].keywords})))
        return outcome

    def most(self, pool: Sequence[Card], per_character: bool = True) -> tuple[str, int | None, list[str]]:
        """z3 ``Optimize``: the most cards of ``pool`` one Character may hold."""
        held = [z3.Int(f"hold_{i}") for i in range(len(pool))]
        o = z3.Optimize()
        o.add(*(z3.And(h >= 0, h <= 1) for h in held))
        o.add(self.legal(held, lambda i, t: z3.BoolVal(t.lower() in {k.lower() for k in pool[i].keywords})))
        o.maximize(_sum(held))
        if solve(o) != "sat":
            return UNKNOWN, None, []
        m = o.model()
        chosen = [pool[i].name for i, h in enumerate(held) if value(m, h)]
        return COMPUTED, len(chosen), chosen


@guarded("tomb", "tomb.attachments")
def tomb_attachments(cat: Catalog) -> list[dict[str, Any]]:
    """The most traited cards a Character can hold under each reading, the example Weapons, and the
    example party's attachments."""
    free_id, m = stated(cat, r"no Character may have more than one card with each of the following traits — ([\w, ]+)\.")
    traits = tuple(t.strip() for t in re.split(r",\s*(?:and\s+)?|\s+and\s+", m.group(1)) if t.strip())
    one_id, _ = stated(cat, r"A Character may never possess more than one Item Card with a special trait at one time")
    excess_id, _ = stated(cat, r"If there are ever more such traited Items in play than Characters, the extra Item\(s\) are discarded")
    other_id, _ = stated(cat, r"There is no limit on Attaching other Item Card types")
    ta = TraitAttachments(traits)
    pool = [Card(f"{t} {i}", "item", frozenset({t})) for t in traits for i in (1, 2)] + \
        [Card(f"untraited {i}", "item") for i in (1, 2, 3)]
    out = []
    outcome, most, chosen = ta.most(pool)
    one_trait = TraitAttachments(("special trait",))
    pool_one = [attrs.evolve(c, keywords=frozenset({"special trait"}) if c.keywords else frozenset()) for c in pool]
    _, most_one, _ = one_trait.most(pool_one)
    untraited = sum(1 for c in pool if not c.keywords)
    out.append(result("tomb", "tomb.attachments.most-traited-cards", (free_id, one_id, other_id), outcome,
                      f"one Character can hold {most - untraited if most is not None else '?'} traited cards (one of each "
                      f"of {', '.join(traits)}) and any number of others; under 'never more than one Item Card with a "
                      f"special trait' only {most_one - untraited if most_one is not None else '?'}",
                      {"per_trait_reading": {"traited": (most - untraited) if most is not None else None, "held": chosen},
                       "one_special_trait_reading": {"traited": (most_one - untraited) if most_one is not None else None},
                       "untraited_in_pool": untraited, "ambiguity": "tomb.ambiguity.trait-limit-scope"}))
    # A party of the largest size: traited cards in play under the 'more than Characters' discard rule.
    size_id, party = stated_int(cat, r"An Adventuring Party consists of one to (\w+) Characters")
    per_trait = party * len(traits)
    out.append(result("tomb", "tomb.attachments.party-traited-items", (free_id, excess_id, size_id), COMPUTED,
                      f"a party of {party} may hold {per_trait} traited cards by the one-per-trait rule, but 'more such "
                      f"traited Items in play than Characters' discards all above {party}",
                      {"party_size": party, "by_one_per_trait": per_trait, "by_excess_rule": party,
                       "ambiguity": "tomb.ambiguity.excess-traited-items"}))
    # Search: one Character holding both example Weapons.
    weapons = [c for c in cat.components if c.kind == "item" and "Weapon" in tuple(c.attributes.get("traits", ()))]
    if len(weapons) >= 2:
        cards = [Card(w.name, "item", frozenset(w.attributes["traits"])) for w in weapons]
        held = [z3.Int(f"w{i}") for i in range(len(cards))]
        found, _ = find([*(h == 1 for h in held),
                         ta.legal(held, lambda i, t: z3.BoolVal(t in cards[i].keywords))])
        out.append(result("tomb", "tomb.attachments.two-example-weapons", (free_id, *(w.id for w in weapons)), found,
                          f"one Character holding both {' and '.join(w.name for w in weapons)}: {found}",
                          {"cards": [w.name for w in weapons]}))
    # Check: the example party's attachments.
    ex_id, _ = stated(cat, r"Kadin with Mkono-Djarat Attached .* Slayer the Unkind with Teleport Attached")
    party_cards = {"Kadin": [Card("Mkono-Djarat", "treasure")], "Slayer the Unkind": [Card("Teleport", "spell")]}
    verdicts = {who: ta.check(cards) for who, cards in party_cards.items()}
    outcome = HOLDS if all(v == HOLDS for v in verdicts.values()) else VIOLATED
    out.append(result("tomb", "tomb.attachments.example-party", (free_id, ex_id), outcome,
                      f"the Example of Play's attachments (Mkono-Djarat on Kadin, Teleport on Slayer) keep the trait "
                      f"limit: {outcome}", {"by_character": verdicts,
                                            "note": "Mkono-Djarat is called a sword but prints no trait in the text",
                                            "ambiguity": "tomb.ambiguity.trait-by-name"}))
    return out


# --------------------------------------------------------------------------------------------------
# Cryptmaster: attachments by keyword, moved and then discarded with z3 Optimize


@attrs.frozen
class Character:
    name: str
    holiness: int = 0
    magic: int = 0
    classes: tuple[str, ...] = ()


@attrs.frozen
class KeywordAttachments:
    """The Cryptmaster restrictions: no two of one keyword but "cursed"; prayers on a character with a
    holiness die; spells with a magic die; only the listed card types attach.  Broken, they are
    restored by moving non-Cursed attachments to other characters, and otherwise by discarding the
    fewest non-Cursed cards."""

    attachable: frozenset[str]
    exempt: str = "cursed"

    def _allowed(self, card: Card, ch: Character) -> bool:
        return card.type in self.attachable and (card.type != "prayer" or ch.holiness > 0) \
            and (card.type != "spell" or ch.magic > 0)

    def _constraints(self, chars: Sequence[Character], cards: Sequence[Card], where: Sequence[Any]) -> list[Any]:
        """``where[i]`` is the index of the character holding card i, or -1 for discarded."""
        n = len(chars)
        cs = []
        for i, card in enumerate(cards):
            cs.append(z3.And(where[i] >= -1, where[i] < n))
            for j, ch in enumerate(chars):
                if not self._allowed(card, ch):
                    cs.append(where[i] != j)
        keywords = sorted({k for c in cards for k in c.keywords if k != self.exempt})
        for j in range(n):
            for k in keywords:
                cs.append(_sum(z3.If(where[i] == j, 1, 0) for i, c in enumerate(cards) if k in c.keywords) <= 1)
        return cs

    def check(self, chars: Sequence[Character], cards: Sequence[Card]) -> tuple[str, list[str]]:
        """Do the attachments as they are meet the restrictions?  (And which are broken.)"""
        index = {c.name: j for j, c in enumerate(chars)}
        where = [z3.IntVal(index[c.holder]) if c.holder in index else z3.IntVal(-1) for c in cards]
        outcome, _ = prove(z3.And(*self._constraints(chars, cards, where)))
        broken = []
        for ch in chars:
            mine = [c for c in cards if c.holder == ch.name]
            for c in mine:
                if not self._allowed(c, ch):
                    broken.append(f"{c.name} ({c.type}) cannot be attached to {ch.name}")
            for k in sorted({k for c in mine for k in c.keywords if k != self.exempt}):
                if sum(k in c.keywords for c in mine) > 1:
                    broken.append(f"{ch.name} holds {sum(k in c.keywords for c in mine)} '{k}' cards")
        return outcome, broken

    def restore(self, chars: Sequence[Character], cards: Sequence[Card]) -> dict[str, Any]:
        """z3 ``Optimize``: Cursed cards stay; every other card stays, moves or is discarded; the
        fewest discards first, then the fewest moves."""
        index = {c.name: j for j, c in enumerate(chars)}
        where = []
        for i, card in enumerate(cards):
            if card.cursed:
                where.append(z3.IntVal(index[card.holder]))
            else:
                where.append(z3.Int(f"where_{i}"))
        o = z3.Optimize()
        o.add(*self._constraints(chars, cards, where))
        discards = _sum(z3.If(w == -1, 1, 0) for w, c in zip(where, cards) if not c.cursed)
        moves = _sum(z3.If(z3.And(w != -1, w != index.get(c.holder, -2)), 1, 0) for w, c in zip(where, cards)
                     if not c.cursed)
        o.minimize(discards)
        o.minimize(moves)
        answer = solve(o)
        if answer != "sat":
            return {"result": IMPOSSIBLE if answer == "unsat" else UNKNOWN}
        m = o.model()
        plan = {}
        for w, c in zip(where, cards):
            j = value(m, w)
            dest = "discard" if j == -1 else chars[j].name
            plan[c.name] = {"from": c.holder, "to": dest}
        return {"result": COMPUTED, "discards": value(m, discards), "moves": value(m, moves), "plan": plan}


def example_party() -> tuple[list[Character], list[Card]]:
    """A party built to break every restriction at once (the rulebook prints none): a Fighter holding
    two weapons (one of them Cursed), a Wizard who has lost her magic die holding a spell, a Cleric
    holding a prayer and an armor, and a Rogue with two items."""
    chars = [Character("Fighter", classes=("Fighter",)), Character("Cleric", holiness=2, classes=("Cleric",)),
             Character("Wizard", magic=0, classes=("Wizard",)), Character("Rogue", classes=("Rogue",))]
    cards = [Card("Cursed Axe", "treasure", frozenset({"weapon", "cursed"}), cursed=True, holder="Fighter"),
             Card("Longsword", "item", frozenset({"weapon"}), holder="Fighter"),
             Card("Chain Shirt", "item", frozenset({"armor"}), holder="Fighter"),
             Card("Fireball", "spell", frozenset(), holder="Wizard"),
             Card("Bless", "prayer", frozenset(), holder="Cleric"),
             Card("Plate Mail", "item", frozenset({"armor"}), holder="Cleric"),
             Card("Leather Armor", "item", frozenset({"armor"}), holder="Rogue"),
             Card("Dagger", "item", frozenset({"weapon"}), holder="Rogue"),
             Card("Hex of Frailty", "curse", frozenset({"cursed"}), cursed=True, holder="Wizard")]
    return chars, cards


@guarded("cryptmaster", "cryptmaster.attachments")
def cryptmaster_attachments(cat: Catalog) -> list[dict[str, Any]]:
    """Check a legal party, restore the example party with the fewest discards (z3 Optimize), and show
    a restriction only Cursed cards break, which no move or discard can mend."""
    kw_id, kw = stated(cat, r"multiples of the same keyword attached .* with the exception of the \"(\w+)\" keyword")
    pr_id, _ = stated(cat, r"Prayers may only be attached to characters with at least one die of holiness")
    sp_id, _ = stated(cat, r"Spells may only be attached to characters with at least one die of magic")
    ty_id, ty = stated(cat, r"Only ([\w, ]+) may ever be attached to a character")
    mv_id, _ = stated(cat, r"you must move non-Cursed attachments to other characters in your party")
    dc_id, _ = stated(cat, r"discard the minimum number of non-Cursed cards")
    types = {re.sub(r"s$", "", t.strip()) for t in re.split(r",\s*(?:and\s+)?|\s+and\s+", ty.group(1)) if t.strip()}
    types = {"treasure" if t == "treasure" else t for t in types}
    ka = KeywordAttachments(frozenset(types), exempt=kw.group(1))
    rules = (kw_id, pr_id, sp_id, ty_id, mv_id, dc_id)
    out = []
    chars, cards = example_party()
    before, broken = ka.check(chars, cards)
    plan = ka.restore(chars, cards)
    out.append(result("cryptmaster", "cryptmaster.attachments.fewest-discards", rules, plan["result"],
                      f"a party (built for this check) that breaks the restrictions ({'; '.join(broken)}) is restored "
                      f"with {plan.get('discards')} discard(s) and {plan.get('moves')} move(s) at the least (z3 Optimize: "
                      f"fewest discards, then fewest moves): "
                      + ", ".join(f"{k} -> {v['to']}" for k, v in plan.get("plan", {}).items() if v["to"] != v["from"]),
                      {**plan, "before": before, "broken": broken,
                       "characters": [attrs.asdict(c) for c in chars],
                       "cards": [{**attrs.asdict(c), "keywords": sorted(c.keywords)} for c in cards]}))
    fixed = [attrs.evolve(c, holder=plan["plan"][c.name]["to"]) for c in cards
             if plan.get("plan", {}).get(c.name, {}).get("to") != "discard"] if plan["result"] == COMPUTED else cards
    outcome, _ = ka.check(chars, fixed)
    out.append(result("cryptmaster", "cryptmaster.attachments.restored-party", rules[:4], outcome,
                      f"the restored party meets every restriction: {outcome}",
                      {"cards": {c.name: c.holder for c in fixed}}))
    stuck = [Card("Cursed Axe", "treasure", frozenset({"weapon", "cursed"}), cursed=True, holder="Fighter"),
             Card("Cursed Maul", "treasure", frozenset({"weapon", "cursed"}), cursed=True, holder="Fighter")]
    plan = ka.restore(chars, stuck)
    out.append(result("cryptmaster", "cryptmaster.attachments.cursed-only-conflict", rules, plan["result"],
                      f"a Character holding two Cursed weapons breaks 'no two of one keyword' (only 'cursed' may repeat), "
                      f"and Cursed cards may be neither moved nor discarded: restoring it is {plan['result']}",
                      {"cards": [c.name for c in stuck], "ambiguity": "cryptmaster.ambiguity.unfixable-restrictions"}))
    return out


@guarded("cryptmaster", "cryptmaster.limits")
def cryptmaster_limits(cat: Catalog) -> list[dict[str, Any]]:
    """The ten-card limit (checked only before a Draw) and the five-member party (with Pariahs)."""
    draw_id, m = stated(cat, r"fewer than (\w+) Inn cards in your hand and party, you may draw (\w+) Inn cards")
    cap, draw = _int(m.group(1)), _int(m.group(2))
    fighter_id, _ = stated(cat, r"For each Fighter in your party, one Item does not count against the party limit")
    cards, fighters, items = z3.Ints("inn_cards fighters items")
    counted = cards - min_(fighters, items)
    found, model = find([cards >= 0, fighters >= 0, fighters <= 5, items >= 0, items <= cards,
                         counted < cap, counted + draw > cap])
    out = [result("cryptmaster", "cryptmaster.limits.ten-cards", (draw_id, fighter_id), found,
                  f"a legal Draw can leave more than {cap} counted Inn cards ({found}: "
                  f"{value(model, counted) if model else '?'} before, {value(model, counted + draw) if model else '?'} after)",
                  {"model": {"inn_cards": value(model, cards), "fighters": value(model, fighters),
                             "items": value(model, items)} if model else None,
                   "ambiguity": "cryptmaster.ambiguity.ten-card-limit"})]
    rec_id, party_cap = stated_int(cat, r"have fewer than (\w+) characters in your party, you may recruit one character")
    par_id, _ = stated(cat, r"If this would take you above five party members, you may only recruit the pariah")
    dis_id, _ = stated(cat, r"must discard characters until you have five in your party")
    size, pariah = z3.Int("party"), z3.Bool("pariah_in_inn")
    after = if_(pariah, if_(size + 2 > party_cap, size + 1, size + 2), size + 1)
    outcome, _ = prove(after <= party_cap, [size >= 1, size < party_cap])
    out.append(result("cryptmaster", "cryptmaster.limits.party-size", (rec_id, par_id, dis_id), outcome,
                      f"a Recruit, with or without a Pariah, never takes a party above {party_cap}: {outcome}",
                      {"cap": party_cap}))
    return out


# --------------------------------------------------------------------------------------------------
# Tomb: party sizes, hands


@guarded("tomb", "tomb.limits")
def tomb_limits(cat: Catalog) -> list[dict[str, Any]]:
    """The party sizes of every variant, the example party, a party of none, and the hand sizes."""
    size_id, normal = stated_int(cat, r"An Adventuring Party consists of one to (\w+) Characters")
    zero_id, _ = stated(cat, r"Should an Adventuring Party ever reach zero")
    solo_id, solo = stated_int(cat, r"The maximum Adventuring Party size is (\w+) Characters\.")
    lord_id, lord = stated_int(cat, r"maximum Adventuring Party size is (\w+) Characters instead of")
    fat_id, fat = stated_int(cat, r"Fat Years.*keep (\w+) before returning")
    lean_id, lean = stated_int(cat, r"Players draw only (\w+) adventurers from the Character Pool")
    out = [result("tomb", "tomb.party.sizes", (size_id, solo_id, lord_id, fat_id, lean_id), COMPUTED,
                  f"the largest party: {normal} (normal), {solo} (Solitaire), {lord} (a Lord); first draw keeps 1 "
                  f"(Fat Years {fat}, Lean Years draws {lean})",
                  {"normal": normal, "solitaire": solo, "lord": lord, "fat_years_keep": fat, "lean_years_draw": lean})]
    ex_id, ex = stated(cat, r"In your party are ([^.]+?)\. In your hand")
    members = [p for p in re.split(r",\s*(?:and\s+)?|\s+and\s+(?=[A-Z])", ex.group(1)) if p.strip()]
    n = z3.Int("party")
    outcome, _ = prove(z3.And(n >= 1, n <= normal), [n == len(members)])
    out.append(result("tomb", "tomb.party.example", (size_id, ex_id), outcome,
                      f"the Example of Play's party of {len(members)} is within 1..{normal}: {outcome}",
                      {"members": [re.sub(r" with .*", "", p).strip() for p in members]}))
    # Search: from a legal party, Characters die ('Dead Characters are removed from play') or are
    # recruited (one at a time, up to the largest party); can the party reach a size outside 1..5?
    dead_id, _ = stated(cat, r"Dead Characters are removed from play")
    sizes = [z3.Int(f"size{i}") for i in range(4)]
    steps = [z3.Int(f"deaths{i}") for i in range(3)]
    cs = [sizes[0] >= 1, sizes[0] <= normal]
    for i, d in enumerate(steps):
        cs += [d >= -1, d <= sizes[i], sizes[i + 1] == sizes[i] - d, sizes[i + 1] <= normal]
    found, model = find([*cs, z3.Or(*(v < 1 for v in sizes))])
    out.append(result("tomb", "tomb.party.empty", (size_id, zero_id, dead_id), found,
                      f"from a party of {value(model, sizes[0]) if model else '?'} the deaths of one attack reach a party "
                      f"of {min(value(model, v) for v in sizes) if model else '?'} ({found}): the state the glossary "
                      f"handles ('ever reach zero') although it says a party has one to {normal} Characters",
                      {"sizes": [value(model, v) for v in sizes] if model else None,
                       "deaths_per_step": [value(model, d) for d in steps] if model else None}))
    hand_id, _ = stated(cat, r"There is no hand limit in Tomb")
    crypt_id, crypt = stated_int(cat, r"Each Player draws (\w+) cards from the Crypt Deck")
    man_id, man = stated_int(cat, r"hand size while filling the Tomb is (\w+) cards instead of")
    out.append(result("tomb", "tomb.hand.sizes", (hand_id, crypt_id, man_id), COMPUTED,
                      f"Inn cards: no hand limit; Crypt cards while filling the Tomb: {crypt} ({man} for a Man at Arms)",
                      {"inn_cards": None, "crypt_cards": crypt, "man_at_arms": man,
                       "ambiguity": "tomb.ambiguity.hand-limit-crypt-hand"}))
    return out


# --------------------------------------------------------------------------------------------------
# Monsters of Egypt: lives and item slots


@guarded("egypt", "egypt.limits")
def egypt_limits(cat: Catalog) -> list[dict[str, Any]]:
    """Lives 1..3 over a bounded run of gains and losses; the five item slots, and what must be carried."""
    lives_id, most = stated_int(cat, r"Each hero has a maximum of (\d+) lives")
    tokens_id, m = stated(cat, r"(\d+) tokens plus (\d+) printed one")
    fruit_id, fruit = stated_int(cat, r"restore (\d+) lives to your hero")
    cobra_id, cobra = stated_int(cat, r"the hero loses (\d+) lives")
    crystal_id, crystal = stated_int(cat, r"restore (\d+) life to every surviving hero")
    dies_id, _ = stated(cat, r"If a hero must lose a life but only the printed one is left, the hero dies")
    steps = 10
    tokens = [z3.Int(f"tokens{i}") for i in range(steps + 1)]
    alive = [z3.Bool(f"alive{i}") for i in range(steps + 1)]
    changes = [z3.Int(f"change{i}") for i in range(steps)]
    cs = [tokens[0] == int(m.group(1)), alive[0]]
    top = most - int(m.group(2))
    for i, ch in enumerate(changes):
        cs.append(z3.Or(ch == fruit, ch == crystal, ch == -1, ch == -cobra))
        raw = tokens[i] + ch
        cs.append(tokens[i + 1] == z3.If(alive[i], clamp(raw, 0, top), tokens[i]))
        cs.append(alive[i + 1] == z3.And(alive[i], raw >= 0))
    lives = [t + int(m.group(2)) for t in tokens]
    claim = z3.And(*(z3.Implies(a, z3.And(lv >= 1, lv <= most)) for a, lv in zip(alive, lives)))
    outcome, _ = prove(claim, cs)
    out = [result("egypt", "egypt.lives.bounds", (lives_id, tokens_id, fruit_id, crystal_id, cobra_id, dies_id), outcome,
                  f"over {steps} gains (+{fruit} fruit, +{crystal} crystal) and losses (-1, -{cobra} cobra) a living hero "
                  f"always has 1..{most} lives, and one who must lose a life with only the printed one left dies: "
                  f"{outcome}", {"steps": steps, "max_lives": most})]
    slots_id, slots = stated_int(cat, r"carry \(that is, store on their board\) a maximum of (\d+) items")
    must = ["pharaoh's crystal", "yellow key", "black key"]
    start_items = [r["part"] for r in cat.get("egypt.setup.hero-set").records() if r["part"] in ("Ladder", "Bomb")]
    carried = must + [s.lower() for s in start_items]
    n = z3.Int("carried")
    found, _ = find([n == len(carried), n + 1 > slots])
    out.append(result("egypt", "egypt.slots.crystal-keys-and-start", (slots_id, "egypt.setup.hero-set"), COMPUTED,
                      f"a hero carrying the crystal, both keys and the starting {' and '.join(start_items).lower()} fills "
                      f"{len(carried)} of the {slots} slots: " + ("no room is left for a weapon" if found == FOUND
                                                                  else "a slot is left"),
                      {"carried": carried, "slots": slots, "ambiguity": "egypt.ambiguity.slot-contents"}))
    return out


# --------------------------------------------------------------------------------------------------
# Raiders of the Lost Tomb: pennies and the Boss track, through the model's own cores


@guarded("raiders", "raiders.limits")
def raiders_limits(cat: Catalog) -> list[dict[str, Any]]:
    """A bounded run of the model's penny cores keeps a Raider within 0..6 (5 with the Grail), and the
    Boss track core spawns the Boss after the track's length in rounds."""
    from tombspec.model.raiders.rules.boss import compute_boss_track
    from tombspec.model.raiders.rules.objective import (STARTING_PENNIES, compute_gain_pennies,
                                                        compute_grail_gain, compute_grail_return,
                                                        compute_lose_pennies, compute_max_pennies)

    start_id, start = stated_int(cat, r"starts the game with (\d+) Pennies")
    track_id, track = stated_int(cat, r"Boss Monster Track on the number (\d+)")
    steps = 12
    pennies = [z3.Int(f"p{i}") for i in range(steps + 1)]
    grail = [z3.Bool(f"g{i}") for i in range(steps + 1)]
    move = [z3.Int(f"move{i}") for i in range(steps)]
    cs = [pennies[0] == start, z3.Not(grail[0])]
    for i in range(steps):
        p, g = pennies[i], grail[i]
        gp, _ = compute_grail_gain(p, 0)
        options = [  # (guard, pennies after, grail after)
            (z3.BoolVal(True), compute_gain_pennies(p, 1, compute_max_pennies(g)), g),
            (z3.BoolVal(True), compute_lose_pennies(p, 1), g),
            (z3.Not(g), gp, z3.BoolVal(True)),
            (g, compute_grail_return(p), z3.BoolVal(False)),
        ]
        cs.append(z3.And(move[i] >= 0, move[i] < len(options), pennies[i] >= 1))
        for k, (guard, p2, g2) in enumerate(options):
            cs.append(z3.Implies(move[i] == k, z3.And(guard, pennies[i + 1] == p2, grail[i + 1] == g2)))
    claim = z3.And(*(z3.And(p >= 0, p <= compute_max_pennies(g, STARTING_PENNIES)) for p, g in zip(pennies, grail)))
    outcome, _ = prove(claim, cs)
    out = [result("raiders", "raiders.pennies.bounded-run", (start_id, "raiders.components.pennies",
                                                             "raiders.grail.gain-cost", "raiders.death.killed"),
                  outcome, f"over {steps} gains, losses and Grail changes (the model's own cores on z3 terms) a "
                           f"living Raider holds 0..{STARTING_PENNIES} pennies, {STARTING_PENNIES - 1} at most with the "
                           f"Grail: {outcome}", {"steps": steps, "reading": "raiders.ambiguity.penny-cap=six"})]
    t = [z3.IntVal(track)]
    for _ in range(track + 2):
        t.append(compute_boss_track(t[-1]))
    rounds = next((i for i, v in enumerate(t) if z3.simplify(v).as_long() == 0), None)
    out.append(result("raiders", "raiders.boss.spawn-round", (track_id, "raiders.boss.track-countdown", "raiders.boss.spawn"),
                      COMPUTED, f"the Boss Monster leaves the track and spawns after round {rounds} (the Quarter starts "
                                f"on {track} and moves down 1 a round)", {"track_start": track, "spawn_after_rounds": rounds}))
    return out

"""Secrets of the Lost Tomb: the creature limit, the Courage track, and the other limits (z3)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs
import z3

from tombspec.model.numeric import clamp, if_, max_, min_
from tombspec.spec import Catalog

from ...findings.text import as_int as _int
from ...findings.text import stated, stated_int
from ...proofs.constraints import (COMPUTED, HOLDS, UNKNOWN, VIOLATED, _sum, constraint, find, prove, result,
                                   solve, value)


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


@constraint("secrets", "secrets.creature-limit")
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


@constraint("secrets", "secrets.courage")
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


@constraint("secrets", "secrets.limits")
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



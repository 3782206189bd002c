"""Dice and Dice Checks: the d12 printed 1-6 twice, successes and criticals, the dice pool, automatic
failure at a pool of 0, Audacity before a roll (4s, 5s and 6s succeed) and after it (reroll every die),
Audacity checks, and the 1d3 reading.

A roll of ``n`` dice is one chance event over *face counts* (how many dice show 1, 2, ... 6:
:class:`~tombspec.model.chance.FaceCounts`), never a sequence of 12**n outcomes.

A check is a task ``check`` that goes through three stages, each a step:

* ``pre``: the roller may spend 1 Audacity (:class:`~tombspec.model.secrets.actions.Boost`) or roll (:class:`~tombspec.model.secrets.actions.Roll`);
* ``roll``: chance rolls the pool (:class:`~tombspec.model.secrets.actions.Dice`);
* ``post``: the roller may reroll (1 Audacity, or a special ability's token) or accept; a reroll goes back
  to ``pre``: "if you re-roll for any reason, you must spend another Audacity point to trigger either
  effect".

Once accepted, the check resolves: its ``result`` flag names the continuation (a plain check runs its
pass or fail effects; combat, an opposed roll, an upkeep roll have their own).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from random import Random
from typing import Any

from ...chance import Distribution, FaceCounts
from ...numeric import if_, max_
from ..options import read
from ...ruleset import Pending
from ...traceability import implements, note, require
from ..actions import ACCEPT, BOOST, ROLL
from ..actions import Accept, Boost, Dice, Reroll, Roll
from ..components import Op
from ..dice import secrets_d3
from ..state import SecretsState, Task, evolve
from .engine import check, listed, made, task

FACES = tuple((face, Fraction(1, 6)) for face in range(1, 7))
CRITICAL_FAILURE, SUCCESS, CRITICAL_SUCCESS = 1, 5, 6


class DicePool(Distribution):
    """``n`` Secrets dice as one chance event over face counts (:class:`~tombspec.model.secrets.actions.Dice`): the exact multinomial of
    :class:`~tombspec.model.chance.FaceCounts`, sampled die by die (each face 2 of 12 sides)."""

    def __init__(self, n: int):
        self.n = n
        self.counts = FaceCounts(FACES, n)

    @property
    def size(self) -> int:
        return self.counts.size

    def prob(self, outcome: Any) -> Fraction:
        if type(outcome) is not Dice:
            return Fraction(0)
        return self.counts.prob(outcome.faces)

    def possible(self, outcome: Any) -> bool:
        """A roll of the pool's dice: every face count is possible (each face shows with 2 in 12)."""
        return type(outcome) is Dice and type(outcome.faces) is tuple and len(outcome.faces) == 6 and \
            all(type(c) is int and c >= 0 for c in outcome.faces) and sum(outcome.faces) == self.n

    def _outcomes(self) -> Any:
        for faces, p in self.counts.support():
            yield Dice(faces), p

    def sample(self, rng: Any) -> Dice:
        out = [0] * 6
        if type(rng) is Random:
            # randrange(6) of the standard generator, written out: 3 random bits, drawn again while 6 or 7
            # (the very calls it makes, so the same faces and the generator left in the same state)
            bits = rng.getrandbits
            for _ in range(self.n):
                r = bits(3)
                while r >= 6:
                    r = bits(3)
                out[r] += 1
        else:
            for _ in range(self.n):
                out[rng.randrange(6)] += 1
        return Dice(tuple(out))


@implements("secrets.dice.d12-faces", "secrets.dice.use-these-dice", "secrets.dice.more-dice-than-included")
@cache          # inside the rule's mark: every call is recorded, not only the first
def pool(n: int) -> DicePool:
    """The roll of ``n`` dice: each die shows 1-6 with probability 2/12 each; the outcome is the face
    counts (more dice than the box holds are rolled the same way)."""
    return DicePool(n)


@implements("secrets.dice.important-numbers", "secrets.dice.success-condition")
def compute_successes(faces: tuple[int, ...], threshold: int) -> int:
    """Dice showing ``threshold`` or more (5 and 6 normally; 4, 5 and 6 widened)."""
    return sum(faces[f - 1] for f in range(max(threshold, 1), 7))


def criticals(faces: tuple[int, ...]) -> int:
    return faces[CRITICAL_SUCCESS - 1]


def critical_failures(faces: tuple[int, ...]) -> int:
    return faces[CRITICAL_FAILURE - 1]


@implements("secrets.dice.success-condition", "secrets.dice.default-difficulty")
def is_passed(successes: Any, difficulty: Any) -> Any:
    """successes >= difficulty."""
    return successes >= difficulty


@implements("secrets.dice.zero-pool-fails")
def is_automatic_failure(pool_size: Any, checked: Any) -> Any:
    return any_(pool_size <= 0, checked <= 0)


@implements("secrets.dice.d3")
def read_d3(face: int) -> int:
    return secrets_d3(face)


def compute_threshold(boosted: Any, wide: Any, stack: bool = False) -> Any:
    """The lowest face that succeeds: 5; 4 with Audacity spent or a Lucky-like modifier
    (secrets.ambiguity.success-modifiers-stack=no-stack; stack lowers it once for each)."""
    if stack:
        return 5 - if_(boosted, 1, 0) - if_(wide, 1, 0)
    return if_(boosted, 4, if_(wide, 4, 5))


# --------------------------------------------------------------------------------------------------
# Starting a check


def has(t: Task, flag: str) -> bool:
    return flag in t.flags


def flagged(t: Task, *add: str, drop: tuple[str, ...] = (), **changes: Any) -> Task:
    """The task with flags ``add`` (those it has not), without those named in ``drop`` (``name`` or
    ``name:value``), and the other ``changes`` of its fields (one copy in all)."""
    kept = tuple(f for f in t.flags if f.partition(":")[0] not in drop) if drop else t.flags
    return evolve(t, flags=(*kept, *(a for a in add if a not in kept)), **changes)


def flag_value(t: Task, name: str, default: str) -> str:
    """The value of the task's first flag ``name:value``, else ``default``."""
    prefix = name + ":"
    for f in t.flags:
        if f.startswith(prefix):
            return f[len(prefix):]
    return default


def stage(t: Task) -> str:
    """``flag_value(t, "stage", "pre")``, read directly (a check asks it several times a step: remembered
    for the last flags read, kept, so compared by identity)."""
    flags = t.flags
    last = _LAST_STAGE
    if last[0] is flags:
        return last[1]
    out = "pre"
    for f in flags:
        if f.startswith("stage:"):
            out = f[6:]
            break
    last[0], last[1] = flags, out
    return out


#: the last flags ``stage`` read, and their stage
_LAST_STAGE: list[Any] = [None, "pre"]


def result_kind(t: Task) -> str:
    """``flag_value(t, "result", "plain")``, read directly."""
    for f in t.flags:
        if f.startswith("result:"):
            return f[7:]
    return "plain"


@implements("secrets.dice.dice-pool", "secrets.dice.checks", "secrets.dice.check-notation",
            "secrets.dice.success-faces-can-change", "secrets.sheet.example-forestall",
            "secrets.rooms.story-check", "secrets.rooms.story-check-bonus")
def start_check(rs: Any, state: SecretsState, seat: int, attribute: str, difficulty: int, *,
                passed: tuple[Op, ...] = (), failed: tuple[Op, ...] = (), flags: tuple[str, ...] = (),
                rule: str = "secrets.dice.dice-pool", extra: int = 0, pool_size: int | None = None,
                items: tuple[str, ...] = (), target: str = "") -> SecretsState:
    """Queue a dice check: roll dice equal to the checked attribute plus or minus modifiers (``extra``;
    story checks add the adventurer's story bonus); 4s succeed where a status, ability or card says so."""
    adv = state.seats[seat].adventurer
    if adv is None:
        return state
    if read(rs.options, "difficulty_zero") == "minimum-1":
        difficulty = max(difficulty, 1)
    size = pool_size if pool_size is not None else current(rs, adv, attribute) + extra
    if "story" in flags:
        size += story_bonus(rs, adv)
    wide = is_widened(rs, adv, attribute)
    forestall_any = wide == "auto-pass"
    t = Task("check", seat, rule=rule, ops=passed, alt=failed, target=target or attribute, n=difficulty,
             m=size, flags=(*flags, "stage:pre", *(["wide"] if wide else []), *(["any-four"] if forestall_any else [])),
             items=items)
    checked = checked_attribute(rs, adv, attribute) if attribute != "none" else 1
    if is_automatic_failure(size, checked) and result_kind(t) in ("plain",):
        note("secrets.dice.zero-pool-fails")
        return _resolve(rs, state, t, passed_=False)
    if difficulty <= 0 and result_kind(t) == "plain" and size > 0:
        note("secrets.ambiguity.difficulty-zero")
        return _resolve(rs, state, t, passed_=True)
    return state.push(t)


def story_bonus(rs: Any, adv: Any) -> int:
    return sum(rs.components.cards[h.name].story_bonus for h in adv.cards)


def is_widened(rs: Any, adv: Any, attribute: str) -> str | bool:
    """Whether 4s count as successes on this check without Audacity: a status effect (Lucky) or an
    ongoing special ability (Professor Forestall's Knowledge rolls; secrets.ambiguity.forestall-passes-
    on-4 reads auto-pass as 'any 4+ passes')."""
    comps = rs.components
    for s in adv.status:
        st = comps.statuses[s]
        if "all" in st.success or attribute in st.success:
            return True
    for ab in comps.adventurers[adv.name].abilities:
        if attribute in ab.success:
            return "auto-pass" if read(rs.options, "forestall") == "auto-pass" else True
    return False


# --------------------------------------------------------------------------------------------------
# The three stages


def can_spend(rs: Any, state: SecretsState, t: Task) -> bool:
    adv = state.seats[t.seat].adventurer if t.seat is not None else None
    if adv is None or adv.audacity < 1 or has(t, "no-audacity"):
        return False
    if result_kind(t) == "combat-roll" and read(rs.options, "audacity_twice") == "one-decision" and has(t, "spent"):
        return False
    return True


def reroll_abilities(rs: Any, state: SecretsState, t: Task) -> list[str]:
    adv = state.seats[t.seat].adventurer if t.seat is not None else None
    if adv is None:
        return []
    out = []
    for ab in rs.components.adventurers[adv.name].abilities:
        if t.target in ab.reroll and (not ab.uses or adv.token_count(ab.name) > 0):
            out.append(ab.name)
    return out


#: what a check's decision is called at each stage (``_pending``)
_CHECK_WHAT = {"pre": "check (pre)", "post": "check (post)"}


def _pending(rs: Any, state: SecretsState, t: Task) -> Pending:
    st = stage(t)
    if st == "roll":
        return made.chance("dice")
    what = _CHECK_WHAT.get(st)
    return made.decision(t.seat, what if what is not None else f"check ({st})")


def _run(rs: Any, state: SecretsState, t: Task) -> SecretsState | None:
    if t.seat is None or state.seats[t.seat].adventurer is None:
        return state.pop()
    st = stage(t)
    if st == "pre" and not can_spend(rs, state, t):
        return state.replace_head(_to_roll(rs, state, t))
    if st == "post" and not can_spend(rs, state, t) and not reroll_abilities(rs, state, t):
        return _accept(rs, state, t)
    return None


def _to_roll(rs: Any, state: SecretsState, t: Task) -> Task:
    size = t.m
    if t.target == "audacity" and read(rs.options, "audacity_check_pool") == "after-spend" and not has(t, "rolled"):
        adv = state.seats[t.seat].adventurer
        assert adv is not None
        size = adv.audacity
    return flagged(t, "stage:roll", drop=("stage",), m=max(size, 0))


def _legal(rs: Any, state: SecretsState, t: Task, seat: int) -> list[Any]:
    if seat != t.seat:
        return []
    st = stage(t)
    if st == "pre":
        return [ROLL, BOOST] if can_spend(rs, state, t) else [ROLL]
    if st == "post":
        out: list[Any] = [ACCEPT]
        if can_spend(rs, state, t):
            out.append(Reroll("audacity"))
        out.extend(Reroll(a) for a in reroll_abilities(rs, state, t))
        return out
    return []


def _chance(rs: Any, state: SecretsState, t: Task) -> Any:
    return pool(t.m) if stage(t) == "roll" else None


@implements("secrets.dice.audacity-two-ways", "secrets.dice.audacity-before-roll", "secrets.dice.audacity-reroll",
            "secrets.dice.audacity-single-roll", "secrets.dice.audacity-check", "secrets.weapons.upkeep-roll",
            "secrets.reference.combat-3b-audacity", "secrets.reference.combat-5-audacity")
def _apply(rs: Any, state: SecretsState, t: Task, action: Any, seat: int | None) -> SecretsState:
    st = stage(t)
    if st == "roll":
        require(isinstance(action, Dice) and pool(t.m).possible(action), "secrets.dice.dice-pool",
                "{!r} is not a roll of {} dice", action, t.m)
        faces = action.faces
        return state.replace_head(flagged(t, "stage:post", "rolled", drop=("stage",), faces=faces))
    legal = listed(rs, state, t, seat, lambda: _legal(rs, state, t, seat if seat is not None else -1))
    if isinstance(action, Boost):
        require(action in legal, "secrets.dice.audacity-before-roll" if not has(t, "no-audacity")
                else "secrets.artifacts.room-search-no-audacity", "no Audacity to spend on this roll")
        state = change_audacity(rs, state, t.seat, -1)
        boosted = flagged(t, "boosted", "spent")
        return state.replace_head(_to_roll(rs, state, boosted))
    if isinstance(action, Roll):
        require(st == "pre", "secrets.dice.audacity-before-roll", "the dice are already rolled")
        return state.replace_head(_to_roll(rs, state, t))
    if isinstance(action, Reroll):
        check(action in legal, lambda: reroll_rule(rs, state, t, action), "no Audacity (or token) to reroll with")
        if action.by == "audacity":
            state = change_audacity(rs, state, t.seat, -1)
        else:
            state = spend_token(rs, state, t.seat, action.by)
        again = flagged(t, "stage:pre", "spent", drop=("stage", "boosted"), faces=())
        note("secrets.dice.audacity-single-roll")
        return state.replace_head(again)
    require(isinstance(action, Accept) and st == "post", "secrets.dice.audacity-reroll",
            "accept the roll or reroll it")
    return _accept(rs, state, t)


def reroll_rule(rs: Any, state: SecretsState, t: Task, action: Reroll) -> str:
    """A refused reroll: by Audacity, 'spend 1 Audacity point to reroll' (none to spend, or none may be
    spent on this roll); by a special ability, one of the adventurer's that rerolls this kind of check
    with no Special Ability token left, or no such ability of theirs ('some require specific
    circumstances such as combat or specific dice checks')."""
    if action.by == "audacity":
        return "secrets.artifacts.room-search-no-audacity" if has(t, "no-audacity") else "secrets.dice.audacity-reroll"
    adv = state.seats[t.seat].adventurer if t.seat is not None else None
    ab = None if adv is None else next((a for a in rs.components.adventurers[adv.name].abilities
                                        if a.name == action.by and t.target in a.reroll), None)
    if ab is not None and ab.uses and adv is not None and adv.token_count(ab.name) <= 0:
        return "secrets.sheet.no-tokens-no-use"
    return "secrets.sheet.special-abilities"


def _check_rule(rs: Any, state: SecretsState, t: Task, action: Any) -> str:
    """A refused answer to a check: a reroll after the roll names :func:`reroll_rule`; anything else the stage's
    Audacity rule (after the roll, the reroll; before it, the spend that makes 4s count)."""
    if isinstance(action, Reroll) and stage(t) == "post":
        return reroll_rule(rs, state, t, action)
    return "secrets.dice.audacity-reroll" if stage(t) == "post" else "secrets.dice.audacity-before-roll"


task("check", run=_run, pending=_pending, legal=_legal, chance=_chance, apply=_apply, rule=_check_rule)


def threshold_of(rs: Any, t: Task) -> int:
    stack = read(rs.options, "success_stack") == "stack"
    return compute_threshold(has(t, "boosted"), has(t, "wide"), stack)


def _accept(rs: Any, state: SecretsState, t: Task) -> SecretsState:
    """Resolve the accepted roll: the check ``t``, the head of the agenda, replaced by what it resolves
    into (its pass or fail effects, or the continuation that reads the roll)."""
    kind = result_kind(t)
    threshold = threshold_of(rs, t)
    successes = compute_successes(t.faces, threshold)
    if kind == "plain":
        ok = is_passed(successes, t.n)
        if has(t, "any-four"):
            ok = sum(t.faces[3:]) > 0
        return _resolve(rs, state, t, passed_=bool(ok), head=True)
    # A continuation of the rules reads the roll itself.
    return state.replace_head(Task(kind, t.seat, rule=t.rule, ops=t.ops, alt=t.alt, target=t.target, n=successes,
                           m=threshold, faces=t.faces, items=t.items, flags=t.flags))


def _resolve(rs: Any, state: SecretsState, t: Task, *, passed_: bool, head: bool = False) -> SecretsState:
    """The check's pass or fail effects queued; with ``head``, in place of the check itself (the head of
    the agenda: one state built, not the check popped and then the effects pushed)."""
    note("secrets.dice.success-condition")
    ops = t.ops if passed_ else t.alt
    if head:
        return state.replace_head(*op_tasks(t.seat, ops, t.rule))
    return run_ops(state, t.seat, ops, t.rule)


# --------------------------------------------------------------------------------------------------
# One die (a Search, an Upkeep roll): with Audacity only under secrets.ambiguity.audacity-on-non-check-rolls


def max_zero(x: Any) -> Any:
    return max_(x, 0)


# Imported once, when the rest of this module is defined (some of these modules import this one),
# rather than inside the functions on every call.
from ...numeric import any_  # noqa: E402
from .abilities import spend_token  # noqa: E402
from .adventurers import attribute as current, change_audacity, checked_attribute  # noqa: E402
from .components_ops import op_tasks, run_ops  # noqa: E402

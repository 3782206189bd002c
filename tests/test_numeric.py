"""Contract 5: one numeric core, run on ints and under z3, gives the same answers."""

from __future__ import annotations

import z3
from hypothesis import given
from hypothesis import strategies as st

from tombspec.model.numeric import all_, any_, clamp, if_, implies, max_, min_
from tombspec.model.raiders.rules.boss import compute_boss_track
from tombspec.model.raiders.rules.objective import compute_gain_pennies, compute_lose_pennies, compute_max_pennies

small = st.integers(min_value=-20, max_value=20)


def z3_value(term: z3.ExprRef, **values: int | bool) -> int | bool:
    subs = [(z3.Int(k) if isinstance(v, int) and not isinstance(v, bool) else z3.Bool(k),
             z3.IntVal(v) if isinstance(v, int) and not isinstance(v, bool) else z3.BoolVal(v))
            for k, v in values.items()]
    out = z3.simplify(z3.substitute(term, *subs))
    return z3.is_true(out) if z3.is_bool(out) else out.as_long()


@given(small, small, small)
def test_clamp_agrees(v: int, lo: int, hi: int) -> None:
    term = clamp(z3.Int("v"), z3.Int("lo"), z3.Int("hi"))
    assert z3_value(term, v=v, lo=lo, hi=hi) == clamp(v, lo, hi)


@given(small, small)
def test_min_max_if_agree(a: int, b: int) -> None:
    A, B = z3.Int("a"), z3.Int("b")
    assert z3_value(min_(A, B), a=a, b=b) == min_(a, b) == min(a, b)
    assert z3_value(max_(A, B), a=a, b=b) == max_(a, b) == max(a, b)
    assert z3_value(if_(A > B, A, B), a=a, b=b) == if_(a > b, a, b)


@given(st.booleans(), st.booleans())
def test_logic_agrees(p: bool, q: bool) -> None:
    P, Q = z3.Bool("p"), z3.Bool("q")
    assert z3_value(all_(P, Q), p=p, q=q) == all_(p, q)
    assert z3_value(any_(P, Q), p=p, q=q) == any_(p, q)
    assert z3_value(implies(P, Q), p=p, q=q) == implies(p, q)


@given(st.integers(0, 8), st.integers(0, 9), st.booleans())
def test_raiders_cores_agree(track: int, pennies: int, grail: bool) -> None:
    T, P, G = z3.Int("t"), z3.Int("p"), z3.Bool("g")
    assert z3_value(compute_boss_track(T), t=track) == compute_boss_track(track)
    assert z3_value(compute_lose_pennies(P, 1), p=pennies) == compute_lose_pennies(pennies, 1)
    cap = compute_max_pennies(grail)
    assert z3_value(compute_gain_pennies(P, 1, compute_max_pennies(G)), p=pennies, g=grail) == \
        compute_gain_pennies(pennies, 1, cap)

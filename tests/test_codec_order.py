"""``codec.canonical_order``: a state class whose ``__dict__`` is kept in canonical key order."""

from __future__ import annotations

import pickle

import attrs
import orjson
import pytest

from tombspec.model import codec
from tombspec.model.draft import drafted, replacer


@codec.canonical_order
@attrs.frozen(slots=False)
class Inner:
    zeta: int
    alpha: str | None = None


@codec.canonical_order
@attrs.frozen(slots=False)
class Outer:
    name: str
    items: tuple[Inner, ...]
    count: int = 0


def _canonical(value: object) -> bytes:
    return orjson.dumps(codec.to_data(value), option=orjson.OPT_SORT_KEYS)


def test_the_init_keeps_the_signature_and_stores_the_fields_in_sorted_order() -> None:
    o = Outer("x", (Inner(2), Inner(1, alpha="a")))
    assert list(o.__dict__) == ["count", "items", "name"] and list(o.items[1].__dict__) == ["alpha", "zeta"]
    assert o == Outer(name="x", items=(Inner(zeta=2), Inner(1, "a")), count=0)
    assert [f.name for f in attrs.fields(Outer)] == ["name", "items", "count"]   # the declared order stays
    with pytest.raises(TypeError):
        Outer("x")                                                              # a missing field
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        o.count = 3  # type: ignore[misc]


def test_every_way_of_making_a_value_keeps_the_order_and_the_bytes() -> None:
    o = Outer("x", (Inner(2), Inner(1, alpha="a")), count=4)
    draft = drafted(Outer, nested={"items": drafted(Inner)}).thaw(o)
    draft.count = 5
    draft.edit("items", 0).alpha = "b"
    made = [o, attrs.evolve(o, count=9), replacer(Outer)(o, name="y"), pickle.loads(pickle.dumps(o)),
            draft.freeze(), codec.from_data(Outer, codec.to_data(o))]
    for value in made:
        assert codec.dumps(value) == _canonical(value)
    assert Outer in codec._CANONICAL


def test_a_validator_still_checks_and_a_factory_is_refused() -> None:
    @codec.canonical_order
    @attrs.frozen(slots=False)
    class Checked:
        n: int = attrs.field(validator=attrs.validators.instance_of(int))

    assert Checked(3).n == 3
    with pytest.raises(TypeError, match="must be <class 'int'>"):
        Checked("three")  # type: ignore[arg-type]

    with pytest.raises(TypeError, match="plain defaults"):
        @codec.canonical_order
        @attrs.frozen(slots=False)
        class Listed:
            n: tuple[int, ...] = attrs.Factory(tuple)


def test_a_mapping_anywhere_below_keeps_the_sorting_pass() -> None:
    @codec.canonical_order
    @attrs.frozen(slots=False)
    class WithMap:
        zz: int
        table: dict[str, int]

    value = WithMap(1, {"b": 1, "a": 2})
    assert codec.dumps(value) == b'{"table":{"a":2,"b":1},"zz":1}'
    assert WithMap not in codec._CANONICAL


def test_replacer_takes_fields_named_like_its_own_locals() -> None:
    """model/draft.replacer generated code whose locals (n, d, o) shadowed fields of those names: a class
    with a field ``n`` got wrong results (Secrets' Task.n)."""
    import attrs

    from tombspec.model.draft import replacer

    @attrs.frozen(slots=False)
    class Odd:
        n: int
        d: int
        o: int

    replace = replacer(Odd)
    assert replace(Odd(1, 2, 3), n=9) == Odd(9, 2, 3)
    assert replace(Odd(1, 2, 3), d=8, o=7) == Odd(1, 8, 7)


def test_effects_and_decks_keep_canonical_order_and_their_checks() -> None:
    import pytest

    from tombspec.model import codec
    from tombspec.model.chance import Deck
    from tombspec.model.effects import Effect

    e = Effect("bless", "game.card.bless", player=0, value=1)
    assert list(e.__dict__) == sorted(e.__dict__) and list(Deck.of({"b": 1}).__dict__) == ["counts"]
    assert codec.dumps(e) == orjson.dumps(codec.to_data(e), option=orjson.OPT_SORT_KEYS)
    with pytest.raises(ValueError, match="lasts until"):
        Effect("bless", "game.card.bless", until="never")


@codec.encoded_once("items", "tags")
@codec.canonical_order
@attrs.frozen(slots=False)
class Parted:
    name: str
    items: tuple[Inner, ...]
    tags: tuple[str, ...]          # given a list below: a part whose value is not immutable
    count: int = 0


def test_encoded_once_gives_the_same_bytes_and_reuses_a_value_s_own() -> None:
    """``codec.encoded_once``: a field's bytes are reused while it holds the very value they encode,
    never for another value, and a mutable value (a list) is encoded afresh every time."""
    items = (Inner(2), Inner(1, alpha="a"))
    a = Parted("x", items, ["t"])
    assert codec.dumps(a) == _canonical(a)
    b = attrs.evolve(a, items=(Inner(3),), count=1)               # a new value in the part: its own bytes
    assert codec.dumps(b) == _canonical(b) != codec.dumps(a)
    a.tags.append("u")                                            # a mutable part is never reused
    assert codec.dumps(a) == _canonical(a)
    # a seeded break: the bytes kept for the tuple are what dumps writes (so the cache is in use)
    value = codec._ENCODED[id(items)][0]
    assert value is items
    codec._ENCODED[id(items)] = (items, b"[]", orjson.Fragment(b"[]"))
    try:
        assert codec.dumps(a) != _canonical(a)
    finally:
        del codec._ENCODED[id(items)]
    assert codec.dumps(a) == _canonical(a)


def test_encoded_once_names_fields_of_a_canonical_order_class() -> None:
    with pytest.raises(TypeError):
        codec.encoded_once("nope")(Outer)
    with pytest.raises(TypeError):
        codec.encoded_once("zeta")(attrs.frozen(slots=False)(type("Plain", (), {"__annotations__": {"zeta": int}})))


@codec.encoded_once("items", "tags", each=("items",))
@codec.canonical_order
@attrs.frozen(slots=False)
class Itemised:
    items: tuple[Inner, ...]
    tags: tuple[str, ...]


def test_encoded_once_each_joins_the_bytes_of_its_items_kept_one_by_one() -> None:
    """``encoded_once(..., each=...)``: a new tuple's bytes are joined from its items' bytes, each item's
    kept for the very item, so an item kept from the tuple before reuses its own, and the bytes are the
    fresh encoding's."""
    kept, other = Inner(2), Inner(1, alpha="a")
    a = Itemised((kept, other), ("t",))
    assert codec.dumps(a) == _canonical(a)
    assert codec._ENCODED[id(kept)][0] is kept                      # each item kept with its bytes
    b = Itemised((kept, Inner(3)), ("t",))                         # a new tuple, one item kept
    assert codec.dumps(b) == _canonical(b) != codec.dumps(a)
    # a seeded break: the bytes kept for the item are what a new tuple holding it is joined from
    codec._ENCODED[id(kept)] = (kept, b"{}", orjson.Fragment(b"{}"))
    try:
        c = Itemised((Inner(4), kept), ())
        assert codec.dumps(c) != _canonical(c)
    finally:
        codec._ENCODED.clear()
    assert codec.dumps(c) == _canonical(c)
    with pytest.raises(TypeError):                                  # each names one of the fields encoded once
        codec.encoded_once("items", each=("tags",))(Itemised)


@pytest.mark.parametrize("game", ["secrets", "tomb", "cryptmaster", "egypt"])
def test_the_states_parts_encoded_once_give_the_digest_of_a_fresh_encoding(game: str) -> None:
    """Every state of a few explored games: the digest with the parts' bytes reused is the one of the
    whole state encoded afresh (to_data, sorted)."""
    import hashlib
    import random

    from tombspec.model.play import playout
    from tombspec.model.registry import get_ruleset

    rs = get_ruleset(game)
    assert codec._PARTS.get(rs.state_type)
    n = 0
    for seed in range(2):
        for _, _, state in playout(rs, random.Random(seed), max_steps=400):
            assert codec.digest(state) == hashlib.sha256(_canonical(state)).hexdigest()
            n += 1
    assert n > 200

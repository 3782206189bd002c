"""Fuzz tests: malformed traces, vectors and protocol replies never end in a traceback or a hang, and
always in exit 2 with a reason naming the file and line (or the implementation)."""

from __future__ import annotations

import shlex
import shutil
import sys
from pathlib import Path

import orjson
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tombspec.checks.oracle import schema
from tombspec.checks.cli import main
from tombspec.checks.oracle.conform import ProcessImplementation, conform
from tombspec.checks.oracle.trace import header
from tombspec.checks.oracle.vectors import export, iter_cases, load_vector
from tombspec.model.raiders import Raiders

KINDS = set(Raiders.action_types)
INT_FIELDS = {"coin-toss": "winner", "heads": "heads", "boost": "audacity", "spend": "audacity"}

json_scalars = st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.text(max_size=12)
json_values = st.recursive(json_scalars, lambda c: st.lists(c, max_size=4)
                           | st.dictionaries(st.text(max_size=8), c, max_size=4), max_leaves=12)
not_objects = json_scalars | st.lists(json_values, max_size=4)
unknown_kinds = st.text(min_size=1, max_size=12).filter(lambda k: k not in KINDS)
not_ints = st.none() | st.lists(st.integers(-9, 9), max_size=2) | st.dictionaries(st.text(max_size=3), st.integers(-9, 9), max_size=2) \
    | st.text(max_size=5).filter(lambda t: not t.strip().lstrip("+-").isdigit())

#: Action lines that break the trace format or the game's action schema.
bad_action_lines = st.one_of(
    not_objects.map(lambda v: orjson.dumps(v)),
    st.dictionaries(st.text(max_size=8).filter(lambda k: k not in ("trace", "action")), json_values,
                    max_size=4).map(orjson.dumps),
    not_objects.map(lambda a: orjson.dumps({"action": a})),
    json_values.filter(lambda k: not isinstance(k, str)).map(lambda k: orjson.dumps({"action": {"kind": k}})),
    unknown_kinds.map(lambda k: orjson.dumps({"action": {"kind": k}})),
    st.sampled_from(sorted(INT_FIELDS.items())).flatmap(
        lambda kf: not_ints.map(lambda v: orjson.dumps({"action": {"kind": kf[0], kf[1]: v}}))),
    st.text(min_size=1, max_size=10).filter(lambda k: k not in ("kind",)).map(
        lambda k: orjson.dumps({"action": {"kind": "move", k: 1}})),
    st.text(max_size=70).filter(lambda d: len(d) != 64 or not all(c in "0123456789abcdef" for c in d)).map(
        lambda d: orjson.dumps({"action": {"kind": "move"}, "digest": d})),
    st.dictionaries(st.text(max_size=6).filter(lambda k: k not in ("action", "state", "project", "digest",
                                                                    "error", "note")),
                    json_values, min_size=1, max_size=3).map(lambda extra: orjson.dumps({"action": {"kind": "move"},
                                                                                       **extra})),
    st.binary(min_size=1, max_size=40).filter(lambda b: b"\n" not in b and b.strip() and _not_json(b)),
)

#: Header lines that break the format or configure nothing playable.
bad_headers = st.one_of(
    st.integers(-10**9, 10**9).filter(lambda v: v != 1).map(lambda v: {"trace": "tombspec", "version": v, "game": "raiders"}),
    st.text(max_size=8).filter(lambda t: t != "tombspec").map(lambda t: {"trace": t, "version": 1, "game": "raiders"}),
    st.text(min_size=1, max_size=8).filter(lambda g: g != "raiders").map(
        lambda g: {"trace": "tombspec", "version": 1, "game": g}),
    st.dictionaries(st.text(min_size=1, max_size=8), json_values, min_size=1, max_size=3).filter(
        lambda o: not set(o) <= {"special_tiles"}).map(
        lambda o: {"trace": "tombspec", "version": 1, "game": "raiders", "options": o}),
    st.dictionaries(st.sampled_from(["tiles", "placements", "layout", "name"]), json_values, min_size=1,
                    max_size=4).map(lambda b: {"trace": "tombspec", "version": 1, "game": "raiders", "board": b}),
    st.text(min_size=1, max_size=10).filter(lambda b: b not in ("standard", "small", "large", "special",
                                                                "extra-large")).map(
        lambda b: {"trace": "tombspec", "version": 1, "game": "raiders", "board": "/nonexistent/" + b}),
    st.dictionaries(st.text(max_size=8), json_values, max_size=3).map(
        lambda s: {"trace": "tombspec", "version": 1, "game": "raiders", "state": s}),
).map(orjson.dumps)


def _not_json(b: bytes) -> bool:
    try:
        orjson.loads(b)
    except orjson.JSONDecodeError:
        return True
    return False


HEADER = orjson.dumps(header(Raiders()))
FUZZ = settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow], deadline=None)


def cli(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    return result.exit_code, result.stderr


@FUZZ
@given(line=bad_action_lines, before=st.integers(0, 3))
def test_a_malformed_action_line_exits_2_naming_file_and_line(tmp_path: Path, line: bytes, before: int) -> None:
    path = tmp_path / "t.jsonl"
    prefix = [b'{"action":{"kind":"coin-toss","winner":0}}', b'{"action":{"kind":"prepare"}}',
              b'{"action":{"kind":"move"}}'][:before]
    path.write_bytes(b"\n".join([HEADER, *prefix, line]) + b"\n")
    code, err = cli("verify", str(path))
    assert code == 2, err
    assert f"{path}:{before + 2}:" in err


@FUZZ
@given(line=bad_headers)
def test_a_malformed_header_exits_2_naming_file_and_line(tmp_path: Path, line: bytes) -> None:
    path = tmp_path / "h.jsonl"
    path.write_bytes(HEADER + b"\n" + b'{"action":{"kind":"coin-toss","winner":1}}\n' + line + b"\n"
                     + b'{"action":{"kind":"move"}}\n')
    code, err = cli("verify", str(path))
    assert code == 2, err
    assert f"{path}:3:" in err


@FUZZ
@given(blob=st.binary(min_size=1, max_size=300))
def test_arbitrary_bytes_after_a_header_never_crash(tmp_path: Path, blob: bytes) -> None:
    path = tmp_path / "b.jsonl"
    path.write_bytes(HEADER + b"\n" + blob)
    code, err = cli("verify", str(path))
    assert code in (0, 1, 2)
    if code == 2:
        assert str(path) in err


# --------------------------------------------------------------------------------------------------
# Vectors


@pytest.fixture(scope="module")
def one_case(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("fuzz-vectors")
    export(root, ["raiders"], seed=0, games_per_config=1, per_rule=1)
    for case in iter_cases(root):
        v = load_vector(case)
        if v.kind == "step" and v.expected == "post":
            return case
    raise AssertionError("no step case")


bad_vector_files = st.sampled_from(["manifest.json", "pre.json", "action.json", "post.json"]).flatmap(
    lambda name: st.tuples(st.just(name), st.one_of(
        st.binary(max_size=30).filter(_not_json),
        not_objects.map(orjson.dumps),
        st.dictionaries(st.text(max_size=8).filter(lambda k: k not in ("kind", "phase", "current", "raiders")),
                        json_values, max_size=3).map(orjson.dumps),
        *([unknown_kinds.map(lambda k: orjson.dumps({"kind": k}))] if name == "action.json" else []),
    )))


@FUZZ
@given(corruption=bad_vector_files)
def test_a_malformed_vector_exits_2_naming_the_file(tmp_path: Path, one_case: Path, corruption: tuple[str, bytes]) -> None:
    name, content = corruption
    root = tmp_path / "v"
    case = root / one_case.name
    shutil.rmtree(root, ignore_errors=True)
    shutil.copytree(one_case, case)
    (case / name).write_bytes(content)
    code, err = cli("vectors", "run", str(root), "--impl", "python:tombspec.checks.oracle.conform:ModelAdapter")
    assert code == 2, err
    assert str(case / name) in err


# --------------------------------------------------------------------------------------------------
# Protocol replies

REPLY_SERVER = ("import sys\n"
                "replies = open(sys.argv[1], 'rb').read().split(b'\\n')\n"
                "for line in sys.stdin.buffer:\n"
                "    if b'\"id\"' not in line: continue\n"
                "    sys.stdout.buffer.write((replies.pop(0) if replies else b'') + b'\\n'); sys.stdout.flush()\n")

rpc_ids = st.one_of(st.none(), st.integers(-3, 3), st.text(max_size=3))
bad_replies = st.one_of(
    st.binary(max_size=40).filter(lambda b: b"\n" not in b and b"\r" not in b and _not_json(b)),
    not_objects.map(orjson.dumps),
    st.fixed_dictionaries({}, optional={"jsonrpc": st.sampled_from(["2.0", "1.0", 2]), "id": rpc_ids,
                                        "result": json_values, "error": json_values}).map(orjson.dumps),
    st.fixed_dictionaries({"jsonrpc": st.just("2.0"), "id": rpc_ids, "error": st.fixed_dictionaries(
        {"code": st.integers(-40000, 10), "message": st.text(max_size=8)},
        optional={"data": json_values})}).map(orjson.dumps),
    st.fixed_dictionaries({"jsonrpc": st.just("2.0"), "id": st.just(1),
                           "result": st.dictionaries(st.text(max_size=6), json_values, max_size=3)}).map(orjson.dumps),
).filter(lambda b: b"\n" not in b and b"\r" not in b)


def _a_valid_reset_answer(raw: bytes) -> bool:
    try:
        reply = orjson.loads(raw)
    except orjson.JSONDecodeError:
        return False
    return schema.problem("rpc-response", reply) is None and reply.get("id") == 1 and "result" in reply \
        and schema.problem("reset-result", reply["result"]) is None


@FUZZ
@given(reply=bad_replies)
def test_a_garbage_protocol_reply_exits_2(tmp_path: Path, reply: bytes) -> None:
    assume(not _a_valid_reset_answer(reply))
    replies = tmp_path / "replies"
    replies.write_bytes(reply)
    script = tmp_path / "server.py"
    script.write_text(REPLY_SERVER)
    impl = ProcessImplementation(shlex.join([sys.executable, "-I", "-S", str(script), str(replies)]), timeout=5)
    try:
        report = conform(impl, ["raiders"], games=1, seed=0, shrink=False)
    finally:
        impl.close()
    assert report.exit_code == 2 and report.failure is not None
    m = report.failure.mismatch
    assert m.step == 0 and m.kind in ("garbage", "error", "crash") and m.message
    assert impl.proc is None

"""Issue 13, boards and input files: a documented size limit refused before any work, distances only
as needed, malformed boards and unreadable files as clear errors (exit 2), never a traceback or a hang."""

from __future__ import annotations

import os
import time
from pathlib import Path

import orjson
import pytest

from tombspec.checks.oracle.trace import header
from tombspec.model.raiders import Raiders
from tombspec.model.raiders.board import MAX_SPACES, load_board, shipped_boards
from tombspec.spec.errors import InvalidInput
from tombspec.spec.inputs import MAX_FILE_BYTES, read_text

from .conftest import put, run_cli


def free_board(width: int, height: int) -> str:
    rows = []
    for y in range(height):
        row = ["1"] * width
        if y == 0:
            row[0] = "S"
        if y == height - 1:
            row[-1] = "E"
        rows.append('  "' + " ".join(row) + '",')
    return ('format = 1\ngame = "raiders"\n[board]\nname = "big"\nlayout = "free"\n'
            '[[tiles]]\nid = "t"\nrows = [\n' + "\n".join(rows) + '\n]\n'
            '[[placements]]\ntile = "t"\nx = 0\ny = 0\n')


def test_a_board_above_the_limit_is_refused_before_any_work(tmp_path: Path) -> None:
    path = tmp_path / "big.toml"
    path.write_text(free_board(100, 100))          # 10,000 spaces
    start = time.monotonic()
    code, _, err = run_cli("explore", "raiders", "--games", "1", "--board", str(path))
    assert code == 2 and f"{MAX_SPACES:,}" in err and str(path) in err
    assert time.monotonic() - start < 10


def test_the_same_limit_holds_for_a_header_s_inline_board(tmp_path: Path, rs: Raiders) -> None:
    import tomllib

    head = orjson.loads(orjson.dumps(header(rs)))
    head["board"] = tomllib.loads(free_board(100, 100))
    code, _, err = run_cli("verify", str(put(tmp_path / "t.jsonl", [head])))
    assert code == 2 and f"{MAX_SPACES:,}" in err


def test_a_board_just_under_the_limit_loads_and_computes_distances_lazily(tmp_path: Path) -> None:
    path = tmp_path / "wide.toml"
    path.write_text(free_board(64, 60))            # 3,840 spaces
    board = load_board(path)
    assert len(board.spaces) == 64 * 60
    assert board.to_escape[board.start] == 63 and board.distance[board.start][board.escape] == 63
    assert len(board.distance) == 1                 # one row computed, not all pairs


@pytest.mark.parametrize("edit, words", [
    (lambda t: t.replace('"2 3 4 1",\n  "S 5 M 3",\n  "1 4 2 6",', '". . . .",'), "has no spaces"),
    (lambda t: t.replace("format = 1", "format = 1\ntiles = 5").split("[[tiles]]")[0], "'tiles' must be an array"),
    (lambda t: t.split("[[tiles]]")[0].replace("format = 1", "format = 1\nplacements = 5"), "'placements' must be an array"),
    (lambda t: t.replace("x = 0", "x = true", 1), "integer 'x'"),
    (lambda t: "a = " + "[" * 100_000, "nested too deep"),
], ids=["no-spaces", "tiles-5", "placements-5", "x-true", "deep"])
def test_malformed_boards_are_clear_errors(tmp_path: Path, edit, words: str) -> None:
    text = shipped_boards()["small"].read_text()
    path = tmp_path / "b.toml"
    path.write_text(edit(text))
    assert path.read_text() != text
    code, _, err = run_cli("explore", "raiders", "--games", "1", "--board", str(path))
    assert code == 2 and words in err, err


def test_a_deep_catalog_is_a_clear_error(tmp_path: Path) -> None:
    from tombspec.spec.catalog import load_catalog_file

    path = tmp_path / "deep.toml"
    path.write_text("a = " + "{b = " * 50_000)
    with pytest.raises(InvalidInput, match="deep|TOML"):
        load_catalog_file(path)


@pytest.mark.parametrize("argument", ["--board", "--options"])
def test_devices_and_fifos_are_refused_at_once(tmp_path: Path, argument: str) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for path in ("/dev/zero", str(fifo)):
        start = time.monotonic()
        code, _, err = run_cli("explore", "raiders", "--games", "1", argument, path)
        assert code == 2 and "regular file" in err and path in err
        assert time.monotonic() - start < 5


def test_verify_refuses_a_device_and_a_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for path in ("/dev/zero", str(fifo), str(tmp_path)):
        code, _, err = run_cli("verify", path)
        assert code == 2 and "regular file" in err or "directory" in err


def test_a_header_board_is_never_a_path(tmp_path: Path, rs: Raiders) -> None:
    head = orjson.loads(orjson.dumps(header(rs)))
    for board in ("/dev/zero", str(shipped_boards()["small"]), "../x.toml"):
        code, _, err = run_cli("verify", str(put(tmp_path / "t.jsonl", [dict(head, board=board)])))
        assert code == 2 and "never a file path" in err
    toss = {"action": {"kind": "coin-toss", "winner": 0}}          # a step, so that something is checked
    code, _, _ = run_cli("verify", str(put(tmp_path / "t.jsonl", [dict(head, board="small"), toss])))
    assert code == 0


def test_a_vector_pre_json_linked_to_dev_zero_is_malformed(tmp_path: Path, rs: Raiders) -> None:
    from tombspec.checks.oracle.vectors import make_vector

    v = make_vector(rs, rs.initial_state(), rs.decode_action({"kind": "coin-toss", "winner": 0}))
    case = v.write(tmp_path / "vectors")
    (case / "pre.json").unlink()
    (case / "pre.json").symlink_to("/dev/zero")
    code, _, err = run_cli("vectors", "run", str(tmp_path / "vectors"), "--impl",
                           "python:tombspec.checks.oracle.conform:ModelAdapter")
    assert code == 2 and "pre.json" in err and "regular file" in err


def test_a_file_above_the_cap_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "huge.toml"
    with open(path, "wb") as f:
        f.truncate(MAX_FILE_BYTES + 1)
    with pytest.raises(InvalidInput, match="larger than"):
        read_text(path)


def test_a_rulebook_that_is_not_utf8_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tombspec.spec import rulebooks

    (tmp_path / "raiders-of-the-lost-tomb.txt").write_bytes(b"\xff\xfe not utf-8 \x80")
    monkeypatch.setenv("TOMBSPEC_RULEBOOKS", str(tmp_path))
    rulebooks.rulebook_text.cache_clear()
    try:
        with pytest.raises(InvalidInput, match="not UTF-8"):
            rulebooks.rulebook_text("raiders-of-the-lost-tomb.txt")
        with pytest.raises(InvalidInput, match="plain file name"):
            rulebooks.rulebook_text("../../etc/passwd")
    finally:
        rulebooks.rulebook_text.cache_clear()


def test_the_catalog_lint_refuses_a_device() -> None:
    from tombspec.spec.lint import main as lint

    assert lint(["/dev/zero"]) == 2


def test_memory_running_out_is_exit_2(monkeypatch: pytest.MonkeyPatch, raiders_trace: Path) -> None:
    import tombspec.checks.oracle.pverify as pverify_module
    import tombspec.checks.oracle.verify as verify_module

    def exhausted(*args: object, **kwargs: object) -> None:
        raise MemoryError

    monkeypatch.setattr(verify_module, "verify", exhausted)
    monkeypatch.setattr(pverify_module, "pverify", exhausted)      # verify on workers (the default)
    code, _, err = run_cli("verify", str(raiders_trace))
    assert code == 2 and "out of memory" in err


def _blown_up(obj: object) -> object:
    """Board data with every ``rows`` grid repeated until it is far above the limit."""
    if isinstance(obj, dict):
        return {k: (v * 400 if k == "rows" and isinstance(v, list) else _blown_up(v)) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_blown_up(v) for v in obj]
    return obj


@pytest.mark.parametrize("game", ["tomb", "egypt"])
def test_the_other_games_boards_have_the_limit_too(tmp_path: Path, game: str) -> None:
    from tombspec.model.registry import get_ruleset

    rs = get_ruleset(game)
    head = orjson.loads(orjson.dumps(header(rs)))
    assert "rows" in orjson.dumps(head["board"]).decode()
    head["board"] = _blown_up(head["board"])
    start = time.monotonic()
    code, _, err = run_cli("verify", str(put(tmp_path / "t.jsonl", [head])))
    assert code == 2 and "4,096" in err, err
    assert time.monotonic() - start < 20

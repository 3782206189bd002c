"""The landing page's tour: real output of ``tombspec`` commands, run through click's CliRunner at build time.

The fragment is included by ``docs/index.md``; it lives under ``generated/fragments/`` (excluded from the
documents, so it is only read through the include).
"""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any

from . import md
from .facts import Facts

WIDTH = 100


def _run(args: list[str], cwd: Path | None = None) -> tuple[str, int]:
    from click.testing import CliRunner

    from tombspec.checks.cli import main

    runner = CliRunner(env={"COLUMNS": str(WIDTH), "NO_COLOR": "1", "TERM": "dumb"})
    result = runner.invoke(main, args, catch_exceptions=True, prog_name="tombspec")
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise RuntimeError(f"tombspec {' '.join(args)} raised {result.exception!r}") from result.exception
    return result.output, result.exit_code


def shell(args: list[str], output: str, code: int, limit: int = 40, tail: int = 0, width: int = 0) -> str:
    """A console block: the command and its output (cut to ``limit`` lines, keeping the last ``tail``, and
    lines to ``width`` characters when given)."""
    lines = output.rstrip("\n").splitlines()
    if width:
        lines = [line if len(line) <= width else line[:width] + " …" for line in lines]
    if len(lines) > limit:
        cut = len(lines) - limit
        lines = lines[:limit - tail] + [f"... ({cut} lines more) ..."] + (lines[-tail:] if tail else [])
    body = "\n".join(lines)
    return f"```console\n$ tombspec {shlex.join(args)}\n{body}\n```\n*Exit code {code}.*\n\n"


def tour(facts: Facts) -> str:
    import os
    import tempfile

    from tombspec.checks.cli import main

    commands = set(main.commands)
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        here = os.getcwd()
        os.chdir(tmp)
        try:
            out.append(_check(facts))
            out.append(_explore())
            out.append(_verify(commands))
            out.append(_conform(facts, commands))
            out.append(_rules())
        finally:
            os.chdir(here)
    return "\n".join(out)


def _check(facts: Facts) -> str:
    args = ["check", "--game", "raiders", "--games", "5"]
    output, code = _run(args)
    return ("### check: the main job\n\n"
            "Loads every catalog and checks its quotes against the rulebooks (when they are present), proves "
            "every invariant of every modelled game with z3, checks the structural constraints, explores random "
            "games under the invariants, checks reachability on the boards and runs the findings detectors. "
            f"{md.code('make check')} runs it over all five games; here, one game:\n\n"
            + shell(args, output, code, limit=24, tail=3)
            + f"Exit 0 when it ran clean, 1 when the model breaks an invariant, a proof finds a counterexample or a "
            f"quote is not in its rulebook, 2 on bad input. {md.code('--json')} gives the whole report as JSON "
            f"(the {md.doc('generated/findings/index', 'findings pages')} are generated from it).\n")


def _explore() -> str:
    args = ["explore", "raiders", "--games", "200", "--seed", "1"]
    output, code = _run(args)
    return ("### explore: random games under the invariants\n\n"
            "Plays complete random games through the model's legal actions, drawing chance outcomes with their "
            "exact probabilities, and checks every invariant after every step. The same seed gives the same "
            "games; {0} writes them as a JSON Lines trace.\n\n".format(md.code("--trace FILE"))
            + shell(args, output, code))


def _verify(commands: set[str]) -> str:
    head = ("### verify: judge another implementation's game log\n\n"
            "Replays a trace (JSON Lines: a header, then one line per action, each optionally claiming the state "
            "that follows) through the reference model and reports the first divergence of each game, naming the "
            "file, the line and the rule broken.\n\n")
    if "verify" not in commands:
        return head + ("*Not available in this build: the* {0} *command is not registered yet.*\n"
                       .format(md.code("verify")))
    _run(["explore", "raiders", "--games", "2", "--seed", "7", "--trace", "raiders.jsonl"])
    args = ["verify", "raiders.jsonl"]
    output, code = _run(args)
    text = head + "A trace written by " + md.code("explore --trace") + " verifies:\n\n" + shell(args, output, code)
    tampered = _tamper(Path("raiders.jsonl"), Path("tampered.jsonl"))
    if tampered is not None:
        args = ["verify", "tampered.jsonl"]
        output, code = _run(args)
        text += (f"The same trace with line {tampered} altered (a die face changed, as a buggy implementation "
                 "might log it):\n\n" + shell(args, output, code))
    return text


def _tamper(src: Path, dst: Path) -> int | None:
    """Change the first roll of Heads in a trace; return the line number changed (None if there is none)."""
    import orjson

    lines = src.read_bytes().splitlines()
    for number, raw in enumerate(lines, 1):
        obj = orjson.loads(raw)
        action = obj.get("action")
        if isinstance(action, dict) and isinstance(action.get("heads"), int) and number > 3:
            action["heads"] = action["heads"] + 1 if action["heads"] < 3 else action["heads"] - 1
            lines[number - 1] = orjson.dumps(obj, option=orjson.OPT_SORT_KEYS)
            dst.write_bytes(b"\n".join(lines) + b"\n")
            return number
    return None


def _conform(facts: Facts, commands: set[str]) -> str:
    import os
    import shutil

    from .facts import repo_root

    head = ("### conform: drive another implementation\n\n"
            "Runs another implementation as a child process and talks JSON-RPC 2.0 to it over standard input "
            "and output, playing random games and checking every answer against the reference model; "
            "a divergence is shrunk to a short game and printed as a trace that "
            f"{md.code('verify')} replays"
            + (f" (the {md.doc('oracle', 'oracle page')} has the protocol)" if facts.has_page("oracle") else "")
            + ".\n\n")
    if "conform" not in commands:
        return head + ("*Not available in this build: the* {0} *command is not registered yet.*\n"
                       .format(md.code("conform")))
    root = repo_root()
    node_example = root / "examples" / "raiders-node" / "server.js"
    mutants = root / "examples" / "raiders-python" / "seeded_bugs.py"
    text = head
    here = os.getcwd()
    os.chdir(root)
    try:
        if node_example.is_file() and shutil.which("node"):
            args = ["conform", "--impl", "node examples/raiders-node/server.js", "--game", "raiders",
                    "--games", "20"]
            output, code = _run(args)
            text += ("The independent Raiders implementation in Node.js that ships in "
                     f"{md.code('examples/raiders-node/')} conforms:\n\n" + shell(args, output, code))
        if mutants.is_file():
            args = ["conform", "--impl", "python:examples/raiders-python/seeded_bugs.py:TiesToAttacker",
                    "--game", "raiders", "--games", "20", "--shrink-seconds", "5"]
            output, code = _run(args)
            text += ("A seeded bug (the reference model with one rule changed: a tied Attack goes to the "
                     f"Attacker, against {md.ref('raiders.attack.ties-to-defender')}) is caught, and the game "
                     "that shows it is shrunk (long lines cut here):\n\n"
                     + shell(args, output, code, limit=14, width=110))
    finally:
        os.chdir(here)
    if text == head:
        args = ["conform", "--help"]
        output, code = _run(args)
        text += "Its options:\n\n" + shell(args, output, code)
    return text


def _rules() -> str:
    args = ["rules", "raiders", "--search", "ties"]
    output, code = _run(args)
    return ("### rules: read the catalog\n\n"
            "Lists or searches the rules of a game, with their ids and the rulebook's words:\n\n"
            + shell(args, output, code))


def pages(facts: Facts) -> dict[str, Any]:
    return {"fragments/tour.md": tour(facts)}


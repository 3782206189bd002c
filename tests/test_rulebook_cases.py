"""Cases written from the rulebooks alone (tests/cases/GAME/*.jsonl), kept as regression tests.

Each case is a trace (docs/oracle.md): a header that starts from a state its author built, then actions
with the claims the rulebook's words make (``error``: refused for that rule; ``project``: the fields
that follow).  Its author read the rulebook, the state's documentation and the catalog, never the
model's code, as the judges of a conformance oracle do; a case the model failed was triaged against the
rulebook (the model mended, or the case), and the verdicts are in the commit that added it.

The header says what the case holds to: ``x-rule``, the catalog id of the rule it tests, and
``x-quote``, the rulebook's words it rests on, each checked verbatim against the rulebook where the
rulebooks are present (``TOMBSPEC_RULEBOOKS``); without them that one check is skipped, saying so.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tombspec.checks.oracle.verify import verify
from tombspec.spec import load_catalog, rulebook_text
from tombspec.spec.rulebooks import find_quote

CASES = Path(__file__).parent / "cases"
FILES = sorted(CASES.glob("*/*.jsonl"))
CLAIMS = ("error", "project", "state", "digest")   # what an action line may claim


def _lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _id(path: Path) -> str:
    return f"{path.parent.name}/{path.stem}"


def test_the_cases_are_there() -> None:
    """The directory holds cases of more than one game (a glob that finds nothing passes nothing)."""
    assert len({p.parent.name for p in FILES}) >= 2, f"no rulebook cases under {CASES}"


@pytest.mark.parametrize("path", FILES, ids=_id)
def test_case_is_well_formed(path: Path) -> None:
    """One game (from the state its author built, or from Set Up), whose header names a rule of the
    catalog and the words it rests on, with at least one action: each line claims that the model takes
    the action (and, with a claim, what follows it or the rule that refuses it)."""
    lines = _lines(path)
    head = lines[0]
    assert head.get("trace") == "tombspec" and head.get("game") == path.parent.name
    assert sum(1 for x in lines if "trace" in x) == 1, "one case per file"
    assert len(lines) > 1 and all("action" in x for x in lines[1:]), "a case without an action checks nothing"
    rule = head.get("x-rule")
    assert rule in load_catalog(head["game"]), f"x-rule {rule!r} is not an entry of the {head['game']} catalog"
    quotes = head.get("x-quote")
    assert isinstance(quotes, list) and quotes and all(isinstance(q, str) and q.strip() for q in quotes)


def test_most_cases_claim_more_than_acceptance() -> None:
    """Nine cases in ten claim what follows an action or the rule refusing it, not only that it is taken."""
    claiming = sum(1 for p in FILES if any(k in x for x in _lines(p)[1:] for k in CLAIMS))
    assert claiming >= 0.9 * len(FILES), (claiming, len(FILES))


@pytest.mark.parametrize("path", FILES, ids=_id)
def test_case_conforms(path: Path) -> None:
    """The model replays the case and every claim holds: no divergence, nothing left unspecified."""
    report = verify([path])
    assert not report.malformed, report.malformed
    assert not report.unspecified, [d.to_json() for d in report.unspecified]
    assert not report.divergences, [d.to_json() for d in report.divergences]
    assert report.games == 1 and report.steps == len(_lines(path)) - 1


@pytest.mark.parametrize("path", FILES, ids=_id)
def test_case_quotes_the_rulebook(path: Path) -> None:
    head = _lines(path)[0]
    book = load_catalog(head["game"]).rulebook
    text = rulebook_text(book)
    if text is None:
        pytest.skip(f"rulebook {book} not found (set TOMBSPEC_RULEBOOKS); the case's quotes not checked")
    missing = [q for q in head["x-quote"] if find_quote(q, text) < 0]
    assert not missing, f"not in {book}: {missing}"

"""Give each rulebook case the two header keys tests/test_rulebook_cases.py holds it to.

    python tests/cases/annotate.py [GAME ...]        (needs the rulebooks: TOMBSPEC_RULEBOOKS)

A case's author writes, in its header's ``note``, the rulebook's words it rests on, each passage
between single or double quotation marks.  This adds ``x-quote``: those passages that are the
rulebook's very words (a passage cut by an ellipsis is split at it; what is not found verbatim is left
out, and a note with none found is reported), and ``x-rule``, unless the author gave one: the catalog
rule whose own quote holds the first of them (else the one that shares the longest run of words with
it).  Run it after a case builder (tests/cases/*/tools) writes the cases again.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from tombspec.spec import load_catalog, rulebook_text
from tombspec.spec.rulebooks import find_quote, normalise

HERE = Path(__file__).resolve().parent
#: a passage between quotation marks: opened after a space, a colon or a bracket, closed before a space,
#: punctuation or the end (an apostrophe inside a word opens or closes nothing)
_QUOTED = re.compile(r"""(?:(?<=^)|(?<=[\s:(\[]))(['"‘“])(.{6,}?)(?:['"’”])(?=[\s.,;:)\]]|$)""")
_ELLIPSIS = re.compile(r"\s*(?:\.\.\.|…)\s*")


def passages(note: str, text: str) -> list[str]:
    """The passages quoted in ``note`` that are the rulebook's words (``text``, normalised)."""
    out: list[str] = []
    for m in _QUOTED.finditer(note):
        for part in _ELLIPSIS.split(m.group(2)):
            part = part.strip(" ,;")
            for cut in (part, part.rstrip("."), part + "."):
                if len(cut) >= 12 and find_quote(cut, text) >= 0:
                    if cut not in out:
                        out.append(cut)
                    break
    return out


def rule_for(game: str, quote: str) -> str:
    """The catalog rule whose quote holds ``quote`` (else the one sharing the longest run of words)."""
    cat = load_catalog(game)
    q = normalise(quote)
    best, size = "", 0
    for r in cat.rules:
        own = normalise(r.quote)
        if q in own:
            return r.id
        words = q.split()
        for n in range(len(words), size, -1):
            if any(" ".join(words[i:i + n]) in own for i in range(len(words) - n + 1)):
                best, size = r.id, n
                break
    return best


def annotate(path: Path) -> str | None:
    """Add the keys to one case; the problem, if its note quotes nothing found in the rulebook."""
    lines = path.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    game = head["game"]
    text = rulebook_text(load_catalog(game).rulebook)
    if text is None:
        raise SystemExit(f"the {game} rulebook is not here (set TOMBSPEC_RULEBOOKS)")
    found = passages(head.get("note", ""), text)
    if not found:
        return f"{path}: its note quotes no passage found verbatim in the rulebook"
    head["x-quote"] = found
    head.setdefault("x-rule", rule_for(game, found[0]))
    lines[0] = json.dumps(head)
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return None


def main(argv: list[str]) -> int:
    games = argv or sorted(p.name for p in HERE.iterdir() if p.is_dir())
    problems = [p for game in games for f in sorted((HERE / game).glob("*.jsonl")) if (p := annotate(f))]
    print("\n".join(problems) or "every case annotated")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""The versioned contract (DESIGN.md contract 8): each game's protocol has a version, and what each version
changed is computed from the protocol itself, so that the changelog cannot go stale.

A game's **protocol surface** is what an implementer codes against: the JSON Schemas of its state and of
its actions (field names and types, descriptions aside), its options (each variant, each reading with
the ambiguity it settles, its readings and its default), and the rules a refusal may name (read from the
model's legality functions).  ``spec/protocol/<game>.json`` records every version: its number, its date,
what it changed in words, and its surface.  The current version is the one whose surface is the model's
now; a change of the surface without a new version is a failing test
(``tests/oracle/test_protocol.py``), and :func:`changes_between` says, field by field and option by
option, what changed from one version to another.

Record a new version (maintainers) after changing the surface:

    python -m tombspec.checks.oracle.protocol record GAME "what changed, in words"
"""

from __future__ import annotations

import datetime
import hashlib
import sys
from functools import cache
from pathlib import Path
from typing import Any

import attrs
import orjson

from tombspec.spec.errors import InvalidInput, TombspecError

FOLDER = Path(__file__).resolve().parents[2] / "spec" / "protocol"


class ProtocolDrift(TombspecError):
    """The model's protocol surface is not that of any recorded version: a version must be recorded."""


def _strip(schema: Any) -> Any:
    """A schema without its prose (descriptions, titles): what an implementation's code depends on."""
    if isinstance(schema, dict):
        return {k: _strip(v) for k, v in schema.items() if k not in ("description", "title", "$id")}
    if isinstance(schema, list):
        return [_strip(v) for v in schema]
    return schema


def surface(rs: Any) -> dict[str, Any]:
    """The protocol surface of a configured ruleset (its game's; the configuration does not change it)."""
    from tombspec.model import codec

    from .checkorder import check_order
    from .schema import game_schemas

    schemas = game_schemas(rs)
    options: dict[str, Any] = {}
    defaults = type(rs.options)()
    for f in attrs.fields(type(rs.options)):
        entry: dict[str, Any] = {"default": codec.to_data(getattr(defaults, f.name))}
        if "settles" in f.metadata:
            entry["settles"] = f.metadata["settles"]
            entry["readings"] = list(f.metadata["readings"])
        if "variant" in f.metadata:
            entry["variant"] = f.metadata["variant"]
        options[f.name] = entry
    refusals: set[str] = set(getattr(type(rs), "refusal_rules", {}).values())
    for chain in check_order(rs):
        refusals.update(chain.get("rules") or ())
    return {"state": _strip(schemas["state"]), "action": _strip(schemas["action"]), "options": options,
            "refusals": sorted(refusals)}


def fingerprint(data: dict[str, Any]) -> str:
    return hashlib.sha256(orjson.dumps(data, option=orjson.OPT_SORT_KEYS)).hexdigest()[:16]


def versions(game: str) -> list[dict[str, Any]]:
    """The recorded versions of ``game``'s protocol, oldest first."""
    path = FOLDER / f"{game}.json"
    if not path.is_file():
        return []
    return orjson.loads(path.read_bytes())["versions"]


def newest_version(game: str) -> int | None:
    """The newest recorded version's number (None: none recorded), read without working out the model's
    surface: a shipped model's current version is its newest (``tests/oracle/test_protocol.py``)."""
    recorded = versions(game)
    return int(recorded[-1]["version"]) if recorded else None


@cache
def current_surface(game: str) -> dict[str, Any]:
    from tombspec.model.registry import get_ruleset

    return surface(get_ruleset(game))


def current_version(game: str) -> int:
    """The version whose surface is the model's now; :class:`ProtocolDrift` if none is."""
    now = fingerprint(current_surface(game))
    for v in reversed(versions(game)):
        if v["fingerprint"] == now:
            return int(v["version"])
    raise ProtocolDrift(f"{game}'s protocol surface ({now}) is that of no recorded version: record one with "
                        f"python -m tombspec.checks.oracle.protocol record {game} \"what changed\"")


@cache
def protocol_version(game: str) -> int | None:
    """The version a trace header and ``reset`` state: the current one, or None for a game with no
    recorded versions (a plug-in) or whose surface drifted from them (a failing test, for shipped games)."""
    if not versions(game):
        return None
    try:
        return current_version(game)
    except ProtocolDrift:
        return None


def version_of(game: str, number: int) -> dict[str, Any]:
    for v in versions(game):
        if v["version"] == number:
            return v
    known = ", ".join(str(v["version"]) for v in versions(game)) or "none"
    raise InvalidInput(f"{game} has no protocol version {number} (versions: {known})", source="--protocol")


# What changed between two versions -------------------------------------------------------------------


def _fields(schema: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Every object type of a schema (its ``$defs``) by name: field -> its schema."""
    return {name: d.get("properties", {}) for name, d in schema.get("$defs", {}).items()}


def _actions(schema: dict[str, Any]) -> dict[str, dict[str, Any]]:
    out = {}
    for one in schema.get("oneOf", []):
        props = dict(one.get("properties", {}))
        kind = props.pop("kind", {}).get("const", "?")
        out[kind] = props
    return out


def changes_between(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """What an implementer of ``old``'s surface must change to speak ``new``'s, one line each."""
    out: list[str] = []
    a, b = _fields(old["state"]), _fields(new["state"])
    for name in sorted(a.keys() | b.keys()):
        if name not in b:
            out.append(f"state: the object {name} is gone")
            continue
        if name not in a:
            out.append(f"state: a new object {name} (fields {', '.join(b[name]) or 'none'})")
            continue
        for field in sorted(a[name].keys() | b[name].keys()):
            if field not in b[name]:
                out.append(f"state: {name}.{field} is gone")
            elif field not in a[name]:
                out.append(f"state: {name}.{field} is new")
            elif a[name][field] != b[name][field]:
                out.append(f"state: {name}.{field} changed type")
    a, b = _actions(old["action"]), _actions(new["action"])
    for kind in sorted(a.keys() | b.keys()):
        if kind not in b:
            out.append(f"action: {kind} is gone")
        elif kind not in a:
            out.append(f"action: {kind} is new (fields {', '.join(b[kind]) or 'none'})")
        elif a[kind] != b[kind]:
            gone, added = sorted(a[kind].keys() - b[kind].keys()), sorted(b[kind].keys() - a[kind].keys())
            changed = sorted(k for k in a[kind].keys() & b[kind].keys() if a[kind][k] != b[kind][k])
            parts = [f"{', '.join(added)} new" if added else "", f"{', '.join(gone)} gone" if gone else "",
                     f"{', '.join(changed)} changed type" if changed else ""]
            out.append(f"action: {kind}: " + "; ".join(p for p in parts if p))
    a, b = old["options"], new["options"]
    for name in sorted(a.keys() | b.keys()):
        if name not in b:
            out.append(f"option {name} is gone")
        elif name not in a:
            what = f"settles {b[name]['settles']}, readings {', '.join(b[name]['readings'])}" \
                if "settles" in b[name] else f"variant {b[name]['variant']}" if "variant" in b[name] else "a setting"
            out.append(f"option {name} is new ({what}; default {orjson.dumps(b[name]['default']).decode()})")
        elif a[name] != b[name]:
            if set(a[name].get("readings", ())) != set(b[name].get("readings", ())):   # not their order (default first)
                gone = [r for r in a[name].get("readings", []) if r not in b[name].get("readings", [])]
                added = [r for r in b[name].get("readings", []) if r not in a[name].get("readings", [])]
                out.append(f"option {name}: reading(s) " + "; ".join(
                    p for p in (f"{', '.join(added)} new" if added else "", f"{', '.join(gone)} gone" if gone else "")
                    if p))
            if a[name]["default"] != b[name]["default"]:
                out.append(f"option {name}: the default is now {orjson.dumps(b[name]['default']).decode()} "
                           f"(was {orjson.dumps(a[name]['default']).decode()})")
    gone = sorted(set(old["refusals"]) - set(new["refusals"]))
    added = sorted(set(new["refusals"]) - set(old["refusals"]))
    if added:
        out.append(f"refusals may now name {', '.join(added)}")
    if gone:
        out.append(f"refusals no longer name {', '.join(gone)}")
    return out


def changes_since(game: str, number: int) -> list[str]:
    """What changed from version ``number`` to the current one: each later version's words, and the
    surface's differences, computed."""
    now = current_version(game)
    if number >= now:
        return []
    old = version_of(game, number)
    lines = [f"version {v['version']} ({v['date']}): {v['changes']}" for v in versions(game)
             if number < v["version"] <= now]
    return lines + changes_between(old["surface"], version_of(game, now)["surface"])


def new_options_since(game: str, number: int) -> dict[str, Any]:
    """The options of the current version that version ``number`` did not have, with their defaults."""
    old = version_of(game, number)["surface"]["options"]
    new = version_of(game, current_version(game))["surface"]["options"]
    return {name: entry["default"] for name, entry in new.items() if name not in old}


def options_of(game: str, number: int) -> set[str]:
    return set(version_of(game, number)["surface"]["options"])


def state_fields_of(game: str, number: int) -> set[str]:
    """The top-level state fields of version ``number``."""
    schema = version_of(game, number)["surface"]["state"]
    ref = schema.get("$ref", "").rsplit("/", 1)[-1]
    return set(schema.get("$defs", {}).get(ref, {}).get("properties", {}))


# Recording a version (maintainers) -------------------------------------------------------------------


def record(game: str, changes: str, *, folder: Path = FOLDER) -> int:
    """Record the model's surface as a new version of ``game``'s protocol (nothing when it is the
    latest version's already); the number recorded."""
    current_surface.cache_clear()
    data = current_surface(game)
    print_ = fingerprint(data)
    path = folder / f"{game}.json"
    known = orjson.loads(path.read_bytes())["versions"] if path.is_file() else []
    if known and known[-1]["fingerprint"] == print_:
        return int(known[-1]["version"])
    number = (known[-1]["version"] + 1) if known else 1
    known.append({"version": number, "date": datetime.date.today().isoformat(), "changes": changes,
                  "fingerprint": print_, "surface": data})
    folder.mkdir(parents=True, exist_ok=True)
    path.write_bytes(orjson.dumps({"game": game, "versions": known}, option=orjson.OPT_INDENT_2) + b"\n")
    return number


def main(argv: list[str]) -> int:
    if len(argv) != 3 or argv[0] != "record":
        print(__doc__, file=sys.stderr)
        return 2
    number = record(argv[1], argv[2])
    print(f"{argv[1]}: protocol version {number}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Helpers that build the states of the raid cases (tests/cases/tomb/raid-*.jsonl): python3 gen.py .. writes them."""
import json, copy, sys, os

def task(kind, player=0, rule="", subject=None, card=None, deck=None, value=0, items=None):
    return {"card": card, "deck": deck, "items": items or [], "kind": kind, "player": player,
            "rule": rule, "subject": subject, "value": value}

def ch(name, wounds=0, attached=None):
    return {"actions": 0, "attached": attached or [], "name": name, "owner": None, "wounds": wounds}

def party(chars, location="inn", hand=None, bank=None, bank_xp=0):
    return {"bank": bank or [], "bank_xp": bank_xp, "characters": chars, "crypt_hand": [],
            "hand": hand or [], "location": location, "out": False}

def hidden(card, known=(1,)):
    return {"card": card, "known": list(known)}

def deck(d):
    return {"counts": sorted([[k, v] for k, v in d.items()])}

CRYPTS = ["a", "b", "c", "d", "f"]

def state(p0, p1, crypts, current=0, pool=None, decks=None, crypt_deck=None, effects=None, inn=None, turn=6):
    cs = [{"cards": crypts.get(c, []), "id": c} for c in CRYPTS]
    decks = decks or {}
    return {
        "agenda": [task("turn", current, "tomb.turn.free-actions-then-one-standard"),
                   task("end-turn", current, "tomb.setup.clockwise")],
        "crypt_deck": deck(crypt_deck or {}),
        "crypt_discard": deck({}),
        "crypts": cs,
        "current": current,
        "dead": [],
        "decks": [deck(decks.get(k, {})) for k in ("prayer", "spell", "item", "tactics", "cryptmaster")],
        "discards": [deck({}) for _ in range(5)],
        "drawn": [],
        "effects": effects or [],
        "first_player": 1,
        "inn": inn or [],
        "levels": [1, 1],
        "order_rolls": [3, 4],
        "outcome": None,
        "overlord": None, "overlord_attached": [], "overlord_crypt": None, "overlord_wounds": 0,
        "parties": [p0, p1],
        "pillage": [],
        "pool": deck(pool or {"Grimbold": 1, "Torvald": 1, "Wren": 1}),
        "raid": None,
        "roll": None,
        "scores": [],
        "tally": [],
        "turn": turn,
        "winners": [],
        "wounds_due": [],
    }

def write(path, note, st, steps, options=None):
    hdr = {"trace": "tombspec", "version": 1, "game": "tomb", "options": options or {"players": 2},
           "board": "catacomb-halls", "note": note, "state": st}
    with open(path, "w") as f:
        f.write(json.dumps(hdr) + "\n")
        for s in steps:
            f.write(json.dumps(s) + "\n")

def A(kind, claim=None, player=None, **fields):
    d = {"action": {"kind": kind, **fields}}
    if player is not None: d["player"] = player
    if claim: d.update(claim)
    return d

import tomllib
_CS = tomllib.load(open(__import__("pathlib").Path(__file__).resolve().parents[4] / "spec/tomb/cards/example.toml", "rb"))
ALL_CHARS = [c["name"] for c in _CS["characters"]]
INN = {}
for c in _CS["cards"]:
    INN.setdefault(c["deck"], {})[c["name"]] = c.get("count", 1)
CRYPT = {c["name"]: c.get("count", 1) for c in _CS["crypt"]}
DECKS = ("prayer", "spell", "item", "tactics", "cryptmaster")

def complete(st, inn_to="discards", extra_pool=()):
    """Put every card and Character the state does not hold where conservation needs it."""
    from collections import Counter
    used_inn, used_crypt, used_chars = Counter(), Counter(), set()
    def cnt(d): return {k: v for k, v in d["counts"]}
    for p in st["parties"]:
        for c in p["characters"]:
            used_chars.add(c["name"])
            for a in c["attached"]:
                if a in CRYPT: used_crypt[a] += 1
                else: used_inn[a] += 1
        for h in p["hand"]: used_inn[h] += 1
        for b in p["bank"]:
            if b in CRYPT: used_crypt[b] += 1
            else: used_inn[b] += 1
    for c in st["crypts"]:
        for h in c["cards"]: used_crypt[h["card"]] += 1
    for k, v in cnt(st["crypt_deck"]).items(): used_crypt[k] += v
    for k, v in cnt(st["crypt_discard"]).items(): used_crypt[k] += v
    for i, d in enumerate(st["decks"]):
        for k, v in cnt(d).items(): used_inn[k] += v
    for k, v in cnt(st["pool"]).items(): used_chars.add(k)
    used_chars.update(st["inn"]); used_chars.update(st["dead"])
    # crypt leftovers to the discard pile
    cd = cnt(st["crypt_discard"])
    for k, v in CRYPT.items():
        left = v - used_crypt[k]
        assert left >= 0, k
        if left: cd[k] = cd.get(k, 0) + left
    st["crypt_discard"] = deck(cd)
    for i, dk in enumerate(DECKS):
        target = st["discards"] if inn_to == "discards" else st["decks"]
        d = cnt(target[i])
        for k, v in INN.get(dk, {}).items():
            left = v - used_inn[k]
            assert left >= 0, k
            if left: d[k] = d.get(k, 0) + left
        target[i] = deck(d)
    st["dead"] = sorted(set(st["dead"]) | (set(ALL_CHARS) - used_chars))
    return st

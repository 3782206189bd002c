"""Replay a case file through the model adapter, printing each step's agenda head and key fields."""
import json, sys
from tombspec.checks.oracle.conform import ModelAdapter, Rejected
from tombspec.model.ruleset import get_ruleset
path = sys.argv[1]
lines = [json.loads(l) for l in open(path) if l.strip()]
h = lines[0]
ad = ModelAdapter()
board = h.get("board")
rs = get_ruleset("tomb", board=board) if board else None
s = ad.reset("tomb", h.get("options"), board, state=h["state"])["state"]
def show(s):
    r = s.get("raid")
    ag = [(t["kind"], t["player"], t.get("subject"), t.get("card")) for t in s["agenda"][:4]]
    print("   agenda:", ag)
    if r: print("   raid:", {k: r[k] for k in ("stage","round","side","trap","disarmers","results","monsters","treasures","resolved","cards","early")})
    if s.get("roll"): print("   roll:", s["roll"])
    for i,p in enumerate(s["parties"]):
        print(f"   p{i}:", p["location"], [(c["name"], c["wounds"], c["attached"], c["actions"]) for c in p["characters"]], "bank", p["bank"], p["bank_xp"], "hand", p["hand"])
    print("   crypts:", {c["id"]: [x["card"] for x in c["cards"]] for c in s["crypts"] if c["cards"]}, "current", s["current"], "inn", s["inn"], "wounds_due", s.get("wounds_due"), "effects", [(e["name"], e["subject"], e["value"]) for e in s["effects"]], "outcome", s.get("outcome"))
show(s)
for l in lines[1:]:
    try:
        s = ad.step(l["action"], l.get("player"))["state"]
        print(">>", json.dumps(l["action"]), l.get("player"), "OK")
        show(s)
    except Rejected as e:
        print(">>", json.dumps(l["action"]), l.get("player"), "REJECTED", e)
    except Exception as e:
        print(">>", json.dumps(l["action"]), "ERR", type(e).__name__, e); break

"""A conform-protocol implementation for the oracle's tests: the reference model, misbehaving on cue.

    python fake_impl.py MODE [N]

plays correctly (the model behind ``ModelAdapter``) until the N-th ``step`` (default 1; 0 means the
``reset``), then does what MODE says: ``ok`` (nothing), ``crash`` (exits 3 after a word on stderr),
``hang`` (never answers), ``late`` (answers after 3 s), ``garbage`` (a line that is not JSON),
``wrong-id``, ``no-result``, ``not-rpc`` (a JSON object that is not a response), ``bad-state`` (a
result without a state), ``noise`` (a log line on stdout before the answer), ``error`` (a JSON-RPC
internal error), ``bad-rule`` (a refusal whose data names no rule), ``exit0`` (closes quietly),
``replies FILE`` (answers every request with the next line of FILE, verbatim), ``only GAME`` (plays
GAME correctly and declines every other game at ``reset`` with code 3, unsupported configuration).
"""

from __future__ import annotations

import json
import sys
import time

from tombspec.checks.oracle.conform import ModelAdapter, Rejected, Undecided


def main() -> None:
    mode = sys.argv[1]
    replies = open(sys.argv[2], "rb").read().splitlines() if mode == "replies" else None
    only = sys.argv[2] if mode == "only" else None
    when = int(sys.argv[2]) if len(sys.argv) > 2 and mode not in ("replies", "only") else 1
    model = ModelAdapter()
    steps = 0
    out = sys.stdout
    for raw in sys.stdin:
        req = json.loads(raw)
        if "id" not in req:
            continue
        ident = req["id"]
        if replies is not None:
            out.write((replies.pop(0) if replies else b"").decode("utf-8", "replace") + "\n")
            out.flush()
            continue
        if req["method"] == "reset":
            steps = 0
            if only is not None and req["params"]["game"] != only:
                out.write(json.dumps({"jsonrpc": "2.0", "id": ident, "error": {
                    "code": 3, "message": f"this implementation plays {only} only"}}) + "\n")
                out.flush()
                continue
        if req["method"] == "step":
            steps += 1
        due = (req["method"] == "reset" and when == 0) or (req["method"] == "step" and steps == when)
        if due and mode != "ok":
            if mode == "crash":
                sys.stderr.write("fake_impl: something broke\n")
                sys.exit(3)
            if mode == "hang":
                time.sleep(3600)
            if mode == "exit0":
                sys.exit(0)
            if mode == "late":
                time.sleep(3)
            if mode == "garbage":
                out.write("this is not json\n")
                out.flush()
                continue
            if mode == "wrong-id":
                out.write(json.dumps({"jsonrpc": "2.0", "id": ident + 1000, "result": {"state": {}}}) + "\n")
                out.flush()
                continue
            if mode == "no-result":
                out.write(json.dumps({"jsonrpc": "2.0", "id": ident}) + "\n")
                out.flush()
                continue
            if mode == "not-rpc":
                out.write(json.dumps({"hello": "world"}) + "\n")
                out.flush()
                continue
            if mode == "bad-state":
                out.write(json.dumps({"jsonrpc": "2.0", "id": ident, "result": {"status": "ok"}}) + "\n")
                out.flush()
                continue
            if mode == "noise":
                out.write("DEBUG: thinking about the next move\n")
            if mode == "error":
                out.write(json.dumps({"jsonrpc": "2.0", "id": ident,
                                      "error": {"code": -32603, "message": "internal error"}}) + "\n")
                out.flush()
                continue
            if mode == "bad-rule":
                out.write(json.dumps({"jsonrpc": "2.0", "id": ident,
                                      "error": {"code": 1, "message": "no", "data": {"why": "because"}}}) + "\n")
                out.flush()
                continue
        try:
            if req["method"] == "reset":
                p = req["params"]
                result = model.reset(p["game"], p["options"], p["board"], p.get("state"))
            else:
                result = model.step(req["params"]["action"])
            reply = {"jsonrpc": "2.0", "id": ident, "result": json.loads(json.dumps(result))}
        except Rejected as exc:
            reply = {"jsonrpc": "2.0", "id": ident, "error": {"code": 1, "message": exc.message,
                                                               "data": {"rule": exc.rule}}}
        except Undecided as exc:      # the rulebook does not settle this step under the options: code 2
            reply = {"jsonrpc": "2.0", "id": ident, "error": {"code": 2, "message": exc.message,
                                                               "data": {"ambiguity": exc.ambiguity}}}
        out.write(json.dumps(reply) + "\n")
        out.flush()


if __name__ == "__main__":
    main()

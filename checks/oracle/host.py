"""``python -m tombspec.checks.oracle.host python:MODULE:CLASS``: an in-process adapter served as a child
process, speaking the conform protocol (JSON-RPC 2.0 on standard input and output).

``conform --impl python:...`` and ``vectors run --impl python:...`` run an adapter here, in a process of
tombspec's own, rather than inside tombspec: whatever the adapter does (``os._exit``, a
``KeyboardInterrupt``, a process it starts, a print on standard output, a call that never returns) stays
in that process and its group, and is judged as every implementation is (a crash, a time-out, garbage),
never passed off as a result.  Standard output is the protocol's alone: the adapter's prints, Python's
and C's, go to standard error.
"""

from __future__ import annotations

import os
import sys
import traceback
from typing import Any

import orjson

from tombspec.spec.errors import InvalidInput

from .conform import (ILLEGAL_ACTION, UNSPECIFIED, UNSUPPORTED, ImplementationFailure, Rejected, Undecided,
                      Unsupported, load_adapter)

#: the code of a request the adapter could not be loaded for (the parent names it in its report)
NOT_LOADED = -32000


def serve(spec: str) -> int:
    protocol = os.fdopen(os.dup(1), "wb", buffering=0)
    os.dup2(2, 1)                            # every print, Python's or C's, goes to standard error
    sys.stdout = sys.stderr
    try:
        impl: Any = load_adapter(spec, timeout=None)
        failed: str | None = None
    except InvalidInput as exc:    # told to the parent at its first request
        impl, failed = None, exc.problem
    except BaseException as exc:  # noqa: BLE001
        impl, failed = None, f"cannot load {spec!r}: {type(exc).__name__}: {exc}"

    def answer(ident: Any, result: Any = None, error: dict[str, Any] | None = None) -> None:
        body: dict[str, Any] = {"jsonrpc": "2.0", "id": ident}
        if error is None:
            body["result"] = result
        else:
            body["error"] = error
        protocol.write(orjson.dumps(body, option=orjson.OPT_APPEND_NEWLINE))

    for raw in sys.stdin.buffer:
        request = orjson.loads(raw)
        method, ident, params = request.get("method"), request.get("id"), request.get("params") or {}
        if method == "shutdown":
            break
        if failed is not None:
            answer(ident, error={"code": NOT_LOADED, "message": failed})
            return 3
        try:
            if method == "tombspec.loaded":
                answer(ident, True)
            elif method == "reset":
                reset = impl.reset(params["game"], params.get("options"), params.get("board"), params.get("state"))
                answer(ident, {"state": reset.state, **({"fields": list(reset.fields)} if reset.fields else {})})
            elif method == "step":
                answer(ident, {"state": impl.step(params["action"], params.get("player"))})
            else:
                answer(ident, error={"code": -32601, "message": f"no method {method!r}"})
        except Rejected as exc:
            answer(ident, error={"code": ILLEGAL_ACTION, "message": exc.message, "data": {"rule": exc.rule}})
        except Undecided as exc:
            answer(ident, error={"code": UNSPECIFIED, "message": exc.message,
                                 "data": {"ambiguity": exc.ambiguity}})
        except Unsupported as exc:
            answer(ident, error={"code": UNSUPPORTED, "message": exc.message})
        except ImplementationFailure as exc:      # the adapter raised (SystemExit too): a crash
            print(f"{spec}: {exc}", file=sys.stderr, flush=True)
            return 70
        except BaseException:  # noqa: BLE001 - anything else is the adapter's crash
            traceback.print_exc()
            return 70
    return 0


if __name__ == "__main__":
    sys.exit(serve(sys.argv[1]))

"""The conformance oracle: the trace format and its schemas (:mod:`.trace`, :mod:`.schema`), ``verify``
(:mod:`.verify`) and its ITF export (:mod:`.itf`), conformance vectors (:mod:`.vectors`), ``conform``
over JSON-RPC (:mod:`.conform`), the pytest plugin (:mod:`.pytest_plugin`) and their commands
(:mod:`.cli`).  Generic: it drives any registered game through the ruleset protocol."""

"""The reference server with the protocol's optional digest feature handled wrongly or not at
all (tests/test_fuzz_protocol.py).

Usage: digest_engines.py WHAT
  strict  an older engine that checks hello strictly: a hello with any field besides id, type
          and protocol is answered with an error (the runner greets it again without features)
  wrong   grants the digest feature but sends a digest of nothing (the runner must then fetch
          the observation and compare it, finding no divergence)
"""

import sys

from _common import requests, send, server

what = sys.argv[1]
engine = server()
for request in requests():
    if what == "strict" and request["type"] == "hello" and set(request) - {"id", "type", "protocol"}:
        send({"id": request["id"], "type": "error", "message": "bad request: unexpected field"})
        continue
    response = engine.handle(request)
    if what == "wrong" and response.get("digest"):
        response["digest"] = "0" * 64
    send(response)

"""An engine that reports an internal error for every ``start`` (and otherwise behaves)."""

from _common import requests, send, server

engine = server()
for request in requests():
    if request["type"] == "start":
        send({"id": request["id"], "type": "error", "message": "internal: the dealer shoe is not loaded"})
    else:
        send(engine.handle(request))

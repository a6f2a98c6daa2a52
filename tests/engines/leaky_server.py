"""A real engine (the reference server) that keeps the stakes of its process's first hand.

A subprocess engine that configures its table once, on the first ``start``, and never again:
every later hand of the same process is played at the first hand's ante, bring-in and bets.
Each hand is right when it is the process's first, so a failure later in a run is state carried
between hands (tests/test_conform_order.py). A fresh process (the recheck's) passes it.

Usage: leaky_server.py
"""

from _common import requests, send, server

engine = server()
first_stakes = None
for request in requests():
    if request["type"] == "start":
        if first_stakes is None:
            first_stakes = request["stakes"]
        request = {**request, "stakes": first_stakes}
    send(engine.handle(request))

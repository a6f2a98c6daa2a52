"""A real engine (the reference server) that exits with status 4 on the Nth action of a process.

Usage: dies_mid_hand.py [N]   (default 3)
"""

import os
import sys

from _common import requests, send, server

limit = int(sys.argv[1]) if len(sys.argv) > 1 else 3
actions = 0
engine = server()
for request in requests():
    if request["type"] == "act":
        actions += 1
        if actions == limit:
            sys.stderr.write(f"dies_mid_hand: giving up on {request['action']!r}\n")
            sys.stderr.flush()
            os._exit(4)
    send(engine.handle(request))

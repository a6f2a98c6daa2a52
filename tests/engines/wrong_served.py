"""``stud8 serve`` with a wrong engine behind it, digests included (tests/test_fuzz_protocol.py).

Usage: wrong_served.py [WHAT]
  show     (default) the show order reversed in hands whose deck starts with the ace of spades
           (fuzz_engines.reversed_show_order_rarely)
  refuse   every raise on sixth street refused with not-allowed
"""

import sys

from _common import requests, send, server
from fuzz_engines import reversed_show_order_rarely

what = sys.argv[1] if len(sys.argv) > 1 else "show"
engine = server()
if what == "show":
    engine.engine = reversed_show_order_rarely()
for request in requests():
    if (what == "refuse" and request.get("type") == "act" and request["action"].split()[1] == "cbr"
            and engine.engine.observe()["street"] == "sixth"):
        send({"id": request["id"], "type": "refused", "code": "not-allowed", "message": "no raise on sixth street"})
        continue
    send(engine.handle(request))

"""The reference server answering the wrong message.

Usage: wrong_reply.py WHAT
  id        every answer after hello carries the next request's id
  type      ``act`` is answered with ``bye``
  protocol  the hello answer says protocol 2
"""

import sys

from _common import requests, send, server

what = sys.argv[1]
engine = server()
for request in requests():
    response = engine.handle(request)
    if what == "id" and request["type"] != "hello":
        response["id"] = request["id"] + 1
    elif what == "type" and request["type"] == "act":
        response = {"id": request["id"], "type": "bye"}
    elif what == "protocol" and request["type"] == "hello":
        response["protocol"] = 2
    send(response)

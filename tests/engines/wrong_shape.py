"""The reference server with one answer bent out of shape.

Usage: wrong_shape.py WHAT
  hello        the hello answer has no ``options``
  observation  observations give every stack as a string ("500")
  ok           ``start`` is answered ``{"type": "ok", "extra": true}``
"""

import sys

from _common import requests, send, server

what = sys.argv[1]
engine = server()
for request in requests():
    response = engine.handle(request)
    if what == "hello" and response["type"] == "hello":
        del response["options"]
    elif what == "observation" and response["type"] == "observation":
        for seat in response["observation"]["seats"]:
            seat["stack"] = str(seat["stack"])
    elif what == "ok" and request["type"] == "start":
        response["extra"] = True
    send(response)

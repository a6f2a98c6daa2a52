"""An engine that greets properly, then answers ``start`` with a line that is not JSON."""

import sys

from _common import HELLO, answer, requests

for request in requests():
    if request["type"] == "hello":
        answer(request, **HELLO)
    else:
        sys.stdout.write("OK, dealing now\n")
        sys.stdout.flush()

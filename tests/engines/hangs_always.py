"""An engine that greets, then never answers anything again: a dead engine.

Usage: hangs_always.py   (every request after ``hello`` is read and left unanswered)
"""

import time

from _common import HELLO, answer, requests

for request in requests():
    if request["type"] == "hello":
        answer(request, **HELLO)
        continue
    time.sleep(600)

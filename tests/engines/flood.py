"""An engine that floods.

Usage: flood.py WHAT
  line    answers ``start`` with megabytes of text and never a newline
  blank   answers ``start`` with an endless stream of empty lines
  stderr  the reference server, writing 200 kB on stderr before every answer
          (a correct engine: the runner must keep draining stderr and not block)
"""

import sys

from _common import HELLO, answer, requests, send, server

what = sys.argv[1]
if what == "stderr":
    engine = server()
    noise = ("x" * 199 + "\n") * 1000
    for request in requests():
        sys.stderr.write(noise)
        sys.stderr.flush()
        send(engine.handle(request))
    sys.exit(0)
for request in requests():
    if request["type"] == "hello":
        answer(request, **HELLO)
        continue
    try:
        if what == "line":
            chunk = "x" * 65536
            while True:
                sys.stdout.write(chunk)
        else:
            while True:
                sys.stdout.write("\n" * 1000)
                sys.stdout.flush()
    except BrokenPipeError:  # the runner hung up on us
        sys.exit(1)

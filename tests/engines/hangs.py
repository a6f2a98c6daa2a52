"""An engine that greets, then hangs on ``start`` after starting a child process that also hangs.

Usage: hangs.py PIDFILE   (the child's pid is written there, so the test can check it is gone)
"""

import subprocess
import sys
import time

from _common import HELLO, answer, requests

pidfile = sys.argv[1]
for request in requests():
    if request["type"] == "hello":
        answer(request, **HELLO)
        continue
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    with open(pidfile, "w") as handle:
        handle.write(str(child.pid))
    time.sleep(600)

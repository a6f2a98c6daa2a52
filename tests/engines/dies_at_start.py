"""An engine that dies before it reads anything: exit status 3, a reason on stderr."""

import sys

sys.stderr.write("dies_at_start: cannot open the hand-rank tables\n")
sys.exit(3)

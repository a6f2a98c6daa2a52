"""A ``cmd:`` engine that greets correctly, then answers every request with one line of JSON
nested 100,000 levels deep (issue 12, defect 3)."""

import json
import sys

for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "hello":
        answer = {"id": request["id"], "type": "hello", "protocol": 1,
                  "engine": {"name": "deep", "version": "1"}, "options": {}, "profiles": []}
        sys.stdout.write(json.dumps(answer) + "\n")
    elif request["type"] == "stop":
        sys.stdout.write(json.dumps({"id": request["id"], "type": "bye"}) + "\n")
        sys.stdout.flush()
        break
    else:
        sys.stdout.write("[" * 100_000 + "]" * 100_000 + "\n")
    sys.stdout.flush()

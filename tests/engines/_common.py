"""Shared pieces of the deliberately broken engines (tests/test_hostile_engines.py).

Each engine here is a small program started as ``cmd:python tests/engines/NAME.py ...``. Some
answer by hand (``HELLO``, ``answer``); others wrap the real reference server
(``stud8.tools.serve_cmd.Server``) and misbehave at one chosen moment, so that they get
properly into a hand first.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import Any

HELLO = {"type": "hello", "protocol": 1, "engine": {"name": "hostile", "version": "0"}, "options": {}, "profiles": []}


def requests() -> Iterator[dict[str, Any]]:
    """The requests on stdin, one per line, until the end of input."""
    for line in sys.stdin:
        if line.strip():
            yield json.loads(line)


def send(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def answer(request: dict[str, Any], **fields: Any) -> None:
    send({"id": request["id"], **fields})


def server() -> Any:
    from stud8.tools.serve_cmd import Server

    return Server()

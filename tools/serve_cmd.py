"""``stud8 serve``: the reference engine behind the JSON-lines engine protocol (docs/protocol.md).

Reads one request per line on stdin and writes exactly one response line on stdout for each,
flushed at once. Nothing else is ever written on stdout: anything the engine would print
goes to stderr. A request that cannot be read or does not match its schema gets an ``error``
response and the server keeps going; ``stop`` is answered with ``bye`` and ends the server
(exit 0), and so does the end of stdin.

``stud8 conform --engine "cmd:stud8 serve"`` runs the suite through this server; it is also
the example an implementer can compare their own engine's transcript with.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping
from typing import Any, BinaryIO

from stud8.conformance.engines.digest import FEATURES, observation_digest
from stud8.conformance.engines.protocol import (
    MAX_LINE_BYTES,
    PROTOCOL_VERSION,
    ProtocolError,
    decode,
    encode,
    schema_problem,
)
from stud8.spec.limits import shorten

EXAMPLES: tuple[str, ...] = (
    "stud8 serve",
    "stud8 conform --engine 'cmd:stud8 serve'",
)
"""The command lines its --help ends with (tests/test_cli_conventions.py checks each parses)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = (f"{parser.description}. The protocol is described in the document `stud8 protocol` prints "
                          "(docs/protocol.md in a checkout); try: echo '{\"id\": 1, \"type\": \"hello\", "
                          "\"protocol\": 1}' | stud8 serve")


class Server:
    """Answers protocol requests with the reference engine; one response per request."""

    def __init__(self) -> None:
        from stud8.conformance.engines.api import ReferenceEngine

        self.engine = ReferenceEngine()
        self.started = False
        self.digests = False  # the optional feature "digest", asked for in hello
        self.batch = False  # the optional feature "batch", asked for in hello
        self.warm_up()

    def warm_up(self) -> None:
        """Do the slow one-time work (the rule book, the evaluator's tables) before ``hello``.

        ``hello`` is allowed more time than the other messages; a first ``start`` that loaded
        the tables could otherwise exceed a short ``--timeout``.
        """
        import stud8.reference.engine  # noqa: F401  (builds the hand-rank tables on import)

        self.engine.handshake()

    def handle(self, message: Mapping[str, Any]) -> dict[str, Any]:
        """The response to one request (already decoded). Never raises."""
        message_id = message.get("id")
        if not (isinstance(message_id, int) and not isinstance(message_id, bool)):
            message_id = None
        problem = schema_problem("request", message)
        if problem:
            return {"id": message_id, "type": "error", "message": f"bad request: {problem}"}
        try:
            return {"id": message_id, **self._answer(message)}
        except Exception as error:  # noqa: BLE001 - an engine bug: reported, and the server keeps going
            return {"id": message_id, "type": "error", "message": f"internal error: {type(error).__name__}: {shorten(str(error))}"}

    def _answer(self, message: Mapping[str, Any]) -> dict[str, Any]:
        from stud8.conformance.engines.api import EngineRefusal

        engine = self.engine
        kind = message["type"]
        try:
            if kind == "hello":
                who = engine.handshake()
                answer = {"type": "hello", "protocol": PROTOCOL_VERSION,
                          "engine": {"name": who["name"], "version": who["version"]},
                          "options": who["options"], "profiles": who["profiles"]}
                if "features" in message:  # answered only when asked: older runners never see it
                    answer["features"] = [name for name in FEATURES if name in message["features"]]
                self.digests = "digest" in message.get("features", ())
                self.batch = "batch" in message.get("features", ())
                return answer
            if kind == "evaluate":
                return {"type": "evaluation", **engine.evaluate(message["cards"])}
            if kind == "start":
                self.started = False
                engine.start(stacks=message["stacks"], stakes=message["stakes"], deck=message["deck"],
                             profile=message["profile"], options=message["options"])
                self.started = True
                return self._ok()
            if kind == "stop":
                return {"type": "bye"}
            if not self.started:
                return {"type": "error", "message": f"{kind}: no hand has been started"}
            if kind == "act":
                if "actions" in message:
                    return self._act_batch(message["actions"])
                engine.act(message["action"])
                return self._ok()
            return {"type": "observation", "observation": engine.observe()}
        except EngineRefusal as refusal:
            return {"type": "refused", "code": refusal.code, "message": refusal.message}

    def _ok(self) -> dict[str, Any]:
        """``ok``, with the digest of the new observation when the runner asked for digests."""
        if not self.digests:
            return {"type": "ok"}
        return {"type": "ok", "digest": observation_digest(self.engine.observe())}

    def _act_batch(self, actions: list[str]) -> dict[str, Any]:
        """``act`` with ``actions`` (the batch feature): each applied in order, the digest after
        each; the first refused one stops the batch, its ``index`` and code answered."""
        from stud8.conformance.engines.api import EngineRefusal

        if not self.batch:
            return {"type": "error", "message": "act: actions needs the batch feature (ask for it in hello)"}
        digests: list[str] = []
        for index, action in enumerate(actions):
            try:
                self.engine.act(action)
            except EngineRefusal as refusal:
                return {"type": "refused", "code": refusal.code, "message": refusal.message, "index": index,
                        "digests": digests}
            digests.append(observation_digest(self.engine.observe()))
        return {"type": "ok", "digests": digests}

    def answer_line(self, line: bytes) -> dict[str, Any]:
        """The response to one request line, always one that can be encoded: whatever the
        line holds (not JSON, too deep, numbers too long to print, an engine bug), the answer
        is an ``error`` saying why and the server goes on with the next line."""
        try:
            response = self.handle(decode(line))
        except ProtocolError as error:
            return {"id": None, "type": "error", "message": f"bad request: {error}"}
        except Exception as error:  # noqa: BLE001 - the server must survive any single line
            return {"id": None, "type": "error", "message": f"internal error: {type(error).__name__}: {shorten(str(error))}"}
        try:
            encode(response)
        except (ValueError, TypeError, RecursionError) as error:
            return {"id": response.get("id"), "type": "error",
                    "message": f"internal error: the answer cannot be encoded as JSON: {shorten(str(error))}"}
        return response

    def serve(self, stdin: BinaryIO, stdout: BinaryIO) -> int:
        """Answer requests from ``stdin`` until ``stop`` or the end of input; exit status 0."""
        while True:
            line = stdin.readline(MAX_LINE_BYTES + 1)
            if not line:
                return 0
            if len(line) > MAX_LINE_BYTES:
                # Skip the rest of the over-long line and report it once.
                while line and not line.endswith(b"\n"):
                    line = stdin.readline(MAX_LINE_BYTES)
                response: dict[str, Any] = {"id": None, "type": "error", "message": f"bad request: a line longer than {MAX_LINE_BYTES} bytes"}
            elif not line.strip():
                continue
            else:
                response = self.answer_line(line)
            stdout.write(encode(response))
            stdout.flush()
            if response["type"] == "bye":
                return 0


def run(args: argparse.Namespace) -> int:
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    # Whatever else might print (a stray print, a warning) goes to stderr, never between responses.
    sys.stdout = sys.stderr
    try:
        return Server().serve(stdin, stdout)
    except BrokenPipeError:  # the runner went away
        return 0

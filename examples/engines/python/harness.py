"""A stud8 harness in Python: the engine protocol's loop (docs/protocol.md), ready to run.

    stud8 smoke --engine "cmd:python3 harness.py"
    stud8 conform --engine "cmd:python3 harness.py" --report report.json

It reads one JSON request a line on stdin and writes one JSON answer a line on stdout (logs go
to stderr: stdout is for the protocol only). As shipped it plays the toy engine beside it; to
test your own engine, change the six functions marked ENGINE CALL below, and nothing else:
the loop, the answers' shapes and the error handling are the protocol's and already right.
"""

from __future__ import annotations

import json
import sys
import traceback

from toy_engine import Refusal, ToyEngine

PROTOCOL = 1

# ---------------------------------------------------------------------------------------------
# ENGINE CALLS: the only part to change. Each returns the answer's fields (without "id").
# A refusal by the rules is {"type": "refused", "code": CODE, "message": TEXT}, with a code of
# the rule book (docs/protocol.md lists them); anything else going wrong may simply raise: the
# loop answers {"type": "error"} and the runner restarts the engine.
# ---------------------------------------------------------------------------------------------

ENGINE = ToyEngine()  # ENGINE CALL: make your engine here


def engine_hello() -> dict:
    # ENGINE CALL: who you are, and the option values you really play. An option left out is
    # played at its default only: {} means "the rule book's defaults" (the robert profile).
    # Playing raise_cap 3 and 4: "options": {"raise_cap": [3, 4]}; every value: "*".
    return {"engine": {"name": ENGINE.name, "version": ENGINE.version}, "options": {}, "profiles": ["robert"]}


def engine_evaluate(cards: list[str]) -> dict:
    # ENGINE CALL: the best high hand and the eight-or-better low of 5 to 7 cards.
    try:
        evaluation = ENGINE.evaluate(cards)
    except Refusal as refusal:
        return refused(refusal.code, refusal.message)
    return {"type": "evaluation", "high": evaluation["high"], "low": evaluation["low"]}


def engine_start(stacks: list[int], stakes: dict, deck: list[str], profile: str | None, options: dict) -> dict:
    # ENGINE CALL: a new hand, dealt from the top of this deck (never shuffled). `options` holds
    # every option's value for this hand, already resolved.
    try:
        ENGINE.start(stacks, stakes, deck, options)
    except Refusal as refusal:
        return refused(refusal.code, refusal.message)
    return {"type": "ok"}


def engine_act(action: str) -> dict:
    # ENGINE CALL: one action in PHH words: "p2 pb", "p1 cc", "p3 f", "p1 cbr 20".
    try:
        ENGINE.act(action)
    except Refusal as refusal:
        return refused(refusal.code, refusal.message)
    return {"type": "ok"}


def engine_observe() -> dict:
    # ENGINE CALL: the whole state, every card face up (docs/protocol.md, observe, lists the fields).
    return {"type": "observation", "observation": ENGINE.observe()}


def engine_stop() -> None:
    # ENGINE CALL: release what your engine holds (files, threads). Then the harness exits.
    pass


# ---------------------------------------------------------------------------------------------
# The protocol: nothing below needs changing.
# ---------------------------------------------------------------------------------------------

def refused(code: str, message: str) -> dict:
    return {"type": "refused", "code": code, "message": message}


def answer(request: dict) -> dict:
    kind = request.get("type")
    if kind == "hello":
        # a runner may ask for optional features ("features"); this harness uses none, and
        # then must not answer with a "features" field at all
        return {"type": "hello", "protocol": PROTOCOL, **engine_hello()}
    if kind == "evaluate":
        return engine_evaluate(request["cards"])
    if kind == "start":
        return engine_start(request["stacks"], request["stakes"], request["deck"], request.get("profile"),
                            request.get("options") or {})
    if kind == "act":
        return engine_act(request["action"])
    if kind == "observe":
        return engine_observe()
    if kind == "stop":
        engine_stop()
        return {"type": "bye"}
    return {"type": "error", "message": f"unknown request type {kind!r}"}


def _not_json(name: str) -> None:
    # NaN and Infinity are no JSON: read, they would be echoed back as an id no runner can parse
    raise ValueError(f"{name} is not JSON")


def main() -> int:
    for line in sys.stdin:
        if not line.strip():
            continue
        request_id = None
        try:
            request = json.loads(line, parse_constant=_not_json)
            request_id = request.get("id") if isinstance(request, dict) else None
            response = {"id": request_id, **answer(request)}
            text = json.dumps(response)  # inside the try: an answer that is not JSON is an error too
        except Exception as error:  # noqa: BLE001 - a bug, in the engine or here: say so and keep the conversation going
            traceback.print_exc(file=sys.stderr)
            text = json.dumps({"id": request_id, "type": "error", "message": f"{type(error).__name__}: {error}"})
        sys.stdout.write(text + "\n")
        sys.stdout.flush()
        if '"type": "bye"' in text and json.loads(text)["type"] == "bye":
            return 0
    return 0  # the runner closed our stdin: the end


if __name__ == "__main__":
    sys.exit(main())

"""The engine protocol: its schemas, the fast check of them, and ``stud8 serve`` speaking it."""

from __future__ import annotations

import copy
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from stud8.conformance.engines.protocol import (
    REPLIES,
    REQUEST_TYPES,
    RESPONSE_TYPES,
    compile_check,
    decode,
    encode,
    load_protocol_schema,
    observation_from_wire,
    schema_problem,
    unsupported_reason,
)
from stud8.reference.cards import ALL_CARDS

DOCS = Path(__file__).resolve().parent.parent / "docs" / "protocol.md"
DECK = [str(card) for card in ALL_CARDS]
STAKES = {"ante": 5, "bring_in": 10, "small_bet": 20, "big_bet": 40}


def serve_command() -> list[str]:
    """``stud8 serve``, through the installed script if there is one, else this interpreter."""
    script = shutil.which("stud8", path=str(Path(sys.executable).parent)) or shutil.which("stud8")
    if script:
        return [script, "serve"]
    return [sys.executable, "-c", "import sys; from stud8.tools.cli import main; sys.exit(main(['serve']))"]


def converse(lines: list[str], timeout: float = 60) -> tuple[list[dict[str, Any]], str, int]:
    """Feed ``lines`` to a fresh ``stud8 serve``; its answers, its stderr, its exit status."""
    done = subprocess.run(serve_command(), input="".join(line + "\n" for line in lines), capture_output=True,
                          text=True, timeout=timeout, check=False)
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    return answers, done.stderr, done.returncode


# --- the schemas -------------------------------------------------------------------------


ALL_SCHEMAS = [("request", t) for t in REQUEST_TYPES] + [("response", t) for t in RESPONSE_TYPES]


@pytest.mark.parametrize(("direction", "kind"), ALL_SCHEMAS)
def test_every_message_has_a_valid_2020_12_schema(direction: str, kind: str) -> None:
    schema = load_protocol_schema(direction, kind)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["properties"]["type"] == {"const": kind}
    assert "id" in schema["required"]


def test_every_request_has_its_replies_and_every_reply_a_schema() -> None:
    assert set(REPLIES) == set(REQUEST_TYPES)
    assert {reply for replies in REPLIES.values() for reply in replies} == set(RESPONSE_TYPES)


def test_schema_files_are_exactly_the_messages() -> None:
    folder = Path(__file__).resolve().parent.parent / "spec" / "schema" / "protocol"
    assert sorted(p.name for p in folder.glob("*.json")) == sorted(f"{d}-{t}.schema.json" for d, t in ALL_SCHEMAS)


def _observation() -> dict[str, Any]:
    seat = {"seat": 1, "stack": 495, "committed": 0, "contributed": 5, "up": ["Ah"], "down": ["2c", "3d"],
            "folded": False, "all_in": False}
    return {"id": 7, "type": "observation", "observation": {
        "street": "third", "to_act": 2, "legal": ["pb", "cbr 20"], "bring_in": None, "over": False,
        "seats": [seat, dict(seat, seat=2)], "pot": 10, "pots": [{"amount": 10, "eligible": [1, 2]}],
        "community": None,
        "result": {"pots": [{"amount": 10, "eligible": [1, 2], "high": {"1": 5}, "low": {"2": 5}}],
                   "returned": {"1": 20}, "show_order": [1, 2], "stacks": [500, 500]}}}


GOOD: list[dict[str, Any]] = [
    {"id": 1, "type": "hello", "protocol": 1},
    {"id": 2, "type": "evaluate", "cards": ["Ah", "Kd", "2c", "3c", "4c"]},
    {"id": 3, "type": "start", "stacks": [500, 500], "stakes": STAKES, "deck": DECK, "profile": None, "options": {"raise_cap": 4}},
    {"id": 4, "type": "act", "action": "p2 pb"},
    {"id": 5, "type": "observe"},
    {"id": 6, "type": "stop"},
    {"id": 1, "type": "hello", "protocol": 1, "engine": {"name": "x", "version": "1"}, "options": {"raise_cap": [3, 4], "deck_exhaustion": "*"}, "profiles": ["robert"]},
    {"id": 2, "type": "evaluation", "high": {"category": "pair", "cards": ["Ah", "Ad", "Kc", "Qc", "9s"], "value": 7}, "low": None},
    {"id": 3, "type": "ok"},
    {"id": 3, "type": "refused", "code": "out-of-turn", "message": "not p1's turn"},
    _observation(),
    {"id": 6, "type": "bye"},
    {"id": None, "type": "error", "message": "bad request"},
]



def _direction(index: int) -> str:
    """GOOD holds the six requests first, then the responses."""
    return "request" if index < len(REQUEST_TYPES) else "response"


# (a good message, a change that breaks it, the words the problem names)
BAD: list[tuple[int, Any, str]] = [
    (0, lambda m: m.update(protocol="1"), "protocol"),
    (1, lambda m: m.pop("cards"), "cards"),
    (2, lambda m: m["stakes"].pop("ante"), "ante"),
    (3, lambda m: m.update(action=3), "action"),
    (4, lambda m: m.update(extra=1), "extra"),
    (6, lambda m: m["options"].update(raise_cap="all"), "options"),
    (6, lambda m: m.update(engine={"name": "x"}), "version"),
    (7, lambda m: m["high"].update(cards=["Ah"]), "high.cards"),
    (7, lambda m: m.update(low={"cards": ["Ah", "2c", "3c", "4c", "5c"]}), "value"),
    (8, lambda m: m.update(id="3"), "id"),
    (9, lambda m: m.update(code="Out Of Turn"), "code"),
    (10, lambda m: m["observation"]["seats"][0].update(stack="495"), "observation.seats[0].stack"),
    (10, lambda m: m["observation"].update(street="eighth"), "street"),
    (10, lambda m: m["observation"].update(legal=["p1 cc"]), "legal"),
    (10, lambda m: m["observation"]["seats"][1]["up"].append("1x"), "up"),
    (10, lambda m: m["observation"]["result"].update(returned={"p1": 20}), "returned"),
    (10, lambda m: m["observation"]["result"].update(returned={"1": 0}), "returned"),  # only seats given chips back
    (10, lambda m: m["observation"]["result"]["pots"][0].update(low={"2": -5}), "low"),
    (10, lambda m: m["observation"].pop("pots"), "pots"),
    (10, lambda m: m["observation"].update(over=1), "over"),
    (11, lambda m: m.update(type="goodbye"), "type"),
    (12, lambda m: m.pop("message"), "message"),
]


@pytest.mark.parametrize("message", GOOD, ids=lambda m: f"{m['type']}")
def test_good_messages_pass_both_checks(message: dict[str, Any]) -> None:
    direction = _direction(GOOD.index(message))
    assert schema_problem(direction, message) is None
    schema = load_protocol_schema(direction, message["type"])
    assert compile_check(schema)(message)
    jsonschema.Draft202012Validator(schema).validate(message)


@pytest.mark.parametrize(("index", "change", "named"), BAD, ids=[f"{GOOD[i]['type']}-{n}" for i, _, n in BAD])
def test_a_wrong_shape_is_found_by_both_checks_and_named(index: int, change: Any, named: str) -> None:
    message = copy.deepcopy(GOOD[index])
    change(message)
    direction = _direction(index)
    problem = schema_problem(direction, message)
    assert problem is not None and named.split(".")[0].split("[")[0] in problem, problem
    if message["type"] in (REQUEST_TYPES if direction == "request" else RESPONSE_TYPES):
        schema = load_protocol_schema(direction, message["type"])
        assert not compile_check(schema)(message)
        assert not jsonschema.Draft202012Validator(schema).is_valid(message)


def test_the_fast_check_agrees_with_jsonschema_on_json_equality() -> None:
    schema = {"type": "object", "properties": {"n": {"type": "integer", "minimum": 1}, "c": {"const": 1}, "e": {"enum": [False]}}}
    check = compile_check(schema)
    validator = jsonschema.Draft202012Validator(schema)
    for value in ({"n": 1.0}, {"n": True}, {"n": 0}, {"c": True}, {"c": 1.0}, {"e": 0}, {"e": False}, {"n": 2.5}):
        assert check(value) == validator.is_valid(value), value


def test_an_unknown_keyword_is_refused_by_the_compiler() -> None:
    from stud8.conformance.engines.protocol import _Unsupported

    with pytest.raises(_Unsupported):
        compile_check({"type": "string", "format": "email"})


def test_encode_and_decode_round_trip_one_line() -> None:
    message = {"id": 3, "type": "act", "action": "p1 cbr 20"}
    line = encode(message)
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    assert decode(line) == message
    with pytest.raises(Exception, match="not JSON"):
        decode(b"OK\n")
    with pytest.raises(Exception, match="not a JSON object"):
        decode(b"[1, 2]\n")


def test_seat_keys_come_back_as_numbers() -> None:
    observation = observation_from_wire(json.loads(json.dumps(_observation()["observation"])))
    assert observation["result"]["returned"] == {1: 20}
    assert observation["result"]["pots"][0]["high"] == {1: 5}
    assert observation["result"]["pots"][0]["low"] == {2: 5}


# --- what is applicable ------------------------------------------------------------------


def test_unsupported_reason_from_a_declaration() -> None:
    everything = {"name": "all", "options": {"raise_cap": "*", "heads_up_raises": "*", "odd_chip_in_half": "*",
                                             "act_order_ties": "*"}, "profiles": ["robert", "tda"]}
    assert unsupported_reason(everything, None, {}) is None
    assert unsupported_reason(everything, "tda", {"raise_cap": 5}) is None
    minimal = {"name": "mini", "options": {}, "profiles": []}
    assert unsupported_reason(minimal, None, {}) is None  # the defaults are always played
    why = unsupported_reason(minimal, None, {"raise_cap": 4})
    assert why and "raise_cap=4" in why and "mini" in why
    why = unsupported_reason(minimal, "tda", {})
    assert why and "profile tda" in why and "heads_up_raises" in why
    listed = {"name": "l", "options": {"raise_cap": [3, 4]}, "profiles": []}
    assert unsupported_reason(listed, None, {"raise_cap": 4}) is None
    assert "raise_cap=5" in (unsupported_reason(listed, None, {"raise_cap": 5}) or "")
    # settings the rule book refuses are the engine's to refuse (bad-config), not "not applicable"
    assert unsupported_reason(minimal, "casino", {}) is None
    assert unsupported_reason(minimal, None, {"straddle": True}) is None


# --- stud8 serve -------------------------------------------------------------------------


def test_serve_answers_hello_with_its_declaration() -> None:
    answers, stderr, code = converse(['{"id": 1, "type": "hello", "protocol": 1}'])
    assert code == 0, stderr
    (hello,) = answers
    assert schema_problem("response", hello) is None
    assert hello["id"] == 1 and hello["protocol"] == 1
    assert hello["engine"]["name"] == "stud8-reference"
    assert hello["options"]["raise_cap"] == "*"
    assert set(hello["profiles"]) == {"robert", "tda"}


def test_serve_plays_a_hand_and_every_answer_matches_its_schema() -> None:
    requests = [
        {"id": 1, "type": "hello", "protocol": 1},
        {"id": 2, "type": "start", "stacks": [500, 500, 500], "stakes": STAKES, "deck": DECK, "profile": None, "options": {}},
        {"id": 3, "type": "observe"},
        {"id": 4, "type": "act", "action": "p1 cc"},
        {"id": 5, "type": "evaluate", "cards": ["Ah", "2c", "3d", "4s", "5h", "Kd", "Kc"]},
        {"id": 6, "type": "evaluate", "cards": ["Ah", "Ah", "3d", "4s", "5h"]},
        {"id": 7, "type": "start", "stacks": [500], "stakes": STAKES, "deck": DECK, "profile": None, "options": {}},
        {"id": 8, "type": "stop"},
        {"id": 9, "type": "observe"},  # after stop: never read
    ]
    answers, stderr, code = converse([json.dumps(r) for r in requests])
    assert code == 0, stderr
    assert [a["id"] for a in answers] == [1, 2, 3, 4, 5, 6, 7, 8]
    for request, answer in zip(requests, answers):
        assert answer["type"] in REPLIES[request["type"]]
        assert schema_problem("response", answer) is None, answer
    assert [a["type"] for a in answers] == ["hello", "ok", "observation", "refused", "evaluation", "refused", "refused", "bye"]
    observation = answers[2]["observation"]
    assert observation["street"] == "third" and observation["to_act"] is not None
    assert answers[3]["code"] in ("out-of-turn", "not-allowed")
    assert answers[4]["low"] is not None
    assert answers[5]["code"] == "bad-card"
    assert answers[6]["code"] == "bad-config"


def test_serve_reports_bad_requests_and_keeps_going() -> None:
    lines = [
        "this is not json",
        "[1, 2, 3]",
        '{"id": 1, "type": "dance"}',
        '{"id": 2, "type": "act"}',
        '{"id": 3, "type": "observe"}',
        '{"id": 4, "type": "act", "action": "p1 cc"}',
        "",
        '{"id": 5, "type": "hello", "protocol": 1}',
    ]
    answers, stderr, code = converse(lines)
    assert code == 0, stderr
    assert [(a["id"], a["type"]) for a in answers] == [
        (None, "error"), (None, "error"), (1, "error"), (2, "error"), (3, "error"), (4, "error"), (5, "hello")]
    assert "not JSON" in answers[0]["message"]
    assert "type" in answers[2]["message"] and "dance" in answers[2]["message"]
    assert "action" in answers[3]["message"]
    assert "no hand" in answers[4]["message"]
    for answer in answers:
        assert schema_problem("response", answer) is None


def test_serve_exits_0_at_the_end_of_input() -> None:
    answers, stderr, code = converse([])
    assert (answers, code) == ([], 0), stderr


# --- the page for implementers -----------------------------------------------------------


def _transcript() -> list[tuple[str, dict[str, Any]]]:
    text = DOCS.read_text(encoding="utf-8")
    found = []
    for arrow, line in re.findall(r"^(>|<) (\{.*\})$", text, flags=re.MULTILINE):
        found.append(("request" if arrow == ">" else "response", json.loads(line)))
    return found


def test_the_worked_transcript_is_valid_protocol() -> None:
    transcript = _transcript()
    assert len(transcript) >= 10
    pending: dict[str, Any] | None = None
    for direction, message in transcript:
        assert schema_problem(direction, message) is None, message
        if direction == "request":
            assert pending is None, f"two requests in a row: {message}"
            pending = message
        else:
            assert pending is not None and message["id"] == pending["id"], message
            assert message["type"] in REPLIES[pending["type"]]
            pending = None
    types = {message["type"] for _, message in transcript}
    assert {"hello", "start", "act", "observe", "observation", "refused", "evaluate", "evaluation", "stop", "bye"} <= types


def test_the_worked_transcript_is_what_serve_answers() -> None:
    transcript = _transcript()
    requests = [json.dumps(m) for d, m in transcript if d == "request"]
    expected = [m for d, m in transcript if d == "response"]
    answers, stderr, code = converse(requests)
    assert code == 0, stderr
    for got, want in zip(answers, expected):
        if want["type"] == "hello":  # the version changes with every release
            got["engine"]["version"] = want["engine"]["version"]
        if want["type"] == "refused":  # the wording of a refusal is the engine's own
            got["message"] = want["message"]
        assert got == want
    assert len(answers) == len(expected)


def test_the_runner_counts_a_seat_returned_nothing_as_a_difference() -> None:
    """protocol: ``result.returned`` lists only seats given chips back (``{}`` when none): an
    engine listing a seat with 0 differs from the scenario (issue 19: a generated mutant of
    ``pots.uncalled`` that gives back 0 chips survived while the runner dropped the zeros)."""
    from stud8.conformance.suite.replay import ScenarioFailure, check_outcome

    def result(returned: dict[int, int]) -> dict[str, Any]:
        return {"over": True, "community": None,
                "result": {"pots": [], "returned": returned, "show_order": [], "stacks": [500, 500]}}

    outcome = {"stacks": [500, 500], "returned": {}}
    check_outcome("end", outcome, result({}))
    with pytest.raises(ScenarioFailure) as failure:
        check_outcome("end", outcome, result({1: 0}))
    assert failure.value.field == "returned" and failure.value.got == {"p1": 0}
    check_outcome("end", {"stacks": [500, 500], "returned": {"p2": 10}}, result({2: 10}))

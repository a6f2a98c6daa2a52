"""The protocol's optional ``digest`` feature (docs/protocol.md, "Optional features"): asked for
in hello, granted by ``stud8 serve``, refused gracefully by older engines, and never able to
hide or invent a divergence in ``stud8 fuzz``."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest

from stud8.conformance.engines.api import ReferenceEngine
from stud8.conformance.engines.digest import canonical_json, observation_digest
from stud8.conformance.engines.protocol import schema_problem
from stud8.conformance.fuzz import FuzzConfig
from stud8.conformance.fuzz.campaign import make_fuzz_engine, search
from stud8.tools.serve_cmd import Server

ENGINES = Path(__file__).parent / "engines"
SERVE = f"cmd:{shlex.quote(sys.executable)} -m stud8.tools.cli serve"
START = {"stacks": [100, 100, 3], "stakes": {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10},
         "deck": None, "profile": None, "options": {}}


def _start() -> dict:
    from stud8.conformance.fuzz.generate import CARDS

    return dict(START, deck=list(CARDS))


def test_the_digest_is_sha256_of_canonical_json() -> None:
    import hashlib

    observation = {"b": [1, 2], "a": {"2": None, "1": True}}
    assert canonical_json(observation) == '{"a":{"1":true,"2":null},"b":[1,2]}'
    assert observation_digest(observation) == hashlib.sha256(b'{"a":{"1":true,"2":null},"b":[1,2]}').hexdigest()
    # Seat keys are numbers in this process and text on the wire: the same digest.
    assert observation_digest({"returned": {1: 5, 3: 0}}) == observation_digest({"returned": {"1": 5, "3": 0}})


def test_serve_grants_the_feature_only_when_asked() -> None:
    server = Server()
    plain = server.handle({"id": 1, "type": "hello", "protocol": 1})
    assert "features" not in plain
    assert server.handle({"id": 2, "type": "start", **_start()}) == {"id": 2, "type": "ok"}

    asked = server.handle({"id": 3, "type": "hello", "protocol": 1, "features": ["digest", "nonesuch"]})
    assert asked["features"] == ["digest"] and schema_problem("response", asked) is None
    started = server.handle({"id": 4, "type": "start", **_start()})
    assert schema_problem("response", started) is None
    observation = server.handle({"id": 5, "type": "observe"})["observation"]
    assert started["digest"] == observation_digest(observation)
    # The digest is of the observation as sent: the same after a JSON round trip.
    assert started["digest"] == observation_digest(json.loads(json.dumps(observation)))
    acted = server.handle({"id": 6, "type": "act", "action": f"p{observation['to_act']} {observation['legal'][0]}"})
    assert acted["digest"] == observation_digest(server.handle({"id": 7, "type": "observe"})["observation"])
    assert acted["digest"] != started["digest"]


def test_over_the_pipe_act_returns_the_digest() -> None:
    engine = make_fuzz_engine(SERVE, 30.0)
    try:
        assert engine.digests  # type: ignore[attr-defined]
        digest = engine.start(**_start())
        assert digest == observation_digest(engine.observe())
    finally:
        engine.close()


def test_an_older_strict_engine_is_greeted_again_without_features() -> None:
    spec = f"cmd:{shlex.quote(sys.executable)} {shlex.quote(str(ENGINES / 'digest_engines.py'))} strict"
    engine = make_fuzz_engine(spec, 30.0)
    try:
        assert engine.digests is False  # type: ignore[attr-defined]
        assert engine.handshake()["name"] == "stud8-reference"
        config = FuzzConfig(engine=spec, hands=15, seed=4)
        result = search(config, ReferenceEngine(), engine, range(15))
        assert result.played == 15 and result.hits == []
    finally:
        engine.close()


def test_a_wrong_digest_costs_a_look_never_a_false_divergence() -> None:
    spec = f"cmd:{shlex.quote(sys.executable)} {shlex.quote(str(ENGINES / 'digest_engines.py'))} wrong"
    engine = make_fuzz_engine(spec, 30.0)
    try:
        assert engine.digests  # type: ignore[attr-defined]
        result = search(FuzzConfig(engine=spec, hands=15, seed=4), ReferenceEngine(), engine, range(15))
        assert result.played == 15 and result.hits == []
    finally:
        engine.close()


def test_digests_do_not_hide_a_divergence(monkeypatch: pytest.MonkeyPatch) -> None:
    """Over the pipe with digests, a wrong engine is caught at the same hand and action as in
    this process (where whole observations are compared)."""
    monkeypatch.syspath_prepend(str(ENGINES))
    wrong = "python:fuzz_engines:reversed_show_order_rarely"
    from stud8.conformance.engines.spec import make_engine

    config = FuzzConfig(engine=wrong, hands=120, seed=11)
    local = search(config, ReferenceEngine(), make_engine(wrong), range(120))
    assert local.hits
    # The same wrong engine behind the protocol: a server whose engine is the wrong one.
    server_script = ENGINES / "wrong_served.py"
    spec = f"cmd:{shlex.quote(sys.executable)} {shlex.quote(str(server_script))}"
    engine = make_fuzz_engine(spec, 30.0)
    try:
        assert engine.digests  # type: ignore[attr-defined]
        remote = search(config, ReferenceEngine(), engine, range(120))
    finally:
        engine.close()
    assert [(h.hand, h.kind, h.divergence.action) for h in remote.hits] == \
        [(h.hand, h.kind, h.divergence.action) for h in local.hits]


def test_a_refusal_over_the_pipe_is_found_where_it_happens(monkeypatch: pytest.MonkeyPatch) -> None:
    """With act in two halves (the engine works while the reference engine does), a refused
    action is still the divergence at that action, with the reference's state before it."""
    monkeypatch.syspath_prepend(str(ENGINES))
    spec = f"cmd:{shlex.quote(sys.executable)} {shlex.quote(str(ENGINES / 'wrong_served.py'))} refuse"
    engine = make_fuzz_engine(spec, 30.0)
    try:
        result = search(FuzzConfig(engine=spec, hands=60, seed=2), ReferenceEngine(), engine, range(60))
    finally:
        engine.close()
    assert result.hits
    divergence = result.hits[0].divergence
    assert divergence.phase == "action" and divergence.engine == "refused (not-allowed)"
    assert divergence.next_action is not None and divergence.next_action.split()[1] == "cbr"


def test_serve_applies_a_batch_up_to_the_first_refusal() -> None:
    server = Server()
    without = server.handle({"id": 1, "type": "hello", "protocol": 1})
    assert "features" not in without
    server.handle({"id": 2, "type": "start", **_start()})
    refused = server.handle({"id": 3, "type": "act", "actions": ["p1 cc"]})
    assert refused["type"] == "error" and "batch feature" in refused["message"]

    assert server.handle({"id": 4, "type": "hello", "protocol": 1, "features": ["batch", "digest"]})["features"] == \
        ["digest", "batch"]
    server.handle({"id": 5, "type": "start", **_start()})
    first = server.handle({"id": 6, "type": "observe"})["observation"]
    bring_in = f"p{first['to_act']} pb"
    answer = server.handle({"id": 7, "type": "act", "actions": [bring_in, bring_in, "p9 cc"]})
    assert schema_problem("response", answer) is None
    assert answer["type"] == "refused" and answer["index"] == 1 and answer["code"] == "out-of-turn"
    now = server.handle({"id": 8, "type": "observe"})["observation"]
    assert answer["digests"] == [observation_digest(now)]
    whole = server.handle({"id": 9, "type": "act", "actions": [f"p{now['to_act']} cc"]})
    assert whole["type"] == "ok" and len(whole["digests"]) == 1
    assert schema_problem("request", {"id": 1, "type": "act", "action": "p1 f", "actions": ["p1 f"]}) is not None
    assert schema_problem("request", {"id": 1, "type": "act", "actions": []}) is not None


def test_a_batch_is_one_message_per_hand_and_finds_nothing_on_the_reference() -> None:
    engine = make_fuzz_engine(SERVE, 30.0)
    sent: list[str] = []
    try:
        assert engine.batches  # type: ignore[attr-defined]
        original = engine._send  # type: ignore[attr-defined]

        def counting(message_type: str, fields: dict) -> object:
            sent.append(message_type)
            return original(message_type, fields)

        engine._send = counting  # type: ignore[attr-defined]
        result = search(FuzzConfig(engine=SERVE, hands=20, seed=6), ReferenceEngine(), engine, range(20))
    finally:
        engine.close()
    assert result.played == 20 and result.hits == []
    assert sent.count("start") == 20 and sent.count("act") <= 20 and "observe" not in sent

"""SubprocessEngine against ``stud8 serve``: the same results as in process, one long-lived
process, restart and close leaving nothing behind."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from processes import process_gone

from stud8.conformance.engines.api import EngineRefusal, ReferenceEngine
from stud8.conformance.engines.spec import EngineSpecError
from stud8.conformance.engines.subprocess_adapter import SubprocessEngine, _close_all
from stud8.conformance.suite.replay import ScenarioFailure, run_scenario
from stud8.conformance.suite.scenarios import load_suite, packaged_scenarios_dir
from stud8.reference.cards import ALL_CARDS

DECK = [str(card) for card in ALL_CARDS]
STAKES = {"ante": 5, "bring_in": 10, "small_bet": 20, "big_bet": 40}


def serve_command() -> list[str]:
    script = shutil.which("stud8", path=str(Path(sys.executable).parent)) or shutil.which("stud8")
    if script:
        return [script, "serve"]
    return [sys.executable, "-c", "import sys; from stud8.tools.cli import main; sys.exit(main(['serve']))"]


@pytest.fixture(scope="module")
def served() -> Iterator[SubprocessEngine]:
    engine = SubprocessEngine(serve_command(), timeout=30)
    yield engine
    engine.close()


def test_the_handshake_names_the_reference_engine(served: SubprocessEngine) -> None:
    hello = served.handshake()
    assert hello["name"] == "stud8-reference"
    assert hello["protocol"] == 1
    assert hello["options"]["raise_cap"] == "*"
    assert set(hello["profiles"]) == {"robert", "tda"}
    assert served.unsupported("tda", {"raise_cap": 5}) is None


def test_refusals_come_back_with_their_codes(served: SubprocessEngine) -> None:
    with pytest.raises(EngineRefusal) as refused:
        served.start(stacks=[500], stakes=STAKES, deck=DECK, profile=None, options={})
    assert refused.value.code == "bad-config"
    served.start(stacks=[500, 500], stakes=STAKES, deck=DECK, profile=None, options={})
    observation = served.observe()
    wrong = 1 if observation["to_act"] == 2 else 2
    with pytest.raises(EngineRefusal) as refused:
        served.act(f"p{wrong} cc")
    assert refused.value.code == "out-of-turn"
    assert served.observe() == observation
    with pytest.raises(EngineRefusal) as refused:
        served.evaluate(["Ah", "Ah", "2c", "3c", "4c"])
    assert refused.value.code == "bad-card"


class Recorder:
    """Wraps an engine and keeps everything it answered, to compare two engines."""

    def __init__(self, engine: Any) -> None:
        self.engine = engine
        self.seen: list[Any] = []

    def _keep(self, name: str, call: Any) -> Any:
        try:
            value = call()
        except EngineRefusal as refusal:
            self.seen.append((name, "refused", refusal.code))
            raise
        self.seen.append((name, value))
        return value

    def evaluate(self, cards: Any) -> Any:
        return self._keep("evaluate", lambda: self.engine.evaluate(cards))

    def start(self, **kwargs: Any) -> None:
        self._keep("start", lambda: self.engine.start(**kwargs))

    def act(self, action: str) -> None:
        self._keep("act", lambda: self.engine.act(action))

    def observe(self) -> Any:
        return self._keep("observe", self.engine.observe)


def test_the_whole_suite_gives_the_same_answers_through_the_protocol(served: SubprocessEngine) -> None:
    files, problems = load_suite([packaged_scenarios_dir()])
    assert not problems
    scenarios = [scenario for loaded in files for scenario in loaded.scenarios]
    pid = served.pid or served.handshake() and served.pid
    compared = 0
    for scenario in scenarios:
        ours, theirs = Recorder(ReferenceEngine()), Recorder(served)
        outcomes = []
        for recorder in (ours, theirs):
            try:
                run_scenario(recorder, scenario)  # type: ignore[arg-type]
                outcomes.append("pass")
            except ScenarioFailure as failure:
                outcomes.append(str(failure))
        assert outcomes[0] == outcomes[1], scenario.id
        assert ours.seen == theirs.seen, scenario.id
        compared += len(ours.seen)
    assert compared > 1000
    assert served.pid == pid  # one process for the whole suite


def test_restart_starts_a_new_process_and_leaves_none_behind() -> None:
    engine = SubprocessEngine(serve_command(), timeout=30)
    try:
        assert engine.pid is None  # nothing runs before the first call
        engine.handshake()
        first = engine.pid
        assert first is not None
        engine.restart()
        assert engine.pid is None
        assert process_gone(first)
        assert engine.evaluate(["Ah", "Kh", "Qh", "Jh", "Th"])["high"]["category"] == "straight flush"
        assert engine.pid not in (None, first)
    finally:
        engine.close()


def test_close_stops_the_engine_politely() -> None:
    engine = SubprocessEngine(serve_command(), timeout=30)
    engine.handshake()
    pid = engine.pid
    assert pid is not None
    process = engine._process
    assert process is not None
    engine.close()
    assert engine.pid is None
    assert process.popen.returncode == 0  # it answered stop and exited by itself
    assert process_gone(pid)
    engine.close()  # closing twice is harmless


def test_engines_still_running_at_exit_are_closed() -> None:
    with SubprocessEngine(serve_command(), timeout=30) as engine:
        engine.handshake()
        pid = engine.pid
        assert pid is not None
        _close_all()  # what the atexit hook does
        assert engine.pid is None
        assert process_gone(pid)


def test_a_missing_command_is_a_usage_error() -> None:
    with pytest.raises(EngineSpecError, match="command not found: 'no-such-stud8-engine'"):
        SubprocessEngine(["no-such-stud8-engine", "--serve"])
    with pytest.raises(EngineSpecError, match="command not found"):
        SubprocessEngine(["./definitely/not/here"])
    with pytest.raises(EngineSpecError):
        SubprocessEngine([])

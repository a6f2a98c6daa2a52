"""The runner against deliberately broken engines (tests/engines/): every run ends with the
right fault, a clear message, and no process left behind."""

from __future__ import annotations

import re
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from processes import process_gone

from stud8.conformance.engines.api import (
    EngineCrash,
    EngineError,
    EngineFault,
    EngineTimeout,
)
from stud8.conformance.engines.subprocess_adapter import SubprocessEngine
from stud8.conformance.suite.replay import run_scenario
from stud8.conformance.suite.scenarios import load_suite, packaged_scenarios_dir
from stud8.reference.cards import ALL_CARDS

ENGINES = Path(__file__).resolve().parent / "engines"
DECK = [str(card) for card in ALL_CARDS]
STAKES = {"ante": 5, "bring_in": 10, "small_bet": 20, "big_bet": 40}
TIMEOUT = 0.5  # per message; hello gets its own, longer allowance (interpreter start-up)


def hostile(name: str, *args: str, timeout: float = TIMEOUT) -> SubprocessEngine:
    return SubprocessEngine([sys.executable, str(ENGINES / name), *args], timeout=timeout, startup_timeout=60)


class Tracked:
    """Every pid an engine ran under, to check none is left once the test is over."""

    def __init__(self, engine: SubprocessEngine) -> None:
        self.engine = engine
        self.pids: list[int] = []

    def note(self) -> None:
        if self.engine.pid is not None and self.engine.pid not in self.pids:
            self.pids.append(self.engine.pid)


@pytest.fixture
def track() -> Iterator[list[Tracked]]:
    tracked: list[Tracked] = []
    yield tracked
    for item in tracked:
        item.note()
        item.engine.close()
        for pid in item.pids:
            assert process_gone(pid), f"engine process {pid} was left behind"


def play(engine: SubprocessEngine, tracked: Tracked, stacks: int = 3) -> None:
    """Start a hand and play a few moves, noting the engine's pid after every call."""
    engine.start(stacks=[500] * stacks, stakes=STAKES, deck=DECK, profile=None, options={})
    tracked.note()
    for _ in range(6):
        observation = engine.observe()
        tracked.note()
        legal = observation["legal"]
        engine.act(f"p{observation['to_act']} {'pb' if 'pb' in legal else 'cc'}")
        tracked.note()


def fault_of(engine: SubprocessEngine, track: list[Tracked], stacks: int = 3) -> EngineFault:
    tracked = Tracked(engine)
    track.append(tracked)
    with pytest.raises(EngineFault) as caught:
        try:
            engine.handshake()
            tracked.note()
            play(engine, tracked, stacks)
        finally:
            tracked.note()
    assert engine.pid is None, "a faulty engine must not be kept running"
    return caught.value


def test_an_engine_that_dies_at_start_is_a_crash_with_its_last_words(track: list[Tracked]) -> None:
    fault = fault_of(hostile("dies_at_start.py"), track)
    assert type(fault) is EngineCrash and fault.outcome == "crash"
    assert "exited with status 3 while answering 'hello' (request 1)" in fault.message
    assert "cannot open the hand-rank tables" in fault.message


def test_an_engine_that_dies_mid_hand_is_a_crash(track: list[Tracked]) -> None:
    fault = fault_of(hostile("dies_mid_hand.py", "2"), track)
    assert type(fault) is EngineCrash
    assert "exited with status 4 while answering 'act'" in fault.message
    assert "dies_mid_hand: giving up on" in fault.message


def test_an_engine_that_hangs_times_out_and_its_children_are_killed(track: list[Tracked], tmp_path: Path) -> None:
    pidfile = tmp_path / "child.pid"
    fault = fault_of(hostile("hangs.py", str(pidfile)), track)
    assert type(fault) is EngineTimeout and fault.outcome == "timeout"
    assert f"no answer to 'start' (request 2) within {TIMEOUT:g} s" in fault.message
    for _ in range(250):  # the child is written right before the hang; give the file a moment
        if pidfile.exists() and pidfile.read_text().strip():
            break
        time.sleep(0.02)
    child = int(pidfile.read_text())
    assert process_gone(child), "the engine's own child process was left behind"


def test_a_line_that_is_not_json_is_an_error(track: list[Tracked]) -> None:
    fault = fault_of(hostile("non_json.py"), track)
    assert type(fault) is EngineError and fault.outcome == "error"
    assert "answered 'start' (request 2) with a line that is not JSON" in fault.message
    assert "OK, dealing now" in fault.message


@pytest.mark.parametrize(("what", "expected"), [
    ("hello", r"answered 'hello' \(request 1\) with a 'hello' of the wrong shape: \(the message\): 'options' is a required property"),
    ("observation", r"answered 'observe' \(request 3\) with a 'observation' of the wrong shape: observation\.seats\[\d\]\.stack: '495' is not of type 'integer'"),
    ("ok", r"answered 'start' \(request 2\) with a 'ok' of the wrong shape: \(the message\): Additional properties are not allowed \('extra' was unexpected\)"),
])
def test_an_answer_of_the_wrong_shape_is_an_error_naming_the_field(track: list[Tracked], what: str, expected: str) -> None:
    fault = fault_of(hostile("wrong_shape.py", what), track)
    assert type(fault) is EngineError
    assert re.search(expected, fault.message), fault.message


@pytest.mark.parametrize(("what", "expected"), [
    ("id", "answered 'start' (request 2) with a response for request 3"),
    ("type", "answered 'act' (request 4) with type 'bye'; expected 'ok' or 'refused' or 'error'"),
    ("protocol", "the engine speaks protocol version 2; this runner speaks version 1"),
])
def test_an_answer_to_the_wrong_message_is_an_error(track: list[Tracked], what: str, expected: str) -> None:
    fault = fault_of(hostile("wrong_reply.py", what), track)
    assert type(fault) is EngineError
    assert expected in fault.message


@pytest.mark.parametrize(("what", "expected"), [
    ("line", "flood: the engine answered 'start' (request 2) with more than 1048576 bytes without a newline"),
    ("blank", "flood: the engine wrote more than 1000 empty lines before answering 'start' (request 2)"),
])
def test_a_flood_of_output_is_an_error(track: list[Tracked], what: str, expected: str) -> None:
    fault = fault_of(hostile("flood.py", what), track)
    assert type(fault) is EngineError
    assert expected in fault.message


def test_a_flood_on_stderr_does_not_block_a_correct_engine(track: list[Tracked]) -> None:
    engine = hostile("flood.py", "stderr", timeout=30)
    tracked = Tracked(engine)
    track.append(tracked)
    files, _ = load_suite([packaged_scenarios_dir() / "betting"])
    for scenario in [s for loaded in files for s in loaded.scenarios][:3]:
        run_scenario(engine, scenario)  # passes: megabytes of stderr are drained and dropped
        tracked.note()
    assert engine.pid is not None


def test_an_error_the_engine_reports_is_an_error_with_its_message(track: list[Tracked]) -> None:
    engine = hostile("reports_error.py")
    tracked = Tracked(engine)
    track.append(tracked)
    engine.handshake()
    tracked.note()
    with pytest.raises(EngineError, match=r"reported an error on 'start' \(request 2\): internal: the dealer shoe is not loaded"):
        engine.start(stacks=[500, 500], stakes=STAKES, deck=DECK, profile=None, options={})
    # The engine said so itself and still follows the protocol: it keeps running until restarted.
    pid = engine.pid
    assert pid is not None
    engine.restart()
    assert process_gone(pid)


def test_after_a_crash_the_next_scenario_gets_a_fresh_engine(track: list[Tracked]) -> None:
    engine = hostile("dies_mid_hand.py", "1")
    tracked = Tracked(engine)
    track.append(tracked)
    files, _ = load_suite([packaged_scenarios_dir() / "hands"])
    hand_cases = [s for loaded in files for s in loaded.scenarios]
    run_scenario(engine, hand_cases[0])
    tracked.note()
    first = engine.pid
    with pytest.raises(EngineCrash):
        play(engine, tracked)
    engine.restart()  # what the runner does after a fault
    run_scenario(engine, hand_cases[1])
    tracked.note()
    assert engine.pid not in (None, first)
    assert first is not None and process_gone(first)

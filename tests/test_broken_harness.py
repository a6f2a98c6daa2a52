"""A broken harness's first run is short and ends with what to fix (issue 27): the same fault is
shown in full once, then counted; a run of faults stops the run; the summary comes last.

The family of broken harnesses is planted here, each broken another way a stranger's first
harness is (the skeleton docs/protocol.md once printed, which crashed on its own placeholders;
a banner on stdout; answers to the wrong request; an engine that exits at once; one that
answers ``error`` to everything; one that hangs after hello): every one must give a first run
of at most 100 lines, under ``stud8 smoke`` and under ``stud8 conform``, ending with the one
command to run next.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from stud8.conformance.engines.api import EngineCrash, EngineError, EngineTimeout
from stud8.conformance.suite.faults import FAULTS_IN_A_ROW, EngineWatch, FaultLog, fault_signature, first_line
from stud8.tools.cli import main

LOOP = '''
import json, sys
for line in sys.stdin:
    request = json.loads(line)
    kind = request["type"]
{body}
'''

HELLO = ('{"id": request["id"], "type": "hello", "protocol": 1, "engine": {"name": "broken", "version": "0"}, '
         '"options": {}, "profiles": ["robert"]}')

# The skeleton docs/protocol.md printed before issue 27, as a stranger copied it: its "..."
# placeholders reach json.dumps outside the try, so it crashed on its first observe or evaluate.
SKELETON = '''
import json
import sys

def answer(request):
    kind = request["type"]
    if kind == "hello":
        return {"type": "hello", "protocol": 1, "engine": {"name": "my-engine", "version": "0.1"},
                "options": {}, "profiles": ["robert"]}
    if kind == "start":
        ...
        return {"type": "ok"}
    if kind == "act":
        ...
        return {"type": "ok"}
    if kind == "observe":
        return {"type": "observation", "observation": ...}
    if kind == "evaluate":
        return {"type": "evaluation", "high": ..., "low": ...}
    if kind == "stop":
        return {"type": "bye"}
    return {"type": "error", "message": f"unknown request {kind!r}"}

for line in sys.stdin:
    request = json.loads(line)
    try:
        response = {"id": request["id"], **answer(request)}
    except Exception as error:
        response = {"id": request.get("id"), "type": "error", "message": repr(error)}
    sys.stdout.write(json.dumps(response) + "\\n")
    sys.stdout.flush()
    if response["type"] == "bye":
        break
'''

BROKEN: dict[str, str] = {
    "skeleton": SKELETON,
    "banner": LOOP.format(body=f'''    if kind == "hello":
        print("my engine 0.1 starting", flush=True)
        print(json.dumps({HELLO}), flush=True)
    else:
        print(json.dumps({{"id": request["id"], "type": "ok"}}), flush=True)'''),
    "wrong-id": LOOP.format(body=f'''    if kind == "hello":
        print(json.dumps({HELLO}), flush=True)
    else:
        print(json.dumps({{"id": request["id"] + 1, "type": "ok"}}), flush=True)'''),
    "exits": "import sys\nsys.exit(3)\n",
    "errors": LOOP.format(body=f'''    if kind == "hello":
        print(json.dumps({HELLO}), flush=True)
    else:
        print(json.dumps({{"id": request["id"], "type": "error", "message": "not written yet"}}), flush=True)'''),
    "traceback-on-start": LOOP.format(body=f'''    if kind == "hello":
        print(json.dumps({HELLO}), flush=True)
    elif kind == "start":
        def deal(deck, seat):
            return deck[seat * 99]
        deal(request["deck"], 1)
    else:
        print(json.dumps({{"id": request["id"], "type": "ok"}}), flush=True)'''),
}


def _engine(tmp_path: Path, name: str) -> str:
    script = tmp_path / f"{name}.py"
    script.write_text(BROKEN[name])
    return f"cmd:{sys.executable} {script}"


# --- the parts --------------------------------------------------------------------------------

def test_a_signature_blanks_the_numbers_that_differ_between_scenarios() -> None:
    one = "the engine exited with status 1 while answering 'evaluate' (request 2); its last stderr lines:\n    x"
    other = "the engine exited with status 1 while answering 'evaluate' (request 7); its last stderr lines:\n    x"
    assert fault_signature("crash", one) == fault_signature("crash", other)
    assert fault_signature("crash", one) != fault_signature("error", one)
    assert fault_signature("crash", one) != fault_signature("crash", one.replace("evaluate", "observe"))


def test_first_line_keeps_the_last_stderr_line_of_a_crash() -> None:
    message = ("the engine exited with status 1 while answering 'observe' (request 3); its last stderr lines:\n"
               "    Traceback (most recent call last):\n      File \"e.py\", line 2\n    TypeError: not serializable")
    assert first_line(message) == ("the engine exited with status 1 while answering 'observe' (request 3); "
                                   "its last stderr line: TypeError: not serializable")
    assert first_line("no answer to 'start' within 1 s") == "no answer to 'start' within 1 s"


def test_the_log_groups_in_the_order_first_seen() -> None:
    log = FaultLog()
    first = log.note("a-001", "crash", "exited with status 1 (request 2)")
    again = log.note("a-002", "crash", "exited with status 1 (request 9)")
    other = log.note("a-003", "error", "bad id")
    assert first is again and first.count == 2 and first.first == "a-001"
    assert "the same as a-001" in again.repeat_line()
    assert other.count == 1
    assert log.summary_lines() == ["engine crash on 2 scenarios (first: a-001): exited with status 1 (request 2)",
                                   "engine error on scenario (first: a-003): bad id"]


def test_the_watch_stops_after_faults_in_a_row_and_a_finished_scenario_resets_it() -> None:
    watch = EngineWatch()
    for _ in range(FAULTS_IN_A_ROW - 1):
        assert watch.ran(EngineCrash("exited")) is None
    assert watch.ran(None) is None  # a scenario played to its end, even failed: the count starts again
    for _ in range(FAULTS_IN_A_ROW - 1):
        assert watch.ran(EngineError("bad id")) is None
    stop = watch.ran(EngineCrash("exited with status 1; its last stderr lines:\n    Traceback (most recent call last):\n"
                                 "    ValueError: no such card"))
    assert stop is not None and stop.startswith(f"the engine failed {FAULTS_IN_A_ROW} scenarios in a row")
    assert "engine crash: exited with status 1; its last stderr line: ValueError: no such card" in stop
    assert "Traceback" not in stop
    assert watch.ran(None) == stop  # said once, kept


def test_timeouts_on_fresh_starts_still_stop_sooner() -> None:
    watch = EngineWatch()
    assert watch.ran(EngineTimeout("t")) is None and watch.ran(EngineTimeout("t")) is None
    assert (watch.ran(EngineTimeout("t")) or "").startswith("the engine does not answer: 3 scenarios")


# --- whole runs --------------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(BROKEN))
def test_smoke_on_a_broken_harness_is_short_and_says_what_to_fix(name: str, tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["smoke", "--engine", _engine(tmp_path, name), "--timeout", "5"])
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert code == 1, out + err
    assert len(lines) <= 100, out
    assert lines[-2].startswith("verdict: NOT READY"), out
    assert lines[-1].startswith("next: "), out
    assert "Traceback" not in err


def test_conform_on_a_harness_whose_hello_is_broken_says_so_in_one_line(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["conform", "--engine", _engine(tmp_path, "banner"), "--timeout", "5"])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.count("\n") == 1
    assert "cannot start: the engine answered 'hello' (request 1) with a line that is not JSON" in err
    assert "'my engine 0.1 starting' (stud8 smoke --engine" in err


@pytest.mark.parametrize("name", ["skeleton", "wrong-id", "traceback-on-start"])
def test_conform_on_a_broken_harness_is_short_and_ends_with_what_to_fix(name: str, tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    """Before issue 27 the skeleton's first run printed 6,803 lines: 338 crashes of 20 lines each."""
    code = main(["conform", "--engine", _engine(tmp_path, name), "--timeout", "5"])
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert code == 1
    assert len(lines) <= 100, out
    assert lines[-2].startswith(f"stud8 conform: the engine failed {FAULTS_IN_A_ROW} scenarios in a row"), out
    assert lines[-1].startswith("next: fix the engine faults first: stud8 smoke --engine"), out
    assert sum("Traceback (most recent call last)" in line for line in lines) <= 1, "a traceback is shown once"
    assert sum("the same as " in line for line in lines) == FAULTS_IN_A_ROW - 1
    assert not any(line.startswith("FAILED ") for line in lines), "no line per failure after the fact"
    summary = lines.index(next(line for line in lines if "stud8 conformance: engine" in line))
    assert summary > max(index for index, line in enumerate(lines) if " failed" in line and line.startswith("=")), \
        "the summary comes after pytest's closing line"
    assert "Traceback" not in err


def test_the_skeleton_run_names_the_exception_to_fix(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["conform", "--engine", _engine(tmp_path, "skeleton"), "--timeout", "5", "--", "-k", "high-001 or low-001"])
    out = capsys.readouterr().out
    assert "its last stderr line: TypeError: Object of type ellipsis is not JSON serializable" in out

"""Fail fast on a dead engine: after a few timeouts in a row on fresh starts, ``stud8 conform``
stops with one line saying the engine does not answer (exit 1), instead of timing out every
scenario (conformance/suite/plugin.py, DeadEngineWatch)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from processes import process_gone

from stud8.conformance.engines.api import EngineCrash, EngineTimeout
from stud8.conformance.suite.plugin import DEAD_AFTER, DeadEngineWatch
from stud8.tools.cli import main

ENGINES = Path(__file__).resolve().parent / "engines"


def test_a_dead_engine_stops_the_run_after_a_few_fresh_starts(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    report = tmp_path / "r.json"
    engine = f"cmd:{sys.executable} {ENGINES / 'hangs_always.py'}"
    code = main(["conform", "--engine", engine, "--timeout", "0.3", "--report", str(report)])
    out, err = capsys.readouterr()
    assert code == 1
    line = ("stud8 conform: the engine does not answer: 3 scenarios in a row timed out on a freshly started engine "
            "(last: no answer to 'start' (request 2) within 0.3 s; the engine was stopped); the run was stopped")
    assert out.count(line) == 1
    document = json.loads(report.read_text())
    assert [entry["outcome"] for entry in document["scenarios"]] == ["timeout"] * DEAD_AFTER
    assert document["engine"]["error"].startswith("the engine does not answer")
    assert "Traceback" not in out + err
    # visibly aborted: the report says so, and still names the engine as its hello did
    assert document["run"]["complete"] is False and document["run"]["scenarios_run"] == DEAD_AFTER
    assert document["run"]["stopped"].startswith("the engine does not answer")
    assert document["engine"]["name"] == "hostile" and document["engine"]["version"] == "0"
    assert f"STOPPED AFTER {DEAD_AFTER} OF " in out


def test_a_timeout_keeps_the_engines_stderr_tail(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    script = tmp_path / "talks_then_hangs.py"
    script.write_text(
        "import sys, time\n"
        f"sys.path.insert(0, {str(ENGINES)!r})\n"
        "from _common import HELLO, answer, requests\n"
        "for request in requests():\n"
        "    if request['type'] == 'hello':\n"
        "        answer(request, **HELLO)\n"
        "        continue\n"
        "    print('waiting for the licence server at 10.0.0.7', file=sys.stderr, flush=True)\n"
        "    time.sleep(600)\n")
    report = tmp_path / "r.json"
    main(["conform", "--engine", f"cmd:{sys.executable} {script}", "--timeout", "0.5", "--report", str(report),
          "--", "-k", "pots-005"])
    capsys.readouterr()
    [entry] = json.loads(report.read_text())["scenarios"]
    assert entry["outcome"] == "timeout"
    assert entry["message"].startswith("no answer to 'start' (request 2) within 0.5 s; the engine was stopped; "
                                       "its last stderr lines: | waiting for the licence server at 10.0.0.7")


def test_the_watch_counts_only_timeouts_on_fresh_starts_in_a_row() -> None:
    watch = DeadEngineWatch()
    timeout = EngineTimeout("no answer to 'start'")
    assert watch.ran(timeout) is None and watch.ran(timeout) is None  # fresh: the run's first, then after a fault
    assert watch.ran(None) is None  # a scenario that got its answers: the count starts again
    assert watch.ran(timeout) is None  # not fresh: it follows a scenario that ran well
    assert watch.ran(EngineCrash("exited")) is None  # a crash is no silence
    assert watch.ran(timeout) is None and watch.ran(timeout) is None
    dead = watch.ran(timeout)
    assert dead is not None and dead.startswith("the engine does not answer: 3 scenarios in a row")


def test_no_process_is_left_behind(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pidfile = tmp_path / "child.pid"
    engine = f"cmd:{sys.executable} {ENGINES / 'hangs.py'} {pidfile}"
    assert main(["conform", "--engine", engine, "--timeout", "0.3"]) == 1
    assert "the engine does not answer" in capsys.readouterr().out
    assert pidfile.exists() and process_gone(int(pidfile.read_text()))

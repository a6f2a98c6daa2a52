"""``stud8 smoke``: the protocol step by step, then a fixed sample of scenarios, one verdict and
the next command (tools/smoke_cmd.py, conformance/suite/smoke.py)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from stud8.conformance.suite.scenarios import iter_scenarios, load_suite, packaged_scenarios_dir
from stud8.conformance.suite.smoke import SAMPLE, sample_scenarios
from stud8.tools.cli import main

HELLO = ('{"id": request["id"], "type": "hello", "protocol": 1, "engine": {"name": "stubborn", "version": "1"}, '
         '"options": {}, "profiles": ["robert"]}')

# Speaks the protocol but does not exit after bye: the stop step must say so.
LINGERS = f'''
import json, sys, time
from stud8.conformance.engines.api import ReferenceEngine
for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "hello":
        print(json.dumps({HELLO}), flush=True)
    elif request["type"] == "stop":
        print(json.dumps({{"id": request["id"], "type": "bye"}}), flush=True)
        time.sleep(30)
    elif request["type"] == "start":
        engine = ReferenceEngine()
        engine.start(stacks=request["stacks"], stakes=request["stakes"], deck=request["deck"], profile=None, options={{}})
        print(json.dumps({{"id": request["id"], "type": "ok"}}), flush=True)
    elif request["type"] == "act":
        engine.act(request["action"])
        print(json.dumps({{"id": request["id"], "type": "ok"}}), flush=True)
    elif request["type"] == "observe":
        print(json.dumps({{"id": request["id"], "type": "observation", "observation": engine.observe()}}), flush=True)
    else:
        print(json.dumps({{"id": request["id"], "type": "evaluation", **ReferenceEngine().evaluate(request["cards"])}}),
              flush=True)
'''


def test_the_sample_is_thirty_default_rule_scenarios_across_the_areas() -> None:
    files, problems = load_suite([packaged_scenarios_dir()])
    assert problems == []
    suite = {scenario.id: scenario for scenario in iter_scenarios(files)}
    assert len(SAMPLE) == len(set(SAMPLE)) == 30
    missing = [scenario_id for scenario_id in SAMPLE if scenario_id not in suite]
    assert missing == [], "every sample id is in the packaged suite"
    for scenario_id in SAMPLE:  # applicable to every engine: the rule book's defaults, no profile
        data = suite[scenario_id].data
        assert not data.get("profile") and not data.get("options"), scenario_id
    folders = {Path(suite[scenario_id].path).parent.name for scenario_id in SAMPLE}
    assert len(folders) >= 11, folders
    assert {"hand", "compare", "replay"} <= {suite[scenario_id].kind for scenario_id in SAMPLE}


def test_the_sample_is_found_in_the_order_given_and_named_as_conform_names_it() -> None:
    found = sample_scenarios([packaged_scenarios_dir()], ["pots-004", "high-001"])
    assert [scenario.id for scenario in found] == ["pots-004", "high-001"]
    assert found[0].path == "stud8/pots/side-pots.yaml"


def test_the_reference_engine_is_ready(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["smoke", "--engine", f"cmd:{sys.executable} -m stud8 serve"])
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert code == 0, out
    for step in ("hello", "start", "observe", "act", "evaluate", "stop"):
        assert any(line.split()[:2] == ["ok", step] for line in lines), step
    assert sum(line.startswith("  pass ") for line in lines) == 30
    assert lines[-2] == "verdict: READY: the protocol works and all 30 applicable sample scenarios pass"
    assert lines[-1].startswith("next: the whole suite: stud8 conform --engine")


def test_json_says_the_same(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["smoke", "--engine", "reference", "--format", "json"])
    document = json.loads(capsys.readouterr().out)
    assert code == 0 and document["passed"] is True
    assert [step["step"] for step in document["protocol"]] == ["hello", "start", "observe", "act", "observe", "evaluate"]
    assert len(document["sample"]) == 30 and {entry["outcome"] for entry in document["sample"]} == {"pass"}
    assert document["verdict"].startswith("READY") and document["next"].startswith("the whole suite")


def test_an_engine_that_does_not_exit_after_bye_fails_the_stop_step(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "lingers.py"
    script.write_text(LINGERS)
    code = main(["smoke", "--engine", f"cmd:{sys.executable} {script}", "--timeout", "3"])
    out = capsys.readouterr().out
    assert code == 1
    assert "FAIL  stop      engine error: the engine answered 'stop' with bye but had not exited 2 s later" in out
    assert out.splitlines()[-2].startswith("verdict: NOT READY: the engine does not answer 'stop' as the protocol says")


def test_no_engine_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["smoke"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("stud8 smoke: no engine to check: give --engine SPEC")


def test_an_engine_that_names_nothing_runnable_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["smoke", "--engine", "cmd:/no/such/engine"]) == 2
    assert "command not found" in capsys.readouterr().err

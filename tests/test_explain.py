"""``stud8 explain ID`` (and ``stud8 conform --explain ID``): one scenario's exchange, step by
step, beside the reference engine's, with the rule of the first difference."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from stud8.tools.cli import main

ENGINES = Path(__file__).parent / "engines"
DATA = Path(__file__).parent / "data"


@pytest.fixture
def loop_engines(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(ENGINES))


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_failing_replay_step_by_step(capsys: pytest.CaptureFixture[str], loop_engines: None) -> None:
    code, out, err = run(capsys, "explain", "bring-in-001", "--engine", "python:loop_engines:folding_bring_in")
    assert code == 1, err
    lines = out.splitlines()
    assert lines[0].startswith("bring-in-001: ")
    assert lines[1] == "  file     stud8/bring-in/lowest-upcard.yaml:" + lines[1].rsplit(":", 1)[1]
    assert any(line.startswith("  stakes   ante ") for line in lines)
    assert any(line.startswith("  deal ") and "p1" in line for line in lines)
    assert any(line.strip().startswith("third ") for line in lines)
    # every step is there, with the engine's answer beside the reference engine's
    assert any("start the hand" in line and "engine: ok" in line and "reference: ok" in line for line in lines)
    marked = [line for line in lines if line.startswith(" *actions[")]
    assert marked, out
    assert "difference: legal: expected [cbr 20, pb], got [cbr 20, f, pb] (extra [f])" in out.replace("\n" + " " * 18, " ")
    assert "Result: fail. The first difference, at checkpoint after the deal" in out
    assert "rule bring-in.post-or-complete (Bring in or complete): The bring-in player either posts" in out.replace(
        "\n    ", " ")
    assert lines[-1] == "Run it again: stud8 explain bring-in-001 --engine python:loop_engines:folding_bring_in"


def test_json_gives_every_step_and_the_first_difference(capsys: pytest.CaptureFixture[str], loop_engines: None) -> None:
    code, out, _ = run(capsys, "explain", "bring-in-001", "--engine", "python:loop_engines:folding_bring_in",
                       "--format", "json")
    assert code == 1
    document = json.loads(out)
    assert document["outcome"] == "fail"
    first = document["first_difference"]
    assert (first["at"], first["field"], first["rule"]) == ("actions[0]", "legal", "bring-in.post-or-complete")
    assert first["details"] == [{"path": "legal", "expected": ["cbr 20", "pb"], "got": ["cbr 20", "f", "pb"]}]
    assert first["rule_statement"].startswith("The bring-in player either posts the bring-in")
    scenario = document["scenario"]
    assert scenario["file"].startswith("stud8/bring-in/") and "deal" in scenario and "stakes" in scenario
    steps = document["steps"]
    assert [step["at"] for step in steps][:2] == ["start", "actions[0]"] and steps[-1]["at"] == "outcome"
    start = steps[0]
    assert start["engine"][0]["request"]["type"] == "start" and start["engine"][0]["answer"] == "ok"
    assert start["reference"][0]["answer"] == "ok"
    checkpoint = steps[1]
    assert checkpoint["engine"][0]["answer"]["legal"] == ["pb", "cbr 20", "f"]
    assert checkpoint["reference"][0]["answer"]["legal"] == ["pb", "cbr 20"]
    assert document["command"] == "stud8 explain bring-in-001 --engine python:loop_engines:folding_bring_in"


def test_conform_explain_is_the_same(capsys: pytest.CaptureFixture[str], loop_engines: None) -> None:
    _, direct, _ = run(capsys, "explain", "odd-chip-002", "--engine", "python:loop_engines:odd_chip_first_listed")
    code, via_conform, _ = run(capsys, "conform", "--explain", "odd-chip-002", "--engine",
                               "python:loop_engines:odd_chip_first_listed")
    assert code == 1
    assert via_conform == direct
    assert "[rule odd-chip.within-half]" in direct


def test_differences_a_checkpoint_does_not_check_are_shown(capsys: pytest.CaptureFixture[str], loop_engines: None) -> None:
    # pots-005's first checkpoint names to_act and bring_in only: the engine's extra fold passes
    # it, but the whole observation differs from the reference engine's there, and explain says so.
    code, out, _ = run(capsys, "explain", "pots-005", "--engine", "python:loop_engines:folding_bring_in")
    assert code == 0
    lines = out.splitlines()
    start = lines.index(next(line for line in lines if line.startswith("  actions[0]   checkpoint")))
    block = lines[start:start + 6]
    assert any("not checked here, but the engine's observation differs" in line for line in block), block
    assert any(line.strip() == "legal: reference [cbr 20, pb], engine [cbr 20, f, pb]" for line in block), block


def test_a_passing_scenario_and_a_hand_case(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "explain", "pots-005")
    assert code == 0
    assert out.splitlines()[-1] == "Result: pass. pots-005 passes on reference."
    folder = DATA / "wrong"
    code, out, _ = run(capsys, "explain", "testwrong-001", "--scenarios", str(folder), "--no-builtin")
    assert code == 1
    assert "evaluate 8c 6d 4h 2s Ac" in out
    assert "difference: high category: expected pair, got high card   [rule hands.categories]" in out


def test_not_applicable_is_said_and_is_not_a_failure(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pokerkit", reason="PokerKit is not installed (pip install '.[pokerkit]')")
    # betting-012 checks that two players raise past the cap under the default heads-up rule,
    # which PokerKit cannot play: under its own value (capped) the rule book gives another legal
    code, out, _ = run(capsys, "explain", "betting-012", "--engine", "pokerkit")
    assert code == 0
    assert ('Not applicable: its result depends on heads_up_raises="unlimited_until_capped" (the engine plays '
            'heads_up_raises="capped")') in " ".join(out.split())
    assert "(not reached: not applicable)" in out


def test_pokerkit_adapter_failure(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A scenario PokerKit can be set up to play (its own options), failing where PokerKit
    halves a side pot whose players have no low (docs/pokerkit.md)."""
    pytest.importorskip("pokerkit", reason="PokerKit is not installed (pip install '.[pokerkit]')")
    folder = tmp_path / "pk"
    folder.mkdir()
    shutil.copy(DATA / "pokerkit" / "side-pot-low.yaml", folder / "side-pot-low.yaml")
    code, out, _ = run(capsys, "explain", "testpk-001", "--engine", "pokerkit", "--scenarios", str(folder))
    assert code == 1, out
    assert "difference: pots[1].high.p2: expected 160, got 80   [rule pots.split-separately]" in out
    assert "pk/side-pot-low.yaml" in out


@pytest.mark.parametrize(("argv", "message"), [
    (["explain", "nope-999"], "stud8 explain: no scenario 'nope-999' in "),
    (["explain", "pots-005", "--engine", "nonesuch"], "stud8 explain: unknown engine 'nonesuch'"),
    (["explain", "pots-005", "--no-builtin"], "stud8 explain: nothing to look in: --no-builtin needs"),
    (["conform", "--explain", "pots-005", "--", "-k", "x"], "stud8 conform: --explain runs one scenario"),
])
def test_usage_errors(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert err.startswith(message) and len(err.splitlines()) == 1
    assert out == ""


def test_after_an_engine_error_its_own_answer_and_no_made_up_differences(capsys: pytest.CaptureFixture[str]) -> None:
    import sys

    engine = f"cmd:{sys.executable} {ENGINES / 'reports_error.py'}"
    code, out, _ = run(capsys, "explain", "pots-005", "--engine", engine)
    assert code == 1
    start = next(line for line in out.splitlines() if "start the hand" in line)
    assert "engine: error: the engine reported an error on 'start' (request 2): internal: the dealer shoe is not loaded" in start
    assert "(empty)" not in out and "not checked here" not in out
    assert out.splitlines()[-1].startswith("Engine error: the engine reported an error on 'start'")


def test_json_keeps_the_requests_as_sent_and_every_state(capsys: pytest.CaptureFixture[str], loop_engines: None) -> None:
    _, out, _ = run(capsys, "explain", "pots-005", "--engine", "python:loop_engines:folding_bring_in", "--format", "json")
    document = json.loads(out)
    start = document["steps"][0]
    sent = start["engine"][0]["request"]
    assert sent["type"] == "start" and len(sent["options"]) == 9  # the nine resolved values, never {}
    assert sent["options"]["heads_up_raises"] == "unlimited_until_capped"
    action = next(step for step in document["steps"] if step["kind"] == "action")
    assert action["state"]["engine"]["street"] == "third" and action["state"]["reference"]["street"] == "third"
    assert any(step["state"] and step["state"]["differences"] for step in document["steps"])  # the extra fold shows

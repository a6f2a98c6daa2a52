"""``stud8 verify-evaluator``: the published figures, the comparison modes, and the command."""

from __future__ import annotations

import json
import os
from math import comb

import pytest

from stud8.tools import verify_cmd
from stud8.tools.cli import main

CORES = os.cpu_count() or 1


@pytest.mark.parametrize("cards", [5, 7])
def test_published_figures_are_consistent(cards: int) -> None:
    figures = verify_cmd.PUBLISHED[cards]
    assert figures["hands"] == comb(52, cards)
    assert sum(figures["high"].values()) == figures["hands"]
    low = figures["low"]
    assert sum(low[name] for name in ("five-low", "six-low", "seven-low", "eight-low")) == low["qualifying"]
    assert set(figures["sources"]) == {"high", "low"}


def test_five_card_low_figures_follow_from_the_rule() -> None:
    low = verify_cmd.PUBLISHED[5]["low"]
    assert low["distinct"] == comb(8, 5) == 56
    assert low["qualifying"] == 56 * 4**5 == 57_344
    assert low["distinct_by_top"] == {"five-low": 1, "six-low": 5, "seven-low": 15, "eight-low": 35}


def test_one_slice_of_five_card_hands_agrees() -> None:
    outcome = verify_cmd._compare_five_from(40)  # hands from Qc up: C(11, 4)
    assert outcome.compared == comb(11, 4)
    assert outcome.disagreements == 0


@pytest.mark.parametrize("cards", [5, 6, 7])
def test_sample_mode(cards: int) -> None:
    report = verify_cmd.verify(cards, sample=300, seed=1)
    assert report["mode"] == "sample"
    assert report["hands"] == report["compared"] == 300
    assert report["disagreements"] == 0
    assert report["mismatches"] == []
    assert sum(report["high"].values()) == 300


def test_mismatches_name_the_figure() -> None:
    report = {"high": {"flush": 5_107}, "low": {"qualifying": 57_344}}
    found = verify_cmd._mismatches({"high": {"flush": 5_108}, "low": {"qualifying": 57_344}}, report)
    assert found == [{"figure": "high.flush", "published": 5_108, "got": 5_107}]


def test_command_sample(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify-evaluator", "--cards", "7", "--sample", "200", "--seed", "4", "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["cards"], report["hands"], report["seed"], report["disagreements"]) == (7, 200, 4, 0)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--cards", "6", "--exhaustive"], "no published figures for six-card hands"),
        (["--cards", "7", "--sample", "0"], "--sample must be at least 1"),
        (["--jobs", "0"], "--jobs must be at least 1"),
    ],
)
def test_command_usage_errors(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    assert main(["verify-evaluator", *argv]) == 2
    assert message in capsys.readouterr().err


@pytest.mark.slow
def test_every_five_card_hand(capsys: pytest.CaptureFixture[str]) -> None:
    """All 2,598,960 hands through both evaluators: about 25 s on two cores."""
    assert main(["verify-evaluator", "--cards", "5", "--jobs", str(CORES), "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["hands"] == report["compared"] == 2_598_960
    assert report["disagreements"] == 0
    assert report["mismatches"] == []
    assert report["distinct_high_values"] == 7_462
    assert report["high"] == verify_cmd.PUBLISHED[5]["high"]


@pytest.mark.slow
def test_every_seven_card_hand() -> None:
    """All 133,784,560 hands counted by the fast evaluator: about 20 s on two cores."""
    report = verify_cmd.verify(7, exhaustive=True, sample=200, jobs=CORES)
    assert report["hands"] == 133_784_560
    assert report["mismatches"] == []
    assert report["disagreements"] == 0


@pytest.mark.parametrize(("module", "cards"), [("bulk_eval", "5"), ("fast_eval", "7")])
def test_a_disagreement_fails_the_command(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                          module: str, cards: str) -> None:
    """Five cards are checked through bulk_eval, seven through the engine's own fast_eval: a
    mistake in either fails the command."""
    import importlib

    evaluator = importlib.import_module(f"stud8.reference.{module}")
    real = evaluator.values_idx
    monkeypatch.setattr(evaluator, "values_idx", lambda hand: (real(hand)[0] + 1, real(hand)[1]))
    assert main(["verify-evaluator", "--cards", cards, "--sample", "20", "--format", "json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["disagreements"] == 20
    assert len(report["disagreement_examples"]) == verify_cmd.MAX_EXAMPLES
    example = report["disagreement_examples"][0]
    assert example["fast"][0] == example["plain"][0] + 1

"""``stud8 bench`` section ``fuzz``: its keys and ratios (tiny sizes; speed is never asserted)."""

from __future__ import annotations

import json

import pytest

from stud8.conformance.fuzz import speed
from stud8.tools.cli import main


def test_fuzz_section_has_the_three_rates_and_the_two_ratios(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--json", "--hands", "20", "--full-hands", "6", "--seed", "2"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert set(result["fuzz"]) == {"in_process", "subprocess", "engine"}
    assert all(isinstance(rate, int) and rate > 0 for rate in result["fuzz"].values())
    ratios = result["ratios"]
    assert abs(ratios["fuzz in_process/engine"] - result["fuzz"]["in_process"] / result["fuzz"]["engine"]) < 0.01
    assert ratios["fuzz subprocess/in_process"] > 0


def test_the_rates_play_the_same_hands_without_divergence() -> None:
    rates = speed.fuzz_rates(5, seed=1, subprocess=False)
    assert rates["subprocess"] is None and rates["engine"] and rates["in_process"]

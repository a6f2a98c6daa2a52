"""Real Stud/8 hands (PHH files from the 2023 WSOP, via PokerKit's test suite) replayed through
the reference engine: each must end with the recorded finishing stacks.

The files live in ``tests/data/real-hands/*.phh`` (each names its source on its first line). They
are read by the one PHH reader (``stud8.conformance.handhistory.phh``) into a hand record, and
dealt as every imported hand is (``scenario.py``: cards nobody saw by the one policy of
``filling.py``, burns by ``conformance.suite.deal``).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from stud8.conformance.handhistory.phh import read_phh
from stud8.conformance.handhistory.scenario import scenario_from_record
from stud8.conformance.suite.deal import deck_from_deal
from stud8.reference.engine import Hand, Stakes

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

REAL_HANDS = sorted((Path(__file__).parent / "data" / "real-hands").glob("*.phh"))


def test_the_real_hands_are_here() -> None:
    assert len(REAL_HANDS) == 13


@pytest.mark.parametrize("path", REAL_HANDS, ids=[path.stem for path in REAL_HANDS])
def test_real_hand_replays_to_the_recorded_stacks(path: Path) -> None:
    scenario = scenario_from_record(read_phh(path), "real-999").scenario
    hand = Hand.start(stacks=scenario["stacks"], stakes=Stakes(**scenario["stakes"]), deck=deck_from_deal(scenario["deal"]))
    for action in scenario["actions"]:
        hand.apply(action)
    observation = hand.observe()
    assert observation["over"]
    assert observation["result"]["stacks"] == tomllib.loads(path.read_text(encoding="utf-8"))["finishing_stacks"]

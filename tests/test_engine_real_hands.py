"""Real Stud/8 hands (PHH files from the 2023 WSOP, via PokerKit's test suite) replayed through
the reference engine: each must end with the recorded finishing stacks.

The files live in ``tests/data/real-hands/*.phh`` (each names its source on its first line).
``stud8.conformance.handhistory.phh`` rebuilds the stacked deck; see there how burns and hidden cards are
filled.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from stud8.conformance.handhistory.phh import read_phh
from stud8.conformance.suite.deal import deck_from_deal
from stud8.reference.engine import Hand, Stakes

REAL_HANDS = sorted((Path(__file__).parent / "data" / "real-hands").glob("*.phh"))


def test_the_real_hands_are_here() -> None:
    assert len(REAL_HANDS) == 13


@pytest.mark.parametrize("path", REAL_HANDS, ids=[path.stem for path in REAL_HANDS])
def test_real_hand_replays_to_the_recorded_stacks(path: Path) -> None:
    record = read_phh(path)
    hand = Hand.start(stacks=record.stacks, stakes=Stakes(**record.stakes), deck=deck_from_deal(record.deal))
    for action in record.actions:
        hand.apply(action)
    observation = hand.observe()
    assert observation["over"]
    assert observation["result"]["stacks"] == record.finishing_stacks

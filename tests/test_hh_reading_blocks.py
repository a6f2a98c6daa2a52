"""``readers.bounded_blocks`` (the PokerStars reader's lines, a chunk at a time) gives exactly
the lines of ``bounded_lines``, and the PokerStars reader cuts hands the same wherever the
chunks end: line breaks other than the newline, long lines, lines across chunk boundaries."""

from __future__ import annotations

import io
import random

import pytest

from stud8.conformance.handhistory import readers
from stud8.conformance.handhistory.pokerstars import PokerStarsReader

_PIECES = ["a", "b", " ", "\n", "\n", "\r", "\r\n", "\x85", "\u2028", "\x0c", "\ufeff", "PokerStars"]


def _flat(text: str, limit: int) -> list[tuple[int, str, bool]]:
    return [(number + index, line, too_long)
            for number, lines, too_long in readers.bounded_blocks(io.StringIO(text, newline=""), limit)
            for index, line in enumerate(lines)]


@pytest.mark.parametrize("chunk", [1, 2, 7, 64, 1 << 16])
def test_blocks_hold_the_lines_of_bounded_lines(monkeypatch: pytest.MonkeyPatch, chunk: int) -> None:
    monkeypatch.setattr(readers, "CHUNK_CHARS", chunk)
    rng = random.Random(chunk)
    for _ in range(300):
        text = "".join(rng.choice(_PIECES) * rng.choice([1, 1, 3, 20]) for _ in range(rng.randrange(0, 120)))
        limit = rng.choice([3, 5, 10, 50, 1000])
        assert _flat(text, limit) == list(readers.bounded_lines(io.StringIO(text, newline=""), limit)), (text, limit)


_HAND = """PokerStars Hand #{n}:  7 Card Stud Hi/Lo Limit ($0.04/$0.08 USD) - 2009/11/26 10:22:32 ET
Table 'Dawn II' 8-max
Seat 1: Ann ($1.00 in chips)
Seat 2: Bob ($1.00 in chips)
Ann: posts the ante $0.01
Bob: posts the ante $0.01
*** 3rd STREET ***
Dealt to Ann [Kc]
Dealt to Bob [2c]
Bob: brings in for $0.02
Ann: folds
Uncalled bet ($0.00) returned to Bob
Bob collected $0.04 from pot
*** SUMMARY ***
Total pot $0.04 | Rake $0
"""


def _items(text: str) -> list[tuple[str, object, int, str]]:
    return [(type(item).__name__, item.hand_id, item.line, getattr(item, "reason", ""))
            for item in PokerStarsReader().read(io.StringIO(text, newline=""), "f.txt")]


def test_hands_are_cut_the_same_wherever_the_chunks_end(monkeypatch: pytest.MonkeyPatch) -> None:
    text = ("stray words\n\n" + _HAND.format(n=1) + "\n\n\ufeff" + _HAND.format(n=2) + "\n"
            + _HAND.format(n=3).replace("Table", "x" * 70_000 + "\nTable") + "\nPokerStars is not a header\n"
            + "\ufeff\ufeff" + _HAND.format(n=4) + "\n" + _HAND.format(n=5).rstrip("\n"))
    whole = _items(text)
    # hand 4's header has two marks: its lines are hand 3's; the stray text is reported before the last hand
    assert [hand_id for _, hand_id, _, _ in whole] == ["1", "2", "3", None, "5"]
    assert whole[3][2] == 1 and "longer than" in str(whole[2][3])
    for chunk in (1, 5, 17, 100, 333, 70_001):
        monkeypatch.setattr(readers, "CHUNK_CHARS", chunk)
        assert _items(text) == whole, chunk

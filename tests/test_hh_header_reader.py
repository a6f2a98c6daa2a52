"""The reading machine the site grammars share (``grammar.GrammarReader``): a hand whose first
line starts a hand but does not read as a header is refused by itself, with its id and line,
and the hands after it are still read."""

from __future__ import annotations

from pathlib import Path

import pytest

from stud8.conformance.handhistory.readers import open_history
from stud8.conformance.handhistory.record import HandProblem, HandRecord

SITES = Path(__file__).parent / "data" / "site-hands"

# (site file, a first line that starts a hand for the reader but is not a whole header, the id
# the message must still name)
CASES: list[tuple[str, str, str]] = [
    ("bovada/7-StudHL-USD-0.25-0.50-201209.txt", "Bovada Hand #777 (no table, no time)", "777"),
    ("absolute/7-StudHL-USD-0.02-0.04-200903.txt", "Stage #888: garbled", "888"),
    ("fulltilt/7-StudHL-USD-2-4-201103.txt", "Full Tilt Poker Game #999: garbled", "999"),
]


@pytest.mark.parametrize(("name", "broken", "hand_id"), CASES, ids=[case[0].split("/")[0] for case in CASES])
def test_a_broken_header_refuses_its_hand_alone(tmp_path: Path, name: str, broken: str, hand_id: str) -> None:
    real = (SITES / name).read_text(encoding="utf-8")
    history = tmp_path / "history.txt"
    history.write_text(real.rstrip("\n") + "\n\n" + broken + "\nSeat 1: x\n\n" + real, encoding="utf-8")
    items = list(open_history(history))
    problems = [item for item in items if isinstance(item, HandProblem)]
    records = [item for item in items if isinstance(item, HandRecord)]
    (problem,) = problems
    assert problem.verdict == "unreadable"
    assert "hand header" in problem.reason and broken in problem.reason
    assert problem.hand_id == hand_id
    assert problem.line == real.rstrip("\n").count("\n") + 3
    assert len(records) == 2 and records[0].hand_id == records[1].hand_id

"""Every amount of a hand is checked, and a bad one is named at the line that holds it (issue
29 item 4); a hand id met twice in one audit is noted (issue 29 item 6).

The family: an amount no hand can hold (negative, ``-0.00``, ``nan``, ``inf``, ``1e400``) on a
seat line, a rake or a payout, in several formats; a rake larger than its pot. Each is planted
in a real history and must make that hand ``unreadable`` naming the line of the amount (before,
``Rake -$0.05`` was read past and the hand conformed, and a bad seat amount was reported at the
first ante line).
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from stud8.conformance.handhistory import money
from stud8.conformance.handhistory.audit import audit_item
from stud8.conformance.handhistory.batch import audit_paths
from stud8.conformance.handhistory.readers import open_history
from stud8.conformance.handhistory.record import HandProblem, HandRecord, PotRecord, SeatRecord

SITES = Path(__file__).parent / "data" / "site-hands"
BAD = ["-$1.40", "-0.00", "nan", "inf", "1e400", "$1e400", "-5"]

# (file, the text holding the amount, a template putting a bad one in its place)
PLACES = [
    ("pokerstars/7-StudHL-USD-0.04-0.08-200911.Cardtest.txt", "Seat 3: gashpor ($1.40 in chips)",
     "Seat 3: gashpor ({} in chips)"),
    ("pokerstars/7-StudHL-USD-0.04-0.08-200911.Cardtest.txt", "Total pot $0.84 | Rake $0.04",
     "Total pot $0.84 | Rake {}"),
    ("pokerstars/7-StudHL-USD-0.04-0.08-200911.Cardtest.txt", "gashpor collected $0.40 from pot",
     "gashpor collected {} from pot"),
    ("fulltilt/7-StudHL-USD-2-4-201103.txt", "Seat 3: Player3 ($81.70)", "Seat 3: Player3 ({})"),
    ("fulltilt/7-StudHL-USD-2-4-201103.txt", "Total pot $10.90 | Rake $0", "Total pot $10.90 | Rake {}"),
    ("kingsclub/7-StudHL-USD-40-80-202101.txt", "Seat 1: Player0 (1,725.59)", "Seat 1: Player0 ({})"),
    ("winamax/7-StudHL-6max-EUR-25-50-201611.txt", "Seat 1: Hero (2026.03€)", "Seat 1: Hero ({})"),
    ("acr/7Stud-HL-USD-0.10-0.20-202310.txt", "Seat 1: AzRic ($14.47)", "Seat 1: AzRic ({})"),
    ("merge/7-StudHL-USD-0.25-0.50-201307.xml", 'nickname="Player1" balance="$4.66"',
     'nickname="Player1" balance="{}"'),
]


def _plant(tmp_path: Path, relative: str, old: str, new: str) -> tuple[Path, int]:
    raw = (SITES / relative).read_bytes()
    text = raw.decode("utf-8")
    assert text.count(old) >= 1, old
    path = tmp_path / Path(relative).name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path, text[: text.index(old)].count("\n") + 1


@pytest.mark.parametrize(("relative", "old", "template"), PLACES, ids=[f"{p[0].split('/')[0]}-{p[1][:14]}" for p in PLACES])
@pytest.mark.parametrize("bad", BAD)
def test_a_bad_amount_makes_its_hand_unreadable_naming_its_line(tmp_path: Path, relative: str, old: str,
                                                                template: str, bad: str) -> None:
    path, line = _plant(tmp_path, relative, old, template.format(bad))
    items = list(open_history(path))
    verdict = audit_item(items[0])
    assert verdict.verdict == "unreadable", (bad, verdict)
    assert f"line {line}" in verdict.reason or verdict.line == line, (bad, line, verdict.line, verdict.reason)
    assert all(audit_item(item).verdict == "conforms" for item in items[1:])


def test_the_rake_of_a_pokerstars_hand_cannot_be_negative(tmp_path: Path) -> None:
    # The case: "Rake -$0.05" was read past and the hand conformed (exit 0).
    path, line = _plant(tmp_path, "pokerstars/7-StudHL-USD-0.04-0.08-200911.Cardtest.txt",
                        "Total pot $0.84 | Rake $0.04", "Total pot $0.84 | Rake -$0.05")
    (item,) = list(open_history(path))
    assert isinstance(item, HandProblem) and item.line == line
    assert "'-$0.05'" in item.reason and "negative" in item.reason


def _record() -> HandRecord:
    return next(item for item in open_history(SITES / "pokerstars" / "7-StudHL-USD-0.04-0.08-200911.Cardtest.txt")
                if isinstance(item, HandRecord))


@pytest.mark.parametrize(("change", "says", "line"), [
    (lambda r: replace(r, seats=(replace(r.seats[0], stack=-1, line=3),) + r.seats[1:]), "stack", 3),
    (lambda r: replace(r, actions=(r.actions[0]._replace(amount=-1),) + r.actions[1:]), "no amount an action", 11),
    (lambda r: replace(r, rake=-4), "the rake", 85),
    (lambda r: replace(r, pots=(PotRecord(84, 90, 0, r.pots[0].collected),)), "more than the pot", 85),
    (lambda r: replace(r, rake=100, pots=(replace(r.pots[0], rake=0),)), "more than the pots", 85),
    (lambda r: replace(r, collected=(("Hero", -40),)), "no amount a payout", 85),
    (lambda r: replace(r, seats=(replace(r.seats[0], stack=True),) + r.seats[1:]), "stack", 3),
])
def test_the_money_check_names_the_line_of_an_amount_no_hand_can_hold(change: object, says: str, line: int) -> None:
    record = change(_record())  # type: ignore[operator]
    trouble = money.check(record)
    assert trouble is not None and says in trouble.message, trouble
    assert trouble.line == (line or record.line)
    assert audit_item(record).verdict == "unreadable"


def test_a_seat_line_is_kept_with_its_line_number() -> None:
    record = _record()
    assert [seat.line for seat in record.seats] == list(range(3, 11))
    assert all(isinstance(seat, SeatRecord) for seat in record.seats)


# --- repeated hand ids ------------------------------------------------------------------------

def test_a_hand_id_met_twice_in_one_audit_is_noted_on_the_later_verdict(tmp_path: Path) -> None:
    original = SITES / "fulltilt" / "7-StudHL-USD-2-4-201103.txt"
    copy = tmp_path / "copy.txt"
    copy.write_bytes(original.read_bytes())
    twice = tmp_path / "twice.txt"
    twice.write_bytes(original.read_bytes() + b"\n\n" + original.read_bytes())
    verdicts = list(audit_paths([original, copy, twice], jobs=1))
    assert [verdict.repeat_of for verdict in verdicts] == [
        "", f"{original}:1", f"{original}:1", f"{original}:1"]
    assert verdicts[3].to_json()["notes"] == [f"the same hand id as the hand at {original}:1"]
    assert "notes" not in verdicts[0].to_json()


def test_the_report_counts_the_repeated_hands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from stud8.tools.cli import main

    original = SITES / "fulltilt" / "7-StudHL-USD-2-4-201103.txt"
    twice = tmp_path / "twice.txt"
    twice.write_bytes(original.read_bytes() + b"\n\n" + original.read_bytes())
    assert main(["hh", "audit", str(twice), "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["repeated_hands"] == 1 and report["summary"]["conforms"] == 2
    assert report["hands"][1]["notes"] == [f"the same hand id as the hand at {twice}:1"]

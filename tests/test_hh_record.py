"""The neutral hand record and the reader registry (conformance/handhistory)."""

from __future__ import annotations

import codecs
import pickle
from dataclasses import FrozenInstanceError
from pathlib import Path

import pytest

from stud8.conformance.handhistory.readers import (
    detect_encoding,
    history_files,
    open_history,
)
from stud8.conformance.handhistory.record import (
    ActionKind,
    ActionRecord,
    HandProblem,
    HandRecord,
    PlayerCards,
    SeatRecord,
    money,
    parse_amount,
)


def _record() -> HandRecord:
    return HandRecord(
        site="test", hand_id="1", currency="USD", unit="cent", ante=1, bring_in=2, small_bet=4, big_bet=8,
        seats=(SeatRecord(1, "a", 100), SeatRecord(2, "b", 90)),
        actions=(ActionRecord(0, "a", ActionKind.ANTE, 1), ActionRecord(3, "b", ActionKind.BRING_IN, 2)),
        cards=(PlayerCards("a", ("Ah", "2c", "3d", None, None, None, None)),),
    )


def test_records_compare_by_value_and_pickle() -> None:
    record = _record()
    assert record == _record()
    assert pickle.loads(pickle.dumps(record)) == record
    assert hash(record) == hash(_record())
    with pytest.raises(FrozenInstanceError):
        record.hand_id = "2"  # type: ignore[misc]
    assert record.cards_of("b") == (None,) * 7
    assert ActionKind.BRING_IN == "bring-in"


@pytest.mark.parametrize("text, unit, value", [
    ("0.37", "cent", 37), ("$1.60", "cent", 160), ("11", "cent", 1100), ("1,250", "chip", 1250),
    ("€0.05", "cent", 5), ("1.5", "cent", 150),
])
def test_amounts_are_exact_integers(text: str, unit: str, value: int) -> None:
    assert parse_amount(text, unit) == value


@pytest.mark.parametrize("text, unit", [("0.005", "cent"), ("abc", "cent"), ("", "cent"), ("1.5", "chip"), ("1.2.3", "cent")])
def test_bad_amounts_are_refused(text: str, unit: str) -> None:
    with pytest.raises(ValueError):
        parse_amount(text, unit)


def test_money_prints_as_sites_do() -> None:
    assert [money(37), money(100), money(160), money(5), money(1250, "chip")] == ["0.37", "1", "1.60", "0.05", "1250"]


def test_encoding_from_the_bytes() -> None:
    assert detect_encoding(codecs.BOM_UTF16_LE + "x".encode("utf-16-le")) == "utf-16"
    assert detect_encoding(codecs.BOM_UTF8 + b"x") == "utf-8-sig"
    assert detect_encoding("Pokér".encode()) == "utf-8"
    assert detect_encoding("Pok\xe9r and more text".encode("cp1252")) == "cp1252"


def test_unknown_and_empty_files_are_problems_not_errors(tmp_path: Path) -> None:
    unknown = tmp_path / "notes.txt"
    unknown.write_text("my shopping list\n")
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    missing = tmp_path / "missing.txt"
    for path, reason in ((unknown, "unknown format"), (empty, "empty"), (missing, "cannot read")):
        items = list(open_history(path))
        assert len(items) == 1 and isinstance(items[0], HandProblem)
        assert items[0].verdict == "unreadable" and reason in items[0].reason and items[0].file == str(path)


def test_directories_are_walked_in_order(tmp_path: Path) -> None:
    (tmp_path / "b").mkdir()
    for name in ("b/2.txt", "a.txt", ".hidden", "b/1.txt"):
        (tmp_path / name).write_text("x")
    assert [p.relative_to(tmp_path).as_posix() for p in history_files([tmp_path])] == ["a.txt", "b/1.txt", "b/2.txt"]


def test_a_reader_that_raises_gives_a_verdict_not_a_traceback(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (a damaged Winning 'shows' line once escaped its reader as a ValueError):
    open_history turns an exception a reader lets out into an unreadable verdict naming the file
    and the last line read."""
    from stud8.conformance.handhistory import readers as registry

    class Broken:
        name = "broken"

        def sniff(self, head: str) -> bool:
            return head.startswith("BROKEN")

        def read(self, stream, path):  # type: ignore[no-untyped-def]
            yield HandRecord(site="x", hand_id="1", source_file=path, line=1)
            raise ValueError("not a card: '7'")

    monkeypatch.setattr(registry, "_readers", [Broken()])
    path = tmp_path / "b.txt"
    path.write_text("BROKEN\nhand\n")
    items = list(open_history(path))
    assert isinstance(items[0], HandRecord)
    assert isinstance(items[1], HandProblem) and items[1].verdict == "unreadable"
    assert "broken reader stopped after line 1" in items[1].reason and "not a card" in items[1].reason

"""Issue 22, hand-history input: one bounded reader for every format
(conformance/handhistory/readers.py and the layers every reader goes through: ``ohh.py``'s
object splitter, the PHH reader, the XML element cutter of Merge and iPoker).

Each test is the regression test of a class the second hostile round found: files past the
4 MiB limit read in full (a 1 GiB sparse PHH file, a PokerStars header and 1 GiB without a
newline, ``hh import`` of a 224 MB history: ``MemoryError``); nesting 980 deep accepted;
``decimal.Overflow``, the 4,300-digit limit and ``1e999999999`` in OHH numbers; hangs (an OHH
file of short and blank lines, an unclosed ``<game>`` and 600,000 newlines, a ``.phhs`` file of
40,000 tiny tables); a subfolder that cannot be read skipped without a word; a file vanishing
mid-run. The hang tests run the command in a child with a generous timeout: a hang detector,
not a speed check.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from stud8.conformance.handhistory import ohh
from stud8.conformance.handhistory.batch import audit_paths, audit_unit, hands, spans, units
from stud8.conformance.handhistory.readers import load_json, open_history
from stud8.conformance.handhistory.record import HandProblem, HandRecord
from stud8.spec.limits import (
    MAX_AMOUNT_DIGITS,
    MAX_FILE_BYTES,
    MAX_HAND_CHARS,
    MAX_HANDS_PER_FILE,
    MAX_LINE_CHARS,
    MAX_NAME_CHARS,
    MAX_NESTING,
)
from stud8.tools.cli import main

SITES = Path(__file__).parent / "data" / "site-hands"
PS = (SITES / "pokerstars" / "7-StudHL-USD-0.04-0.08-200911.txt").read_text(encoding="utf-8")
PS_HAND = PS.split("\n\n\n")[0].strip() + "\n\n\n"
MERGE = (SITES / "merge" / "7-StudHL-USD-0.25-0.50-201307.xml").read_text(encoding="utf-8")
PHH_HAND = (Path(__file__).parent / "data" / "phh" / "winnings.phh").read_text(encoding="utf-8")
HANG_GUARD = 600  # seconds: only a hang takes that long


def _items(path: Path) -> list[HandRecord | HandProblem]:
    return list(open_history(path))


def _ohh_text() -> str:
    import io

    from stud8.conformance.handhistory.pokerstars import PokerStarsReader

    record = next(item for item in PokerStarsReader().read(io.StringIO(PS), "ps.txt") if isinstance(item, HandRecord))
    return ohh.dumps(record)


OHH = _ohh_text()


# --- the file: its size ------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["pokerstars", "ohh", "phh", "merge"])
def test_a_history_one_byte_past_the_limit_is_refused_unread(tmp_path: Path, kind: str) -> None:
    one = {"pokerstars": PS_HAND, "ohh": OHH + "\n\n", "phh": PHH_HAND + "\n", "merge": MERGE}[kind]
    path = tmp_path / f"big.{kind}"
    text = one * (MAX_FILE_BYTES // len(one.encode()) + 1)
    path.write_bytes(text.encode()[: MAX_FILE_BYTES + 1])
    assert path.stat().st_size == MAX_FILE_BYTES + 1
    (problem,) = _items(path)
    assert isinstance(problem, HandProblem) and problem.verdict == "unreadable"
    assert problem.reason == f"the file is {MAX_FILE_BYTES + 1:,} bytes, more than the {MAX_FILE_BYTES:,} read"


@pytest.mark.parametrize("head", ["variant = 'F7S/8'\n", PS_HAND.splitlines()[0]])
def test_a_sparse_gigabyte_is_refused_without_reading_it(tmp_path: Path, head: str) -> None:
    path = tmp_path / "sparse.txt"
    with open(path, "wb") as out:  # a PHH head, or a PokerStars header, then 1 GiB of zero bytes, no newline
        out.write(head.encode())
        out.truncate(1 << 30)
    (problem,) = _items(path)
    assert problem.verdict == "unreadable" and "more than the 4,194,304 read" in problem.reason


def test_hh_import_applies_the_limits(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "huge.txt"
    with open(path, "wb") as out:
        out.write(PS_HAND.encode())
        out.truncate(224 << 20)  # the 224 MB history of the issue, sparse
    out_dir = tmp_path / "out"
    assert main(["hh", "import", str(path), "--out", str(out_dir)]) == 1
    err = capsys.readouterr().err
    assert f"{path}:0: unreadable: the file is {224 << 20:,} bytes, more than the {MAX_FILE_BYTES:,} read" in err
    assert not out_dir.exists() or not any(out_dir.iterdir())  # nothing written (not even the folder made)


def test_a_history_that_grows_while_it_is_read_is_stopped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from stud8.conformance.handhistory import readers

    path = tmp_path / "growing.txt"
    path.write_text(PS * 20, encoding="utf-8")
    monkeypatch.setattr(readers, "MAX_FILE_BYTES", len(PS.encode()) * 20)
    reading = readers.open_history(path)
    first = next(reading)
    assert isinstance(first, HandRecord)
    with open(path, "a", encoding="utf-8") as out:
        out.write(PS_HAND * 2000)  # the file grows past the limit while it is read
    rest = list(reading)
    assert rest[-1].verdict == "unreadable" and "grew past" in rest[-1].reason  # type: ignore[union-attr]


# --- a line, a hand, a name ------------------------------------------------------------------------


def test_a_header_then_a_long_line_refuses_that_hand_and_reads_the_next(tmp_path: Path) -> None:
    path = tmp_path / "long.txt"
    header, rest = PS_HAND.split("\n", 1)
    broken = header + "\n" + "x" * (3 * MAX_LINE_CHARS) + "\n" + rest
    path.write_text(broken + PS_HAND, encoding="utf-8")
    first, second = _items(path)
    assert isinstance(first, HandProblem) and first.reason == f"line 2 is longer than {MAX_LINE_CHARS} characters"
    assert isinstance(second, HandRecord) and second.line == broken.count("\n") + 1


def test_an_ohh_object_that_never_closes_is_refused_at_the_hand_limit(tmp_path: Path) -> None:
    path = tmp_path / "open.ohh"
    path.write_text('{"ohh": {"x": [\n' + '"filler",\n' * (MAX_HAND_CHARS // 10 + 10) + "\n\n" + OHH + "\n", encoding="utf-8")
    items = _items(path)
    assert items[0].verdict == "unreadable" and f"more than {MAX_HAND_CHARS:,} characters" in items[0].reason  # type: ignore[union-attr]
    assert len(items) == 1  # the rest is inside the open object: nothing forged out of it


def test_a_name_longer_than_any_site_allows_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "name.txt"
    path.write_text(PS_HAND.replace("rdiezchang", "r" * (MAX_NAME_CHARS + 1)) + PS_HAND, encoding="utf-8")
    first, second = _items(path)[:2]
    assert isinstance(first, HandProblem) and first.reason == (
        f"a player name of {MAX_NAME_CHARS + 1:,} characters (at most {MAX_NAME_CHARS} are read)")
    assert isinstance(second, HandRecord)


# --- nesting ---------------------------------------------------------------------------------------


def test_ohh_nested_980_deep_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "deep.ohh"
    deep = OHH.replace('"rounds": [', '"x": ' + "[" * 980 + "]" * 980 + ', "rounds": [', 1)
    path.write_text(deep + "\n\n" + OHH + "\n", encoding="utf-8")
    first, second = _items(path)
    assert first.verdict == "unreadable" and first.reason == f"nesting deeper than {MAX_NESTING}"  # type: ignore[union-attr]
    assert isinstance(second, HandRecord)


def test_ohh_nesting_at_the_limit_is_read() -> None:
    assert load_json("[" * MAX_NESTING + "]" * MAX_NESTING) is not None
    with pytest.raises(ValueError, match="nesting deeper than 64"):
        load_json("[" * (MAX_NESTING + 1) + "]" * (MAX_NESTING + 1))
    with pytest.raises(ValueError, match="nesting deeper than 64"):
        load_json("[" * 100_000 + "]" * 100_000)


def test_xml_nested_deeper_than_the_limit_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "deep.xml"
    game_start = MERGE.index("<players")
    path.write_text(MERGE[:game_start] + "<x>" * 200 + "</x>" * 200 + MERGE[game_start:] + "\n" + MERGE,
                    encoding="utf-8")
    items = _items(path)
    assert items[0].verdict == "unreadable" and f"nested deeper than {MAX_NESTING}" in items[0].reason  # type: ignore[union-attr]
    assert any(isinstance(item, HandRecord) for item in items[1:])


def test_phh_nested_too_deep_is_refused_in_the_audit_too(tmp_path: Path) -> None:
    path = tmp_path / "deep.phh"
    path.write_text("variant = 'F7S/8'\nx = " + "[" * 5000 + "\n", encoding="utf-8")
    (problem,) = _items(path)
    assert problem.verdict == "unreadable" and f"nesting deeper than {MAX_NESTING}" in problem.reason


# --- numbers, through the limits of the YAML path --------------------------------------------------


@pytest.mark.parametrize(("key", "number", "why"), [
    ("table_size", "1e999999999", "out of range"),
    ("seat", "1e999999999", "out of range"),
    ("ante_amount", "1e999999999", "out of range"),
    ("ante_amount", "1E-999999999", "out of range"),
    ("ante_amount", "9" * 5000, "a number of 5,000 digits"),
    ("ante_amount", "9" * 4000 + ".5", "written with"),
    ("table_size", "1" * (MAX_AMOUNT_DIGITS + 1), f"a number of {MAX_AMOUNT_DIGITS + 1} digits"),
    ("table_size", "NaN", "NaN is not a number"),
    ("table_size", "-Infinity", "-Infinity is not a number"),
])
def test_ohh_numbers_past_the_limits_are_refused(tmp_path: Path, key: str, number: str, why: str) -> None:
    import re

    hostile, count = re.subn(rf'("{key}": )[^,\n}}]+', lambda found: found.group(1) + number, OHH, count=1)
    assert count == 1
    path = tmp_path / "numbers.ohh"
    path.write_text(hostile + "\n\n" + OHH + "\n", encoding="utf-8")
    first, second = _items(path)
    assert first.verdict == "unreadable" and why in first.reason, first.reason  # type: ignore[union-attr]
    assert isinstance(second, HandRecord)


def test_site_amounts_past_the_limits_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "amount.txt"
    path.write_text(PS_HAND.replace("($1.16 in chips)", "($" + "9" * 5000 + " in chips)") + PS_HAND, encoding="utf-8")
    first, second = _items(path)
    assert first.verdict == "unreadable" and isinstance(second, HandRecord)  # type: ignore[union-attr]


def test_phh_numbers_past_the_limits_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "big.phh"
    assert "bring_in = 75000" in PHH_HAND
    path.write_text(PHH_HAND.replace("bring_in = 75000", "bring_in = " + "9" * (MAX_AMOUNT_DIGITS + 1)), encoding="utf-8")
    (problem,) = _items(path)
    assert problem.verdict == "unreadable" and f"a number of {MAX_AMOUNT_DIGITS + 1} digits" in problem.reason


# --- hands per file ----------------------------------------------------------------------------------


def test_a_phhs_file_of_40000_tiny_tables_reads_the_first_ten_thousand(tmp_path: Path) -> None:
    path = tmp_path / "many.phhs"
    path.write_text("".join(f"[{number}]\nvariant = 'F7S/8'\n" for number in range(40_000)), encoding="utf-8")
    items = _items(path)
    assert len(items) == MAX_HANDS_PER_FILE + 1
    assert items[-2].line == 2 * MAX_HANDS_PER_FILE - 1  # each table's own line, found in one pass
    assert items[-1].reason == (f"more than {MAX_HANDS_PER_FILE:,} hands in one file: the rest, from line "  # type: ignore[union-attr]
                                f"{2 * MAX_HANDS_PER_FILE + 1}, is not read")


def test_a_file_of_more_hands_than_the_limit_says_where_reading_stopped(tmp_path: Path) -> None:
    header = PS_HAND.splitlines()[0] + "\n"
    path = tmp_path / "headers.txt"
    path.write_text(header * (MAX_HANDS_PER_FILE + 50), encoding="utf-8")
    serial = [verdict.to_json() for verdict in audit_paths([path], jobs=1)]
    assert len(serial) == MAX_HANDS_PER_FILE + 1 and serial[-1]["line"] == MAX_HANDS_PER_FILE + 1
    assert "is not read" in serial[-1]["reason"]
    # cut into spans for workers, the same verdicts: such a file is read in this process
    assert [verdict.to_json() for verdict in audit_paths([path], jobs=2, size=500)] == serial


# --- hangs: each once took minutes or forever; a child with a generous timeout ------------------------


def _audit_in_a_child(path: Path) -> dict[str, object]:
    done = subprocess.run([sys.executable, "-m", "stud8.tools.cli", "hh", "audit", str(path), "--format", "json",
                           "--jobs", "1"], capture_output=True, text=True, timeout=HANG_GUARD, check=False)
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def test_ohh_short_and_blank_lines_do_not_reparse(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "blank.ohh"
    path.write_text('{"ohh": {"game_type": "StudHiLo",\n' + '"a": 1,\n\n' * 20_000, encoding="utf-8")
    parsed: list[int] = []
    real = ohh.load_json
    monkeypatch.setattr(ohh, "load_json", lambda text: parsed.append(len(text)) or real(text))
    (problem,) = _items(path)
    assert problem.verdict == "unreadable" and "not closed" in problem.reason
    assert parsed == []  # the old reader parsed the growing buffer at each of the 20,000 blank lines
    report = _audit_in_a_child(path)
    assert report["summary"]["unreadable"] == 1  # type: ignore[index]


def test_ohh_objects_are_each_parsed_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "three.ohh"
    path.write_text(OHH + "\n\n" + OHH.replace("\n", "\n\n") + "\n" + json.dumps(json.loads(OHH, parse_float=str)) +
                    json.dumps(json.loads(OHH, parse_float=str)) + "\n", encoding="utf-8")
    parsed: list[int] = []
    real = ohh.load_json
    monkeypatch.setattr(ohh, "load_json", lambda text: parsed.append(len(text)) or real(text))
    items = _items(path)
    assert len(items) == 4 and len(parsed) == 4
    assert [item.line for item in items][:2] == [1, OHH.count("\n") + 3]


def test_an_unclosed_game_then_600000_newlines_is_one_problem(tmp_path: Path) -> None:
    path = tmp_path / "unclosed.xml"
    opening = MERGE.split("<players")[0]
    path.write_text(opening + "\n" * 600_000 + MERGE, encoding="utf-8")
    report = _audit_in_a_child(path)
    verdicts = [hand["verdict"] for hand in report["hands"]]  # type: ignore[index]
    assert verdicts[0] == "unreadable" and report["hands"][0]["line"] == 2  # type: ignore[index]
    assert "conforms" in verdicts or "deviates" in verdicts


def test_a_phhs_file_of_40000_tiny_tables_ends(tmp_path: Path) -> None:
    path = tmp_path / "many.phhs"
    path.write_text("".join(f"[{number}]\nvariant = 'F7S/8'\n" for number in range(40_000)), encoding="utf-8")
    report = _audit_in_a_child(path)
    assert report["summary"]["unreadable"] == MAX_HANDS_PER_FILE + 1  # type: ignore[index]


def test_the_text_output_shows_at_most_a_hundred_lines_per_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from stud8.spec.limits import MAX_ERRORS_PER_FILE

    path = tmp_path / "many.phhs"
    path.write_text("".join(f"[{number}]\nvariant = 'F7S/8'\n" for number in range(500)), encoding="utf-8")
    assert main(["hh", "audit", str(path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    shown = [line for line in lines if line.startswith(f"{path}:") and "not shown" not in line]
    assert len(shown) == MAX_ERRORS_PER_FILE
    assert f"{path}: 400 more hands that do not conform not shown (at most {MAX_ERRORS_PER_FILE} lines per file; "\
           "--format json lists every hand)" in lines


# --- folders and vanishing files ---------------------------------------------------------------------


def test_a_subfolder_that_cannot_be_read_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "ok").mkdir()
    (tmp_path / "ok" / "a.txt").write_text(PS_HAND, encoding="utf-8")
    locked = tmp_path / "locked"
    locked.mkdir()
    (locked / "b.txt").write_text(PS_HAND, encoding="utf-8")
    real = os.scandir

    def scandir(path: object = ".") -> object:
        if Path(str(path)) == locked:  # what a folder without read permission does (the tests run as root)
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "scandir", scandir)
    items = list(hands([tmp_path]))
    problems = [item for item in items if isinstance(item, HandProblem)]
    assert [(p.file, p.reason) for p in problems] == [
        (str(locked), "cannot read folder: Permission denied (its files were not audited)")]
    assert sum(isinstance(item, HandRecord) for item in items) == 1


def test_a_history_that_vanishes_mid_run_is_a_verdict(tmp_path: Path) -> None:
    from stud8.conformance.handhistory.audit import AuditOptions

    path = tmp_path / "gone.txt"
    path.write_text(PS * 3, encoding="utf-8")
    cut = list(spans(path, "pokerstars", "utf-8", AuditOptions(), size=5))
    path.unlink()
    (verdict,) = audit_unit(cut[1])
    assert verdict.verdict == "unreadable" and verdict.reason.startswith("cannot read file: No such file or directory")
    path.write_text(PS * 3, encoding="utf-8")
    work = units([path], AuditOptions(), size=5, ship=True)
    next(work)
    path.unlink()
    (problem,), _ = next(work)  # type: ignore[misc]
    assert problem.verdict == "unreadable" and "changed while it was audited" in problem.reason


def test_one_bad_stake_in_an_absolute_hand_is_that_hand_s_problem(tmp_path: Path) -> None:
    # The stake was read outside the reader's error handling: the ValueError stopped the reader
    # for the rest of the file.
    text = (SITES / "absolute" / "7-StudHL-USD-0.02-0.04-200903.txt").read_text(encoding="utf-8")
    path = tmp_path / "absolute.txt"
    path.write_text(text.replace("Normal $0.02/$0.04", "Normal $0.025/$0.04", 1) + "\n\n" + text, encoding="utf-8")
    first, second = _items(path)
    assert isinstance(first, HandProblem) and first.line == 1
    assert first.reason == "the header's stakes: amount '0.025' is finer than one cent (line 1)"
    assert isinstance(second, HandRecord)


@pytest.mark.parametrize(("old", "new"), [("Seat 3: gashpor", "Seat " + "9" * 5000 + ": gashpor"),
                                          ("Table 'Dawn II' 8-max", "Table 'Dawn II' " + "9" * 5000 + "-max")])
def test_a_5000_digit_number_in_a_pokerstars_hand_is_that_hand_s_problem(tmp_path: Path, old: str, new: str) -> None:
    # Found after the corpus: int() of 5,000 digits stopped the PokerStars reader for the rest of the file.
    path = tmp_path / "digits.txt"
    assert old in PS_HAND
    path.write_text(PS_HAND.replace(old, new, 1) + PS_HAND, encoding="utf-8")
    first, second = _items(path)
    assert isinstance(first, HandProblem) and first.reason == (
        f"a number of more than 4,300 digits (at most {MAX_AMOUNT_DIGITS} are read)")
    assert isinstance(second, HandRecord)

"""The site readers on damaged and foreign input, made by editing copies of the real files:
a hand cut short, malformed XML, an unknown action, another game under each site's header,
a raise of the wrong size. Each bad hand is one problem naming the file, the hand and the line;
the hands after it are still read; a site's own mistake is recorded as made, for the audit."""

from __future__ import annotations

from pathlib import Path

import pytest

from stud8.conformance.handhistory.audit import AuditOptions, audit_hand
from stud8.conformance.handhistory.readers import open_history
from stud8.conformance.handhistory.record import ActionKind, HandProblem, HandRecord

DATA = Path(__file__).parent / "data" / "site-hands"


def _items(path: Path) -> list[HandRecord | HandProblem]:
    return list(open_history(path))


def _edited(tmp_path: Path, relative: str, old: str, new: str, *, count: int = 1,
            more: tuple[tuple[str, str], ...] = ()) -> Path:
    """A copy of a test file with ``old`` replaced, in the file's own encoding (the Winning
    file is UTF-16 and ends with half a character: the stray byte is kept as it is)."""
    raw = (DATA / relative).read_bytes()
    tail = b""
    if raw.startswith(b"\xff\xfe"):
        encoding = "utf-16-le"
        raw, tail = raw[: len(raw) // 2 * 2], raw[len(raw) // 2 * 2:]
    else:
        encoding = "cp1252" if b"\x80" in raw else "utf-8"
    text = raw.decode(encoding)
    for before, after, times in ((old, new, count), *((b, a, 1) for b, a in more)):
        assert before in text, before
        text = text.replace(before, after, times)
    path = tmp_path / Path(relative).name
    path.write_bytes(text.encode(encoding) + tail)
    return path


def test_a_hand_cut_short_is_one_problem_and_the_next_hand_is_read(tmp_path: Path) -> None:
    text = (DATA / "fulltilt" / "7-StudHL-USD-2-4-201103.txt").read_text()
    path = tmp_path / "two.txt"
    path.write_text(text.split("*** SUMMARY ***")[0] + "\n\n" + text)
    first, second = _items(path)
    assert isinstance(first, HandProblem) and first.verdict == "unreadable"
    assert first.hand_id == "29408130000" and first.line > 1 and "cut short" in first.reason
    assert isinstance(second, HandRecord) and second.line == text.count("\n", 0, text.index("*** SUMMARY")) + 3


def test_malformed_xml_names_its_line_and_the_next_game_is_read(tmp_path: Path) -> None:
    good = (DATA / "merge" / "7-StudHL-USD-0.25-0.50-201307.xml").read_text()
    bad = good.replace('<event sequence="9" type="COMPLETE"', '<event sequence="9" type="COMPLETE" stray')
    path = tmp_path / "merge.txt"  # the name says nothing: the content decides
    path.write_text(bad + "\n" + good + "\n" + good[: len(good) // 2])
    first, second, third = _items(path)
    assert isinstance(first, HandProblem) and first.verdict == "unreadable"
    assert first.line == good.splitlines().index(next(line for line in good.splitlines()
                                                      if 'sequence="9"' in line)) + 1
    assert "not well-formed XML" in first.reason
    assert isinstance(second, HandRecord) and second.hand_id == "70969727-130"
    assert isinstance(third, HandProblem) and "cut short" in third.reason and third.hand_id == "70969727-130"


def test_an_unknown_ipoker_action_type_is_named(tmp_path: Path) -> None:
    path = _edited(tmp_path, "ipoker/7-StudHL-EUR-0.05-0.10-201405.xml", 'type="16"', 'type="99"')
    items = _items(path)
    assert [type(item).__name__ for item in items] == ["HandRecord", "HandProblem", "HandRecord", "HandRecord",
                                                       "HandRecord"]
    problem = items[1]
    assert isinstance(problem, HandProblem) and problem.hand_id == "5710056302"
    assert "unknown iPoker action type '99'" in problem.reason


@pytest.mark.parametrize("relative, old, new, game", [
    ("acr/7Stud-HL-USD-0.10-0.20-202310.txt", "7Stud H/L(Fixed Limit)", "7Stud(Fixed Limit)", "7Stud(Fixed Limit)"),
    ("winamax/7-StudHL-6max-EUR-25-50-201611.txt", "7-Card Stud Hi/Lo fixed limit", "Razz fixed limit", "Razz"),
    ("kingsclub/7-StudHL-USD-40-80-202101.txt", "Limit Seven Card Stud Hi-Lo", "Limit Seven Card Stud", "Stud"),
    ("ongame/7-StudHL-USD-0.25-0.50-201008.txt", "LIMIT SEVEN_CARD_STUD_HI_LO", "LIMIT SEVEN_CARD_STUD", "STUD"),
    ("absolute/7-StudHL-USD-0.02-0.04-200903.txt", "Seven Card Hi/Lo  Normal", "Seven Card Hi/Lo  Pot Limit",
     "Pot Limit"),
    ("bovada/7-StudHL-USD-0.25-0.50-201209.txt", "7CARD HiLo Fixed Limit", "7CARD Fixed Limit", "7CARD"),
    ("partypoker/7-StudHL-USD-0.50-1.00-201008.txt", "7 Card Stud Hi-Lo", "7 Card Stud", "7 Card Stud"),
    ("winning/7-Stud-HL-8max-USD-1.00-2.00-201608.txt", "(Seven Cards Stud HiLow)", "(Seven Cards Stud)", "Stud"),
    ("ipoker/7-StudHL-EUR-0.05-0.10-201405.xml", "7 Card Stud Hi-Lo L", "7 Card Stud L", "7 Card Stud"),
    ("merge/7-StudHL-USD-0.25-0.50-201307.xml", 'type="7-Stud H/L8"', 'type="7-Stud"', "7-Stud"),
    ("fulltilt/7-StudHL-USD-2-4-201103.txt", "Limit Stud H/L", "Limit Razz", "Razz"),
])
def test_another_game_under_each_sites_header_is_refused(tmp_path: Path, relative: str, old: str, new: str,
                                                         game: str) -> None:
    items = _items(_edited(tmp_path, relative, old, new, count=-1))
    refused = [item for item in items if isinstance(item, HandProblem) and item.verdict == "not-stud8"]
    assert refused and all(isinstance(item, HandProblem) for item in items)
    assert all(game in item.reason and "not Seven Card Stud Hi/Lo" in item.reason for item in refused)
    assert all(item.hand_id for item in refused)


def test_a_raise_of_the_wrong_size_is_recorded_as_made_and_the_audit_finds_it(tmp_path: Path) -> None:
    # brady888 raises to 35 where the rules say 30, then calls 5 (not 10) to the 40 the street
    # reaches: the chips he put in, and so the site's books, are as before.
    path = _edited(tmp_path, "acr/7Stud-HL-USD-0.10-0.20-202310.txt",
                   "brady888 raises $0.20 to $0.30", "brady888 raises $0.25 to $0.35",
                   more=(("KickShorty calls $0.20\nbrady888 calls $0.10", "KickShorty calls $0.20\nbrady888 calls $0.05"),))
    (record,) = _items(path)
    assert isinstance(record, HandRecord)
    raise_ = next(a for a in record.actions if a.player == "brady888" and a.kind is ActionKind.RAISE)
    assert raise_.amount == 35 and raise_.line == 40
    verdict = audit_hand(record, AuditOptions())
    assert verdict.verdict == "deviates"
    first = verdict.deviations[0]
    assert (first.rule, first.street, first.line) == ("betting.limits", "third", 40)


def test_a_bring_in_by_the_wrong_player_is_found_in_a_site_format(tmp_path: Path) -> None:
    # Kings Club: Player0 (Td) is the low card; give Hero's queen of spades the deuce instead.
    path = _edited(tmp_path, "kingsclub/7-StudHL-USD-40-80-202101.txt", "[Qh 4s Qs]", "[Qh 4s 2s]",
                   more=(("Hero shows [4s Qh Qs", "Hero shows [4s Qh 2s"),))
    (record,) = _items(path)
    assert isinstance(record, HandRecord)
    verdict = audit_hand(record, AuditOptions())
    assert verdict.verdict == "deviates" and verdict.deviations[0].rule == "bring-in.lowest-upcard"


def test_a_file_of_no_known_format(tmp_path: Path) -> None:
    path = tmp_path / "noise.bin"
    path.write_bytes(bytes(range(256)) * 8)
    (problem,) = _items(path)
    assert isinstance(problem, HandProblem) and problem.hand_id is None
    assert problem.verdict == "unreadable" and "unknown format" in problem.reason


def test_a_hand_without_end_or_with_an_enormous_line_is_refused_and_not_kept(tmp_path: Path) -> None:
    from stud8.conformance.handhistory.sitebuild import MAX_HAND_LINES

    good = (DATA / "fulltilt" / "7-StudHL-USD-2-4-201103.txt").read_text()
    header = good.splitlines()[0]
    path = tmp_path / "hostile.txt"
    with open(path, "w") as stream:
        stream.write(header.replace("29408130000", "1") + "\n" + "Player1 folds\n" * (MAX_HAND_LINES + 10))
        stream.write(header.replace("29408130000", "2") + "\n" + "x" * 200_000 + "\n")
        stream.write(good)
    first, second, third = _items(path)
    assert isinstance(first, HandProblem) and first.hand_id == "1" and "runs past" in first.reason
    assert isinstance(second, HandProblem) and second.hand_id == "2" and "longer than" in second.reason
    assert second.line == MAX_HAND_LINES + 13
    assert isinstance(third, HandRecord) and third.hand_id == "29408130000"


def test_an_xml_hand_without_its_end_is_refused_and_the_next_one_read(tmp_path: Path) -> None:
    from stud8.spec.limits import MAX_HAND_CHARS as MAX_ELEMENT_CHARS  # the hand-size limit of every reader

    good = (DATA / "merge" / "7-StudHL-USD-0.25-0.50-201307.xml").read_text()
    opening = good.split("<players")[0]  # the description and the <game ...> start tag
    path = tmp_path / "hostile.xml"
    with open(path, "w") as stream:
        stream.write(opening + ("<junk/>" * 1000 + "\n") * (MAX_ELEMENT_CHARS // 7000 + 2) + good)
    first, second = _items(path)
    assert isinstance(first, HandProblem) and first.verdict == "unreadable" and first.line == 2
    assert isinstance(second, HandRecord) and second.hand_id == "70969727-130"


def test_a_shown_card_that_is_not_a_card_is_one_hand_s_problem(tmp_path: Path) -> None:
    # Found by mutating the test files: the Winning reader let the ValueError of a summary's
    # bad card escape instead of refusing the hand.
    path = _edited(tmp_path, "winning/7-Stud-HL-8max-USD-1.00-2.00-201608.txt",
                   "[6h 10d 2c As 7d 4d 9s]", "[6h 10d 2c As 7dX4d 9s]")
    first, second = _items(path)
    assert isinstance(first, HandProblem) and first.hand_id == "693975843"
    assert "not a card: '7dX4d'" in first.reason and first.line == 87  # the summary's line
    assert isinstance(second, HandProblem) and second.hand_id == "693976187"

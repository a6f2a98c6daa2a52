"""PHH read, judged, imported and written one way: the one PHH module
(``conformance/handhistory/phh.py``) reads a file into the hand record every format reads into;
``stud8 hh audit`` judges it, ``stud8 hh import`` makes scenarios of it, ``stud8 hh export
--format phh`` writes one (checked with PokerKit when it is installed); ``stud8 phh
import|export|replay`` are aliases of those. And the corpus of real hands
(``conformance/scenarios/real/wsop-2023-*.yaml``), which the one importer still makes from
``tests/data/real-hands``.

Inputs in ``tests/data/phh`` are test inputs, each derived from a real hand and saying on its
first line how it was changed.
"""

from __future__ import annotations

import functools
import json
import re
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from stud8.conformance.engines.api import ReferenceEngine
from stud8.conformance.handhistory.phh import (
    PhhError,
    PhhNoResult,
    PhhNotStud8,
    loads_phh,
    phh_text,
    read_phh,
    record_from_phh,
    records_from_text,
)
from stud8.conformance.handhistory.record import HandProblem, HandRecord
from stud8.conformance.handhistory.scenario import scenario_from_record
from stud8.conformance.suite.replay import run_scenario
from stud8.conformance.suite.scenarios import (
    iter_scenarios,
    load_scenario_file,
    load_suite,
    packaged_scenarios_dir,
)
from stud8.tools.cli import main

sys.path.insert(0, str(Path(__file__).parent))
from wsop_recipe import ROOT, WSOP, wsop_argv

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

DATA = Path(__file__).parent / "data"
PHH = DATA / "phh"
REAL_HANDS = sorted((DATA / "real-hands").glob("*.phh"))
HAND_48 = DATA / "real-hands" / "test_2023_43_5__test_48_02_09_20.phh"
HAND_49 = DATA / "real-hands" / "test_2023_43_5__test_49_02_13_08.phh"
REAL_DIR = ROOT / "conformance" / "scenarios" / "real"


def stud8(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> tuple[int, str, str]:
    code = main([*map(str, argv)])
    out, err = capsys.readouterr()
    return code, out, err


@functools.cache
def suite() -> dict[str, Any]:
    files, _ = load_suite([packaged_scenarios_dir()])
    return {scenario.id: scenario for scenario in iter_scenarios(files)}


def real_scenarios() -> dict[str, Any]:
    """The real WSOP hands imported from PHH (real-NNN); the site hands (real-site-NNN) have their own tests."""
    files, problems = load_suite([REAL_DIR])
    assert not problems
    return {scenario.id: scenario for scenario in iter_scenarios(files) if re.fullmatch(r"real-\d{3}", scenario.id)}


def audit_json(capsys: pytest.CaptureFixture[str], *paths: Path) -> tuple[int, list[dict[str, Any]]]:
    code, out, _ = stud8(capsys, "hh", "audit", *paths, "--format", "json")
    return code, json.loads(out)["hands"]


# --- reading ---------------------------------------------------------------------------------

def test_a_real_hand_reads_into_the_record() -> None:
    record = read_phh(HAND_48)
    assert isinstance(record, HandRecord)
    assert (record.site, record.hand_id, record.source_file, record.line) == ("PHH", "", str(HAND_48), 1)
    assert (record.ante, record.bring_in, record.small_bet, record.big_bet) == (50000, 75000, 250000, 500000)
    assert [seat.stack for seat in record.seats] == [4425000, 1850000, 14525000, 6125000, 2775000]
    assert record.cards_of("p1") == ("Ac", "8d", "As", "Th", "3c", "Ts", "7c")
    assert record.cards_of("p2") == ("Tc", "4h", "5s", None, None, None, None)
    kinds = [(action.street, action.player, action.kind.value, action.amount) for action in record.actions[5:10]]
    assert kinds == [(3, "p3", "bring-in", 75000), (3, "p4", "fold", 0), (3, "p5", "complete", 250000),
                     (3, "p1", "raise", 500000), (3, "p2", "fold", 0)]
    assert [(entry.player, entry.shown) for entry in record.showdown] == [("p1", True), ("p5", True)]
    assert record.collected == (("p1", 2412500), ("p5", 2412500)) and record.returned == ()
    assert record.note.startswith("Real Stud/8 hand: WSOP 2023 event #43, test method test_48_02_09_20")
    assert record.actions[5].line == 9  # the line of the actions list


def test_hidden_cards_come_from_the_cards_shown() -> None:
    record = read_phh(PHH / "hidden-shown.phh")
    assert record.cards_of("p1") == ("Ac", "8d", "As", "Th", "3c", "Ts", "7c")


def test_a_seat_that_shows_twice_is_one_showdown_entry() -> None:
    """PokerKit's records show the cards of all-in players as they are dealt: twice for one seat."""
    record = read_phh(DATA / "real-hands" / "test_2023_54_4__test_6_00_15_43.phh")
    assert [(entry.player, entry.shown) for entry in record.showdown] == [("p4", True), ("p5", True)]
    assert record.cards_of("p4")[6] == "Ks"


def test_cards_nobody_saw_are_dealt_down_low_up_high() -> None:
    """The one policy (filling.py): p1 and p5 of hand 49 were dealt ??????."""
    scenario = scenario_from_record(read_phh(HAND_49), "x-001").scenario
    assert scenario["deal"]["third"]["p1"] == "2c 2d As"
    assert scenario["deal"]["third"]["p5"] == "2s 3c Ah"  # 2h is p4's; As went to p1
    assert "nor were the cards of p1 and p5 that nobody saw" in scenario["description"]


PROBLEMS = [
    ("not-toml.phh", "unreadable", "not a PHH file (TOML): Unclosed array"),
    ("wrong-variant.phh", "not-stud8", "variant is 'FR', not 'F7S/8'"),
    ("missing-field.phh", "unreadable", "the field 'starting_stacks' is missing"),
    ("bad-card.phh", "unreadable", "action 1 'd dh p2 Tc4h5x': 'Tc4h5x' is not a list of cards"),
    ("no-finishing-stacks.phh", "cannot-judge", "the field 'finishing_stacks' is missing: the hand's result is not recorded"),
    ("winnings.phh", "cannot-judge", "winnings alone leave out the uncalled chips returned"),
]


@pytest.mark.parametrize(("name", "verdict", "message"), PROBLEMS, ids=[name for name, _, _ in PROBLEMS])
def test_a_file_that_gives_no_record_says_why(name: str, verdict: str, message: str) -> None:
    (item,) = records_from_text((PHH / name).read_text(encoding="utf-8"), str(PHH / name))
    assert isinstance(item, HandProblem)
    assert (item.verdict, item.line) == (verdict, 1) and message in item.reason
    error = {"not-stud8": PhhNotStud8, "cannot-judge": PhhNoResult}.get(verdict, PhhError)
    with pytest.raises(error) as raised:
        read_phh(PHH / name)
    assert raised.value.message.startswith(f"{PHH / name}: ") and message in raised.value.message


@pytest.mark.parametrize(("change", "message"), [
    ({"antes": [5, 5, 10]}, "the field 'antes' is [5, 5, 10]: every player must post the same ante"),
    ({"antes": [5, 5]}, "the field 'antes' lists 2 players, starting_stacks 3"),
    ({"bring_in": "ten"}, "the field 'bring_in' must be a whole amount"),
    ({"starting_stacks": [100, -1, 100]}, "the field 'starting_stacks' must be a list of whole amounts"),
    ({"finishing_stacks": [1, 2]}, "the field 'finishing_stacks' lists 2 players"),
    ({"finishing_stacks": [100, 100, 101]}, "the field 'finishing_stacks' adds up to 301, the starting stacks to 300"),
    ({"players": ["a", "a", "b"]}, "the fields 'players' and 'seats' must name each player of starting_stacks once"),
    ({"actions": ["d dh p1 AcAdAh", "d dh p2 KcKdKh", "d dh p4 QcQdQh"]}, "action 2 'd dh p4 QcQdQh': no seat p4 at this 3-player table"),
    ({"actions": ["d dh p1 AcAdAh", "d dh p2 AcKdKh"]}, "action 1 'd dh p2 AcKdKh': Ac was already dealt (action 0)"),
    ({"actions": ["d dh p1 AcAdAh", "d dh p2 KcKdKh"]}, "p3 is not dealt three cards on third street"),
    ({"actions": ["d dh p1 AcAdAh", "d dh p2 KcKdKh", "d dh p3 QcQdQh", "p3 sd"]}, "action 3 'p3 sd' is not a Stud/8 action"),
    ({"actions": ["d dh p1 AcAdAh", "d dh p2 KcKdKh", "d dh p3 QcQdQh", "p3 cbr ten"]}, "action 3 'p3 cbr ten' is not a Stud/8 action"),
    ({"actions": ["d dh p1 AcAdAh", "d dh p2 KcKdKh", "d dh p3 QcQdQh", "d db 2c"]}, "action 3 'd db 2c': a community card"),
    ({"actions": ["d dh p1 AcAdAh", "d dh p2 KcKdKh", "d dh p3 QcQdQh", "p1 sm AcAd2h"]},
     "p1 shows 2h as card 3, but was dealt Ah"),
])
def test_problems_name_the_field_or_action(change: dict[str, Any], message: str) -> None:
    data: dict[str, Any] = {"variant": "F7S/8", "antes": [5, 5, 5], "bring_in": 10, "small_bet": 20, "big_bet": 40,
                            "starting_stacks": [100, 100, 100], "finishing_stacks": [100, 100, 100],
                            "actions": ["d dh p1 AcAdAh", "d dh p2 KcKdKh", "d dh p3 QcQdQh"]}
    data.update(change)
    with pytest.raises(PhhError) as raised:
        record_from_phh(data, "hand.phh")
    assert message in raised.value.message


def test_action_comments_are_ignored() -> None:
    record = loads_phh("variant = 'F7S/8'\nantes = [5, 5]\nbring_in = 10\nsmall_bet = 20\nbig_bet = 40\n"
                       "starting_stacks = [100, 100]\nfinishing_stacks = [95, 105]\n"
                       "actions = ['d dh p1 AcAdAh # Alice', 'd dh p2 KcKd2h', '# a comment', 'p2 pb # forced', 'p1 f']\n",
                       "hand.phh")
    assert [(action.player, action.kind.value) for action in record.actions if action.street] == \
        [("p2", "bring-in"), ("p1", "fold")]


def test_a_file_of_numbered_tables_reads_each_with_its_comment_and_line() -> None:
    one, two = read_phh(HAND_48), read_phh(HAND_49)
    text = phh_text([one, two])
    items = list(records_from_text(text, "hands.phhs"))
    assert [item.note for item in items] == [one.note, two.note]  # type: ignore[union-attr]
    assert all(isinstance(item, HandRecord) for item in items)
    assert [item.without_provenance() for item in items] == \
        [record.without_provenance() for record in (one, two)]  # type: ignore[union-attr]
    lines = text.splitlines()
    assert [lines[item.line - 1] for item in items] == ["[1]", "[2]"]


# --- judging: stud8 hh audit (and its alias stud8 phh replay) ---------------------------------

def test_the_real_hands_are_judged_like_any_site_hand(capsys: pytest.CaptureFixture[str]) -> None:
    """8 conform. 5 cannot be judged: a player who folded on third street did not show the up
    card, and a card nobody saw was lower than every up card seen, so that player might have
    had to bring in. In hands 51 and 52 the up card of p1 is not recorded either, but every card
    lower than the bring-in's 2h was seen elsewhere (2c and 2d), so p1 could not have brought in."""
    code, hands = audit_json(capsys, *REAL_HANDS)
    verdicts = {Path(hand["file"]).stem.rsplit("__", 1)[1]: hand["verdict"] for hand in hands}
    cannot = {"test_49_02_13_08", "test_50_02_14_32", "test_53_02_25_11", "test_3_00_10_24", "test_4_00_12_25"}
    assert code == 1
    assert {name for name, verdict in verdicts.items() if verdict == "cannot-judge"} == cannot
    assert {name for name, verdict in verdicts.items() if verdict == "conforms"} == set(verdicts) - cannot
    reasons = {Path(hand["file"]).stem.rsplit("__", 1)[1]: hand.get("reason", "") for hand in hands}
    assert reasons["test_49_02_13_08"] == ("the third-street up cards of p1 and p5 are not recorded, and could have been "
                                           "lower than every up card seen (nobody saw the 2c): who had to bring in is not known; "
                                           "the books balance; with the bring-in as recorded, the antes, every other action "
                                           "and the payout conform")


def test_an_unseen_up_card_is_judged_by_every_card_it_could_be(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Hand 52: p1 folds on third street without showing any card; p4 brings in with the 2h.
    The cards lower than the 2h, the 2c and the 2d, were seen (p4's and p3's down cards), so p1
    could not have brought in: the hand is judged (it conforms). Hide the 2d and p1 might have
    had it: who had to bring in is not known. Deal p2 the 2d face up instead, and p4 brought in
    wrongly whatever p1 held (p2 had to, or p1): the hand deviates, even with the 2c hidden."""
    text = (DATA / "real-hands" / "test_2023_43_5__test_52_02_22_35.phh").read_text(encoding="utf-8")
    path = tmp_path / "hand.phh"

    def verdict(changes: dict[str, str]) -> dict[str, Any]:
        edited = text
        for old, new in changes.items():
            assert old in edited
            edited = edited.replace(old, new)
        path.write_text(edited, encoding="utf-8")
        _, (hand,) = audit_json(capsys, path)
        return hand

    assert verdict({})["verdict"] == "conforms"
    hidden = verdict({"'d dh p3 2s2dAh'": "'d dh p3 2s??Ah'"})
    assert (hidden["verdict"], hidden["reason"]) == ("cannot-judge", ("p1's up card on third street is not recorded, and "
                                                      "could have been lower than every up card seen (nobody saw the 2d): "
                                                      "who had to bring in is not known; the books balance; with the "
                                                      "bring-in as recorded, the antes, every other action and the "
                                                      "payout conform"))
    assert hidden["checked"] == ["the books balance", "the antes", "with the bring-in as recorded, every other action",
                                 "the payout"]
    swapped = {"'d dh p2 Ts9cJh', 'd dh p3 2s2dAh'": "'d dh p2 Ts9c2d', 'd dh p3 2sJhAh'"}
    for changes in (swapped, {**swapped, "'d dh p4 7d2c2h'": "'d dh p4 7d??2h'"}):
        hand = verdict(changes)
        assert (hand["verdict"], hand["deviations"][0]["rule"], hand["deviations"][0]["step"]) == \
            ("deviates", "bring-in.lowest-upcard", 1)


@pytest.mark.parametrize(("name", "verdict", "rule"), [
    ("refused-action.phh", "deviates", "bring-in.lowest-upcard"),
    ("disagree.phh", "deviates", "showdown.split"),
    ("hidden-shown.phh", "conforms", None),
])
def test_audit_of_phh_files(capsys: pytest.CaptureFixture[str], name: str, verdict: str, rule: str | None) -> None:
    code, (hand,) = audit_json(capsys, PHH / name)
    assert (code, hand["verdict"]) == (int(verdict != "conforms"), verdict)
    assert [deviation["rule"] for deviation in hand["deviations"]][:1] == ([rule] if rule else [])


def test_phh_replay_is_hh_audit(capsys: pytest.CaptureFixture[str]) -> None:
    for path in (HAND_48, PHH / "disagree.phh", PHH / "not-toml.phh"):
        for form in ("text", "json"):
            assert stud8(capsys, "phh", "replay", path, "--format", form) == \
                stud8(capsys, "hh", "audit", path, "--format", form)


# --- importing: stud8 hh import (and its alias stud8 phh import) ------------------------------

def test_import_validate_and_conform_a_real_hand(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "hand.yaml"
    code, stdout, err = stud8(capsys, "hh", "import", HAND_48, "--id", "real-900", "-o", out)
    assert (code, stdout) == (0, ""), err
    assert err == f"wrote 1 scenario to {out}\n"
    assert main(["validate", str(out)]) == 0
    capsys.readouterr()
    loaded = load_scenario_file(out)
    assert not loaded.problems
    (scenario,) = loaded.scenarios
    data = scenario.data
    assert scenario.id == "real-900"
    assert scenario.title == "PHH hand test_48_02_09_20: seats 1 and 5 show down on seventh street"
    assert data["source"].startswith("Real Stud/8 hand: WSOP 2023 event #43, test method test_48_02_09_20")
    assert HAND_48.name in " ".join(data["source"].split())
    assert str(HAND_48.parent) not in " ".join(data["source"].split())  # never the machine's absolute path
    assert data["outcome"] == {"stacks": [4537500, 1800000, 14400000, 6075000, 2887500]}  # recorded, nothing more
    assert data["deal"]["third"]["p1"] == "Ac 8d As"
    assert data["deal"]["seventh"] == {"p1": "7c", "p5": "4s"}
    assert data["actions"][:4] == ["p3 pb", "p4 f", "p5 cbr 250000", "p1 cbr 500000"]
    assert "showdown.split" in data["rules"] and "table.ante" in data["rules"]
    run_scenario(ReferenceEngine(), scenario)  # raises ScenarioFailure if the engine disagrees
    # The conformance runner agrees too.
    assert main(["conform", "--no-builtin", "--scenarios", str(tmp_path), "--", "-q", "-p", "no:cacheprovider"]) == 0


def test_phh_import_is_hh_import(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [HAND_48, HAND_49, PHH / "refused-action.phh", "--id", "real-950", "--title", "{hand}: {summary}"]
    assert stud8(capsys, "phh", "import", *argv) == stud8(capsys, "hh", "import", *argv)


def test_import_several_files_counts_ids_up(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "hands.yaml"
    code, _, err = stud8(capsys, "hh", "import", *REAL_HANDS[:3], "--id", "real-098", "--title", "Hand {hand}: {summary}",
                         "-o", out)
    assert code == 0, err
    loaded = load_scenario_file(out)
    assert not loaded.problems
    assert [s.id for s in loaded.scenarios] == ["real-098", "real-099", "real-100"]
    assert loaded.scenarios[1].title == "Hand test_49_02_13_08: seat 3 wins uncontested on third street"
    assert "p1 and p5" in loaded.scenarios[1].description  # their cards were never seen


def test_import_to_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = stud8(capsys, "hh", "import", HAND_48)
    assert (code, err) == (0, "")
    assert out.startswith("# yaml-language-server: $schema=")
    assert "  - id: imported-001\n" in out


def test_a_hand_without_its_result_is_left_out(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for name in ("no-finishing-stacks.phh", "winnings.phh"):
        code, out, err = stud8(capsys, "hh", "import", PHH / name, "-o", tmp_path / "x.yaml")
        assert (code, out) == (1, "")
        assert f"{PHH / name}:1: cannot-judge: the field 'finishing_stacks' is missing" in err
    assert not list(tmp_path.iterdir())


def test_a_hand_the_engine_refuses_is_left_out_and_named(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "x.yaml"
    out.write_text("old\n", encoding="utf-8")
    code, _, err = stud8(capsys, "hh", "import", PHH / "refused-action.phh", "-o", out)
    assert code == 1
    assert err == (f"stud8 hh: {PHH / 'refused-action.phh'} hand refused-action: the reference engine refuses 'p4 f' "
                   "(step 1, line 9): out-of-turn: 'p4 f': it is p3's turn (--no-check imports it as a disputed hand)\n")
    assert out.read_text(encoding="utf-8") == "old\n"  # nothing to write: the old file stays
    code, _, err = stud8(capsys, "hh", "import", HAND_48, PHH / "refused-action.phh", PHH / "truncated.phh",
                         "--id", "real-901", "-o", out)
    assert code == 1  # a hand was left out; the others are written
    assert "the actions end before the hand does (p1 is to act on sixth street)" in err
    assert [scenario.id for scenario in load_scenario_file(out).scenarios] == ["real-901"]


def test_a_refused_hand_imports_with_no_check_as_a_failing_scenario(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "disputed.yaml"
    code, _, err = stud8(capsys, "hh", "import", PHH / "refused-action.phh", "--id", "disputed-001", "-o", out, "--no-check")
    assert code == 0, err
    assert "disputed-001" in err and "imported without a check" in err and "out-of-turn" in err
    assert main(["validate", str(out)]) == 0
    capsys.readouterr()
    (scenario,) = load_scenario_file(out).scenarios
    assert scenario.title == "PHH hand refused-action: disputed: the reference engine refuses 'p4 f' (out-of-turn)"
    assert "out-of-turn" in scenario.data["description"]
    assert scenario.data["outcome"] == {"stacks": [4537500, 1800000, 14400000, 6075000, 2887500]}
    assert scenario.rules[0] == "bring-in.lowest-upcard" and "act-order.third-street" in scenario.rules
    report = tmp_path / "r.json"
    assert main(["conform", "--no-builtin", "--scenarios", str(tmp_path), "--report", str(report)]) == 1
    capsys.readouterr()
    [entry] = json.loads(report.read_text())["scenarios"]
    assert (entry["outcome"], entry["field"], entry["expected"]) == ("fail", "action", "accepted")


def test_import_keeps_the_recorded_stacks_when_the_payout_differs(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "x.yaml"
    code, _, err = stud8(capsys, "hh", "import", PHH / "disagree.phh", "--id", "real-901", "-o", out)
    assert code == 0
    assert "real-901" in err and "deviates: the pot was not paid as the rules pay it" in err
    assert "(the scenario keeps the recorded result)" in err
    (scenario,) = load_scenario_file(out).scenarios
    assert scenario.data["outcome"]["stacks"] == [2887500, 1800000, 14400000, 6075000, 4537500]


def test_source_never_holds_the_absolute_path(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # the hand is not under the current folder: its name only
    code, out, _ = stud8(capsys, "hh", "import", HAND_48.resolve(), "--source", "{comment} (PHH file {path})")
    assert code == 0
    source = " ".join(out.split("source:", 1)[1].split("stakes:", 1)[0].split())
    assert f"(PHH file {HAND_48.name})" in source
    assert "real-hands" not in source
    monkeypatch.chdir(HAND_48.parent.parent)  # under it: relative
    code, out, _ = stud8(capsys, "hh", "import", HAND_48.resolve())
    assert f"real-hands/{HAND_48.name} line 1" in " ".join(out.split())
    assert str(HAND_48.parent) not in out


def test_rules_are_the_ones_the_hand_exercised(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "hand.yaml"
    assert stud8(capsys, "hh", "import", HAND_48, "-o", out)[0] == 0
    (scenario,) = load_scenario_file(out).scenarios
    rules = scenario.rules
    assert rules[0].startswith("bring-in.")  # the area of a recorded hand
    # the hand reaches seventh street heads-up and is split: read from its play, not guessed
    for rule_id in ("act-order.seventh-street", "betting.heads-up", "showdown.split", "showdown.show-order", "low.qualifier"):
        assert rule_id in rules
    assert "deck.short-stub" not in rules and "pots.side-pots" not in rules


@pytest.mark.parametrize("where", ["missing-folder/x.yaml", "a-folder", "a-file/x.yaml"])
def test_an_unwritable_output_exits_2_and_writes_nothing(capsys: pytest.CaptureFixture[str], tmp_path: Path, where: str) -> None:
    (tmp_path / "a-folder").mkdir()
    (tmp_path / "a-file").write_text("", encoding="utf-8")
    before = sorted(p.name for p in tmp_path.rglob("*"))
    for argv in (["hh", "import", HAND_48, "--id", "real-902"], ["phh", "export", "real-001"]):
        code, out, err = stud8(capsys, *argv, "-o", tmp_path / where)
        assert (code, out) == (2, "")
        assert err.startswith(f"stud8 {argv[0]}: -o {tmp_path / where}: ") and err.count("\n") == 1
    assert sorted(p.name for p in tmp_path.rglob("*")) == before


@pytest.mark.parametrize(("argv", "message"), [
    (["--id", "Real-1"], "--id 'Real-1'"),
    (["--title", "{hand} {nope}"], "--title '{hand} {nope}': unknown placeholder 'nope'"),
    (["--source", "{0}"], "--source '{0}': unknown placeholder"),
    (["--title", "x" * 150 + " {hand}"], "a scenario's title has at most 140"),
    (["--title", "same"], "gives two hands the same title: use {hand}"),
])
def test_bad_ids_and_templates_are_usage_errors(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, out, err = stud8(capsys, "hh", "import", HAND_48, HAND_49, *argv)
    assert (code, out) == (2, "") and message in err and err.count("\n") == 1


def test_the_parser_defaults_are_the_importers() -> None:
    from stud8.conformance.handhistory import scenario
    from stud8.tools import hh_cmd

    assert (hh_cmd.TITLE, hh_cmd.SOURCE) == (scenario.TITLE, scenario.SOURCE)


# --- writing: stud8 hh export --format phh (and its alias stud8 phh export) -------------------

def _pokerkit_stacks(text: str) -> list[int]:
    """Play a PHH text with PokerKit's own loader, independently of stud8's export check."""
    import warnings

    pokerkit = pytest.importorskip("pokerkit")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        states = list(pokerkit.HandHistory.loads(text))
    return list(states[-1].stacks)


ROUND_TRIP_SUITE = ["showdown-009", "pots-003", "act-order-020", "deal-008", "odd-chip-001", "betting-025"]


@pytest.mark.parametrize("scenario_id", [f"real-{n:03d}" for n in range(1, 14)] + ROUND_TRIP_SUITE)
def test_export_replays_in_pokerkit_to_the_same_stacks(capsys: pytest.CaptureFixture[str], tmp_path: Path, scenario_id: str) -> None:
    pytest.importorskip("pokerkit")
    out = tmp_path / f"{scenario_id}.phh"
    code, stdout, err = stud8(capsys, "hh", "export", scenario_id, "--to", "phh", "-o", out)
    assert (code, stdout, err) == (0, "", "")
    text = out.read_text(encoding="utf-8")
    document = tomllib.loads(text)
    scenario = suite()[scenario_id]
    assert document["variant"] == "F7S/8" and document["ante_trimming_status"] is True
    assert document["starting_stacks"] == list(scenario.data["stacks"])
    assert document["finishing_stacks"] == list(scenario.data["outcome"]["stacks"])
    assert _pokerkit_stacks(text) == list(scenario.data["outcome"]["stacks"])


def test_phh_export_is_hh_export_format_phh(capsys: pytest.CaptureFixture[str]) -> None:
    for scenario_id in ("real-001", "odd-chip-007", "deck-001"):
        assert stud8(capsys, "phh", "export", scenario_id) == stud8(capsys, "hh", "export", scenario_id, "--to", "phh")


def test_export_then_import_gives_the_hand_back(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    scenario = real_scenarios()["real-009"]
    code, _, _ = stud8(capsys, "hh", "export", f"{scenario.path}::real-009", "--to", "phh", "-o", tmp_path / "h.phh")
    assert code == 0
    code, _, err = stud8(capsys, "hh", "import", tmp_path / "h.phh", "--id", "again-001", "-o", tmp_path / "h.yaml")
    assert code == 0, err
    (again,) = load_scenario_file(tmp_path / "h.yaml").scenarios
    for key in ("stakes", "stacks", "deal", "actions", "outcome", "rules"):
        assert again.data[key] == scenario.data[key], key
    assert again.title == "stud8 hand real-009: seats 1, 2 and 7 show down on seventh street"
    source = " ".join(again.data["source"].split())
    assert source.startswith("Stud/8 hand exported by stud8 hh export from scenario real-009 (")
    assert "WSOP 2023 event #54" in source and "Source: Real Stud/8 hand: WSOP 2023 event #54" in source


def test_export_of_a_file_with_one_replay(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    stud8(capsys, "hh", "import", HAND_48, "--id", "real-903", "-o", tmp_path / "one.yaml")
    code, out, _ = stud8(capsys, "hh", "export", tmp_path / "one.yaml", "--to", "phh", "--no-check")
    assert code == 0
    assert out.startswith("# Stud/8 hand exported by stud8 hh export from scenario real-903")
    assert tomllib.loads(out)["actions"][:6] == ["d dh p1 Ac8dAs", "d dh p2 Tc4h5s", "d dh p3 Td7h2h",
                                                "d dh p4 KdJsJd", "d dh p5 8h3hAh", "p3 pb"]
    code, _, err = stud8(capsys, "hh", "export", REAL_DIR / "wsop-2023-43.yaml", "--to", "phh")
    assert code == 2 and "holds 7 replays; name one as" in err


@pytest.mark.parametrize(("scenario_id", "message"), [
    ("table-003", "the hand does not start or has no outcome"),
    ("deck-001", "PHH has no community card"),
    ("high-094", "only a replay scenario is a hand"),
])
def test_export_refuses_what_is_no_phh_hand(capsys: pytest.CaptureFixture[str], scenario_id: str, message: str) -> None:
    code, out, err = stud8(capsys, "hh", "export", scenario_id, "--to", "phh")
    assert (code, out) == (1, "")
    assert message in err and err.count("\n") == 1


def test_export_refuses_a_hand_pokerkit_plays_differently(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pokerkit")
    # Odd chips: PokerKit gives the whole remainder of a split to the first tied player.
    code, _, err = stud8(capsys, "hh", "export", "odd-chip-007", "--to", "phh")
    assert code == 1 and "PokerKit replays the hand history to stacks [102, 100, 100, 99, 99]" in err
    # A short all-in raise does not reopen the betting in PokerKit.
    code, _, err = stud8(capsys, "hh", "export", "betting-028", "--to", "phh")
    assert code == 1 and "PokerKit cannot replay the hand history: PokerKit does not take action 18 'p1 cbr 100'" in err
    # --no-check writes it all the same: the record is the reference engine's play.
    code, out, _ = stud8(capsys, "hh", "export", "betting-028", "--to", "phh", "--no-check")
    assert code == 0 and tomllib.loads(out)["finishing_stacks"] == list(suite()["betting-028"].data["outcome"]["stacks"])


def test_export_refuses_more_raises_than_pokerkit_allows(capsys: pytest.CaptureFixture[str]) -> None:
    """Heads-up, the rule book's default profile lets the raising go on (heads_up_raises:
    unlimited_until_capped); PokerKit caps it at a bet and three raises."""
    pytest.importorskip("pokerkit")
    refused = []
    for scenario in suite().values():
        if scenario.kind == "replay" and "betting.heads-up" in scenario.rules and not scenario.data.get("start_error") \
                and scenario.id.startswith("betting-"):
            code, _, err = stud8(capsys, "hh", "export", scenario.id, "--to", "phh")
            if code == 1 and "PokerKit cannot replay the hand history: PokerKit does not take action" in err:
                refused.append(scenario.id)
    assert refused


def test_export_of_an_unknown_scenario_is_a_usage_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert stud8(capsys, "hh", "export", "nope-001", "--to", "phh")[0] == 2
    assert stud8(capsys, "hh", "export", tmp_path / "none.yaml", "--to", "phh")[0] == 2
    shutil.copy(REAL_DIR / "wsop-2023-43.yaml", tmp_path / "r.yaml")
    code, _, err = stud8(capsys, "hh", "export", f"{tmp_path / 'r.yaml'}::real-099", "--to", "phh")
    assert code == 2 and "no scenario with id 'real-099'" in err


def test_export_without_pokerkit_says_it_was_not_checked(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from stud8.conformance.engines import pokerkit_adapter as pokerkit_engine

    def missing() -> Any:
        raise pokerkit_engine.PokerKitMissing("no pokerkit")

    monkeypatch.setattr(pokerkit_engine, "import_pokerkit", missing)
    code, out, err = stud8(capsys, "hh", "export", "real-001", "--to", "phh")
    assert code == 0 and tomllib.loads(out)["finishing_stacks"] == [4537500, 1800000, 14400000, 6075000, 2887500]
    assert err == "stud8 hh: PokerKit is not installed: the hand history was not replayed through it\n"


# --- the real hands --------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(WSOP))
def test_the_real_hands_are_what_the_importer_makes(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                                    name: str) -> None:
    """conformance/scenarios/real/wsop-2023-*.yaml are exactly what `stud8 hh import` makes of
    tests/data/real-hands (the commands are in tests/wsop_recipe.py), but for the modeline,
    which names the schema relative to where the file is."""
    monkeypatch.chdir(ROOT)
    code, out, _ = stud8(capsys, *wsop_argv(name))
    assert code == 0
    committed = (REAL_DIR / name).read_text(encoding="utf-8")
    assert out.split("\n", 1)[1] == committed.split("\n", 1)[1]


def test_every_real_hand_is_a_scenario_with_its_recorded_result() -> None:
    scenarios = real_scenarios()
    assert sorted(scenarios) == [f"real-{n:03d}" for n in range(1, 14)]
    by_file = {}
    for scenario in scenarios.values():
        source = " ".join(scenario.data["source"].split())
        assert "github.com/uoftcprg/pokerkit" in source
        (path,) = [p for p in REAL_HANDS if f"tests/data/real-hands/{p.name}" in source]
        by_file[path] = scenario
    assert sorted(by_file) == REAL_HANDS
    for path, scenario in by_file.items():
        record = read_phh(path)
        assert record.note in " ".join(scenario.data["source"].split())
        assert scenario.data["stacks"] == [seat.stack for seat in record.seats]
        finishing = tomllib.loads(path.read_text(encoding="utf-8"))["finishing_stacks"]
        assert scenario.data["outcome"] == {"stacks": finishing}


@pytest.mark.parametrize("scenario_id", [f"real-{n:03d}" for n in range(1, 14)])
def test_real_hand_scenario_replays_through_the_reference_engine(scenario_id: str) -> None:
    run_scenario(ReferenceEngine(), real_scenarios()[scenario_id])


def test_the_top_comment_of_a_phhs_file_is_read_once_not_once_per_table(monkeypatch: pytest.MonkeyPatch) -> None:
    # Regression (found landing one-phh on hardening2): each table without a comment of its own
    # took the file's top comment by splitting the whole text again, so a .phhs file of 10,000
    # tables cost minutes (the hostile corpus's phhs-40000-tables class).
    from stud8.conformance.handhistory import phh

    calls: list[int] = []
    real = phh.leading_comment
    monkeypatch.setattr(phh, "leading_comment", lambda text: calls.append(1) or real(text))
    text = "# from the club\n" + "".join(f"[{number}]\nvariant = 'F7S/8'\n" for number in range(50))
    items = list(phh.records_from_text(text, "many.phhs"))
    assert len(items) == 50 and len(calls) == 1
    assert all(getattr(item, "reason", "") for item in items)  # each table is that table's problem

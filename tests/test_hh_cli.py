"""``stud8 hh``: audit (text, JSON report against its schema, exit codes), synth (deterministic,
deliberately deviating under other options), import (scenarios that validate and replay),
export."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from stud8.tools.cli import main

DATA = Path(__file__).parent / "data" / "site-hands" / "pokerstars"
STARS = DATA / "7-StudHL-USD-0.04-0.08-200911.txt"
SCHEMA = Path(__file__).parent.parent / "spec" / "schema" / "audit-report.schema.json"


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_audit_of_conforming_hands_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "hh", "audit", str(DATA), "--no-progress")
    assert code == 0
    lines = out.strip().splitlines()
    # The folder holds one hand twice (the Cardtest file repeats a hand of the 7-hand file):
    # the later copy is noted (issue 29 item 6), then the counts.
    assert lines[0].endswith("7-StudHL-USD-0.04-0.08-200911.txt:324: hand 35874676388 (PokerStars) conforms; the same "
                             f"hand id as {DATA}/7-StudHL-USD-0.04-0.08-200911.Cardtest.txt:1")
    assert lines[1] == "8 hands: 8 conforms"
    assert lines[3].split() == ["verdict", "hands"] and lines[4].split() == ["conforms", "8"]
    assert lines[-1] == "1 hand repeats a hand id met earlier in this audit (each noted on its verdict)"


def test_json_report_follows_its_schema(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    report_path = tmp_path / "report.json"
    code, out, _ = _run(capsys, "hh", "audit", str(STARS), "--format", "json", "--report", str(report_path))
    report = json.loads(out)
    jsonschema.validate(report, json.loads(SCHEMA.read_text()))
    assert json.loads(report_path.read_text()) == report
    assert code == 0 and report["unit"] == "cent" and report["summary"]["conforms"] == 7
    third = report["hands"][2]
    assert (third["hand"], third["pot"], third["rake"], third["line"]) == ("35874576282", 76, 3, 144)
    assert third["net_recorded"]["u.pressure"] == 18 and third["net_rules"] == third["net_recorded"]


def test_deviating_and_unreadable_hands_exit_1_with_one_line_each(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = STARS.read_text()
    bad = tmp_path / "bad.txt"
    bad.write_text(text.replace("rdiezchang: bets $0.08\ngashpor: folds", "rdiezchang: bets $0.04\ngashpor: folds", 1)
                   .replace("Uncalled bet ($0.08) returned to rdiezchang", "Uncalled bet ($0.04) returned to rdiezchang", 1)
                   .replace("Dealt to gashpor [4s]", "Dealt to gashpor [4s 4s 4s 4s]", 1))
    code, out, _ = _run(capsys, "hh", "audit", str(bad), "--no-progress")
    lines = out.strip().splitlines()
    assert code == 1
    assert lines[0].startswith(f"{bad}:1: hand 35874487284 (PokerStars) deviates: betting.limits on sixth street")
    assert f"{bad}:81: hand 35874523510 (PokerStars) unreadable" in lines[1] and "1 or 3 cards" in lines[1]
    assert "7 hands: 5 conforms, 1 deviates, 1 unreadable" in out
    assert ["betting.limits", "1"] in [line.split() for line in lines]
    assert ["rule", "deviations"] in [line.split() for line in lines]
    # The JSON report of such a run (a deviation, a damaged hand, a file that is no history) fits
    # the schema; in a folder walked the note is listed as skipped, named alone an unknown format.
    (tmp_path / "notes.txt").write_text("not a hand history\n")
    code, out, _ = _run(capsys, "hh", "audit", str(tmp_path), "--format", "json")
    report = json.loads(out)
    jsonschema.validate(report, json.loads(SCHEMA.read_text()))
    assert code == 1 and report["summary"]["unreadable"] == 1
    assert report["skipped"] == [{"file": str(tmp_path / "notes.txt"),
                                  "reason": "not a hand history of any format stud8 knows"}]
    assert all(hand["site"] == "PokerStars" for hand in report["hands"])
    code, out, _ = _run(capsys, "hh", "audit", str(tmp_path / "notes.txt"), "--format", "json")
    (hand,) = json.loads(out)["hands"]
    assert code == 1 and hand["hand"] is None and "unknown format" in hand["reason"] and hand["site"] == "unknown"


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert _run(capsys, "hh", "audit", str(tmp_path / "missing.txt"))[0] == 2
    assert _run(capsys, "hh", "audit", str(STARS), "--option", "raise_cap=lots")[0] == 2
    assert _run(capsys, "hh", "audit", str(STARS), "--option", "nonsense")[0] == 2
    assert _run(capsys, "hh", "audit", str(STARS), "--jobs", "0")[0] == 2
    assert _run(capsys, "hh", "synth", "--hands", "2", "--players", "1-9")[0] == 2


def test_synth_is_deterministic_and_conforms_under_its_own_rules(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    assert _run(capsys, "hh", "synth", "--hands", "150", "--seed", "9", "-o", str(first))[0] == 0
    assert _run(capsys, "hh", "synth", "--hands", "150", "--seed", "9", "-o", str(second))[0] == 0
    assert first.read_bytes() == second.read_bytes()
    _code, out, _ = _run(capsys, "hh", "audit", str(first), "--format", "json")
    report = json.loads(out)
    assert report["summary"]["deviates"] == report["summary"]["unreadable"] == 0
    assert report["summary"]["conforms"] >= 145  # the rest: deals that run the deck out (cannot-judge)
    assert any(hand["rake"] for hand in report["hands"])


def test_synth_under_other_options_gives_findings(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "loose.ohh"
    assert _run(capsys, "hh", "synth", "--hands", "200", "--seed", "4", "--to", "ohh",
                "--option", "raise_cap=6", "-o", str(path))[0] == 0
    code, out, _ = _run(capsys, "hh", "audit", str(path), "--format", "json")
    report = json.loads(out)
    assert code == 1 and report["summary"]["deviates"] > 0
    assert set(report["by_rule"]) <= {"betting.raise-cap", "betting.heads-up"}
    code, out, _ = _run(capsys, "hh", "audit", str(path), "--option", "raise_cap=6", "--format", "json")
    assert json.loads(out)["summary"]["deviates"] == 0


def test_import_writes_scenarios_that_validate_and_replay(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_dir = tmp_path / "scenarios"
    code, _, err = _run(capsys, "hh", "import", str(STARS), "--out", str(out_dir), "--id", "stars-001")
    assert code == 0 and "wrote 7 scenarios" in err
    written = out_dir / f"{STARS.stem}.yaml"
    assert "rake: {pots: [3]}" in written.read_text()
    assert _run(capsys, "validate", str(out_dir))[0] == 0
    # The scenarios replay on the reference engine to the recorded stacks, rake and all.
    from stud8.conformance.engines.api import ReferenceEngine
    from stud8.conformance.suite.replay import run_scenario
    from stud8.conformance.suite.scenarios import iter_scenarios, load_suite

    files, problems = load_suite([out_dir])
    assert not problems
    scenarios = list(iter_scenarios(files))
    assert len(scenarios) == 7
    for scenario in scenarios:
        run_scenario(ReferenceEngine(), scenario)


def test_export_writes_a_site_history_that_reads_back(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for fmt in ("pokerstars", "ohh"):
        target = tmp_path / f"hand.{fmt}"
        assert _run(capsys, "hh", "export", "betting-001", "--format", fmt, "-o", str(target))[0] == 0
        code, out, _ = _run(capsys, "hh", "audit", str(target), "--format", "json")
        assert code == 0 and json.loads(out)["summary"]["conforms"] == 1


def test_a_hand_a_format_cannot_carry_is_refused_not_crashed(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Regression: exporting a hand with a community card as PHH raised a traceback."""
    target = tmp_path / "deck.phh"
    code, _, err = _run(capsys, "hh", "export", "deck-001", "--to", "phh", "-o", str(target))
    assert code == 1 and "PHH has no community card" in err and not target.exists()
    code, _, _ = _run(capsys, "hh", "export", "deck-001", "--to", "pokerstars", "-o", str(target))
    assert code == 0 and "*** RIVER *** [" in target.read_text()


def test_import_leaves_out_a_hand_the_engine_refuses_unless_no_check(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Every format is imported alike: a site's hand with an action the rules refuse (denny501
    calling before gashpor on third street) is named and left out; --no-check imports it as a
    disputed scenario, which fails on the reference engine. A hand whose books do not balance
    (a bet changed, the pot not) is no scenario at all, checked or not."""
    text = STARS.read_text()
    bad = tmp_path / "bad.txt"
    bad.write_text(text.replace("rdiezchang: calls $0.02\ngashpor: calls $0.02\ndenny501: calls $0.02",
                                "rdiezchang: calls $0.02\ndenny501: calls $0.02\ngashpor: calls $0.02", 1))
    code, _, err = _run(capsys, "hh", "import", str(bad), "--out", str(tmp_path / "out"), "--id", "stars-001")
    assert code == 1 and "wrote 6 scenarios" in err
    assert (f"stud8 hh: {bad} hand 35874487284: the reference engine refuses 'p2 cc' (step 3, line 18): out-of-turn: "
            "'p2 cc': it is p1's turn (--no-check imports it as a disputed hand)\n") in err
    code, _, err = _run(capsys, "hh", "import", str(bad), "-o", str(tmp_path / "all.yaml"), "--id", "stars-001", "--no-check")
    assert code == 0 and "wrote 7 scenarios" in err and "stud8 hh: stars-001 (" in err and "imported without a check" in err
    from stud8.conformance.suite.scenarios import load_scenario_file

    first = load_scenario_file(tmp_path / "all.yaml").scenarios[0]
    assert first.title == "PokerStars hand 35874487284: disputed: the reference engine refuses 'p2 cc' (out-of-turn)"
    assert " ".join(first.data["source"].split()) == f"PokerStars hand 35874487284, {bad.name} line 1"
    unbalanced = tmp_path / "unbalanced.txt"
    unbalanced.write_text(text.replace("rdiezchang: bets $0.08\ngashpor: folds", "rdiezchang: bets $0.04\ngashpor: folds", 1))
    code, _, err = _run(capsys, "hh", "import", str(unbalanced), "-o", str(tmp_path / "u.yaml"), "--no-check")
    assert code == 1 and "hand 35874487284: the record's books do not balance" in err and "wrote 6 scenarios" in err


def test_import_to_a_folder_names_two_inputs_of_one_name_apart(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # Distinct inputs get distinct outputs (issue 22): hands.yaml and hands-2.yaml, each with its own hands.
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "a" / "hands.txt").write_text(STARS.read_text())
    (tmp_path / "b" / "hands.txt").write_text((DATA.parent / "fulltilt" / "7-StudHL-USD-2-4-201103.txt").read_text())
    out = tmp_path / "out"
    code, _, err = _run(capsys, "hh", "import", str(tmp_path / "a" / "hands.txt"), str(tmp_path / "b" / "hands.txt"),
                        "--out", str(out))
    assert code in (0, 1), err
    assert sorted(path.name for path in out.iterdir()) == ["hands-2.yaml", "hands.yaml"]
    assert "Hands of hands.txt." in (out / "hands.yaml").read_text() and "PokerStars" in (out / "hands.yaml").read_text()
    assert "Full Tilt" in (out / "hands-2.yaml").read_text()
    assert f"to {out / 'hands.yaml'}" in err and f"to {out / 'hands-2.yaml'}" in err


def test_one_fill_policy_deals_unseen_down_cards_low_and_up_cards_high() -> None:
    from stud8.conformance.handhistory.filling import fill_unseen

    slots: list[list[str | None]] = [[None, None, None], ["2c", None, "Ah"], [None, "As", None, "Kd"]]
    assert fill_unseen(slots) == [["2d", "2h", "Ad"], ["2c", "2s", "Ah"], ["3c", "As", "Ac", "Kd"]]
    assert fill_unseen(slots, community="2d")[0][:2] == ["2h", "2s"]


# --- issue 27: hands of other games grouped per file; a folder with no Stud/8 hand exits 2 ----------

CORPUS = Path(__file__).parent / "data" / "site-corpus"
WRONG_VARIANT = Path(__file__).parent / "data" / "phh" / "wrong-variant.phh"


def _mixed_folder(tmp_path: Path) -> Path:
    """Stud/8 hands that conform (7), beside a file of Razz (9) and fixed-limit hold'em (3)
    hands and a PokerStars file of Seven Card Stud high (11)."""
    folder = tmp_path / "mixed"
    folder.mkdir()
    (folder / "stud8.txt").write_bytes(STARS.read_bytes())
    stars = CORPUS / "pokerstars"
    (folder / "razz-and-holdem.txt").write_bytes((stars / "Razz-USD-0.04-0.08-200911.txt").read_bytes()
                                                 + b"\n\n" + (stars / "ps-lhe-ring-3hands.txt").read_bytes())
    (folder / "stud-high.txt").write_bytes((stars / "7-Stud-USD-0.04-0.08-200911.txt").read_bytes())
    return folder


def test_other_games_are_one_line_per_file_naming_each_game_and_its_count(capsys: pytest.CaptureFixture[str],
                                                                          tmp_path: Path) -> None:
    code, out, err = _run(capsys, "hh", "audit", str(_mixed_folder(tmp_path)), "--no-progress")
    lines = out.splitlines()
    assert code == 0, "every Stud/8 hand conforms: the other games are named, not judged"
    grouped = [line for line in lines if "not audited" in line]
    assert grouped == [(f"{tmp_path / 'mixed' / 'razz-and-holdem.txt'}: 12 hands not audited, not Stud/8: "
                        "Razz (fixed limit) 9, Hold'em (fixed limit) 3"),
                       f"{tmp_path / 'mixed' / 'stud-high.txt'}: 11 hands not audited, not Stud/8: Seven Card Stud (fixed limit)"]
    assert not any("not-stud8:" in line for line in lines), "no line per hand of another game"
    assert lines[len(grouped)] == "30 hands: 7 conforms, 23 not-stud8" and err == ""


def test_verbose_gives_every_hand_of_another_game_its_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = _run(capsys, "hh", "audit", str(_mixed_folder(tmp_path)), "--no-progress", "--verbose")
    assert code == 0
    assert sum(" not-stud8: Razz (fixed limit)" in line for line in out.splitlines()) == 9
    assert sum(" not-stud8: Seven Card Stud (fixed limit)" in line for line in out.splitlines()) == 11
    assert "not audited" not in out


def test_the_findings_come_after_the_other_games_right_above_the_counts(capsys: pytest.CaptureFixture[str],
                                                                        tmp_path: Path) -> None:
    folder = _mixed_folder(tmp_path)
    text = STARS.read_text(encoding="utf-8")
    (folder / "stud8.txt").write_text(text.replace("collected $0.12 from pot", "collected $0.13 from pot", 1), encoding="utf-8")
    code, out, _ = _run(capsys, "hh", "audit", str(folder), "--no-progress")
    lines = out.splitlines()
    finding = next(index for index, line in enumerate(lines) if "stud8.txt:" in line)
    assert code == 1 and all("not audited" in line for line in lines[:finding])
    assert lines[finding + 1].startswith("30 hands: ")


@pytest.mark.parametrize("flags", [[], ["--format", "json"], ["--verbose"]])
def test_no_stud8_hand_at_all_is_exit_2_with_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                      flags: list[str]) -> None:
    folder = _mixed_folder(tmp_path)
    (folder / "stud8.txt").unlink()
    (folder / "README.md").write_text("notes, not a hand history\n", encoding="utf-8")
    report = tmp_path / "report.json"
    code, out, err = _run(capsys, "hh", "audit", str(folder), "--report", str(report), *flags)
    assert (code, out) == (2, "")
    assert err == (f"stud8 hh: no Stud/8 hand to audit in {folder}: 23 hands of other games in 2 files (Seven Card "
                   "Stud (fixed limit) 11, Razz (fixed limit) 9, Hold'em (fixed limit) 3); 1 file that is no hand "
                   "history (stud8 audits Seven Card Stud Hi/Lo at fixed limit)\n")
    assert not report.exists(), "nothing audited, nothing written"


def test_an_empty_folder_and_a_phh_of_another_variant_are_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = _run(capsys, "hh", "audit", str(tmp_path))
    assert (code, out) == (2, "") and "no Stud/8 hand to audit" in err and "no hand history at all" in err
    code, out, err = _run(capsys, "hh", "audit", str(WRONG_VARIANT))
    assert (code, out) == (2, "") and "1 hand of other games in 1 file" in err and "'FR'" in err


def test_an_unreadable_hand_still_counts_as_a_finding(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A hand that cannot be read may be Stud/8: it is a finding (exit 1), not "nothing to audit"."""
    broken = tmp_path / "broken.phh"
    broken.write_text("variant = [\n", encoding="utf-8")
    code, out, _ = _run(capsys, "hh", "audit", str(broken))
    assert code == 1 and "unreadable" in out


# --- issue 27: --to is the hand history's format; the old spellings still work, with a note ------


def test_export_and_synth_take_to_and_the_old_format_spelling_with_a_note(capsys: pytest.CaptureFixture[str],
                                                                          tmp_path: Path) -> None:
    new = _run(capsys, "hh", "export", "deck-001", "--to", "pokerstars")
    old = _run(capsys, "hh", "export", "deck-001", "--format", "pokerstars")
    assert new[:2] == old[:2] and new[0] == 0 and new[2] == ""
    assert old[2] == ("stud8 hh export: --format is deprecated here: write --to pokerstars "
                      "(the old spelling still works for now)\n")
    code, _, err = _run(capsys, "hh", "synth", "--hands", "3", "--out", str(tmp_path / "old.txt"))
    assert code == 0 and "stud8 hh synth: --out is deprecated here: write -o/--output" in err
    assert _run(capsys, "hh", "synth", "--hands", "3", "-o", str(tmp_path / "new.txt"))[0] == 0
    assert (tmp_path / "old.txt").read_bytes() == (tmp_path / "new.txt").read_bytes()


@pytest.mark.parametrize("command", [["hh", "export", "deck-001"], ["hh", "synth", "--hands", "1"]])
@pytest.mark.parametrize("value", ["json", "text"])
def test_format_text_or_json_is_refused_saying_what_to_write(capsys: pytest.CaptureFixture[str], command: list[str],
                                                             value: str) -> None:
    with pytest.raises(SystemExit) as caught:
        main([*command, "--format", value])
    _, err = capsys.readouterr()
    assert caught.value.code == 2 and len(err.splitlines()) == 1
    assert err.startswith(f"stud8 hh {command[1]}: argument --format: this command writes a hand history, not results")
    assert "--to pokerstars|ohh|phh" in err


def test_export_without_a_format_names_the_flag(capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(capsys, "hh", "export", "deck-001") == (
        2, "", "stud8 hh: hh export needs the hand history's format: --to pokerstars|ohh|phh\n")

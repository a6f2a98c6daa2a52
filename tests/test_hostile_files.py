"""Hostile files: each test is the regression test of one defect of issue 12 (numbered as there).

Every input here once produced a traceback, a hang or a wrong answer; each now gets a
positioned problem and a documented exit code. The limits come from ``stud8.spec.limits``.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from stud8.reference.actions import parse_action
from stud8.reference.engine import Hand, Stakes
from stud8.reference.errors import ActionError, ConfigError
from stud8.spec.limits import MAX_AMOUNT, MAX_ERRORS_PER_FILE, MAX_NESTING, MAX_YAML_NODES, quoted, shorten
from stud8.spec.yamlio import YamlProblem, load_yaml, load_yaml_file
from stud8.tools.cli import main

DATA = Path(__file__).parent / "data"
FOLD = (DATA / "replay" / "fold.yaml").read_text(encoding="utf-8")
DECK = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]


def validate(capsys: pytest.CaptureFixture[str], *paths: Path) -> tuple[int, list[str], str]:
    code = main(["validate", *map(str, paths)])
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


# --- 1. deep nesting -----------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "[" * 100_000 + "]" * 100_000,                                      # flow sequences
    "{a: " * 5_000 + "1" + "}" * 5_000,                                 # flow mappings
    "".join(" " * i + "k:\n" for i in range(300)) + " " * 300 + "1\n",  # a block mapping
])
def test_1_deep_nesting_is_a_positioned_problem(text: str) -> None:
    with pytest.raises(YamlProblem) as caught:
        load_yaml(text, "d.yaml")
    problem = caught.value.problem
    assert problem.code == "too-deep"
    assert problem.message == f"nesting deeper than {MAX_NESTING}"
    assert problem.line >= 1 and problem.column >= 1


def test_1_nesting_at_the_limit_still_loads() -> None:
    assert load_yaml("[" * MAX_NESTING + "]" * MAX_NESTING, "t.yaml") is not None


def test_1_validate_exits_1_on_deep_nesting(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "d.yaml"
    path.write_text("[" * 100_000 + "]" * 100_000 + "\n", encoding="utf-8")
    code, lines, err = validate(capsys, path)
    assert code == 1 and err == ""
    assert lines == [f"{path}:1:{MAX_NESTING + 1}: [error] nesting deeper than {MAX_NESTING} (too-deep)"]


# --- 2. alias bomb -------------------------------------------------------------------------


def _alias_bomb() -> str:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 10)]
    return "\n".join(lines) + "\n"


def test_2_alias_bomb_is_refused_before_it_expands() -> None:
    text = _alias_bomb()
    assert len(text) < 600  # a few hundred bytes standing for 9**10 values
    with pytest.raises(YamlProblem) as caught:
        load_yaml(text, "bomb.yaml")
    assert caught.value.problem.code == "too-many-values"
    assert f"more than {MAX_YAML_NODES:,} values" in caught.value.problem.message


def test_2_a_few_aliases_and_merge_keys_still_work() -> None:
    document = load_yaml("base: &b {x: 1}\nuse: [*b, *b]\nderived:\n  <<: *b\n  y: 2\n", "t.yaml")
    assert document["use"] == [{"x": 1}, {"x": 1}] and document["derived"] == {"x": 1, "y": 2}


def test_2_a_huge_integer_is_refused_where_it_is_written() -> None:
    with pytest.raises(YamlProblem) as caught:
        load_yaml("a: 1\nb: " + "9" * 5000 + "\n", "t.yaml")
    assert (caught.value.problem.code, caught.value.problem.line, caught.value.problem.column) == ("too-large", 2, 4)


# --- 5. an action with a 5,000-digit amount ----------------------------------------------------


@pytest.mark.parametrize("text", ["p5 cbr " + "9" * 5000, "p" + "1" * 5000 + " f", "p1 cbr " + "1" * 17])
def test_5_huge_numbers_in_an_action_are_malformed(text: str) -> None:
    with pytest.raises(ActionError) as caught:
        parse_action(text)
    assert caught.value.code == "malformed-action"
    assert len(caught.value.message) < 300


def test_5_the_largest_amount_still_parses() -> None:
    assert parse_action(f"p1 cbr {MAX_AMOUNT}").amount == MAX_AMOUNT


# --- 15. validate catches what the engine will refuse -----------------------------------------


@pytest.mark.parametrize(("old", "new", "line"), [
    ("stacks: [100, 100]", "stacks: [-100, 300]", 11),
    ("stacks: [100, 100]", "stacks: [0, 200]", 11),
    ("stacks: [100, 100]", "stacks: [100.0, 100]", 11),
    ("stacks: [100, 100]", f"stacks: [{MAX_AMOUNT + 1}, 100]", 11),
    ("ante: 5,", "ante: 5.0,", 10),
    ("bring_in: 10,", "bring_in: 30,", 10),
])
def test_15_validate_refuses_tables_the_engine_refuses(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                       old: str, new: str, line: int) -> None:
    path = tmp_path / "t.yaml"
    assert old in FOLD
    path.write_text(FOLD.replace(old, new), encoding="utf-8")
    code, lines, _ = validate(capsys, path)
    assert code == 1
    assert any(f"t.yaml:{line}:5: [error]" in text and text.endswith("(bad-table)") for text in lines), lines


def test_15_a_bad_table_is_fine_when_the_scenario_expects_bad_config(capsys: pytest.CaptureFixture[str]) -> None:
    # The suite's own start_error: bad-config scenarios use such tables on purpose.
    code, _, _ = validate(capsys)
    assert code == 0


# --- 17. nothing to validate ---------------------------------------------------------------


def test_17_empty_folder_is_not_valid(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, lines, err = validate(capsys, tmp_path)
    assert (code, lines) == (1, [])
    assert err == f"stud8 validate: no scenario files found in {tmp_path} (files ending .yaml or .yml)\n"


def test_17_only_dangling_links_is_not_valid(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "a.yaml").symlink_to(tmp_path / "gone.yaml")
    code, _, err = validate(capsys, tmp_path)
    assert code == 1 and "no scenario files found" in err


# --- 18. FIFOs and devices -----------------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_18_a_fifo_is_not_read(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    fifo = tmp_path / "f.yaml"
    os.mkfifo(fifo)  # nobody ever writes: reading it would block forever
    code, lines, _ = validate(capsys, fifo)
    assert code == 1
    assert lines == [f"{fifo}:1:1: [error] not a regular file (a FIFO, socket or device is never read) (not-a-file)"]


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_18_a_device_is_not_read() -> None:
    with pytest.raises(YamlProblem) as caught:
        load_yaml_file("/dev/zero")
    assert caught.value.problem.code == "not-a-file"


def test_18_a_file_over_the_size_limit_is_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from stud8.spec import yamlio

    path = tmp_path / "big.yaml"
    path.write_text("a: 1\n" * 100, encoding="utf-8")
    monkeypatch.setattr(yamlio, "MAX_FILE_BYTES", 100)
    with pytest.raises(YamlProblem) as caught:
        yamlio.load_yaml_file(path)
    assert caught.value.problem.code == "too-large"
    assert stat.S_ISREG(path.stat().st_mode)


# --- 19. error cap -------------------------------------------------------------------------


def test_19_problems_per_file_are_capped(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "many.yaml"
    path.write_text("scenarios: [" + ", ".join(["{id: 1}"] * 5000) + "]\n", encoding="utf-8")
    code, lines, _ = validate(capsys, path)
    assert code == 1
    assert len(lines) == MAX_ERRORS_PER_FILE + 1
    assert lines[-1].endswith(f"more problems not shown: at most {MAX_ERRORS_PER_FILE} are reported per file (too-many-problems)")


def test_19_schema_messages_do_not_repeat_the_whole_value(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "wide.yaml"
    path.write_text("[" + ", ".join(["1"] * 20_000) + "]\n", encoding="utf-8")
    code, lines, _ = validate(capsys, path)
    assert code == 1 and len(lines) == 1 and len(lines[0]) < len(str(path)) + 400


# --- 24. the public API raises its own errors ------------------------------------------------


@pytest.mark.parametrize("extra", [{"options": ["raise_cap"]}, {"options": "raise_cap=4"}, {"profile": ["wsop"]},
                                   {"profile": 3}, {"stacks": [10**5000, 100]}, {"stacks": None}])
def test_24_wrong_types_in_hand_start_are_config_errors(extra: dict[str, object]) -> None:
    arguments: dict[str, object] = {"stacks": [100, 100], "stakes": Stakes(5, 10, 20, 40), "deck": DECK, **extra}
    with pytest.raises(ConfigError) as caught:
        Hand.start(**arguments)  # type: ignore[arg-type]
    assert caught.value.code == "bad-config"
    assert len(caught.value.message) < 300


def test_messages_quote_input_briefly() -> None:
    assert quoted("x" * 2_000_000).endswith("... (2000000 characters)")
    assert len(quoted("x" * 2_000_000)) < 200
    assert quoted(10**5000) == "a number of 5001 digits"
    assert shorten("abc") == "abc"


# --- 6, 7, 20: hand histories ----------------------------------------------------------------

PHH_HEAD = """variant = 'F7S/8'
antes = [5, 5]
bring_in = 10
small_bet = 20
big_bet = 40
starting_stacks = [1000, 1000]
"""


def phh_problem(tmp_path: Path, text: str) -> tuple[int, str]:
    from stud8.conformance.handhistory.phh import PhhError, read_phh

    path = tmp_path / "h.phh"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(PhhError) as caught:
        read_phh(path)
    return len(caught.value.message), caught.value.message


def test_6_eight_seats_dealt_seven_hidden_cards_is_too_many_cards(tmp_path: Path) -> None:
    head = PHH_HEAD.replace("[5, 5]", "[" + ", ".join(["5"] * 8) + "]").replace("[1000, 1000]", "[" + ", ".join(["1000"] * 8) + "]")
    actions = [f"d dh p{seat} ??" for _ in range(7) for seat in range(1, 9)]
    _, message = phh_problem(tmp_path, head + f"actions = {actions!r}\n")
    assert "too many cards: 56 are dealt to the players, the deck holds 52" in message


def test_7_deep_toml_is_not_a_phh_file(tmp_path: Path) -> None:
    for text in ("x = " + "[" * 100_000 + "\n", "x = " + "[" * 500 + "]" * 500 + "\n" + PHH_HEAD + "actions = []\n"):
        _, message = phh_problem(tmp_path, text)
        assert message.endswith(f"not a PHH file: nesting deeper than {MAX_NESTING}")


def test_7_more_than_eight_players_is_refused(tmp_path: Path) -> None:
    head = PHH_HEAD.replace("[1000, 1000]", "[" + ", ".join(["100"] * 1000) + "]")
    _, message = phh_problem(tmp_path, head + "actions = []\n")
    assert "lists 1000 players; a table seats at most 8" in message


@pytest.mark.parametrize("action", ["p1 " + "x" * 2_000_000, "p" + "1" * 5000 + " f"])
def test_20_phh_messages_do_not_repeat_the_whole_input(tmp_path: Path, action: str) -> None:
    length, _ = phh_problem(tmp_path, PHH_HEAD + f"actions = ['d dh p1 AsKsQs', 'd dh p2 2c3c4c', '{action}']\n")
    assert length < 400


@pytest.mark.parametrize(("digits", "message"), [(5000, "is not a Stud/8 action"),
                                                  (16, "the amount is more than 1,000,000,000,000,000")])
def test_5_a_huge_cbr_in_a_phh_is_refused_by_the_reader(tmp_path: Path, digits: int, message: str) -> None:
    """The one PHH reader refuses an amount past the engine's limit before converting it
    (a 5,000-digit amount would not even convert: Python's limit is 4,300 digits)."""
    length, text = phh_problem(tmp_path, PHH_HEAD + "finishing_stacks = [1000, 1000]\n"
                               "actions = ['d dh p1 AsKsQs', 'd dh p2 2c3c4c', 'p2 pb', 'p1 cbr " + "9" * digits + "']\n")
    assert message in text and length < 600

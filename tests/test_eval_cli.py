"""``stud8 eval``: exact output, exit codes, and clean errors."""

from __future__ import annotations

import json

import pytest

from stud8.tools.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["eval", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_text_full_house_no_low(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "Kh", "Kd", "Kc", "9s", "9h", "4c", "Ad") == (
        0,
        "high: full house (Kh Kd Kc 9s 9h)\nlow: none\n",
        "",
    )


def test_text_with_low(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "8c", "6d", "4h", "2s", "Ah", "Kc", "Ks") == (
        0,
        "high: pair (Ks Kc Ah 8c 6d)\nlow: 8-6-4-2-A (8c 6d 4h 2s Ah)\n",
        "",
    )


def test_steel_wheel(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "Ah", "2h", "3h", "4h", "5h")
    assert code == 0
    assert out == "high: straight flush (5h 4h 3h 2h Ah)\nlow: 5-4-3-2-A (5h 4h 3h 2h Ah)\n"


def test_concatenated_and_lowercase_cards(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "AsTd7c", "7d", "2h") == (0, "high: pair (7d 7c As Td 2h)\nlow: none\n", "")
    assert run(capsys, "as", "td", "7C", "7d", "2h")[1] == "high: pair (7d 7c As Td 2h)\nlow: none\n"


def test_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "8c", "6d", "4h", "2s", "Ah", "Kc", "Ks", "--json")
    assert (code, err) == (0, "")
    assert out == (
        '{"high": {"category": "pair", "cards": ["Ks", "Kc", "Ah", "8c", "6d"], "value": 1957510}, '
        '"low": {"cards": ["8c", "6d", "4h", "2s", "Ah"], "value": 498654}}\n'
    )
    assert json.loads(out)["high"]["value"] == 0x1DDE86
    assert json.loads(out)["low"]["value"] == 0xFFFFF - 0x86421


def test_json_without_low(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--json", "Kh", "Kd", "Kc", "9s", "9h", "4c", "Ad")
    assert code == 0
    assert json.loads(out) == {
        "high": {"category": "full house", "cards": ["Kh", "Kd", "Kc", "9s", "9h"], "value": 0x6DDD99},
        "low": None,
    }


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["Xs", "Kd", "Qh", "Jc", "Td"], "stud8 eval: bad card 'Xs': unknown rank 'X' (ranks are 2-9 T J Q K A)\n"),
        (["As", "Kx", "Qh", "Jc", "Td"], "stud8 eval: bad card 'Kx': unknown suit 'x' (suits are c d h s)\n"),
        (["As", "Kd", "Qh", "Jc", "As"], "stud8 eval: card As appears twice\n"),
        (["As", "Kd", "Qh", "Jc"], "stud8 eval: a hand is 5 to 7 cards, got 4\n"),
        (["As", "Kd", "Qh", "Jc", "Td", "9s", "8h", "7c"], "stud8 eval: a hand is 5 to 7 cards, got 8\n"),
        (["AsKdQ"], "stud8 eval: bad cards 'AsKdQ': cards are two characters each\n"),
    ],
)
def test_bad_input_exits_2_with_a_clear_message(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert (code, out, err) == (2, "", message)
    assert "Traceback" not in err


def test_no_cards_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["eval"])
    assert exit_info.value.code == 2
    assert "CARD" in capsys.readouterr().err

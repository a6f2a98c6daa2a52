"""``stud8 bench``: the sections and the documented JSON keys (tiny sizes; speed is never asserted)."""

from __future__ import annotations

import json
import random

import pytest

from stud8.tools import bench_cmd
from stud8.tools.cli import main


def _bench_json(capsys: pytest.CaptureFixture[str], *extra: str) -> dict:
    assert main(["bench", "--json", "--hands", "20", "--full-hands", "4", "--seed", "3", *extra]) == 0
    return json.loads(capsys.readouterr().out)


def test_sections() -> None:
    assert list(bench_cmd.SECTIONS)[:4] == ["eval", "hands", "hands_no_fold", "fuzz"]


def test_json_keys(capsys: pytest.CaptureFixture[str]) -> None:
    result = _bench_json(capsys)
    assert {"eval", "hands", "hands_no_fold", "ratios", "config"} <= set(result)
    for section in ("hands", "hands_no_fold"):
        assert set(result[section]) == {"stud8", "pokerkit"}
        assert isinstance(result[section]["stud8"], int) and result[section]["stud8"] > 0
    assert {"stud8/pokerkit", "stud8_high/treys", "hands stud8/pokerkit", "hands_no_fold stud8/pokerkit"} <= set(result["ratios"])
    config = result["config"]
    assert config["hands"] == 20 and config["seed"] == 3
    assert config["full_hands"] == 4 and config["pokerkit_full_hands"] == 4
    assert config["full_hand_players"] == bench_cmd.FULL_HAND_PLAYERS


def test_json_with_pokerkit(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pokerkit")
    result = _bench_json(capsys)
    for section in ("hands", "hands_no_fold"):
        assert isinstance(result[section]["pokerkit"], int) and result[section]["pokerkit"] > 0
        assert result["ratios"][f"{section} stud8/pokerkit"] > 0


def test_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--hands", "20", "--full-hands", "3"]) == 0
    out = capsys.readouterr().out
    assert "hands: 3 random 4-player hands" in out
    assert "hands_no_fold: 3 random 4-player showdowns (never fold)" in out


def test_full_hands_must_be_positive(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--full-hands", "0"]) == 2
    assert "--full-hands must be at least 1" in capsys.readouterr().err


def test_both_engines_play_the_same_hands() -> None:
    """The policy is the same on both sides: with equal legal moves (deep stacks, PokerKit's
    options on stud8) the two engines play move for move the same hands."""
    pytest.importorskip("pokerkit")
    from stud8.conformance.engines.pokerkit_adapter import POKERKIT_OPTIONS
    from stud8.reference.cards import ALL_CARDS
    from stud8.reference.engine import Hand, Stakes

    stacks = [bench_cmd.FULL_HAND_STACK] * bench_cmd.FULL_HAND_PLAYERS
    rng = random.Random(5)
    for fold in (True, False):
        pokerkit_hand = bench_cmd._pokerkit_hand_player(stacks, fold)
        assert pokerkit_hand is not None
        for _ in range(10):
            deck = list(ALL_CARDS)
            rng.shuffle(deck)
            numbers = [rng.random() for _ in range(bench_cmd.DRAWS)]
            hand = Hand.start(stacks=stacks, stakes=Stakes(**bench_cmd.FULL_HAND_STAKES), deck=deck, options=POKERKIT_OPTIONS)
            played: list[str] = []
            while not hand.over:
                moves = [move for move in hand.legal_actions() if fold or move != "f"]
                move = moves[int(numbers[len(played)] * len(moves))]
                played.append(move)
                hand.apply(f"p{hand.to_act} {move}")
            assert pokerkit_hand((bench_cmd._pokerkit_decks([deck])[0], numbers)) == played
            if not fold:
                assert "f" not in played


def test_fuzz_is_also_stated_against_the_hands_section(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 14 names the hands section as the fuzz baseline; the bench states that ratio too,
    beside the like-for-like one, so neither reading is hidden."""
    result = _bench_json(capsys)
    ratios = result["ratios"]
    # The ratios come from the measured rates; the report shows the rates rounded to whole hands
    # a second, so recomputing from the shown rates may differ in the third decimal.
    near = {"abs": 0.002}
    assert ratios["fuzz in_process/hands"] == pytest.approx(result["fuzz"]["in_process"] / result["hands"]["stud8"], **near)
    assert ratios["fuzz in_process/engine"] == pytest.approx(result["fuzz"]["in_process"] / result["fuzz"]["engine"], **near)

"""The table-driven evaluators agree with the plain definition, value for value: the engine's
(``fast_eval``, seven cards) and the bulk one on the same tables (``bulk_eval``, 5 to 7 cards)."""

from __future__ import annotations

import doctest
import json
import random
from collections import Counter
from itertools import combinations
from math import comb

import pytest

from stud8.reference import bulk_eval, fast_eval, hands
from stud8.reference.cards import ALL_CARDS, parse_cards
from stud8.reference.errors import CardError

TRICKY = [
    "As 2d 3h 4s 5c",
    "As 2d 3h 4s 5c 6d Kc",
    "Ah 2h 3h 4h 5h 6s Ks",
    "Qs Kd Ah 2c 3h",
    "Js Qd Kh Ac 2d 3s 4h",
    "Ts Js Qs Ks As 9s 8s",
    "4h 5h 6h 7d 8c 9h Jh",
    "5h 6h 7h 8h 9h Ah Kh",
    "2h 5h 7h 9h Jh Kh As",
    "Ks Kd 9h 9c 4s 4d 2c",
    "Ks Kd 9h 9c 4s 4d Ac",
    "Ks Kd Kh 9c 9s 9d 2c",
    "As Ad Ah Ac Ks Kd Kh",
    "2s 2d 2h 2c 3s 3d Ah",
    "5s 5d 5h Qc Qs 9d 9c",
    "8c 8d 7h 6s 5c 4d 3h",
    "Ac Ad 2c 2d 3c 3h 4s",
    "Ac As 2c 2s 3h 4d 5c",
    "9c 6d 4h 2s Ah",
    "Ac Ad Ks Kh 2c 2d",
]


def plain_values(cards: list) -> tuple[int, int | None]:  # type: ignore[type-arg]
    high, low = hands.evaluate(cards)
    return high.value, (low.value if low else None)


@pytest.mark.parametrize("text", TRICKY)
def test_tricky_hands_agree(text: str) -> None:
    cards = parse_cards(text)
    assert bulk_eval.values(cards) == plain_values(cards)
    assert bulk_eval.high_value(cards) == hands.best_high(cards).value
    low = hands.best_low(cards)
    assert bulk_eval.low_value(cards) == (low.value if low else None)
    if len(cards) == fast_eval.SHOWDOWN_CARDS:
        assert fast_eval.values_idx([card.index for card in cards]) == plain_values(cards)


@pytest.mark.parametrize(("size", "count", "seed"), [(5, 4000, 5), (6, 3000, 6), (7, 2000, 7)])
def test_random_hands_agree(size: int, count: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(count):
        indices = tuple(rng.sample(range(52), size))
        cards = [ALL_CARDS[i] for i in indices]
        expected = plain_values(cards)
        assert bulk_eval.values_idx(indices) == expected, cards
        assert bulk_eval.high_value_idx(indices) == expected[0]
        assert bulk_eval.low_value_idx(indices) == expected[1]
        if size == fast_eval.SHOWDOWN_CARDS:
            assert fast_eval.values_idx(indices) == expected, cards


def test_index_order_does_not_matter() -> None:
    hand = tuple(c.index for c in parse_cards("Ts Js Qs Ks As 9s 8s"))
    assert fast_eval.values_idx(hand) == fast_eval.values_idx(tuple(reversed(hand)))
    assert fast_eval.values_idx(hand)[0] == bulk_eval.high_value_idx(hand) == 0x8EDCBA


def test_table_sizes() -> None:
    assert len(fast_eval.CARD_KEY) == len(bulk_eval.RANK_KEY) == 52
    assert len(fast_eval.FLUSH_SUIT) == 4096
    assert len(fast_eval.FLUSH_VALUE) == 8192
    assert len(fast_eval.LOW_BY_MASK) == 256
    # Rank multisets with no rank more than four times: 6,175 of five cards, 18,395 of six,
    # 49,205 of seven. The engine's tables hold the seven-card ones only.
    assert len(fast_eval.HIGH_BY_RANK_KEY) == len(fast_eval.LOW_BY_RANK_KEY) == 49_205
    assert len(bulk_eval.HIGH_BY_RANK_KEY) == len(bulk_eval.LOW_BY_RANK_KEY) == 6_175 + 18_395 + 49_205
    assert sum(v is not None for v in fast_eval.LOW_BY_MASK) == sum(comb(8, k) for k in range(5, 9))


def test_the_engine_module_holds_only_what_the_engine_runs() -> None:
    """fast_eval is a rule module (the generated mutants edit it): the counting tool, the
    high- and low-only functions and the Card-object API live in bulk_eval."""
    for name in ("tally_seven", "high_value_idx", "low_value_idx", "high_value", "low_value", "values", "RANK_KEY"):
        assert not hasattr(fast_eval, name), name
        assert hasattr(bulk_eval, name), name


def test_flush_values_cover_every_suited_five() -> None:
    """Every 5-card mask of one suit is valued as a flush or straight flush, like the plain one."""
    for ranks in combinations(range(13), 5):
        mask = sum(1 << r for r in ranks)
        cards = [ALL_CARDS[r * 4 + 3] for r in ranks]
        assert fast_eval.FLUSH_VALUE[mask] == hands.best_high(cards).value


@pytest.mark.parametrize("text", ["As Kd Qh Jc", "As Kd Qh Jc Td 9s 8h 7c"])
def test_wrong_count(text: str) -> None:
    with pytest.raises(CardError, match="5 to 7 cards"):
        bulk_eval.values(parse_cards(text))


def test_repeated_card() -> None:
    with pytest.raises(CardError, match="card Kd appears twice"):
        bulk_eval.high_value(parse_cards("As Kd Qh Jc Kd"))


def test_tally_seven_single_hand() -> None:
    # The only seven-card hand whose lowest card is Kd (index 45): Kd Kh Ks Ac Ad Ah As.
    cards = ALL_CARDS[45:]
    assert bulk_eval.tally_seven(45) == {plain_values(list(cards)): 1}


def test_tally_seven_matches_per_hand_evaluation() -> None:
    """Every hand from 9c up (24 cards, 100,947 hands, flushes and straight flushes among them)."""
    first = 28
    expected = Counter(fast_eval.values_idx((first,) + rest) for rest in combinations(range(first + 1, 52), 6))
    tally = bulk_eval.tally_seven(first)
    assert sum(tally.values()) == comb(51 - first, 6)
    assert tally == dict(expected)
    assert any(high >> 20 == 8 for high, _ in tally)


def test_doctests() -> None:
    assert doctest.testmod(fast_eval).failed == 0
    assert doctest.testmod(bulk_eval).failed == 0
    assert doctest.testmod(hands).failed == 0


def test_bench_command_json(capsys: pytest.CaptureFixture[str]) -> None:
    from stud8.tools.cli import main

    assert main(["bench", "--json", "--hands", "40", "--full-hands", "4", "--seed", "2"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert {"stud8", "stud8_high", "pokerkit", "treys"} <= set(result["eval"])
    assert result["eval"]["stud8"] > 0
    assert {"stud8/pokerkit", "stud8_high/treys"} <= set(result["ratios"])
    assert result["config"]["hands"] == 40

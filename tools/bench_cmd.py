"""``stud8 bench``: stud8's speed side by side with PokerKit and treys.

The benchmark is a dict of *sections* (``SECTIONS``), each timing one kind of work on the
same random input for every engine that can do it. Today there is one, ``eval``: random
seven-card hands evaluated

* ``stud8``: high and eight-or-better low, with ``fast_eval.values_idx``;
* ``stud8_high``: high only, ``fast_eval.high_value_idx`` (the fair match for treys);
* ``pokerkit``: ``StandardHighHand.from_game`` + ``EightOrBetterLowHand.from_game_or_none``;
* ``treys``: ``Evaluator().evaluate`` (high only; treys has no low).

Every engine gets the cards already in its own format: conversion happens before the clock
starts. Each timing is the best of a few passes; PokerKit, hundreds of times slower, is
timed on at most ``POKERKIT_HANDS`` of the hands. Figures are evaluations per second; a
missing engine reports ``null``. ``--json`` prints
``{"eval": {"stud8": ..., "stud8_high": ..., "pokerkit": ..., "treys": ...}, "ratios": {...},
"config": {...}}``.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from stud8.reference.cards import ALL_CARDS

DEFAULT_HANDS = 50_000
POKERKIT_HANDS = 2_000
"""PokerKit evaluates about two thousand seven-card hands a second: time it on fewer."""
REPEAT = 3
"""Passes per timing; the fastest counts (the others include warm-up and noise)."""


@dataclass
class Section:
    """One benchmark section's results: rates per engine (None if not installed) and ratios."""

    rates: dict[str, int | None]
    ratios: dict[str, float | None] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Config:
    """What every section works on."""

    hands: int
    seed: int


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--hands", type=int, default=DEFAULT_HANDS, help=f"random hands (default {DEFAULT_HANDS:,})")
    parser.add_argument("--seed", type=int, default=0, help="seed of the random hands (default 0)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of text")


def run(args: argparse.Namespace) -> int:
    if args.hands < 1:
        from stud8.reference.errors import Stud8Error

        raise Stud8Error(f"--hands must be at least 1, got {args.hands}", code="usage")
    config = Config(hands=args.hands, seed=args.seed)
    sections = {name: bench(config) for name, bench in SECTIONS.items()}
    if args.json:
        print(json.dumps(as_json(config, sections)))
    else:
        for name, section in sections.items():
            print(f"{name}: {config.hands:,} random seven-card hands (seed {config.seed})")
            for line in section.lines:
                print(f"  {line}")
    return 0


def as_json(config: Config, sections: dict[str, Section]) -> dict[str, Any]:
    """The ``--json`` form: rates per section, all ratios together, and the configuration."""
    result: dict[str, Any] = {name: section.rates for name, section in sections.items()}
    result["ratios"] = {key: value for section in sections.values() for key, value in section.ratios.items()}
    result["config"] = {"hands": config.hands, "seed": config.seed, "pokerkit_hands": POKERKIT_HANDS}
    return result


# --- the eval section --------------------------------------------------------------------


def bench_eval(config: Config) -> Section:
    """Seven-card hand evaluation: stud8 (high+low, high only), PokerKit, treys."""
    from stud8.reference import fast_eval

    hands = _random_hands(config.hands, config.seed)
    rates: dict[str, int | None] = {
        "stud8": _rate(fast_eval.values_idx, hands),
        "stud8_high": _rate(fast_eval.high_value_idx, hands),
        "pokerkit": _pokerkit_rate(hands[:POKERKIT_HANDS]),
        "treys": _treys_rate(hands),
    }
    ratios = {
        "stud8/pokerkit": _ratio(rates["stud8"], rates["pokerkit"]),
        "stud8_high/treys": _ratio(rates["stud8_high"], rates["treys"]),
    }
    lines = [
        f"stud8 high+low     {_per_second(rates['stud8'])}",
        f"stud8 high only    {_per_second(rates['stud8_high'])}",
        f"pokerkit high+low  {_per_second(rates['pokerkit'])}{_times(ratios['stud8/pokerkit'], 'stud8')}",
        f"treys high only    {_per_second(rates['treys'])}{_times(ratios['stud8_high/treys'], 'stud8 high')}",
    ]
    return Section(rates, ratios, lines)


def _pokerkit_rate(hands: Sequence[tuple[int, ...]]) -> int | None:
    """PokerKit's high+low rate, or None when PokerKit is not installed."""
    try:
        from pokerkit import Card as PokerKitCard
        from pokerkit import EightOrBetterLowHand, StandardHighHand
    except ImportError:
        return None
    converted = [PokerKitCard.clean("".join(str(ALL_CARDS[i]) for i in hand)) for hand in hands]

    def evaluate(cards: tuple[Any, ...]) -> None:
        StandardHighHand.from_game(cards)
        EightOrBetterLowHand.from_game_or_none(cards)

    return _rate(evaluate, converted, repeat=1)


def _treys_rate(hands: Sequence[tuple[int, ...]]) -> int | None:
    """treys' high-only rate, or None when treys is not installed."""
    try:
        from treys import Card as TreysCard
        from treys import Evaluator
    except ImportError:
        return None
    evaluator = Evaluator()
    converted = [[TreysCard.new(str(ALL_CARDS[i])) for i in hand] for hand in hands]
    pairs = [(cards[:2], cards[2:]) for cards in converted]  # two "hole" cards, five "board"
    return _rate(lambda pair: evaluator.evaluate(pair[0], pair[1]), pairs)


# --- timing helpers ----------------------------------------------------------------------


def _random_hands(count: int, seed: int) -> list[tuple[int, ...]]:
    """``count`` random seven-card hands as tuples of ``Card.index``, reproducible from ``seed``."""
    rng = random.Random(seed)
    deck = range(len(ALL_CARDS))
    return [tuple(rng.sample(deck, 7)) for _ in range(count)]


def _rate(evaluate: Callable[[Any], object], items: Sequence[Any], repeat: int = REPEAT) -> int:
    """Calls per second of ``evaluate`` over ``items``: the best of ``repeat`` timed passes."""
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        for item in items:
            evaluate(item)
        best = min(best, time.perf_counter() - started)
    return round(len(items) / max(best, 1e-9))


def _ratio(ours: float | None, theirs: float | None) -> float | None:
    return None if ours is None or theirs is None else round(ours / theirs, 1)


def _per_second(rate: float | None) -> str:
    return "not installed" if rate is None else f"{rate:>12,.0f} /s"


def _times(ratio: float | None, who: str) -> str:
    return "" if ratio is None else f"   ({who} is {ratio:,.1f}x faster)"


SECTIONS: dict[str, Callable[[Config], Section]] = {"eval": bench_eval}
"""Benchmark sections by name, run in this order; each adds its rates under its own key."""

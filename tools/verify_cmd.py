"""``stud8 verify-evaluator``: check the two hand evaluators against each other and the books.

``stud8.reference.hands`` is the plain definition (best five by trying every combination);
``stud8.reference.fast_eval`` is the table-driven evaluator the engine values its showdowns
with (seven cards), and ``stud8.reference.bulk_eval`` the same tables for five and six cards
(bulk work). Seven-card hands are checked through ``fast_eval``, the others through
``bulk_eval``, so every table the engine reads is checked. This command

* ``--cards 5`` (the default): evaluates all 2,598,960 five-card hands with both, counts
  every disagreement, and compares the counts with the published figures below;
* ``--cards 6`` or ``--cards 7 --sample N --seed S``: compares the two on random hands;
* ``--cards 7 --exhaustive``: counts all 133,784,560 seven-card hands with the fast evaluator
  (spread over ``--jobs`` processes; about half a minute of CPU) and compares with the
  published figures, plus a plain-vs-fast comparison on a random sample.

It prints a short text report ending in a pass/fail line (``--format json``: the full JSON
report) and exits 0 when everything agrees, 1 on any disagreement or any difference from a
published figure. Random samples are spread over ``--jobs`` processes too; the hands are drawn
in the parent from ``--seed``, so the result does not depend on ``--jobs``. On a terminal a
progress bar (``stud8.tools.progress``) shows the exhaustive runs.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from itertools import combinations
from math import comb
from typing import Any, TypeVar

from stud8.reference.cards import ALL_CARDS, format_cards
from stud8.reference.errors import Stud8Error
from stud8.reference.hands import Category
from stud8.spec.limits import MAX_JOBS
from stud8.tools.arguments import check_jobs, local_workers, seed
from stud8.tools.formats import add_format_argument, wants_json
from stud8.tools.progress import progress_bar

# The published figures, with their sources. Checked only by exhaustive runs.
PUBLISHED: dict[int, dict[str, Any]] = {
    5: {
        "sources": {
            "high": 'Wikipedia, "Poker probability", frequency of 5-card poker hands',
            "low": "rec.gambling.poker FAQ (eight-or-better lows); the counts follow from the rule, see below",
        },
        "hands": 2_598_960,  # C(52, 5)
        "high": {
            "straight flush": 40,
            "four of a kind": 624,
            "full house": 3_744,
            "flush": 5_108,
            "straight": 10_200,
            "three of a kind": 54_912,
            "two pair": 123_552,
            "pair": 1_098_240,
            "high card": 1_302_540,
        },
        "royal_flush": 4,
        "distinct_high_values": 7_462,
        # A qualifying five-card low is five distinct ranks from A-8 in any suits: C(8, 5) = 56
        # distinct lows, each dealt 4**5 = 1,024 ways, so 56 * 1,024 = 57,344 hands. By top card:
        # C(4, 4) = 1 five-low, C(5, 4) = 5 six-lows, C(6, 4) = 15 seven-lows, C(7, 4) = 35
        # eight-lows (the other four cards are any four lower ranks).
        "low": {
            "qualifying": 57_344,
            "distinct": 56,
            "five-low": 1_024,
            "six-low": 5_120,
            "seven-low": 15_360,
            "eight-low": 35_840,
            "distinct_by_top": {"five-low": 1, "six-low": 5, "seven-low": 15, "eight-low": 35},
        },
    },
    7: {
        "sources": {
            "high": 'Wikipedia, "Poker probability", frequency of 7-card poker hands',
            "low": "rec.gambling.poker FAQ, seven-card stud eight-or-better low frequencies",
        },
        "hands": 133_784_560,  # C(52, 7)
        "high": {
            "straight flush": 41_584,  # 4,324 royal + 37,260 other
            "four of a kind": 224_848,
            "full house": 3_473_184,
            "flush": 4_047_644,
            "straight": 6_180_020,
            "three of a kind": 6_461_620,
            "two pair": 31_433_400,
            "pair": 58_627_800,
            "high card": 23_294_460,
        },
        "royal_flush": 4_324,
        "distinct_high_values": 4_824,
        "low": {
            "qualifying": 24_530_944,
            "five-low": 781_824,
            "six-low": 3_151_360,
            "seven-low": 7_426_560,
            "eight-low": 13_171_200,
        },
    },
}

ROYAL_FLUSH_VALUE = 0x8EDCBA
"""The high value of A-K-Q-J-T suited: straight flush (8), then ranks 14, 13, 12, 11, 10."""
LOW_NAMES = {5: "five-low", 6: "six-low", 7: "seven-low", 8: "eight-low"}
DEFAULT_SAMPLE = 2_000
MAX_EXAMPLES = 10
"""At most this many disagreeing hands are shown in a report (all are counted)."""

T = TypeVar("T")


EXAMPLES: tuple[str, ...] = (
    "stud8 verify-evaluator --cards 5",
    "stud8 verify-evaluator --cards 7 --sample 100000 --seed 1",
)
"""The command lines its --help ends with (tests/test_cli_conventions.py checks each parses)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--cards", type=int, choices=(5, 6, 7), default=5, metavar="5|6|7", help="hand size: 5, 6 or 7 cards (default 5)")
    parser.add_argument("--sample", type=int, metavar="N", help=f"random hands to compare (default {DEFAULT_SAMPLE})")
    parser.add_argument("--seed", type=seed, default=0, metavar="S", help="seed of the random sample, 0 or more (default 0)")
    parser.add_argument("--exhaustive", action="store_true", help="all hands (default for 5 cards; long for 7)")
    parser.add_argument("-j", "--jobs", type=int, default=None, metavar="N", help="worker processes (default: every core; never more than the cores)")
    add_format_argument(parser, "report")


def run(args: argparse.Namespace) -> int:
    check_jobs(args.jobs)
    jobs = local_workers(args.jobs if args.jobs is not None else MAX_JOBS)
    report = verify(args.cards, sample=args.sample, seed=args.seed, exhaustive=args.exhaustive, jobs=jobs)
    if wants_json(args):
        print(json.dumps(report, indent=2))
    else:
        print("\n".join(text_lines(report)))
    return 1 if report["disagreements"] or report["mismatches"] else 0


def text_lines(report: dict[str, Any]) -> list[str]:
    """The text form: what was checked, the counts, every problem, then one pass/fail line."""
    what = f"{report['hands']:,} {report['cards']}-card hands ({report['mode']}"
    what += f", seed {report['seed']})" if "seed" in report else ")"
    lines = [f"checked {what} in {report['seconds']} s",
             f"plain vs fast evaluator: {report['compared']:,} compared, {report['disagreements']:,} disagreements"]
    lines += [f"  {example['cards']}: plain {example['plain']}, fast {example['fast']}" for example in report["disagreement_examples"]]
    lines.append("high: " + ", ".join(f"{name} {count:,}" for name, count in report["high"].items()))
    low = report["low"]
    lines.append(f"low: {low['qualifying']:,} qualifying ({low['distinct']} distinct): "
                 + ", ".join(f"{name} {low[name]:,}" for name in LOW_NAMES.values()))
    lines += [f"  differs from the published figure {m['figure']}: published {m['published']}, got {m['got']}"
              for m in report["mismatches"]]
    published = "" if report["mode"] != "exhaustive" else ", every published figure reproduced"
    if report["disagreements"] or report["mismatches"]:
        lines.append(f"FAIL: {report['disagreements']:,} disagreements, {len(report['mismatches'])} published figures differ")
    else:
        lines.append(f"PASS: the evaluators agree{published}")
    return lines


def verify(
    cards: int, sample: int | None = None, seed: int = 0, exhaustive: bool = False, jobs: int = 1
) -> dict[str, Any]:
    """Run one verification and return its report (the JSON the command prints)."""
    if sample is not None and sample < 1:
        raise Stud8Error(f"--sample must be at least 1, got {sample}", code="usage")
    if jobs < 1:
        raise Stud8Error(f"--jobs must be at least 1, got {jobs}", code="usage")
    if exhaustive and cards == 6:
        raise Stud8Error("no published figures for six-card hands: use --sample", code="usage")
    started = time.perf_counter()
    if cards == 5 and (exhaustive or sample is None):
        report = _verify_all_five(jobs)
    elif cards == 7 and exhaustive:
        report = _verify_all_seven(jobs, sample or DEFAULT_SAMPLE, seed)
    else:
        report = _verify_sample(cards, sample or DEFAULT_SAMPLE, seed, jobs)
    report["seconds"] = round(time.perf_counter() - started, 1)
    return report


# --- the three modes ---------------------------------------------------------------------


def _verify_all_five(jobs: int) -> dict[str, Any]:
    """Every five-card hand through both evaluators, split by lowest card over processes."""
    outcome = _Outcome()
    with progress_bar(total=PUBLISHED[5]["hands"], desc="5-card hands", unit="hand") as bar:
        for first, part in zip(range(52 - 4), _map(_compare_five_from, range(52 - 4), jobs)):
            outcome.merge(part)
            bar.update(comb(51 - first, 4))
    return _report(5, "exhaustive", outcome, published=PUBLISHED[5])


def _verify_all_seven(jobs: int, sample: int, seed: int) -> dict[str, Any]:
    """Every seven-card hand counted by the fast evaluator; plain-vs-fast on a sample.

    The plain evaluator tries 21 combinations per seven-card hand, far too slow for all of
    them; the sample checks the fast one against it, the published counts check the rest.
    """
    from stud8.reference import bulk_eval

    checked = _compare_sample(7, sample, seed, jobs)
    counts = _Outcome()
    with progress_bar(total=PUBLISHED[7]["hands"], desc="7-card hands", unit="hand") as bar:
        for first, tally in zip(range(52 - 6), _map(bulk_eval.tally_seven, range(52 - 6), jobs)):
            for (high, low), count in tally.items():
                counts.high[high] += count
                counts.low[low] += count
            bar.update(comb(51 - first, 6))
    counts.compared, counts.disagreements, counts.examples = checked.compared, checked.disagreements, checked.examples
    return _report(7, "exhaustive", counts, published=PUBLISHED[7])


def _verify_sample(cards: int, sample: int, seed: int, jobs: int = 1) -> dict[str, Any]:
    """Random hands through both evaluators; counts are reported but not checked."""
    outcome = _compare_sample(cards, sample, seed, jobs)
    report = _report(cards, "sample", outcome, published=None)
    report["seed"] = seed
    return report


# --- comparing the evaluators ------------------------------------------------------------


class _Outcome:
    """Counts of high and low values, and the disagreements found, of a batch of hands."""

    def __init__(self) -> None:
        self.high: Counter[int] = Counter()
        self.low: Counter[int | None] = Counter()
        self.compared = 0
        self.disagreements = 0
        self.examples: list[dict[str, Any]] = []

    def merge(self, other: _Outcome) -> None:
        self.high.update(other.high)
        self.low.update(other.low)
        self.compared += other.compared
        self.disagreements += other.disagreements
        self.examples.extend(other.examples[: MAX_EXAMPLES - len(self.examples)])


def _compare_sample(cards: int, sample: int, seed: int, jobs: int) -> _Outcome:
    """Both evaluators on ``sample`` random hands, in ``jobs`` processes. The hands are drawn
    here, in order, so the outcome (and its examples) is the same for any ``jobs``."""
    hands = list(_random_hands(cards, sample, seed))
    if jobs == 1 or sample < 4 * jobs:
        return _compare_hands(hands)
    size = -(-sample // jobs)
    chunks = [hands[start:start + size] for start in range(0, sample, size)]
    outcome = _Outcome()
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for part in pool.map(_compare_hands, chunks):
            outcome.merge(part)
    return outcome


def _compare_five_from(first: int) -> _Outcome:
    """Both evaluators on every five-card hand whose lowest card index is ``first``."""
    return _compare_hands((first,) + rest for rest in combinations(range(first + 1, 52), 4))


def _compare_hands(hands: Iterable[tuple[int, ...]]) -> _Outcome:
    """Evaluate each hand (card indices) both ways; count values from the plain definition.
    Seven cards go through the engine's evaluator (``fast_eval``), fewer through ``bulk_eval``."""
    from stud8.reference import bulk_eval, fast_eval
    from stud8.reference import hands as plain

    outcome = _Outcome()
    for indices in hands:
        high, low = plain.evaluate([ALL_CARDS[index] for index in indices])
        expected = (high.value, low.value if low else None)
        fast = fast_eval.values_idx if len(indices) == fast_eval.SHOWDOWN_CARDS else bulk_eval.values_idx
        got = fast(indices)
        if got != expected:
            outcome.disagreements += 1
            if len(outcome.examples) < MAX_EXAMPLES:
                outcome.examples.append(_example(indices, expected, got))
        outcome.high[expected[0]] += 1
        outcome.low[expected[1]] += 1
        outcome.compared += 1
    return outcome


def _example(indices: tuple[int, ...], plain: tuple[int, int | None], fast: tuple[int, int | None]) -> dict[str, Any]:
    """One disagreement as the report shows it."""
    return {"cards": format_cards(ALL_CARDS[i] for i in indices), "plain": list(plain), "fast": list(fast)}


def _random_hands(cards: int, count: int, seed: int) -> Iterator[tuple[int, ...]]:
    """``count`` random hands of ``cards`` distinct card indices, reproducible from ``seed``."""
    rng = random.Random(seed)
    for _ in range(count):
        yield tuple(rng.sample(range(52), cards))


def _map(function: Callable[[int], T], items: Iterable[int], jobs: int) -> Iterator[T]:
    """``map`` over worker processes when ``jobs`` > 1 (results in any order)."""
    if jobs == 1:
        yield from map(function, items)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(function, items)


# --- the report --------------------------------------------------------------------------


def _report(cards: int, mode: str, outcome: _Outcome, published: dict[str, Any] | None) -> dict[str, Any]:
    """The JSON report: counts, disagreements, and differences from the published figures."""
    report: dict[str, Any] = {
        "cards": cards,
        "mode": mode,
        "hands": sum(outcome.high.values()),
        "high": _high_counts(outcome.high),
        "royal_flush": outcome.high[ROYAL_FLUSH_VALUE],
        "distinct_high_values": len(outcome.high),
        "low": _low_counts(outcome.low),
        "compared": outcome.compared,
        "disagreements": outcome.disagreements,
        "disagreement_examples": outcome.examples,
        "mismatches": [],
    }
    if published is not None:
        report["mismatches"] = _mismatches(published, report)
    return report


def _high_counts(high: Counter[int]) -> dict[str, int]:
    """Hands per category, best category first (the order of the published tables)."""
    by_category: Counter[Category] = Counter()
    for value, count in high.items():
        by_category[Category(value >> 20)] += count
    return {category.label: by_category[category] for category in sorted(Category, reverse=True)}


def _low_counts(low: Counter[int | None]) -> dict[str, Any]:
    """Qualifying hands, distinct lows, and both per top card (five-low .. eight-low)."""
    hands_by_top = {name: 0 for name in LOW_NAMES.values()}
    distinct_by_top = {name: 0 for name in LOW_NAMES.values()}
    for value, count in low.items():
        if value is None:
            continue
        name = LOW_NAMES[(0xFFFFF - value) >> 16]
        hands_by_top[name] += count
        distinct_by_top[name] += 1
    return {
        "qualifying": sum(hands_by_top.values()),
        "distinct": sum(distinct_by_top.values()),
        **hands_by_top,
        "distinct_by_top": distinct_by_top,
    }


def _mismatches(published: dict[str, Any], report: dict[str, Any]) -> list[dict[str, Any]]:
    """Every published figure the report does not reproduce, as ``{figure, published, got}``."""
    return [
        {"figure": path, "published": expected, "got": got}
        for path, expected in _flatten(published)
        if not path.startswith("sources") and (got := _lookup(report, path)) != expected
    ]


def _flatten(figures: dict[str, Any], prefix: str = "") -> Iterator[tuple[str, Any]]:
    """(dotted path, number) for every leaf of a nested dict of figures."""
    for key, value in figures.items():
        path = f"{prefix}{key}"
        if isinstance(value, dict):
            yield from _flatten(value, f"{path}.")
        else:
            yield path, value


def _lookup(report: dict[str, Any], path: str) -> Any:
    """The value at a dotted path of the report, or None if it is not there."""
    node: Any = report
    for key in path.split("."):
        if not isinstance(node, dict) or key not in node:
            return None
        node = node[key]
    return node

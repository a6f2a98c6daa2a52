"""``stud8 eval CARD...``: the best high hand and eight-or-better low of 5 to 7 cards.

Uses the plain evaluator (``stud8.reference.hands``), the definition itself. Cards are written
``As Td 7c``, as separate arguments or run together (``AsTd7c``). Output, in text::

    high: full house (Kh Kd Kc 9s 9h)
    low: 8-6-4-2-A (8c 6d 4h 2s Ah)

(``low: none`` when no low qualifies), or with ``--format json`` one line::

    {"high": {"category": "full house", "cards": [...], "value": 7200153}, "low": null}

A bad card, a repeated card or a count outside 5..7 raises ``CardError``, which the ``stud8``
command prints on stderr (naming the card) with exit status 2.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from stud8.reference.cards import Card, parse_cards
from stud8.reference.hands import HighHand, LowHand, evaluate
from stud8.tools.formats import add_format_argument, wants_json

EXAMPLES: tuple[str, ...] = (
    "stud8 eval As Ad 7c 6d 4h 3s 2c",
    "stud8 eval Ah 2h 3c 4d 5s --format json",
)
"""The command lines its --help ends with (tests/test_cli_conventions.py checks each parses)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("cards", nargs="+", metavar="CARD", help="5 to 7 cards, e.g. As Td 7c 7d 2h")
    add_format_argument(parser, "evaluation")


def run(args: argparse.Namespace) -> int:
    high, low = evaluate(_parse(args.cards))
    if wants_json(args):
        print(json.dumps(as_json(high, low)))
    else:
        print(f"high: {high}")
        print(f"low: {low if low is not None else 'none'}")
    return 0


def _parse(tokens: list[str]) -> list[Card]:
    """Cards from the arguments; each may hold one card or several run together."""
    cards: list[Card] = []
    for token in tokens:
        cards.extend(parse_cards(token))
    return cards


def as_json(high: HighHand, low: LowHand | None) -> dict[str, Any]:
    """The ``--json`` form of an evaluation."""
    return {
        "high": {"category": high.category.label, "cards": [str(card) for card in high.cards], "value": high.value},
        "low": None if low is None else {"cards": [str(card) for card in low.cards], "value": low.value},
    }

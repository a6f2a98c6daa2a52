"""Reading Stud/8 hand histories in the PHH format (variant ``F7S/8``).

A PHH file records the stakes, the starting stacks, the cards dealt to each seat and the
actions, and often the finishing stacks. It does not record burns, and cards never shown are
written ``??``. ``read_phh`` turns a file into the pieces a replay needs: the stakes, the
stacks, a ``deal`` in the scenario format (so the stacked deck comes from the one conversion in
``conformance.deal``), the engine actions, and the recorded result.

Hidden cards are filled with cards no one was dealt: hidden down cards with the lowest unused
cards, hidden up cards with the highest, so that a hidden up card can never be the lowest one
and take the bring-in away from the player who posted it.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from stud8.reference.cards import ALL_CARDS
from stud8.reference.errors import Stud8Error

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

STREETS: tuple[str, ...] = ("third", "fourth", "fifth", "sixth", "seventh")
VARIANT = "F7S/8"


class PhhError(Stud8Error):
    """A PHH file that is not a readable Stud/8 hand history."""

    code = "bad-phh"


@dataclass(frozen=True)
class PhhHand:
    """A Stud/8 hand history, ready to replay."""

    stakes: dict[str, int]
    stacks: list[int]
    deal: dict[str, dict[str, str]]
    actions: list[str]
    finishing_stacks: list[int] | None
    source: str


def read_phh(path: Path) -> PhhHand:
    """Read a PHH file; raise ``PhhError`` naming the field or action that is wrong."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise PhhError(f"{path}: cannot read the hand history: {error}") from None
    return parse_phh(data, str(path))


def parse_phh(data: Mapping[str, Any], where: str) -> PhhHand:
    """A parsed PHH document as a ``PhhHand``."""
    if data.get("variant") != VARIANT:
        raise PhhError(f"{where}: variant is {data.get('variant')!r}, not {VARIANT!r}")
    for field in ("antes", "bring_in", "small_bet", "big_bet", "starting_stacks", "actions"):
        if field not in data:
            raise PhhError(f"{where}: the field {field!r} is missing")
    antes = data["antes"]
    if len(set(antes)) != 1:
        raise PhhError(f"{where}: antes {antes!r}: every player must post the same ante")
    dealt: dict[str, list[list[str]]] = {}
    actions: list[str] = []
    for action in data["actions"]:
        words = action.split()
        if len(words) == 4 and words[:2] == ["d", "dh"]:
            dealt.setdefault(words[2], []).append(re.findall("..", words[3]))
        elif len(words) >= 2 and words[1] == "sm":
            continue  # showing cards is not an engine action
        elif words and words[0] != "d":
            actions.append(action)
        else:
            raise PhhError(f"{where}: action {action!r} is not part of a Stud/8 hand")
    return PhhHand(
        stakes={"ante": antes[0], "bring_in": data["bring_in"], "small_bet": data["small_bet"], "big_bet": data["big_bet"]},
        stacks=list(data["starting_stacks"]),
        deal=_deal(dealt, where),
        actions=actions,
        finishing_stacks=list(data["finishing_stacks"]) if "finishing_stacks" in data else None,
        source=where,
    )


def _deal(dealt: dict[str, list[list[str]]], where: str) -> dict[str, dict[str, str]]:
    """The scenario-format deal, hidden cards filled (see the module docstring)."""
    known = {card for rounds in dealt.values() for cards in rounds for card in cards if card != "??"}
    pool = [str(card) for card in ALL_CARDS if str(card) not in known]
    deal: dict[str, dict[str, str]] = {}
    for seat, rounds in dealt.items():
        if len(rounds[0]) != 3 or len(rounds) > len(STREETS) or any(len(cards) != 1 for cards in rounds[1:]):
            raise PhhError(f"{where}: {seat} is dealt {rounds!r}, not three cards then one a street")
        down_one, down_two, up = rounds[0]
        rounds[0] = [
            pool.pop(0) if down_one == "??" else down_one,
            pool.pop(0) if down_two == "??" else down_two,
            pool.pop() if up == "??" else up,
        ]
        for street, cards in zip(STREETS, rounds):
            deal.setdefault(street, {})[seat] = " ".join(pool.pop(0) if card == "??" else card for card in cards)
    return deal

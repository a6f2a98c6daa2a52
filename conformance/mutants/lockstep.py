"""Lockstep random hands on two engine modules: the evidence behind an *equivalent* mutant.

An equivalent mutant is claimed to be indistinguishable from the reference engine. The claim
comes with a reason, and this check: random hands (2 to 8 players, short and deep stacks so
that all-ins of every size happen, every profile and random option values) are dealt from the
same shuffled deck to the reference ``Hand`` and the mutant's ``Hand``; at every step the two
observations (legal moves, chips, cards, pots, the result) must be equal, one random legal
action is applied to both, and now and then an illegal one must be refused by both with the
same code. The first difference is returned; None means no divergence.
"""

from __future__ import annotations

import random
import types
from dataclasses import dataclass
from typing import Any

from stud8.reference.cards import ALL_CARDS
from stud8.spec.rulebook import default_rulebook

STAKES = ((5, 10, 20, 40), (1, 2, 4, 8), (0, 10, 20, 40), (2, 20, 20, 40), (3, 5, 10, 20), (10, 5, 20, 40))
"""(ante, bring-in, small bet, big bet) to draw from: a bring-in of a full bet, no ante, a big
ante, odd amounts for short all-ins and odd chips."""


@dataclass(frozen=True)
class Divergence:
    hand: int
    step: str
    original: Any
    mutant: Any

    def __str__(self) -> str:
        return f"hand {self.hand}, {self.step}: reference {self.original!r}, mutant {self.mutant!r}"


def _options(rng: random.Random) -> tuple[str | None, dict[str, Any]]:
    book = default_rulebook()
    profile = rng.choice([None, None, *sorted(book.profiles)])
    options: dict[str, Any] = {}
    for name, spec in book.options.items():
        if rng.random() < 0.4:
            if spec.type == "boolean":
                options[name] = rng.random() < 0.5
            elif spec.type == "integer":
                options[name] = rng.randint(spec.minimum or 1, (spec.minimum or 1) + 3)
            else:
                options[name] = rng.choice(spec.values)
    return profile, options


def _stacks(rng: random.Random, players: int, big: int) -> list[int]:
    kind = rng.random()
    if kind < 0.3:
        return [rng.randint(1, 3 * big) for _ in range(players)]
    if kind < 0.8:
        return [rng.choice((rng.randint(1, 6 * big), 40 * big)) for _ in range(players)]
    return [40 * big] * players


def _start(engine: types.ModuleType, setup: dict[str, Any]) -> tuple[Any, str | None]:
    try:
        return engine.Hand.start(**setup), None
    except Exception as error:  # noqa: BLE001 - a refusal or a crash; either is compared
        return None, f"{type(error).__name__}: {getattr(error, 'code', error)}"


def _apply(hand: Any, action: str) -> str | None:
    try:
        hand.apply(action)
        return None
    except Exception as error:  # noqa: BLE001
        return f"{type(error).__name__}: {getattr(error, 'code', error)}"


def lockstep(original: types.ModuleType, mutated: types.ModuleType, hands: int, seed: int = 0,
             first: int = 0) -> Divergence | None:
    """Play ``hands`` random hands on both engine modules; the first divergence, or None.

    ``first`` numbers the hands in a divergence (a run split in parts counts on from it)."""
    rng = random.Random(seed)
    for number in range(first, first + hands):
        crowded = rng.random() < 0.35  # seven or eight players who seldom fold: the deck runs short
        players = rng.randint(7, 8) if crowded else rng.randint(2, 8)
        fold = 0.01 if crowded else 0.1
        ante, bring_in, small, big = rng.choice(STAKES)
        deck = list(ALL_CARDS)
        rng.shuffle(deck)
        profile, options = _options(rng)
        setup: dict[str, Any] = {"stacks": _stacks(rng, players, big), "deck": deck, "profile": profile,
                                 "options": options}
        a, error_a = _start(original, dict(setup, stakes=original.Stakes(ante, bring_in, small, big)))
        b, error_b = _start(mutated, dict(setup, stakes=mutated.Stakes(ante, bring_in, small, big)))
        if error_a != error_b:
            return Divergence(number, "start", error_a, error_b)
        if a is None:
            continue
        step = "the deal"
        while True:
            seen_a, seen_b = a.observe(), b.observe()
            if seen_a != seen_b:
                changed = sorted(key for key in seen_a if seen_a[key] != seen_b.get(key))
                return Divergence(number, f"after {step}: {', '.join(changed)}",
                                  {key: seen_a[key] for key in changed}, {key: seen_b.get(key) for key in changed})
            if a.over:
                break
            seat, legal = a.to_act, a.legal_actions()
            if rng.random() < 0.1:  # an illegal move: both must refuse it alike
                wrong = rng.choice(("cc", "f", "pb", "cbr 1", f"cbr {10 * big}"))
                if wrong not in legal:
                    probe = f"p{seat} {wrong}"
                    code_a = getattr(a.check(probe), "code", None)
                    code_b = getattr(b.check(probe), "code", None)
                    if code_a != code_b:
                        return Divergence(number, f"check {probe!r}", code_a, code_b)
            weights = [fold if move == "f" else 0.5 if move in ("cc", "pb") else 0.4 for move in legal]
            move = rng.choices(legal, weights)[0]
            step = f"p{seat} {move}"
            error_a, error_b = _apply(a, step), _apply(b, step)
            if error_a != error_b:
                return Divergence(number, f"apply {step!r}", error_a, error_b)
    return None

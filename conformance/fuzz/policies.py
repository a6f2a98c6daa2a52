"""How a fuzzed hand picks its actions: among the *reference engine's* legal actions, by a
policy that also records each seat's decisions (the action kinds ``pb``, ``f``, ``cc``,
``cbr``), so that a shrunk hand can replay them on a smaller table.

* ``RandomPolicy``: the weighted random choice of a generated hand (folds rare, so hands go
  deep; raises in bursts), seeded per hand.
* ``DecisionPolicy``: replays recorded decisions (shrinking).
* ``fold_first``: the shortest way to the end of a hand (writing a finding's scenario).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from stud8.conformance.fuzz.generate import HandSpec


def kind(action: str) -> str:
    """The action's kind: ``cbr 10`` -> ``cbr``."""
    return action.split()[0]


class RandomPolicy:
    """Picks among the legal actions with weights; records each seat's decisions (kinds)."""

    def __init__(self, hand: HandSpec) -> None:
        self.rng = random.Random(hand.policy_seed)
        self.weights = {"f": 0.0 if hand.no_fold else hand.fold_weight, "cc": 1.0, "pb": 1.0, "cbr": hand.raise_weight}
        self.decisions: list[list[str]] = [[] for _ in hand.stacks]

    def __call__(self, seat: int, legal: Sequence[str]) -> str:
        weights = self.weights
        kinds = [action.split(" ", 1)[0] for action in legal]
        chosen = [weights.get(name, 1.0) for name in kinds]
        if sum(chosen) <= 0:
            chosen = [1.0] * len(legal)
        # The same draw as random.choices(legal, chosen)[0], without its per-call set-up.
        total = 0.0
        cumulative = []
        for weight in chosen:
            total += weight
            cumulative.append(total)
        point = self.rng.random() * total
        pick = 0
        while pick < len(cumulative) - 1 and cumulative[pick] <= point:
            pick += 1
        self.decisions[seat - 1].append(kinds[pick])
        return legal[pick]


class DecisionPolicy:
    """Replays each seat's decisions: the seat's n-th decision picks the legal action of that
    kind (``cbr`` at whatever amount is legal), else the first legal of cc, pb, cbr, f; a seat
    out of decisions checks or calls. The decisions actually taken are recorded."""

    FALLBACK = ("cc", "pb", "cbr", "f")

    def __init__(self, decisions: Sequence[Sequence[str]]) -> None:
        self.decisions = [list(d) for d in decisions]
        self.taken: list[list[str]] = [[] for _ in decisions]

    def __call__(self, seat: int, legal: Sequence[str]) -> str:
        mine = self.decisions[seat - 1] if seat - 1 < len(self.decisions) else []
        n = len(self.taken[seat - 1]) if seat - 1 < len(self.taken) else 0
        want = mine[n] if n < len(mine) else "cc"
        for wanted in (want, *self.FALLBACK):
            for action in legal:
                if kind(action) == wanted:
                    if seat - 1 < len(self.taken):
                        self.taken[seat - 1].append(wanted)
                    return action
        return legal[0]


def fold_first(seat: int, legal: Sequence[str]) -> str:
    """The shortest way to the end of a hand: fold when allowed, else check/call, else post."""
    for wanted in ("f", "cc", "pb"):
        for action in legal:
            if kind(action) == wanted:
                return action
    return legal[0]

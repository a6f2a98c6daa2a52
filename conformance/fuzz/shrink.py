"""Shrinking a divergent hand: the smallest hand found that still diverges the same way
(``Divergence.kind``: the phase and the field without its seat).

Moves, tried in turn as long as one succeeds: remove a seat, make a player fold early, make a
raise a call, make stacks deep. Every seat keeps the cards it was dealt (the deck is rebuilt
around them for the new table, ``build_deck``) and its decisions (each seat's list of action
kinds), which are replayed against the reference engine's legal actions (``DecisionPolicy``).
At most ``SHRINK_TRIES`` candidates are played; ``SHRINK_SECONDS`` is a safety net on top
(shrinking is deterministic unless the net cuts it short).
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from stud8.conformance.engines.api import Engine, EngineFault
from stud8.conformance.fuzz.generate import CARDS
from stud8.conformance.fuzz.lockstep import Played, lockstep
from stud8.conformance.fuzz.policies import DecisionPolicy

SHRINK_TRIES = 400
"""Candidate hands tried while shrinking one divergence (each is one hand in lockstep)."""
SHRINK_SECONDS = 60.0
"""A safety net on top of SHRINK_TRIES: shrinking is deterministic unless this cuts it short."""


@dataclass
class Case:
    """A hand to replay: table, deck, each seat's decisions; and how it went."""

    stacks: list[int]
    stakes: dict[str, int]
    deck: list[str]
    decisions: list[list[str]]
    played: Played

    @property
    def size(self) -> tuple[int, int]:
        divergence = self.played.divergence
        return len(self.stacks), divergence.action if divergence else len(self.played.actions)


def queues_of(last: Mapping[str, Any] | None, seats: int) -> list[list[str]]:
    """Each seat's cards in the order dealt (down, down, up..., seventh down)."""
    if last is None:
        return [[] for _ in range(seats)]
    return [list(seat["down"][:2]) + list(seat["up"]) + list(seat["down"][2:]) for seat in last["seats"]]


def plan_of(last: Mapping[str, Any] | None, seats: int) -> list[list[int]]:
    """For fourth to seventh street, the seats (0-based) dealt a card, as far as the hand went."""
    if last is None:
        return []
    counts = [len(seat["up"]) + len(seat["down"]) for seat in last["seats"]]
    plan = [[i for i in range(seats) if counts[i] >= 4 + k] for k in range(4)]
    while plan and not plan[-1]:
        plan.pop()
    return plan


def build_deck(queues: Sequence[Sequence[str]], order: Sequence[str], plan: Sequence[Sequence[int]],
               burn_first: bool) -> list[str]:
    """A 52-card deck dealing each seat its queue of cards: third street to every seat, later
    streets to the seats of ``plan``, burns and missing cards from ``order`` (the cards of no
    queue, in their order there), then every card not used yet in ``order``."""
    reserved = {card for queue in queues for card in queue}
    spare = iter([card for card in order if card not in reserved])
    deck: list[str] = []
    used: set[str] = set()

    def put(card: str | None) -> None:
        if card is None or card in used:
            card = next((c for c in spare if c not in used), None)
        if card is not None and len(deck) < len(CARDS):
            deck.append(card)
            used.add(card)

    if burn_first:
        put(None)
    for round_index in range(3):
        for queue in queues:
            put(queue[round_index] if round_index < len(queue) else None)
    for street, seats in enumerate(plan):
        put(None)
        for seat in seats:
            queue = queues[seat] if seat < len(queues) else []
            put(queue[3 + street] if 3 + street < len(queue) else None)
    deck.extend(card for card in order if card not in used)
    return deck


class Shrinker:
    """Makes a diverging hand smaller while it diverges the same way (``Divergence.kind``)."""

    def __init__(self, reference: Engine, engine: Engine, profile: str | None, options: Mapping[str, Any],
                 burn_first: bool, seconds: float = SHRINK_SECONDS, tries: int = SHRINK_TRIES) -> None:
        self.reference = reference
        self.engine = engine
        self.profile = profile
        self.options = dict(options)
        self.burn_first = burn_first
        self.deadline = time.monotonic() + seconds
        self.tries = tries
        self.budget = tries
        self.cut_short = False

    def _left(self) -> bool:
        return self.tries > 0 and time.monotonic() < self.deadline

    def run(self, stacks: Sequence[int], stakes: Mapping[str, int], deck: Sequence[str],
            decisions: Sequence[Sequence[str]]) -> Case:
        """Play a candidate (recording the decisions actually taken)."""
        self.tries -= 1
        policy = DecisionPolicy(decisions)
        played = lockstep(self.reference, self.engine, stacks=stacks, stakes=stakes, deck=deck,
                          profile=self.profile, options=self.options, choose=policy)
        if played.divergence is not None and played.divergence.phase == "fault":
            try:
                self.engine.restart()
            except EngineFault:
                pass
        return Case(list(stacks), dict(stakes), list(deck), policy.taken, played)

    def shrink(self, case: Case) -> Case:
        """The smallest case found in the time allowed (fewest players, then fewest actions)."""
        assert case.played.divergence is not None
        kind = case.played.divergence.kind
        moves = (self._drop_seat, self._fold_early, self._call_instead, self._deep_stacks)
        changed = True
        while changed and self._left():
            changed = False
            for move in moves:
                while self._left():  # apply the move as long as it succeeds
                    accepted = None
                    for candidate, simplifies in move(case):
                        if not self._left():
                            break
                        accepted = self._try(candidate, kind, case, simplifies)
                        if accepted is not None:
                            break
                    if accepted is None:
                        break
                    case = accepted
                    changed = True
        self.cut_short = time.monotonic() >= self.deadline
        return case

    def _try(self, candidate: tuple[list[int], list[list[str]], list[list[str]], list[list[int]], list[str] | None],
             kind: str, current: Case, simplifies: bool) -> Case | None:
        stacks, decisions, queues, plan, deck = candidate
        tried_plans: list[list[list[int]]] = []
        for _ in range(1 if deck is not None else 3):
            if deck is None:
                if plan in tried_plans:
                    break
                tried_plans.append(plan)
            result = self.run(stacks, current.stakes,
                              deck if deck is not None else build_deck(queues, current.deck, plan, self.burn_first), decisions)
            divergence = result.played.divergence
            if divergence is not None and divergence.kind == kind and self._better(result, current, simplifies):
                return result
            if not self._left():
                return None
            # Deal again with the streets as this table dealt them, so every seat gets its cards.
            plan = plan_of(result.played.last, len(stacks))
        return None

    @staticmethod
    def _better(new: Case, old: Case, simplifies: bool) -> bool:
        return new.size < old.size or (simplifies and new.size <= old.size)

    def _base(self, case: Case) -> tuple[list[list[str]], list[list[int]]]:
        return queues_of(case.played.last, len(case.stacks)), plan_of(case.played.last, len(case.stacks))

    def _drop_seat(self, case: Case) -> Iterator[tuple[Any, bool]]:
        if len(case.stacks) <= 2:
            return
        queues, plan = self._base(case)
        for gone in reversed(range(len(case.stacks))):
            keep = [i for i in range(len(case.stacks)) if i != gone]
            new_plan = [[keep.index(s) for s in seats if s != gone] for seats in plan]
            yield ([case.stacks[i] for i in keep], [case.decisions[i] for i in keep],
                   [queues[i] for i in keep], new_plan, None), False

    def _fold_early(self, case: Case) -> Iterator[tuple[Any, bool]]:
        queues, plan = self._base(case)
        for seat, mine in enumerate(case.decisions):
            for n, kind in enumerate(mine):
                if kind in ("f", "pb"):
                    continue
                decisions = [list(d) for d in case.decisions]
                decisions[seat] = mine[:n] + ["f"]
                yield (list(case.stacks), decisions, queues, plan, None), False

    def _call_instead(self, case: Case) -> Iterator[tuple[Any, bool]]:
        for seat, mine in enumerate(case.decisions):
            for n, kind in enumerate(mine):
                if kind != "cbr":
                    continue
                decisions = [list(d) for d in case.decisions]
                decisions[seat][n] = "cc"
                yield (list(case.stacks), decisions, [], [], list(case.deck)), True

    def _deep_stacks(self, case: Case) -> Iterator[tuple[Any, bool]]:
        deep = max(100, -(-max(case.stacks) // 100) * 100)
        if any(stack != deep for stack in case.stacks):
            yield ([deep] * len(case.stacks), [list(d) for d in case.decisions], [], [], list(case.deck)), True
        for seat, stack in enumerate(case.stacks):
            if stack != deep:
                stacks = list(case.stacks)
                stacks[seat] = deep
                yield (stacks, [list(d) for d in case.decisions], [], [], list(case.deck)), True



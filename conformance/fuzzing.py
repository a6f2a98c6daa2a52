"""``stud8 fuzz``: random legal hands on the reference engine and another engine, in lockstep.

A fuzzing run plays hands numbered 0, 1, 2, ... Each hand is made from the seed and its number
alone (``generate``), so any hand can be played again by itself and the outcome does not
depend on how the hands were spread over worker processes:

* **The table.** Two to eight players (``--players``), stakes of a few shapes (one with the
  bring-in equal to the small bet), stacks mixing deep and short ones (some below the ante or
  the bring-in, so that players go all-in on the antes, on the bring-in, on any street), a
  random permutation of the 52 cards as the stacked deck.
* **The play.** A random policy seeded per hand picks each action among the *reference
  engine's* legal actions (folds are rare, so hands go deep; raises come in bursts). About one
  hand in eight is an eight-player hand where nobody folds, so the deck runs out on seventh
  street.
* **Lockstep.** Both engines start the hand and receive every action. Before each action and
  at the end the two observations are compared, field by field, with the runner's own
  readings (``replay.CHECKPOINT_FIELDS``: street, to_act, bring_in, legal as a set, pot, pots,
  stacks, committed, community, folded, all_in, over, every seat's up and down cards) and, when
  the hand is over, the result (each pot with its high and low awards, the chips returned, the
  show order, the final stacks). A start one engine refuses and the other accepts, an action
  the other engine refuses, or a fault of the engine (crash, timeout, protocol error) is a
  divergence too. The first difference ends the hand.

At a divergence the hand is **shrunk** (``Shrinker``): seats are removed and players fold early,
raises become calls, stacks become deep, as long as the hand still diverges on the same field.
Every seat keeps the cards it was dealt (the deck is rebuilt around them for the new table),
and every seat keeps its decisions (each seat's list of action kinds: ``pb``, ``f``, ``cc``,
``cbr``), which are replayed against the reference engine's legal actions. The smallest hand
found within ``SHRINK_TRIES`` candidates is written as a replay scenario (``scenario_text``):
the deck as lines of cards, the actions, a checkpoint with the reference engine's value of the field at
the point of divergence, then the hand played to its end on the reference engine (by folding
where possible) and its outcome. Such a file is a *finding*, not a suite scenario: its expected
values are the reference engine's and must be worked out by hand before it joins the suite.

Workers: with ``jobs > 1`` and enough hands, hand numbers are handed out in chunks to worker
processes (the ``spawn`` start method; each worker makes its engines from the spec string).
The reported divergence is always the one of the lowest hand number: a worker skips every
hand above the lowest divergent hand known so far, and no hand below it is ever skipped.
"""

from __future__ import annotations

import json
import multiprocessing
import random
import re
import textwrap
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from stud8.conformance.engines import (
    Engine,
    EngineCrash,
    EngineError,
    EngineFault,
    EngineRefusal,
    ReferenceEngine,
)
from stud8.conformance.replay import CHECKPOINT_FIELDS, _pots, _seat_map, seat_name
from stud8.reference.cards import ALL_CARDS

CARDS: tuple[str, ...] = tuple(str(card) for card in ALL_CARDS)
_SEAT_SUFFIX = re.compile(r" p[1-8]$")

STAKES_SHAPES: tuple[Mapping[str, int], ...] = (
    {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10},
    {"ante": 0, "bring_in": 1, "small_bet": 2, "big_bet": 4},
    {"ante": 2, "bring_in": 5, "small_bet": 5, "big_bet": 10},  # the bring-in is the opening bet
    {"ante": 1, "bring_in": 3, "small_bet": 10, "big_bet": 20},
    {"ante": 5, "bring_in": 10, "small_bet": 25, "big_bet": 50},
    {"ante": 3, "bring_in": 7, "small_bet": 15, "big_bet": 30},
)
"""The stakes a hand is played at, one picked per hand."""

NO_FOLD_SHARE = 0.12
"""Share of hands played by the largest table allowed where nobody ever folds (eight players
then always run the deck out on seventh street)."""

MAX_ACTIONS = 500
"""A hand longer than this is an engine that never ends the hand (a fault)."""

PARALLEL_MIN_HANDS = 200
"""Below this many hands the run stays in one process (starting workers costs more)."""

SHRINK_TRIES = 400
"""Candidate hands tried while shrinking one divergence (each is one hand in lockstep)."""
SHRINK_SECONDS = 60.0
"""A safety net on top of SHRINK_TRIES: shrinking is deterministic unless this cuts it short."""

PLAY_FIELDS: tuple[str, ...] = ("over", "street", "to_act", "bring_in", "legal", "pot", "pots", "stacks",
                                "committed", "community", "folded", "all_in")
"""Observation fields compared at every step, in this order (then every seat's up and down cards)."""

RESULT_FIELDS: tuple[str, ...] = ("pots", "returned", "show_order", "stacks")
"""Result fields compared when both hands are over, before the observation fields."""

FIELD_RULES: dict[str, str] = {
    "start": "table.stakes",
    "action": "betting.actions",
    "over": "deal.run-out",
    "street": "betting.round-closes",
    "to_act": "act-order.best-exposed-hand",
    "bring_in": "bring-in.lowest-upcard",
    "legal": "betting.actions",
    "pot": "pots.side-pots",
    "pots": "pots.side-pots",
    "stacks": "betting.limits",
    "committed": "betting.limits",
    "community": "deck.community-card",
    "folded": "betting.actions",
    "all_in": "betting.all-in",
    "up": "deal.later-streets",
    "down": "deal.later-streets",
    "result pots": "showdown.split",
    "result returned": "pots.uncalled-bet",
    "result show_order": "showdown.show-order",
    "result stacks": "showdown.split",
    "crash": "actions.vocabulary",
    "timeout": "actions.vocabulary",
    "error": "actions.vocabulary",
}
"""The rule a divergent field relates to most (``rules_for`` adds rules from the situation)."""


# --- hands -------------------------------------------------------------------------------


@dataclass(frozen=True)
class HandSpec:
    """One generated hand: the table, the deck and the policy's parameters."""

    index: int
    stacks: tuple[int, ...]
    stakes: Mapping[str, int]
    deck: tuple[str, ...]
    fold_weight: float
    raise_weight: float
    no_fold: bool
    policy_seed: int


def _stack(rng: random.Random, stakes: Mapping[str, int]) -> int:
    ante, bring_in, big = stakes["ante"], stakes["bring_in"], stakes["big_bet"]
    draw = rng.random()
    if draw < 0.12:  # all-in on the ante or on the bring-in
        return rng.randint(1, max(1, ante + bring_in))
    if draw < 0.45:  # all-in some time during the hand
        return rng.randint(ante + 1, ante + bring_in + 4 * big)
    return rng.randint(20 * big, 60 * big)


def generate(seed: int, index: int, players: tuple[int, int] = (2, 8)) -> HandSpec:
    """Hand ``index`` of the run with ``seed``: made from these two numbers only."""
    rng = random.Random(f"stud8-fuzz:{seed}:{index}")
    low, high = players
    no_fold = rng.random() < NO_FOLD_SHARE
    count = high if no_fold else rng.randint(low, high)
    stakes = dict(rng.choice(STAKES_SHAPES))
    stacks = tuple(_stack(rng, stakes) for _ in range(count))
    deck = list(CARDS)
    rng.shuffle(deck)
    return HandSpec(
        index=index,
        stacks=stacks,
        stakes=stakes,
        deck=tuple(deck),
        fold_weight=rng.choice((0.02, 0.08, 0.25)),
        raise_weight=rng.choice((0.2, 0.6, 1.5)),
        no_fold=no_fold,
        policy_seed=rng.randrange(2**32),
    )


def _kind(action: str) -> str:
    return action.split()[0]


class RandomPolicy:
    """Picks among the legal actions with weights; records each seat's decisions (kinds)."""

    def __init__(self, hand: HandSpec) -> None:
        self.rng = random.Random(hand.policy_seed)
        self.weights = {"f": 0.0 if hand.no_fold else hand.fold_weight, "cc": 1.0, "pb": 1.0, "cbr": hand.raise_weight}
        self.decisions: list[list[str]] = [[] for _ in hand.stacks]

    def __call__(self, seat: int, legal: Sequence[str]) -> str:
        weights = [self.weights.get(_kind(action), 1.0) for action in legal]
        if sum(weights) <= 0:
            weights = [1.0] * len(legal)
        action = self.rng.choices(list(legal), weights)[0]
        self.decisions[seat - 1].append(_kind(action))
        return action


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
        for kind in (want, *self.FALLBACK):
            for action in legal:
                if _kind(action) == kind:
                    if seat - 1 < len(self.taken):
                        self.taken[seat - 1].append(kind)
                    return action
        return legal[0]


def fold_first(seat: int, legal: Sequence[str]) -> str:
    """The shortest way to the end of a hand: fold when allowed, else check/call, else post."""
    for kind in ("f", "cc", "pb"):
        for action in legal:
            if _kind(action) == kind:
                return action
    return legal[0]


# --- lockstep ----------------------------------------------------------------------------


@dataclass
class Divergence:
    """Where two engines first differ. ``action``: how many actions had been applied."""

    phase: str  # start | play | result | action | fault
    field: str  # start, action, a play field ("up p3"), "result pots", or crash/timeout/error
    action: int
    reference: Any
    engine: Any
    next_action: str | None = None  # phase action/fault: the action the engine refused or failed on

    @property
    def base(self) -> str:
        """The field without its seat (``up p3`` -> ``up``)."""
        return _SEAT_SUFFIX.sub("", self.field)

    @property
    def kind(self) -> str:
        """The phase and the field without its seat: what shrinking must preserve."""
        return f"{self.phase}:{self.base}"

    def as_json(self) -> dict[str, Any]:
        return {"phase": self.phase, "field": self.field, "action": self.action,
                "reference": self.reference, "engine": self.engine, "next_action": self.next_action}


@dataclass
class Played:
    """One hand in lockstep: the actions applied, the divergence (or None), and the reference
    engine's last observation (None if the reference refused the start)."""

    actions: list[str]
    divergence: Divergence | None
    last: dict[str, Any] | None


class _Guarded:
    """The engine under test, with any unexpected exception turned into ``EngineCrash``."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def __getattr__(self, name: str) -> Callable[..., Any]:
        method = getattr(self.engine, name)

        def call(*args: Any, **kwargs: Any) -> Any:
            try:
                return method(*args, **kwargs)
            except (EngineRefusal, EngineFault):
                raise
            except Exception as error:
                raise EngineCrash(f"{name}() raised {type(error).__name__}: {error}") from error

        return call


def result_values(observation: Mapping[str, Any]) -> dict[str, Any]:
    """The result in the scenario outcome's terms (as the runner's ``check_outcome`` reads it)."""
    result = observation.get("result") or {}
    return {
        "pots": _pots(result.get("pots", []), True),
        "returned": {seat: amount for seat, amount in (_seat_map(result.get("returned")) or {}).items() if amount},
        "show_order": [seat_name(seat) for seat in result.get("show_order", [])],
        "stacks": list(result.get("stacks", [])),
    }


def compare(reference: Mapping[str, Any], other: Mapping[str, Any]) -> tuple[str, str, Any, Any] | None:
    """The first difference ``(phase, field, reference value, other value)``, or None."""
    try:
        if reference["over"] and other["over"]:
            mine, theirs = result_values(reference), result_values(other)
            for key in RESULT_FIELDS:
                if mine[key] != theirs[key]:
                    return "result", f"result {key}", mine[key], theirs[key]
        for key in PLAY_FIELDS:
            read = CHECKPOINT_FIELDS[key][0]
            mine_value, their_value = read(reference), read(other)
            if mine_value != their_value:
                return "play", key, mine_value, their_value
        theirs_by_seat = {seat["seat"]: seat for seat in other["seats"]}
        for seat in reference["seats"]:
            their_seat = theirs_by_seat.get(seat["seat"], {})
            for key in ("up", "down"):
                mine_cards, their_cards = list(seat[key]), list(their_seat.get(key, []))
                if mine_cards != their_cards:
                    return "play", f"{key} p{seat['seat']}", " ".join(mine_cards), " ".join(their_cards)
    except (KeyError, TypeError, AttributeError, ValueError) as error:
        raise EngineError(f"the observation cannot be read: {type(error).__name__}: {error}") from None
    return None


def _refusal(text: EngineRefusal | None) -> str:
    return "starts" if text is None else f"refused ({text.code})"


def lockstep(reference: Engine, engine: Engine, *, stacks: Sequence[int], stakes: Mapping[str, int],
             deck: Sequence[str], profile: str | None, options: Mapping[str, Any],
             choose: Callable[[int, Sequence[str]], str]) -> Played:
    """Play one hand on both engines; ``choose(seat, legal)`` picks each action among the
    reference engine's legal actions. Stops at the first divergence."""
    guarded = _Guarded(engine)
    actions: list[str] = []
    last: dict[str, Any] | None = None
    next_action: str | None = None
    settings: dict[str, Any] = {"stacks": list(stacks), "stakes": dict(stakes), "deck": list(deck),
                                "profile": profile, "options": dict(options)}
    try:
        mine: EngineRefusal | None = None
        theirs: EngineRefusal | None = None
        try:
            reference.start(**settings)
        except EngineRefusal as refusal:
            mine = refusal
        try:
            guarded.start(**settings)
        except EngineRefusal as refusal:
            theirs = refusal
        if mine is not None or theirs is not None:
            if mine is not None and theirs is not None and mine.code == theirs.code:
                return Played(actions, None, None)
            last = None if mine is not None else reference.observe()
            return Played(actions, Divergence("start", "start", 0, _refusal(mine), _refusal(theirs)), last)
        while True:
            last = reference.observe()
            found = compare(last, guarded.observe())
            if found is not None:
                phase, name, mine_value, their_value = found
                return Played(actions, Divergence(phase, name, len(actions), mine_value, their_value), last)
            if last["over"]:
                return Played(actions, None, last)
            if len(actions) >= MAX_ACTIONS:
                raise EngineError(f"the hand is not over after {MAX_ACTIONS} actions")
            next_action = f"p{last['to_act']} {choose(last['to_act'], list(last['legal']))}"
            reference.act(next_action)
            try:
                guarded.act(next_action)
            except EngineRefusal as refusal:
                return Played(actions, Divergence("action", "action", len(actions), "accepted", f"refused ({refusal.code})",
                                                  next_action), last)
            actions.append(next_action)
            next_action = None
    except EngineFault as fault:
        return Played(actions, Divergence("fault", fault.outcome, len(actions), None, fault.message, next_action), last)


def play_generated(reference: Engine, engine: Engine, hand: HandSpec, profile: str | None,
                   options: Mapping[str, Any]) -> tuple[Played, list[list[str]]]:
    """A generated hand in lockstep, and each seat's decisions."""
    policy = RandomPolicy(hand)
    played = lockstep(reference, engine, stacks=hand.stacks, stakes=hand.stakes, deck=hand.deck,
                      profile=profile, options=options, choose=policy)
    return played, policy.decisions


# --- shrinking ---------------------------------------------------------------------------


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


def _queues(last: Mapping[str, Any] | None, seats: int) -> list[list[str]]:
    """Each seat's cards in the order dealt (down, down, up..., seventh down)."""
    if last is None:
        return [[] for _ in range(seats)]
    return [list(seat["down"][:2]) + list(seat["up"]) + list(seat["down"][2:]) for seat in last["seats"]]


def _plan(last: Mapping[str, Any] | None, seats: int) -> list[list[int]]:
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
            plan = _plan(result.played.last, len(stacks))
        return None

    @staticmethod
    def _better(new: Case, old: Case, simplifies: bool) -> bool:
        return new.size < old.size or (simplifies and new.size <= old.size)

    def _base(self, case: Case) -> tuple[list[list[str]], list[list[int]]]:
        return _queues(case.played.last, len(case.stacks)), _plan(case.played.last, len(case.stacks))

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


# --- the scenario ------------------------------------------------------------------------


def rules_for(divergence: Divergence, last: Mapping[str, Any] | None, stakes: Mapping[str, int],
              players: int, starting: Sequence[int] | None = None) -> list[str]:
    """The rule ids a finding cites: the field's rule, then rules the situation points at."""
    base = divergence.base
    rules = [FIELD_RULES.get(base, "betting.actions")]
    if last is not None:
        seats = last["seats"]
        bring_in = last.get("bring_in")
        third = last.get("street") == "third"
        any_all_in = any(seat["all_in"] for seat in seats)
        if last.get("community") is not None or (players == 8 and last.get("street") == "seventh"
                                                 and sum(not s["folded"] for s in seats) >= 7):
            rules.append("deck.short-stub")
        if divergence.action == 0 and any(stack <= stakes["ante"] for stack in starting or ()) \
                and base in ("all_in", "stacks", "pot", "pots", "committed", "result pots", "result returned", "result stacks"):
            rules.append("table.ante")
        if third and bring_in is None and divergence.phase in ("play", "action"):
            rules.append("bring-in.all-in-on-ante")
        elif third and divergence.phase in ("play", "action") and _short_bring_in(last, stakes):
            rules.append("bring-in.short-stack")
        elif any_all_in and base in ("legal", "to_act", "committed", "action"):
            rules.append("betting.short-all-in")
        if base.startswith("result ") and sum(not seat["folded"] for seat in seats) == 1:
            rules.append("showdown.uncontested")
        elif base == "result pots" and len(last.get("pots", [])) > 1:
            rules.append("pots.split-separately")
    if divergence.phase == "start" and stakes["bring_in"] == stakes["small_bet"]:
        rules.append("bring-in.completion-is-bet")
    return list(dict.fromkeys(rules))


def _short_bring_in(last: Mapping[str, Any], stakes: Mapping[str, int]) -> bool:
    """The bring-in player cannot cover the bring-in: about to post it, or all-in after it."""
    seats = last["seats"]
    bring_in, to_act = last.get("bring_in"), last.get("to_act")
    if bring_in is None:
        return False
    if to_act == bring_in and "pb" in last.get("legal", []):
        return bool(seats[to_act - 1]["stack"] <= stakes["bring_in"])
    return bool(seats[bring_in - 1]["all_in"])


def _checkpoint(divergence: Divergence, observation: Mapping[str, Any]) -> dict[str, Any] | None:
    """The reference engine's value of the divergent field, as a checkpoint."""
    name = divergence.field
    if divergence.phase == "play":
        if name.startswith(("up ", "down ")):
            key, seat = name.split()
            cards = _cards_of(observation, key, int(seat[1:]))
            return {key: {seat: " ".join(cards)}} if cards else None
        return {name: CHECKPOINT_FIELDS[name][0](observation)}
    if divergence.phase == "result" and name == "result stacks":
        return {"over": True, "stacks": CHECKPOINT_FIELDS["stacks"][0](observation)}
    if divergence.phase in ("action", "fault", "start") and not observation["over"]:
        return {"to_act": seat_name(observation["to_act"]), "legal": sorted(observation["legal"])}
    return None


def _cards_of(observation: Mapping[str, Any], key: str, seat: int) -> list[str]:
    for entry in observation["seats"]:
        if entry["seat"] == seat:
            return list(entry[key])
    return []


@dataclass
class Finding:
    """A divergence found, shrunk and written."""

    seed: int
    hand: int
    divergence: Divergence
    rules: list[str]
    players: int
    actions: int
    original_players: int
    original_actions: int
    path: Path | None = None
    reproduces: bool | None = None
    shrink_tries: int = 0
    shrink_cut_short: bool = False

    def summary(self) -> str:
        d = self.divergence
        where = f" -> {self.path}" if self.path else ""
        if d.phase == "fault":
            return (f"engine {d.field} after {self.hand + 1} hands: hand {self.hand}, action {d.action}"
                    f"{f' ({d.next_action})' if d.next_action else ''}: {d.engine}{where}")
        return (f"divergence after {self.hand + 1} hands: hand {self.hand}, action {d.action}: {d.field} "
                f"reference={_show(d.reference)} engine={_show(d.engine)}{where}")

    def as_json(self) -> dict[str, Any]:
        return {"hand": self.hand, "hands": self.hand + 1, **self.divergence.as_json(), "rules": self.rules,
                "players": self.players, "actions": self.actions,
                "shrunk_from": {"players": self.original_players, "actions": self.original_actions},
                "path": None if self.path is None else str(self.path), "reproduces": self.reproduces,
                "shrink_tries": self.shrink_tries, "shrink_cut_short": self.shrink_cut_short}


def _show(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, separators=(",", ":"))


def _wrap(text: str) -> list[str]:
    return textwrap.wrap(text, 92, break_long_words=False, break_on_hyphens=False)


def _flow(value: Any) -> str:
    """A value as YAML flow text (JSON is YAML)."""
    return json.dumps(value, ensure_ascii=False)


def _deck_lines(deck: Sequence[str], players: int, plan: Sequence[Sequence[int]], burn_first: bool,
                community: bool = False) -> list[tuple[str, str]]:
    """The deck as lines of cards with what each line deals (as far as the hand dealt)."""
    lines: list[tuple[str, str]] = []
    position = 0

    def take(count: int, note: str) -> None:
        nonlocal position
        cards = list(deck[position:position + count])
        if cards:
            lines.append((" ".join(cards), note))
        position += len(cards)

    seats = f"p1..p{players}"
    if burn_first:
        take(1, "burn before third street")
    take(players, f"first down card, {seats}")
    take(players, f"second down card, {seats}")
    take(players, f"third-street up card, {seats}")
    names = ("fourth", "fifth", "sixth", "seventh")
    needed = int(burn_first) + 3 * players + sum(1 + len(seats) for seats in plan)
    exhausted = needed > len(deck) or community
    for street, receivers in enumerate(plan):
        if needed > len(deck) and street == len(plan) - 1:
            break
        take(1, f"burn before {names[street]} street")
        take(len(receivers), f"{names[street]} street, " + " ".join(f"p{s + 1}" for s in receivers))
    rest = list(deck[position:])
    note = "the stub: deck exhaustion on seventh street" if exhausted else "not dealt (or dealt after the point of divergence)"
    for start in range(0, len(rest), 13):
        lines.append((" ".join(rest[start:start + 13]), note if start == 0 else ""))
    return lines


def finish_on_reference(case: Case, profile: str | None, options: Mapping[str, Any]) -> tuple[list[str], dict[str, Any]]:
    """The case's actions (and the action the engine refused, if any), then the hand played to
    its end on the reference engine by folding where possible: every action and the end."""
    engine = ReferenceEngine()
    engine.start(stacks=case.stacks, stakes=case.stakes, deck=case.deck, profile=profile, options=dict(options))
    actions = list(case.played.actions)
    divergence = case.played.divergence
    if divergence is not None and divergence.next_action is not None:
        actions.append(divergence.next_action)
    for action in actions:
        engine.act(action)
    while True:
        observation = engine.observe()
        if observation["over"]:
            return actions, observation
        action = f"p{observation['to_act']} {fold_first(observation['to_act'], observation['legal'])}"
        engine.act(action)
        actions.append(action)


def scenario_text(finding: Finding, case: Case, engine_name: str, profile: str | None,
                  options: Mapping[str, Any], burn_first: bool, command: str) -> str:
    """The finding as a replay scenario file (see the module docstring)."""
    divergence = finding.divergence
    if divergence.phase == "start" and str(divergence.reference).startswith("refused"):
        return _start_error_text(finding, case, engine_name, profile, options, command)
    actions, end = finish_on_reference(case, profile, options)
    # The observation at the point of divergence, on the reference engine.
    point = ReferenceEngine()
    point.start(stacks=case.stacks, stakes=case.stakes, deck=case.deck, profile=profile, options=dict(options))
    for action in case.played.actions:
        point.act(action)
    at_point = point.observe()
    checkpoint = _checkpoint(divergence, at_point)
    players = len(case.stacks)
    stakes = case.stakes
    setting = ", ".join([f"profile {profile}"] * bool(profile) + [f"{k}={_show(v)}" for k, v in options.items()]) or "the default profile"
    where = "at the start" if divergence.action == 0 else f"after {divergence.action} actions"
    if divergence.phase == "fault":
        what = f"{engine_name} fails ({divergence.field}: {divergence.engine}) {where}"
    elif divergence.phase == "start":
        what = f"{engine_name} {_show(divergence.engine)} to start the hand, which the reference engine starts"
    elif divergence.phase == "action":
        what = f"{engine_name} {_show(divergence.engine)} the action {divergence.next_action} {where}, which the reference engine accepts"
    else:
        what = (f"{engine_name} and the reference engine differ on {divergence.field} {where}: "
                f"the reference engine gives {_show(divergence.reference)}, {engine_name} {_show(divergence.engine)}")
    description = (
        f"Found by stud8 fuzz (seed {finding.seed}, hand {finding.hand}; shrunk from {finding.original_players} "
        f"players and {finding.original_actions} actions to {players} and {finding.actions}) with {setting}: {what}. "
        f"Stakes {stakes['ante']}/{stakes['bring_in']}/{stakes['small_bet']}/{stakes['big_bet']} "
        f"(ante/bring-in/small bet/big bet), stacks {' '.join(map(str, case.stacks))}. "
        f"The expected values are those of the reference engine at the time of the finding; "
        f"verify them by hand before adding this scenario to the suite."
    )
    title = _title(divergence, engine_name, finding.seed, finding.hand)
    plan = _plan(end, players)
    lines = _header(command) + [
        (f"# {engine_name}: {divergence.engine}" if divergence.phase == "fault" else
         f"# Reference engine {_show(divergence.reference)}; {engine_name} {_show(divergence.engine)}."),
    ] + _scenario_head(finding, title, description, profile, options, stakes, case.stacks)
    deck_lines = _deck_lines(case.deck, players, plan, burn_first, end.get("community") is not None)
    width = max(len(text) for text, _ in deck_lines)
    for text, note in deck_lines:
        lines.append((f"      - {text.ljust(width)}" + (f"    # {note}" if note else "")).rstrip())
    lines.append("    actions:" if actions or checkpoint is not None else "    actions: []")
    at = divergence.action
    for index, action in enumerate(actions):
        if index == at and checkpoint is not None:
            lines.append(f"      - expect: {_flow(checkpoint)}    # the reference engine's value at the divergence")
            checkpoint = None
        lines.append(f"      - {action}")
    if checkpoint is not None:
        lines.append(f"      - expect: {_flow(checkpoint)}    # the reference engine's value at the divergence")
    outcome = result_values(end)
    lines.append("    outcome:")
    lines.append(f"      stacks: {_flow(outcome['stacks'])}")
    if divergence.phase == "result" and divergence.field != "result stacks":
        key = divergence.field.split()[1]
        if key == "pots" and outcome["pots"]:
            lines.append("      pots:")
            for pot in outcome["pots"]:
                lines.append(f"        - {_flow(pot)}")
        else:
            lines.append(f"      {key}: {_flow(outcome[key])}")
    return "\n".join(lines) + "\n"


def _title(divergence: Divergence, engine_name: str, seed: int, hand: int) -> str:
    """A statement of fact, unique per seed and hand, at most 140 characters."""
    where = f"(seed {seed}, hand {hand})"
    if divergence.phase == "fault":
        what = f"fails with a {divergence.field}"
    elif divergence.phase == "start":
        what = "refuses to start a hand the reference engine starts"
    elif divergence.phase == "action":
        what = "refuses an action the reference engine accepts"
    else:
        what = f"differs from the reference engine on {divergence.field}"
    title = f"Fuzzing finds {engine_name} {what} {where}"
    if len(title) > 140:
        title = f"Fuzzing finds the engine {what} {where}"
    return title[:140]


def _header(command: str) -> list[str]:
    return [
        f"# A finding of `{command}`, not a suite scenario.",
        "# The expected values below (the checkpoint and the outcome) are what the REFERENCE engine",
        "# gave when the finding was made: they were copied from an engine, which the suite never",
        "# does. Work the hand out from the rule book by hand (conformance/WRITING.md) and decide which",
        "# engine is right before moving this scenario into conformance/scenarios/ (with a suite id and",
        "# a title that states the rule).",
    ]


def _scenario_head(finding: Finding, title: str, description: str, profile: str | None,
                   options: Mapping[str, Any], stakes: Mapping[str, int], stacks: Sequence[int]) -> list[str]:
    """The lines of a written finding from ``scenarios:`` down to the ``deck:`` key."""
    lines = [
        "scenarios:",
        f"  - id: fuzz-{finding.seed}-{finding.hand:03d}",
        "    kind: replay",
        f"    title: {_flow(title)}",
        f"    rules: [{', '.join(finding.rules)}]",
        "    description: >-",
        *[f"      {line}" for line in _wrap(description)],
    ]
    if profile:
        lines.append(f"    profile: {profile}")
    if options:
        lines.append(f"    options: {_flow(dict(options))}")
    return lines + [f"    stakes: {_flow(dict(stakes))}", f"    stacks: {_flow(list(stacks))}", "    deck:"]


def _start_error_text(finding: Finding, case: Case, engine_name: str, profile: str | None,
                      options: Mapping[str, Any], command: str) -> str:
    """A hand the reference engine refuses to start and the engine starts."""
    code = str(finding.divergence.reference).split("(")[-1].rstrip(")")
    description = (f"Found by stud8 fuzz (seed {finding.seed}, hand {finding.hand}): the reference engine refuses to "
                   f"start this hand ({code}) and {engine_name} starts it. The expected values are those of the "
                   f"reference engine at the time of the finding; verify them by hand before adding this scenario to the suite.")
    title = f"Fuzzing finds {engine_name} starts a hand the reference engine refuses (seed {finding.seed}, hand {finding.hand})"[:140]
    lines = _header(command) + _scenario_head(finding, title, description, profile, options, case.stakes, case.stacks)
    lines += [f"      - {' '.join(case.deck[i:i + 13])}" for i in range(0, len(case.deck), 13)]
    lines += [f"    start_error: {code}", "    actions: []", "    outcome: null"]
    return "\n".join(lines) + "\n"


# --- the run -----------------------------------------------------------------------------


@dataclass(frozen=True)
class FuzzConfig:
    """What to fuzz and how."""

    engine: str
    hands: int
    seed: int = 0
    players: tuple[int, int] = (2, 8)
    profile: str | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    jobs: int = 1
    timeout: float = 10.0
    max_divergences: int = 1


@dataclass(frozen=True)
class Hit:
    """A divergent hand found by the search (before shrinking)."""

    hand: int
    kind: str
    rules: tuple[str, ...]
    divergence: Divergence

    @property
    def signature(self) -> tuple[str, tuple[str, ...]]:
        return self.kind, self.rules


def _hit(config: FuzzConfig, hand: HandSpec, played: Played) -> Hit:
    divergence = played.divergence
    assert divergence is not None
    rules = tuple(rules_for(divergence, played.last, hand.stakes, len(hand.stacks), hand.stacks))
    return Hit(hand.index, divergence.kind, rules, divergence)


class _Bound:
    """The lowest divergent hand known (a shared value across workers, or a plain number)."""

    def __init__(self, shared: Any = None, value: int = 0) -> None:
        self.shared = shared
        self.value = value

    def get(self) -> int:
        return int(self.shared.value) if self.shared is not None else self.value

    def lower(self, hand: int) -> None:
        if self.shared is not None:
            with self.shared.get_lock():
                self.shared.value = min(self.shared.value, hand)
        elif hand < self.value:
            self.value = hand


def search(config: FuzzConfig, reference: Engine, engine: Engine, hands: Sequence[int] | range,
           bound: _Bound) -> tuple[int, list[Hit]]:
    """Play ``hands``; return how many were played and the divergent ones.

    With ``max_divergences == 1``, hands above the lowest divergent hand known are skipped and the
    search stops at the first divergence. Otherwise every hand is played and the first hand
    of each kind of divergence is kept.
    """
    played_count = 0
    hits: dict[tuple[str, tuple[str, ...]], Hit] = {}
    single = config.max_divergences == 1
    for index in hands:
        if single and index > bound.get():
            continue
        hand = generate(config.seed, index, config.players)
        played, _ = play_generated(reference, engine, hand, config.profile, config.options)
        played_count += 1
        if played.divergence is None:
            continue
        if played.divergence.phase == "fault":
            try:
                engine.restart()
            except EngineFault:
                pass
        hit = _hit(config, hand, played)
        hits.setdefault(hit.signature, hit)
        if single:
            bound.lower(index)
            break
    return played_count, list(hits.values())


_WORKER: dict[str, Any] = {}


def _worker_start(config: FuzzConfig, shared: Any) -> None:
    from multiprocessing.util import Finalize

    from stud8.conformance.engine_spec import make_engine

    _WORKER["config"] = config
    _WORKER["bound"] = _Bound(shared)
    _WORKER["reference"] = ReferenceEngine()
    _WORKER["engine"] = engine = make_engine(config.engine, config.timeout)
    Finalize(None, engine.close, exitpriority=10)


def _worker_run(span: tuple[int, int]) -> tuple[int, list[Hit]]:
    return search(_WORKER["config"], _WORKER["reference"], _WORKER["engine"], range(*span), _WORKER["bound"])


@dataclass
class SearchResult:
    played: int
    seconds: float
    hits: list[Hit]


def run_search(config: FuzzConfig, engine: Engine) -> SearchResult:
    """Play the configured hands, in this process or in ``config.jobs`` workers."""
    started = time.perf_counter()
    jobs = max(1, min(config.jobs, config.hands))
    if jobs == 1 or config.hands < PARALLEL_MIN_HANDS:
        count, found = search(config, ReferenceEngine(), engine, range(config.hands), _Bound(value=config.hands))
        return SearchResult(count, time.perf_counter() - started, found)
    context = multiprocessing.get_context("spawn")
    shared = context.Value("q", config.hands)
    chunk = max(1, min(100, config.hands // (jobs * 16)))
    spans = [(start, min(start + chunk, config.hands)) for start in range(0, config.hands, chunk)]
    played = 0
    hits: list[Hit] = []
    with context.Pool(jobs, initializer=_worker_start, initargs=(config, shared)) as pool:
        for count, found in pool.imap_unordered(_worker_run, spans):
            played += count
            hits.extend(found)
        pool.close()
        pool.join()
    return SearchResult(played, time.perf_counter() - started, hits)


def select_hits(hits: Sequence[Hit], limit: int) -> list[Hit]:
    """The first hand of each kind of divergence, lowest hands first, at most ``limit``."""
    first: dict[tuple[str, tuple[str, ...]], Hit] = {}
    for hit in sorted(hits, key=lambda h: h.hand):
        first.setdefault(hit.signature, hit)
    return sorted(first.values(), key=lambda h: h.hand)[:limit]


def investigate(config: FuzzConfig, engine: Engine, hit: Hit, out: Path, *, engine_name: str,
                burn_first: bool, command: str, shrink_seconds: float = SHRINK_SECONDS) -> Finding:
    """Play a divergent hand again, shrink it, write its scenario and check that it replays."""
    reference = ReferenceEngine()
    hand = generate(config.seed, hit.hand, config.players)
    played, decisions = play_generated(reference, engine, hand, config.profile, config.options)
    if played.divergence is None or played.divergence.kind != hit.kind:
        # Not reproducible (a timeout, a nondeterministic engine): report what the search saw.
        return Finding(config.seed, hit.hand, hit.divergence, list(hit.rules), len(hand.stacks),
                       hit.divergence.action, len(hand.stacks), hit.divergence.action)
    if played.divergence.phase == "fault":
        _restart(engine)
    case = Case(list(hand.stacks), dict(hand.stakes), list(hand.deck), decisions, played)
    original = case.size
    shrinker = Shrinker(reference, engine, config.profile, config.options, burn_first, seconds=shrink_seconds)
    case = shrinker.shrink(case)
    divergence = case.played.divergence
    assert divergence is not None
    rules = rules_for(divergence, case.played.last, case.stakes, len(case.stacks), case.stacks)
    finding = Finding(config.seed, hit.hand, divergence, rules, len(case.stacks), divergence.action,
                      original[0], original[1], shrink_tries=shrinker.budget - shrinker.tries,
                      shrink_cut_short=shrinker.cut_short)
    text = scenario_text(finding, case, engine_name, config.profile, config.options, burn_first, command)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"fuzz-{config.seed}-{hit.hand}.yaml"
    path.write_text(text, encoding="utf-8")
    finding.path = path
    finding.reproduces = _reproduces(path, engine)
    return finding


def _restart(engine: Engine) -> None:
    try:
        engine.restart()
    except EngineFault:
        pass


def _reproduces(path: Path, engine: Engine) -> bool:
    """The written scenario is valid, passes on the reference engine and fails on the engine."""
    from stud8.conformance.replay import ScenarioFailure, run_replay
    from stud8.conformance.scenarios import load_scenario_file

    loaded = load_scenario_file(path)
    if loaded.problems or len(loaded.scenarios) != 1:
        raise AssertionError(f"stud8 fuzz wrote an invalid scenario {path}: {[str(p) for p in loaded.problems]}")
    scenario = loaded.scenarios[0]
    run_replay(ReferenceEngine(), scenario)  # must pass: the values are the reference engine's
    try:
        run_replay(engine, scenario)
    except ScenarioFailure:
        return True
    except EngineFault:
        _restart(engine)
        return True
    return False

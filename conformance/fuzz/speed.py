"""How fast fuzzing runs, side by side on the same hands (``stud8 bench``, section ``fuzz``).

Three rates, in hands per second, on the first hands of the plain campaign of a seed (the
hands ``stud8 fuzz`` plays, with their short stacks, all-ins and eight-player tables):

* ``engine``: the reference engine alone playing those hands with the same random policy
  (``Hand.start``, ``legal_actions``, ``apply``): what the hands cost without any checking;
* ``in_process``: the campaign's search, the reference engine against a second reference
  engine in this process (every step compared, ``lockstep``);
* ``subprocess``: the same search against ``stud8 serve`` over the JSON-lines protocol, with
  the ``digest`` and ``batch`` features (two messages per hand that agrees).

The targets of issue 14 are ``in_process / engine >= 1/10`` and ``subprocess / in_process >=
1/4``. Each rate is the best of a few passes; the server is started and greeted before the
clock starts.
"""

from __future__ import annotations

import shlex
import sys
import time
from collections.abc import Callable

from stud8.conformance.engines.api import ReferenceEngine
from stud8.conformance.fuzz.campaign import FuzzConfig, make_fuzz_engine, search
from stud8.conformance.fuzz.generate import HandSpec, generate
from stud8.conformance.fuzz.policies import RandomPolicy

PASSES = 3
"""Timed passes of the in-process rates (the fastest counts)."""
SUBPROCESS_PASSES = 2


def _best(run: Callable[[], object], passes: int) -> float:
    best = float("inf")
    for _ in range(passes):
        started = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - started)
    return max(best, 1e-9)


def engine_alone(hands: list[HandSpec]) -> None:
    """The hands on the reference engine alone, with the campaign's random policy."""
    from stud8.reference.engine import Hand, Stakes

    for hand in hands:
        choose = RandomPolicy(hand)
        state = Hand.start(stacks=list(hand.stacks), stakes=Stakes(**hand.stakes), deck=list(hand.deck))
        while not state.over:
            seat = state.to_act
            assert seat is not None  # a hand that is not over has a player to act
            state.apply(f"p{seat} {choose(seat, state.legal_actions())}")


def fuzz_rates(hands: int, seed: int = 0, subprocess: bool = True) -> dict[str, float | None]:
    """``{"engine", "in_process", "subprocess"}`` in hands per second on hands 0..hands-1."""
    config = FuzzConfig(engine="reference", hands=hands, seed=seed)
    specs = [generate(seed, index) for index in range(hands)]
    numbers = range(hands)
    reference, other = ReferenceEngine(), ReferenceEngine()
    search(config, reference, other, range(min(hands, 20)))  # warm up: rule book, tables
    rates: dict[str, float | None] = {
        "engine": hands / _best(lambda: engine_alone(specs), PASSES),
        "in_process": hands / _best(lambda: search(config, reference, other, numbers), PASSES),
        "subprocess": None,
    }
    if subprocess:
        served = make_fuzz_engine(f"cmd:{shlex.quote(sys.executable)} -m stud8.tools.cli serve", 30.0)
        try:
            search(config, reference, served, range(min(hands, 5)))  # started and greeted
            rates["subprocess"] = hands / _best(lambda: search(config, reference, served, numbers), SUBPROCESS_PASSES)
        finally:
            served.close()
    return rates

"""The fresh-engine recheck: is a failure the scenario's, or the hands played before it?

One engine plays a whole run (one per xdist worker). An engine that carries state from one hand
to the next (the first hand's options kept, a cache keyed on the street and seat but not on the
hand, a process that never resets) fails scenarios that it would pass on its own, and which ones
depends on the order they run in (``order.py``). Its failures then look like rule mistakes, and
``stud8 explain ID`` (a fresh engine) shows none: the implementer is left puzzled.

So a scenario that fails (a failed comparison; never an engine fault, after which the engine is
restarted anyway) is played once more on a newly made engine, the same spec and timeout, closed
afterwards. If it passes there, the failure says so plainly, naming the scenario that ran before
it on the old engine, and the summary groups such failures under one cause, "state carried
between hands" (``report.py``), whatever rule their first difference touched.

* A scenario that was the first hand of its engine (the run's first, or the first after a
  restart) is not rechecked: it already ran on a fresh engine.
* At most ``RECHECKS`` rechecks per engine process (per xdist worker): an engine failing three
  hundred scenarios must not start three hundred more processes. Later failures are marked
  not rechecked, and the summary says so in one line.
* ``--stud8-no-fresh-check`` (``stud8 conform --no-fresh-check``) turns it off.
* A recheck that cannot decide (the fresh engine cannot start, or faults) says nothing: the
  recheck is a diagnosis, it never changes a failure's outcome.

A limit to know: "fresh" is a new engine object or process. A Python engine's state kept at class
or module level (a class attribute, a mutable default argument) is shared by every object in the
process, so a fresh object inherits it: such a failure fails on the fresh engine too, and nothing
is claimed. Running the suite in another order (``--order reverse``, ``--order random``) still moves
those failures about.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from stud8.conformance.engines.api import Engine, EngineFault
from stud8.conformance.engines.spec import make_engine
from stud8.conformance.suite.replay import ScenarioFailure, run_scenario
from stud8.conformance.suite.scenarios import Scenario
from stud8.spec.errors import Stud8Error

RECHECKS = 10
"""Failures rechecked on a fresh engine per engine process; later ones are not (each recheck may
start a process)."""

PASSES = "passes"
FAILS = "fails"
UNDECIDED = "undecided"
NOT_RECHECKED = "not-rechecked"
RESULTS: tuple[str, ...] = (PASSES, FAILS, UNDECIDED, NOT_RECHECKED)

STATE_CAUSE = "(state carried between hands)"
"""The root cause under which failures that pass on a fresh engine are grouped (``report.py``)."""


@dataclass(frozen=True)
class FreshCheck:
    """What the recheck of one failure found: ``result`` is one of ``RESULTS``; ``previous`` is
    the scenario the engine played just before the failing one."""

    result: str
    previous: str

    def text(self) -> str | None:
        """The line a failure carries, or None when there is nothing to tell the implementer."""
        if self.result == PASSES:
            return (f"passes on a fresh engine: the engine carries state from an earlier hand "
                    f"(the scenario before it on this engine was {self.previous})")
        return None

    def as_json(self) -> dict[str, str]:
        return {"result": self.result, "previous": self.previous}

    @classmethod
    def from_json(cls, data: Any) -> FreshCheck | None:
        """The check a report record or a test report's property holds, or None."""
        if isinstance(data, dict) and data.get("result") in RESULTS and isinstance(data.get("previous"), str):
            return cls(data["result"], data["previous"])
        return None


class Rechecker:
    """Replays failures on fresh engines, at most ``limit`` times (one per engine process)."""

    def __init__(self, spec: str, timeout: float, limit: int = RECHECKS) -> None:
        self.spec = spec
        self.timeout = timeout
        self.limit = limit
        self.done = 0

    def recheck(self, scenario: Scenario, previous: str) -> FreshCheck:
        """Play ``scenario`` (as it was played: the engine's own option values already in it) on
        a new engine; whether it passes there."""
        if self.done >= self.limit:
            return FreshCheck(NOT_RECHECKED, previous)
        self.done += 1
        try:
            engine = make_engine(self.spec, self.timeout)
        except (Stud8Error, EngineFault):
            return FreshCheck(UNDECIDED, previous)
        try:
            return FreshCheck(_replayed(engine, scenario), previous)
        finally:
            _close(engine)


def _replayed(engine: Engine, scenario: Scenario) -> str:
    """``PASSES`` or ``FAILS`` on ``engine``; ``UNDECIDED`` when the engine faults there (a
    fault is its own outcome, not a verdict on the scenario)."""
    try:
        run_scenario(engine, scenario)
    except ScenarioFailure:
        return FAILS
    except (EngineFault, Stud8Error):
        return UNDECIDED
    return PASSES


def _close(engine: Engine) -> None:
    """Close the fresh engine; a fault while closing is no news about the scenario."""
    try:
        engine.close()
    except EngineFault:
        pass

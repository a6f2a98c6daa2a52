"""The line a run ends with: what to do next, given how it went.

A run's summary is the last thing it prints, and its last line is one command to type next
(issue 27): after engine faults, the step-by-step protocol check (``stud8 smoke``) and the
exchange of the first fault (``stud8 explain``); after a failure that passes on a fresh engine
(freshcheck.py), the leak to fix, since ``stud8 explain`` would show that scenario passing; after
rule failures, the exchange of the first failure, with its rule beside the reference engine's play.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterable
from typing import Protocol

from stud8.conformance.suite.report import explain_command
from stud8.spec.limits import printable

FAULTS = frozenset({"error", "crash", "timeout"})
FAILURES = frozenset({"fail", "changed"})


class _Outcome(Protocol):
    """What a report record tells of a scenario (``report.Record``)."""

    @property
    def id(self) -> str: ...
    @property
    def outcome(self) -> str: ...
    @property
    def carries_state(self) -> bool: ...


def engine_flag(spec: str) -> str:
    """`` --engine SPEC`` as typed on a command line (nothing for the reference engine), the
    spec shell-quoted and printable (``report.explain_command`` builds the same way)."""
    return "" if spec == "reference" else f" --engine {shlex.quote(printable(spec, None))}"


def next_hint(records: Iterable[_Outcome], engine: str) -> str | None:
    """``next: ...`` for a run with faults or failures; None for a clean run (the command that
    ran it says what comes next then)."""
    records = list(records)
    fault = next((record for record in records if record.outcome in FAULTS), None)
    flag = engine_flag(engine)
    if fault is not None:
        return (f"next: fix the engine faults first: stud8 smoke{flag} checks the protocol step by step; "
                f"{explain_command(fault.id, engine)} shows the first one's exchange")
    leak = next((record for record in records if record.carries_state), None)
    if leak is not None:
        # explain plays one scenario on a fresh engine, where this one passes: no help here
        return (f"next: make the engine's start begin from nothing (it keeps something from one hand to the next: "
                f"{leak.id} passes on a fresh engine); stud8 conform{flag} --order reverse moves such failures about")
    failure = next((record for record in records if record.outcome in FAILURES), None)
    if failure is not None:
        return f"next: see the first failure step by step beside the reference engine: {explain_command(failure.id, engine)}"
    return None

"""Engine faults over a whole run: each kind said in full once, and a run stopped when the
engine keeps failing.

A broken harness fails every scenario the same way. Printed in full each time, one crash with
a 20-line traceback made a first run of 6,803 lines with the one useful line lost in the middle
(issue 27). So, in every run (``stud8 conform``, ``stud8 smoke``, a plain ``pytest``):

* **Collapsed.** Faults are grouped by their *signature*: the outcome and the message with its
  numbers blanked (request ids, exit statuses, line numbers and seats differ from one scenario
  to the next; the fault does not). The first of a group is shown in full; the others say whose
  it repeats, in one line, and the summary gives each group's count.
* **Stopped.** ``FAULTS_IN_A_ROW`` scenarios in a row ending in an engine fault (a crash, a
  timeout, a protocol violation or an ``error`` answer), with no scenario played in between,
  stop the run with one line saying why and what to do. Timeouts on a freshly started engine
  stop it sooner (``DEAD_AFTER``): each costs the whole ``--timeout``.

The scenarios not run are not failures; the run still fails (exit 1), on the faults it saw.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Protocol

from stud8.conformance.engines.api import EngineFault, EngineTimeout

DEAD_AFTER = 3
"""Consecutive scenarios that time out on a freshly (re)started engine before the run stops: an
engine that answers nothing would otherwise cost a timeout and a restart for every scenario."""

FAULTS_IN_A_ROW = 10
"""Consecutive scenarios ending in an engine fault before the run stops. Ten: more than any run
of scenarios that share one unusual request (the suite never has ten evaluations of one kind of
bad card in a row), few enough that a harness that cannot answer at all costs seconds."""

_NUMBER = re.compile(r"\d+")


def fault_signature(outcome: str, message: str) -> str:
    """What makes two faults the same: the outcome and the message, numbers blanked."""
    return f"{outcome}\0{_NUMBER.sub('#', message)}"


FAULT_OUTCOMES = ("error", "crash", "timeout")

_STDERR_TAIL = "; its last stderr lines:"


def first_line(message: str) -> str:
    """A fault's message in one line: its first line and, for a crash, the engine's last
    stderr line (a traceback's last line names the exception: what to fix)."""
    head, _, rest = message.partition("\n")
    tail = [line.strip() for line in rest.splitlines() if line.strip()]
    head = head.removesuffix(_STDERR_TAIL).rstrip(":; ")
    return f"{head}; its last stderr line: {tail[-1]}" if tail else head


class _Faulted(Protocol):
    """What a report record tells of a scenario (``report.Record``)."""

    @property
    def id(self) -> str: ...
    @property
    def outcome(self) -> str: ...
    @property
    def message(self) -> str: ...


@dataclass
class FaultGroup:
    """Faults with one signature: the scenario that showed it first, and how many did."""

    outcome: str
    message: str
    first: str
    ids: list[str] = field(default_factory=list)

    @property
    def count(self) -> int:
        return len(self.ids)

    def repeat_line(self) -> str:
        """What a repeat says instead of the whole message."""
        return f"engine {self.outcome}: the same as {self.first} (shown in full there; the summary counts them)"

    def summary_line(self) -> str:
        many = "scenario" if self.count == 1 else f"{self.count} scenarios"
        return f"engine {self.outcome} on {many} (first: {self.first}): {first_line(self.message)}"


class FaultLog:
    """Every fault of a run, grouped by signature in the order first seen."""

    def __init__(self) -> None:
        self.groups: dict[str, FaultGroup] = {}

    def note(self, scenario_id: str, outcome: str, message: str) -> FaultGroup:
        """Record one fault; its group (``count == 1``: the first of its kind, show it whole)."""
        signature = fault_signature(outcome, message)
        group = self.groups.get(signature)
        if group is None:
            group = self.groups[signature] = FaultGroup(outcome, message, scenario_id)
        group.ids.append(scenario_id)
        return group

    def summary_lines(self) -> list[str]:
        return [group.summary_line() for group in self.groups.values()]


def fault_summary_lines(records: Iterable[_Faulted]) -> list[str]:
    """One line per kind of engine fault among a run's records, with its count (the records
    reach the xdist controller too, so this is the whole run's count)."""
    log = FaultLog()
    for record in records:
        if record.outcome in FAULT_OUTCOMES:
            log.note(record.id, record.outcome, record.message)
    return log.summary_lines()


class EngineWatch:
    """Counts faults in a row; says, once, why the run should stop.

    A scenario starts *fresh* when it is the run's first or follows a fault (after a fault the
    engine is restarted). ``DEAD_AFTER`` timeouts in a row on fresh starts mean the engine does
    not answer at all; ``FAULTS_IN_A_ROW`` faults of any kind in a row mean it cannot play.
    """

    def __init__(self, in_a_row: int = FAULTS_IN_A_ROW) -> None:
        self.in_a_row = in_a_row
        self.fresh = True
        self.count = 0  # timeouts on fresh starts, in a row
        self.faults = 0  # faults of any kind, in a row
        self.last = ""
        self.dead: str | None = None

    def ran(self, fault: EngineFault | None) -> str | None:
        """Note a scenario's end (its fault, if any); the one line to stop with, once stopped."""
        if isinstance(fault, EngineTimeout) and self.fresh:
            self.count += 1
        else:
            self.count = 0
        self.faults = self.faults + 1 if fault is not None else 0
        if isinstance(fault, EngineTimeout):
            # the request that went unanswered; its stderr tail is in the scenario's own failure
            self.last = re.split(r"; it wrote nothing on stderr|; its last stderr lines:", fault.message, maxsplit=1)[0]
        elif fault is not None:
            self.last = first_line(fault.message)
        self.fresh = fault is not None
        if self.dead is None and self.count >= DEAD_AFTER:
            self.dead = (f"the engine does not answer: {self.count} scenarios in a row timed out on a freshly "
                         f"started engine (last: {self.last}); the run was stopped")
        elif self.dead is None and self.faults >= self.in_a_row:
            assert fault is not None
            self.dead = (f"the engine failed {self.faults} scenarios in a row without finishing one "
                         f"(last: engine {fault.outcome}: {self.last}); the run was stopped: fix that first")
        return self.dead

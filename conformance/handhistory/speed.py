"""How fast hand histories are read and audited: the figures of ``stud8 bench``'s ``audit``
section.

The input is what ``stud8 hh synth`` writes: random hands played on the reference engine and
written as a PokerStars history (2 to 8 players, rake from the main pot, hidden down cards),
the same file for the same size and seed. Three rates, each in hands per second of **one
core**, measured as this process's CPU time (``time.process_time``) rather than wall time,
so that other work on the machine does not count against the audit:

* ``read_only_per_s``: reading the file into records (sniffing, parsing), nothing else;
* ``hands_per_s``: reading and auditing every hand, file to verdicts, as ``stud8 hh audit
  --jobs 1`` does (the issue's target: at least 2,000 per core);
* ``audit_only_per_s``: auditing the records already read (what a worker of ``--jobs N`` or a
  Dask cluster does with each batch it is sent).
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from stud8.conformance.handhistory.audit import (
    AuditOptions,
    audit_item,
    resolved_options,
)
from stud8.conformance.handhistory.pokerstars import PokerStarsWriter
from stud8.conformance.handhistory.readers import open_history, readers
from stud8.conformance.handhistory.synth import synth_records

AUDIT_HANDS = 20_000
"""The size of the benchmark's PokerStars file."""
TARGET_PER_CORE = 2_000
"""Audited hands per second per core the audit is to reach (file to verdicts)."""


def write_synth_file(path: Path, hands: int, seed: int) -> None:
    """``hands`` random hands as a PokerStars history (``stud8 hh synth --format pokerstars``)."""
    with open(path, "w", encoding="utf-8") as stream:
        PokerStarsWriter().write(synth_records(hands, seed), stream)


def audit_rates(hands: int, seed: int) -> dict[str, int]:
    """The three rates (see the module docstring) on a synthetic file of ``hands`` hands."""
    options = AuditOptions()
    resolved_options(options)  # the rule book is loaded once per process, before the clock
    readers()                  # every reader module imported (and its patterns compiled) too
    with tempfile.TemporaryDirectory(prefix="stud8-bench-") as folder:
        path = Path(folder) / "synth-pokerstars.txt"
        write_synth_file(path, hands, seed)
        started = time.process_time()
        count = sum(1 for _ in open_history(path))   # streamed, as the audit reads it
        read = time.process_time() - started
        started = time.process_time()
        for item in open_history(path):
            audit_item(item, options)
        both = time.process_time() - started
        items = list(open_history(path))
        started = time.process_time()
        for item in items:
            audit_item(item, options)
        audit = time.process_time() - started
    return {
        "hands_per_s": round(count / max(both, 1e-9)),
        "read_only_per_s": round(count / max(read, 1e-9)),
        "audit_only_per_s": round(count / max(audit, 1e-9)),
        "hands": count,
    }

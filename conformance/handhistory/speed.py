"""How fast hand histories are read and audited: the figures of ``stud8 bench``'s ``audit``
section.

The input is what ``stud8 hh synth`` writes: random hands played on the reference engine and
written as a PokerStars history (2 to 8 players, rake from the main pot, hidden down cards),
the same files for the same size and seed: ``FILE_HANDS`` hands a file, as a site writes a
table's session (and within the size every history is read to, ``MAX_FILE_BYTES``). Three rates, each in hands per second of **one
core**, measured as this process's CPU time (``time.process_time``) rather than wall time,
so that other work on the machine does not count against the audit:

* ``read_only_per_s``: reading the file into records (sniffing, parsing), nothing else
  (issue 28's target: at least 10,000 per core);
* ``hands_per_s``: reading and auditing every hand, file to verdicts, as ``stud8 hh audit
  --jobs 1`` does (issue 28's target: at least 4,000 per core; issue 9's was 2,000);
* ``audit_only_per_s``: auditing the records already read (what a worker of ``--jobs N`` or a
  Dask cluster does with each batch it is sent).
"""

from __future__ import annotations

import tempfile
import time
from itertools import islice
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
TARGET_PER_CORE = 4_000
"""Audited hands per second per core the audit is to reach (file to verdicts): issue 28."""
READ_TARGET_PER_CORE = 10_000
"""Hands per second per core reading alone is to reach: issue 28."""
FILE_HANDS = 1_000
"""Hands per file of the benchmark (about 1.8 MB: within the 4 MiB a history is read to)."""


def write_synth_file(path: Path, hands: int, seed: int) -> None:
    """``hands`` random hands as a PokerStars history (``stud8 hh synth --format pokerstars``)."""
    with open(path, "w", encoding="utf-8") as stream:
        PokerStarsWriter().write(synth_records(hands, seed), stream)


def write_synth_files(folder: Path, hands: int, seed: int, per_file: int = FILE_HANDS) -> list[Path]:
    """The hands of ``write_synth_file`` cut into files of ``per_file`` hands (the same hands,
    in the same order)."""
    records = synth_records(hands, seed)
    paths: list[Path] = []
    for number in range(0, hands, per_file):
        path = folder / f"synth-pokerstars-{number // per_file + 1:03d}.txt"
        with open(path, "w", encoding="utf-8") as stream:
            PokerStarsWriter().write(islice(records, per_file), stream)
        paths.append(path)
    return paths


def audit_rates(hands: int, seed: int) -> dict[str, int]:
    """The three rates (see the module docstring) on synthetic files of ``hands`` hands."""
    options = AuditOptions()
    resolved_options(options)  # the rule book is loaded once per process, before the clock
    readers()                  # every reader module imported (and its patterns compiled) too
    with tempfile.TemporaryDirectory(prefix="stud8-bench-") as folder:
        paths = write_synth_files(Path(folder), hands, seed)
        started = time.process_time()
        count = sum(1 for path in paths for _ in open_history(path))   # streamed, as the audit reads it
        read = time.process_time() - started
        started = time.process_time()
        for path in paths:
            for item in open_history(path):
                audit_item(item, options)
        both = time.process_time() - started
        items = [item for path in paths for item in open_history(path)]
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

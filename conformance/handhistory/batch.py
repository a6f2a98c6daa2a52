"""Auditing many hands: the files are read here, hand by hand, and the hands are audited in
batches wherever the shared executor runs them (this process, ``--jobs N`` local processes,
or a Dask cluster with ``--dask ADDRESS``; see ``conformance/executor.py``).

Why the work is split this way: reading is a stream (one file after another, one hand at a
time, so a 1 GB history is read in flat memory), while auditing a hand depends on that hand
alone (``audit_hand`` is a pure function of picklable values). So this process reads and
groups hands into batches of ``BATCH`` (large enough that sending a batch costs little next to
auditing it), the executor audits the batches, at most a window of them in flight, and the
verdicts come back in reading order: the output is the same however the work was spread.
A reader's problem (a ``not-stud8`` or ``unreadable`` hand) travels in its batch and comes
back as its verdict, in its place.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import chain, islice
from pathlib import Path

from stud8.conformance.executor import default_jobs, open_executor
from stud8.conformance.handhistory.audit import (
    AuditOptions,
    HandVerdict,
    audit_chunk,
    audit_item,
)
from stud8.conformance.handhistory.readers import history_files, open_history
from stud8.conformance.handhistory.record import HandProblem, HandRecord

BATCH = 200
"""Hands per unit of work sent to a worker."""


def hands(paths: Iterable[str | Path]) -> Iterator[HandRecord | HandProblem]:
    """Every hand of the files (directories walked), as records or problems, in order."""
    for path in history_files(paths):
        yield from open_history(path)


Unit = tuple[tuple[HandRecord | HandProblem, ...], AuditOptions]
"""A batch of hands and the rules to audit them by: what ``audit.audit_chunk`` takes."""


def batches(items: Iterable[HandRecord | HandProblem], options: AuditOptions,
            size: int = BATCH) -> Iterator[Unit]:
    """The hands in batches of ``size``, lazily."""
    chunk: list[HandRecord | HandProblem] = []
    for item in items:
        chunk.append(item)
        if len(chunk) >= size:
            yield tuple(chunk), options
            chunk = []
    if chunk:
        yield tuple(chunk), options


def audit_paths(paths: Iterable[str | Path], options: AuditOptions | None = None, *,
                jobs: int | None = None, dask: str | None = None, size: int = BATCH) -> Iterator[HandVerdict]:
    """The verdict on every hand of the files, in reading order, audited where ``jobs`` and
    ``dask`` say (``ExecutorError`` when the cluster cannot be reached or a worker dies).

    ``jobs`` None means every core of the machine; but a run of fewer than ``size`` hands, or
    ``jobs`` 1, stays in this process, hand by hand: starting workers would cost more than the
    audit (and a progress bar moves with every hand)."""
    chosen = options or AuditOptions()
    stream = hands(paths)
    workers = 0
    if dask is None:
        workers = default_jobs() if jobs is None else jobs
        head = list(islice(stream, size))
        if workers <= 1 or len(head) < size:
            for item in chain(head, stream):
                yield audit_item(item, chosen)
            return
        stream = chain(head, stream)
    with open_executor(jobs=workers or None, dask=dask) as executor:
        for verdicts in executor.map_chunks(audit_chunk, batches(stream, chosen, size)):
            yield from verdicts

"""Auditing many hands wherever the shared executor runs them: this process, ``--jobs N``
local processes, or a Dask cluster (``--dask ADDRESS``; see ``conformance/executor.py``).

Hands are independent (``audit_hand`` is a pure function of picklable values), so the work is
cut into *units* of about ``BATCH`` hands, audited anywhere, and the verdicts come back in
reading order: the output is the same however the work was spread. Two kinds of unit:

* **a byte range of a text history** (PokerStars, Full Tilt and the other one-line-header text
  formats, in UTF-8 or Windows-1252): this process only finds where hands start (a scan of
  the bytes for the format's header line, ``hand_starts()``, from each grammar, block by block) and the worker
  parses and audits its range: local processes read the range from the file, a Dask cluster
  (whose workers may be other machines) is sent its bytes. Only a file within the limits of
  ``readers.open_history`` (its size, its number of hands) is cut; any other is read here, so
  that the limits say the same whichever way a file is audited.
  Parsing is as costly as auditing, so it must be spread too, or this process would bound a
  run of many workers;
* **a batch of hands already read**, for everything else (XML and JSON formats, UTF-16 files,
  PHH): this process reads them one at a time and sends them.

The line numbers a worker's reader counts from the start of its range are moved to the file's
own, so messages name the same lines as a serial run. A reader's problem (``not-stud8``,
``unreadable``) comes back as that hand's verdict, in its place.
"""

from __future__ import annotations

import dataclasses
import io
import os
import re
from collections.abc import Iterable, Iterator
from itertools import chain, islice
from pathlib import Path
from typing import Any, Union

from stud8.conformance.executor import default_jobs, open_executor
from stud8.conformance.handhistory.audit import (
    AuditOptions,
    HandVerdict,
    audit_chunk,
    audit_item,
)
from stud8.conformance.handhistory.readers import (
    HEAD_CHARS,
    detect,
    detect_encoding,
    open_binary,
    open_history,
    readers,
    walk_histories,
)
from stud8.conformance.handhistory.record import HandProblem, HandRecord
from stud8.spec.limits import MAX_HANDS_PER_FILE
from stud8.spec.yamlio import FileRefused

BATCH = 200
"""Hands per unit of work sent to a worker."""
BLOCK = 1 << 22
"""Bytes scanned at a time for hand starts."""

SPLITTABLE = ("fulltilt", "acr", "kingsclub", "winamax", "ongame", "absolute", "bovada")
"""The grammar readers whose every hand starts with one line no other line of a hand can
match: their files can be cut at hand starts. (PartyPoker opens a hand with up to three such
lines, Winning with two: those files are read here.)"""


def _hand_starts() -> dict[str, re.Pattern[bytes]]:
    """The line that starts a hand, per splittable reader: PokerStars' own, and each grammar's
    ``start`` (the same line the reader splits hands on)."""
    from stud8.conformance.handhistory.pokerstars import HAND_START

    starts = {"pokerstars": re.compile(HAND_START.encode(), re.MULTILINE)}
    for reader in readers():
        grammar = getattr(reader, "grammar", None)
        if grammar is not None and reader.name in SPLITTABLE:
            starts[reader.name] = re.compile(grammar.start.encode(), re.MULTILINE)
    return starts


_STARTS: dict[str, re.Pattern[bytes]] = {}


def hand_starts() -> dict[str, re.Pattern[bytes]]:
    if not _STARTS:
        _STARTS.update(_hand_starts())
    return _STARTS

Item = Union[HandRecord, HandProblem]  # noqa: UP007 (a runtime alias mypy accepts)
Unit = tuple[tuple[Item, ...], AuditOptions]
"""A batch of hands and the rules to audit them by: what ``audit.audit_chunk`` takes."""


@dataclasses.dataclass(frozen=True)
class Span:
    """Bytes ``start``..``end`` of a history, beginning at a hand's first line ``line``, to be
    read with the reader ``reader`` in ``encoding`` and audited under ``options``. ``data``
    holds the bytes themselves when the worker may not see the file (a Dask cluster on other
    machines); local worker processes read them from ``path``."""

    path: str
    reader: str
    encoding: str
    start: int
    end: int
    line: int
    options: AuditOptions
    data: bytes | None = None


def _read_span(span: Span) -> bytes:
    """The bytes of a span, read from its file (a regular file still within the limits:
    ``FileRefused`` when it was replaced or removed since it was cut)."""
    with open_binary(span.path) as binary:
        binary.seek(span.start)
        return binary.read(span.end - span.start)


def audit_unit(unit: Span | Unit) -> list[HandVerdict]:
    """The verdicts of one unit, in order (module level: picklable for workers)."""
    if not isinstance(unit, Span):
        return audit_chunk(unit)
    raw = unit.data
    if raw is None:
        try:
            raw = _read_span(unit)
        except (FileRefused, OSError) as error:  # the file vanished or changed while it was audited
            why = error.message if isinstance(error, FileRefused) else f"cannot read file: {error.strerror or error}"
            return [audit_item(HandProblem(unit.path, None, unit.line, "unreadable", f"{why} (it changed while it was "
                                           "audited: the hands from this line on were not read)"), unit.options)]
    stream = io.StringIO(raw.decode(unit.encoding, errors="replace"), newline=None)
    reader = next(found for found in readers() if found.name == unit.reader)
    shift = unit.line - 1
    return [audit_item(_shifted(item, shift), unit.options) for item in reader.read(stream, unit.path)]


def _shifted(item: Item, shift: int) -> Item:
    """The item with its line numbers counted from the file's start, not the span's."""
    if not shift:
        return item
    if isinstance(item, HandProblem):
        return dataclasses.replace(item, line=item.line + shift if item.line else item.line)
    return dataclasses.replace(
        item, line=item.line + shift if item.line else 0,
        actions=tuple(_moved(action, shift) for action in item.actions),
        showdown=tuple(_moved(entry, shift) for entry in item.showdown))


def _moved(entry: Any, shift: int) -> Any:
    """An action or showdown entry (a dataclass or a named tuple) moved ``shift`` lines down."""
    if not entry.line:
        return entry
    if hasattr(entry, "_replace"):
        return entry._replace(line=entry.line + shift)
    return dataclasses.replace(entry, line=entry.line + shift)


def hands(paths: Iterable[str | Path]) -> Iterator[Item]:
    """Every hand of the files (directories walked), as records or problems, in order (a
    walked file of no format stud8 knows is a ``skipped`` problem; a folder that cannot be
    listed is a problem in its place)."""
    yield from _opened(walk_histories(paths))


def batches(items: Iterable[Item], options: AuditOptions, size: int = BATCH) -> Iterator[Unit]:
    """The hands in batches of ``size``, lazily."""
    chunk: list[Item] = []
    for item in items:
        chunk.append(item)
        if len(chunk) >= size:
            yield tuple(chunk), options
            chunk = []
    if chunk:
        yield tuple(chunk), options


def _splittable(path: Path) -> tuple[str, str] | None:
    """``(reader, encoding)`` when the file can be cut into byte ranges at hand starts: a
    regular file within the limits (size, hands) of ``open_history``, which reads any other
    in this process and reports it."""
    try:  # a FIFO, a device or a file too large is never read here; open_history refuses it
        with open_binary(path) as binary:
            data = binary.read()
    except (FileRefused, OSError):
        return None
    raw = data[: HEAD_CHARS * 2]
    encoding = detect_encoding(raw)
    if encoding not in ("utf-8", "cp1252"):  # a BOM or UTF-16: read here
        return None
    reader = detect(raw.decode(encoding, errors="replace")[:HEAD_CHARS])
    if reader is None or reader.name not in hand_starts():
        return None
    # Text before the first hand (a tracker's banner) is reported by some readers in an order
    # of their own: such a file is read here, so the order is the serial one.
    if not hand_starts()[reader.name].match(raw, len(raw) - len(raw.lstrip())):
        return None
    if sum(1 for _ in hand_starts()[reader.name].finditer(data)) > MAX_HANDS_PER_FILE:
        return None  # open_history reads the hands it reads and says where it stopped
    return reader.name, encoding


def spans(path: Path, reader: str, encoding: str, options: AuditOptions, size: int = BATCH) -> Iterator[Span]:
    """The file cut into spans of ``size`` hands at the format's hand starts, lazily (the
    first span from the file's start: ``_splittable`` sends here only files whose first
    text is a hand's first line)."""
    pattern = hand_starts()[reader]
    starts: list[tuple[int, int]] = []   # (byte offset, line) of the hands of the span being built
    span_start, span_line = 0, 1
    offset, line = 0, 1                  # where ``pending`` begins in the file
    pending = b""
    with open_binary(path) as binary:
        while True:
            block = binary.read(BLOCK)
            data = pending + block
            cut = len(data) if not block else data.rfind(b"\n") + 1  # whole lines only, until the end
            scanned, pending = data[:cut], data[cut:]
            position, counted = 0, line
            for found in pattern.finditer(scanned):
                counted += scanned.count(b"\n", position, found.start())
                position = found.start()
                starts.append((offset + found.start(), counted))
                if len(starts) > size:
                    (end, end_line) = starts[size]
                    yield Span(str(path), reader, encoding, span_start, end, span_line, options)
                    span_start, span_line = end, end_line
                    starts = starts[size:]
            line = counted + scanned.count(b"\n", position)
            offset += len(scanned)
            if not block:
                break
    if offset > span_start:
        yield Span(str(path), reader, encoding, span_start, offset, span_line, options)


def _with_bytes(span: Span) -> Span | Unit:
    """The span with its bytes (for workers that may not see the file), or the problem of a
    file that changed since it was cut."""
    try:
        return dataclasses.replace(span, data=_read_span(span))
    except (FileRefused, OSError) as error:
        why = error.message if isinstance(error, FileRefused) else f"cannot read file: {error.strerror or error}"
        return (HandProblem(span.path, None, span.line, "unreadable", f"{why} (it changed while it was audited: "
                            "the hands from this line on were not read)"),), span.options


def units(paths: Iterable[str | Path], options: AuditOptions, size: int = BATCH, *,
          ship: bool = False) -> Iterator[Span | Unit]:
    """The work of auditing the files, in reading order: spans of the files that can be cut
    (with their bytes when ``ship``), batches of hands read here for the others."""
    waiting: list[tuple[Path | HandProblem, bool]] = []   # consecutive files read here, batched together
    for path, walked in walk_histories(paths):
        split = None if isinstance(path, HandProblem) else _splittable(path)
        if split is None:
            waiting.append((path, walked))
            continue
        if waiting:
            yield from batches(_opened(waiting), options, size)
            waiting = []
        try:
            for span in spans(path, *split, options, size):  # type: ignore[arg-type]
                yield _with_bytes(span) if ship else span
        except (FileRefused, OSError) as error:  # it vanished or changed since _splittable saw it
            why = error.message if isinstance(error, FileRefused) else f"cannot read file: {error.strerror or error}"
            yield (HandProblem(str(path), None, 0, "unreadable", why),), options
    if waiting:
        yield from batches(_opened(waiting), options, size)


def _opened(files: Iterable[tuple[Path | HandProblem, bool]]) -> Iterator[Item]:
    for path, walked in files:
        if isinstance(path, HandProblem):
            yield path
        else:
            yield from open_history(path, walked=walked)


WORK_PER_WORKER = 8 << 20
"""Bytes of history a local worker process must have to pay for itself. A spawned worker costs
about one CPU second before it audits anything (a Python process importing the reference
engine: 0.9 to 1.1 s measured on the development machine); the audit reads and judges about
2,650 PokerStars hands a second (1.5 to 2.5 KB each), so 8 MiB is some 4,000 hands, one and a
half seconds of work: below it, the work stays in this process."""


def work_size(paths: Iterable[str | Path]) -> int:
    """The bytes of history the paths hold (files walked as the audit will walk them)."""
    total = 0
    for path, _ in walk_histories(paths):
        if isinstance(path, HandProblem):
            continue
        try:
            total += os.stat(path).st_size
        except OSError:
            continue
    return total


def choose_workers(paths: Iterable[str | Path], jobs: int | None) -> int:
    """How many local processes to audit on: ``jobs`` when the user gave it; else one per
    ``WORK_PER_WORKER`` bytes of history, at most every usable core (1: this process)."""
    if jobs is not None:
        return jobs
    return max(1, min(default_jobs(), work_size(paths) // WORK_PER_WORKER))


def audit_paths(paths: Iterable[str | Path], options: AuditOptions | None = None, *,
                jobs: int | None = None, dask: str | None = None, size: int = BATCH) -> Iterator[HandVerdict]:
    """The verdict on every hand of the files, in reading order (``_audited``), each hand whose
    site and hand id were met earlier in the run noted with where (``repeat_of``: a history
    copied twice, or a site that reuses ids, is seen rather than counted twice unnoticed). The
    ids kept are the run's hand ids, a few dozen bytes a hand."""
    first: dict[tuple[str, str], str] = {}
    for verdict in _audited(paths, options, jobs=jobs, dask=dask, size=size):
        if verdict.hand and verdict.verdict != "skipped":
            key = (verdict.site, verdict.hand)
            seen = first.setdefault(key, f"{verdict.file}:{verdict.line}")
            if seen != f"{verdict.file}:{verdict.line}":
                verdict = dataclasses.replace(verdict, repeat_of=seen)
        yield verdict


def _audited(paths: Iterable[str | Path], options: AuditOptions | None = None, *,
             jobs: int | None = None, dask: str | None = None, size: int = BATCH) -> Iterator[HandVerdict]:
    """The verdict on every hand of the files, in reading order, audited where ``jobs`` and
    ``dask`` say (``ExecutorError`` when the cluster cannot be reached or a worker dies).

    ``jobs`` None chooses from the work (``choose_workers``): a few hundred hands are audited
    here, hand by hand, since starting workers would cost more than the audit; a large history
    gets up to every core. ``jobs`` 1, or a run that makes a single unit, also stays in this
    process (and a progress bar moves with every hand). The report is the same either way."""
    chosen = options or AuditOptions()
    paths = list(paths)
    workers = 0 if dask is not None else choose_workers(paths, jobs)
    if dask is None and workers <= 1:
        for item in hands(paths):
            yield audit_item(item, chosen)
        return
    work = units(paths, chosen, size, ship=dask is not None)  # a cluster's workers may not see our files
    head = list(islice(work, 2))
    if dask is None and len(head) < 2:
        for item in hands(paths):
            yield audit_item(item, chosen)
        return
    with open_executor(jobs=workers or None, dask=dask) as executor:
        for verdicts in executor.map_chunks(audit_unit, chain(head, work)):
            yield from verdicts

"""The reader and writer registries, and ``open_history``: any supported file to records.

A reader is a small module with one job: turn one site's format into ``HandRecord``s. It is
chosen from the file's *content* (``sniff`` on the first few KB of text), never its name, so a
Merge XML file named ``.txt`` or a PokerStars file named ``.log`` reads the same. Readers
stream: ``read`` yields one hand at a time from an open text stream, so a 1 GB history is
read in flat memory. A hand a reader cannot use becomes a ``HandProblem`` (``not-stud8`` or
``unreadable``, naming the file, hand and line) and the reader goes on with the next hand.

Reader modules are listed in ``READER_MODULES`` (one line each, so adding a site is a
one-line edit) and imported on first use; each defines ``READER`` (and, when the format is
writable, ``WRITER``). ``UNSUPPORTED`` names formats that are recognised but not read, so a
user hears "this is an X file, which stud8 does not read" rather than "unknown format".
"""

from __future__ import annotations

import codecs
import importlib
import io
import os
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Protocol, TextIO, Union

from stud8.conformance.handhistory.record import HandProblem, HandRecord
from stud8.conformance.handhistory.unsupported import UNSUPPORTED_FORMATS
from stud8.spec.yamlio import FileRefused, open_regular_file

HEAD_CHARS = 16384
"""How much of a file ``sniff`` sees."""

READER_MODULES: tuple[str, ...] = (
    "pokerstars",
    "ohh",
    "phh_bridge",
    "fulltilt",   # H9b: the other sites' readers, one line each
    "acr",
    "merge",
    "winning",
    "kingsclub",
    "winamax",
    "ongame",
    "absolute",
    "bovada",
    "ipoker",
    "partypoker",
)
"""Modules of this package that define ``READER`` (tried in this order)."""

WRITER_MODULES: tuple[str, ...] = (
    "pokerstars",
    "ohh",
    "phh_bridge",
)
"""Modules of this package that define ``WRITER``."""

UNSUPPORTED: list[tuple[str, Callable[[str], bool]]] = list(UNSUPPORTED_FORMATS)  # H9b: unsupported.py
"""Formats recognised by name but not read: ``(name, sniff)``."""

Item = Union[HandRecord, HandProblem]  # noqa: UP007 - a runtime alias, also on Python 3.10


class Reader(Protocol):
    """One format's reader."""

    name: str

    def sniff(self, head: str) -> bool:
        """Whether the text (the first ``HEAD_CHARS`` of a file) is in this format."""
        ...

    def read(self, stream: TextIO, path: str) -> Iterator[Item]:
        """Each hand of the stream, in order, as a record or a problem."""
        ...


class Writer(Protocol):
    """One format's writer."""

    name: str
    suffix: str

    def write(self, records: Iterable[HandRecord], stream: TextIO) -> None:
        """Write the hands to the stream, in the format a site would."""
        ...


_readers: list[Reader] | None = None
_writers: dict[str, Writer] | None = None


def _module(name: str) -> object:
    return importlib.import_module(f"{__package__}.{name}")


def readers() -> list[Reader]:
    """The registered readers, in sniffing order."""
    global _readers
    if _readers is None:
        _readers = [getattr(_module(name), "READER") for name in READER_MODULES]  # noqa: B009
    return _readers


def writers() -> dict[str, Writer]:
    """The registered writers by format name."""
    global _writers
    if _writers is None:
        found = [getattr(_module(name), "WRITER") for name in WRITER_MODULES]  # noqa: B009
        _writers = {writer.name: writer for writer in found}
    return _writers


def writer(name: str) -> Writer:
    """The writer of a format; ``KeyError`` naming the formats there are."""
    table = writers()
    if name not in table:
        raise KeyError(f"no writer for {name!r}: formats are {', '.join(sorted(table))}")
    return table[name]


def detect(head: str) -> Reader | None:
    """The reader whose ``sniff`` accepts the text, or None."""
    for reader in readers():
        if reader.sniff(head):
            return reader
    return None


def unsupported_format(head: str) -> str | None:
    """The name of a recognised but unsupported format, or None."""
    for name, sniff in UNSUPPORTED:
        if sniff(head):
            return name
    return None


def detect_encoding(raw: bytes) -> str:
    """The encoding of a file from its first bytes: a BOM (UTF-8, UTF-16 LE/BE) decides;
    without one, UTF-8 when the bytes decode as UTF-8, else Windows-1252 (old site clients)."""
    if raw.startswith(codecs.BOM_UTF8):
        return "utf-8-sig"
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "utf-16"
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError as error:
        # A multi-byte character cut at the end of the sample is still UTF-8.
        if error.start < len(raw) - 3:
            return "cp1252"
    return "utf-8"


def open_history(path: str | Path) -> Iterator[Item]:
    """Every hand of a file, as records or problems; never raises for a bad file.

    The file is opened once (a regular file only: ``open_regular_file``) to sniff and read;
    the reader streams the rest.
    """
    where = str(path)
    try:
        binary = os.fdopen(open_regular_file(path), "rb")
    except FileRefused as refused:
        yield HandProblem(where, None, 0, "unreadable", refused.message)
        return
    try:
        raw = binary.read(HEAD_CHARS * 2)
        binary.seek(0)
    except OSError as error:
        binary.close()
        yield HandProblem(where, None, 0, "unreadable", f"cannot read file: {error.strerror or error}")
        return
    if not raw.strip():
        binary.close()
        yield HandProblem(where, None, 1, "unreadable", "the file is empty")
        return
    encoding = detect_encoding(raw)
    try:
        with io.TextIOWrapper(binary, encoding=encoding, errors="replace", newline=None) as stream:
            head = stream.read(HEAD_CHARS)
            reader = detect(head)
            if reader is None:
                name = unsupported_format(head)
                reason = (f"a {name} file: stud8 does not read this format" if name
                          else "unknown format: not a hand history stud8 reads")
                yield HandProblem(where, None, 1, "unreadable", reason)
                return
            stream.seek(0)
            last_line = 0
            try:
                for item in reader.read(stream, where):
                    last_line = item.line
                    yield item
            except (ValueError, KeyError, IndexError, TypeError, AttributeError) as error:
                # A reader that lets a damaged hand escape as an exception is a reader bug; the
                # user still gets a verdict naming the file and where reading stopped, not a traceback.
                yield HandProblem(where, None, last_line, "unreadable",
                                  f"the {reader.name} reader stopped after line {last_line}: "
                                  f"{type(error).__name__}: {error} (the rest of the file was not read)")
    except (OSError, UnicodeError) as error:
        yield HandProblem(where, None, 0, "unreadable", f"cannot read file: {error}")


MAX_LINE_CHARS = 65536
"""A longer line is no hand-history line: readers refuse the hand holding it, without keeping it."""


def bounded_lines(stream: TextIO, limit: int = MAX_LINE_CHARS) -> Iterator[tuple[int, str, bool]]:
    """``(number, line, too_long)`` for each line, numbered from 1. A line longer than
    ``limit`` characters is cut there and the rest skipped in pieces, so a hostile file with one
    enormous line never sits in memory whole."""
    number = 0
    while True:
        text = stream.readline(limit)
        if not text:
            return
        number += 1
        if len(text) >= limit and not text.endswith("\n"):
            while True:
                rest = stream.readline(limit)
                if not rest or rest.endswith("\n"):
                    break
            yield number, text, True
        else:
            yield number, text, False


def history_files(paths: Iterable[str | Path]) -> Iterator[Path]:
    """The files named, with directories walked (sorted, hidden entries skipped)."""
    for entry in paths:
        path = Path(entry)
        if path.is_dir():
            for root, dirs, files in os.walk(path):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                for name in sorted(files):
                    if not name.startswith("."):
                        yield Path(root) / name
        else:
            yield path

"""The reader and writer registries, and ``open_history``: any supported file to records.

A reader is a small module with one job: turn one site's format into ``HandRecord``s. It is
chosen from the file's *content* (``sniff`` on the first few KB of text), never its name, so a
Merge XML file named ``.txt`` or a PokerStars file named ``.log`` reads the same. Readers
stream: ``read`` yields one hand at a time from an open text stream. A hand a reader cannot
use becomes a ``HandProblem`` (``not-stud8`` or ``unreadable``, naming the file, hand and
line) and the reader goes on with the next hand.

**Bounds.** Every hand-history input goes through this module, so the limits of
``stud8.spec.limits`` are applied here once, for every format (a hostile file gets a
``HandProblem``, never a hang, a traceback or an out-of-memory kill):

* the file: a regular file only, of at most ``MAX_FILE_BYTES`` (``open_binary``: checked
  when opened, and counted as it is read, so a file that grows is bounded too), at most
  ``MAX_HANDS_PER_FILE`` hands;
* a line: ``bounded_lines`` cuts one longer than ``MAX_LINE_CHARS`` without holding it;
* a hand: an element cut from XML (``xml_elements``) or an OHH object of more than
  ``MAX_HAND_CHARS`` is refused without being buffered on; names, hand numbers and tables
  longer than ``MAX_NAME_CHARS`` are refused (``record_problem``);
* structure and numbers: JSON (``load_json``) and XML (``parse_xml``) nesting deeper than
  ``MAX_NESTING`` is refused, and a JSON number is read within the limits of the YAML path (at
  most ``MAX_AMOUNT_DIGITS`` digits, no ``1e999999999``, no NaN) before any arithmetic;
* folders: a subfolder that cannot be listed is reported (``history_files``), not skipped.

Reader modules are listed in ``READER_MODULES`` (one line each, so adding a site is a
one-line edit) and imported on first use; each defines ``READER`` (and, when the format is
writable, ``WRITER``). ``UNSUPPORTED`` names formats that are recognised but not read, so a
user hears "format X is not read" rather than "unknown format". A file found by walking a
folder that is no hand history of any format (a README) is ``skipped``, and listed as such.
"""

from __future__ import annotations

import codecs
import dataclasses
import errno
import importlib
import io
import os
import re
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, Protocol, TextIO, Union
from xml.etree import ElementTree

from stud8.conformance.handhistory.record import HandProblem, HandRecord
from stud8.conformance.handhistory.unsupported import UNSUPPORTED_FORMATS
from stud8.spec.limits import (
    MAX_AMOUNT_DIGITS,
    MAX_FILE_BYTES,
    MAX_HAND_CHARS,
    MAX_HANDS_PER_FILE,
    MAX_LINE_CHARS,
    MAX_NAME_CHARS,
    MAX_NESTING,
    decode_json,
    shorten,
)
from stud8.spec.yamlio import FileRefused, open_regular_file

__all__ = ["MAX_LINE_CHARS", "bounded_blocks", "bounded_lines", "history_files", "load_json", "open_history", "parse_xml",
           "reason_of", "walk_histories", "xml_elements"]

_FORMAT_NAMES = {"ohh": "OHH", "phh": "PHH"}
"""The name a verdict gives the formats that are no site's own."""

HEAD_CHARS = 16384
"""How much of a file ``sniff`` sees."""

READER_MODULES: tuple[str, ...] = (
    "pokerstars",
    "ohh",
    "phh",
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
    "phh",
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
    """The reader whose ``sniff`` accepts the text, or None (also for a text that names a
    format stud8 does not read: those narrow tests go first)."""
    if unsupported_format(head) is not None:
        return None
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


class _Capped(io.RawIOBase):
    """A regular file's descriptor read through a counter: past ``limit`` bytes, reading
    fails (a file that grows while it is read is still bounded)."""

    def __init__(self, descriptor: int, limit: int) -> None:
        super().__init__()
        self.descriptor = descriptor
        self.limit = limit
        self.position = 0

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        data = os.read(self.descriptor, len(buffer))
        self.position += len(data)
        if self.position > self.limit:
            raise OSError(errno.EFBIG, f"the file grew past the {self.limit:,} bytes read while it was read")
        buffer[: len(data)] = data
        return len(data)

    def seek(self, offset: int, whence: int = os.SEEK_SET) -> int:
        self.position = os.lseek(self.descriptor, offset, whence)
        return self.position

    def tell(self) -> int:
        return self.position

    def close(self) -> None:
        if not self.closed:
            os.close(self.descriptor)
        super().close()


def open_binary(path: str | Path, limit: int | None = None) -> io.BufferedReader:
    """A regular file of at most ``limit`` bytes (default ``MAX_FILE_BYTES``) open for
    reading, streamed (``FileRefused`` otherwise): what every hand-history input is read
    through."""
    limit = MAX_FILE_BYTES if limit is None else limit
    descriptor = open_regular_file(path)
    try:
        size = os.fstat(descriptor).st_size
    except OSError as error:
        os.close(descriptor)
        raise FileRefused("unreadable", f"cannot read file: {error.strerror or error}") from None
    if size > limit:
        os.close(descriptor)
        raise FileRefused("too-large", f"the file is {size:,} bytes, more than the {limit:,} read")
    return io.BufferedReader(_Capped(descriptor, limit))


def open_history(path: str | Path, *, walked: bool = False) -> Iterator[Item]:
    """Every hand of a file, as records or problems; never raises for a bad file.

    The file (a regular file only, of at most ``MAX_FILE_BYTES``: ``open_binary``) is opened
    once, sniffed, and streamed to its reader: memory holds one hand at a time. At most
    ``MAX_HANDS_PER_FILE`` hands are read (then one problem says where reading stopped), and
    each record passes ``record_problem``. ``walked``: the file was found by walking a folder,
    so one of no format stud8 knows (a README, a tracker's database) is reported as
    ``skipped`` (not a hand history), not as an unreadable hand.
    """
    where = str(path)
    try:
        binary = open_binary(path)
    except FileRefused as refused:
        yield HandProblem(where, None, 0, "unreadable", refused.message, "unknown")
        return
    try:
        raw = binary.read(HEAD_CHARS * 2)
        binary.seek(0)
    except OSError as error:
        binary.close()
        yield HandProblem(where, None, 0, "unreadable", f"cannot read file: {error.strerror or error}", "unknown")
        return
    if not raw.strip():
        binary.close()
        yield HandProblem(where, None, 1, "skipped" if walked else "unreadable", "the file is empty", "unknown")
        return
    encoding = detect_encoding(raw)
    try:
        with io.TextIOWrapper(binary, encoding=encoding, errors="replace", newline=None) as stream:
            head = stream.read(HEAD_CHARS)
            reader = detect(head)
            if reader is None:
                name = unsupported_format(head)
                if name is not None:
                    yield HandProblem(where, None, 1, "unreadable", f"format {name} is not read: stud8 does not "
                                      "read this site's histories", name)
                elif walked:
                    yield HandProblem(where, None, 1, "skipped", "not a hand history of any format stud8 knows",
                                      "unknown")
                else:
                    yield HandProblem(where, None, 1, "unreadable", "unknown format: not a hand history stud8 reads",
                                      "unknown")
                return
            stream.seek(0)
            site = getattr(reader, "site", None) or _FORMAT_NAMES.get(reader.name, reader.name)
            yield from _bounded_items(reader, stream, where, site)
    except (OSError, UnicodeError) as error:
        yield HandProblem(where, None, 0, "unreadable",
                          f"cannot read file: {error.strerror if isinstance(error, OSError) and error.strerror else error}",
                          "unknown")


def _bounded_items(reader: Reader, stream: TextIO, where: str, site: str) -> Iterator[Item]:
    """The reader's items, at most ``MAX_HANDS_PER_FILE``, each record checked, each problem
    naming ``site`` (the site or format of the file) where the reader did not."""
    last_line = 0
    count = 0
    try:
        for item in reader.read(stream, where):
            if count == MAX_HANDS_PER_FILE:
                yield HandProblem(where, None, item.line, "unreadable",
                                  f"more than {MAX_HANDS_PER_FILE:,} hands in one file: the rest, from line "
                                  f"{item.line}, is not read", site)
                return
            count += 1
            last_line = item.line
            if isinstance(item, HandRecord):
                why = record_problem(item)
                if why is not None:
                    item = HandProblem(where, _short_id(item.hand_id), item.line, "unreadable", why, site)
            elif not item.site:
                item = dataclasses.replace(item, site=site)  # every verdict names its site or format
            yield item
    except (ValueError, KeyError, IndexError, TypeError, AttributeError, ArithmeticError, RecursionError) as error:
        # A reader that lets a damaged hand escape as an exception is a reader bug; the
        # user still gets a verdict naming the file and where reading stopped, not a traceback.
        yield HandProblem(where, None, last_line, "unreadable",
                          f"the {reader.name} reader stopped after line {last_line}: "
                          f"{type(error).__name__}: {reason_of(error)} (the rest of the file was not read)", site)


def reason_of(error: BaseException) -> str:
    """A reader's unexpected error as a reason a person reads: Python's refusal of a number of
    more than 4,300 digits said plainly, anything else shortened."""
    text = str(error)
    if "integer string conversion" in text:
        return f"a number of more than 4,300 digits (at most {MAX_AMOUNT_DIGITS} are read)"
    return shorten(text)


def _short_id(hand_id: str | None) -> str | None:
    return hand_id if hand_id is None or len(hand_id) <= MAX_NAME_CHARS else hand_id[:MAX_NAME_CHARS] + "..."


def record_problem(record: HandRecord) -> str | None:
    """Why a record read from a file cannot be used, or None: a name, hand number, table or
    site longer than ``MAX_NAME_CHARS`` (no site allows one; every message quoting it would
    grow with it)."""
    for what, value in (("hand number", record.hand_id), ("table name", record.table), ("site name", record.site)):
        if value is not None and len(value) > MAX_NAME_CHARS:
            return f"a {what} of {len(value):,} characters (at most {MAX_NAME_CHARS} are read)"
    for seat in record.seats:
        if len(seat.name) > MAX_NAME_CHARS:
            return f"a player name of {len(seat.name):,} characters (at most {MAX_NAME_CHARS} are read)"
    return None


CHUNK_CHARS = 1 << 16
"""How much text ``bounded_lines`` reads at a time (the lines are cut from it in C, not read
one ``readline`` at a time: a history's many short lines are the reading's main cost)."""


def bounded_lines(stream: TextIO, limit: int = MAX_LINE_CHARS) -> Iterator[tuple[int, str, bool]]:
    """``(number, line, too_long)`` for each line, numbered from 1, each ending with its
    newline (the last may not). A line longer than ``limit`` characters is cut there and the
    rest skipped as it is read, so a hostile file with one enormous line never sits in memory
    whole (at most ``limit`` plus ``CHUNK_CHARS`` characters are held)."""
    number = 0
    pending = ""          # the start of a line whose end is not read yet
    skipping = False      # inside a line already reported as too long
    while True:
        chunk = stream.read(CHUNK_CHARS)
        if not chunk:
            if pending and not skipping:
                yield number + 1, pending, len(pending) >= limit
            return
        if skipping:
            cut = chunk.find("\n")
            if cut < 0:
                continue
            chunk, skipping = chunk[cut + 1:], False
        pieces = (pending + chunk).split("\n")
        pending = pieces.pop()
        for text in pieces:
            number += 1
            if len(text) >= limit:
                yield number, text[:limit], True
            else:
                yield number, text + "\n", False
        if len(pending) >= limit:  # a line longer than the limit, not ended yet: reported, its rest skipped
            number += 1
            yield number, pending[:limit], True
            pending, skipping = "", True


_OTHER_BREAKS = "\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
"""What ``str.splitlines`` ends a line at besides the newline (a history's text is cut at
newlines only: these are characters inside a line)."""


def bounded_blocks(stream: TextIO, limit: int = MAX_LINE_CHARS) -> Iterator[tuple[int, list[str], bool]]:
    """The lines of ``bounded_lines``, a chunk of the stream at a time: ``(number, lines,
    too_long)``, ``number`` the first line's, ``lines`` exactly the texts ``bounded_lines``
    gives for them. A line longer than ``limit`` comes alone, cut, with ``too_long`` set. A
    reader that looks at few of the lines (where hands start) cuts and hands on the others
    without a step of Python per line."""
    number = 0
    pending = ""          # the start of a line whose end is not read yet
    skipping = False      # inside a line already reported as too long
    while True:
        chunk = stream.read(CHUNK_CHARS)
        if not chunk:
            if pending and not skipping:
                yield number + 1, [pending], len(pending) >= limit
            return
        if skipping:
            cut = chunk.find("\n")
            if cut < 0:
                continue
            chunk, skipping = chunk[cut + 1:], False
        text = pending + chunk
        end = text.rfind("\n") + 1
        pending = text[end:]
        if end:
            body = text[:end]
            # every line with its newline, cut in C (splitlines cuts at newlines only when no other break is there)
            lines = body.splitlines(True) if not any(mark in body for mark in _OTHER_BREAKS) \
                else [piece + "\n" for piece in body[:-1].split("\n")]
            if len(body) <= limit or max(map(len, lines)) <= limit:  # no line of ``limit`` characters or more
                yield number + 1, lines, False
                number += len(lines)
            else:
                start = 0
                for index, line in enumerate(lines):
                    if len(line) > limit:
                        if index > start:
                            yield number + start + 1, lines[start:index], False
                        yield number + index + 1, [line[:limit]], True
                        start = index + 1
                if start < len(lines):
                    yield number + start + 1, lines[start:], False
                number += len(lines)
        if len(pending) >= limit:  # a line longer than the limit, not ended yet: reported, its rest skipped
            number += 1
            yield number, [pending[:limit]], True
            pending, skipping = "", True


def walk_histories(paths: Iterable[str | Path]) -> Iterator[tuple[Path | HandProblem, bool]]:
    """``(file, walked)`` for each entry ``history_files`` gives: ``walked`` when it was found
    inside a folder named, not named itself (a folder that cannot be listed: its problem)."""
    for entry in paths:
        walked = Path(entry).is_dir()
        for path in history_files([entry]):
            yield path, walked


def history_files(paths: Iterable[str | Path | HandProblem]) -> Iterator[Path | HandProblem]:
    """The files named, with directories walked (sorted, hidden entries skipped); a folder
    that cannot be listed is a ``HandProblem`` in its place, never skipped without a word (a
    problem given is passed on in its place)."""
    for entry in paths:
        if isinstance(entry, HandProblem):
            yield entry
            continue
        path = Path(entry)
        if path.is_dir():
            failed: list[OSError] = []
            for root, dirs, files in os.walk(path, onerror=failed.append):
                while failed:
                    yield _unlisted(failed.pop(0))
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                for name in sorted(files):
                    if not name.startswith("."):
                        yield Path(root) / name
            while failed:
                yield _unlisted(failed.pop(0))
        else:
            yield path


def _unlisted(error: OSError) -> HandProblem:
    return HandProblem(str(error.filename or "?"), None, 0, "unreadable",
                       f"cannot read folder: {error.strerror or error} (its files were not audited)")


# --- the shared bounded parsers --------------------------------------------------------------------

def load_json(text: str) -> Any:
    """A JSON document of a hand history, within the limits (``stud8.spec.limits.decode_json``):
    ``JsonRefused`` (a ``ValueError``) for text that is not JSON, nests deeper than
    ``MAX_NESTING``, or holds a number of more than ``MAX_AMOUNT_DIGITS`` digits, out of that
    range (``1e999999999``), or NaN. Fractions are ``Decimal``, never floats."""
    return decode_json(text, decimals=True)


def parse_xml(text: str) -> ElementTree.Element:
    """One element of a hand history parsed; ``ElementTree.ParseError`` when it is not XML or
    its elements nest deeper than ``MAX_NESTING`` (the readers report both the same way)."""
    root = ElementTree.fromstring(text)
    stack = [(root, 1)]
    while stack:
        element, depth = stack.pop()
        if depth > MAX_NESTING:
            error = ElementTree.ParseError(f"elements nested deeper than {MAX_NESTING}")
            error.position = (1, 0)
            raise error
        stack.extend((child, depth + 1) for child in element)
    return root


def xml_elements(stream: TextIO, start: re.Pattern[str], end: str,
                 context: re.Pattern[str] | None = None) -> Iterator[tuple[int, str, str]]:
    """``(first line, element text, last ``context`` match before it)`` for each element of a
    stream of XML-like text, cut from ``start`` to ``end`` (elements may share lines). Text
    outside elements is dropped as it is passed; an element cut short by the end of the
    stream, or longer than ``MAX_HAND_CHARS``, is yielded as far as it goes (at most
    ``MAX_HAND_CHARS``, without its end) for the caller to report, and reading goes on after
    it.

    Linear in the length of the stream: it is read in pieces of at most ``MAX_LINE_CHARS``;
    each piece is searched for an end once (with the few characters before it that an end tag
    may straddle), and an open element's pieces are joined once, when it ends. (An unclosed
    ``<game>`` followed by 600,000 newlines once cost a search of the whole buffer per line.)
    """
    last_context = ""
    next_line = 1            # the line the next piece starts on
    carry, carry_line = "", 1  # outside an element: the unsearched end of the text so far
    parts: list[str] | None = None  # inside an element: its pieces so far
    size, first, tail = 0, 0, ""
    keep_tail = len(end) - 1
    while True:
        piece = stream.readline(MAX_LINE_CHARS)
        piece_line, next_line = next_line, next_line + piece.count("\n")
        if parts is not None:
            window = tail + piece
            found = window.find(end)
            if found < 0:
                parts.append(piece)
                size += len(piece)
                tail = window[-keep_tail:] if keep_tail else ""
                if size > MAX_HAND_CHARS:
                    yield first, "".join(parts)[:MAX_HAND_CHARS], last_context
                    parts, carry, carry_line = None, "", next_line
                elif not piece:
                    yield first, "".join(parts), last_context
                    return
                continue
            cut = found + len(end) - len(tail)
            parts.append(piece[:cut])
            element = "".join(parts)
            yield first, element, last_context
            parts = None
            text, text_line = piece[cut:], piece_line + piece.count("\n", 0, cut)
        else:
            text, text_line = carry + piece, carry_line
        while True:  # outside an element: the elements that start (and maybe end) in ``text``
            begin = start.search(text)
            if context is not None:
                for found_context in context.finditer(text if begin is None else text[: begin.start()]):
                    last_context = found_context.group(0)
            if begin is None:
                keep = max(text.rfind("\n") + 1, len(text) - 64)  # a start tag cut between pieces
                carry, carry_line = text[keep:], text_line + text.count("\n", 0, keep)
                break
            first = text_line + text.count("\n", 0, begin.start())
            rest = text[begin.start():]
            finish = rest.find(end)
            if finish < 0:
                parts, size = [rest], len(rest)
                tail = rest[-keep_tail:] if keep_tail else ""
                carry = ""
                break
            element = rest[: finish + len(end)]
            yield first, element, last_context
            text, text_line = rest[finish + len(end):], first + element.count("\n")
        if not piece:
            if parts is not None:
                yield first, "".join(parts), last_context
            return

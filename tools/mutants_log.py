"""The log of a ``stud8 mutants --generated`` run: written a line per mutant, read back to resume.

``--log FILE`` keeps each mutant's result as it comes (a JSON object a line, through the one
writer's append form, ``spec.outputs.open_append``), and ``--resume FILE`` reads such a log so
that a run goes on where another stopped. A log is an input like any other: it may have been
edited, cut short, or written by someone else, and a line of it must never decide a verdict on
its word alone. So:

* it is read through the bounded reader (``spec.yamlio.read_file_bytes``: a regular file of at
  most ``MAX_FILE_BYTES``; a FIFO, a device or a larger file is refused before a byte is held);
* each line must be UTF-8 and a JSON object within the limits of ``handhistory.readers.load_json``
  (nesting, number size, no NaN), whose fields have the types and ranges a run writes (a
  finite, non-negative ``seconds``); anything else stops the command with one line
  ``--resume FILE:LINE: what is wrong`` (exit 2);
* a well-formed line is *trusted* only if it names a mutant of the current code: its module
  is one of the rule modules, its key one cosmic-ray generates from that module's source now,
  and its ``source`` the digest of that source. Other lines (another engine's source, a forged
  module such as ``../../../etc/passwd``, a key no mutant has) are ignored, and counted.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

from stud8.reference.errors import Stud8Error
from stud8.spec.limits import MAX_QUOTE_CHARS, printable, shown_path
from stud8.spec.yamlio import FileRefused, read_file_bytes

STATUSES = ("killed", "survived", "equivalent", "error")
_DIGEST = re.compile(r"^[0-9a-f]{16}$")
_MAX_TEXT = 100_000
"""Longest text field read from a line (a failure's detail, a divergence): a run writes a few
hundred characters."""


@dataclass
class ResumedLog:
    """What a log settles: results by key (trusted lines only, the last line of a key wins) and
    the lines ignored, with why."""

    results: dict[str, dict[str, Any]] = field(default_factory=dict)
    ignored: dict[str, int] = field(default_factory=dict)

    def ignore(self, why: str) -> None:
        self.ignored[why] = self.ignored.get(why, 0) + 1


class BadLine(Exception):
    """A log line whose fields are not what a run writes."""


def _refuse(path: Path | str, line: int, why: str) -> Stud8Error:
    return Stud8Error(f"--resume {shown_path(path)}:{line}: {why}", "usage")


def _text(value: Any, name: str, *, optional: bool = False) -> str | None:
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise BadLine(f"{name} must be text{' or null' if optional else ''}, got {printable(repr(value), 40)}")
    if len(value) > _MAX_TEXT:
        raise BadLine(f"{name} holds {len(value):,} characters (at most {_MAX_TEXT:,} are read)")
    return value


def _checked(data: Any) -> dict[str, Any]:
    """The line's fields, checked for type and range (``BadLine`` saying which is wrong)."""
    if not isinstance(data, dict):
        raise BadLine("not a JSON object")
    missing = [name for name in ("key", "module", "status", "source") if name not in data]
    if missing:
        raise BadLine(f"no {', '.join(missing)}")
    result: dict[str, Any] = {
        "key": _text(data["key"], "key"), "module": _text(data["module"], "module"),
        "killer": _text(data.get("killer"), "killer", optional=True),
        "detail": _text(data.get("detail", ""), "detail"),
        "divergence": _text(data.get("divergence"), "divergence", optional=True),
        "source": _text(data["source"], "source"),
    }
    status = data["status"]
    if status not in STATUSES:
        raise BadLine(f"status must be one of {', '.join(STATUSES)}, got {printable(repr(status), 40)}")
    result["status"] = status
    seconds = data.get("seconds", 0)
    if isinstance(seconds, bool) or not isinstance(seconds, (int, Decimal)) or not math.isfinite(seconds) or seconds < 0:
        raise BadLine(f"seconds must be a finite number of seconds, 0 or more, got {printable(repr(seconds), 40)}")
    result["seconds"] = float(seconds)
    hands = data.get("fuzz_hands", 0)
    if isinstance(hands, bool) or not isinstance(hands, int) or not 0 <= hands <= 10**9:
        raise BadLine(f"fuzz_hands must be a whole number from 0 to 10^9, got {printable(repr(hands), 40)}")
    result["fuzz_hands"] = hands
    return result


def read_log(path: Path | str, digests: Mapping[str, str], keys: Iterable[str]) -> ResumedLog:
    """The trusted results of the log at ``path`` (see the module docstring); ``digests``: the
    source digest of every rule module now, ``keys``: every generated mutant's key now."""
    from stud8.conformance.handhistory.readers import load_json

    try:
        data = read_file_bytes(path)
    except FileRefused as refused:
        raise Stud8Error(f"--resume {shown_path(path)}: {refused.message}", "usage") from None
    known = set(keys)
    found = ResumedLog()
    for number, raw in enumerate(data.split(b"\n"), start=1):
        if not raw.strip():
            continue
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            raise _refuse(path, number, f"not UTF-8 (byte {error.start + 1} of the line)") from None
        try:
            line = _checked(load_json(text))
        except (ValueError, BadLine) as error:  # json.JSONDecodeError is a ValueError
            raise _refuse(path, number, f"not a line of a --log file: {printable(str(error), MAX_QUOTE_CHARS)}") from None
        module = line["module"]
        if module not in digests:
            found.ignore("a module that is not one of the rule modules")
        elif line["key"] not in known or line["key"].split(":", 1)[0] != module:
            found.ignore("a mutant the current code does not have")
        elif line["source"] != digests[module] or not _DIGEST.match(line["source"]):
            found.ignore("made on another source of its module")
        else:
            found.results[line["key"]] = line
    return found

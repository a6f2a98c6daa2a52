"""Standard output that fails loudly, once, and printing that is safe for a terminal.

Every ``stud8`` command writes its results on standard output, which may be ``/dev/full``,
closed (``stud8 eval ... >&-``) or a pipe whose reader went away (``stud8 hh audit ... |
head -1``). Python would then raise wherever the write happens (or, for a closed stdout, print
nothing and exit 0; or fail at exit, after the command said it succeeded). ``tools/cli.py``
wraps ``sys.stdout`` in ``GuardedStdout`` for the length of a command: a write or flush that
fails raises ``StdoutFailed``, which ``cli.main`` turns into one line on stderr and exit 2
(docs/cli.md's exit codes: "an output that cannot be written"). It derives from ``BaseException`` so that no
``except Exception`` inside a command (a server answering bad lines, a best-effort hint)
swallows it.

``say`` prints a message line through the one sanitiser (``stud8.spec.limits.printable``):
values taken from files, streams and arguments (player names, file names) can hold ANSI
escape sequences or newlines, which must never reach a terminal or forge a line of output.
"""

from __future__ import annotations

import os
import sys
from typing import Any, TextIO

from stud8.spec.limits import MAX_PATH_CHARS, printable

MAX_LINE_CHARS = 4 * MAX_PATH_CHARS
"""Longest message line printed: its parts are bounded where they are put together (a value
to ``MAX_QUOTE_CHARS``, a file name to ``MAX_PATH_CHARS``); this bounds a line whose part
escaped that, so no input is ever printed in full."""


class StdoutFailed(BaseException):
    """Standard output cannot be written: full, closed, or a broken pipe."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


def _why(error: BaseException) -> str:
    if isinstance(error, OSError):
        return error.strerror or str(error)
    return str(error) or type(error).__name__


class _Guarded:
    """A stream whose writes either succeed or raise ``StdoutFailed``; everything else is the
    wrapped stream's (``isatty``, ``fileno``, ``encoding``...). ``None`` stands for a closed
    standard output."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def _closed(self) -> StdoutFailed:
        return StdoutFailed("standard output is closed")

    def write(self, data: Any) -> int:
        if self._stream is None:
            raise self._closed()
        try:
            return int(self._stream.write(data) or 0)
        except (OSError, ValueError) as error:  # ValueError: a closed file
            raise StdoutFailed(_why(error)) from None

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        if self._stream is None:
            return
        try:
            self._stream.flush()
        except (OSError, ValueError) as error:
            raise StdoutFailed(_why(error)) from None

    def isatty(self) -> bool:
        try:
            return self._stream is not None and bool(self._stream.isatty())
        except (OSError, ValueError):
            return False

    @property
    def buffer(self) -> _Guarded:
        return _Guarded(None if self._stream is None else getattr(self._stream, "buffer", None))

    def __getattr__(self, name: str) -> Any:
        if self._stream is None:
            raise AttributeError(name)
        return getattr(self._stream, name)


class GuardedStdout(_Guarded):
    """``sys.stdout`` for the length of a command (see the module docstring)."""

    def __init__(self, stream: TextIO | None) -> None:
        super().__init__(stream)
        self.original = stream

    def silence(self) -> None:
        """After a failure: nothing more is tried on the broken stream, and when it is the
        process's own standard output, its descriptor is pointed at ``/dev/null``, so that
        Python's flush at exit finds nowhere to fail (its "Exception ignored" traceback)."""
        stream, self._stream = self._stream, None
        real = sys.__stdout__
        if stream is None or real is None or stream is not real:
            return
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, real.fileno())
            os.close(devnull)
        except (OSError, ValueError, AttributeError):
            pass


def hold_closed_descriptors() -> None:
    """When the process was started with standard input, output or error closed, open
    ``/dev/null`` in its place: otherwise the next file opened takes descriptor 1, and what a
    worker or engine started later prints would land in it."""
    for descriptor in (0, 1, 2):
        try:
            os.fstat(descriptor)
        except OSError:
            try:
                opened = os.open(os.devnull, os.O_RDWR)
            except OSError:
                return
            if opened != descriptor:
                os.dup2(opened, descriptor)
                os.close(opened)


def say(line: str, *, file: TextIO | None = None) -> None:
    """Print one line of a message (to stdout unless ``file``), escaped for the terminal and
    cut at ``MAX_LINE_CHARS``."""
    print(printable(line, MAX_LINE_CHARS), file=file if file is not None else sys.stdout)


def warn(line: str) -> None:
    """``say`` on standard error."""
    say(line, file=sys.stderr)

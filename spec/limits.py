"""Every size limit stud8 enforces on what it reads, in one place.

stud8 reads other people's files, streams and engines. Each limit below bounds the time or
memory one hostile input can cost, and each is far above anything a real scenario, hand
history or engine conversation needs, so that an honest input never meets one. docs/cli.md
("Limits") and docs/protocol.md ("Limits") list them; a test checks that both documents give
the values written here, so the three never disagree.

What happens at a limit is always a clear message naming the input (file and line, or the
protocol message), never a traceback, a hang or an out-of-memory kill.
"""

from __future__ import annotations

import json
import math
import re
import shlex
from collections.abc import Iterable
from decimal import Decimal, InvalidOperation
from typing import Any

MAX_NESTING = 64
"""Deepest nesting of lists and mappings in a YAML file, a JSON message or a PHH value.
The deepest real scenario nests 7 levels; Python's parsers and checkers recurse, so a
100,000-level file would otherwise end in ``RecursionError``."""

MAX_FILE_BYTES = 4 * 1024 * 1024
"""Largest scenario, rule book, baseline or hand-history file read (4 MiB). The largest
scenario file of the suite is about 21 KB."""

MAX_AMOUNT = 10**15
"""Largest chip amount (a stack, a stake, a ``cbr`` amount) a hand accepts. Below 2**53, so
every amount is exact in a JSON number read as a double by an engine in any language."""

MAX_AMOUNT_DIGITS = len(str(MAX_AMOUNT))
"""Digits of ``MAX_AMOUNT``: an amount written with more is refused before it is converted."""

MAX_YAML_NODES = 200_000
"""Most values (scalars, lists, mappings) in one YAML file, every use of an alias counted as a
copy of what it names. The largest scenario file holds a few thousand; the cap bounds the
time of every later walk of the data, and refuses an alias bomb (a few hundred bytes that
expand to billions of values)."""

MAX_PLAYERS = 8
"""Seats at one table: seven cards each for eight players is 56 > 52 cards already (the rule
book's ``game.players`` says the same; this bound also holds for files read before it)."""

MAX_MESSAGE_BYTES = 1 << 20
"""Longest protocol line either side has to accept (1 MiB); a longer one is a flood."""

MAX_ERRORS_PER_FILE = 100
"""Problems reported for one file; the rest are counted in one closing line."""

MAX_QUOTE_CHARS = 120
"""Longest piece of input quoted in a message; longer quotes are cut with ``...``."""

MAX_SECONDS = 7 * 24 * 3600.0
"""Longest time a ``--timeout`` or ``--shrink-seconds`` may name (a week): beyond it the
value is a mistake, and ``inf`` or ``nan`` never make sense."""

MAX_JOBS = 256
"""Most worker processes a ``--jobs`` may ask for (more is refused as a usage error; fewer
than asked are started when there is less work or fewer cores)."""

MAX_LINE_CHARS = 65_536
"""Longest line of a hand history kept (characters): a longer one is no hand-history line, and
the hand holding it is refused without the line being held whole."""

MAX_HAND_CHARS = 256 * 1024
"""Largest text of one hand of a hand history (an OHH object, a Merge or iPoker ``<game>``
element, characters): a real hand takes a few thousand; a hand that opens and never closes is
refused once it passes this, instead of being buffered to the end of the file."""

MAX_NAME_CHARS = MAX_QUOTE_CHARS
"""Longest player name, hand number or table name a hand history may give: no site allows
more than a few dozen characters, and every message quoting a name stays short."""

MAX_HANDS_PER_FILE = 10_000
"""Most hands read from one hand-history file (a PHH file's numbered tables counted as
hands); the rest of the file is reported as not read. A 4 MiB history of real hands holds a few
thousand; a ``.phhs`` file of 40,000 tiny tables would otherwise cost 40,000 verdicts."""

UNSEEN_TRIALS = 2_000
"""Most payouts worked out for one hand when cards nobody saw might decide it (the
cannot-judge search of ``stud8 hh audit``); a hand that needs more is ``cannot-judge``
("too many unseen cards"). A hand whose unseen cards cannot change the payout is not searched
at all; the common case, one mucked hand, takes a few hundred."""

UNSEEN_SECONDS = 2.0
"""Most seconds of the cannot-judge search for one hand: a backstop that a healthy machine never
meets before ``UNSEEN_TRIALS`` (the verdict must not depend on the machine's load)."""

DASK_TIMEOUT = 10.0
"""Seconds a Dask scheduler has to accept the connection, answer who it is, and have at least one
worker (``--dask``): an address that accepts and never answers, speaks another protocol, or
names a scheduler without workers is refused within this time."""

MAX_PATH_CHARS = 1024
"""Longest file name printed in full in a message; a longer one (an argument of 100,000
characters) is cut like any quoted input. Longer than any path a program can open in practice."""


def shorten(text: str, limit: int = MAX_QUOTE_CHARS) -> str:
    """``text`` cut to ``limit`` characters, with ``...`` and the full length when cut.

    >>> shorten("x" * 10, 8)
    'xxxxx... (10 characters)'
    """
    if len(text) <= limit:
        return text
    return f"{text[: max(0, limit - 3)]}... ({len(text)} characters)"


_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
"""What is escaped before printing: the control characters (C0, DEL, C1), the line and
paragraph separators (a line break to some terminals and editors) and the bidirectional
overrides and isolates (which make a terminal show text in another order than it is)."""


_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(found: re.Match[str]) -> str:
    char = found.group(0)
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(value: Any, limit: int | None = MAX_QUOTE_CHARS) -> str:
    """``value`` as text that is safe to print on a terminal or in a log: every control
    character (an ANSI escape sequence starts with one, a newline would start a forged line, a
    carriage return would overwrite one) and the other characters of ``_UNPRINTABLE`` written as
    ``\\xNN`` or ``\\uNNNN``; then cut to ``limit`` characters like ``shorten`` (``None``: not
    cut, for a line whose parts are bounded already). The one sanitiser of every value taken
    from a file, a stream or an argument before it is printed.

    >>> printable("Ann\\x1b[31m")
    'Ann\\\\x1b[31m'
    >>> printable("a.txt\\n1 hand: 1 conforms")
    'a.txt\\\\n1 hand: 1 conforms'
    """
    if isinstance(value, str):
        text = value
    else:
        try:
            text = str(value)
        except ValueError:  # an integer of more than 4,300 digits
            return quoted(value, limit or MAX_QUOTE_CHARS)
    if limit is None:
        return _UNPRINTABLE.sub(_escape, text)
    shown = _UNPRINTABLE.sub(_escape, text[: limit + 1])
    if len(text) <= limit and len(shown) <= limit:
        return shown
    return f"{shown[: max(0, limit - 3)]}... ({len(text)} characters)"


_BIDI = re.compile("[\u202a-\u202e\u2066-\u2069]")
"""The bidirectional embeddings, overrides and isolates: a page that shows one raw shows the
text after it in another order than it is written (a title that reads one way and says
another; the "Trojan Source" trick)."""


def neutral_bidi(text: str) -> str:
    """``text`` with every bidirectional control written as ``\\uNNNN`` (visible, inert): what
    the rule book pages, the catalogue and the comparison page do to every page they write, in
    HTML and in Markdown alike, so that no value from a scenario or a report reorders a line."""
    return _BIDI.sub(_escape, text)


def shell_command(parts: Iterable[Any]) -> str:
    """A command shown for copying (a ``next:`` line, a page's copy button): ``shlex.join`` of
    the parts each escaped by ``printable`` (uncut). Pasted into a shell it runs that one
    command, whatever a scenario id, an engine spec or a folder name holds (a newline, ``;``,
    ``$(...)``, an ANSI escape)."""
    return shlex.join(printable(part, None) for part in parts)


def shown_path(path: Any) -> str:
    """A file name for a message: escaped like any input (a newline in a name cannot forge a
    line), cut only past ``MAX_PATH_CHARS``."""
    return printable(str(path), MAX_PATH_CHARS)


def quoted(value: Any, limit: int = MAX_QUOTE_CHARS) -> str:
    """``repr(value)`` for a message, cut to ``limit`` characters.

    A huge integer is described, not converted (Python refuses to print more than 4,300
    digits, and such a number is never meant).

    >>> quoted("p1 cc")
    "'p1 cc'"
    >>> quoted(10**5000)
    'a number of 5001 digits'
    """
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**MAX_QUOTE_CHARS:
        return f"a number of {digit_count(value)} digits"
    if isinstance(value, str) and len(value) > limit:
        # repr of a 2 MB string is 2 MB: cut first, then quote, then say how long it was.
        return f"{repr(value[:limit])[:limit]}... ({len(value)} characters)"
    try:
        text = repr(value)
    except (ValueError, RecursionError):
        return f"a {type(value).__name__} too large to show"
    return shorten(text, limit)


def digit_count(value: int) -> int:
    """Decimal digits of ``value`` without converting it to text (Python refuses to convert
    more than 4,300)."""
    value = abs(value)
    estimate = max(1, int(value.bit_length() * math.log10(2)))
    return estimate + 1 if value >= 10**estimate else estimate


def nesting_depth(value: Any, limit: int = MAX_NESTING) -> int:
    """How deeply lists and dicts nest in ``value``, counted without recursion, one level at a
    time (only containers are visited twice: a report of a thousand records costs milliseconds);
    stops early at ``limit + 1`` (the answer is then only "too deep")."""
    containers = (dict, list, tuple)
    level = [value] if isinstance(value, containers) else []
    depth = 0
    while level:
        depth += 1
        if depth > limit:
            return depth
        following: list[Any] = []
        for item in level:
            children = item.values() if isinstance(item, dict) else item
            following += [child for child in children if isinstance(child, containers)]
        level = following
    return depth


def amount_problem(value: Any, what: str, *, minimum: int = 0) -> str | None:
    """Why ``value`` is not a whole chip amount from ``minimum`` to ``MAX_AMOUNT``, or None.

    ``what`` names the value in the message (``"the stack of p2"``). Floats, even whole ones
    (``100.0``), and booleans are refused: amounts are counted in whole chips.
    """
    if isinstance(value, bool) or not isinstance(value, int):
        return f"{what} must be a whole number of chips, got {quoted(value)}"
    if value < minimum:
        least = "positive" if minimum == 1 else f"at least {minimum}"
        return f"{what} must be {least}, got {quoted(value)}"
    if value > MAX_AMOUNT:
        return f"{what} is {quoted(value)}, more than the largest amount stud8 accepts ({MAX_AMOUNT:,})"
    return None


def seconds_problem(value: Any, flag: str, *, allow_zero: bool = False) -> str | None:
    """Why ``value`` is not a usable number of seconds for ``flag``, or None."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        return f"{flag} must be a finite number of seconds, got {value!r}"
    if value < 0 or (value == 0 and not allow_zero):
        return f"{flag} must be {'zero or more' if allow_zero else 'positive'}, got {value:g}"
    if value > MAX_SECONDS:
        return f"{flag} must be at most {MAX_SECONDS:g} seconds (a week), got {value:g}"
    return None


PYTHON_INT_DIGITS = 4300
"""The most digits Python converts to an integer (``sys.get_int_max_str_digits``'s default)."""


class JsonRefused(ValueError):
    """JSON text that is not read within the limits (``decode_json``): ``message`` says why,
    ``line`` where (1-based), ``code`` what kind: ``not-json``, ``too-deep``, ``too-large``
    (a number past its range) or ``not-a-number`` (NaN, Infinity)."""

    def __init__(self, message: str, line: int = 1, code: str = "not-json") -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.code = code


def _line_of(text: str, token: str) -> int:
    """The line ``token`` is first written on in ``text`` (1 when it cannot be found)."""
    found = text.find(token)
    return 1 if found < 0 else text.count("\n", 0, found) + 1


def decode_json(text: str, *, max_digits: int = MAX_AMOUNT_DIGITS, decimals: bool = False) -> Any:
    """``text`` as a JSON value, within the limits every JSON input of stud8 is read under (a
    baseline, a report, a ``--resume`` log, an OHH hand, a protocol line), or ``JsonRefused``
    saying why and on which line:

    * nesting deeper than ``MAX_NESTING`` (``too-deep``; Python's decoder recurses, and 100,000
      ``[`` would end it in ``RecursionError``);
    * an integer of more than ``max_digits`` digits, a fraction out of that range (``1e400``,
      ``1e-999999999``): ``too-large``; the protocol passes ``PYTHON_INT_DIGITS``, its amounts
      are refused by the engine with their own message;
    * ``NaN``, ``Infinity``, ``-Infinity``, which are no JSON numbers (``not-a-number``);
    * anything else that is not JSON (``not-json``: ``not JSON: Expecting value (column 3)``).

    Fractions are floats, or ``Decimal`` with ``decimals`` (money read from a hand history)."""

    def integer(token: str) -> int:
        digits = len(token.lstrip("-"))
        if digits > min(max_digits, PYTHON_INT_DIGITS):
            raise JsonRefused(f"a number of {digits:,} digits (at most {max_digits} are read)",
                              _line_of(text, token), "too-large")
        return int(token)

    def fraction(token: str) -> Any:
        line = _line_of(text, token)
        if len(token) > 4 * max_digits:
            raise JsonRefused(f"a number written with {len(token):,} characters", line, "too-large")
        try:
            value = Decimal(token)
        except InvalidOperation:  # pragma: no cover - the JSON scanner only passes numbers
            raise JsonRefused(f"not a number: {shorten(token, 40)}", line) from None
        if value and not -max_digits <= value.adjusted() < max_digits:
            raise JsonRefused(f"the number {shorten(token, 40)} is out of range (at most {max_digits} digits are read)",
                              line, "too-large")
        return value if decimals else float(value)

    def constant(name: str) -> Any:
        raise JsonRefused(f"{name} is not a number", _line_of(text, name), "not-a-number")

    decoder = json.JSONDecoder(parse_int=integer, parse_float=fraction, parse_constant=constant)
    try:
        value = decoder.decode(text)
    except JsonRefused:
        raise
    except json.JSONDecodeError as error:
        raise JsonRefused(f"not JSON: {error.msg} (column {error.colno})", error.lineno) from None
    except RecursionError:
        raise JsonRefused(f"nesting deeper than {MAX_NESTING}", 1, "too-deep") from None
    except ValueError as error:  # pragma: no cover - the hooks above raise first
        raise JsonRefused(f"not JSON: {shorten(str(error))}") from None
    # Cheap first: text with few brackets cannot nest deeply; only then walk the value.
    if text.count("[") + text.count("{") > MAX_NESTING and nesting_depth(value) > MAX_NESTING:
        raise JsonRefused(f"nesting deeper than {MAX_NESTING}", 1, "too-deep")
    return value

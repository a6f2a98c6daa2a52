"""Every size limit stud8 enforces on what it reads, in one place.

stud8 reads other people's files, streams and engines. Each limit below bounds the time or
memory one hostile input can cost, and each is far above anything a real scenario, hand
history or engine conversation needs, so that an honest input never meets one. The README
("Limits") and docs/protocol.md ("Limits") list them; a test checks that both documents give
the values written here, so the three never disagree.

What happens at a limit is always a clear message naming the input (file and line, or the
protocol message), never a traceback, a hang or an out-of-memory kill.
"""

from __future__ import annotations

import math
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


def shorten(text: str, limit: int = MAX_QUOTE_CHARS) -> str:
    """``text`` cut to ``limit`` characters, with ``...`` and the full length when cut.

    >>> shorten("x" * 10, 8)
    'xxxxx... (10 characters)'
    """
    if len(text) <= limit:
        return text
    return f"{text[: max(0, limit - 3)]}... ({len(text)} characters)"


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
        return f"a number of {_digits(value)} digits"
    if isinstance(value, str) and len(value) > limit:
        # repr of a 2 MB string is 2 MB: cut first, then quote, then say how long it was.
        return f"{repr(value[:limit])[:limit]}... ({len(value)} characters)"
    try:
        text = repr(value)
    except (ValueError, RecursionError):
        return f"a {type(value).__name__} too large to show"
    return shorten(text, limit)


def _digits(value: int) -> int:
    """Decimal digits of ``value`` without converting it to text."""
    value = abs(value)
    estimate = max(1, int(value.bit_length() * math.log10(2)))
    return estimate + 1 if value >= 10**estimate else estimate


def nesting_depth(value: Any, limit: int = MAX_NESTING) -> int:
    """How deeply lists and dicts nest in ``value``, counted without recursion; stops early at
    ``limit + 1`` (the answer is then only "too deep")."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, (list, tuple)):
            children = item
        else:
            continue
        deepest = max(deepest, depth)
        if deepest > limit:
            return deepest
        stack.extend((child, depth + 1) for child in children)
    return deepest


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

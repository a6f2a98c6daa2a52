"""Hand-history formats stud8 recognises but does not read, each with how to tell it.

So that a user auditing a folder of histories hears "format 888poker (Pacific, Cassava) text
is not read" rather than "unknown format". Each test is a header only that site writes
(the facts come from the public fpdb parsers' identification patterns); a wrong guess here
would name the wrong site, so the patterns are narrow. They are tried before the readers: a
file that names one of these sites is never taken for a format stud8 reads.
"""

from __future__ import annotations

import re
from collections.abc import Callable

_FORMATS: tuple[tuple[str, str], ...] = (
    ("888poker (Pacific, Cassava) text",
     r"^\*{5} (?:888poker|888\.\w+|Cassava|Pacific Poker)(?: Snap Poker)? Hand History for Game \d+"),
    ("GGPoker text", r"^Poker Hand #[A-Z]{0,2}\d+: "),
    ("Everleaf text", r"^Everleaf Gaming Game #\d+"),
    ("Cake Poker text", r"^(?:\ufeff)?Hand#[A-Z0-9]+\s+-\s"),
    ("Microgaming XML", r"<Game\s(?:hhversion=\"\d\"\s)?id=\"\d+\"\sdate=\"[\d\-\s:]+\"\sunicodetablename"),
    ("Everest Poker text", r"^EverestPoker Game #\d+"),
    ("PKR text", r"^Starting Hand #\d+"),
)
"""``(name, pattern)``: a pattern searched (multi-line) in the first part of a file."""

def _sniff(pattern: str) -> Callable[[str], bool]:
    compiled = re.compile(pattern, re.MULTILINE)
    return lambda head: compiled.search(head) is not None


UNSUPPORTED_FORMATS: tuple[tuple[str, Callable[[str], bool]], ...] = tuple(
    (name, _sniff(pattern)) for name, pattern in _FORMATS)
"""``(name, sniff)`` for each format recognised but not read."""

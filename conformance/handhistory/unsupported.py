"""Hand-history formats stud8 recognises but does not read, each with how to tell it.

So that a user auditing a folder of histories hears "an 888poker file: stud8 does not read
this format" rather than "unknown format". The tests are deliberately narrow (a header only
that site writes): a wrong guess here would name the wrong site.
"""

from __future__ import annotations

import re
from collections.abc import Callable

_888 = re.compile(r"^\*{5} (?:888poker|888\.\w+|Cassava|Pacific Poker) Hand History for Game \d+", re.MULTILINE)
_GG = re.compile(r"^Poker Hand #(?:HD|TM|RC|SG|HH)\d+: ", re.MULTILINE)
_EVERLEAF = re.compile(r"^Everleaf Gaming Game #\d+", re.MULTILINE)

UNSUPPORTED_FORMATS: tuple[tuple[str, Callable[[str], bool]], ...] = (
    ("888poker (Pacific, Cassava) text", lambda head: _888.search(head) is not None),
    ("GGPoker text", lambda head: _GG.search(head) is not None),
    ("Everleaf text", lambda head: _EVERLEAF.search(head) is not None),
)
"""``(name, sniff)`` for each format recognised but not read."""

"""Which game a hand is, from the words its site uses: one classifier for every reader.

Sites name the same game a dozen ways (``Limit Stud H/L``, ``7 Card Stud Hi-Lo``,
``SEVEN_CARD_STUD_HI_LO``, ``7CARD HiLo``, ``Seven Cards Stud HiLow``, ``7-Stud H/L8``,
``Seven Card Hi/Lo``, ``7Stud H/L``), and the names of the other stud games are prefixes of
these (``7 Card Stud`` is stud high: it must never be taken for the start of ``7 Card Stud
Hi/Lo``). The classifier looks at the whole text and tries the most specific names first.
It is applied to each hand's own header, never to a file's: a mixed-game file (HORSE,
8-Game, a Winamax or Kings Club mix table) names the current game on every hand.

A ``Game`` says whether stud8 reads the hand through (``stud``: every seven- and five-card stud
game, whose records the site grammars build and whose books the money check balances before
the hand is refused) and whether it is the game the audit judges (``stud8``: Seven Card Stud
Hi/Lo at fixed limit). Hold'em, Omaha and draw hands are refused from their header.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

STUD8 = "Seven Card Stud Hi/Lo"


@dataclass(frozen=True)
class Game:
    """A game as classified: its name, whether it is a stud game the grammars read through
    (``cards`` 7 or 5; 0 for the others), and its betting structure (``fixed``, ``no limit``,
    ``pot limit``, ``cap``; empty when the text does not say)."""

    name: str
    cards: int
    limit: str

    @property
    def stud(self) -> bool:
        return self.cards > 0

    @property
    def stud8(self) -> bool:
        """Seven Card Stud Hi/Lo at fixed limit: the one game the audit judges."""
        return self.name == STUD8 and self.limit == "fixed"

    def describe(self) -> str:
        structure = {"fixed": "fixed limit", "cap": "cap limit"}.get(self.limit, self.limit)
        return f"{self.name} ({structure})" if structure else self.name


_STUD_HILO = r"(?:h\s*/\s*l8?|hi\s*[-/]?\s*lo(?:w)?|8|eight|hl)\b"
GAMES: tuple[tuple[str, int, re.Pattern[str]], ...] = tuple(
    (name, cards, re.compile(pattern)) for name, cards, pattern in (
        # five-card stud first: "5 Card Stud" must not read as seven-card stud
        ("Five Card Stud Hi/Lo", 5, rf"\b(?:5|five)\s*[- ]?\s*cards?\s*stud\s*{_STUD_HILO}"),
        ("Five Card Stud", 5, r"\b(?:5|five)\s*[- ]?\s*cards?\s*stud\b"),
        ("2-7 Razz", 7, r"\b2\s*-?\s*7\s*razz\b|\bdeuce\S*\s*(?:to\s*seven\s*)?razz\b"),
        ("Razz", 7, r"\brazz\b"),
        # Stud/8 before stud high: the high-only names are prefixes of these
        (STUD8, 7, rf"stud\s*[- ]?\s*{_STUD_HILO}|\b(?:7|seven)\s*[- ]?\s*cards?\s*{_STUD_HILO}|\b7card\s*{_STUD_HILO}"),
        ("Seven Card Stud", 7, r"\bstud\b|\b7\s*[- ]?\s*stud|\b7\s*[- ]?\s*cards?\b|\b7card\b|\bseven\s*cards?\b"),
        ("Five Card Omaha Hi/Lo", 0, r"\bbig\s*o\b|\b(?:5|five)\s*[- ]?\s*cards?\s*(?:p?lo|omaha).*(?:hi|8|h/l)"),
        ("Omaha Hi/Lo", 0, r"omaha.*(?:h\s*/\s*l|hi\s*[-/]?\s*lo|\b8\b|hilow|\bhl\b)|\bplo8\b|\bo8\b|omaha\s*8"),
        ("Omaha", 0, r"omaha|\bplo\b|\bpl?o\d\b"),
        ("Courchevel", 0, r"courchevel"),
        ("Hold'em", 0, r"hold\W?em|holdem|\b(?:nl|pl|fl)?he\b|\b(?:nl|pl)?lhe?\b|\bnlh\b|\blh\b"),
        ("Badugi", 0, r"badugi"),
        ("Badeucey", 0, r"badeucey|badacey"),
        ("2-7 Triple Draw", 0, r"2\s*-?\s*7\s*triple|deuce.*triple"),
        ("A-5 Triple Draw", 0, r"a\s*-?\s*5\s*triple"),
        ("2-7 Single Draw", 0, r"2\s*-?\s*7\s*single|2\s*-?\s*7\s*(?:nl|no\s*limit)?\s*draw"),
        ("Five Card Draw", 0, r"(?:5|five)\s*[- ]?\s*cards?\s*draw"),
        ("Draw", 0, r"\bdraw\b"),
    ))
"""``(name, cards dealt for a stud game or 0, pattern)``, most specific first."""

_LIMITS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (limit, re.compile(pattern)) for limit, pattern in (
        ("no limit", r"no\s*[-_ ]?\s*limit|\bnl\b|\bnlh"),
        ("pot limit", r"pot\s*[-_ ]?\s*limit|\bpl\b|\bplo"),
        ("cap", r"\bcap\b|\bcapped\b"),
        ("fixed", r"fixed\s*[-_ ]?\s*limit|\blimit\b|\bfl\b|\blhe\b|\bl\b"),
    ))


def normalised(text: str) -> str:
    """Lower case, underscores as spaces, one space between words."""
    return " ".join(text.replace("_", " ").lower().split())


def limit_of(text: str) -> str:
    """The betting structure a text names (``""`` when none)."""
    words = normalised(text)
    for limit, pattern in _LIMITS:
        if pattern.search(words):
            return limit
    return ""


@lru_cache(maxsize=512)
def classify(text: str, limit: str | None = None, *, default_limit: str = "") -> Game | None:
    """The game a header's text names, or None when it names none stud8 knows. ``limit``:
    the structure when the site states it apart from the game (else read from ``text``,
    else ``default_limit``: what a site that never writes it plays, e.g. fixed for stud).
    Cached: a history names the same few games hand after hand."""
    words = normalised(text)
    for name, cards, pattern in GAMES:
        if pattern.search(words):
            structure = limit if limit is not None else (limit_of(words) or (default_limit if cards else ""))
            return Game(name, cards, structure)
    return None


def refusal(game: Game, said: str) -> str:
    """Why a hand of ``game`` (its header said ``said``) is not audited."""
    if game.name == STUD8:
        return f"{game.describe()}, from the header's {said!r}: not Seven Card Stud Hi/Lo at fixed limit"
    return f"{game.describe()}, from the header's {said!r}: not Seven Card Stud Hi/Lo"


def unread_other_game(reason: str, game: Game | None) -> str:
    """The reason a hand could not be read through, naming its game when the header said it is
    not the one audited (a damaged Stud high or Razz hand stays ``unreadable``, as its books
    could not be balanced, but nobody need wonder whether it was Stud/8)."""
    if game is None or game.stud8:
        return reason
    return f"{reason} (the header names {game.describe()}: not Seven Card Stud Hi/Lo, and not judged)"

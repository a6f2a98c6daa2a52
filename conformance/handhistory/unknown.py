"""Lines a reader does not know, judged by what they carry (issue 28 item 2).

A site writes more kinds of line than any reader lists: a new informational line ("The
tournament will resume shortly", "Dealer: good luck"), a greeting, a line of another product.
Refusing the whole hand for such a line throws away a hand the line cannot change. Reading
past a line that *could* change the hand is worse: a guess. So a line no row of the site's
grammar knows is judged by what it carries:

* it **names a seated player** (an action, a payout, a show we do not know the words of),
* it carries **an amount** (any number outside a date or a time of day: a pot, a rake, a
  bet, a stack; also a number written so that no amount can be: ``-0.05``, ``nan``),
* it carries **a card** (``Kd``, ``10h``, ``DK``, a bracketed list):

then the hand stays ``unreadable`` and the line is quoted, with the reason. Otherwise the line
is read past and listed on the verdict as "not understood, ignored": it names nobody and
moves no chip, and the money check still guards the hand (a payout the line stood for would
leave the books unbalanced). The report counts such lines per site, so that a new format
shows up.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_CARD = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9TJQKA])[cdhs](?![A-Za-z0-9])"
                   r"|(?<![A-Za-z0-9])[CDHS](?:10|[2-9TJQKA])(?![A-Za-z0-9])"
                   r"|\[[^\]]*\]")
"""A card as any site writes one (``Kd``, ``10h``, iPoker's suit-first ``DK``), or a bracketed
list (cards, hidden or not, are what brackets hold in every supported format)."""
_DATE_OR_TIME = re.compile(r"\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}|\d{1,2}:\d{2}(?::\d{2})?(?:\.\d+)?")
"""A date (``2016/08/02``, ``2021-01-02``) or a time of day (``11:13:02``): not amounts."""
_NUMBER = re.compile(r"\d|[$€£₹¥]|\b(?:nan|inf(?:inity)?)\b", re.IGNORECASE)
_BAD_NUMBER = re.compile(r"-\s?[$€£]?\s?\d[\d,.]*|\b(?:nan|inf(?:inity)?)\b|\d(?:\.\d+)?[eE][+-]?\d+", re.IGNORECASE)


def carries(line: str, names: Iterable[str]) -> str | None:
    """Why ``line`` (a line no row knows) cannot be read past, or None when it names no one
    of ``names`` (the seated players) and carries no amount and no card."""
    for name in sorted((name for name in names if name), key=len, reverse=True):
        if names_player(line, name):
            return f"it names the player {name!r}"
    plain = _DATE_OR_TIME.sub(" ", line)
    bad = _BAD_NUMBER.search(plain)
    if bad is not None:
        return f"it holds {bad.group().strip()!r}, which no amount can be"
    if _NUMBER.search(plain):
        return "it carries a number (an amount?)"
    if _CARD.search(line):
        return "it carries cards"
    return None


def names_player(line: str, name: str) -> bool:
    """Whether ``name`` stands in ``line`` as a whole word (not inside a longer word)."""
    start = line.find(name)
    while start != -1:
        end = start + len(name)
        before = line[start - 1] if start else " "
        after = line[end] if end < len(line) else " "
        if not (_word(before) and _word(name[0])) and not (_word(after) and _word(name[-1])):
            return True
        start = line.find(name, start + 1)
    return False


def _word(character: str) -> bool:
    return character.isalnum() or character == "_"


_WHO_ATTRIBUTES = ("player", "nickname", "name", "seat")
_AMOUNT_ATTRIBUTES = ("amount", "sum", "balance", "win", "bet", "chips", "pot", "rake")
_CARD_ATTRIBUTES = ("cards", "card")


def element_carries(tag: str, attributes: dict[str, str], text: str, players: Iterable[str]) -> str | None:
    """The same judgement for an XML element no table lists (Merge, iPoker): it names a player
    (an attribute that says who, holding one of ``players``: names or seat numbers of those dealt
    in), carries an amount (a non-zero amount attribute) or cards (a card attribute, or its
    text); else None. Structural attributes (``sequence``, ``timestamp``, ``no``) say nothing."""
    known = set(players)
    for key in _WHO_ATTRIBUTES:
        if attributes.get(key, "") in known and attributes.get(key):
            return f"<{tag}> names the player {attributes[key]!r}"
    for key in _AMOUNT_ATTRIBUTES:
        value = attributes.get(key, "").strip()
        if value and value.strip("$€£0.,") != "":
            return f"<{tag}> carries the amount {key}={value!r}"
    for key in _CARD_ATTRIBUTES:
        if attributes.get(key, "").strip():
            return f"<{tag}> carries cards"
    return carries(text, known) if text.strip() else None


def element_text(tag: str, attributes: dict[str, str], text: str) -> str:
    """An element as the verdict lists it when it is read past (at most 200 characters)."""
    said = "".join(f' {key}="{value}"' for key, value in attributes.items())
    inner = " ".join(text.split())
    return (f"<{tag}{said}>{inner}</{tag}>" if inner else f"<{tag}{said}/>")[:200]

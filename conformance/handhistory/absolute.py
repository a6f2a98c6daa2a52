"""Absolute Poker (Cereus network) text hand histories.

A hand starts ``Stage #1300000000: Seven Card Hi/Lo  Normal $0.02/$0.04 - 2009-03-18 19:10:00
(ET)`` (the small and big bet); a game other than Seven Card Hi/Lo at a limit structure is
refused for that hand (Absolute writes ``Normal`` for fixed limit, ``No Limit``/``Pot Limit``
otherwise). Players act as ``NAME - Verb $X``. Each street lists every player's cards so far,
``NAME - Pocket [H H Js 10d]`` (``H``: a hidden card; ``10`` for a ten), which the reader
places slot by slot. Amounts: ``Ante``, ``Bring-In``, ``Calls``, ``Bets``, chips added;
``Raises $A to $T`` the total on the street; ``All-In $X`` chips added.

Payout: ``NAME Collects $X from main pot`` (``side pot #N``), and the summary's ``Total
Pot($0.43) | Rake ($0.04)`` (the pot before rake).
"""

from __future__ import annotations

import re

from stud8.conformance.handhistory.record import HandRecord
from stud8.conformance.handhistory.sitebuild import (
    HandBuilder,
    HandError,
    HeaderTextReader,
    amount,
    cards,
)

SITE = "Absolute Poker"
_MONEY = r"[$€£]?\d[\d,]*(?:\.\d+)?"
_START = re.compile(r"^Stage #\d+: ")
_HEADER = re.compile(rf"^Stage #(?P<id>\d+): (?P<game>.+?) +(?P<limit>Normal|No Limit|Pot Limit|Limit) "
                     rf"(?P<small>{_MONEY})/(?P<big>{_MONEY})(?: - (?P<time>.*))?$")
_SEAT = re.compile(rf"^Seat (\d+) - (.+) \(({_MONEY}) in chips\)(.*)$")
_STREET = re.compile(r"^\*\*\* (3rd|4th|5th|6th) STREET \*\*\*$|^\*\*\* (RIVER) \*\*\*$", re.IGNORECASE)
_POCKET = re.compile(r"^(.+?) - Pocket \[([^\]]*)\]$")
_ACTION = re.compile(rf"^(?P<name>.+?) - (?P<verb>Ante|Bring-In|Calls|Bets|Raises|All-In|Checks|Folds)"
                     rf"(?: (?P<amt>{_MONEY}))?(?: to (?P<to>{_MONEY}))?")
_SHOWS = re.compile(r"^(.+?) - Shows \[([^\]]*)\]")
_MUCKS = re.compile(r"^(.+?) - Mucks")
_COLLECTS = re.compile(rf"^(.+?) Collects ({_MONEY}) from (main pot|side pot #?(\d+))")
_RETURNED = re.compile(rf"^(.+?) - returned \(({_MONEY})\)|^Uncalled bet (?:of )?\(?({_MONEY})\)? returned to (.+)$")
_TOTAL = re.compile(rf"^Total Pot\(({_MONEY})\) \| Rake \(({_MONEY})\)")
STREETS = {"3rd": 3, "4th": 4, "5th": 5, "6th": 6, "river": 7}


class AbsoluteReader(HeaderTextReader):
    """Absolute Poker text (``Stage #ID: ...``)."""

    name = "absolute"
    site = "an Absolute Poker"
    start = _START
    header = _HEADER

    def parse(self, lines: list[str], first: int, path: str, header: re.Match[str]) -> HandRecord:
        game = header.group("game").strip()
        limit = header.group("limit")
        if not re.search(r"(seven|7) card (stud )?hi/lo", game, re.IGNORECASE) or limit not in ("Normal", "Limit"):
            raise HandError(f"the game is {game + ' ' + limit!r}, not Seven Card Stud Hi/Lo fixed limit",
                            first, "not-stud8")
        unit = "cent" if header.group("small")[:1] in "$€£" else "chip"
        build = HandBuilder(SITE, header.group("id"), path, first, unit=unit)
        section = "seats"
        won: dict[int, list[tuple[str, int]]] = {}
        total = None
        rake = 0
        for number, text in enumerate(lines[1:], start=first + 1):
            line = text.strip()
            if not line:
                continue
            try:
                if line.startswith("*** SUMMARY"):
                    section = "summary"
                    continue
                if section == "summary":
                    found = _TOTAL.match(line)
                    if found:
                        total, rake = amount(found.group(1), unit), amount(found.group(2), unit)
                    continue
                seat = _SEAT.match(line)
                if seat and section == "seats":
                    if "sitting out" not in seat.group(4).lower():
                        build.seat(int(seat.group(1)), seat.group(2), amount(seat.group(3), unit))
                    continue
                street = _STREET.match(line)
                if street:
                    build.new_street(STREETS[(street.group(1) or street.group(2)).lower()])
                    section = "play"
                    continue
                if line.startswith("*** SHOW DOWN"):
                    continue
                pocket = _POCKET.match(line)
                if pocket and pocket.group(1) in build.slots:
                    build.hand_so_far(pocket.group(1), cards(pocket.group(2)), number)
                    continue
                shows = _SHOWS.match(line)
                if shows and shows.group(1) in build.slots:
                    build.show(shows.group(1), cards(shows.group(2)), number)
                    continue
                mucks = _MUCKS.match(line)
                if mucks and mucks.group(1) in build.slots:
                    build.muck(mucks.group(1), number)
                    continue
                collects = _COLLECTS.match(line)
                if collects and collects.group(1) in build.slots:
                    index = int(collects.group(4) or 0) if collects.group(3) != "main pot" else 0
                    won.setdefault(index, []).append((collects.group(1), amount(collects.group(2), unit)))
                    continue
                back = _RETURNED.match(line)
                if back:
                    name, chips = (back.group(1), back.group(2)) if back.group(1) else (back.group(4), back.group(3))
                    build.give_back(name, amount(chips, unit))
                    continue
                action = _ACTION.match(line)
                if action and action.group("name") in build.slots:
                    self._act(build, action, unit, number)
                    continue
            except ValueError as error:
                raise HandError(str(error), number) from None
        if total is None:
            raise HandError("the hand has no summary (\"Total Pot($X) | Rake ($Y)\"): the record is cut short",
                            first + len(lines) - 1)
        build.close_showdown()
        indices = sorted(won) or [0]
        for index in indices:
            paid = won.get(index, [])
            if len(indices) == 1:
                build.pot(total, rake=rake, collected=paid)
            else:  # side pots: Absolute states one total and one rake, taken from the main pot
                others = sum(c for i in indices if i != 0 for _, c in won[i])
                build.pot(total - others if index == 0 else sum(c for _, c in paid),
                          rake=rake if index == 0 else 0, collected=paid)
        build.total_pot = total
        return build.build(
            table="", game=f"{game} {limit}",
            currency={"$": "USD", "€": "EUR", "£": "GBP"}.get(header.group("small")[:1], ""),
            small_bet=amount(header.group("small"), unit), big_bet=amount(header.group("big"), unit),
            started=header.group("time") or "")

    @staticmethod
    def _act(build: HandBuilder, action: re.Match[str], unit: str, line: int) -> None:
        name, verb = action.group("name"), action.group("verb")
        chips = amount(action.group("amt"), unit) if action.group("amt") else 0
        if verb == "Ante":
            build.ante(name, chips, line)
        elif verb == "Bring-In":
            build.bring_in(name, chips, line)
        elif verb == "Raises" and action.group("to"):
            build.wager(name, to=amount(action.group("to"), unit), line=line)
        elif verb in ("Bets", "Raises"):
            build.wager(name, added=chips, line=line)
        elif verb == "Calls":
            build.call(name, added=chips, line=line)
        elif verb == "All-In":
            build.all_in(name, added=chips, line=line)
        elif verb == "Checks":
            build.check(name, line)
        else:
            build.fold(name, line)


READER = AbsoluteReader()

"""Bovada (Bodog) text hand histories.

A hand starts ``Bovada Hand #2633952287 TBL#2027664 7CARD HiLo Fixed Limit - 2012-09-19
13:11:08``; a game other than ``7CARD HiLo`` at ``Fixed Limit`` is refused for that hand.
Players are anonymous and named by seat (``Seat+1``; ``[ME]`` marks the player whose history
it is, and is dropped from the name). Bovada shows every player's cards once the hand is over,
so ``Seat+1 : Card dealt to a spot [6d Ad 2s]`` gives all three third-street cards of everyone;
later streets give the new card. Amounts: ``Ante chip``, ``Bring_in chip``, ``Calls``,
``Bets``, chips added; ``Raises $A to $T``, ``T`` the total on the street; ``All-in $X`` chips
added. A bring-in player who completes at once is written ``Bets``.

The header states no stakes. The reader takes the small bet from the completion on third
street or the first bet on fourth, and the big bet from the first bet on fifth to seventh
(twice the small bet when the hand ends sooner): so the audit cannot catch a wrong bet size
on the street the stakes were read from. A hand with no full bet at all cannot be read.

Payout: ``Seat+1 : Hand result $2.32`` per winner (all pots together: Bovada does not split
them in this format), ``Return uncalled portion of bet $X``, and the summary's ``Total
Pot($4.85) | Rake ($0.20)`` (the pot before rake). The summary's per-seat lines list each
shower's seven cards in the order dealt before the ``-``.
"""

from __future__ import annotations

import re

from stud8.conformance.handhistory.record import ActionKind, HandRecord
from stud8.conformance.handhistory.sitebuild import (
    HandBuilder,
    HandError,
    HeaderTextReader,
    amount,
    cards,
)

SITE = "Bovada"
_MONEY = r"[$€£]?\d[\d,]*(?:\.\d+)?"
_START = re.compile(r"^(?:Bovada|Bodog) Hand #\d+")
_HEADER = re.compile(r"^(?:Bovada|Bodog) Hand #(?P<id>\d+)(?: TBL#(?P<table>\S+))? (?P<game>.+?) - (?P<time>\d.*)$")
_SEAT = re.compile(rf"^(Seat\+(\d+))(?: \[ME\])?: ({_MONEY}) in chips$")
_STREET = re.compile(r"^\*\*\* (3RD|4TH|5TH|6TH) STREET \*\*\*$|^\*\*\* (RIVER) \*\*\*$", re.IGNORECASE)
_LINE = re.compile(r"^(Seat\+\d+)(?: \[ME\])? : (.*)$")
_ACTION = re.compile(rf"^(?P<verb>Ante chip|Bring_in chip|Bring-in chip|Bets|Raises|Calls|Checks|Folds|All-in(?:\(raise\))?)"
                     rf"(?: (?P<amt>{_MONEY}))?(?: to (?P<to>{_MONEY}))?$")
_DEALT = re.compile(r"^Card dealt to a spot \[([^\]]*)\]$")
_RESULT = re.compile(rf"^Hand result ({_MONEY})$")
_RETURN = re.compile(rf"^Return uncalled portion of bet ({_MONEY})$")
_TOTAL = re.compile(rf"^Total Pot\(({_MONEY})\)(?: \| Rake \(({_MONEY})\))?")
_SUMMARY_SEAT = re.compile(r"^(Seat\+\d+): (.*)$")
_SEVEN = re.compile(r"\[((?:\w{2,3} ){6}\w{2,3})-")
STREETS = {"3rd": 3, "4th": 4, "5th": 5, "6th": 6, "river": 7}


class BovadaReader(HeaderTextReader):
    """Bovada / Bodog text (``Bovada Hand #ID TBL#T GAME - TIME``)."""

    name = "bovada"
    site = "a Bovada"
    start = _START
    header = _HEADER

    def parse(self, lines: list[str], first: int, path: str, header: re.Match[str]) -> HandRecord:
        game = header.group("game")
        if not re.search(r"7\s*CARD\s+HI\s*-?/?\s*LO", game, re.IGNORECASE) or "fixed limit" not in game.lower():
            raise HandError(f"the game is {game!r}, not Seven Card Stud Hi/Lo fixed limit", first, "not-stud8")
        unit = "cent"
        build = HandBuilder(SITE, header.group("id"), path, first, unit=unit)
        section = "seats"
        won: dict[str, int] = {}
        total: int | None = None
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
                        total = amount(found.group(1), unit)
                        rake = amount(found.group(2), unit) if found.group(2) else 0
                        continue
                    seat_line = _SUMMARY_SEAT.match(line)
                    if seat_line and seat_line.group(1) in build.slots:
                        seven = _SEVEN.search(seat_line.group(2))
                        if seven:
                            build.show(seat_line.group(1), cards(seven.group(1)), number)
                    continue
                seat = _SEAT.match(line)
                if seat and section == "seats":
                    build.seat(int(seat.group(2)), seat.group(1), amount(seat.group(3), unit))
                    continue
                street = _STREET.match(line)
                if street:
                    build.new_street(STREETS[(street.group(1) or street.group(2)).lower()])
                    section = "play"
                    continue
                said = _LINE.match(line)
                if not said or said.group(1) not in build.slots:
                    continue
                name, what = said.groups()
                dealt = _DEALT.match(what)
                if dealt:
                    build.deal(name, cards(dealt.group(1)), line=number)
                    continue
                result = _RESULT.match(what)
                if result:
                    won[name] = won.get(name, 0) + amount(result.group(1), unit)
                    continue
                back = _RETURN.match(what)
                if back:
                    build.give_back(name, amount(back.group(1), unit))
                    continue
                action = _ACTION.match(what)
                if action:
                    self._act(build, name, action, unit, number)
            except ValueError as error:
                raise HandError(str(error), number) from None
        if total is None:
            raise HandError("the hand has no summary (\"Total Pot($X) | Rake ($Y)\"): the record is cut short",
                            first + len(lines) - 1)
        build.close_showdown()
        build.total_pot = total
        build.pot(total, rake=rake, collected=list(won.items()))
        small, big = self._stakes(build)
        return build.build(table=header.group("table") or "", game=game, currency="USD",
                           small_bet=small, big_bet=big, started=header.group("time"))

    @staticmethod
    def _stakes(build: HandBuilder) -> tuple[int, int]:
        """The small and big bet, from the full bets made (see the module docstring)."""
        small = next((a.amount for a in build.actions if not a.all_in and (
            (a.street == 3 and a.kind is ActionKind.COMPLETE) or (a.street == 4 and a.kind is ActionKind.BET))), 0)
        big = next((a.amount for a in build.actions
                    if not a.all_in and a.street >= 5 and a.kind is ActionKind.BET), 0)
        if not small and big:
            small = big // 2
        if not small:
            raise HandError("the header states no stakes and no full bet in the hand shows them")
        return small, big or 2 * small

    @staticmethod
    def _act(build: HandBuilder, name: str, action: re.Match[str], unit: str, line: int) -> None:
        verb = action.group("verb")
        chips = amount(action.group("amt"), unit) if action.group("amt") else 0
        if verb == "Ante chip":
            build.ante(name, chips, line)
        elif verb in ("Bring_in chip", "Bring-in chip"):
            build.bring_in(name, chips, line)
        elif verb == "Raises" and action.group("to"):
            build.wager(name, to=amount(action.group("to"), unit), line=line)
        elif verb in ("Bets", "Raises"):
            build.wager(name, added=chips, line=line)
        elif verb == "Calls":
            build.call(name, added=chips, line=line)
        elif verb.startswith("All-in"):
            if action.group("to"):
                build.wager(name, to=amount(action.group("to"), unit), line=line)
            else:
                build.all_in(name, added=chips, line=line)
        elif verb == "Checks":
            build.check(name, line)
        else:
            build.fold(name, line)


READER = BovadaReader()

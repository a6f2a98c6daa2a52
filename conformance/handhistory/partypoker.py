"""PartyPoker text hand histories (2010 client).

A hand starts ``Game #9581478205 starts.``; ``$0.50/$1 USD 7 Card Stud Hi-Lo - Monday, ...``
gives the small and big bet and the game (anything but ``7 Card Stud Hi-Lo`` is refused for
that hand; Party's fixed limit games print no limit word, its others ``NL``/``PL``). Streets:
``** Dealing **`` (third), ``** Dealing Fourth street **`` ... ``** Dealing River **``.
Amounts are in brackets, ``[$0.25 USD]``: ``posts ante``, ``bring-ins``, ``calls``, ``bets``,
``raises``, ``is all-In``, chips added; ``completes``, the total on third street.

PartyPoker records only the cards of the player whose history it is: no other player's up
cards appear before the showdown, so who had to bring in and who was first to act on each
street cannot be checked from the record (the audit says so). At the showdown ``NAME shows [
Ad, Qd, ... ]`` and ``NAME doesn't show [ ... ]`` (mucked, cards known) list seven cards,
taken in the order dealt.

Payout: ``NAME wins $8.45 USD from the main pot`` (or ``side pot #N``); PartyPoker states
neither the pot nor the rake here, so the pot is what the players put in (less an uncalled
bet returned, ``NAME returns`` lines if any) and the rake what nobody was paid.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TextIO

from stud8.conformance.handhistory.record import HandProblem, HandRecord
from stud8.conformance.handhistory.sitebuild import (
    HandBuilder,
    HandError,
    amount,
    cards,
    problem,
    split_hands,
)

SITE = "PartyPoker"
_MONEY = r"[$€£]?\d[\d,]*(?:\.\d+)?"
_START = re.compile(r"^Game #\d+ starts\.$")
_GAME = re.compile(rf"^(?P<small>{_MONEY})/(?P<big>{_MONEY})(?: (?P<cur>[A-Z]{{3}}))? (?P<game>.+?) - (?P<time>.+)$")
_TABLE = re.compile(r"^Table (.+?)(?: \((?:Real|Play) Money\))?$")
_SEAT = re.compile(rf"^Seat (\d+): (.+) \( ({_MONEY})(?: [A-Z]{{3}})? \)$")
_STREET = re.compile(r"^\*\* Dealing(?: (Fourth|Fifth|Sixth) street| (River))? \*\*$")
_DEALT = re.compile(r"^Dealt to (.+?) \[([^\]]*)\]$")
_ACTION = re.compile(rf"^(?P<name>.+?) (?P<verb>posts ante|bring-ins|completes|bets|raises|calls|is all-In|checks|folds)"
                     rf"(?: \[(?P<amt>{_MONEY})(?: [A-Z]{{3}})?\])?")
_SHOWS = re.compile(r"^(.+?) (shows|doesn't show) \[([^\]]*)\]")
_WINS = re.compile(rf"^(.+?) wins ({_MONEY})(?: [A-Z]{{3}})? from (?:the )?(main pot|side pot(?: #?(\d+))?)")
STREETS = {None: 3, "Fourth": 4, "Fifth": 5, "Sixth": 6, "River": 7}


class PartyPokerReader:
    """PartyPoker text (``Game #ID starts.``)."""

    name = "partypoker"

    def sniff(self, head: str) -> bool:
        lines = [line.lstrip("\ufeff") for line in head.splitlines()[:10]]
        return any(_START.match(line) for line in lines) and any("Hand History for Game" in line for line in lines)

    def read(self, stream: TextIO, path: str) -> Iterator[HandRecord | HandProblem]:
        for hand in split_hands(stream, _START):
            found = re.search(r"#(\d+)", hand.lines[0])
            hand_id = found.group(1) if found else None
            try:
                hand.check()
                yield self._hand(hand.lines, hand.line, path, hand_id or "?")
            except HandError as error:
                yield problem(path, hand_id, error, hand.line)

    def _hand(self, lines: list[str], first: int, path: str, hand_id: str) -> HandRecord:
        header: re.Match[str] | None = None
        table = ""
        for text in lines[1:8]:
            header = header or _GAME.match(text.strip())
            found = _TABLE.match(text.strip())
            table = found.group(1) if found and not table else table
        if header is None:
            raise HandError("no \"$S/$B CUR GAME - DATE\" line after the hand's first line", first)
        game = header.group("game")
        if game.strip() != "7 Card Stud Hi-Lo":
            raise HandError(f"the game is {game!r}, not Seven Card Stud Hi/Lo fixed limit", first, "not-stud8")
        unit = "cent" if header.group("small")[:1] in "$€£" else "chip"
        build = HandBuilder(SITE, hand_id, path, first, unit=unit)
        won: dict[int, list[tuple[str, int]]] = {}
        section = "seats"
        for number, text in enumerate(lines[1:], start=first + 1):
            line = text.strip()
            if not line:
                continue
            try:
                seat = _SEAT.match(line)
                if seat and section == "seats":
                    build.seat(int(seat.group(1)), seat.group(2), amount(seat.group(3), unit))
                    continue
                street = _STREET.match(line)
                if street:
                    build.new_street(STREETS[street.group(1) or street.group(2)])
                    section = "play"
                    continue
                dealt = _DEALT.match(line)
                if dealt:
                    build.deal(dealt.group(1), cards(dealt.group(2)), line=number)
                    continue
                shows = _SHOWS.match(line)
                if shows and shows.group(1) in build.slots:
                    build.show(shows.group(1), cards(shows.group(3).replace(",", " ")), number,
                               mucked=shows.group(2) != "shows")
                    continue
                wins = _WINS.match(line)
                if wins and wins.group(1) in build.slots:
                    index = 0 if wins.group(3) == "main pot" else int(wins.group(4) or 1)
                    won.setdefault(index, []).append((wins.group(1), amount(wins.group(2), unit)))
                    continue
                action = _ACTION.match(line)
                if action and action.group("name") in build.slots:
                    self._act(build, action, unit, number)
                    continue
            except ValueError as error:
                raise HandError(str(error), number) from None
        if not won:
            raise HandError("the hand has no \"NAME wins ...\" line: the record is cut short", first + len(lines) - 1)
        build.close_showdown()
        back = build.uncalled()
        if back is not None and len(build.seats) - len(build.folded()) == 1:
            build.give_back(*back)
            won[0] = [(name, chips - back[1]) if name == back[0] else (name, chips) for name, chips in won.get(0, [])]
        put_in = sum(build.put_in().values()) - (back[1] if back and build.returned else 0)
        sides = sum(chips for index in won if index for _, chips in won[index])
        for index in sorted(won):
            paid = won[index]
            pot = put_in - sides if index == 0 else sum(chips for _, chips in paid)
            build.pot(pot, rake=pot - sum(chips for _, chips in paid), collected=paid)
        return build.build(
            table=table, game=game, currency=header.group("cur") or "",
            small_bet=amount(header.group("small"), unit), big_bet=amount(header.group("big"), unit),
            started=header.group("time"))

    @staticmethod
    def _act(build: HandBuilder, action: re.Match[str], unit: str, line: int) -> None:
        name, verb = action.group("name"), action.group("verb")
        chips = amount(action.group("amt"), unit) if action.group("amt") else 0
        if verb == "posts ante":
            build.ante(name, chips, line)
        elif verb == "bring-ins":
            build.bring_in(name, chips, line)
        elif verb == "completes":
            build.wager(name, to=chips, line=line)
        elif verb in ("bets", "raises"):
            build.wager(name, added=chips, line=line)
        elif verb == "calls":
            build.call(name, added=chips, line=line)
        elif verb == "is all-In":
            build.all_in(name, added=chips, line=line)
        elif verb == "checks":
            build.check(name, line)
        else:
            build.fold(name, line)


READER = PartyPokerReader()

"""Kings Club text hand histories.

A hand starts ``#39969428: Limit Seven Card Stud Hi-Lo - 40/80`` (the small and big bet, in
dollars without a sign; amounts elsewhere may have cents and thousands commas: ``1,725.59``),
then the date and ``Table '8 Game Mix'``. A game other than Stud Hi-Lo at fixed limit is
refused for that hand. Third street has no header: the first ``Dealt to NAME: [X X Td]``
lines are its cards (``X`` unseen); the headers that follow are numbered one behind (``***
3RD STREET ***`` opens fourth street), so the reader counts them and ignores the names.

Amounts: ``posts ante``, ``brings in for``, chips added; ``bets``, ``raises``, ``calls``, the
player's total on the street (``Player0 brings in for 10`` then ``Player0 calls 40`` adds 30:
the summary's ``+329`` for that player holds only so). The summary gives each player's final
stack and net, ``Rake N`` and ``NAME wins pot (N)``; the pot is what was won plus the rake.
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

SITE = "Kings Club"
_NUMBER = r"\d[\d,]*(?:\.\d+)?"
_START = re.compile(r"^#\d+: .*\b(?:Stud|Razz|Hold|Omaha|Draw|Badugi)", re.IGNORECASE)
_HEADER = re.compile(rf"^#(?P<id>\d+): (?P<game>.+?) - (?P<small>{_NUMBER})/(?P<big>{_NUMBER})$")
_SEAT = re.compile(rf"^Seat (\d+): (.+) \(({_NUMBER})\)$")
_STREET = re.compile(r"^\*\*\* \w+ STREET \*\*\*$", re.IGNORECASE)
_DEALT = re.compile(r"^Dealt to (.+?): \[([^\]]*)\]$")
_ACTION = re.compile(rf"^(?P<name>.+?):? (?P<verb>posts ante|brings in for|bets|raises to|raises|calls|checks|folds)"
                     rf"(?: (?P<amt>{_NUMBER}))?(?P<allin> and is all-in)?$")
_SHOWS = re.compile(r"^(.+?) shows \[([^\]]*)\]")
_MUCKS = re.compile(r"^(.+?) mucks")
_RAKE = re.compile(rf"^Rake ({_NUMBER})$")
_WINS = re.compile(rf"^(.+?) wins (?:the )?(?:(?:high|low|main|side) )?pot(?: \d+)? \(({_NUMBER})\)")


def is_stud8_limit(game: str) -> bool:
    text = game.lower()
    return bool(re.search(r"stud\s*hi\s*[-/]?\s*lo", text)) and text.startswith("limit ")


class KingsClubReader(HeaderTextReader):
    """Kings Club text (``#ID: Limit Seven Card Stud Hi-Lo - 40/80``)."""

    name = "kingsclub"
    site = "a Kings Club"
    start = _START
    header = _HEADER

    def sniff(self, head: str) -> bool:
        lines = [line.lstrip("\ufeff") for line in head.splitlines()[:5]]
        return bool(lines) and bool(_START.match(lines[0])) and bool(_HEADER.match(lines[0]))

    def parse(self, lines: list[str], first: int, path: str, header: re.Match[str]) -> HandRecord:
        game = header.group("game")
        if not is_stud8_limit(game):
            raise HandError(f"the game is {game!r}, not Seven Card Stud Hi/Lo fixed limit", first, "not-stud8")
        unit = "cent"
        build = HandBuilder(SITE, header.group("id"), path, first, unit=unit)
        table = ""
        section = "seats"
        rake: int | None = None
        won: list[tuple[str, int]] = []
        for number, text in enumerate(lines[1:], start=first + 1):
            line = text.strip()
            if not line:
                continue
            try:
                if line.startswith("*** SUMMARY"):
                    section = "summary"
                    continue
                if section == "summary":
                    found = _RAKE.match(line)
                    if found:
                        rake = amount(found.group(1), unit)
                    wins = _WINS.match(line)
                    if wins:
                        won.append((build.known(wins.group(1)), amount(wins.group(2), unit)))
                    continue
                if line.startswith("Table '"):
                    table = line[len("Table '"):].rstrip("'")
                    continue
                seat = _SEAT.match(line)
                if seat and section == "seats":
                    build.seat(int(seat.group(1)), seat.group(2), amount(seat.group(3), unit))
                    continue
                if build.seats:
                    section = "play"
                if _STREET.match(line):
                    build.new_street(build.street + 1)
                    continue
                dealt = _DEALT.match(line)
                if dealt:
                    build.deal(dealt.group(1), cards(dealt.group(2)), line=number)
                    continue
                shows = _SHOWS.match(line)
                if shows and shows.group(1) in build.slots:
                    build.show(shows.group(1), cards(shows.group(2)), number)
                    continue
                mucks = _MUCKS.match(line)
                if mucks and mucks.group(1) in build.slots:
                    build.muck(mucks.group(1), number)
                    continue
                action = _ACTION.match(line)
                if action and action.group("name") in build.slots:
                    self._act(build, action, unit, number)
                    continue
            except ValueError as error:
                raise HandError(str(error), number) from None
        if rake is None or not won:
            raise HandError("the hand has no summary (\"Rake N\", \"NAME wins pot (N)\"): the record is cut short",
                            first + len(lines) - 1)
        build.close_showdown()
        back = build.uncalled()
        if back is not None and len(build.seats) - len(build.folded()) == 1:
            # An uncontested last bet: Kings Club pays it back inside "wins pot".
            build.give_back(*back)
            won = [(name, chips - back[1]) if name == back[0] else (name, chips) for name, chips in won]
        paid = sum(chips for _, chips in won)
        build.total_pot = paid + rake
        build.pot(paid + rake, rake=rake, collected=won)
        return build.build(
            table=table, game=game, currency="",
            small_bet=amount(header.group("small"), unit), big_bet=amount(header.group("big"), unit),
            started=lines[1].strip() if len(lines) > 1 else "")

    @staticmethod
    def _act(build: HandBuilder, action: re.Match[str], unit: str, line: int) -> None:
        name, verb = action.group("name"), action.group("verb")
        chips = amount(action.group("amt"), unit) if action.group("amt") else 0
        if verb == "posts ante":
            build.ante(name, chips, line)
        elif verb == "brings in for":
            build.bring_in(name, chips, line)
        elif verb in ("bets", "raises", "raises to"):
            build.wager(name, to=chips, line=line)
        elif verb == "calls":
            build.call(name, to=chips, line=line)
        elif verb == "checks":
            build.check(name, line)
        else:
            build.fold(name, line)


READER = KingsClubReader()

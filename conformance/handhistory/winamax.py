"""Winamax text hand histories (cash games; Stud Hi/Lo is played in its mixed games).

A hand starts ``Winamax Poker - CashGame - HandId: #9250793-554-1478991850 - 7-Card Stud
Hi/Lo fixed limit (5€/25€/50€) - 2016/11/12 23:04:10 UTC``: the parentheses give the ante,
the small bet and the big bet. A game other than Stud Hi/Lo ``fixed limit`` is refused for
that hand (the other games of a mix, say). ``Dealt to NAME [X X 8h] [Ks]``: the last group is
the street's cards (``X`` unseen). Amounts: ``posts ante``, ``brings in``, ``calls``, chips
added; ``bets``, the bet; ``raises A to T``, ``T`` the total on the street.

Payout: ``NAME collected 114€ from pot(HI)`` / ``(LO)``; ``Total pot 228€ | Rake 2€`` is what
was paid out and the rake. Winamax pays an uncalled last bet back inside the pot (the hand in
the test data: a 50€ bet nobody called, "Total pot 228€" and two "collected 114€"): when no
player is left to call it, the reader takes that bet out of what was collected and out of the
pot, as a return.
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

SITE = "Winamax"
_MONEY = r"[$€£]?\d[\d,]*(?:\.\d+)?[€$£]?"
_START = re.compile(r"^Winamax Poker - ")
_HEADER = re.compile(rf"^Winamax Poker - (?P<kind>[^-]+?) - HandId: #(?P<id>[\w-]+) - (?P<game>.+?) "
                     rf"\((?:(?P<ante>{_MONEY})/)?(?P<small>{_MONEY})/(?P<big>{_MONEY})\) - (?P<time>.+)$")
_TABLE = re.compile(r"^Table: '([^']*)'")
_SEAT = re.compile(rf"^Seat (\d+): (.+) \(({_MONEY})\)$")
_STREET = re.compile(r"^\*\*\* (3rd|4th|5th|6th|7th) STREET \*\*\*", re.IGNORECASE)
_DEALT = re.compile(r"^Dealt to (.+?) ((?:\[[^\]]*\] ?)+)$")
_GROUP = re.compile(r"\[([^\]]*)\]")
_ACTION = re.compile(rf"^(?P<name>.+?) (?P<verb>posts ante|brings in|bets|raises|calls|checks|folds)"
                     rf"(?: (?P<amt>{_MONEY}))?(?: to (?P<to>{_MONEY}))?(?P<allin> and is all-in)?$")
_SHOWS = re.compile(r"^(.+?) shows \[([^\]]*)\]")
_COLLECTED = re.compile(rf"^(.+?) collected ({_MONEY}) from (?:main |side )?pot(?: ?(\d+))?")
_TOTAL = re.compile(rf"^Total pot ({_MONEY}) \| (?:No rake|Rake ({_MONEY}))")
STREETS = {"3rd": 3, "4th": 4, "5th": 5, "6th": 6, "7th": 7}


def is_stud8_limit(game: str) -> bool:
    text = game.lower()
    return bool(re.search(r"stud\s*hi\s*/\s*lo", text)) and "fixed limit" in text


class WinamaxReader(HeaderTextReader):
    """Winamax text (``Winamax Poker - CashGame - HandId: #...``)."""

    name = "winamax"
    site = "a Winamax"
    start = _START
    header = _HEADER

    def sniff(self, head: str) -> bool:
        return any(_START.match(line.lstrip("\ufeff")) and "HandId: #" in line for line in head.splitlines()[:20])

    def parse(self, lines: list[str], first: int, path: str, header: re.Match[str]) -> HandRecord:
        game = header.group("game")
        if not is_stud8_limit(game):
            raise HandError(f"the game is {game!r}, not Seven Card Stud Hi/Lo fixed limit", first, "not-stud8")
        money = header.group("small")
        unit = "cent" if any(sign in money for sign in "$€£") else "chip"
        build = HandBuilder(SITE, header.group("id"), path, first, unit=unit)
        table = ""
        section = "seats"
        total = None
        rake = 0
        won: dict[str, int] = {}
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
                found_table = _TABLE.match(line)
                if found_table:
                    table = found_table.group(1)
                    continue
                seat = _SEAT.match(line)
                if seat and section == "seats":
                    build.seat(int(seat.group(1)), seat.group(2), amount(seat.group(3), unit))
                    continue
                street = _STREET.match(line)
                if street:
                    build.new_street(STREETS[street.group(1).lower()])
                    section = "play"
                    continue
                dealt = _DEALT.match(line)
                if dealt:
                    build.deal(dealt.group(1), cards(_GROUP.findall(dealt.group(2))[-1]), line=number)
                    continue
                action = _ACTION.match(line)
                if action and action.group("name") in build.slots:
                    self._act(build, action, unit, number)
                    continue
                shows = _SHOWS.match(line)
                if shows and shows.group(1) in build.slots:
                    build.show(shows.group(1), cards(shows.group(2)), number)
                    continue
                collected = _COLLECTED.match(line)
                if collected and collected.group(1) in build.slots:
                    name = collected.group(1)
                    won[name] = won.get(name, 0) + amount(collected.group(2), unit)
                    continue
            except ValueError as error:
                raise HandError(str(error), number) from None
        if total is None:
            raise HandError("the hand has no summary (\"Total pot ... | Rake ...\"): the record is cut short",
                            first + len(lines) - 1)
        build.close_showdown()
        gross = total + rake
        back = build.uncalled()
        if back is not None and len(build.seats) - len(build.folded()) == 1 and won.get(back[0], 0) >= back[1]:
            build.give_back(*back)
            won[back[0]] -= back[1]
            gross -= back[1]
        build.total_pot = gross
        build.pot(gross, rake=rake, collected=list(won.items()))
        return build.build(
            table=table, game=game, currency="EUR" if "€" in money else ("USD" if "$" in money else ""),
            ante=amount(header.group("ante"), unit) if header.group("ante") else 0,
            small_bet=amount(money, unit), big_bet=amount(header.group("big"), unit), started=header.group("time"))

    @staticmethod
    def _act(build: HandBuilder, action: re.Match[str], unit: str, line: int) -> None:
        name, verb = action.group("name"), action.group("verb")
        chips = amount(action.group("amt"), unit) if action.group("amt") else 0
        if verb == "posts ante":
            build.ante(name, chips, line)
        elif verb == "brings in":
            build.bring_in(name, chips, line)
        elif verb == "raises":
            if action.group("to"):
                build.wager(name, to=amount(action.group("to"), unit), line=line)
            else:
                build.wager(name, added=chips, line=line)
        elif verb == "bets":
            build.wager(name, added=chips, line=line)
        elif verb == "calls":
            build.call(name, added=chips, line=line)
        elif verb == "checks":
            build.check(name, line)
        else:
            build.fold(name, line)


READER = WinamaxReader()

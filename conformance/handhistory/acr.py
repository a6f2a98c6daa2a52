"""Americas Cardroom (Winning Poker Network, the 2020s client) text hand histories.

A hand starts ``Hand #1903647457 - 7Stud H/L(Fixed Limit) - $0.10/$0.20 - 2023/10/22 02:49:52
UTC``; the next line is the table. Anything but Stud ``H/L`` at ``Fixed Limit`` is refused for
that hand. Amounts: ``posts ante``, ``brings in``, ``calls``, chips added (``and is all-in``
marks an all-in); ``bets``, the bet; ``raises $A to $T``, ``T`` the total on the street (the
completion of a bring-in is written as a raise). Cards: ``Dealt to NAME [...] [NEW]``, the last
group the street's cards; ``shows [seven cards]`` in the order dealt.

ACR prints the pots at every street and at the showdown after its rake: ``Main pot $8.36 |
Rake $0.10`` and ``Side pot(1) $0.60 | Rake $0.00``; a pot's "rake" there includes the jackpot
fee, which only the summary separates (``Total pot $8.96 | Rake $0.08 | JP Fee $0.02``, the
total being what was paid out). The reader takes each pot as the showdown lists it (its
amount before rake is the amount printed plus its rake) and splits the summary's jackpot fee
from the rake of the pots that were raked. ``collected $X from main pot`` / ``from side
pot-N`` give what each player won from each pot.
"""

from __future__ import annotations

import re

from stud8.conformance.handhistory.fulltilt import is_stud8_limit
from stud8.conformance.handhistory.record import ActionKind, HandRecord
from stud8.conformance.handhistory.sitebuild import (
    HandBuilder,
    HandError,
    HeaderTextReader,
    amount,
    cards,
)

SITE = "Americas Cardroom"
_MONEY = r"[$€£]?[\d,.]+"
_START = re.compile(rf"^Hand #\d+ - .+ - {_MONEY}/{_MONEY} - \d{{4}}/")
_HEADER = re.compile(rf"^Hand #(?P<id>\d+) - (?P<game>.+) - (?P<small>{_MONEY})/(?P<big>{_MONEY}) - (?P<time>\d.*)$")
_SEAT = re.compile(rf"^Seat (\d+): (.+) \(({_MONEY})\)(.*)$")
_STREET = re.compile(r"^\*\*\* (3rd|4th|5th|6th|7th) STREET \*\*\*", re.IGNORECASE)
_POT = re.compile(rf"^(Main pot|Side pot\((\d+)\)) ({_MONEY}) \| Rake ({_MONEY})")
_DEALT = re.compile(r"^Dealt to (.+?) ((?:\[[^\]]*\] ?)+)$")
_GROUP = re.compile(r"\[([^\]]*)\]")
_ACTION = re.compile(
    rf"^(?P<name>.+?) (?P<verb>posts ante|brings in|bets|raises|calls|checks|folds)"
    rf"(?: (?P<amt>{_MONEY}))?(?: to (?P<to>{_MONEY}))?(?P<allin> and is all-in)?$")
_UNCALLED = re.compile(rf"^Uncalled bet (?:of )?\(?({_MONEY})\)? returned to (.+)$")
_SHOWS = re.compile(r"^(.+?) shows \[([^\]]*)\]")
_MUCKS = re.compile(r"^(.+?) (?:mucks|does not show)")
_COLLECTED = re.compile(rf"^(.+?) collected ({_MONEY}) from (main pot|side pot-(\d+))")
_TOTAL = re.compile(rf"^Total pot ({_MONEY}) \| Rake ({_MONEY})(?: \| JP Fee ({_MONEY}))?")
STREETS = {"3rd": 3, "4th": 4, "5th": 5, "6th": 6, "7th": 7}


class AcrReader(HeaderTextReader):
    """Americas Cardroom text (``Hand #N - 7Stud H/L(Fixed Limit) - $0.10/$0.20 - ...``)."""

    name = "acr"
    site = "an Americas Cardroom"
    start = _START
    header = _HEADER

    def parse(self, lines: list[str], first: int, path: str, header: re.Match[str]) -> HandRecord:
        game = header.group("game")
        if not is_stud8_limit(game.replace("7Stud", "Stud ")):
            raise HandError(f"the game is {game!r}, not Seven Card Stud Hi/Lo fixed limit", first, "not-stud8")
        unit = "cent" if header.group("small")[:1] in "$€£" else "chip"
        build = HandBuilder(SITE, header.group("id"), path, first, unit=unit)
        table = lines[1].strip() if len(lines) > 1 else ""
        section = "seats"
        showdown = False
        pots: dict[int, tuple[int, int]] = {}     # pot index -> (printed amount, printed rake)
        won: dict[int, list[tuple[str, int]]] = {}
        summary: tuple[int, int, int] | None = None
        for number, text in enumerate(lines[2:], start=first + 2):
            line = text.strip()
            if not line:
                continue
            try:
                if line.startswith("*** SUMMARY"):
                    section = "summary"
                    continue
                if section == "summary":
                    stated = _TOTAL.match(line)
                    if stated:
                        summary = (amount(stated.group(1), unit), amount(stated.group(2), unit),
                                   amount(stated.group(3), unit) if stated.group(3) else 0)
                    continue
                if line.startswith("*** SHOW DOWN"):
                    showdown = True
                    pots = {}
                    continue
                street = _STREET.match(line)
                if street:
                    build.new_street(STREETS[street.group(1).lower()])
                    section = "play"
                    continue
                seat = _SEAT.match(line)
                if seat and section == "seats":
                    if "sitting out" not in seat.group(4):
                        build.seat(int(seat.group(1)), seat.group(2), amount(seat.group(3), unit))
                    continue
                pot = _POT.match(line)
                if pot:
                    pots[int(pot.group(2) or 0)] = (amount(pot.group(3), unit), amount(pot.group(4), unit))
                    continue
                dealt = _DEALT.match(line)
                if dealt:
                    groups = _GROUP.findall(dealt.group(2))
                    build.deal(dealt.group(1), cards(groups[-1]), line=number)
                    continue
                action = _ACTION.match(line)
                if action and action.group("name") in build.slots:
                    self._act(build, action, unit, number)
                    continue
                back = _UNCALLED.match(line)
                if back:
                    build.give_back(back.group(2), amount(back.group(1), unit))
                    continue
                shows = _SHOWS.match(line)
                if shows and shows.group(1) in build.slots:
                    build.show(shows.group(1), cards(shows.group(2)), number)
                    continue
                mucks = _MUCKS.match(line)
                if mucks and mucks.group(1) in build.slots and showdown:
                    build.muck(mucks.group(1), number)
                    continue
                collected = _COLLECTED.match(line)
                if collected and collected.group(1) in build.slots:
                    index = int(collected.group(4) or 0)
                    won.setdefault(index, []).append((collected.group(1), amount(collected.group(2), unit)))
                    continue
            except ValueError as error:
                raise HandError(str(error), number) from None
        if summary is None:
            raise HandError("the hand has no summary (\"Total pot ... | Rake ...\"): the record is cut short",
                            first + len(lines) - 1)
        total, rake, fee = summary
        if not showdown or not pots:
            pots = {0: (total, rake + fee)}
        raked = sum(printed_rake for _, printed_rake in pots.values())
        for index in sorted(pots):
            printed, printed_rake = pots[index]
            share = fee if printed_rake and raked == rake + fee else 0
            fee -= share
            build.pot(printed + printed_rake, rake=printed_rake - share, fees=share, collected=won.get(index, []))
        build.total_pot = total + rake + summary[2]
        bring = next((a.amount for a in build.actions if a.kind is ActionKind.BRING_IN and not a.all_in), 0)
        return build.build(
            table=table, game=game,
            currency={"$": "USD", "€": "EUR", "£": "GBP"}.get(header.group("small")[:1], ""),
            ante=next((a.amount for a in build.actions if a.kind is ActionKind.ANTE), 0), bring_in=bring,
            small_bet=amount(header.group("small"), unit), big_bet=amount(header.group("big"), unit),
            started=header.group("time"))

    @staticmethod
    def _act(build: HandBuilder, action: re.Match[str], unit: str, line: int) -> None:
        name, verb = action.group("name"), action.group("verb")
        chips = amount(action.group("amt"), unit) if action.group("amt") else 0
        if verb == "posts ante":
            build.ante(name, chips, line)
        elif verb == "brings in":
            build.bring_in(name, chips, line)
        elif verb == "raises":
            if action.group("to") is None:
                raise HandError(f"a raise without its total: {action.group(0)!r}", line)
            build.wager(name, to=amount(action.group("to"), unit), line=line)
        elif verb == "bets":
            build.wager(name, added=chips, line=line)
        elif verb == "calls":
            build.call(name, added=chips, line=line)
        elif verb == "checks":
            build.check(name, line)
        else:
            build.fold(name, line)


READER = AcrReader()

"""Full Tilt Poker text hand histories (cash games and tournaments).

A hand starts ``Full Tilt Poker Game #29408130000: Table NAME - $2/$4 Ante $0.40 - Limit Stud
H/L - 01:12:00 ET - 2011/03/28``; the game text decides whether it is Stud/8 fixed limit
(``Limit Stud H/L``): ``Limit Stud Hi``, ``Razz`` or any no-limit game is refused for that hand.
Seats marked ``is sitting out`` are not in the hand. Each street's cards are ``Dealt to NAME
[...] [NEW]``: on third street the last group is the cards dealt (one up card for an
opponent, two down and the up card for the player whose history it is); on later streets the
last group is the street's card. Amounts: ``brings in for``, ``calls``, chips added;
``completes it to``, ``raises to``, the total on the street; ``bets``, the bet.

Payout: ``NAME wins the pot ($X)``, ``wins the high pot``/``low pot``, ``ties for ...``, with
``main``/``side pot #N`` when there are side pots; ``Uncalled bet of $X returned to NAME``;
``Total pot $X | Rake $Y`` (the pot before rake, after uncalled bets are returned).
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

SITE = "Full Tilt Poker"
_START = re.compile(r"^Full Tilt Poker Game #\d+")
_HEADER = re.compile(
    r"^Full Tilt Poker Game #(?P<id>\d+): (?P<where>.*?) - (?P<small>[$€£]?[\d,.]+)/(?P<big>[$€£]?[\d,.]+)"
    r"(?: Ante (?P<ante>[$€£]?[\d,.]+))? - (?P<game>.+?) - (?P<time>\d.*)$")
_SEAT = re.compile(r"^Seat (\d+): (.+) \(([$€£]?[\d,.]+)\)(, is sitting out)?$")
_STREET = re.compile(r"^\*\*\* (3RD|4TH|5TH|6TH|7TH) STREET \*\*\*")
_DEALT = re.compile(r"^Dealt to (.+?) ((?:\[[^\]]*\] ?)+)$")
_GROUP = re.compile(r"\[([^\]]*)\]")
_ACTION = re.compile(
    r"^(?P<name>.+?) (?P<verb>antes|brings in for|completes it to|bets|raises to|calls|checks|folds)"
    r"(?: (?P<amt>[$€£]?[\d,.]+))?(?P<allin>, and is all in)?$")
_UNCALLED = re.compile(r"^Uncalled bet of ([$€£]?[\d,.]+) returned to (.+)$")
_SHOWS = re.compile(r"^(.+?) shows \[([^\]]*)\]")
_MUCKS = re.compile(r"^(.+?) mucks(?: \[([^\]]*)\])?")
_WINS = re.compile(r"^(?P<name>.+?) (?:wins|ties for) (?:the )?(?:(?:high|low) )?(?P<which>main |side )?pot"
                   r"(?: #?(?P<n>\d+))? \((?P<amt>[$€£]?[\d,.]+)\)")
_TOTAL = re.compile(r"^Total pot (?P<total>[$€£]?[\d,.]+)(?P<pots>.*?) \| Rake (?P<rake>[$€£]?[\d,.]+)")
_SIDE = re.compile(r"(Main|Side) pot(?: (\d+))? ([$€£]?[\d,.]+)")
STREETS = {"3RD": 3, "4TH": 4, "5TH": 5, "6TH": 6, "7TH": 7}


def is_stud8_limit(game: str) -> bool:
    """Whether a game text names Stud/8 at fixed limit."""
    text = game.lower()
    hi_lo = re.search(r"stud\s*(h/l|hi/lo|hi-lo|8)", text) is not None
    return hi_lo and "no limit" not in text and "pot limit" not in text and "limit" in text


class FullTiltReader(HeaderTextReader):
    """Full Tilt Poker text (``Full Tilt Poker Game #...``)."""

    name = "fulltilt"
    site = "a Full Tilt"
    start = _START
    header = _HEADER

    def parse(self, lines: list[str], first: int, path: str, header: re.Match[str]) -> HandRecord:
        game = header.group("game")
        if not is_stud8_limit(game):
            raise HandError(f"the game is {game!r}, not Seven Card Stud Hi/Lo fixed limit", first, "not-stud8")
        unit = "cent" if header.group("small")[:1] in "$€£" else "chip"
        build = HandBuilder(SITE, header.group("id"), path, first, unit=unit)
        where = header.group("where")
        table = where.rsplit("Table ", 1)[-1] if "Table " in where else where
        tournament = re.search(r"\((\d+)\)", where)
        showdown = False
        total: int | None = None
        pots: list[int] = []
        rake = 0
        won: dict[int, list[tuple[str, int]]] = {}
        section = "seats"
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
                        total = amount(found.group("total"), unit)
                        rake = amount(found.group("rake"), unit)
                        pots = [amount(m.group(3), unit) for m in _SIDE.finditer(found.group("pots"))]
                    continue
                if line.startswith("*** SHOW DOWN"):
                    showdown = True
                    continue
                street = _STREET.match(line)
                if street:
                    build.new_street(STREETS[street.group(1)])
                    section = "play"
                    continue
                seat = _SEAT.match(line)
                if seat and section == "seats":
                    if not seat.group(4):
                        build.seat(int(seat.group(1)), seat.group(2), amount(seat.group(3), unit))
                    continue
                dealt = _DEALT.match(line)
                if dealt:
                    groups = _GROUP.findall(dealt.group(2))
                    if build.street == 3:
                        build.deal(dealt.group(1), cards(" ".join(groups)), line=number)
                    else:
                        build.deal(dealt.group(1), cards(groups[-1]), line=number)
                    continue
                action = _ACTION.match(line)
                if action and (action.group("name") in build.slots):
                    self._act(build, action, unit, number)
                    continue
                back = _UNCALLED.match(line)
                if back:
                    build.give_back(back.group(2), amount(back.group(1), unit))
                    continue
                shows = _SHOWS.match(line)
                if shows and shows.group(1) in build.slots:
                    build.show(shows.group(1), cards(shows.group(2)), number)
                    showdown = True
                    continue
                mucks = _MUCKS.match(line)
                if mucks and mucks.group(1) in build.slots:
                    if showdown:
                        build.muck(mucks.group(1), number)
                    continue
                wins = _WINS.match(line)
                if wins and wins.group("name") in build.slots:
                    index = int(wins.group("n") or 1) if wins.group("which") == "side " else 0
                    won.setdefault(index, []).append((wins.group("name"), amount(wins.group("amt"), unit)))
                    continue
            except ValueError as error:
                raise HandError(str(error), number) from None
            # Anything else (chat, "is low with", "sits down", "has 15 seconds left") says
            # nothing about the hand's chips or cards.
        if total is None:
            raise HandError("the hand has no summary (\"Total pot ... | Rake ...\"): the record is cut short",
                            first + len(lines) - 1)
        if not pots:
            pots = [total]
        for index, pot_amount in enumerate(pots):
            build.pot(pot_amount, rake=rake if index == 0 else 0, collected=won.get(index, []))
        build.total_pot = total
        bring = next((a.amount for a in build.actions if a.kind is ActionKind.BRING_IN and not a.all_in), 0)
        return build.build(
            table=table, game=game, tournament=tournament.group(1) if tournament else None,
            currency={"$": "USD", "€": "EUR", "£": "GBP"}.get(header.group("small")[:1], ""),
            ante=amount(header.group("ante"), unit) if header.group("ante") else 0, bring_in=bring,
            small_bet=amount(header.group("small"), unit), big_bet=amount(header.group("big"), unit),
            started=header.group("time"))

    @staticmethod
    def _act(build: HandBuilder, action: re.Match[str], unit: str, line: int) -> None:
        name, verb = action.group("name"), action.group("verb")
        chips = amount(action.group("amt"), unit) if action.group("amt") else 0
        if verb == "antes":
            build.ante(name, chips, line)
        elif verb == "brings in for":
            build.bring_in(name, chips, line)
        elif verb in ("completes it to", "raises to"):
            build.wager(name, to=chips, line=line)
        elif verb == "bets":
            build.wager(name, added=chips, line=line)
        elif verb == "calls":
            build.call(name, added=chips, line=line)
        elif verb == "checks":
            build.check(name, line)
        else:
            build.fold(name, line)


READER = FullTiltReader()

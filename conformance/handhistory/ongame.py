"""OnGame network text hand histories (2010).

A hand runs from ``***** History for hand R5-78227816-62 *****`` to ``***** End of hand ...
*****``; ``Table: Taegu [78227816] (LIMIT SEVEN_CARD_STUD_HI_LO $0.25/$0.50, ante: $0.05, Real
money)`` gives the game, the small and big bet and the ante; a game other than ``LIMIT
SEVEN_CARD_STUD_HI_LO`` is refused for that hand. Streets: ``Dealing pocket cards``, ``Dealing
4th street`` ... ``Dealing river``; cards ``Dealing to NAME: [-, -, Kd]`` (``-`` unseen).

Amounts: ``small bring in``, ``calls``, ``bets``, the chips added; ``big bring in`` is the
bring-in player completing; ``raises $1 to $1.37``: ``$1`` is the chips added, ``$1.37`` the
player's total in the hand *without* the ante (the test hand: 0.12 + 0.25 + 1.00), which the
reader does not need. Summary: ``Main pot: $5.14 won by Hero ($4.89)`` (the pot before rake, and
what the winner got), ``Side pot N: ...`` likewise, ``Rake taken: $0.25``, then per seat the
final stack, the net and the cards shown.
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

SITE = "OnGame"
_MONEY = r"[$€£]?\d[\d,]*(?:\.\d+)?"
_START = re.compile(r"^\*{5} History for hand (\S+) \*{5}")
_TABLE = re.compile(rf"^Table: (?P<table>.+?) \((?P<game>[A-Z_ ]+) (?P<small>{_MONEY})/(?P<big>{_MONEY})"
                    rf"(?:, ante: (?P<ante>{_MONEY}))?(?:, (?P<money>[^)]*))?\)$")
_SEAT = re.compile(rf"^Seat (\d+): (.+) \(({_MONEY})\)$")
_STREET = re.compile(r"^Dealing (pocket cards|4th street|5th street|6th street|river)$")
_DEALT = re.compile(r"^Dealing to (.+?): \[([^\]]*)\]$")
_ACTION = re.compile(rf"^(?P<name>.+?) (?P<verb>posts ante|small bring in|big bring in|bets|raises|calls|checks|folds"
                     rf"|is all-in|goes all-in)(?: (?P<amt>{_MONEY}))?(?: to (?P<to>{_MONEY}))?$")
_POT = re.compile(rf"^(Main pot|Side pot(?: (\d+))?): ({_MONEY}) won by (.+)$")
_WINNER = re.compile(rf"(.+?) \(({_MONEY})\)")
_RAKE = re.compile(rf"^Rake taken: ({_MONEY})$")
_RESULT = re.compile(rf"^Seat \d+: (.+?) \(({_MONEY})\), net: [-+]?{_MONEY}(?:, \[([^\]]*)\])?")
STREETS = {"pocket cards": 3, "4th street": 4, "5th street": 5, "6th street": 6, "river": 7}


class OnGameReader:
    """OnGame text (``***** History for hand ID *****``)."""

    name = "ongame"

    def sniff(self, head: str) -> bool:
        return any(_START.match(line.lstrip("\ufeff")) for line in head.splitlines()[:20])

    def read(self, stream: TextIO, path: str) -> Iterator[HandRecord | HandProblem]:
        for hand in split_hands(stream, _START):
            found = _START.match(hand.lines[0].lstrip("\ufeff"))
            hand_id = found.group(1) if found else None
            try:
                hand.check()
                yield self._hand(hand.lines, hand.line, path, hand_id or "?")
            except HandError as error:
                yield problem(path, hand_id, error, hand.line)

    def _hand(self, lines: list[str], first: int, path: str, hand_id: str) -> HandRecord:
        header: re.Match[str] | None = None
        for text in lines[1:6]:
            header = _TABLE.match(text.strip()) or header
        if header is None:
            raise HandError("no \"Table: NAME (GAME $S/$B, ante: $A, ...)\" line", first)
        game = header.group("game")
        if game.strip() != "LIMIT SEVEN_CARD_STUD_HI_LO":
            raise HandError(f"the game is {game!r}, not Seven Card Stud Hi/Lo fixed limit", first, "not-stud8")
        unit = "cent" if header.group("small")[:1] in "$€£" else "chip"
        build = HandBuilder(SITE, hand_id, path, first, unit=unit)
        section = "seats"
        pots: list[tuple[int, int, list[tuple[str, int]]]] = []
        rake: int | None = None
        ended = False
        for number, text in enumerate(lines[1:], start=first + 1):
            line = text.strip()
            if not line or line == "---":
                continue
            try:
                if line.startswith("***** End of hand"):
                    ended = True
                    continue
                if line == "Summary:":
                    section = "summary"
                    continue
                if section == "summary":
                    pot = _POT.match(line)
                    if pot:
                        won = [(build.known(name.strip().lstrip(",").strip()), amount(chips, unit))
                               for name, chips in _WINNER.findall(pot.group(4))]
                        pots.append((int(pot.group(2) or 0) if pot.group(1) != "Main pot" else 0,
                                     amount(pot.group(3), unit), won))
                        continue
                    found = _RAKE.match(line)
                    if found:
                        rake = amount(found.group(1), unit)
                        continue
                    result = _RESULT.match(line)
                    if result and result.group(3):
                        build.show(build.known(result.group(1)), cards(result.group(3), ","), number)
                    continue
                seat = _SEAT.match(line)
                if seat and section == "seats":
                    build.seat(int(seat.group(1)), seat.group(2), amount(seat.group(3), unit))
                    continue
                street = _STREET.match(line)
                if street:
                    build.new_street(STREETS[street.group(1)])
                    section = "play"
                    continue
                dealt = _DEALT.match(line)
                if dealt:
                    build.deal(dealt.group(1), cards(dealt.group(2), ","), line=number)
                    continue
                action = _ACTION.match(line)
                if action and action.group("name") in build.slots:
                    self._act(build, action, unit, number)
                    continue
            except ValueError as error:
                raise HandError(str(error), number) from None
        if not ended or not pots:
            raise HandError("the hand is cut short: no summary or no \"***** End of hand\"", first + len(lines) - 1)
        build.close_showdown()
        # The stated rake belongs to the main pot; a side pot's rake, if any, is what it held
        # and did not pay (OnGame states one rake for the hand).
        ordered = sorted(pots)
        side_rake = sum(pot_amount - sum(c for _, c in won) for _, pot_amount, won in ordered[1:])
        for index, (_, pot_amount, won) in enumerate(ordered):
            pot_rake = (rake or 0) - side_rake if index == 0 else pot_amount - sum(c for _, c in won)
            build.pot(pot_amount, rake=pot_rake, collected=won)
        build.total_pot = sum(pot_amount for _, pot_amount, _ in pots)
        return build.build(
            table=header.group("table"), game=game,
            currency={"$": "USD", "€": "EUR", "£": "GBP"}.get(header.group("small")[:1], ""),
            ante=amount(header.group("ante"), unit) if header.group("ante") else 0,
            small_bet=amount(header.group("small"), unit), big_bet=amount(header.group("big"), unit),
            started=lines[1].split(":", 1)[1].strip() if len(lines) > 1 and ":" in lines[1] else "")

    @staticmethod
    def _act(build: HandBuilder, action: re.Match[str], unit: str, line: int) -> None:
        name, verb = action.group("name"), action.group("verb")
        chips = amount(action.group("amt"), unit) if action.group("amt") else 0
        if verb == "posts ante":
            build.ante(name, chips, line)
        elif verb == "small bring in":
            build.bring_in(name, chips, line)
        elif verb in ("big bring in", "bets", "raises"):
            build.wager(name, added=chips, line=line)
        elif verb == "calls":
            build.call(name, added=chips, line=line)
        elif verb in ("is all-in", "goes all-in"):
            build.all_in(name, added=chips, line=line)
        elif verb == "checks":
            build.check(name, line)
        else:
            build.fold(name, line)


READER = OnGameReader()

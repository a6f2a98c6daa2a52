"""iPoker network XML session files (often in Windows-1252: ``€`` is byte 0x80).

A session is ``<session sessioncode=...>`` with a ``<general>`` block (``<gametype>7 Card Stud
Hi-Lo L €0.05/€0.10</gametype>``: the game, ``L`` for fixed limit, the small and big bet) and
one ``<game gamecode=...>`` per hand. Each game is cut from the stream and parsed alone, so a
long session is read one hand at a time. A session whose game type is not Stud Hi-Lo at fixed
limit has every hand refused.

Per game: ``<player seat name chips win bet>`` (``chips`` the starting stack, ``win`` what
the player got back, ``bet`` what the player put in); ``<round no="0">`` the antes, rounds 2
to 6 third to seventh street. Cards: ``<cards type="Third Street" player=...>D7 D4 DK</cards>``
(suit first, ``X`` unseen; later streets one card). Actions are ``<action no= player= type=
sum=>``, listed out of order inside a round (the reader sorts them by ``no``). Action types, as
the test session shows them (each checked against the players' ``bet`` totals): 15 ante, 16
bring-in, 5 bet (on third street: the completion), 23 raise (``sum`` the total on the street),
3 call (chips added), 4 check, 0 fold, 7 all-in (chips added).

Payout: iPoker states neither the pot nor the rake, and its ``win`` includes an uncalled bet
given back. The pot is what the players put in, less an uncalled bet (which the reader takes
out of the winner's ``win``, as a return); the rake is what the pot held and nobody was paid.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TextIO
from xml.etree import ElementTree

from stud8.conformance.handhistory.readers import parse_xml
from stud8.conformance.handhistory.readers import xml_elements as chunks
from stud8.conformance.handhistory.record import HandProblem, HandRecord
from stud8.conformance.handhistory.sitebuild import (
    HandBuilder,
    HandError,
    amount,
    cards,
    problem,
)

SITE = "iPoker"
_GAME_START = re.compile(r"<game\s+gamecode=")
_GAMETYPE = re.compile(r"<gametype>([^<]*)</gametype>")
_GAMETYPE_TEXT = re.compile(r"^(?P<game>.+?) (?P<limit>L|NL|PL|FL) (?P<small>\D?[\d.,]+)/(?P<big>\D?[\d.,]+)$")
_ACTION_LINE = re.compile(r'<action\s+no="(\d+)"')
STREET_ROUNDS = {"2": 3, "3": 4, "4": 5, "5": 6, "6": 7}
KINDS = {"15": "ante", "16": "bring-in", "5": "bet", "23": "raise", "3": "call", "4": "check", "0": "fold",
         "7": "all-in"}


def _money(text: str, unit: str) -> int:
    """An amount after any currency sign (``€0.05``; a sign the decoding could not name too)."""
    return amount(text.lstrip().lstrip("".join({c for c in text if not (c.isdigit() or c in ".,")})), unit)


class IPokerReader:
    """iPoker XML sessions (``<session sessioncode=...>``)."""

    name = "ipoker"

    def sniff(self, head: str) -> bool:
        return "<session sessioncode=" in head and "<gametype>" in head

    def read(self, stream: TextIO, path: str) -> Iterator[HandRecord | HandProblem]:
        gametype = ""
        for line, text, context in chunks(stream, _GAME_START, "</game>", _GAMETYPE):
            if context:
                gametype = _GAMETYPE.match(context).group(1)  # type: ignore[union-attr]
            found = re.search(r'<game\s+gamecode="([^"]*)"', text)
            hand_id = found.group(1) if found else None
            try:
                if not text.rstrip().endswith("</game>"):
                    raise HandError("the hand is cut short: no </game>", line)
                yield self._hand(text, gametype, line, path, hand_id or "?")
            except HandError as error:
                yield problem(path, hand_id, error, line)

    def _hand(self, text: str, gametype: str, line: int, path: str, hand_id: str) -> HandRecord:
        about = _GAMETYPE_TEXT.match(gametype.strip())
        if about is None:
            raise HandError(f"the session's game type is {gametype!r}: not a game stud8 knows", line, "not-stud8")
        if not re.search(r"stud hi-?/?lo", about.group("game"), re.IGNORECASE) or about.group("limit") not in ("L", "FL"):
            raise HandError(f"the game is {gametype!r}, not Seven Card Stud Hi/Lo fixed limit", line, "not-stud8")
        try:
            game = parse_xml(text)
        except ElementTree.ParseError as error:
            row, column = error.position
            raise HandError(f"not well-formed XML at column {column + 1}: {error.msg.split(':')[0]}",
                            line + row - 1) from None
        unit = "cent"
        build = HandBuilder(SITE, hand_id, path, line, unit=unit)
        action_lines = {found.group(1): line + text.count("\n", 0, found.start())
                        for found in _ACTION_LINE.finditer(text)}
        wins: dict[str, int] = {}
        bets: dict[str, int] = {}
        try:
            for player in game.iterfind("general/players/player"):
                name = player.get("name", "")
                build.seat(int(player.get("seat", "0")), name, _money(player.get("chips", ""), unit))
                wins[name] = _money(player.get("win", "0"), unit)
                bets[name] = _money(player.get("bet", "0"), unit)
            for round_ in game.iterfind("round"):
                number = round_.get("no", "")
                if number in STREET_ROUNDS:
                    build.new_street(STREET_ROUNDS[number])
                for dealt in round_.iterfind("cards"):
                    who = build.known(dealt.get("player", ""))
                    build.deal(who, cards(dealt.text or ""), line=line)
                for action in sorted(round_.iterfind("action"), key=lambda a: int(a.get("no", "0"))):
                    self._act(build, action, unit, action_lines.get(action.get("no", ""), line))
        except ValueError as error:
            raise HandError(str(error), line) from None
        put_in = build.put_in()
        for name, chips in bets.items():
            if put_in.get(name, 0) != chips:
                raise HandError(f"the game says {name} bet {chips}, the actions add up to {put_in.get(name, 0)}", line)
        left = [seat.name for seat in build.seats if seat.name not in build.folded()]
        if len(left) >= 2:
            for name in left:  # iPoker marks no showdown: whoever's cards are all known showed them
                if all(build.slots[name]):
                    build.show(name, build.slots[name])
        build.close_showdown()
        back = build.uncalled()
        if back is not None and wins.get(back[0], 0) >= back[1] and len(build.seats) - len(build.folded()) == 1:
            build.give_back(*back)
            wins[back[0]] -= back[1]
        pot = sum(put_in.values()) - (back[1] if back and back[0] in dict(build.returned) else 0)
        paid = [(name, chips) for name, chips in wins.items() if chips]
        build.total_pot = None
        build.pot(pot, rake=pot - sum(chips for _, chips in paid), collected=paid)
        small = about.group("small")
        return build.build(
            table="", game=gametype, currency="EUR" if small[:1] in "€\x80" else ("USD" if small[:1] == "$" else ""),
            small_bet=_money(small, unit), big_bet=_money(about.group("big"), unit),
            started=(game.findtext("general/startdate") or "").strip())

    @staticmethod
    def _act(build: HandBuilder, action: ElementTree.Element, unit: str, line: int) -> None:
        name = build.known(action.get("player", ""))
        kind = KINDS.get(action.get("type", ""))
        chips = _money(action.get("sum", "0"), unit)
        if kind is None:
            raise HandError(f"action {action.get('no')}: unknown iPoker action type {action.get('type')!r}", line)
        if kind == "ante":
            build.ante(name, chips, line)
        elif kind == "bring-in":
            build.bring_in(name, chips, line)
        elif kind == "bet":
            build.wager(name, added=chips, line=line)
        elif kind == "raise":
            build.wager(name, to=chips, line=line)
        elif kind == "call":
            build.call(name, added=chips, line=line)
        elif kind == "all-in":
            build.all_in(name, added=chips, line=line)
        elif kind == "check":
            build.check(name, line)
        else:
            build.fold(name, line)


READER = IPokerReader()

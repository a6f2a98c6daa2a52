"""Winning Poker Network (the 2016 client; Yatahay, True Poker) text hand histories, written
in UTF-16 with a byte-order mark (``open_history`` decodes it from the BOM).

A hand starts ``Game started at: 2016/8/2 11:13:2``, then ``Game ID: 693975843 1/2 (PRR) TABLE
(Seven Cards Stud HiLow)`` (the stakes are the small and big bet); a game other than Stud
HiLow is refused for that hand. Every card is its own line, ``Player NAME received card:
[6h]`` or ``received a card.`` (unseen), so a card's slot is how many the player has had. The
street headers are numbered one behind (``*** Third street ***`` opens fourth street, the first
with a betting round after the deal of third): the reader counts them and ignores the names.
Amounts in parentheses are the chips the action adds (``bring in (0.40)``, ``calls (0.40)``,
``bets (1)``, ``raises (2)``).

The summary states the pot *after* rake and jackpot fee (``Pot: 7.05. Rake 0.14. JP fee 0.06``)
and, per player, ``Bets: 3.55. Collects: 3.53.``; the reader checks each player's ``Bets``
against the actions and takes ``Collects`` as what the player won. Only one pot is stated.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TextIO

from stud8.conformance.handhistory.record import ActionKind, HandProblem, HandRecord
from stud8.conformance.handhistory.sitebuild import (
    HandBuilder,
    HandError,
    amount,
    card,
    cards,
    problem,
    split_hands,
)

SITE = "Winning Poker Network"
_START = re.compile(r"^Game started at: \d{4}/")
_ID = re.compile(r"^Game ID: (?P<id>\d+) (?P<small>[\d,.]+)/(?P<big>[\d,.]+) (?P<table>.*) \((?P<game>[^()]*)\)$")
_SEAT = re.compile(r"^Seat (\d+): (.+) \(([\d,.]+)\)\.?$")
_RECEIVED = re.compile(r"^Player (.+?) received (?:a card\.|card: \[([^\]]*)\])$")
_ACTION = re.compile(r"^Player (?P<name>.+?) (?P<verb>ante|bring in|calls|bets|raises|allin|checks|folds)"
                     r"(?: \((?P<amt>[\d,.]+)\))?\.?$")
_STREET = re.compile(r"^\*\*\* \w+ street \*\*\*$", re.IGNORECASE)
_POT = re.compile(r"^Pot: ([\d,.]+?)\.? Rake ([\d,.]+?)(?:\.? JP fee ([\d,.]+?))?\.?$")
_RESULT = re.compile(r"^\*?Player (?P<name>.+?) (?P<what>does not show cards|shows: (?P<hand>.*?)|mucks.*?)"
                     r"\.?\s*Bets: (?P<bets>\d[\d,]*(?:\.\d+)?)\. Collects: (?P<collects>\d[\d,]*(?:\.\d+)?)\.")
_SHOWN = re.compile(r"\[([^\]]*)\]")


def is_stud8(game: str) -> bool:
    text = game.lower()
    return bool(re.search(r"stud\s*hi\s*/?\s*lo", text)) and "no limit" not in text and "pot limit" not in text


class WinningReader:
    """Winning Poker Network text (``Game started at:`` / ``Game ID:``)."""

    name = "winning"

    def sniff(self, head: str) -> bool:
        lines = [line.lstrip("\ufeff") for line in head.splitlines()[:10] if line.strip()]
        return len(lines) >= 2 and bool(_START.match(lines[0])) and lines[1].startswith("Game ID: ")

    def read(self, stream: TextIO, path: str) -> Iterator[HandRecord | HandProblem]:
        for hand in split_hands(stream, _START):
            hand_id: str | None = None
            for text in hand.lines[1:4]:
                found = _ID.match(text.strip())
                if found:
                    hand_id = found.group("id")
            try:
                hand.check()
                yield self._hand(hand.lines, hand.line, path)
            except HandError as error:
                yield problem(path, hand_id, error, hand.line)

    def _hand(self, lines: list[str], first: int, path: str) -> HandRecord:
        header = None
        numbered = [(first + offset, text.strip()) for offset, text in enumerate(lines) if text.strip()]
        for number, text in numbered[1:3]:
            header = _ID.match(text) or header
        if header is None:
            raise HandError("no \"Game ID: ...\" line after \"Game started at:\"", first)
        game = header.group("game")
        if not is_stud8(game):
            raise HandError(f"the game is {game!r}, not Seven Card Stud Hi/Lo fixed limit", first, "not-stud8")
        unit = "cent"
        build = HandBuilder(SITE, header.group("id"), path, first, unit=unit)
        received: dict[str, int] = {}
        folded: set[str] = set()
        results: dict[str, tuple[int, int, str, str, int]] = {}
        pot: tuple[int, int, int] | None = None
        summary = False
        last = first
        for number, line in numbered[2:]:
            last = number
            try:
                if line.startswith("------ Summary"):
                    summary = True
                    continue
                if summary:
                    found = _POT.match(line)
                    if found:
                        pot = (amount(found.group(1), unit), amount(found.group(2), unit),
                               amount(found.group(3), unit) if found.group(3) else 0)
                        continue
                    result = _RESULT.match(line)
                    if result:
                        results[result.group("name")] = (amount(result.group("bets"), unit),
                                                         amount(result.group("collects"), unit),
                                                         result.group("what"), line, number)
                    continue
                seat = _SEAT.match(line)
                if seat:
                    build.seat(int(seat.group(1)), seat.group(2), amount(seat.group(3), unit))
                    continue
                got = _RECEIVED.match(line)
                if got:
                    name = build.known(got.group(1))
                    slot = received.get(name, 0)
                    if slot >= 7:
                        raise HandError(f"{name} receives an eighth card", number)
                    received[name] = slot + 1
                    value = card(got.group(2)) if got.group(2) is not None else None
                    if value is not None:
                        build.hand_so_far(name, [None] * slot + [value], number)
                    continue
                if _STREET.match(line):
                    build.new_street(build.street + 1)
                    continue
                action = _ACTION.match(line)
                if action:
                    self._act(build, action, unit, number)
                    if action.group("verb") == "folds":
                        folded.add(action.group("name"))
                    continue
            except ValueError as error:
                raise HandError(str(error), number) from None
        if pot is None:
            raise HandError(f"the hand is cut short after line {last}: no summary (\"Pot: ... Rake ...\")", last)
        put_in = build.put_in()
        collected: list[tuple[str, int]] = []
        for name, (bets, collects, what, text, number) in results.items():
            if put_in.get(build.known(name), 0) != bets:
                raise HandError(f"the summary says {name} bet {bets}, the actions add up to {put_in[name]}", number)
            if what.startswith("shows"):
                shown = _SHOWN.search(what)
                if shown:
                    try:
                        listed = cards(shown.group(1))
                    except ValueError as error:
                        raise HandError(str(error), number) from None
                    build.show(name, listed, number, in_order=True)
            elif name not in folded:
                build.muck(name, number)
            if collects:
                collected.append((name, collects))
        paid, rake, fee = pot
        build.total_pot = paid + rake + fee
        build.pot(paid + rake + fee, rake=rake, fees=fee, collected=collected)
        bring = next((a.amount for a in build.actions if a.kind is ActionKind.BRING_IN and not a.all_in), 0)
        return build.build(
            table=header.group("table"), game=game, currency="",
            ante=next((a.amount for a in build.actions if a.kind is ActionKind.ANTE), 0), bring_in=bring,
            small_bet=amount(header.group("small"), unit), big_bet=amount(header.group("big"), unit),
            started=lines[0].split(":", 1)[1].strip())

    @staticmethod
    def _act(build: HandBuilder, action: re.Match[str], unit: str, line: int) -> None:
        name, verb = action.group("name"), action.group("verb")
        chips = amount(action.group("amt"), unit) if action.group("amt") else 0
        if verb == "ante":
            build.ante(name, chips, line)
        elif verb == "bring in":
            build.bring_in(name, chips, line)
        elif verb in ("bets", "raises"):
            build.wager(name, added=chips, line=line)
        elif verb == "calls":
            build.call(name, added=chips, line=line)
        elif verb == "allin":
            build.all_in(name, added=chips, line=line)
        elif verb == "checks":
            build.check(name, line)
        else:
            build.fold(name, line)


READER = WinningReader()

"""Merge Network (Carbon Poker and its skins) XML hand histories.

A file is a ``<description type="7-Stud H/L8" stakes="Limit $0.25/$0.50"/>`` line followed by
``<game>`` elements; it is not one XML document (several top-level elements), so each
``<game>...</game>`` is cut from the stream and parsed on its own, one hand in memory at a
time. The site's own tool names some of these files ``.txt``: the content decides.

``description`` gives the game and the limits: anything but ``Limit`` Stud ``H/L`` is refused
per hand. Players are seated by ``seat``; ``dealtin="false"`` means not in the hand. Events:
``ANTE``, ``BRING_IN``, ``COMPLETE``, ``BET``, ``RAISE``, ``CALL``, ``CHECK``, ``FOLD``, ``SHOW``,
``MUCK``; every amount is the chips the event moves (a ``CALL`` after a bring-in is the
difference). Cards: ``DRAW_DRAWN_CARDS`` lists a player's cards so far in the order dealt
(``null`` or empty for the unseen ones), ``HOLE`` the cards of the player whose history it is,
``SHOWN``/``MUCKED`` the seven at the showdown.

Payout: ``<winner amount= potnumber= player=>``. Merge states neither the pot nor the rake:
the pot is what the players put in (less an uncalled bet, which Merge pays back inside the
winner's amount: the reader separates it), and the rake is what the pot held and nobody was
paid. The audit still checks how the paid part was split.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TextIO
from xml.etree import ElementTree

from stud8.conformance.handhistory.readers import parse_xml
from stud8.conformance.handhistory.readers import xml_elements as chunks
from stud8.conformance.handhistory.record import ActionKind, HandProblem, HandRecord
from stud8.conformance.handhistory.sitebuild import (
    HandBuilder,
    HandError,
    amount,
    cards,
    problem,
)

SITE = "Merge Network"
_DESCRIPTION = re.compile(r"<description\b[^>]*>")
_GAME_START = re.compile(r"<game\b")
_GAME_END = "</game>"
STREET_ROUNDS = {"BRING_IN": 3, "THIRD_STREET": 3, "FOURTH_STREET": 4, "FIFTH_STREET": 5,
                 "SIXTH_STREET": 6, "SEVENTH_STREET": 7}


def _attr(element: ElementTree.Element, name: str, where: str) -> str:
    value = element.get(name)
    if value is None:
        raise HandError(f"<{element.tag}> without {name!r} in {where}")
    return value


class MergeReader:
    """Merge Network XML (``<description type=...>`` and ``<game id=...>``)."""

    name = "merge"

    def sniff(self, head: str) -> bool:
        return bool(re.search(r"<game\s+id=\"[^\"]*\"[^>]*\bnumholecards=", head)) or \
            bool(re.search(r"^\s*<description\s+type=\"[^\"]*\"\s+stakes=", head, re.MULTILINE))

    def read(self, stream: TextIO, path: str) -> Iterator[HandRecord | HandProblem]:
        description = ""
        for line, text, context in chunks(stream, _GAME_START, _GAME_END, _DESCRIPTION):
            description = context or description
            hand_id = None
            found = re.search(r"<game\b[^>]*\bid=\"([^\"]*)\"", text)
            if found:
                hand_id = found.group(1)
            try:
                if not text.rstrip().endswith(_GAME_END):
                    raise HandError("the hand is cut short: no </game>", line)
                yield self._hand(text, description, line, path, hand_id)
            except HandError as error:
                yield problem(path, hand_id, error, line)

    def _hand(self, text: str, description: str, line: int, path: str, hand_id: str | None) -> HandRecord:
        try:
            game = parse_xml(text)
            about = parse_xml(description) if description else None
        except ElementTree.ParseError as error:
            row, column = error.position
            raise HandError(f"not well-formed XML at column {column + 1}: {error.msg.split(':')[0]}",
                            line + row - 1) from None
        if about is None:
            raise HandError("no <description type=... stakes=...> before the hand: the game is unknown", line)
        kind, stakes = about.get("type", ""), about.get("stakes", "")
        if not re.search(r"stud\s*h/?l", kind, re.IGNORECASE):
            raise HandError(f"the game is {kind!r}, not Seven Card Stud Hi/Lo", line, "not-stud8")
        limits = re.match(r"^Limit ([$€£]?[\d,.]+)/([$€£]?[\d,.]+)$", stakes.strip())
        if limits is None:
            raise HandError(f"the stakes are {stakes!r}: not fixed limit (Stud/8 is played at fixed limit)",
                            line, "not-stud8")
        unit = "cent" if limits.group(1)[:1] in "$€£" else "chip"
        build = HandBuilder(SITE, hand_id or "?", path, line, unit=unit)
        names: dict[str, str] = {}
        event_lines = {found.group(1): line + text.count("\n", 0, found.start())
                       for found in re.finditer(r'<event\s+sequence="([^"]*)"', text)}
        players = game.find("players")
        if players is None:
            raise HandError("no <players>", line)
        try:
            for player in players.findall("player"):
                if player.get("dealtin", "true") != "true":
                    continue
                seat = _attr(player, "seat", "<players>")
                names[seat] = _attr(player, "nickname", "<players>")
                build.seat(int(seat), names[seat], amount(_attr(player, "balance", "<players>"), unit))
            winners: dict[int, list[tuple[str, int]]] = {}
            for round_ in game.findall("round"):
                round_id = round_.get("id", "")
                if round_id in STREET_ROUNDS:
                    build.new_street(STREET_ROUNDS[round_id])
                for item in round_:
                    who = names.get(item.get("player", ""), "")
                    if item.tag == "event":
                        self._event(build, item, who, unit, event_lines.get(item.get("sequence", ""), line),
                                    round_id)
                    elif item.tag == "cards" and who:
                        dealt = cards(item.get("cards", ""), ",")
                        kind_ = item.get("type", "")
                        if kind_ == "SHOWN":
                            build.show(who, dealt)
                        elif kind_ == "MUCKED":
                            build.show(who, dealt, mucked=True)
                        else:
                            build.hand_so_far(who, dealt)
                    elif item.tag == "winner":
                        pot = int(item.get("potnumber", "1"))
                        winners.setdefault(pot, []).append((names.get(_attr(item, "player", "<winner>"), "?"),
                                                            amount(_attr(item, "amount", "<winner>"), unit)))
        except ValueError as error:
            raise HandError(str(error), line) from None
        if not winners:
            raise HandError("the hand has no <winner>: the record is cut short", line)
        back = build.uncalled()
        if back is not None:
            build.give_back(*back)
        put_in = sum(build.put_in().values()) - (back[1] if back else 0)
        for number in sorted(winners):
            paid = winners[number]
            if back is not None and number == min(winners):
                paid = [(name, chips - back[1]) if name == back[0] else (name, chips) for name, chips in paid]
            amount_ = put_in if number == min(winners) else sum(chips for _, chips in paid)
            if len(winners) > 1 and number == min(winners):
                amount_ = put_in - sum(c for n in winners if n != number for _, c in winners[n])
            build.pot(amount_, rake=amount_ - sum(chips for _, chips in paid), collected=paid)
        bring = next((a.amount for a in build.actions if a.kind is ActionKind.BRING_IN and not a.all_in), 0)
        data = (game.get("data") or "").split("|")
        return build.build(
            table=data[1] if len(data) > 1 else "", game=f"{kind} {stakes}",
            currency={"$": "USD", "€": "EUR", "£": "GBP"}.get(limits.group(1)[:1], ""),
            ante=next((a.amount for a in build.actions if a.kind is ActionKind.ANTE), 0), bring_in=bring,
            small_bet=amount(limits.group(1), unit), big_bet=amount(limits.group(2), unit),
            started=game.get("starttime", ""))

    @staticmethod
    def _event(build: HandBuilder, event: ElementTree.Element, who: str, unit: str, line: int,
               round_id: str) -> None:
        kind = event.get("type", "")
        if kind in ("SHOW", "MUCK"):
            # SHOWN/MUCKED cards say who showed; a MUCK without them still counts at a
            # showdown (not when the last player left mucks an uncontested pot).
            if kind == "MUCK" and who and round_id == "SHOWDOWN":
                build.muck(who, line)
            return
        if not who:
            raise HandError(f"event {event.get('sequence')} {kind} by seat {event.get('player')!r}, "
                            "who is not dealt in", line)
        chips = amount(event.get("amount", "0"), unit)
        if kind == "ANTE":
            build.ante(who, chips, line)
        elif kind == "BRING_IN":
            build.bring_in(who, chips, line)
        elif kind in ("COMPLETE", "BET", "RAISE"):
            build.wager(who, added=chips, line=line)
        elif kind == "CALL":
            build.call(who, added=chips, line=line)
        elif kind == "ALL_IN":
            build.all_in(who, added=chips, line=line)
        elif kind == "CHECK":
            build.check(who, line)
        elif kind == "FOLD":
            build.fold(who, line)
        else:
            raise HandError(f"event {event.get('sequence')}: unknown event type {kind!r}", line)


READER = MergeReader()

"""Merge Network (Carbon Poker and its skins) XML hand histories, read by an element table.

Why a table of elements and not of lines: the format is XML, and what an element means is
said by its tag and its ``type`` attribute, not by a line's wording. The tables below
(``ROUNDS``, ``EVENTS``, ``CARDS``) are the format: every round, event and card type the
site writes, what it means for the hand, and how its amount counts. An element of a type
no table lists makes the hand ``unreadable``, naming it: nothing is skipped unseen.

A file is a ``<description type="7-Stud H/L8" stakes="Limit $0.25/$0.50"/>`` line followed
by ``<game>`` elements; it is not one XML document (several top-level elements), so each
``<game>...</game>`` is cut from the stream and parsed on its own, one hand in memory at a
time. The site's own tool names some of these files ``.txt``: the content decides.

The game is decided per hand: a mixed table (``HORSE``, ``HA``, ``RASH``... in the
description) gives each ``<game>`` a ``multigametype`` code (``43`` Stud H/L8, ``39`` Stud,
``47`` Razz...); otherwise the description's ``type`` names it. The structure is the
``stakes`` (the game's own attribute in version 2.1 files, else the description's):
``Limit``, ``No Limit``, ``Pot Limit``. Players are seated by ``seat`` (``dealtin="false"``:
not in the hand) and named by ``nickname``; events and cards name the seat. A player's
``balance`` is the stack before the ante at a cash table, and after it in a tournament (the
description's ``type`` says ``Tournament``): there the ante is added back (``_antes_posted``).

Amounts: ``ANTE``, ``BRING_IN``, ``BET``, ``CALL``, ``ALL_IN``: the chips the event adds;
``COMPLETE`` and ``RAISE``: the player's total on the street (a Razz hand's ``BRING_IN 0.10``
then ``RAISE 1.00`` is a raise to 1.00). Cards: ``DRAW_DRAWN_CARDS`` lists a player's cards so
far in the order dealt (``null`` or empty for the unseen ones), ``HOLE`` the cards of the
player whose history it is, ``SHOWN``/``MUCKED`` the cards at the showdown.

Payout: ``<winner amount= potnumber= player=>``. Merge states neither the pot nor the rake:
the pot is what the players put in, the rake what the pot held and nobody was paid (reported
as not printed), and an uncalled bet is paid back inside the winner's amount (a winner
marked ``uncalled="true"`` is that return).

Format facts from the public fpdb parser's definitions (MergeToFpdb.py: description games
and mixes, ``multigametype`` codes, event types ``SMALL_BLIND``... ``GAME_CANCELLED``,
``PLAYER_OUT``, the winner's ``uncalled``) and the corpus.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TextIO
from xml.etree import ElementTree

from stud8.conformance.handhistory.games import Game, classify, limit_of, refusal
from stud8.conformance.handhistory.readers import parse_xml
from stud8.conformance.handhistory.readers import xml_elements as chunks
from stud8.conformance.handhistory.record import HandProblem, HandRecord
from stud8.conformance.handhistory.sitebuild import (
    DAMAGED,
    LAYOUTS,
    HandBuilder,
    HandError,
    amount,
    cards,
    damage,
    naming_game,
    problem,
)
from stud8.conformance.handhistory.unknown import element_carries, element_text

SITE = "Merge Network"
_DESCRIPTION = re.compile(r"<description\b[^>]*>")
_GAME_START = re.compile(r"<game\b")
_GAME_END = "</game>"

ROUNDS: dict[str, int | str] = {
    "BLINDS": "antes", "BRING_IN": 3, "THIRD_STREET": 3, "FOURTH_STREET": 4, "FIFTH_STREET": 5,
    "SIXTH_STREET": 6, "SEVENTH_STREET": 7, "SECOND_STREET": 2, "SHOWDOWN": "showdown",
    "END_OF_GAME": "payout", "END_OF_FOLDED_GAME": "payout",
}
"""Each round and the street it plays (five-card stud opens on ``SECOND_STREET``)."""

EVENTS: dict[str, tuple[str, str]] = {
    "ANTE": ("ante", "added"), "BRING_IN": ("bring-in", "added"), "COMPLETE": ("complete", "to"),
    "BET": ("bet", "added"), "RAISE": ("raise", "to"), "CALL": ("call", "added"), "ALL_IN": ("all-in", "added"),
    "CHECK": ("check", ""), "FOLD": ("fold", ""),
    "SHOW": ("ignore", ""),          # the cards follow as SHOWN
    "MUCK": ("muck", ""),
    "SIT_OUT": ("ignore", ""), "CHAT": ("ignore", ""), "DISCONNECTED": ("ignore", ""), "RECONNECTED": ("ignore", ""),
    "LEAVE": ("ignore", ""), "PLAYER_OUT": ("ignore", ""),
    "GAME_CANCELLED": ("cancel", ""),
}
"""Each event type: what it means and how its ``amount`` counts (the blinds of flop games are
not here: those hands are refused from their game before their events are read)."""

CARDS: dict[str, str] = {"DRAW_DRAWN_CARDS": "so-far", "HOLE": "so-far", "SHOWN": "show", "MUCKED": "muck"}
"""Each card element type: the cards so far in the order dealt, or those of a showdown."""

MULTIGAMETYPES: dict[str, str] = {
    "1": "Holdem", "2": "Holdem", "4": "Omaha", "9": "Holdem", "23": "Holdem", "34": "Omaha H/L8",
    "35": "Omaha H/L8", "37": "Omaha H/L8", "38": "7-Stud", "39": "7-Stud", "41": "7-Stud", "42": "7-Stud",
    "43": "7-Stud H/L8", "45": "7-Stud H/L8", "46": "Razz", "47": "Razz", "49": "Razz",
}
"""A mixed table's game of each hand, by its ``multigametype`` code."""

def _antes_posted(game: ElementTree.Element, unit: str) -> dict[str, int]:
    """What each seat posted in ``ANTE`` events: a tournament's ``balance`` is the stack after
    the ante (the next hand's balance is the last one's end less the new ante; a player all in
    puts in exactly balance plus ante), so the stack the player sat down with is the two added.
    An amount that is no amount counts nothing here: the event itself is refused when read."""
    posted: dict[str, int] = {}
    for event in game.iter("event"):
        if event.get("type") == "ANTE":
            seat = event.get("player", "")
            try:
                posted[seat] = posted.get(seat, 0) + amount(event.get("amount", "0"), unit)
            except ValueError:
                continue
    return posted


def _attr(element: ElementTree.Element, name: str, where: str) -> str:
    value = element.get(name)
    if value is None:
        raise HandError(f"<{element.tag}> without {name!r} in {where}")
    return value


class MergeReader:
    """Merge Network XML (``<description type=...>`` and ``<game id=...>``)."""

    name = "merge"
    site = SITE

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
                yield problem(path, hand_id, error, line, SITE)
            except DAMAGED as error:
                yield problem(path, hand_id, HandError(damage(error), line), line, SITE)

    def _game(self, game: ElementTree.Element, about: ElementTree.Element | None, line: int) -> tuple[Game, str, str]:
        """The hand's game, its text and its stakes (the hand's own, else the description's)."""
        if about is None:
            raise HandError("no <description type=... stakes=...> before the hand: the game is unknown", line)
        code = game.get("multigametype")
        said = MULTIGAMETYPES.get(code or "", "") if code else about.get("type", "")
        if code and not said:
            raise HandError(f"a multigametype code stud8 does not know: {code!r}", line)
        stakes = game.get("stakes") or about.get("stakes") or ""
        found = classify(said, limit_of(stakes))
        if found is None:
            raise HandError(f"the description names a game stud8 does not know: {said!r}", line)
        return found, said, stakes

    def _hand(self, text: str, description: str, line: int, path: str, hand_id: str | None) -> HandRecord:
        try:
            game = parse_xml(text)
        except ElementTree.ParseError as error:
            row, column = error.position
            raise HandError(f"not well-formed XML at column {column + 1}: {error.msg.split(':')[0]}",
                            line + row - 1) from None
        try:
            about = parse_xml(description) if description else None
        except ElementTree.ParseError as error:
            # the <description> that names the game of the hands after it: every one of them
            # is refused, each on its own (the next description may be whole again)
            raise HandError(f"the <description> before the hand is not well-formed XML: {error.msg.split(':')[0]}",
                            line) from None
        kind, said, stakes = self._game(game, about, line)
        if not kind.stud:
            raise HandError(refusal(kind, f"{said} {stakes}".strip()), line, "not-stud8")
        with naming_game(kind):
            limits = re.search(r"([$€£]?[\d,.]+)/([$€£]?[\d,.]+)", stakes)
            tournament = "Tournament" in (about.get("type", "") if about is not None else "")
            unit = "chip" if tournament else "cent"
            build = HandBuilder(SITE, hand_id or "?", path, line, unit=unit, layout=LAYOUTS[kind.cards])
            event_lines = {found.group(1): line + text.count("\n", 0, found.start())
                           for found in re.finditer(r'<event\s+sequence="([^"]*)"', text)}
            seat_lines = {found.group(1): line + text.count("\n", 0, found.start())
                          for found in re.finditer(r'<player\b[^>]*?\bseat="([^"]*)"', text)}
            names: dict[str, str] = {}
            players = game.find("players")
            if players is None:
                raise HandError("no <players>", line)
            posted = _antes_posted(game, unit) if tournament else {}
            for player in players.findall("player"):
                if player.get("dealtin", "true") != "true":
                    continue
                seat = _attr(player, "seat", "<players>")
                names[seat] = _attr(player, "nickname", "<players>")
                at = seat_lines.get(seat, line)
                try:
                    stack = amount(_attr(player, "balance", "<players>"), unit)
                except ValueError as error:
                    raise HandError(f"seat {seat}'s balance: {error} (line {at})", at) from None
                build.seat(int(seat), names[seat], stack + posted.get(seat, 0), at)
            ignored: list[tuple[int, str]] = []
            dealt_in = set(names) | set(names.values())

            def unknown(item: ElementTree.Element, at: int, what: str) -> None:
                """An element or type no table lists: refused if it names, pays or shows (unknown.py)."""
                reason = element_carries(item.tag, dict(item.attrib), item.text or "", dealt_in)
                if reason is not None:
                    raise HandError(f"{what} stud8 does not know, and {reason}", at)
                ignored.append((at, element_text(item.tag, dict(item.attrib), item.text or "")))

            for item in game:
                if item.tag not in ("players", "round"):
                    unknown(item, line, f"an element <{item.tag}> in a Merge game")
            paid = False
            for round_ in game.findall("round"):
                where = ROUNDS.get(round_.get("id", ""))
                if where is None:
                    raise HandError(f"a round stud8 does not know: {round_.get('id')!r}", line)
                if isinstance(where, int):
                    build.new_street(where)
                for item in round_:
                    at = event_lines.get(item.get("sequence", ""), line)
                    who = names.get(item.get("player", ""), "")
                    if item.tag == "event" and item.get("type", "") not in EVENTS:
                        unknown(item, at, f"event {item.get('sequence')}: an event type {item.get('type', '')!r}")
                    elif item.tag == "event":
                        self._event(build, item, who, unit, at)
                    elif item.tag == "cards":
                        self._cards(build, item, who, at)
                    elif item.tag == "winner":
                        chips = amount(_attr(item, "amount", "<winner>"), unit)
                        winner = names.get(_attr(item, "player", "<winner>"), "")
                        if item.get("uncalled") == "true":
                            build.give_back(winner, chips)
                        else:
                            build.collect(winner, chips, int(item.get("potnumber", "1")) - 1, at)
                            paid = True
                    else:
                        unknown(item, at, f"an element <{item.tag}> in a Merge round")
            if not paid:
                raise HandError("the hand has no <winner>: the record is cut short", line)
            build.close_showdown()
            build.finish(uncalled="in-collect")
            data = (game.get("data") or "").split("|")
            record = build.build(
                table=data[1] if len(data) > 1 else "", game=f"{said} {stakes}".strip(),
                tournament=data[2] if tournament and len(data) > 2 else None,
                currency={"$": "USD", "€": "EUR", "£": "GBP"}.get(limits.group(1)[:1], "") if limits else "",
                small_bet=amount(limits.group(1), unit) if limits else 0,
                big_bet=amount(limits.group(2), unit) if limits else 0,
                started=game.get("starttime", ""), ignored=tuple(ignored))
            build.check_money(record)
            if not kind.stud8:
                raise HandError(refusal(kind, f"{said} {stakes}".strip()) + " (read through: its books balance)", line,
                                "not-stud8")
            return record

    @staticmethod
    def _event(build: HandBuilder, event: ElementTree.Element, who: str, unit: str, line: int) -> None:
        kind = event.get("type", "")
        if kind not in EVENTS:
            raise HandError(f"event {event.get('sequence')}: an event type stud8 does not know: {kind!r}", line)
        meaning, how = EVENTS[kind]
        if meaning == "ignore":
            return
        if meaning == "cancel":
            raise HandError("the site cancelled the hand (GAME_CANCELLED)", line, "cannot-judge")
        if not who:
            raise HandError(f"event {event.get('sequence')} {kind} by seat {event.get('player')!r}, "
                            "who is not dealt in", line)
        if meaning == "muck":
            build.muck(who, line)
            return
        build.act(meaning, who, amount(event.get("amount", "0"), unit), how, line)

    @staticmethod
    def _cards(build: HandBuilder, item: ElementTree.Element, who: str, line: int) -> None:
        kind = item.get("type", "")
        meaning = CARDS.get(kind)
        if meaning is None:
            raise HandError(f"a cards type stud8 does not know: {kind!r}", line)
        if not who:
            raise HandError(f"cards of seat {item.get('player')!r}, who is not dealt in", line)
        dealt = cards(item.get("cards", ""), ",")
        if meaning == "so-far":
            build.hand_so_far(who, dealt, line)
        else:
            build.show(who, dealt, line, mucked=meaning == "muck")


READER = MergeReader()

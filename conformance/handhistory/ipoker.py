"""iPoker network XML session files, read by an element table (often in Windows-1252: ``€`` is
byte 0x80).

Why a table of elements: the format is XML and an action is said by a numeric ``type``, not by
words. The tables below (``ROUNDS``, ``ACTIONS``, ``CARDS``) are the format: every round,
action type and card element the site writes, what it means and how its ``sum`` counts. An
element, action type or card type no table lists makes the hand ``unreadable``, naming it.

A session is ``<session sessioncode=...>`` with a ``<general>`` block whose ``<gametype>``
names the game, the structure (``L`` fixed limit, ``NL``, ``PL``, ``SL``, ``LZ``, ``БЛ``...) and
the stakes: ``7 Card Stud Hi-Lo L €0.05/€0.10``; a tournament session states no stakes
(``7 Card Stud L``, with ``<tournamentname>``): its amounts are chips. Then one ``<game
gamecode=...>`` per hand. Each game is cut from the stream and parsed alone, so a long
session is read one hand at a time.

Per game: ``<player seat name chips win bet>`` (``chips`` the starting stack, ``win`` what the
player was paid back, uncalled chips included). ``bet`` is not what the player put in: in the
corpus's tournament session it counts the ante a second time for some players (hand
4044980553: Player10 antes 40, raises to 600 and is all in for 470 more, his whole stack of
1,110, yet ``bet="1,150"``), while the actions add up to the players' ``win`` exactly; the
reader keeps the actions and does not hold them to ``bet``. ``<round no="0">`` the antes, rounds 2 to 6 third to seventh street.
Cards: ``<cards type="Third Street" player=...>D7 D4 DK</cards>`` (suit first, ``X`` unseen;
later streets one card). Actions are ``<action no= player= type= sum=>``, listed out of order
inside a round (sorted by ``no``).

Payout: iPoker states neither the pot nor the rake. The pot is what the players put in, less
an uncalled bet (taken out of the winner's ``win``, as a return); the rake is what the pot
held and nobody was paid (reported as not printed).

Format facts from the public fpdb parser's definitions (iPokerToFpdb.py: the game and
structure codes, the tournament elements, the card types) and public readers' action-code
tables (0 fold, 1 and 2 the blinds, 3 call, 4 check, 5 bet, 7 all-in, 15 ante, 16 bring-in,
23 raise: ``sum`` the street total, every other ``sum`` the chips added), checked against the
players' ``bet`` totals of the corpus.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TextIO
from xml.etree import ElementTree

from stud8.conformance.handhistory.games import classify, refusal
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

SITE = "iPoker"
_GAME_START = re.compile(r"<game\s+gamecode=")
_GAMETYPE = re.compile(r"<gametype>([^<]*)</gametype>")
_GAMETYPE_TEXT = re.compile(r"^(?P<game>.+?) (?P<limit>L|NL|PL|FL|SL|LZ|LP|БЛ)(?: (?P<small>\D?[\d.,]+)/(?P<big>\D?[\d.,]+))?"
                            r"(?: Ante \D?[\d.,]+)?$")
_ACTION_LINE = re.compile(r'<action\s+no="(\d+)"')
_LIMITS = {"L": "fixed", "FL": "fixed", "NL": "no limit", "SL": "no limit", "LZ": "no limit", "БЛ": "no limit",
           "PL": "pot limit", "LP": "pot limit"}
"""iPoker's structure codes."""

ROUNDS: dict[str, int | str] = {"0": "antes", "1": "deal", "2": 3, "3": 4, "4": 5, "5": 6, "6": 7}
"""Each round and the street it plays (1: a deal round, empty in stud)."""

ACTIONS: dict[str, tuple[str, str]] = {
    "15": ("ante", "added"), "16": ("bring-in", "added"), "5": ("bet", "added"), "23": ("raise", "to"),
    "3": ("call", "added"), "7": ("all-in", "added"), "4": ("check", ""), "0": ("fold", ""),
    "8": ("sits out", ""), "9": ("sits out", ""),
}
"""Each action type: what it means and how its ``sum`` counts (1 and 2, the blinds, belong to
flop games, which are refused from their game type). 8 ("no action this hand", a player who
just joined the table) and 9 ("sitting out"), from fpdb's iPoker action types: a seated player
not dealt in, so no action of the hand (``_sits_out``). Type 6, which fpdb reads as a raise
"by" only as "a guess", is left unknown: a hand holding one is refused, naming it."""

SITTING_OUT = "sits out"

CARDS: dict[str, int] = {"Third Street": 3, "Fourth Street": 4, "Fifth Street": 5, "Sixth Street": 6, "River": 7,
                         "Second Street": 2}
"""Each card element type and the street it deals."""

GAME_ELEMENTS = frozenset({"general", "round"})
ROUND_ELEMENTS = frozenset({"cards", "action"})


def _money(text: str, unit: str) -> int:
    """An amount after any currency sign (``€0.05``; a sign the decoding could not name too)."""
    return amount(text.strip().lstrip("".join({c for c in text if not (c.isdigit() or c in ".,")})), unit)


def _empty_seat(player: ElementTree.Element, unit: str, line: int) -> None:
    """A ``<player>`` element with no name: iPoker writes one for every seat of the table, an
    empty seat as ``name="" chips="$0" win="$0" bet="$0"`` (cash sessions of 2010). Nobody
    sits there; one that holds chips, won or bet something is no empty seat but a damaged
    record, refused at its line."""
    for field in ("chips", "win", "bet"):
        try:
            value = _money(player.get(field, "0") or "0", unit)
        except ValueError as error:
            raise HandError(f"seat {player.get('seat')!r} has no player name, and its {field}: {error}",
                            line) from None
        if value:
            raise HandError(f"seat {player.get('seat')!r} has no player name but its {field} is "
                            f"{player.get(field)!r}: a seat nobody holds has no chips", line)


def _sits_out(build: HandBuilder, name: str, chips: int, kind: str, line: int) -> None:
    """Action type 8 or 9: ``name`` is seated but not dealt in, so takes no part in the hand.
    Said of a player who has already put chips in (fpdb reads type 9 as a fold), or with chips
    of its own, it is no longer a sitting out whose play the format defines: refused."""
    build.known(name)
    if chips:
        raise HandError(f"{name!r} sits out (action type {kind}) with chips: {chips}", line)
    if name in build.in_hand:
        raise HandError(f"{name!r} sits out (action type {kind}) after taking part in the hand: how iPoker "
                        "plays that is not defined", line)


class IPokerReader:
    """iPoker XML sessions (``<session sessioncode=...>``)."""

    name = "ipoker"
    site = SITE

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
                yield problem(path, hand_id, error, line, SITE)
            except DAMAGED as error:
                yield problem(path, hand_id, HandError(damage(error), line), line, SITE)

    def _hand(self, text: str, gametype: str, line: int, path: str, hand_id: str) -> HandRecord:
        said = " ".join(gametype.split())
        about = _GAMETYPE_TEXT.match(said)
        kind = classify(about.group("game"), _LIMITS[about.group("limit")]) if about else classify(said)
        if kind is None:
            raise HandError(f"the session's game type names a game stud8 does not know: {said!r}", line)
        if not kind.stud:
            raise HandError(refusal(kind, said), line, "not-stud8")
        with naming_game(kind):
            if about is None:
                raise HandError(f"cannot read the session's game type {said!r}", line)
            try:
                game = parse_xml(text)
            except ElementTree.ParseError as error:
                row, column = error.position
                raise HandError(f"not well-formed XML at column {column + 1}: {error.msg.split(':')[0]}",
                                line + row - 1) from None
            tournament = about.group("small") is None  # a tournament session states no stakes: chips
            unit = "chip" if tournament else "cent"
            build = HandBuilder(SITE, hand_id, path, line, unit=unit, layout=LAYOUTS[kind.cards])
            action_lines = {found.group(1): line + text.count("\n", 0, found.start())
                            for found in _ACTION_LINE.finditer(text)}
            player_lines = {found.group(1): line + text.count("\n", 0, found.start())
                            for found in re.finditer(r'<player\b[^>]*?\bname="([^"]*)"', text)}
            wins: dict[str, int] = {}
            for player in game.iterfind("general/players/player"):
                name = player.get("name", "")
                at = player_lines.get(name, line)
                if not name.strip():
                    _empty_seat(player, unit, at)
                    continue
                try:
                    stack, wins[name] = _money(player.get("chips", ""), unit), _money(player.get("win", "0"), unit)
                except ValueError as error:
                    raise HandError(f"player {name!r}: {error} (line {at})", at) from None
                build.seat(int(player.get("seat", "0")), name, stack, at)
            ignored: list[tuple[int, str]] = []
            dealt_in = set(wins)
            sitting_out: set[str] = set()

            def unknown(item: ElementTree.Element, what: str) -> None:
                """An element or type no table lists: refused if it names, pays or shows (unknown.py)."""
                reason = element_carries(item.tag, dict(item.attrib), item.text or "", dealt_in)
                if reason is not None:
                    raise HandError(f"{what} stud8 does not know, and {reason}", line)
                ignored.append((line, element_text(item.tag, dict(item.attrib), item.text or "")))

            for item in game:
                if item.tag not in GAME_ELEMENTS:
                    unknown(item, f"an element <{item.tag}> in an iPoker game")
            for round_ in game.iterfind("round"):
                where = ROUNDS.get(round_.get("no", ""))
                if where is None:
                    raise HandError(f"a round stud8 does not know: {round_.get('no')!r}", line)
                if isinstance(where, int):
                    build.new_street(where if kind.cards == 7 else where - 1)
                for item in round_:
                    if item.tag not in ROUND_ELEMENTS:
                        unknown(item, f"an element <{item.tag}> in an iPoker round")
                for dealt in round_.iterfind("cards"):
                    street = CARDS.get(dealt.get("type", ""))
                    if street is None:
                        raise HandError(f"a cards type stud8 does not know: {dealt.get('type')!r}", line)
                    name = build.known(dealt.get("player", ""))
                    if name in sitting_out:
                        raise HandError(f"{name!r} sits out this hand (action type 8 or 9) but is dealt cards", line)
                    build.deal(name, cards(dealt.text or ""), line=line)
                for action in sorted(round_.iterfind("action"), key=lambda a: int(a.get("no", "0"))):
                    self._act(build, action, unit, action_lines.get(action.get("no", ""), line), sitting_out)
            left = [seat.name for seat in build.seats if seat.name in build.in_hand and seat.name not in build.folded()]
            if len(left) >= 2:
                for name in left:  # iPoker marks no showdown: whoever's cards are all known showed them
                    if all(build.slots[name]):
                        build.show(name, build.slots[name])
            for name, chips in wins.items():
                build.collect(name, chips, 0, line)
            build.close_showdown()
            build.finish(uncalled="in-collect")
            small, big = about.group("small"), about.group("big")
            record = build.build(
                table="", game=said,
                currency="EUR" if small and small[:1] in "€\x80" else ("USD" if small and small[:1] == "$" else ""),
                small_bet=_money(small, unit) if small else 0, big_bet=_money(big, unit) if big else 0,
                tournament="session" if tournament else None,
                started=(game.findtext("general/startdate") or "").strip(), ignored=tuple(ignored))
            build.check_money(record)
            if not kind.stud8:
                raise HandError(refusal(kind, said) + " (read through: its books balance)", line, "not-stud8")
            return record

    @staticmethod
    def _act(build: HandBuilder, action: ElementTree.Element, unit: str, line: int, sitting_out: set[str]) -> None:
        kind = action.get("type", "")
        if kind not in ACTIONS:
            raise HandError(f"action {action.get('no')}: unknown iPoker action type {kind!r}", line)
        meaning, how = ACTIONS[kind]
        name, chips = action.get("player", ""), _money(action.get("sum", "0"), unit)
        if meaning == SITTING_OUT:
            _sits_out(build, name, chips, kind, line)
            sitting_out.add(name)
        elif name in sitting_out:
            raise HandError(f"action {action.get('no')}: {name!r} sits out this hand (action type 8 or 9) "
                            f"but then acts ({meaning})", line)
        else:
            build.act(meaning, name, chips, how, line)


READER = IPokerReader()

"""One reading machine for every text site, driven by a grammar per site.

A site's grammar (``Grammar``) is a table of line patterns (``Row``), each with what the line
means for the hand: a header field, a seat, an ante, a bring-in, a bet, a raise, a call, a
check, a fold, the cards dealt, a street, a showdown, a muck, a collect, the pot, the rake, an
uncalled bet returned, a statement that only sums up (a claim), or a line that says nothing
about the hand's chips or cards (ignore). The rows are the site's format documentation:
each carries an example line the site writes, and a test checks that every row reads its
own example. Adding a phrase a site uses is adding one row.

The machine (``GrammarReader``) cuts the stream into hands at the grammar's ``start`` line
and reads each hand line by line. For every non-blank line it takes the first row whose
pattern matches (and whose ``name``, when it has one, is a seated player). A line that no
row matches, not even an ``ignore`` row, is judged by what it carries (``unknown.py``): one
that names a seated player, an amount or a card makes the hand ``unreadable`` quoting that
line (an unknown phrase that could move chips or cards is seen, never guessed around); one
that carries none of these is read past and listed on the verdict as not understood. The game is decided per hand from the
header's fields (``games.classify``): hold'em, Omaha and draw hands are refused there;
every stud game is read through, its books balanced (``money``), and only then refused if
it is not Stud/8 at fixed limit. A hand that goes wrong in any way becomes that hand's
problem and the next hand is read: no hand can stop the reader for the rest of its file.

What the rows can say (``Row.does``):

======================  ===================================================================
``header``              hand fields from named groups: ``id``, ``game``, ``limit``,
                        ``small``, ``big``, ``ante``, ``bring``, ``table``, ``tournament``,
                        ``currency``, ``max``, ``time``, ``play`` (play money)
``seat``                ``seat``, ``name``, ``stack``: a player at the table
``ante`` ``bring-in``   actions; ``amount`` is what the row's ``amount`` option says the
``complete`` ``bet``    site prints: ``added`` (the chips the action adds) or ``to`` (the
``raise`` ``call``      player's total on the street; group ``to`` when the line holds
``all-in`` ``check``    both). The kind recorded follows from the betting (a site's "bet"
``fold``                that completes a bring-in is a complete); ``all-in`` is a call when
                        it goes no further than the bet, else a wager; ``to-less-bring-in``:
                        the total on the street without the player's own bring-in
``deal``                ``name``, ``cards``: ``deal="new"`` the street's cards (earlier
                        bracket groups are the cards so far), ``so-far`` every card so far
                        in the order dealt, ``one`` one card into the next slot, ``count``
                        new cards whose number says the street (no street headers)
``street``              ``street`` group looked up in ``Grammar.streets``, or the row's
                        fixed ``street``, or ``"next"`` (headers numbered one behind)
``show`` ``muck``       ``name`` and ``cards`` (a muck may show them, or not)
``collect``             ``name``, ``amount`` (``amount2``: a second half on the same line),
                        ``pot`` (which pot: main when absent); with a
                        ``claim``, a summary line that pays only when no earlier line did
                        (else it is checked as that claim)
``pot``                 ``total`` (all pots; ``after_rake`` when the site states it after
                        its rake), ``pots`` (main and side pots listed by name) or
                        ``potlist`` (the main pot then the side pots, comma-separated),
                        ``rake``, ``fees``
``rake`` ``fee``        the rake, a jackpot or other fee
``return``              ``name``, ``amount``: an uncalled bet given back
``winners``             one pot and all its winners on one line: ``pot`` (which), ``total``
                        (its amount before rake), ``winners`` (``NAME (X)`` after ``NAME (X
                        High)``, comma-separated; each name a seated player)
``won``                 a summary line stating what a player won: a collect when no earlier
                        line paid the player, else checked as the row's ``claim``
``claim``               a summing-up statement checked against the record (``claim=``
                        ``won``, ``won+returned``, ``put``, ``put-returned``, ``net``,
                        ``stack``, ``pot``, ``paid``; ``name`` and ``amount`` groups)
``showdown``            the showdown starts; ``summary`` the summary starts
``end``                 the hand's last line
``cancel``              the site cancelled the hand (every chip returned: cannot-judge)
``ignore``              chat, time-outs, sitting out, joins, hand descriptions...
======================  ===================================================================

A row's ``also`` adds meanings to its line from the same groups: ``show`` (the ``cards``),
``muck``, ``claim`` (the ``claimed`` group, else ``amount``, as the row's ``claim``): one
summary line may show a hand, pay it and restate what the player bet.

**The inventory** (issue 28 item 1). A grammar's rows are the inventory of the line kinds its
site writes, each read or deliberately ignored, with an example. A row's ``source`` says where
a kind comes from when no history in ``shared/site-hands`` shows it: ``fpdb`` (the public fpdb
parser's definitions of the site, ``<Site>ToFpdb.py``), with the definition named. A
grammar's ``other_games`` rows list the lines of the site's other games (blinds, boards,
draws): never read (a stud hand never holds one, and those hands are refused from their
header), they account for every line of the corpus. ``inventory.py`` checks and prints both.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TextIO

from stud8.conformance.handhistory.games import Game, classify, limit_of, refusal, unread_other_game
from stud8.conformance.handhistory.record import HandProblem, HandRecord
from stud8.conformance.handhistory.sitebuild import (
    DAMAGED,
    LAYOUTS,
    HandBuilder,
    HandError,
    HandText,
    amount,
    card,
    cards,
    damage,
    problem,
    split_hands,
)
from stud8.conformance.handhistory.unknown import carries

DOES = frozenset({
    "header", "seat", "ante", "bring-in", "complete", "bet", "raise", "call", "all-in", "check", "fold",
    "deal", "street", "show", "muck", "collect", "won", "winners", "pot", "rake", "fee", "return", "claim", "showdown",
    "summary", "end", "cancel", "ignore",
})
ALSO = frozenset({"show", "muck", "claim"})
WAGERS = frozenset({"complete", "bet", "raise"})
MONEY = r"[$€£]?\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:€|USD|EUR|GBP))?"
"""An amount as sites print it: ``$1,725.59``, ``5€``, ``0.40``, ``$0.50 USD``."""
_SIDE_POTS = re.compile(r"(main|side)\s*pot(?:\s*[-#(]?\s*(\d+)\)?)?\s*:?\s*(" + MONEY + ")", re.IGNORECASE)
_BRACKETS = re.compile(r"\[([^\]]*)\]")
_THOUSANDS = re.compile(r"[$€£]?\d{1,3}(?:,\d{3})*(?:\.\d+)?")
_WINNER = re.compile(r"\((?P<amount>" + MONEY + r")(?: (?:High|Low|Hi|Lo))?\)")
_DIGITS = re.compile(r"\d+")


@dataclass(frozen=True)
class Row:
    """One line pattern of a site's format and what it means (see the module docstring)."""

    does: str
    pattern: str
    example: str
    amount: str = "added"
    street: int | str | None = None
    deal: str = "new"
    order: str = "dealt"
    claim: str = ""
    after_rake: bool = False
    sections: tuple[str, ...] = ()
    also: tuple[str, ...] = ()
    source: str = ""
    regex: re.Pattern[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.does not in DOES or not ALSO.issuperset(self.also):
            raise ValueError(f"a grammar row cannot do {self.does!r} {self.also}")  # pragma: no cover - grammar bug
        object.__setattr__(self, "regex", re.compile(self.pattern))


@dataclass(frozen=True)
class Grammar:
    """A site's text format: how a hand starts, its rows, its street names, and the few facts
    about its payout that no single line states.

    ``uncalled``: how the site gives an uncalled bet back: ``line`` (a line says so),
    ``in-collect`` (inside the winner's collect, without a line), ``silent`` (neither: the
    chips simply go back; the record shows them returned). ``default_limit``: the structure of a game whose header names
    none. ``complete_when``: what a hand must have said to be whole (a hand cut short lacks
    it). ``sniff``: a pattern the file's first lines must hold (default: ``start``).
    """

    name: str
    site: str
    start: str
    rows: tuple[Row, ...]
    streets: dict[str, int] = field(default_factory=dict)
    sniff_pattern: str = ""
    sniff_lines: int = 20
    default_limit: str = ""
    uncalled: str = "line"
    complete_when: tuple[str, ...] = ("collect",)
    id_pattern: str = r"#\s*([\w-]+)"
    other_games: tuple[Row, ...] = ()
    start_regex: re.Pattern[str] = field(init=False, repr=False, compare=False)
    sniff_regex: re.Pattern[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "start_regex", re.compile(self.start))
        object.__setattr__(self, "sniff_regex", re.compile(self.sniff_pattern or self.start, re.MULTILINE))


class _Hand:
    """One hand being read: the header's fields until the game is decided, then a builder."""

    def __init__(self, grammar: Grammar, path: str, first: int) -> None:
        self.grammar = grammar
        self.path = path
        self.first = first
        self.fields: dict[str, str] = {}
        self.field_lines: dict[str, int] = {}   # the line each header field was read on
        self.build: HandBuilder | None = None
        self.game: Game | None = None
        self.section = "head"
        self.seen: set[str] = set()
        self.last = first
        self.ignored: list[tuple[int, str]] = []  # lines no row knows that carry nothing (unknown.py)

    # --- the game ---------------------------------------------------------------------------

    def hand_id(self) -> str | None:
        return self.fields.get("id") or self.id_fallback

    id_fallback: str | None = None

    def decide(self, line: int) -> HandBuilder:
        """The builder, once the header has said which game this hand is (refusing the hand
        here when it is not a stud game)."""
        if self.build is not None:
            return self.build
        said = self.fields.get("game")
        if not said:
            raise HandError(f"the hand's header names no game (line {self.first})", line)
        stated = self.fields.get("limit")
        game = classify(said, (limit_of(stated) or stated.lower()) if stated else None,
                        default_limit=self.grammar.default_limit)
        if game is None:
            raise HandError(f"the header names a game stud8 does not know: {said!r}", line)
        self.game = game
        if stated:
            self.fields["game"] = said = f"{said}, {stated}"  # the structure as the header writes it
        if not game.stud:
            raise HandError(refusal(game, said), self.first, "not-stud8")
        unit = "chip" if self.fields.get("tournament") else "cent"
        self.build = HandBuilder(self.grammar.site, self.fields.get("id") or "?", self.path, self.first,
                                 unit=unit, layout=LAYOUTS[game.cards])
        return self.build

    def money(self, text: str | None) -> int:
        assert self.build is not None
        return amount(text or "0", self.build.unit)

    def paid(self, groups: dict[str, str]) -> int:
        """The ``amount`` of a payout line, plus ``amount2`` when the line states two (a hand
        that won both halves: "and won ($0.37) with ..., and won ($0.36) with ...")."""
        return self.money(groups.get("amount")) + (self.money(groups["amount2"]) if "amount2" in groups else 0)

    # --- one line ---------------------------------------------------------------------------

    def apply(self, row: Row, match: re.Match[str], line: int, text: str) -> None:
        does = row.does
        self.seen.add(does)
        self.last = line
        groups = {key: value for key, value in match.groupdict().items() if value is not None}
        if does == "header":
            for key, value in groups.items():
                if key not in self.fields:
                    self.fields[key] = value.strip()
                    self.field_lines[key] = line
            return
        if does == "ignore":
            return
        if does == "cancel":
            raise HandError(f"the site cancelled the hand: {text!r}", line, "cannot-judge")
        build = self.decide(line)
        name = groups.get("name")
        if does == "seat":
            self.section = "seats" if self.section == "head" else self.section
            build.seat(int(groups["seat"]), groups["name"], self.money(groups.get("stack")), line)
            return
        if does in ("showdown", "summary"):
            self.section = does
            return
        if self.section in ("head", "seats"):
            self.section = "play"
        if does == "street":
            self._street(row, groups, line)
        elif does == "ante":
            build.ante(build.known(name or ""), self.money(groups.get("amount")), line)
        elif does == "bring-in":
            amounts = self._chips(row, groups)
            build.bring_in(build.known(name or ""), amounts["added"] if "added" in amounts else
                           amounts["to"] - build.committed(name or ""), line)
        elif does in WAGERS:
            build.wager(name or "", line=line, **self._chips(row, groups))
        elif does == "call":
            build.call(name or "", line=line, **self._chips(row, groups))
        elif does == "all-in":
            build.all_in(name or "", line=line, **self._chips(row, groups))
        elif does == "check":
            build.check(name or "", line)
        elif does == "fold":
            build.fold(name or "", line)
        elif does == "deal":
            self._deal(row, groups, line)
        elif does == "show":
            build.show(name or "", cards(_cards_text(groups.get("cards", ""))), line, in_order=row.order == "dealt")
        elif does == "muck":
            if groups.get("cards") and _cards_text(groups["cards"]).strip():
                build.show(name or "", cards(_cards_text(groups["cards"])), line,
                           in_order=row.order == "dealt", mucked=True)
            else:
                build.muck(name or "", line)
        elif does == "collect":
            build.collect(name or "", self.paid(groups), pot_index(groups.get("pot")), line)
        elif does == "winners":
            index = pot_index(groups.get("pot"))
            if "total" in groups:
                build.statement.pots[index] = self.money(groups["total"])
                build.statement.line = build.statement.line or line
            for winner, chips in self._winners(groups.get("winners", ""), line):
                build.collect(winner, chips, index, line)
                self.seen.add("collect")
        elif does == "won":
            chips = self.paid(groups)
            if any(who == name for won in build.collects.values() for who, _ in won):
                build.claim(row.claim or "won", name, chips, line, text)  # a summary restating a collect
            else:
                self.seen.add("collect")
                build.collect(name or "", chips, pot_index(groups.get("pot")), line)
        elif does == "return":
            build.give_back(build.known(name or ""), self.money(groups.get("amount")))
        elif does == "pot":
            self._pot(row, groups, line)
        elif does == "rake":
            build.statement.rake = (build.statement.rake or 0) + self.money(groups.get("amount"))
            build.statement.line = build.statement.line or line
        elif does == "fee":
            build.statement.fees = (build.statement.fees or 0) + self.money(groups.get("amount"))
        elif does == "claim":
            chips = self.money(groups.get("amount"))
            build.claim(row.claim, name, -chips if groups.get("sign") == "-" else chips, line, text)
        elif does == "end":
            self.section = "end"
        for extra in row.also:
            self._also(extra, row, groups, line, text)

    def _also(self, extra: str, row: Row, groups: dict[str, str], line: int, text: str) -> None:
        """What a line says besides its main meaning (a summary line that shows cards, pays
        and restates what the player put in): ``show``/``muck`` the ``cards`` group, ``claim``
        the ``claimed`` group (else ``amount``) as the row's ``claim``."""
        assert self.build is not None
        name = groups.get("name", "")
        if extra == "show" and groups.get("cards"):
            self.build.show(name, cards(_cards_text(groups["cards"])), line, in_order=row.order == "dealt")
        elif extra == "muck":
            self.build.muck(name, line)
        elif extra == "claim" and ("claimed" in groups or "amount" in groups):
            chips = self.money(groups.get("claimed", groups.get("amount")))
            self.build.claim(row.claim, name, -chips if groups.get("sign") == "-" else chips, line, text)

    def _winners(self, text: str, line: int) -> Iterator[tuple[str, int]]:
        """``NAME (X)`` pairs of a winners list, each name a seated player (names may hold
        commas and parentheses: the longest seated name that fits is taken)."""
        assert self.build is not None
        rest = text.strip()
        names = sorted(self.build.slots, key=len, reverse=True)
        while rest:
            name = next((n for n in names if rest.startswith(n + " (")), None)
            found = _WINNER.match(rest[len(name) + 1:]) if name is not None else None
            if name is None or found is None:
                raise HandError(f"cannot read the winners {text!r}", line)
            yield name, self.money(found.group("amount"))
            rest = rest[len(name) + 1 + found.end():].lstrip(", ")

    def _chips(self, row: Row, groups: dict[str, str]) -> dict[str, int]:
        if row.amount == "to":
            return {"to": self.money(groups.get("to", groups.get("amount")))}
        if row.amount == "to-less-bring-in":
            assert self.build is not None
            return {"to": self.money(groups.get("to", groups.get("amount")))
                    + self.build.brought_in(groups.get("name", ""))}
        return {"added": self.money(groups.get("amount"))}

    def _street(self, row: Row, groups: dict[str, str], line: int) -> None:
        assert self.build is not None
        if row.street == "next":
            self.build.next_street()
            return
        if isinstance(row.street, int):
            self.build.new_street(row.street)
            return
        said = groups.get("street", "").strip().lower()
        if said not in self.grammar.streets:
            raise HandError(f"a street this grammar does not know: {said!r}", line)
        self.build.new_street(self.grammar.streets[said])

    def _deal(self, row: Row, groups: dict[str, str], line: int) -> None:
        assert self.build is not None
        name = self.build.known(groups.get("name", ""))
        text = groups.get("cards", "")
        if row.deal == "one":
            self.build.deal_next(name, card(text) if text else None, line)
            return
        bracketed = _BRACKETS.findall(text)
        if row.deal == "so-far":
            self.build.hand_so_far(name, cards(" ".join(bracketed) if bracketed else text), line)
            return
        if row.deal == "count":
            self.build.deal_by_count(name, cards(" ".join(bracketed) if bracketed else text), line)
            return
        if len(bracketed) > 1:
            earlier = cards(" ".join(bracketed[:-1]))
            self.build.deal(name, cards(bracketed[-1]), line=line, earlier=earlier)
        else:
            self.build.deal(name, cards(bracketed[0] if bracketed else text), line=line)

    def _pot(self, row: Row, groups: dict[str, str], line: int) -> None:
        assert self.build is not None
        said = self.build.statement
        said.line = line
        said.after_rake = row.after_rake
        if "total" in groups:
            said.total = self.money(groups["total"])
        if "rake" in groups:
            said.rake = self.money(groups["rake"])
        if "fees" in groups:
            said.fees = (said.fees or 0) + self.money(groups["fees"])
        if "pots" in groups:
            for which, number, value in _SIDE_POTS.findall(groups["pots"]):
                index = 0 if which.lower() == "main" else int(number or 1)
                said.pots[index] = self.money(value)
        if "potlist" in groups:  # the main pot, then each side pot, comma-separated
            for index, value in enumerate(_THOUSANDS.findall(groups["potlist"])):
                said.pots[index] = self.money(value)
        if "pot" in groups and "amount" in groups:  # one pot per line ("Side pot(1) $0.60 | Rake $0.00")
            index = pot_index(groups["pot"])
            said.pots[index] = self.money(groups["amount"])
            if "rake" in groups:
                said.pot_rakes[index] = said.rake or 0
                said.rake = sum(said.pot_rakes.values())

    # --- the end of the hand ----------------------------------------------------------------

    def unknown(self, line: int, text: str) -> None:
        """A line no row knows: refused when it names a seated player, an amount or a card
        (``unknown.carries``), else kept to be listed as read past. Lines before the seats are
        checked against the names once the seats are read (``finish``)."""
        if self.build is None and "game" not in self.fields:
            reason = carries(text, ())  # the game is not known yet: amounts and cards refuse the hand
        else:
            self.decide(line)  # a hand of another game is refused as such, not for its lines
            reason = carries(text, self.build.slots if self.build is not None else ())
        if reason is not None:
            raise HandError(f"a line the {self.grammar.site} grammar does not know, and {reason}: {text!r}", line)
        self.ignored.append((line, text))

    def finish(self) -> HandRecord:
        build = self.decide(self.last)
        for line, text in self.ignored:  # a line read before the seats may name a player seated after it
            reason = carries(text, build.slots)
            if reason is not None:
                raise HandError(f"a line the {self.grammar.site} grammar does not know, and {reason}: {text!r}", line)
        missing = [what for what in self.grammar.complete_when if what not in self.seen]
        if missing:
            raise HandError(f"the hand is cut short after line {self.last}: no {' or '.join(missing)} line "
                            "(the record ends before the hand's payout)", self.last)
        build.close_showdown()
        build.finish(uncalled=self.grammar.uncalled)
        fields = self.fields
        header: dict[str, object] = {
            "table": fields.get("table", ""), "game": fields.get("game", ""), "started": fields.get("time", ""),
            "tournament": fields.get("tournament") or None,
            "currency": _currency(fields),
        }
        for key, target in (("small", "small_bet"), ("big", "big_bet"), ("ante", "ante"), ("bring", "bring_in")):
            if fields.get(key):
                try:
                    value = self.money(fields[key])
                except ValueError as error:  # a damaged stake: the header's line is named
                    where = self.field_lines.get(key, self.first)
                    raise HandError(f"the header's stakes: {error} (line {where})", where) from None
                if value:
                    header[target] = value
        if fields.get("max", "").isdigit():
            header["max_seats"] = int(fields["max"])
        header["ignored"] = tuple(self.ignored)
        record = build.build(**header)
        build.check_money(record)
        assert self.game is not None
        if not self.game.stud8:
            raise HandError(refusal(self.game, fields.get("game", "")) + " (read through: its books balance)",
                            self.first, "not-stud8")
        return record


def _cards_text(text: str) -> str:
    """The cards of a group that may hold brackets (``[Ad Kd] [7s]``): all of them, in order."""
    inside = _BRACKETS.findall(text)
    return " ".join(inside) if inside else text


def _currency(fields: dict[str, str]) -> str:
    said = fields.get("currency", "") + " " + fields.get("small", "")
    for mark, code in (("$", "USD"), ("€", "EUR"), ("\x80", "EUR"), ("£", "GBP"), ("USD", "USD"), ("EUR", "EUR"),
                       ("GBP", "GBP"), ("CAD", "CAD")):
        if mark in said:
            return code
    return ""


def pot_index(text: str | None) -> int:
    """Which pot a collect names: 0 the main pot (or no pot named), side pots by their number
    (``side pot-2``, ``Side pot(1)``, ``side pot #2``; an unnumbered side pot is the first)."""
    if not text:
        return 0
    words = text.lower()
    number = _DIGITS.search(words)
    if "side" in words:
        return int(number.group()) if number else 1
    return 0


class GrammarReader:
    """A reader (``readers.Reader``) for one site's text format, from its grammar."""

    def __init__(self, grammar: Grammar) -> None:
        self.grammar = grammar
        self.name = grammar.name
        self.site = grammar.site

    def sniff(self, head: str) -> bool:
        lines = [line.lstrip("\ufeff").replace("\x00", "") for line in head.splitlines()[: self.grammar.sniff_lines]]
        return self.grammar.sniff_regex.search("\n".join(lines)) is not None

    def hands(self, stream: TextIO) -> Iterator[HandText]:
        """The stream's hands. A site may open a hand with several lines that each can start
        one (PartyPoker: ``Game #N starts.``, ``#Game No : N``, ``***** Hand History ...``): a
        piece holding only such lines is joined to the next."""
        pending: HandText | None = None
        for text in split_hands(stream, self.grammar.start_regex):
            if pending is not None and pending.broken is None:
                gap = text.line - pending.line - len(pending.lines)
                text = HandText(pending.line, pending.lines + [""] * gap + text.lines, text.broken)
            pending = None
            lines = [line for line in text.lines if line.strip()]
            if text.broken is None and all(self.grammar.start_regex.search(line) for line in lines):
                pending = text
                continue
            yield text
        # A file that ends with a hand's opening lines and nothing after them (PartyPoker writes
        # "Game #N starts." before the hand is played) holds no hand there: nothing to read.

    def read(self, stream: TextIO, path: str) -> Iterator[HandRecord | HandProblem]:
        for text in self.hands(stream):
            hand = _Hand(self.grammar, path, text.line)
            if text.lines:
                found = re.search(self.grammar.id_pattern, text.lines[0])
                hand.id_fallback = found.group(1) if found else None
            number = text.line
            try:
                text.check()
                for number, raw in text.numbered():
                    # NUL bytes (a PartyPoker file starts with one) and a stray byte at the end of a
                    # cut UTF-16 file (decoded as U+FFFD) are not text of the hand
                    line = raw.replace("\x00", "").strip().rstrip("\ufffd")
                    if not line:
                        continue
                    row, match = self.match(line, hand)
                    if row is None:
                        if number == text.line:
                            raise HandError(f"the first line is no {self.site} hand header: {line!r}", number)
                        hand.unknown(number, line)
                        continue
                    hand.apply(row, match, number, line)  # type: ignore[arg-type]
                yield hand.finish()
            except HandError as error:
                if error.verdict == "unreadable":
                    error = HandError(unread_other_game(error.message, hand.game), error.line, error.verdict)
                yield problem(path, hand.hand_id(), error, text.line, self.site)
            except DAMAGED as error:
                # A damaged hand (a stake that is no amount, a card that is no card): that hand's
                # problem, at the line being read; the next hand is read all the same.
                yield problem(path, hand.hand_id(),
                              HandError(unread_other_game(f"{damage(error)} (line {number})", hand.game), number),
                              text.line, self.site)

    def match(self, line: str, hand: _Hand) -> tuple[Row | None, re.Match[str] | None]:
        """The first row that reads the line in the hand's present section (a row with a
        ``name`` group reads it only when that name is a seated player)."""
        seated = hand.build.slots if hand.build is not None else {}
        for row in self.grammar.rows:
            if row.sections and hand.section not in row.sections:
                continue
            found = row.regex.match(line)
            if found is None:
                continue
            if row.does != "seat" and "name" in row.regex.groupindex:
                name = found.group("name")
                if name is not None and name not in seated:
                    continue
            return row, found
        return None, None

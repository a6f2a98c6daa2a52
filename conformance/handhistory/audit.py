"""The audit of one recorded hand: replay it on the reference engine, then check the payout.

``audit_hand(record, options) -> HandVerdict`` is a pure function of picklable values (no
files, no globals that change), so hands can be audited in worker processes or on a Dask
cluster and give the same verdicts in any order.

How a hand is judged:

1. **The deal.** The record's players become engine seats 1..n in table order. Every card the
   record shows is dealt where the record says; a card nobody saw is dealt by the one policy
   of ``filling.py`` (down cards the lowest unused cards, up cards the highest). Up cards
   decide the bring-in and the act order, so a record missing one cannot be judged, with one
   exception: the third-street up card of a player who folded on third street decides only
   who brought in. The hand is judged when no filling of such cards changes the verdict: when
   no card nobody saw is lower than the lowest up card seen (then none of them could have
   brought in), or when giving each such player in turn the lowest card nobody saw leaves the
   verdict as it was; otherwise the bring-in cannot be checked and the hand ``cannot-judge``.
2. **The actions.** Antes are checked against the stakes (``table.ante``); every other action
   is offered to the engine in order. The first action the engine refuses (out of turn, wrong
   amount, past the cap, a check facing a bet...) is the deviation, with the rule it breaks,
   the step (street, action number, line), what was recorded and what the rules allow; the
   replay stops there. A call or bring-in for other chips than the rules' amount deviates too.
3. **The payout** is checked even after an action deviated, because it is worked out from
   what each player *recorded* putting in: uncalled chips go back (``pots.uncalled-bet``), the
   pots are formed (``pots.side-pots``), and each pot, less the rake and fees the site took
   from it, is split by the rules (``showdown.split``, the low qualifier, ``odd-chip.*`` with
   the profile's odd-chip option). Where the site does not say how much rake each pot paid,
   each pot's rake is what the site did not pay out of it. Before any of this the hand's books
   must balance (``money.check``): a hand whose books do not is ``unreadable``, never
   ``deviates``.
4. **Unseen cards.** When a player still in at the showdown has cards nobody saw, the audit
   first asks whether those cards can change the payout at all (``unseen.py``: when every such
   player, whatever the cards, loses both halves of every pot to a player whose cards are all
   known, they cannot, and nothing is searched). Otherwise the payout is worked out for the
   fillings of those cards: every set of cards one such player could hold, or, for several
   players, a sample (lowest cards, highest cards, seeded shuffles). If the fillings disagree,
   the unseen cards decide the payout: the hand ``cannot-judge``, naming the players. The
   search has a budget (``UNSEEN_TRIALS`` fillings, ``UNSEEN_SECONDS``): a hand that needs
   more is ``cannot-judge`` too ("too many unseen cards"), so no file of such hands can make
   the audit take minutes.

Verdicts: ``conforms``, ``deviates``, ``cannot-judge``; a reader's ``not-stud8`` and
``unreadable`` pass through ``problem_verdict``.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from stud8.conformance.handhistory import money
from stud8.conformance.handhistory.filling import fill_unseen, unused_cards
from stud8.conformance.handhistory.inference import MAX_ALTERNATIVES, alternatives
from stud8.conformance.handhistory.record import ANTE as _ANTE
from stud8.conformance.handhistory.record import BET as _BET
from stud8.conformance.handhistory.record import BRING_IN as _BRING_IN
from stud8.conformance.handhistory.record import CALL as _CALL
from stud8.conformance.handhistory.record import CHECK as _CHECK
from stud8.conformance.handhistory.record import COMPLETE as _COMPLETE
from stud8.conformance.handhistory.record import (
    FACES,
    TO_KINDS,
    ActionRecord,
    HandProblem,
    HandRecord,
)
from stud8.conformance.handhistory.record import FOLD as _FOLD
from stud8.conformance.handhistory.record import RAISE as _RAISE
from stud8.conformance.handhistory.stacking import CARD_INDEX, stacked_deck
from stud8.conformance.handhistory.unseen import outcome
from stud8.reference import bulk_eval, hands
from stud8.reference.actions import Action
from stud8.reference.cards import ALL_CARDS, Card
from stud8.reference.engine import Hand, Stakes, check_table
from stud8.reference.errors import ActionError, Stud8Error
from stud8.reference.pots import (
    high_chip_order,
    low_chip_order,
    side_pots,
    split_pot,
    uncalled,
)
from stud8.spec.limits import UNSEEN_SECONDS, UNSEEN_TRIALS, quoted

VERDICTS: tuple[str, ...] = ("conforms", "deviates", "cannot-judge", "not-stud8", "unreadable")
SKIPPED = "skipped"
"""Not a verdict: a file found by walking a folder that is no hand history (listed apart)."""
STREET_NAMES = {0: "antes", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh"}
FILLINGS = 64
"""How many fillings of unseen cards are tried when several players reach the showdown with
cards nobody saw (one such player: every possible set of cards is tried, within the budget
``UNSEEN_TRIALS``)."""

_CARD_INDEX = CARD_INDEX
_CARD_TEXTS: tuple[str, ...] = tuple(str(card) for card in ALL_CARDS)
"""Every card as text, in canonical order (what ``_fill`` draws unseen cards from)."""
_CARD_NAME = {text: text for text in _CARD_TEXTS}
"""A card's own text, looked up by anything equal to it (a ``str`` subclass, an object that
hashes and compares as one): the modules the compiled build compiles (``stacking``,
``filling``) are handed only the ``str`` itself, as they answer a ``TypeError`` otherwise."""
_NUMBER_TYPES = frozenset({int, float, bool})
"""What a record's street may be: a number, equal to a street's (``3``, ``3.0``) or not (refused)."""
_STREET_NUMBER = {street: street for street in STREET_NAMES}
"""A street's own number, looked up by anything equal to it (``3.0``): the facts hold the ``int``,
which slices and the compiled modules need."""


@dataclass(frozen=True)
class AuditOptions:
    """The rules a hand is judged by: a profile and option values (``K=V`` pairs)."""

    profile: str | None = None
    options: tuple[tuple[str, Any], ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return dict(self.options)


@dataclass(frozen=True)
class Deviation:
    """Where the record differs from the rules: the rule id, the step, recorded vs expected."""

    rule: str
    street: str
    step: int
    recorded: str
    expected: str
    message: str
    line: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "street": self.street, "step": self.step, "line": self.line,
                "recorded": self.recorded, "expected": self.expected, "message": self.message}


@dataclass(frozen=True)
class HandVerdict:
    """The verdict on one hand; amounts in the record's smallest unit."""

    file: str
    hand: str | None
    site: str
    line: int
    verdict: str
    deviations: tuple[Deviation, ...] = ()
    reason: str = ""
    unit: str = ""
    pot: int = 0
    rake: int = 0
    net_recorded: tuple[tuple[str, int], ...] = ()
    net_rules: tuple[tuple[str, int], ...] = ()
    rake_printed: bool = True
    ignored: tuple[tuple[int, str], ...] = ()
    checked: tuple[str, ...] = ()
    inferences: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    repeat_of: str = ""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "file": self.file, "hand": self.hand, "site": self.site, "line": self.line,
            "verdict": self.verdict, "deviations": [deviation.to_json() for deviation in self.deviations],
            "pot": self.pot, "rake": self.rake,
            "net_recorded": dict(self.net_recorded), "net_rules": dict(self.net_rules),
        }
        if self.reason:
            data["reason"] = self.reason
        if not self.rake_printed:
            data["rake_printed"] = False
        if self.ignored:
            data["ignored"] = [{"line": line, "text": text} for line, text in self.ignored]
        if self.checked:
            data["checked"] = list(self.checked)
        if self.inferences:
            data["inferences"] = list(self.inferences)
        notes = list(self.notes) + ([f"the same hand id as the hand at {self.repeat_of}"] if self.repeat_of else [])
        if notes:
            data["notes"] = notes
        return data


def problem_verdict(problem: HandProblem) -> HandVerdict:
    """A reader's problem (``not-stud8``, ``unreadable``, ``cannot-judge`` for a cancelled
    hand, ``skipped`` for a walked file that is no hand history) as a verdict, naming its site."""
    return HandVerdict(problem.file, problem.hand_id, problem.site, problem.line, problem.verdict,
                       reason=problem.reason)


class _CannotJudge(Exception):
    pass


class _Unreadable(Exception):
    pass


@lru_cache(maxsize=32)
def resolved_options(options: AuditOptions) -> dict[str, Any]:
    """The full option values of a profile plus overrides (``ConfigError`` when unknown)."""
    deck = [str(card) for card in ALL_CARDS]
    probe = Hand.start([10, 10], Stakes(0, 1, 2, 4), deck, options.profile, options.as_dict())
    return dict(probe.options)


# --- the record's facts ----------------------------------------------------------------------

@dataclass
class _Facts:
    """What the record says each seat did, as engine seat indices (0-based)."""

    names: list[str]
    seat_of: dict[str, int]
    stacks: list[int]
    contributed: list[int]
    folded: list[bool]
    fold_street: list[int]
    last_street: int
    problems: list[Deviation] = field(default_factory=list)
    pots: tuple[dict[int, int], list[Any]] | None = None  # the rules' returns and pots (``_rules_pots``)


def _facts(record: HandRecord, put: Mapping[str, int] | None = None) -> _Facts:
    """The record's seats and what each did. ``put``: what each player put in, from a money
    check the record has passed (``money.balance``); without it the sums are worked out here,
    and a record whose sums cannot be (a player not seated, a bet to less than already in,
    more than a stack) is ``_Unreadable``."""
    # Engine seats 1..n follow the table's seat numbers: stud has no button, so the lowest seat
    # is taken as the dealer's left (act-order ties, odd chips in seat order).
    for entry in record.seats:
        if entry.seat_no.__class__ is not int:  # bool is no seat number either
            who = entry.name if isinstance(entry.name, str) else quoted(entry.name)
            raise _Unreadable(f"line {entry.line}: the seat number {quoted(entry.seat_no)} of {who} is not a whole number")
    seats = sorted(record.seats, key=lambda seat: seat.seat_no)
    names = [seat.name for seat in seats]
    seat_of = {name: index for index, name in enumerate(names)}
    if len(seat_of) != len(names):
        raise _Unreadable("two seats have the same player name")
    if put is None:
        put, trouble = money.contributions(record)
        if trouble is not None:
            raise _Unreadable(f"line {trouble.line}: {trouble.message}")
    stacks = [seat.stack for seat in seats]
    contributed = [put[name] for name in names]
    folded = [False] * len(names)
    fold_street = [0] * len(names)
    street = 0
    for action_street, player, kind, _amount, _all_in, line in record.actions:  # unpacked: read per action
        if action_street.__class__ not in _NUMBER_TYPES or action_street not in STREET_NAMES \
                or (action_street == 0) != (kind == _ANTE):
            if action_street.__class__ not in _NUMBER_TYPES:
                where = f"a street given as {quoted(action_street)}"
            else:
                where = STREET_NAMES.get(action_street, f"street {quoted(action_street)}")  # type: ignore[call-overload]
            raise _Unreadable(f"line {line}: {player} {kind.value}s on {where}: "
                              "antes come before the deal, every other action on third to seventh street")
        if action_street != street:
            if action_street < street:
                raise _Unreadable(f"line {line}: the actions go back to an earlier street")
            street = action_street
        if kind == _FOLD:
            seat = seat_of[player]
            folded[seat] = True
            fold_street[seat] = _STREET_NUMBER[action_street]  # an int, whatever number the record holds
    live = [seat for seat in range(len(names)) if not folded[seat]]
    last_street = 7 if len(live) > 1 else _STREET_NUMBER[max((a.street for a in record.actions), default=3)]
    return _Facts(names, seat_of, stacks, contributed, folded, fold_street, max(last_street, 3))


def _dealt_slots(facts: _Facts, seat: int, community: str | None = None) -> int:
    """How many of the seat's seven slots were dealt: up to the street they folded on; six for
    a player in at seventh street when that street was one community card (deck.community-card)."""
    street = facts.fold_street[seat] if facts.folded[seat] else facts.last_street
    if street == 7 and community is not None:
        return 6
    return street  # third street deals 3 cards, each later street one: street N -> N cards


def _known_cards(record: HandRecord, facts: _Facts) -> list[list[str | None]]:
    """Each seat's dealt slots as the record shows them (``None``: nobody saw the card),
    checked to be cards dealt once; nothing judged yet (``_unseen_up_cards`` does)."""
    seen: dict[str, str] = {}
    slots: list[list[str | None]] = []
    card_name = _CARD_NAME.get
    for seat, name in enumerate(facts.names):
        cards = list(record.cards_of(name))[: _dealt_slots(facts, seat, record.community)]
        for slot, card in enumerate(cards):
            if card is None:
                continue
            try:
                text = card_name(card)  # the card's own text (``_CARD_NAME``)
            except TypeError:
                text = None  # unhashable: no card
            if text is None:
                raise _Unreadable(f"{quoted(card)} is not a card")
            if text in seen:
                raise _Unreadable(f"{text} is dealt to both {seen[text]} and {name}")
            seen[text] = name
            cards[slot] = text  # the card's own text: what is equal to a card name is not always a str
        slots.append(cards)
    if record.community is not None:
        if _card_name(record.community) is None:
            raise _Unreadable(f"{quoted(record.community)} is not a card")
        if record.community in seen:
            raise _Unreadable(f"{record.community} is dealt to {seen[record.community]} and as the community card")
    return slots


def _card_name(card: object) -> str | None:
    """The card's own text (``_CARD_NAME``), or None when it is no card (an unhashable value
    included: a record's fields may hold anything)."""
    try:
        return _CARD_NAME.get(card)  # type: ignore[call-overload]
    except TypeError:
        return None


@dataclass(frozen=True)
class _Unseen:
    """The up cards nobody saw: ``folders``, the seats whose third-street up card is unseen and
    who folded on third street (that card decides only who brought in: ``_check_bring_in``);
    ``street``, the first street on which an unseen up card decides who acts first (the
    actions from there on cannot be checked), with ``why``; 0 when none does."""

    folders: list[int]
    street: int = 0
    why: str = ""


def _unseen_up_cards(slots: list[list[str | None]], facts: _Facts) -> _Unseen:
    """Which unseen up cards the verdict must not rest on (``_Unseen``)."""
    hidden: list[int] = []
    street, why = 0, ""
    for seat, cards in enumerate(slots):
        for slot, card in enumerate(cards):
            if card is not None or FACES[slot] != "up":
                continue
            if slot == 2 and facts.folded[seat] and facts.fold_street[seat] == 3:
                hidden.append(seat)
                continue
            dealt_on = max(3, slot + 1)
            if not street or dealt_on < street:
                street = dealt_on
                why = (f"{facts.names[seat]}'s up card on {STREET_NAMES[dealt_on]} street is not recorded "
                       "(up cards decide the bring-in and who acts first)")
    return _Unseen(hidden, street, why)


def _check_bring_in(record: HandRecord, facts: _Facts, slots: list[list[str | None]], hidden: list[int],
                    deviations: list[Deviation], options: AuditOptions, resolved: Mapping[str, Any],
                    stop: int = 0) -> str:
    """Why the record does not show who had to bring in, or "" when it does not matter: the
    unseen third-street up cards of ``hidden`` (players who folded on third street) could
    change the verdict of the replay on the policy's deal.

    Such a card decides only the bring-in, and the policy deals it the highest card left, so
    it never brings in. It could have, only if a card nobody saw is lower than every up card
    seen; then each such player in turn is given the lowest card nobody saw (the one card
    that makes them bring in if any does) and the hand replayed: a different verdict (another
    rule broken at another step, or none) means the record does not show who had to bring in.
    """
    pool = unused_cards(slots, record.community)
    seen = [_CARD_INDEX[cards[2]] for cards in slots if len(cards) > 2 and cards[2] is not None]
    if not pool or (seen and _CARD_INDEX[pool[0]] > min(seen)):
        return ""
    verdict = [(deviation.rule, deviation.step) for deviation in deviations]
    for seat in hidden:
        trial = [list(cards) for cards in slots]
        trial[seat][2] = pool[0]
        other = _replay(record, facts, _fill(trial, 0, record.community), options, resolved, stop)
        if [(deviation.rule, deviation.step) for deviation in other] != verdict:
            owners = [facts.names[s] for s in hidden]
            what = (f"{owners[0]}'s up card on third street is" if len(owners) == 1 else
                    f"the third-street up cards of {', '.join(owners[:-1])} and {owners[-1]} are")
            return (f"{what} not recorded, and could have been lower than every up card seen "
                    f"(nobody saw the {pool[0]}): who had to bring in is not known")
    return ""


def _fill(slots: list[list[str | None]], variant: int, community: str | None = None) -> list[list[str]]:
    """Cards nobody saw dealt: variant 0 by the one policy (``filling.fill_unseen``: the deal
    the hand is judged on); the others are probes, tried only to see whether unseen cards
    could change a payout: 1 lowest cards last, others a shuffle seeded by the variant number
    (deterministic)."""
    if variant == 0:
        return fill_unseen(slots, community)
    unused = unused_cards(slots, community)
    if variant == 1:
        unused.reverse()
    else:
        random.Random(variant).shuffle(unused)
    supply = iter(unused)
    return [[card if card is not None else next(supply) for card in cards] for cards in slots]


class _DeckMismatch(Exception):
    """The record's seventh street cannot be what the rules deal there (the deck ran out)."""


def _deck(filled: list[list[str]], options: Mapping[str, Any], facts: _Facts, community: str | None) -> list[Card]:
    """The stacked deck that makes the engine deal ``filled`` (and the community card): worked
    out on card indices by ``stacking.stacked_deck`` (deal.third-street, deal.later-streets,
    deal.burns, deck_exhaustion). ``_DeckMismatch`` when the record has a community card where
    the rules deal every player a card, or the other way round."""
    folds = [facts.fold_street[seat] if facts.folded[seat] else 0 for seat in range(len(filled))]
    deck = stacked_deck(filled, folds, facts.last_street, bool(options.get("burn_before_third")),
                        options["deck_exhaustion"], community)
    if isinstance(deck, str):
        raise _DeckMismatch(deck)
    return deck


# --- the actions on the engine -----------------------------------------------------------------

def _describe_move(move: str, facing: bool) -> str:
    if move == "f":
        return "fold"
    if move == "pb":
        return "bring-in"
    if move == "cc":
        return "call" if facing else "check"
    return f"bet or raise to {move.split()[1]}"


def _describe(action: ActionRecord) -> str:
    if action.kind in TO_KINDS:
        return f"{action.kind.value} to {action.amount}"
    if action.kind in (_CALL, _BRING_IN, _ANTE):
        return f"{action.kind.value} {action.amount}"
    return action.kind.value


_ENGINE_KINDS = {_BRING_IN: "pb", _COMPLETE: "cbr", _BET: "cbr", _RAISE: "cbr",
                 _FOLD: "f", _CHECK: "cc", _CALL: "cc"}
"""The engine's move kind of each recorded kind (``_engine_move`` without building the text)."""
_ADDED_KINDS = frozenset({_CALL, _BRING_IN})
_new_action = tuple.__new__
"""An engine ``Action`` made from its three fields at C speed (the named tuple's own constructor
is a Python function; the replay makes one per recorded action)."""


def _refusal_rule(code: str, action: ActionRecord, hand: Hand, options: Mapping[str, Any], first_of_street: bool,
                  facts: _Facts) -> str:
    street = action.street
    if code == "out-of-turn":
        if street == 3 and hand.bring_in is not None and hand.to_act == hand.bring_in + 1 and first_of_street:
            return "bring-in.lowest-upcard"
        if street == 3:
            return "act-order.third-street"
        if first_of_street:
            return "act-order.seventh-street" if street == 7 else "act-order.best-exposed-hand"
        return "actions.in-turn"
    if code == "wrong-amount":
        if action.kind in (_BRING_IN, _COMPLETE):
            return "bring-in.post-or-complete"
        if street == 4:
            return "betting.fourth-street-open-pair"
        return "betting.limits"
    if code == "cap-reached":
        table = hand.table
        betting = sum(1 for seat in range(table.size) if not table.folded[seat] and table.stacks[seat] > 0)
        return "betting.heads-up" if betting == 2 else "betting.raise-cap"
    if code == "not-allowed":
        if street == 3 and "pb" in hand.legal_actions():
            return "bring-in.post-or-complete"
        return "betting.actions"
    return "actions.in-turn"


@lru_cache(maxsize=64, typed=True)
def _stakes(ante: int, bring_in: int, small_bet: int, big_bet: int) -> Stakes:
    """The one ``Stakes`` of these values (typed: ``1`` and ``1.0`` are two): the engine checks
    the stakes once for the very object it last checked, and a file's hands are played at a
    few stakes, so each is checked once, not once a hand."""
    return Stakes(ante, bring_in, small_bet, big_bet)


def _replay(record: HandRecord, facts: _Facts, filled: list[list[str]], options: AuditOptions,
            resolved: Mapping[str, Any], stop: int = 0) -> list[Deviation]:
    """Offer the record's actions to the engine; the first refused one is the deviation.
    ``stop``: a street from which the actions are not judged (an up card dealt there is
    unseen: who acts first there is not known); the replay ends before its first action."""
    deviations: list[Deviation] = []
    ante = record.ante
    try:
        stakes = _stakes(ante, record.bring_in, record.small_bet, record.big_bet)
    except TypeError:  # an unhashable value, which no stake is: the engine refuses it below
        stakes = Stakes(ante, record.bring_in, record.small_bet, record.big_bet)
    if ante.__class__ is not int:  # the engine says what is wrong with it before it is compared
        try:
            check_table(facts.stacks, stakes)
        except Stud8Error as error:
            raise _CannotJudge(f"the engine cannot start this hand: {error}") from None
    antes: dict[str, int] = {}
    actions = record.actions
    dealt_from = 0  # the antes come first (``_facts`` refuses a record where they do not)
    for action_street, player, _kind, amount, _all_in, _line in actions:  # unpacked: read per action
        if action_street:
            break
        antes[player] = antes.get(player, 0) + amount
        dealt_from += 1
    for seat, name in enumerate(facts.names):
        posted = antes.get(name, 0)
        owed = min(ante, facts.stacks[seat])
        if posted != owed:
            deviations.append(Deviation("table.ante", "antes", 0, f"{name} antes {posted}", f"ante {owed}",
                                        f"{name} posted {posted} in antes; the ante is {owed}"))
    try:
        hand = Hand.start(facts.stacks, stakes, _deck(filled, resolved, facts, record.community), options.profile,
                          options.as_dict())
    except _DeckMismatch as mismatch:
        deviations.append(Deviation("deck.community-card", "seventh", 0, "community card "
                                    + (record.community or "none"), str(mismatch),
                                    f"seventh street was not dealt as the rules deal it: {mismatch}"))
        return deviations
    except Stud8Error as error:
        raise _CannotJudge(f"the engine cannot start this hand: {error}") from None
    street = 3
    first_of_street = True
    table = hand.table
    seat_of = facts.seat_of
    for step, action in enumerate(actions[dealt_from:], 1):
        action_street, player, recorded_kind, amount, _all_in, _line = action  # read once: the loop's hot path
        if stop and action_street >= stop:
            return deviations
        if action_street != street:
            street = action_street
            first_of_street = True
        seat = seat_of[player]
        if hand.over or hand.street + 3 != action_street:
            deviations.append(_out_of_round(hand, action, step))
            return deviations
        kind = _ENGINE_KINDS[recorded_kind]
        before = table.contributed[seat]
        refused: ActionError | None = None
        try:  # apply refuses exactly what check() refuses, and then changes nothing
            hand.apply(_new_action(Action, (seat + 1, kind, amount if kind == "cbr" else None)))
        except ActionError as refusal:
            refused = refusal
        if refused is not None:
            street_name = STREET_NAMES.get(action.street, str(action.street))
            facing = max(table.committed) > table.committed[seat]
            code = getattr(refused, "code", "")
            rule = _refusal_rule(code, action, hand, resolved, first_of_street, facts)
            to_act = hand.to_act
            if code == "out-of-turn" and to_act is not None:
                expected = f"{facts.names[to_act - 1]} to act"
            else:
                expected = ", ".join(_describe_move(m, facing) for m in hand.legal_actions())
            why = (f"it is {facts.names[to_act - 1]}'s turn" if code == "out-of-turn" and to_act is not None
                   else refused.message if hasattr(refused, "message") else str(refused))
            deviations.append(Deviation(rule, street_name, step, f"{action.player}: {_describe(action)}", expected,
                                        f"{action.player}: {_describe(action)}: {why}", action.line))
            return deviations
        added = table.contributed[seat] - before
        recorded_added = amount if recorded_kind in _ADDED_KINDS else None
        if recorded_kind is _CHECK and added:
            recorded_added = 0
        if recorded_added is not None and recorded_added != added:
            street_name = STREET_NAMES.get(action.street, str(action.street))
            rule = "bring-in.post-or-complete" if action.kind == _BRING_IN else "betting.actions"
            verb = "a check" if action.kind == _CHECK else f"{action.kind.value} {added}"
            deviations.append(Deviation(rule, street_name, step, f"{action.player}: {_describe(action)}", verb,
                                        f"{action.player} puts in {recorded_added}; the rules take {added}",
                                        action.line))
            return deviations
        first_of_street = False
    if not hand.over:
        raise _CannotJudge("the record ends before the hand is over (actions missing)")
    return deviations


def _out_of_round(hand: Hand, action: ActionRecord, step: int) -> Deviation:
    """The deviation of an action the record has where the rules' betting is over or on
    another street (actions.in-turn, betting.round-closes)."""
    street_name = STREET_NAMES.get(action.street, str(action.street))
    if hand.over:
        return Deviation("actions.in-turn", street_name, step, f"{action.player}: {_describe(action)}",
                         "nothing: the hand is over", f"{action.player} acts after the hand is over", action.line)
    engine_street = hand.street + 3
    return Deviation("betting.round-closes", street_name, step, f"{action.player}: {_describe(action)} on {street_name} street",
                     f"the betting is on {STREET_NAMES.get(engine_street, engine_street)} street",
                     "the record's betting round does not close where the rules close it", action.line)


# --- the payout ---------------------------------------------------------------------------------

def _chip_order(winners: list[int], half: str, cards: list[list[int]], rule: str, community: int | None = None) -> list[int]:
    """Tied winners of a half in odd-chip order (odd-chip.within-half, odd-chip.card-order);
    ``cards`` are each seat's own cards: a shared community card never decides."""
    if len(winners) < 2:
        return winners
    if rule == "seat_order":
        return sorted(winners)
    if rule == "card_by_suit_winning_hand":
        counted: dict[int, list[int]] = {}
        shared = [] if community is None else [community]
        for seat in winners:
            made = hands.best_high([ALL_CARDS[i] for i in cards[seat] + shared]) if half == "high" else \
                hands.best_low([ALL_CARDS[i] for i in cards[seat] + shared])
            assert made is not None
            counted[seat] = [card.index for card in made.cards if card.index != community]
    else:
        counted = {seat: cards[seat] for seat in winners}
    return high_chip_order(winners, counted) if half == "high" else low_chip_order(winners, counted)


@dataclass(frozen=True)
class _Payout:
    returned: dict[int, int]
    pots: list[tuple[int, tuple[int, ...]]]
    awards: list[tuple[dict[int, int], dict[int, int] | None]]
    paid: dict[int, int]


def _rules_pots(facts: _Facts) -> tuple[dict[int, int], list[Any]]:
    """The uncalled chips returned and the pots the rules form from the recorded
    contributions (pots.uncalled-bet, pots.side-pots); kept on the facts, worked out once."""
    if facts.pots is not None:
        return facts.pots
    contributions = list(facts.contributed)
    returned: dict[int, int] = {}
    back = uncalled(contributions)  # pots.uncalled-bet
    if back is not None:
        seat, amount = back
        contributions[seat] -= amount
        returned[seat] = amount
    live = [not folded for folded in facts.folded]
    all_in = [live[s] and facts.stacks[s] == facts.contributed[s] for s in range(len(live))]
    facts.pots = (returned, side_pots(contributions, facts.folded, all_in))  # pots.side-pots
    return facts.pots


def _rules_payout(facts: _Facts, filled: list[list[str]], rakes: Sequence[int], resolved: Mapping[str, Any],
                  community: str | None = None) -> _Payout:
    """How the rules pay the recorded contributions, each pot less its rake (the community
    card, when seventh street was one, is every player's: deck.community-card)."""
    returned, pots = _rules_pots(facts)
    live = [not folded for folded in facts.folded]
    cards = [[_CARD_INDEX[card] for card in seat_cards] for seat_cards in filled]
    shared = None if community is None else _CARD_INDEX[community]
    paid: dict[int, int] = {}
    awards: list[tuple[dict[int, int], dict[int, int] | None]] = []
    contested = sum(live) > 1
    values: dict[int, tuple[int, int | None]] = {}
    rule = resolved.get("odd_chip_in_half", "card_by_suit_all_cards")
    for index, pot in enumerate(pots):
        amount = pot.amount - (rakes[index] if index < len(rakes) else 0)
        eligible = list(pot.eligible)
        if not eligible:
            raise _CannotJudge("every player folded: nobody is left to win the pot")
        if not contested or len(eligible) == 1:
            award: tuple[dict[int, int], dict[int, int] | None] = ({eligible[0]: amount}, None)
        else:
            for seat in eligible:
                if seat not in values:
                    values[seat] = bulk_eval.values_idx(cards[seat] if shared is None else cards[seat] + [shared])
            best_high = max(values[seat][0] for seat in eligible)
            high = [seat for seat in eligible if values[seat][0] == best_high]
            lows = [values[seat][1] for seat in eligible if values[seat][1] is not None]
            low = None
            if lows:  # showdown.no-low otherwise
                best_low = max(lows)  # type: ignore[type-var]
                low = [seat for seat in eligible if values[seat][1] == best_low]
            award = split_pot(amount, _chip_order(high, "high", cards, rule, shared),
                              None if low is None else _chip_order(low, "low", cards, rule, shared))
        awards.append(award)
        for part in award:
            for seat, chips in (part or {}).items():
                paid[seat] = paid.get(seat, 0) + chips
    return _Payout(returned, [(pot.amount, pot.eligible) for pot in pots], awards, paid)


def _pot_rakes(record: HandRecord, rules_pots: int) -> list[int]:
    """Rake plus fees taken from each pot (``HandRecord.pot_rakes``); when the record has
    another number of pots than the rules, all of it from the main pot."""
    shares = [rake + fees for rake, fees in record.pot_rakes()]
    if len(shares) == rules_pots:
        return shares
    return [sum(shares) or record.rake + record.fees] + [0] * (rules_pots - 1)


def _check_payout(record: HandRecord, facts: _Facts, payout: _Payout, rakes: Sequence[int]) -> list[Deviation]:
    deviations: list[Deviation] = []
    names = facts.names
    step = sum(1 for action in record.actions if action.street)
    recorded_returned = dict(record.returned)
    rules_returned = {names[seat]: amount for seat, amount in payout.returned.items()}
    if recorded_returned != rules_returned:
        deviations.append(Deviation("pots.uncalled-bet", "showdown", step, _pairs(recorded_returned),
                                    _pairs(rules_returned), "the uncalled chips returned differ from the rules"))
    pot_total = sum(amount for amount, _ in payout.pots)
    recorded_pot = sum(pot.amount for pot in record.pots) if record.pots else pot_total
    collected = dict(record.collected)
    if recorded_pot != pot_total:
        deviations.append(Deviation("pots.side-pots", "showdown", step, f"pot {recorded_pot}", f"pot {pot_total}",
                                    "the recorded pot differs from the chips the recorded actions put in"))
    if len(record.pots) > 1 and [pot.amount for pot in record.pots] != [amount for amount, _ in payout.pots]:
        deviations.append(Deviation("pots.side-pots", "showdown", step,
                                    " + ".join(str(pot.amount) for pot in record.pots),
                                    " + ".join(str(amount) for amount, _ in payout.pots),
                                    "the main and side pots differ from the rules"))
    rules_paid = {names[seat]: amount for seat, amount in payout.paid.items() if amount}
    recorded_paid = {name: amount for name, amount in collected.items() if amount}
    if rules_paid != recorded_paid:
        deviations.append(Deviation(_payout_rule(recorded_paid, rules_paid, payout, names), "showdown", step,
                                    _pairs(recorded_paid), _pairs(rules_paid),
                                    "the pot was not paid as the rules pay it (after rake)"))
    return deviations


def _payout_rule(recorded: dict[str, int], rules: dict[str, int], payout: _Payout, names: list[str]) -> str:
    """Which rule a wrong payout breaks: the same winners off by odd chips is an odd-chip rule
    (the high half's odd chip, or the order inside a tied half); anything else is the split."""
    if set(recorded) != set(rules) or sum(recorded.values()) != sum(rules.values()):
        return "showdown.split"
    if any(abs(recorded[name] - rules[name]) > 1 for name in rules):
        return "showdown.split"
    high_names: set[str] = set()
    low_names: set[str] = set()
    for high, low in payout.awards:
        if low is not None:
            high_names |= {names[seat] for seat in high}
            low_names |= {names[seat] for seat in low}
    if high_names and not high_names & low_names and \
            sum(recorded[n] for n in high_names) != sum(rules[n] for n in high_names):
        return "odd-chip.high-half"
    return "odd-chip.within-half"


def _pairs(values: Mapping[str, int]) -> str:
    return ", ".join(f"{name} {amount}" for name, amount in values.items()) or "nothing"


# --- the audit ------------------------------------------------------------------------------------

def audit_hand(record: HandRecord, options: AuditOptions = AuditOptions()) -> HandVerdict:
    """The verdict on one recorded hand under the given rules: the record as read, and, when
    the reader inferred something the history does not state (``record.inferences``), every
    other reading the history allows (``inference.alternatives``): a verdict they do not all
    share is ``cannot-judge``, naming the inference (never an accusation on a guess)."""
    verdict = _audit_reading(record, options)
    if not record.inferences or verdict.verdict == "unreadable":
        return verdict
    return _judge_readings(record, verdict, options)


def _key(verdict: HandVerdict) -> tuple[object, ...]:
    return verdict.verdict, tuple((deviation.rule, deviation.step) for deviation in verdict.deviations)


def _judge_readings(record: HandRecord, verdict: HandVerdict, options: AuditOptions) -> HandVerdict:
    """The verdict when the record holds inferences: the same under every reading, or
    ``cannot-judge`` naming them and saying what held under all of them.

    What no inference changes is judged once, on the record's own reading, and stands
    whatever the readings say (``_reading_free``): the books, the payout (worked out from what
    each player put in and the cards each holds, which an order of cards, an ante or the
    stakes never change), and the antes unless the ante or the stakes were inferred. A payout
    that differs from the rules' is a deviation under every reading, so it is reported even
    when the actions cannot be judged; and when the readings are too many to judge each, what
    held is still said, with the actions as the reader read them."""
    said = tuple(inference.text for inference in record.inferences)
    readings = alternatives(record)
    if readings is None and verdict.verdict == "cannot-judge":
        return replace(verdict, inferences=said)  # judged as not judgeable already, on other grounds
    payout, checked, net_rules = _reading_free(record, verdict)
    if readings is None:
        why = (f"{said[0]}{' (and more)' if len(said) > 1 else ''}: too many readings of the hand "
               f"to judge each (more than {MAX_ALTERNATIVES})")
        return _unjudged_actions(verdict, said, why, payout, checked, net_rules,
                                 as_read=not any(deviation.street != "showdown" for deviation in verdict.deviations))
    for number, reading in enumerate(readings):
        if number == 0:
            continue  # the record's own reading: the verdict above
        other = _audit_reading(reading, options)
        if other.verdict == "unreadable":
            continue  # a reading the rest of the record rules out
        if _key(other) != _key(verdict):
            both = f"read as the reader did, {_describe_verdict(verdict)}; read otherwise, {_describe_verdict(other)}"
            return _unjudged_actions(verdict, said, f"{'; '.join(said)}: the verdict depends on it ({both})",
                                     payout, checked, net_rules, as_read=False)
    return replace(verdict, inferences=tuple(f"{text}: every reading the history allows gives this verdict"
                                             for text in said))


def _reading_free(record: HandRecord, verdict: HandVerdict) -> tuple[tuple[Deviation, ...], list[str],
                                                                       tuple[tuple[str, int], ...]]:
    """What the record's own reading showed that no inference can change: its payout
    deviations (the only deviations ``_check_payout`` makes, street ``showdown``), the
    items checked and held, and the rules' nets when the payout was judged."""
    payout = tuple(deviation for deviation in verdict.deviations if deviation.street == "showdown")
    judged_payout = bool(verdict.net_rules)
    held = set(verdict.checked)
    checked = ["the books balance"]
    kinds = {inference.kind for inference in record.inferences}
    antes_held = not any(deviation.rule == "table.ante" for deviation in verdict.deviations) and \
        (verdict.verdict != "cannot-judge" or "the antes" in held)
    if antes_held and not kinds & {"ante", "stakes"}:
        checked.append("the antes")
    if judged_payout and not payout:
        checked.append("the payout")
    return payout, checked, (verdict.net_rules if judged_payout else ())


def _unjudged_actions(verdict: HandVerdict, said: tuple[str, ...], why: str, payout: tuple[Deviation, ...],
                      checked: list[str], net_rules: tuple[tuple[str, int], ...], *, as_read: bool) -> HandVerdict:
    """The verdict of a hand whose actions an inference leaves unjudged: a payout deviation
    stands (``deviates``, the actions said not judged); otherwise ``cannot-judge`` saying what
    held, and, when the reader's own reading conforms in its actions, that it does."""
    held = _held(checked)
    if as_read and verdict.verdict != "cannot-judge":
        held += "; read as the reader read it, every action conforms"
    if payout:
        return replace(verdict, verdict="deviates", deviations=payout, net_rules=net_rules, inferences=said,
                       checked=tuple(checked), reason=f"not checked: the actions ({why}); {held}")
    return replace(verdict, verdict="cannot-judge", deviations=(), net_rules=net_rules, inferences=said,
                   checked=tuple(checked), reason=f"{why}; {held}")


def _describe_verdict(verdict: HandVerdict) -> str:
    if verdict.deviations:
        first = verdict.deviations[0]
        return f"it deviates ({first.rule} at step {first.step})"
    return "it conforms" if verdict.verdict == "conforms" else f"it {verdict.verdict}s ({verdict.reason})"


def _audit_reading(record: HandRecord, options: AuditOptions) -> HandVerdict:
    """The verdict on one reading of a hand.

    What the record does not show never makes a deviation: an unseen up card that decides
    who acts first stops the judging of the actions at the street it is dealt on (those
    before it are judged); an unseen third-street up card that could have brought in leaves
    the bring-in and the actions after it unjudged (the antes are judged); unseen cards that
    could change the payout leave the payout unjudged. What was judged and held is said
    (``checked``); a deviation found where nothing unseen could change it is a deviation."""
    base: dict[str, Any] = {"file": record.source_file, "hand": record.hand_id, "site": record.site,
                            "line": record.line, "unit": record.unit, "rake": _taken(record),
                            "rake_printed": record.rake_printed, "ignored": record.ignored}
    put, trouble = money.balance(record)
    if trouble is not None:  # the reader lost track of the hand: nothing about the rules can be said
        return HandVerdict(**base, verdict="unreadable",  # type: ignore[arg-type]
                           reason=f"the money does not balance: {trouble.message} (line {trouble.line})")
    try:
        resolved = resolved_options(options)
        if not 2 <= len(record.seats) <= 8:
            raise _CannotJudge(f"{len(record.seats)} players: Stud/8 is played by two to eight")
        facts = _facts(record, put)
        net_recorded = _net(record, facts)
        base["pot"] = sum(pot.amount for pot in record.pots) if record.pots else sum(facts.contributed)
        base["net_recorded"] = net_recorded
        slots = _known_cards(record, facts)
        if record.community is not None and record.community.__class__ is not str:
            # the card's own text, as _known_cards makes the players' cards: the compiled modules take a str
            record = replace(record, community=_CARD_NAME[record.community])
        unseen = _unseen_up_cards(slots, facts)
        filled = _fill(slots, 0, record.community)
        deviations = _replay(record, facts, filled, options, resolved, unseen.street)
        not_judged: list[str] = []
        actions_held = "every action"
        if unseen.street:
            not_judged.append(f"{unseen.why}: the actions from {STREET_NAMES[unseen.street]} street on are not judged")
            actions_held = f"every action before {STREET_NAMES[unseen.street]} street" if unseen.street > 3 else ""
        bring_in = _check_bring_in(record, facts, slots, unseen.folders, deviations, options, resolved,
                                   unseen.street) if unseen.folders else ""
        if bring_in:
            not_judged.append(bring_in)
            guessed = [deviation for deviation in deviations if deviation.rule != "table.ante"]
            deviations = [deviation for deviation in deviations if deviation.rule == "table.ante"]
            actions_held = "with the bring-in as recorded, every other action" if not guessed else ""
            if guessed:
                not_judged.append(f"with the bring-in as recorded, {guessed[0].rule} at step {guessed[0].step} "
                                  "(not judged)")
        checked = ["the books balance"]
        if not any(deviation.rule == "table.ante" for deviation in deviations):
            checked.append("the antes")
        if actions_held and not deviations:
            checked.append(actions_held)
        net_rules: tuple[tuple[str, int], ...] = ()
        try:
            payout, rakes = _judged_payout(record, facts, slots, filled, resolved)
        except _CannotJudge as reason:
            not_judged.append(str(reason))
        else:
            paid = _check_payout(record, facts, payout, rakes)
            if not paid:
                checked.append("the payout")
            deviations.extend(paid)
            net_rules = tuple((name, payout.paid.get(seat, 0) + payout.returned.get(seat, 0) - facts.contributed[seat])
                              for seat, name in enumerate(facts.names))
        if deviations:
            said = "; ".join(f"not checked: {why}" if index == 0 else why for index, why in enumerate(not_judged))
            return HandVerdict(**base, verdict="deviates", deviations=tuple(deviations),  # type: ignore[arg-type]
                               net_rules=net_rules, reason=said)
        if not_judged:
            return HandVerdict(**base, verdict="cannot-judge",  # type: ignore[arg-type]
                               reason="; ".join(not_judged) + "; " + _held(checked), checked=tuple(checked))
        return HandVerdict(**base, verdict="conforms", net_rules=net_rules)  # type: ignore[arg-type]
    except _CannotJudge as reason:
        return HandVerdict(**base, verdict="cannot-judge", reason=str(reason))  # type: ignore[arg-type]
    except _Unreadable as reason:
        return HandVerdict(**base, verdict="unreadable", reason=str(reason))  # type: ignore[arg-type]


def _taken(record: HandRecord) -> Any:
    """The rake and fees the record says the site took, for the verdict; 0 when they are not
    numbers (the money check then makes the hand unreadable, saying which is wrong)."""
    rake, fees = record.rake, record.fees
    if isinstance(rake, (int, float)) and isinstance(fees, (int, float)):
        return rake + fees
    return 0


def _held(checked: Sequence[str]) -> str:
    """What was checked and held, as a sentence: "the books balance; the antes, every action
    and the payout conform"."""
    rest = [item for item in checked if item != "the books balance"]
    if not rest:
        return "the books balance"
    given = "with the bring-in as recorded, "
    prefix = given if any(item.startswith(given) for item in rest) else ""
    rest = [item.removeprefix(given) for item in rest]
    listed = rest[0] if len(rest) == 1 else ", ".join(rest[:-1]) + " and " + rest[-1]
    return f"the books balance; {prefix}{listed} conform{'s' if len(rest) == 1 and rest[0] != 'the antes' else ''}"


class _Budget:
    """The work and time the search of unseen cards may spend on one hand (``UNSEEN_TRIALS``
    fillings, ``UNSEEN_SECONDS``); past either, the hand is ``cannot-judge``."""

    def __init__(self, why: str) -> None:
        self.trials = 0
        self.deadline = time.monotonic() + UNSEEN_SECONDS
        self.why = why

    def spend(self) -> None:
        self.trials += 1
        if self.trials > UNSEEN_TRIALS or (self.trials % 64 == 0 and time.monotonic() > self.deadline):
            raise _CannotJudge(f"too many unseen cards: {self.why}, and judging that would take trying more than "
                               f"{UNSEEN_TRIALS:,} ways to fill them")


def _judged_payout(record: HandRecord, facts: _Facts, slots: list[list[str | None]], filled: list[list[str]],
                   resolved: Mapping[str, Any]) -> tuple[_Payout, list[int]]:
    """The rules' payout, the same under every filling of the unseen cards (else ``_CannotJudge``).

    Unseen cards matter only for players still in at the showdown, and not even for them when
    ``_cannot_matter`` shows they lose everything whatever the cards. Otherwise, when one such
    player has them, every set of cards they could hold (from the cards nobody else was dealt)
    is tried, in a fixed shuffled order (a set that changes the payout, if there is one, is met
    early); when several have, ``FILLINGS`` fillings are: the lowest cards, the highest, and
    seeded shuffles. Either way within the budget (``_Budget``). Folded players' unseen cards
    never change the payout.
    """
    rakes = _pot_rakes(record, len(_rules_pots(facts)[1]))
    first = _rules_payout(facts, filled, rakes, resolved, record.community)
    contested = sum(not folded for folded in facts.folded) > 1
    unseen = [seat for seat, cards in enumerate(slots)
              if not facts.folded[seat] and any(card is None for card in cards)]
    if not unseen or not contested or _cannot_matter(slots, unseen, record.community, first):
        return first, rakes
    names = ", ".join(facts.names[seat] for seat in unseen)
    why = (f"the payout depends on cards nobody saw: {names}"
           + (" went" if len(unseen) > 1 else " goes") + " to the showdown without showing")
    budget = _Budget(f"{names} {'go' if len(unseen) > 1 else 'goes'} to the showdown without showing")

    def differs(cards: list[list[str]]) -> bool:
        budget.spend()
        return _rules_payout(facts, cards, rakes, resolved, record.community).paid != first.paid

    if len(unseen) == 1:
        if _one_differs(facts, slots, filled, unseen[0], record.community, first, differs, budget):
            raise _CannotJudge(why)
        return first, rakes
    for variant in range(1, FILLINGS):
        if differs(_fill(slots, variant, record.community)):
            raise _CannotJudge(why)
    return first, rakes


def _indices(cards: Sequence[str | None]) -> list[int]:
    return [_CARD_INDEX[card] for card in cards if card is not None]


def _cannot_matter(slots: list[list[str | None]], unseen: list[int], community: str | None, payout: _Payout) -> bool:
    """Whether the unseen cards cannot change the payout: in every pot, each half goes to the
    same players whatever the unseen cards (``unseen.outcome`` against the best players of the
    pot whose cards are all known): a lone unseen player always loses it or always wins it;
    several always lose it. Then the payout is the first filling's."""
    shared = [] if community is None else [_CARD_INDEX[community]]
    known = {index for cards in slots for index in _indices(cards)} | set(shared)
    pool = [index for index in range(len(ALL_CARDS)) if index not in known]
    for _, eligible in payout.pots:
        hidden = [seat for seat in eligible if seat in unseen]
        if len(eligible) < 2 or not hidden:
            continue
        shown = [bulk_eval.values_idx(_indices(slots[seat]) + shared) for seat in eligible if seat not in unseen]
        if not shown:
            return False
        best_high = max(high for high, _ in shown)
        lows = [low for _, low in shown if low is not None]
        best_low = max(lows) if lows else None
        allowed = (-1, 1) if len(hidden) == 1 else (-1,)
        for seat in hidden:
            count = sum(1 for card in slots[seat] if card is None)
            if any(half not in allowed for half in outcome(_indices(slots[seat]) + shared, count, pool, best_high, best_low)):
                return False
    return True


def _one_differs(facts: _Facts, slots: list[list[str | None]], filled: list[list[str]], seat: int,
                 community: str | None, first: _Payout, differs: Any, budget: _Budget) -> bool:
    """Whether some set of cards the one unseen player could hold changes the payout.

    Every set is tried, but most cost one evaluation, not a payout: the payout depends on the
    player's cards only through how their high and low compare with the best of the others in
    each pot. A set that compares the same way as the first filling, without a tie, pays the
    same; any other set is paid out in full and compared.
    """
    hidden = [slot for slot, card in enumerate(slots[seat]) if card is None]
    used = {card for cards in slots for card in cards if card is not None} | {community}
    pool = [card for card in _CARD_TEXTS if card not in used]
    random.Random(len(pool)).shuffle(pool)  # a fixed order: the same verdict every run
    shared = [] if community is None else [_CARD_INDEX[community]]
    others: list[tuple[int, int | None]] = []   # per pot the seat is in: the best high and low of the others
    for _, eligible in first.pots:
        if seat not in eligible or len(eligible) < 2:
            continue
        values = [bulk_eval.values_idx([_CARD_INDEX[card] for card in filled[other]] + shared)
                  for other in eligible if other != seat]
        lows = [low for _, low in values if low is not None]
        others.append((max(high for high, _ in values), max(lows) if lows else None))

    def compare(cards: list[int]) -> tuple[int, ...]:
        high, low = bulk_eval.values_idx(cards + shared)
        key: list[int] = []
        for best_high, best_low in others:
            key.append((high > best_high) - (high < best_high))
            key.append(-1 if low is None else 1 if best_low is None else (low > best_low) - (low < best_low))
        return tuple(key)

    own = [_CARD_INDEX[card] for card in filled[seat]]
    expected = compare(own)
    cards = [list(row) for row in filled]
    for choice in itertools.combinations(pool, len(hidden)):
        budget.spend()
        trial = list(own)
        for slot, card in zip(hidden, choice):
            trial[slot] = _CARD_INDEX[card]
        key = compare(trial)
        if key == expected and 0 not in key:
            continue
        # Another comparison, or a tie (the odd chips follow the cards): paid out in full, since
        # another comparison may still pay the same (a low nobody else has, or none at all:
        # either way the high takes the whole pot).
        for slot, card in zip(hidden, choice):
            cards[seat][slot] = card
        budget.trials -= 1  # counted once
        if differs(cards):
            return True
    return False


def audit_item(item: HandRecord | HandProblem, options: AuditOptions = AuditOptions()) -> HandVerdict:
    """A reader's item's verdict: a record is audited, a problem keeps its verdict."""
    if isinstance(item, HandProblem):
        return problem_verdict(item)
    return audit_hand(item, options)


def audit_chunk(unit: tuple[Sequence[HandRecord | HandProblem], AuditOptions]) -> list[HandVerdict]:
    """The verdicts of a chunk of items: the unit of work of ``stud8 hh audit --jobs/--dask``."""
    items, options = unit
    return [audit_item(item, options) for item in items]


def _net(record: HandRecord, facts: _Facts) -> tuple[tuple[str, int], ...]:
    collected = dict(record.collected)
    returned = dict(record.returned)
    return tuple((name, collected.get(name, 0) + returned.get(name, 0) - facts.contributed[seat])
                 for seat, name in enumerate(facts.names))

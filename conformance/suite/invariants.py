"""Invariants: what every observation must satisfy, at every step, whatever the engine.

A checkpoint pins the fields a scenario's author worked out by hand at one step; everything
else an engine shows goes unchecked there. The invariants close that gap: every observation the
runner asks for during a replay (after the start, after every accepted action, at checkpoints,
before refusals, at the outcome) is held to the protocol's own definitions of its fields
(``docs/protocol.md``, "What the fields mean exactly") applied to the scenario's inputs (stacks,
stakes, options, the stacked deck) and the actions accepted so far. Nothing here comes from the
reference engine: the runner's own book of the hand (``hand_model.HandModel``) says which chips
each seat put in, who folded and which cards the deck deals to whom.

Each invariant is a small function registered with its name, the protocol section that defines
the fields it checks and the rule id a breach cites (a breach may cite a narrower rule: a wrong
``committed`` after a short bring-in cites ``bring-in.short-stack``). ``InvariantWatch`` runs
them on one replay; ``conformance/suite/replay.py`` turns each breach into a failure like any
other (the step, the field, the expected value and the engine's, the rule), reported once per
invariant and scenario. ``docs/protocol.md`` lists them under "Invariants".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from stud8.conformance.suite.hand_model import HandModel

Observation = Mapping[str, Any]


@dataclass(frozen=True)
class Finding:
    """What an invariant found wrong: the observation field, the element's path, the value
    the protocol's definition gives and the engine's, and a narrower rule if one applies."""

    field: str
    path: str
    expected: Any
    got: Any
    rule: str | None = None


@dataclass(frozen=True)
class Breach:
    """A finding with the invariant it breaks: what ``replay`` reports."""

    invariant: str
    section: str
    rule: str
    field: str
    path: str
    expected: Any
    got: Any


Test = Callable[[HandModel, "View"], Iterable[Finding]]


@dataclass(frozen=True)
class Invariant:
    """One invariant: ``name`` (stable: reports and baselines name it), the protocol
    ``section`` defining its fields, the ``rule`` a breach cites, and what must hold."""

    name: str
    section: str
    rule: str
    statement: str
    test: Test
    phase: str = "any"  # "on": only while the hand is on; "over": only once it is over


INVARIANTS: list[Invariant] = []


def invariant(name: str, section: str, rule: str, statement: str, phase: str = "any") -> Callable[[Test], Test]:
    """Register ``test`` as an invariant (in the order they are defined: the order checked);
    ``phase`` ``on`` or ``over`` skips it in the other phase (its fields mean nothing there)."""

    def register(test: Test) -> Test:
        INVARIANTS.append(Invariant(name, section, rule, statement, test, phase))
        return test

    return register


# --- reading an observation --------------------------------------------------------------------


def p(seat: int) -> str:
    """Seat 0 -> ``p1``."""
    return f"p{seat + 1}"


def _is_map(value: Any) -> bool:
    return isinstance(value, (dict, Mapping))


class View:
    """One observation, read once for every invariant: ``raw`` is the observation, ``seats``
    its seat entries by seat (from 0; entries without a number left out), ``moves`` its legal
    moves as (kind, amount) (``cbr 40`` -> ("cbr", 40), ``cc`` -> ("cc", 0)), ``legal`` the
    moves as text, ``over`` and ``to_act`` (a seat from 0, or None)."""

    __slots__ = ("raw", "seats", "moves", "legal", "over", "to_act")

    def __init__(self, observation: Observation) -> None:
        self.raw = observation
        seats: dict[int, Mapping[str, Any]] = {}
        for entry in observation.get("seats") or []:
            if _is_map(entry) and isinstance(entry.get("seat"), int):
                seats.setdefault(entry["seat"] - 1, entry)
        self.seats = seats
        self.legal = [str(move) for move in observation.get("legal") or []]
        moves = []
        for text in self.legal:
            words = text.split()
            if len(words) == 2 and words[0] == "cbr" and words[1].isdigit():
                moves.append(("cbr", int(words[1])))
            elif len(words) == 1:
                moves.append((words[0], 0))
        self.moves = moves
        self.over = observation.get("over") is True
        seat = observation.get("to_act")
        self.to_act = seat - 1 if isinstance(seat, int) else None

    def offers_cbr(self) -> bool:
        return any(kind == "cbr" for kind, _ in self.moves)


def show_seat(seat: int | None) -> str | None:
    return None if seat is None else p(seat)


def layers(contributions: Sequence[int], folded: Sequence[bool], all_in: Sequence[bool]) -> list[tuple[int, list[str]]]:
    """The pots as the protocol defines them ("What the fields mean exactly", ``pots``): for
    each distinct total L of a non-folded all-in seat, lowest first, what every seat put in up
    to L above the previous level, eligible the non-folded seats that put in at least L; then
    everything above the highest level, eligible the non-folded seats that put in more (left
    out when empty)."""
    levels = sorted({amount for amount, gone, shoved in zip(contributions, folded, all_in) if shoved and not gone})
    pots: list[tuple[int, list[str]]] = []
    floor = 0
    for level in levels:
        amount = sum(min(put, level) - min(put, floor) for put in contributions)
        eligible = [p(seat) for seat, put in enumerate(contributions) if not folded[seat] and put >= level]
        pots.append((amount, eligible))
        floor = level
    rest = sum(max(put - floor, 0) for put in contributions)
    if rest:
        pots.append((rest, [p(seat) for seat, put in enumerate(contributions) if not folded[seat] and put > floor]))
    return pots


def shown_pots(pots: Any) -> list[tuple[Any, list[str]]]:
    """An engine's pots as (amount, eligible seats sorted), for comparing with ``layers``."""
    shown = []
    for pot in pots or []:
        eligible = pot.get("eligible") or [] if _is_map(pot) else []
        seats = sorted(f"p{seat}" for seat in eligible if isinstance(seat, int))
        shown.append((pot.get("amount") if _is_map(pot) else pot, seats))
    return shown


def by_seat(mapping: Any) -> dict[int, int]:
    """A result's seat -> chips map (keys ``"2"`` or 2) with seats from 0."""
    if not isinstance(mapping, Mapping):
        return {}
    found = {}
    for key, value in mapping.items():
        try:
            found[int(key) - 1] = value
        except (TypeError, ValueError):
            continue
    return found


def returned_chips(hand: HandModel) -> dict[int, int]:
    """``result.returned`` as the protocol defines it: the highest contribution minus the
    second highest, over all seats (folded ones included), to the seat that made it."""
    order = sorted(range(hand.size), key=lambda seat: -hand.contributed[seat])
    if hand.size < 2:
        return {}
    top, second = hand.contributed[order[0]], hand.contributed[order[1]]
    return {order[0]: top - second} if top > second else {}


def street_rule(hand: HandModel, third: str, later: str) -> str:
    return third if hand.street == 0 else later


# --- the seats and the chips --------------------------------------------------------------------


@invariant("seats-listed", "observe: seats[]", "table.players",
           "one entry per seat of the table, numbered 1 to N in seat order")
def seats_listed(hand: HandModel, view: View) -> Iterator[Finding]:
    numbers = [entry.get("seat") if _is_map(entry) else None for entry in view.raw.get("seats") or []]
    want = list(range(1, hand.size + 1))
    if numbers != want:
        yield Finding("seats", "seats", want, numbers)


@invariant("committed-follows-actions", "observe: committed", "betting.actions",
           "committed is what the accepted actions of this street put in: 0 when a street starts, antes "
           "never, kept when the hand ends")
def committed_follows_actions(hand: HandModel, view: View) -> Iterator[Finding]:
    for seat, entry in view.seats.items():
        if seat < hand.size and entry.get("committed") != hand.committed[seat]:
            rule = hand.chip_rule[seat] if hand.advanced is None else "betting.round-closes"
            yield Finding("committed", f"committed[{p(seat)}]", hand.committed[seat], entry.get("committed"), rule)


@invariant("contributed-follows-actions", "observe: contributed", "betting.actions",
           "contributed is the ante (all of a stack that cannot cover it) plus every chip the accepted "
           "actions put in, uncalled chips included")
def contributed_follows_actions(hand: HandModel, view: View) -> Iterator[Finding]:
    for seat, entry in view.seats.items():
        if seat < hand.size and entry.get("contributed") != hand.contributed[seat]:
            yield Finding("contributed", f"contributed[{p(seat)}]", hand.contributed[seat], entry.get("contributed"),
                          hand.chip_rule[seat])


@invariant("chips-conserved", "observe: stack", "betting.actions",
           "while the hand is on, every seat's stack is its starting stack less what it put in; at the end "
           "the final stacks hold every chip the table started with")
def chips_conserved(hand: HandModel, view: View) -> Iterator[Finding]:
    if view.over:
        shown = [view.seats.get(seat, {}).get("stack") for seat in range(hand.size)]
        stacks = [stack for stack in shown if isinstance(stack, int)]
        if len(stacks) == hand.size and sum(stacks) != sum(hand.buy_in):
            yield Finding("stacks", "sum(stacks)", sum(hand.buy_in), sum(stacks), "showdown.split")
        return
    for seat, entry in view.seats.items():
        if seat < hand.size and entry.get("stack") != hand.stack(seat):
            yield Finding("stacks", f"stacks[{p(seat)}]", hand.stack(seat), entry.get("stack"), hand.chip_rule[seat])


@invariant("pot-is-every-chip", "observe: pot", "betting.actions",
           "pot is every chip put in so far, antes and uncalled chips included, in every phase")
def pot_is_every_chip(hand: HandModel, view: View) -> Iterator[Finding]:
    want = sum(hand.contributed)
    if view.raw.get("pot") != want:
        last = hand.actions[-1].seat if hand.actions else None
        yield Finding("pot", "pot", want, view.raw.get("pot"), "table.ante" if last is None else hand.chip_rule[last])


@invariant("pots-layered", "observe: pots", "pots.side-pots",
           "pots are the contributions layered by the totals of the non-folded all-in seats, as the protocol "
           "defines them (at the end too, before uncalled chips are returned)")
def pots_layered(hand: HandModel, view: View) -> Iterator[Finding]:
    want = layers(hand.contributed, hand.folded, hand.all_in_flags())
    got = shown_pots(view.raw.get("pots"))
    if got != want:
        yield Finding("pots", "pots", [list(pot) for pot in want], [list(pot) for pot in got])


@invariant("folded-seats", "observe: folded", "betting.actions",
           "folded is true for exactly the seats whose fold was accepted")
def folded_seats(hand: HandModel, view: View) -> Iterator[Finding]:
    want = [p(seat) for seat in range(hand.size) if hand.folded[seat]]
    got = [p(seat) for seat, entry in sorted(view.seats.items()) if entry.get("folded") is True]
    if got != want:
        yield Finding("folded", "folded", want, got)


@invariant("all-in-seats", "observe: all_in", "betting.all-in",
           "all_in is true for exactly the seats in the hand that put in every chip, in every phase (after "
           "the end too, whatever the payout gave back)")
def all_in_seats(hand: HandModel, view: View) -> Iterator[Finding]:
    want = [p(seat) for seat in range(hand.size) if hand.all_in(seat)]
    got = [p(seat) for seat, entry in sorted(view.seats.items()) if entry.get("all_in") is True]
    if got != want:
        ante_only = any(hand.all_in_on_ante(seat) for seat in range(hand.size))
        yield Finding("all_in", "all_in", want, got, "table.ante" if ante_only and not hand.actions else None)


# --- the cards ---------------------------------------------------------------------------------------


def _deal_rule(hand: HandModel, seat: int, count: int, want: Sequence[str], got: Sequence[Any]) -> str:
    """The rule a seat's wrong cards break: dealt after a fold, a burned card dealt (or the
    burn skipped), third street, a short seventh street, a later street."""
    if hand.folded[seat] and count > len(hand.up[seat]) + len(hand.down[seat]):
        return "deal.dead-cards"
    wrong = next((card for card, dealt in zip(got, want) if card != dealt), None)
    if wrong is not None and wrong in hand.burns_seen:
        return "deal.burns"
    if hand.street == 0:
        return "deal.burns" if hand.options.get("burn_before_third") else "deal.third-street"
    if hand.street == len(hand.streets) - 1 and hand.short_plan is not None:
        return hand.short_plan.rule
    return "deal.later-streets"


@invariant("cards-as-dealt", "observe: up / down", "deal.later-streets",
           "every seat's down and up cards, a folded seat's included, are the cards the stacked deck deals it "
           "in the rule book's order up to the street shown")
def cards_as_dealt(hand: HandModel, view: View) -> Iterator[Finding]:
    if not hand.cards_known:
        return
    for seat, entry in view.seats.items():
        if seat >= hand.size:
            continue
        for kind, want in (("down", hand.down[seat]), ("up", hand.up[seat])):
            got = entry.get(kind)
            if got != want:
                count = len(entry.get("up") or []) + len(entry.get("down") or [])
                shown = [str(card) for card in got] if isinstance(got, list) else []
                yield Finding(kind, f"{kind}[{p(seat)}]", " ".join(want), " ".join(shown),
                              _deal_rule(hand, seat, count, want, shown))


@invariant("community-card", "observe: community", "deck.short-stub",
           "community is null unless seventh street ran short and the procedure dealt one, then that card")
def community_card(hand: HandModel, view: View) -> Iterator[Finding]:
    if hand.cards_known and view.raw.get("community") != hand.community:
        rule = hand.short_plan.rule if hand.short_plan is not None else "deck.short-stub"
        yield Finding("community", "community", hand.community, view.raw.get("community"), rule)


# --- the street, the turn, the end -------------------------------------------------------------------


@invariant("street-advances", "observe: street", "betting.round-closes",
           "the street never goes back and changes only after an action; a street ends only with every seat "
           "that can still bet level with the highest bet, and streets are dealt without betting only in a "
           "run-out")
def street_advances(hand: HandModel, view: View) -> Iterator[Finding]:
    shown = view.raw.get("street")
    if hand.advanced is None:
        return
    before, after = hand.advanced
    names = hand.street_names
    if after < before:
        yield Finding("street", "street", names[before], shown)
        return
    if not hand.pending:
        dealt_out = not hand.actions and view.over and len(hand.active()) <= 1
        if not dealt_out:  # only a hand nobody can bet in is dealt out before any action
            yield Finding("street", "street", names[before], shown, "deal.run-out" if not hand.actions else None)
        return
    if hand.closed is not None:
        street, committed = hand.closed
        top = max(committed, default=0)
        short = [p(seat) for seat in hand.active() if committed[seat] < top]
        if short:
            yield Finding("street", "street", names[street], shown)
    if len(hand.live()) < 2:
        yield Finding("street", "street", names[before], shown, "showdown.uncontested")
    elif after - before > 1 and not (view.over and len(hand.active()) <= 1):
        yield Finding("street", "street", names[before + 1], shown, "deal.run-out")


@invariant("over-and-result", "observe: over / result", "betting.round-closes",
           "over is true exactly when result is given, and stays true; a hand with one player left is over; "
           "a hand with two or more is over only on the last street; a hand nobody can bet in any more is over")
def over_and_result(hand: HandModel, view: View) -> Iterator[Finding]:
    ended = view.over
    if ended != (view.raw.get("result") is not None):
        yield Finding("result", "result", "a result" if ended else None, view.raw.get("result"))
    if hand.previous is not None and hand.previous.get("over") is True and not ended:
        yield Finding("over", "over", True, view.raw.get("over"), "actions.in-turn")
    live = hand.live()
    if len(live) == 1 and not ended:
        yield Finding("over", "over", True, view.raw.get("over"), "showdown.uncontested")
    if ended and len(live) > 1 and hand.street != len(hand.streets) - 1:
        yield Finding("over", "over", False, True)
    if not ended and len(live) > 1:
        owed = [seat for seat in hand.active() if hand.committed[seat] < hand.to_call()]
        if len(hand.active()) <= 1 and not owed and not (hand.street == 0 and not hand.opened):
            yield Finding("over", "over", True, view.raw.get("over"), "deal.run-out")


@invariant("turn-when-over", "observe: to_act / legal", "actions.in-turn",
           "when the hand is over to_act is null and legal empty; while it is on, to_act names a seat that has "
           "neither folded nor gone all-in, and legal is not empty")
def turn_when_over(hand: HandModel, view: View) -> Iterator[Finding]:
    seat = view.to_act
    if view.over:
        if view.raw.get("to_act") is not None:
            yield Finding("to_act", "to_act", None, show_seat(seat))
        if view.legal:
            yield Finding("legal", "legal", [], view.legal)
        return
    if seat is None or not 0 <= seat < hand.size:
        yield Finding("to_act", "to_act", "a seat in the hand", view.raw.get("to_act"), "betting.round-closes")
        return
    if hand.folded[seat]:
        yield Finding("to_act", "to_act", "a seat that has not folded", p(seat), "betting.actions")
    elif hand.all_in(seat):
        yield Finding("to_act", "to_act", "a seat that is not all-in", p(seat), "act-order.all-in-skipped")
    if not view.legal:
        yield Finding("legal", "legal", "the moves of the seat in turn", [], "betting.actions")


@invariant("turn-moves-clockwise", "observe: to_act", "act-order.best-exposed-hand",
           "within a betting round, after a seat acts, the turn passes to the next seat clockwise that has "
           "neither folded nor gone all-in", phase="on")
def turn_moves_clockwise(hand: HandModel, view: View) -> Iterator[Finding]:
    if view.over or hand.advanced is not None or len(hand.pending) != 1:
        return
    want = hand.next_active_after(hand.pending[0].seat)
    if view.to_act != want:
        rule = street_rule(hand, "act-order.third-street", "act-order.best-exposed-hand")
        yield Finding("to_act", "to_act", show_seat(want), show_seat(view.to_act), rule)


@invariant("bring-in-seat", "observe: bring_in", "bring-in.lowest-upcard",
           "bring_in is the seat with the lowest up card (ace high, then clubs, diamonds, hearts, spades), or "
           "null when it is all-in from the ante, all hand long; the hand starts with that seat in turn, or "
           "without one with the next seat clockwise that can act")
def bring_in_seat(hand: HandModel, view: View) -> Iterator[Finding]:
    if not hand.cards_known:
        return
    forced = hand.bring_in_seat()
    got = view.raw.get("bring_in")
    if got != (None if forced is None else forced + 1):
        # suits decide only between seats of the lowest rank: a seat of another rank chosen
        # is the lowest card missed, tie or not
        chosen = got - 1 if isinstance(got, int) and 0 < got <= hand.size else None
        tie_broken_otherwise = hand.rank_tie_for_lowest() and (chosen is None or (
            hand.lowest_up is not None and bool(hand.up[chosen])
            and hand.up[chosen][0][0] == hand.up[hand.lowest_up][0][0]))
        rule = "bring-in.suit-order" if forced is not None and tie_broken_otherwise \
            else "bring-in.lowest-upcard" if forced is not None \
            else "bring-in.all-in-on-ante" if hand.lowest_up is not None and hand.all_in_on_ante(hand.lowest_up) \
            else "deal.run-out"
        yield Finding("bring_in", "bring_in", show_seat(forced), show_seat(got - 1 if isinstance(got, int) else None), rule)
    if hand.actions or view.over or hand.lowest_up is None:
        return
    first = forced if forced is not None else hand.next_active_after(hand.lowest_up)
    if view.to_act != first:
        rule = "act-order.third-street" if forced is not None else "bring-in.all-in-on-ante"
        yield Finding("to_act", "to_act", show_seat(first), show_seat(view.to_act), rule)


# --- the legal moves -----------------------------------------------------------------------------------


@invariant("legal-shape", "observe: legal", "betting.limits",
           "legal offers at most one bet or raise amount (two on fourth street when the open-pair big bet is "
           "allowed): the full amount, or in its place the whole stack", phase="on")
def legal_shape(hand: HandModel, view: View) -> Iterator[Finding]:
    legal = view.legal
    amounts = {amount for kind, amount in view.moves if kind == "cbr"}
    if len(amounts) > len(hand.bets()):
        rule = "betting.fourth-street-open-pair" if hand.street == 1 else "betting.limits"
        yield Finding("legal", "legal", f"at most {len(hand.bets())} cbr amount(s)", legal, rule)


@invariant("legal-bring-in", "observe: legal, bring_in", "bring-in.post-or-complete",
           "before anyone has put chips in on third street, the forced seat may post (pb) or complete but not "
           "fold or call, and without a forced seat the opener may fold, post or complete; after that pb is "
           "never offered and fold and check-or-call always are", phase="on")
def legal_bring_in(hand: HandModel, view: View) -> Iterator[Finding]:
    if view.over or view.to_act is None:
        return
    kinds = {kind for kind, _ in view.moves}
    legal = sorted(view.legal)
    if hand.street == 0 and not hand.opened:
        if hand.bring_in_seat() is not None:
            if "pb" not in kinds or kinds & {"f", "cc"}:
                yield Finding("legal", "legal", "pb (and cbr), without f or cc", legal)
        elif "pb" not in kinds or "f" not in kinds or "cc" in kinds:
            yield Finding("legal", "legal", "f and pb (and cbr), without cc", legal, "bring-in.all-in-on-ante")
        return
    if "pb" in kinds:
        yield Finding("legal", "legal", "no pb once chips are in", legal)
    if not {"f", "cc"} <= kinds:
        yield Finding("legal", "legal", "f and cc among the moves", legal, "betting.actions")


@invariant("legal-amounts", "observe: legal (cbr N)", "betting.limits",
           "every cbr N raises the amount to call, is within the seat's chips (stack plus committed), and below "
           "the seat's whole stack is a full bet or raise: N less one bet is 0 or an amount put in on this street", phase="on")
def legal_amounts(hand: HandModel, view: View) -> Iterator[Finding]:
    seat = view.to_act
    if view.over or seat is None or not 0 <= seat < hand.size:
        return
    call = hand.to_call()
    most = hand.stack(seat) + hand.committed[seat]
    levels = {0, *hand.committed}
    if hand.street == 0 and hand.bring_in_posted:
        levels.add(hand.stakes.get("bring_in", 0))
    bets = hand.bets()
    open_pair = hand.street == 1 and len(bets) > 1
    for kind, amount in view.moves:
        if kind != "cbr":
            continue
        move = f"cbr {amount}"
        if amount <= call:
            yield Finding("legal", f"legal[{move}]", f"more than the {call} to call", move, "betting.actions")
        elif amount > most:
            yield Finding("legal", f"legal[{move}]", f"at most {most} (stack and committed)", move, "betting.all-in")
        elif amount < most and not any(amount - bet in levels for bet in bets):
            yield Finding("legal", f"legal[{move}]", "a full bet or raise, or the whole stack", move,
                          _amount_rule(hand, open_pair))


def _amount_rule(hand: HandModel, open_pair: bool) -> str | None:
    """The rule that sets a bet or raise amount where it is offered (None: betting.limits).
    On third street before anyone completes, the amount offered is the completion, which the
    bring-in rules state: the forced seat's (bring-in.post-or-complete), the opener's when
    nobody is forced (bring-in.all-in-on-ante), or a player's facing the bring-in
    (bring-in.facing); where the bring-in is a full bet there is no completion (table.stakes).
    A wrong completion is their mistake, not the limit's."""
    if open_pair:
        return "betting.fourth-street-open-pair"
    if hand.street == 0 and hand.stakes.get("bring_in", 0) >= hand.stakes.get("small_bet", 0):
        return "table.stakes"  # a bring-in of a full bet is the opening bet: nothing to complete
    if hand.street == 0 and not hand.opened:
        return "bring-in.post-or-complete" if hand.bring_in_seat() is not None else "bring-in.all-in-on-ante"
    if hand.street == 0 and hand.bring_in_posted and hand.full_bets == 0:
        return "bring-in.facing"
    return None


@invariant("legal-answerable", "observe: legal", "deal.run-out",
           "a bet or raise is offered only when another seat still in could answer it (has not gone all-in)", phase="on")
def legal_answerable(hand: HandModel, view: View) -> Iterator[Finding]:
    seat = view.to_act
    if view.over or seat is None or not view.offers_cbr():
        return
    if not [other for other in hand.active() if other != seat]:
        yield Finding("legal", "legal", "no cbr: nobody could answer it",
                      sorted(view.legal))


@invariant("legal-cap", "observe: legal", "betting.raise-cap",
           "no bet or raise is offered once the street holds a bet and raise_cap raises while three or more "
           "players who are not all-in are in the hand (always, under heads_up_raises: capped)", phase="on")
def legal_cap(hand: HandModel, view: View) -> Iterator[Finding]:
    if view.over or not view.offers_cbr():
        return
    capped = hand.options.get("heads_up_raises") == "capped" or len(hand.active()) >= 3
    cap = hand.options.get("raise_cap", 3)
    if capped and isinstance(cap, int) and hand.full_bets >= 1 + cap:
        rule = "betting.heads-up" if len(hand.active()) < 3 else "betting.raise-cap"
        yield Finding("legal", "legal", f"no cbr after {hand.full_bets} bets and raises",
                      sorted(view.legal), rule)


# --- the result ---------------------------------------------------------------------------------------------


def _result(view: View) -> Mapping[str, Any] | None:
    result = view.raw.get("result")
    return result if view.over and _is_map(result) else None


@invariant("returned-uncalled", "observe: result.returned", "pots.uncalled-bet",
           "result.returned gives the highest contribution less the second highest back to its seat, and "
           "lists nobody else", phase="over")
def returned_uncalled(hand: HandModel, view: View) -> Iterator[Finding]:
    result = _result(view)
    if result is None:
        return
    want = returned_chips(hand)
    got = by_seat(result.get("returned"))
    if got != want:
        yield Finding("result.returned", "returned", {p(s): a for s, a in want.items()}, {p(s): a for s, a in got.items()})


@invariant("result-pots-layered", "observe: result.pots", "pots.side-pots",
           "result.pots are the contributions less the returned chips, layered like pots", phase="over")
def result_pots_layered(hand: HandModel, view: View) -> Iterator[Finding]:
    result = _result(view)
    if result is None:
        return
    back = returned_chips(hand)
    kept = [put - back.get(seat, 0) for seat, put in enumerate(hand.contributed)]
    want = layers(kept, hand.folded, hand.all_in_flags())
    got = shown_pots(result.get("pots"))
    if got != want:
        yield Finding("result.pots", "pots", [list(pot) for pot in want], [list(pot) for pot in got])


def _spread(shares: Iterable[Any]) -> int:
    values = [share for share in shares if isinstance(share, int)]
    return max(values) - min(values) if values else 0


@invariant("awards-add-up", "observe: result.pots (high, low)", "showdown.split",
           "each pot is paid whole to seats eligible for it; a split pot's high half is the larger half; a pot "
           "with one eligible seat goes to it whole, not split; tied winners' shares differ by one chip at most", phase="over")
def awards_add_up(hand: HandModel, view: View) -> Iterator[Finding]:
    result = _result(view)
    if result is None:
        return
    for index, pot in enumerate(result.get("pots") or []):
        if not _is_map(pot) or not isinstance(pot.get("amount"), int):
            continue
        amount = pot["amount"]
        eligible = {seat - 1 for seat in pot.get("eligible") or [] if isinstance(seat, int)}
        high, low = by_seat(pot.get("high")), by_seat(pot.get("low"))
        split = pot.get("low") is not None
        where = f"pots[{index}]"
        paid = sum(value for value in high.values() if isinstance(value, int)) + \
            sum(value for value in low.values() if isinstance(value, int))
        if paid != amount:
            yield Finding("result.pots", f"{where} awards", amount, paid)
        outsiders = sorted(p(seat) for seat in set(high) | set(low) if seat not in eligible)
        if outsiders and len(hand.live()) > 1:
            yield Finding("result.pots", f"{where} winners", f"among {sorted(p(s) for s in eligible)}", outsiders,
                          "pots.side-pots")
        if len(eligible) == 1 and (split or set(high) != eligible):
            (only,) = eligible
            yield Finding("result.pots", f"{where}.high", {p(only): amount}, {p(s): a for s, a in high.items()},
                          "pots.split-separately")
            continue
        if split and sum(value for value in high.values() if isinstance(value, int)) != amount - amount // 2:
            yield Finding("result.pots", f"{where}.high", f"{amount - amount // 2} in all (the larger half)",
                          sum(value for value in high.values() if isinstance(value, int)), "odd-chip.high-half")
        if split and set(high) == set(low) and len(high) > 1:
            totals = [high[seat] + low[seat] for seat in high if isinstance(high[seat], int) and isinstance(low[seat], int)]
            if _spread(totals) > 1:
                yield Finding("result.pots", f"{where} shares", "as even as possible", totals, "odd-chip.tied-both-ways")
            continue
        for half, shares in (("high", high), ("low", low)):
            if _spread(shares.values()) > 1:
                yield Finding("result.pots", f"{where}.{half}", "shares one chip apart at most",
                              {p(s): a for s, a in shares.items()}, "showdown.ties")


@invariant("payout-balances", "observe: result.stacks, stack", "showdown.split",
           "every final stack is the starting stack less what the seat put in plus what came back and what it "
           "won, and the seats' stacks show the final stacks", phase="over")
def payout_balances(hand: HandModel, view: View) -> Iterator[Finding]:
    result = _result(view)
    if result is None:
        return
    won = [0] * hand.size
    for pot in result.get("pots") or []:
        if _is_map(pot):
            for half in (by_seat(pot.get("high")), by_seat(pot.get("low"))):
                for seat, amount in half.items():
                    if 0 <= seat < hand.size and isinstance(amount, int):
                        won[seat] += amount
    back = by_seat(result.get("returned"))
    final = result.get("stacks")
    want = [hand.buy_in[seat] - hand.contributed[seat] + back.get(seat, 0) + won[seat] for seat in range(hand.size)]
    if final != want:
        yield Finding("result.stacks", "stacks", want, final)
    shown = [view.seats.get(seat, {}).get("stack") for seat in range(hand.size)]
    if isinstance(final, list) and shown != final:
        yield Finding("stacks", "stacks", final, shown)


@invariant("uncontested-result", "observe: result", "showdown.uncontested",
           "a hand won by folds shows nobody (show_order []) and pays every pot whole to the last player, "
           "low null", phase="over")
def uncontested_result(hand: HandModel, view: View) -> Iterator[Finding]:
    result = _result(view)
    live = hand.live()
    if result is None or len(live) != 1:
        return
    (winner,) = live
    if result.get("show_order") != []:
        yield Finding("result.show_order", "show_order", [], result.get("show_order"))
    for index, pot in enumerate(result.get("pots") or []):
        if _is_map(pot) and (pot.get("low") is not None or by_seat(pot.get("high")) != {winner: pot.get("amount")}):
            yield Finding("result.pots", f"pots[{index}]", {"high": {p(winner): pot.get("amount")}, "low": None},
                          {"high": pot.get("high"), "low": pot.get("low")})


@invariant("show-order", "observe: result.show_order", "showdown.show-order",
           "at a showdown every player still in shows once, clockwise from the first to show; the last to bet "
           "or raise on seventh street shows first", phase="over")
def show_order(hand: HandModel, view: View) -> Iterator[Finding]:
    result = _result(view)
    live = hand.live()
    if result is None or len(live) < 2:
        return
    order = result.get("show_order")
    if not isinstance(order, list) or not order or not all(isinstance(seat, int) for seat in order):
        yield Finding("result.show_order", "show_order", "every seat still in", order)
        return
    first = order[0] - 1
    want = [seat + 1 for seat in ((first + step) % hand.size for step in range(hand.size)) if seat in live]
    if sorted(order) != [seat + 1 for seat in live] or order != want:
        yield Finding("result.show_order", "show_order", [f"p{seat}" for seat in want], [f"p{seat}" for seat in order])
    bettor = hand.aggressor.get(len(hand.streets) - 1)
    if bettor is not None and first != bettor:
        yield Finding("result.show_order", "show_order[0]", p(bettor), p(first))


# --- the watch ------------------------------------------------------------------------------------------------


class InvariantWatch:
    """Runs every invariant on the observations of one replay.

    The replay tells it each accepted action (``acted``) and gives it each observation
    (``check``); an observation of a state already checked (no action since) is not checked
    again. Each invariant reports its first breach only: what follows from one mistake is not
    repeated at every later step. ``evaluations`` counts the invariants run.
    """

    def __init__(self, hand: HandModel, invariants: Sequence[Invariant] | None = None) -> None:
        self.hand = hand
        self.invariants = list(INVARIANTS if invariants is None else invariants)
        self.broken: set[str] = set()
        self.fresh = True  # the state has not been checked yet
        self.stopped = False
        self.evaluations = 0

    @classmethod
    def for_replay(cls, data: Mapping[str, Any], deck: Sequence[str]) -> InvariantWatch | None:
        """The watch of a replay scenario whose hand started; None when its settings cannot
        be resolved (such a start is refused, and the scenario checks that)."""
        from stud8.spec.errors import Stud8Error
        from stud8.spec.rulebook import default_rulebook

        try:
            options = default_rulebook().resolve_options(data.get("profile"), data.get("options") or {})
            return cls(HandModel(data["stacks"], data["stakes"], options, deck))
        except (Stud8Error, KeyError, TypeError, ValueError):
            return None

    def acted(self, action: str) -> None:
        """An action the engine accepted."""
        if not self.stopped and not self.hand.acted(action):
            self.stopped = True  # an action the book cannot read: it can no longer follow the hand
        self.fresh = True

    def check(self, observation: Observation) -> list[Breach]:
        """The breaches of invariants not broken before, in the order the invariants are listed."""
        if self.stopped or not self.fresh or not isinstance(observation, Mapping):
            return []
        self.fresh = False
        hand = self.hand
        hand.observed(observation.get("street"))
        view = View(observation)
        found: list[Breach] = []
        skipped = "on" if view.over else "over"
        for item in self.invariants:
            if item.phase == skipped or item.name in self.broken:
                continue
            self.evaluations += 1
            for finding in item.test(hand, view):
                self.broken.add(item.name)
                found.append(Breach(item.name, item.section, finding.rule or item.rule, finding.field, finding.path,
                                    finding.expected, finding.got))
                break
        hand.settled(observation)
        return found


def invariants_table() -> list[str]:
    """The Markdown table of the invariants that docs/protocol.md shows (a test keeps them equal)."""
    lines = ["| invariant | fields (protocol) | rule | what must hold |", "|---|---|---|---|"]
    for item in INVARIANTS:
        fields = ", ".join(f"`{field.strip()}`" for field in item.section.split(": ", 1)[-1].replace(" / ", ", ").split(", "))
        lines.append(f"| `{item.name}` | {fields} | `{item.rule}` | {item.statement} |")
    return lines

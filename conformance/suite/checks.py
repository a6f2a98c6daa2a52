"""Which rule each compared field tests: the table behind "the rule of the first difference".

A scenario cites several rules, but a difference shows at one field of one step, and that field
in that situation tests one rule. A wrong ``to_act`` when a street starts is the act order
(``act-order.best-exposed-hand``); a wrong ``legal`` while the forced bring-in is due is
``bring-in.post-or-complete``; a wrong high award between tied players is
``odd-chip.within-half``. Grouping failures by that rule finds the root cause: one bring-in bug
is one group, not sixty failures spread over the areas the scenarios happen to cite first.

``RULE_TABLE`` is the data: rows of (check, situations, rule, also). For a difference the first
row whose check matches and whose situations all hold gives the rule. Situations are facts of
the hand at that step (the bring-in is due, a street starts, two boards tie, the action is
heads-up, the pot has one eligible player), so one engine bug lands in one row whatever the
scenario it shows in. Only where the state cannot tell the narrower rule apart (which part of
a start is invalid, which detail of a hand's value) does a row list ``also`` rules: when the
scenario cites one of them, the first it cites is taken. Every check has a last row without
situations.

Situations are read from the reference engine's observations at the step (the state the rule
book says the hand is in; ``stud8.conformance.suite.rootcause`` replays the scenario to get
them), from the engine's observation, and from the difference itself (``SITUATIONS``). Each
row was reviewed against the statements of spec/rules.yaml; tests/test_rule_attribution.py
checks that every rule id exists, that every check the runner makes has a fallback row, and
the rule picked in the situations the issue named.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from stud8.conformance.suite.differences import Difference
from stud8.reference.cards import parse_cards
from stud8.reference.exposed import exposed_rank

Observation = Mapping[str, Any]


@dataclass(frozen=True)
class Situation:
    """What is known where a difference showed.

    ``reference`` is the reference engine's observation at the step (what the scenario expects
    the whole state to be), ``before`` its observation before the step's last action, ``engine``
    the engine's observation (when it was asked for one), ``difference`` the first differing
    leaf and ``expected`` and ``got`` the whole values of its field, ``code`` the engine's
    refusal code (a refused action) or the scenario's (a rejection), ``action`` the action of
    the step, ``stakes`` and ``options`` the scenario's (options resolved by the rule book),
    ``facts`` what ``rootcause`` read from the whole replay (``FACTS``). Any of them may be
    missing.
    """

    reference: Observation | None = None
    before: Observation | None = None
    engine: Observation | None = None
    difference: Difference | None = None
    code: str | None = None
    action: str | None = None
    stakes: Mapping[str, int] = field(default_factory=dict)
    expected: Any = None
    got: Any = None
    options: Mapping[str, Any] = field(default_factory=dict)
    facts: frozenset[str] = frozenset()


def _seats(observation: Observation | None) -> list[Mapping[str, Any]]:
    return list(observation.get("seats") or []) if observation else []


def _live(observation: Observation | None) -> list[Mapping[str, Any]]:
    return [seat for seat in _seats(observation) if not seat.get("folded")]


def _street(observation: Observation | None) -> str | None:
    return None if observation is None else observation.get("street")


def _bring_in_due(s: Situation) -> bool:
    return _street(s.reference) == "third" and "pb" in (s.reference or {}).get("legal", [])


def _no_forced_bring_in(s: Situation) -> bool:
    ref = s.reference
    return (ref is not None and _street(ref) == "third" and ref.get("bring_in") is None and ref.get("to_act") is not None
            and max((seat.get("committed", 0) for seat in _seats(ref)), default=0) == 0)


def _facing_bring_in(s: Situation) -> bool:
    if _street(s.reference) != "third" or _bring_in_due(s):
        return False
    top = max((seat.get("committed", 0) for seat in _seats(s.reference)), default=0)
    return 0 < top < s.stakes.get("small_bet", 0)


def _street_start(s: Situation) -> bool:
    ref, before = s.reference, s.before
    if ref is None or ref.get("over") or _street(ref) == "third":
        return False
    return before is None or _street(before) != _street(ref)


def _round_closed(s: Situation) -> bool:
    ref, before = s.reference, s.before
    return ref is not None and before is not None and (bool(ref.get("over")) or _street(ref) != _street(before))


def _bring_in_option(s: Situation) -> bool:
    """The engine is still on third street, giving the bring-in player a turn the rule book's
    hand no longer has (the round closed, or it moved on)."""
    engine, ref = s.engine, s.reference
    if engine is None or ref is None or _street(engine) != "third":
        return False
    closed = bool(ref.get("over")) or _street(ref) != "third"
    return closed and engine.get("to_act") is not None and engine.get("to_act") == ref.get("bring_in")


def _run_out(s: Situation) -> bool:
    live = _live(s.reference)
    return len(live) > 1 and sum(1 for seat in live if not seat.get("all_in")) <= 1


def _nobody_answers(s: Situation) -> bool:
    ref = s.reference
    if ref is None or ref.get("to_act") is None:
        return False
    others = [seat for seat in _live(ref) if seat.get("seat") != ref["to_act"]]
    return bool(others) and all(seat.get("all_in") for seat in others)


def _engine_acts_all_in(s: Situation) -> bool:
    if s.engine is None or s.engine.get("to_act") is None:
        return False
    return any(seat.get("seat") == s.engine["to_act"] and seat.get("all_in") for seat in _seats(s.reference))


def _heads_up(s: Situation) -> bool:
    return sum(1 for seat in _live(s.reference) if not seat.get("all_in")) == 2


def _all_in(s: Situation) -> bool:
    return any(seat.get("all_in") for seat in _live(s.reference))


def _deck_short(s: Situation) -> bool:
    """Seventh street could not be dealt from the stub as usual (deck.short-stub): a community
    card was dealt, or the cards dealt and burned leave fewer than the rule book's one card at
    the bottom."""
    ref = s.reference
    if ref is None or _street(ref) != "seventh":
        return False
    if ref.get("community") is not None:
        return True
    dealt = sum(len(seat.get("up") or []) + len(seat.get("down") or []) for seat in _seats(ref))
    burns = 4 + (1 if s.options.get("burn_before_third") else 0)
    return dealt + burns > 51


def _bring_in_all_in(s: Situation) -> bool:
    ref = s.reference
    if ref is None or ref.get("bring_in") is None:
        return False
    return any(seat.get("seat") == ref["bring_in"] and seat.get("all_in") for seat in _seats(ref))


def _fourth_open_pair(s: Situation) -> bool:
    """Fourth street with a pair showing, where the open-pair big bet is in play: the option is
    on, or the engine offers the big bet beside the small one (it applies the option unasked).
    With the option off and one amount offered, a wrong amount is the limit's (betting.limits)."""
    if _street(s.reference) != "fourth":
        return False
    in_play = bool(s.options.get("fourth_street_open_pair_big_bet")) or len(_cbr_amounts((s.engine or {}).get("legal"))) > 1
    if not in_play:
        return False
    for seat in _live(s.reference):
        ranks = [card[0] for card in seat.get("up", [])]
        if len(ranks) != len(set(ranks)):
            return True
    return False


def _indices(cards: Sequence[str]) -> list[int]:
    return [card.index for card in parse_cards(list(cards))]


def _lowest_up_card_tied(s: Situation) -> bool:
    """Third street: the lowest up-card rank is shown by two players (suits decide), and the
    engine's choice, if it shows one, is one of them: a tie broken otherwise. An engine that
    picks a seat of another rank got the lowest card wrong, tie or not (bring-in.lowest-upcard)."""
    if _street(s.reference) != "third":
        return False
    rank_of = {seat.get("seat"): _indices(seat["up"][:1])[0] >> 2 for seat in _seats(s.reference) if seat.get("up")}
    ranks = list(rank_of.values())
    lowest = min(ranks, default=-1)
    if ranks.count(lowest) < 2:
        return False
    engine = s.engine or {}
    chosen = engine.get("bring_in") if engine.get("bring_in") is not None else engine.get("to_act")
    return chosen not in rank_of or rank_of[chosen] == lowest


def _best_boards(s: Situation) -> list[Mapping[str, Any]]:
    """The live seats showing the best exposed hand (act-order.exposed-ranking)."""
    live = [seat for seat in _live(s.reference) if seat.get("up")]
    if not live:
        return []
    ranked = [(exposed_rank(_indices(seat["up"])), seat) for seat in live]
    best = max(rank for rank, _ in ranked)
    return [seat for rank, seat in ranked if rank == best]


def _tied_boards(s: Situation) -> bool:
    return len(_best_boards(s)) > 1


def _best_board_all_in(s: Situation) -> bool:
    best = _best_boards(s)
    return bool(best) and bool(best[0].get("all_in"))


def _seat(observation: Observation | None, number: Any) -> Mapping[str, Any] | None:
    for seat in _seats(observation):
        if seat.get("seat") == number:
            return seat
    return None


def _bring_in_short(s: Situation) -> bool:
    """The player due to bring in cannot cover the bring-in (or has exactly it)."""
    ref = s.reference
    seat = _seat(ref, (ref or {}).get("to_act"))
    return seat is not None and seat.get("stack", 0) <= s.stakes.get("bring_in", 0)


def _all_in_below_completion(s: Situation) -> bool:
    """Third street, nobody completed, and a player went all-in for more than the bring-in."""
    if _street(s.reference) != "third":
        return False
    small, bring_in = s.stakes.get("small_bet", 0), s.stakes.get("bring_in", 0)
    committed = [seat.get("committed", 0) for seat in _seats(s.reference)]
    if max(committed, default=0) >= small:
        return False
    return any(seat.get("all_in") and bring_in < seat.get("committed", 0) < small for seat in _seats(s.reference))


def _all_in_offer(s: Situation) -> bool:
    """The rule book offers the player in turn a ``cbr`` of their whole stack (all-in for less)."""
    ref = s.reference
    seat = _seat(ref, (ref or {}).get("to_act"))
    if seat is None:
        return False
    whole = seat.get("stack", 0) + seat.get("committed", 0)
    return f"cbr {whole}" in _moves((ref or {}).get("legal"))


_CBR = re.compile(r"^cbr (\d+)$")


def _moves(value: Any) -> list[str]:
    return [str(move) for move in value] if isinstance(value, (list, tuple)) else []


def _cbr_amounts(value: Any) -> set[str]:
    return {move for move in _moves(value) if _CBR.match(move)}


def _cbr_amount(s: Situation) -> bool:
    """Both sides offer a ``cbr``, to different amounts."""
    d = s.difference
    if d is None:
        return False
    want, have = _cbr_amounts(d.expected), _cbr_amounts(d.got)
    return bool(want) and bool(have) and want != have


def _cbr_offered(s: Situation) -> bool:
    """One side offers a ``cbr`` and the other none."""
    d = s.difference
    return d is not None and bool(_cbr_amounts(d.expected)) != bool(_cbr_amounts(d.got))


def _pot_leaf(s: Situation) -> str:
    """``amount``, ``eligible``, ``high``, ``low`` or ``count`` (a pot on one side only) for a
    difference under ``pots[N]``."""
    if s.difference is None:
        return ""
    match = re.match(r"^pots\[\d+\](?:\.(\w+))?", s.difference.path)
    if not match:
        return ""
    return match.group(1) or "count"


def _pot_pair(s: Situation) -> tuple[Mapping[str, Any] | None, Mapping[str, Any] | None, str]:
    """The expected and the engine's pot a ``pots[N]...`` difference is in, and the leaf name."""
    if s.difference is None:
        return None, None, ""
    match = re.match(r"^pots\[(\d+)\](?:\.(\w+))?", s.difference.path)
    if not match:
        return None, None, ""
    index = int(match.group(1))

    def pot(pots: Any) -> Mapping[str, Any] | None:
        if isinstance(pots, (list, tuple)) and index < len(pots) and isinstance(pots[index], Mapping):
            return pots[index]
        return None

    return pot(s.expected), pot(s.got), match.group(2) or "count"


def _half(s: Situation) -> tuple[Mapping[str, Any] | None, Mapping[str, Any] | None]:
    """The expected and the engine's award of the half a ``pots[N].high|low`` difference is in."""
    want, have, leaf = _pot_pair(s)
    if leaf not in ("high", "low") or want is None or have is None:
        return None, None
    want_half, have_half = want.get(leaf), have.get(leaf)
    return (want_half if isinstance(want_half, Mapping) else None,
            have_half if isinstance(have_half, Mapping) else None)


def _award_path(s: Situation) -> bool:
    return _pot_leaf(s) in ("high", "low")


def _low_presence(s: Situation) -> bool:
    """The pot is split into halves on one side and not on the other."""
    want, have, _ = _pot_pair(s)
    return want is not None and have is not None and (want.get("low") is None) != (have.get("low") is None)


def _winners_differ(s: Situation) -> bool:
    want, have = _half(s)
    return want is not None and have is not None and set(want) != set(have)


def _tie(s: Situation) -> bool:
    want, have = _half(s)
    return want is not None and have is not None and set(want) == set(have) and len(want) > 1


def _odd_chip_between_halves(s: Situation) -> bool:
    """An odd pot whose halves differ by the one chip between them (same winners each side)."""
    want, have, _ = _pot_pair(s)
    if want is None or have is None or want.get("low") is None or have.get("low") is None:
        return False
    totals = [sum((pot.get(half) or {}).values()) for pot in (want, have) for half in ("high", "low")]
    return int(want.get("amount", 0)) % 2 == 1 and abs(totals[0] - totals[2]) == 1 and abs(totals[1] - totals[3]) == 1


def _single_eligible(s: Situation) -> bool:
    """The pot has one eligible player: it is taken whole, never split."""
    want, _, _ = _pot_pair(s)
    return want is not None and len(want.get("eligible") or []) == 1


def _tied_both_ways(s: Situation) -> bool:
    """The same players tie for the high and for the low of the pot."""
    want, _, _ = _pot_pair(s)
    if want is None or not isinstance(want.get("high"), Mapping) or not isinstance(want.get("low"), Mapping):
        return False
    return len(want["high"]) > 1 and set(want["high"]) == set(want["low"])


def _engine_misses_low(s: Situation) -> bool:
    """The rule book splits the pot with a low; the engine finds none."""
    want, have, _ = _pot_pair(s)
    return want is not None and have is not None and want.get("low") is not None and have.get("low") is None


def _other_pot_has_low(s: Situation) -> bool:
    """Another pot of the hand is split with a low: the pots are split each on its own."""
    want, _, _ = _pot_pair(s)
    pots = s.expected if isinstance(s.expected, (list, tuple)) else []
    return any(isinstance(pot, Mapping) and pot is not want and pot.get("low") is not None for pot in pots)


def _uncontested(s: Situation) -> bool:
    result = (s.reference or {}).get("result") or {}
    return bool(s.reference and s.reference.get("over")) and result.get("show_order") == []


FACTS: tuple[str, ...] = (
    "all-in raise this street",   # someone went all-in with a bet or raise on the current street
    "dead cards dealt",           # the engine dealt cards to a seat that had folded
    "burn dealt",                 # the engine dealt a card the rule book burns
    "other high category",        # the engine's high winner holds a hand of another category
    "same high category",         # ... of the same category, ranked otherwise
    "equal hands",                # the engine's winner's hand equals the scenario's winner's: a tie not shared
    "engine low without a low",   # the engine's low winner has no qualifying low
    "other low",                  # the engine's low winner has another qualifying low
    "scoop denied",               # the low half of a scooping hand went to another player
)
"""Facts ``rootcause`` reads from the whole replay and the reference evaluator."""


def _fact(name: str) -> Callable[[Situation], bool]:
    return lambda s: name in s.facts


def _code(name: str) -> Callable[[Situation], bool]:
    return lambda s: s.code == name


def _action(kind: str) -> Callable[[Situation], bool]:
    return lambda s: bool(s.action) and (s.action or "").split()[1:2] == [kind]


SITUATIONS: dict[str, Callable[[Situation], bool]] = {
    "bring-in due": _bring_in_due,
    "no forced bring-in": _no_forced_bring_in,
    "lowest up card tied": _lowest_up_card_tied,
    "bring-in short": _bring_in_short,
    "facing the bring-in": _facing_bring_in,
    "all-in below the completion": _all_in_below_completion,
    "street start": _street_start,
    "round closed": _round_closed,
    "bring-in given an option": _bring_in_option,
    "run-out": _run_out,
    "nobody could answer a bet": _nobody_answers,
    "engine acts for an all-in seat": _engine_acts_all_in,
    "tied boards": _tied_boards,
    "best board all-in": _best_board_all_in,
    "heads-up": _heads_up,
    "someone all-in": _all_in,
    "all-in offer": _all_in_offer,
    "bring-in all-in": _bring_in_all_in,
    "fourth street, open pair": _fourth_open_pair,
    "community card": lambda s: (s.reference or {}).get("community") is not None,
    "third street": lambda s: _street(s.reference) == "third",
    "seventh street": lambda s: _street(s.reference) == "seventh",
    "deck ran short": _deck_short,
    "burn before third": lambda s: bool(s.options.get("burn_before_third")),
    "cbr amount differs": _cbr_amount,
    "cbr offered on one side": _cbr_offered,
    "pot count": lambda s: _pot_leaf(s) == "count",
    "pot amount or eligibility": lambda s: _pot_leaf(s) in ("amount", "eligible"),
    "award": _award_path,
    "single eligible": _single_eligible,
    "engine misses a low": _engine_misses_low,
    "low on one side": _low_presence,
    "another pot has a low": _other_pot_has_low,
    "winners differ": _winners_differ,
    "tied half": _tie,
    "tied both ways": _tied_both_ways,
    "odd chip between the halves": _odd_chip_between_halves,
    "uncontested": _uncontested,
    **{fact: _fact(fact) for fact in FACTS},
    **{f"code {code}": _code(code) for code in ("malformed-action", "no-such-seat", "out-of-turn", "not-allowed",
                                                 "wrong-amount", "cap-reached", "hand-over")},
}
"""Named situations a row can require; each reads a ``Situation``."""


@dataclass(frozen=True)
class Row:
    """Differences at ``check`` in every one of ``when`` test ``rule`` (or an ``also`` rule the scenario cites)."""

    check: str
    when: tuple[str, ...]
    rule: str
    also: tuple[str, ...] = ()


def _row(check: str, when: str, rule: str, also: str = "") -> Row:
    return Row(check, tuple(part.strip() for part in when.split("&") if part.strip()), rule,
               tuple(part.strip() for part in also.split(",") if part.strip()))


_HIGH = "hands.straight-ace, hands.kickers, hands.suits-never-rank, hands.best-five, low.independent"
_LOW = "low.ace-low, low.ignores-straights-flushes, low.ordering, low.independent"

# check            situations (all must hold)                       rule                               also (if cited)
RULE_TABLE: tuple[Row, ...] = (
    # --- whose turn ------------------------------------------------------------------------------
    _row("to_act", "no forced bring-in", "bring-in.all-in-on-ante"),
    _row("to_act", "bring-in due & lowest up card tied", "bring-in.suit-order"),
    _row("to_act", "bring-in due", "bring-in.lowest-upcard"),
    _row("to_act", "bring-in given an option", "bring-in.no-option"),
    _row("to_act", "street start & engine acts for an all-in seat", "act-order.all-in-skipped"),
    _row("to_act", "street start & best board all-in", "act-order.all-in-skipped"),
    _row("to_act", "street start & community card", "act-order.community-card"),
    _row("to_act", "street start & tied boards", "act-order.ties"),
    _row("to_act", "street start & seventh street", "act-order.seventh-street"),
    _row("to_act", "street start", "act-order.best-exposed-hand", "act-order.exposed-ranking"),
    _row("to_act", "engine acts for an all-in seat", "act-order.all-in-skipped"),
    _row("to_act", "run-out", "deal.run-out"),
    _row("to_act", "", "betting.round-closes", "betting.short-all-in, bring-in.short-all-in-completion"),
    _row("street", "bring-in given an option", "bring-in.no-option"),
    _row("street", "run-out", "deal.run-out"),
    _row("street", "", "betting.round-closes", "betting.short-all-in, bring-in.short-all-in-completion"),
    _row("over", "uncontested", "showdown.uncontested"),
    _row("over", "run-out", "deal.run-out"),
    _row("over", "", "betting.round-closes"),
    _row("bring_in", "no forced bring-in", "bring-in.all-in-on-ante"),
    _row("bring_in", "lowest up card tied", "bring-in.suit-order"),
    _row("bring_in", "", "bring-in.lowest-upcard"),
    # --- what the player in turn may do -----------------------------------------------------------
    _row("legal", "no forced bring-in", "bring-in.all-in-on-ante"),
    _row("legal", "bring-in due & bring-in short", "bring-in.short-stack"),
    _row("legal", "bring-in due", "bring-in.post-or-complete"),
    _row("legal", "nobody could answer a bet & cbr offered on one side", "deal.run-out"),
    _row("legal", "all-in below the completion", "bring-in.short-all-in-completion"),
    _row("legal", "facing the bring-in & bring-in all-in", "bring-in.short-stack"),
    _row("legal", "facing the bring-in", "bring-in.facing"),
    _row("legal", "fourth street, open pair & cbr amount differs", "betting.fourth-street-open-pair"),
    _row("legal", "all-in offer & cbr amount differs", "betting.all-in"),
    _row("legal", "all-in raise this street & cbr amount differs", "betting.short-all-in"),
    _row("legal", "all-in raise this street & cbr offered on one side", "betting.short-all-in"),
    _row("legal", "cbr amount differs", "betting.limits"),
    _row("legal", "cbr offered on one side & heads-up", "betting.heads-up"),
    _row("legal", "cbr offered on one side", "betting.raise-cap", "bring-in.completion-is-bet, betting.fourth-street-open-pair"),
    _row("legal", "", "betting.actions"),
    # --- chips -------------------------------------------------------------------------------------
    *(_row(check, when, rule) for check in ("pot", "stacks", "committed", "contributed") for when, rule in (
        ("bring-in due", "table.ante"),
        ("third street & bring-in all-in", "bring-in.short-stack"),
        ("someone all-in", "betting.all-in"),
        ("", "betting.limits"),
    )),
    _row("pots", "", "pots.side-pots"),
    _row("all_in", "bring-in due", "table.ante"),
    _row("all_in", "", "betting.all-in"),
    _row("folded", "", "betting.actions"),
    # --- cards ----------------------------------------------------------------------------------------
    _row("community", "", "deck.short-stub"),
    *(_row(check, when, rule, also) for check in ("up", "down") for when, rule, also in (
        ("dead cards dealt", "deal.dead-cards", ""),
        ("burn dealt", "deal.burns", ""),
        ("third street & burn before third", "deal.burns", ""),
        ("third street", "deal.third-street", ""),
        ("seventh street & deck ran short", "deck.short-stub", ""),
        ("seventh street", "deal.later-streets", ""),
        ("", "deal.later-streets", "deal.burns, deal.dead-cards"),
    )),
    # --- the result --------------------------------------------------------------------------------
    _row("outcome.over", "", "=over"),
    _row("outcome.returned", "", "pots.uncalled-bet"),
    _row("outcome.show_order", "uncontested", "showdown.uncontested"),
    _row("outcome.show_order", "", "showdown.show-order"),
    _row("outcome.community", "", "deck.short-stub"),
    _row("outcome.pots", "pot count", "pots.side-pots"),
    _row("outcome.pots", "pot amount or eligibility", "pots.side-pots"),
    _row("outcome.pots", "award & uncontested", "showdown.uncontested"),
    _row("outcome.pots", "award & single eligible", "pots.split-separately"),
    _row("outcome.pots", "award & low on one side & another pot has a low", "pots.split-separately"),
    _row("outcome.pots", "award & community card & low on one side", "deck.community-card"),
    _row("outcome.pots", "award & community card & winners differ", "deck.community-card"),
    _row("outcome.pots", "award & low on one side & engine misses a low", "low.qualifier", _LOW),
    _row("outcome.pots", "award & low on one side", "showdown.no-low"),
    _row("outcome.pots", "award & winners differ & equal hands", "showdown.ties"),
    _row("outcome.pots", "award & winners differ & scoop denied", "showdown.scoop"),
    _row("outcome.pots", "award & winners differ & other high category", "hands.categories", _HIGH),
    _row("outcome.pots", "award & winners differ & same high category", "hands.kickers", _HIGH),
    _row("outcome.pots", "award & winners differ & engine low without a low", "low.qualifier", _LOW),
    _row("outcome.pots", "award & winners differ & other low", "low.ordering", _LOW),
    _row("outcome.pots", "award & winners differ", "showdown.split", "showdown.scoop"),
    _row("outcome.pots", "award & tied half & tied both ways", "odd-chip.tied-both-ways"),
    _row("outcome.pots", "award & tied half", "odd-chip.within-half", "odd-chip.card-order"),
    _row("outcome.pots", "award & odd chip between the halves", "odd-chip.high-half"),
    _row("outcome.pots", "award", "showdown.split"),
    _row("outcome.pots", "", "pots.side-pots"),
    _row("outcome.stacks", "", "showdown.split"),
    # --- refusals ------------------------------------------------------------------------------------
    # A scripted action the engine refused. When both observations are known the runner compares
    # the legal moves instead (rootcause.py), so these rows serve only when they are not.
    _row("action", "code out-of-turn", "=to_act"),
    _row("action", "code hand-over", "=over"),
    _row("action", "code malformed-action", "actions.vocabulary"),
    _row("action", "code no-such-seat", "actions.vocabulary"),
    _row("action", "code wrong-amount", "betting.limits"),
    _row("action", "code cap-reached & heads-up", "betting.heads-up"),
    _row("action", "code cap-reached", "betting.raise-cap"),
    _row("action", "bring-in due", "bring-in.post-or-complete"),
    _row("action", "", "betting.actions"),
    # An action the scenario expects refused: the rule that refuses it.
    _row("rejection.state", "", "actions.refusal-keeps-state"),
    _row("rejection.code", "", "=rejection"),
    _row("rejection", "code out-of-turn", "actions.in-turn"),
    _row("rejection", "code hand-over", "actions.in-turn"),
    _row("rejection", "code malformed-action", "actions.vocabulary"),
    _row("rejection", "code no-such-seat", "actions.vocabulary"),
    _row("rejection", "code wrong-amount & fourth street, open pair", "betting.fourth-street-open-pair"),
    _row("rejection", "code wrong-amount", "betting.limits"),
    _row("rejection", "code cap-reached & heads-up", "betting.heads-up"),
    _row("rejection", "code cap-reached", "betting.raise-cap"),
    _row("rejection", "code not-allowed & bring-in due", "bring-in.post-or-complete"),
    _row("rejection", "", "betting.actions"),
    # --- starting a hand and evaluating hands: only the scenario says which part it tests -----------
    _row("start", "", "actions.bad-start", "table.players, table.stakes, table.ante"),
    _row("hand.high", "", "hands.categories", _HIGH),
    _row("hand.low", "", "low.qualifier", _LOW),
    _row("hand.evaluate", "", "hands.best-five", _HIGH + ", " + _LOW),
    _row("evaluate.refusal", "", "actions.bad-cards"),
    _row("order.high", "", "hands.kickers", "hands.categories, " + _HIGH),
    _row("order.low", "", "low.ordering", "low.qualifier, " + _LOW),
)
"""The rule each check tests, by situation; reviewed against the statements of spec/rules.yaml.

A row whose rule is ``=CHECK`` hands the difference to CHECK's rows (a refused action whose code
says it was out of turn is a difference of whose turn it is)."""

CHECKS: frozenset[str] = frozenset(row.check for row in RULE_TABLE)


def rule_for(check: str, situation: Situation, cited: Sequence[str] = ()) -> str:
    """The rule a difference at ``check`` tests in ``situation``; ``cited`` are the scenario's
    rules, which pick among a row's ``also`` rules (see the module docstring)."""
    for row in RULE_TABLE:
        if row.check != check or not all(SITUATIONS[name](situation) for name in row.when):
            continue
        if row.rule.startswith("="):
            return rule_for(row.rule[1:], situation, cited)
        candidates = (row.rule, *row.also)
        for rule in cited:
            if rule in candidates:
                return rule
        return row.rule
    raise KeyError(f"no row of the rule table for the check {check!r}")


def rule_ids() -> set[str]:
    """Every rule id the table names (a test checks each is in the rule book)."""
    return {rule for row in RULE_TABLE for rule in (row.rule, *row.also) if not rule.startswith("=")}


def rule_text(rule_id: str) -> tuple[str, str]:
    """The title and the statement of a rule of spec/rules.yaml (empty for an unknown id)."""
    from stud8.spec.rulebook import default_rulebook

    for section in default_rulebook().data.get("sections", []):
        for rule in section.get("rules", []):
            if rule.get("id") == rule_id:
                return str(rule.get("title", "")), " ".join(str(rule.get("statement", "")).split())
    return "", ""

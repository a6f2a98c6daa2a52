"""``stud8 bench``: stud8's speed side by side with PokerKit and treys.

The benchmark is a dict of *sections* (``SECTIONS``), each timing one kind of work on the
same random input for every engine that can do it.

``eval``: random seven-card hands (``--hands``) evaluated

* ``stud8``: high and eight-or-better low, with ``fast_eval.values_idx``;
* ``stud8_high``: high only, ``bulk_eval.high_value_idx`` (the fair match for treys);
* ``pokerkit``: ``StandardHighHand.from_game`` + ``EightOrBetterLowHand.from_game_or_none``;
* ``treys``: ``Evaluator().evaluate`` (high only; treys has no low).

``hands`` and ``hands_no_fold``: whole hands (``--full-hands``) of four players with deep
stacks, from the antes to the payout, on stud8's reference engine (``Hand.start``,
``legal_actions``, ``apply``; with the options of PokerKit's game, ``POKERKIT_OPTIONS``: a bet
and three raises, capped heads-up too) and on PokerKit's Stud/8 state (PokerKit's automations post the
antes, collect the bets, show, kill hands, push and pull the chips; the adapter's ``new_state``
builds the state). Both engines get the same stacked decks (cards dealt explicitly to PokerKit:
``burn_card``/``deal_hole`` with the deck's next card) and the same policy: at each turn one of
the legal moves the engine offers, uniformly at random (numbers drawn per hand before the clock starts; PokerKit's
moves are enumerated with its ``can_*`` checks: bring-in, fold, check/call, and the one
fixed-limit ``complete_bet_or_raise_to`` amount); ``hands_no_fold`` never folds, so every hand
is a four-way showdown. The moves are listed in the same order by both engines, so with equal
legal moves the two play identical hands; the section checks that on the first hands
(``same hands`` in the text output).

Every engine gets the cards already in its own format: conversion happens before the clock
starts. Each timing is the best of a few passes; PokerKit, ten to hundreds of times slower,
is timed on fewer items (at most ``POKERKIT_HANDS`` evaluations, ``POKERKIT_FULL_HANDS``
whole hands). Figures are evaluations or hands per second; a missing engine reports ``null``.
``--format json`` prints ``{"eval": {"stud8": ..., "stud8_high": ..., "pokerkit": ..., "treys": ...},
"hands": {"stud8": ..., "pokerkit": ...}, "hands_no_fold": {...}, "ratios": {"stud8/pokerkit":
..., "stud8_high/treys": ..., "hands stud8/pokerkit": ..., "hands_no_fold stud8/pokerkit": ...},
"config": {...}}``.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from stud8.reference.cards import ALL_CARDS
from stud8.spec.version import build_description, compiled_modules
from stud8.tools.arguments import seed
from stud8.tools.formats import add_format_argument, wants_json

DEFAULT_HANDS = 50_000
POKERKIT_HANDS = 2_000
"""PokerKit evaluates about two thousand seven-card hands a second: time it on fewer."""
DEFAULT_FULL_HANDS = 2_000
POKERKIT_FULL_HANDS = 200
"""PokerKit plays a few hundred whole hands a second (under a hundred four-way showdowns)."""
FULL_HAND_PLAYERS = 4
FULL_HAND_STACK = 100_000
"""Deep enough that nobody is ever all-in: the two engines then agree on every legal move."""
FULL_HAND_STAKES = {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10}
CHECKED_HANDS = 50
"""How many hands each hand section replays on both engines to check they play the same."""
DRAWS = 256
"""Random numbers drawn per hand before the clock starts; the n-th decision of a hand takes the
move at ``int(draws[n] * len(moves))`` (cycling through them if a hand ever needs more)."""
REPEAT = 3
"""Passes per timing; the fastest counts (the others include warm-up and noise)."""


@dataclass
class Section:
    """One benchmark section's results: rates per engine (None if not installed) and ratios."""

    rates: dict[str, int | None]
    ratios: dict[str, float | None] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)
    title: str = ""


@dataclass(frozen=True)
class Config:
    """What every section works on."""

    hands: int
    seed: int
    full_hands: int = DEFAULT_FULL_HANDS


EXAMPLES: tuple[str, ...] = (
    "stud8 bench",
    "stud8 bench --format json",
)
"""The command lines its --help ends with (tests/test_cli_conventions.py checks each parses)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--hands", type=int, default=DEFAULT_HANDS, metavar="N", help=f"random hands (default {DEFAULT_HANDS:,})")
    parser.add_argument("--full-hands", type=int, default=DEFAULT_FULL_HANDS, metavar="N",
                        help=f"whole hands played by stud8 in the hands sections (default {DEFAULT_FULL_HANDS:,}; "
                             f"PokerKit plays at most {POKERKIT_FULL_HANDS:,})")
    parser.add_argument("--seed", type=seed, default=0, metavar="S", help="seed of the random hands (default 0)")
    add_format_argument(parser, "rates and ratios")


def run(args: argparse.Namespace) -> int:
    full_hands = getattr(args, "full_hands", DEFAULT_FULL_HANDS)
    for option, value in (("--hands", args.hands), ("--full-hands", full_hands)):
        if value < 1:
            from stud8.reference.errors import Stud8Error

            raise Stud8Error(f"{option} must be at least 1, got {value}", code="usage")
    config = Config(hands=args.hands, seed=args.seed, full_hands=full_hands)
    sections = {name: bench(config) for name, bench in SECTIONS.items()}
    _fuzz_against_hands(sections)
    if wants_json(args):
        print(json.dumps(as_json(config, sections)))
    else:
        print(f"build: {_build_line()}")
        for name, section in sections.items():
            print(f"{name}: {section.title or f'{config.hands:,} random seven-card hands'} (seed {config.seed})")
            for line in section.lines:
                print(f"  {line}")
    return 0


def as_json(config: Config, sections: dict[str, Section]) -> dict[str, Any]:
    """The ``--json`` form: rates per section, all ratios together, and the configuration."""
    result: dict[str, Any] = {name: section.rates for name, section in sections.items()}
    result["ratios"] = {key: value for section in sections.values() for key, value in section.ratios.items()}
    result["config"] = {
        "hands": config.hands,
        "seed": config.seed,
        "pokerkit_hands": POKERKIT_HANDS,
        "full_hands": config.full_hands,
        "pokerkit_full_hands": min(config.full_hands, POKERKIT_FULL_HANDS),
        "full_hand_players": FULL_HAND_PLAYERS,
        "build": build_description(),
        "compiled_modules": len(compiled_modules()),
    }
    return result


def _build_line() -> str:
    """The build the figures are of: the compiled build roughly halves the audit's time
    (hatch_build.py), so a figure without it would mislead whoever compares two machines."""
    if compiled_modules():
        return build_description()
    return f"{build_description()} (STUD8_COMPILE=1 pip install . compiles the hot modules with mypyc: docs/cli.md)"


# --- the eval section --------------------------------------------------------------------


def bench_eval(config: Config) -> Section:
    """Seven-card hand evaluation: stud8 (high+low, high only), PokerKit, treys."""
    from stud8.reference import bulk_eval, fast_eval

    hands = _random_hands(config.hands, config.seed)
    rates: dict[str, int | None] = {
        "stud8": _rate(fast_eval.values_idx, hands),
        "stud8_high": _rate(bulk_eval.high_value_idx, hands),
        "pokerkit": _pokerkit_rate(hands[:POKERKIT_HANDS]),
        "treys": _treys_rate(hands),
    }
    ratios = {
        "stud8/pokerkit": _ratio(rates["stud8"], rates["pokerkit"]),
        "stud8_high/treys": _ratio(rates["stud8_high"], rates["treys"]),
    }
    lines = [
        f"stud8 high+low     {_per_second(rates['stud8'])}",
        f"stud8 high only    {_per_second(rates['stud8_high'])}",
        f"pokerkit high+low  {_per_second(rates['pokerkit'])}{_times(ratios['stud8/pokerkit'], 'stud8')}",
        f"treys high only    {_per_second(rates['treys'])}{_times(ratios['stud8_high/treys'], 'stud8 high')}",
    ]
    return Section(rates, ratios, lines)


def _pokerkit_rate(hands: Sequence[tuple[int, ...]]) -> int | None:
    """PokerKit's high+low rate, or None when PokerKit is not installed."""
    try:
        from pokerkit import Card as PokerKitCard
        from pokerkit import EightOrBetterLowHand, StandardHighHand
    except ImportError:
        return None
    converted = [PokerKitCard.clean("".join(str(ALL_CARDS[i]) for i in hand)) for hand in hands]

    def evaluate(cards: tuple[Any, ...]) -> None:
        StandardHighHand.from_game(cards)
        EightOrBetterLowHand.from_game_or_none(cards)

    return _rate(evaluate, converted, repeat=1)


def _treys_rate(hands: Sequence[tuple[int, ...]]) -> int | None:
    """treys' high-only rate, or None when treys is not installed."""
    try:
        from treys import Card as TreysCard
        from treys import Evaluator
    except ImportError:
        return None
    evaluator = Evaluator()
    converted = [[TreysCard.new(str(ALL_CARDS[i])) for i in hand] for hand in hands]
    pairs = [(cards[:2], cards[2:]) for cards in converted]  # two "hole" cards, five "board"
    return _rate(lambda pair: evaluator.evaluate(pair[0], pair[1]), pairs)


# --- the hands sections -----------------------------------------------------------------


def bench_hands(config: Config) -> Section:
    """Whole random hands, folds allowed."""
    return _bench_full_hands(config, fold=True, name="hands")


def bench_hands_no_fold(config: Config) -> Section:
    """Whole random hands without folds: every hand is a four-way showdown."""
    return _bench_full_hands(config, fold=False, name="hands_no_fold")


def _bench_full_hands(config: Config, *, fold: bool, name: str) -> Section:
    from stud8.conformance.engines.pokerkit_adapter import POKERKIT_OPTIONS
    from stud8.reference.engine import Hand, Stakes
    from stud8.spec.rulebook import default_rulebook

    rng = random.Random(config.seed)
    decks = []
    for _ in range(config.full_hands):
        deck = list(ALL_CARDS)
        rng.shuffle(deck)
        decks.append(deck)
    draws = [[rng.random() for _ in range(DRAWS)] for _ in range(config.full_hands)]
    stakes = Stakes(**FULL_HAND_STAKES)
    stacks = [FULL_HAND_STACK] * FULL_HAND_PLAYERS
    # PokerKit's game (always capped), so that both engines play the same hands; only the values
    # that differ from the default profile are passed, as a caller would.
    defaults = default_rulebook().resolve_options(None)
    options = {option: value for option, value in POKERKIT_OPTIONS.items() if defaults[option] != value}

    def stud8_hand(item: tuple[list[Any], list[float]]) -> list[str]:
        deck, numbers = item
        hand = Hand.start(stacks=stacks, stakes=stakes, deck=deck, options=options)
        played: list[str] = []
        while not hand.over:
            moves = hand.legal_actions()
            if not fold:
                moves = [move for move in moves if move != "f"]
            move = moves[int(numbers[len(played) % DRAWS] * len(moves))]
            played.append(move)
            hand.apply(f"p{hand.to_act} {move}")
        return played

    items = list(zip(decks, draws))
    rates: dict[str, int | None] = {"stud8": _rate(stud8_hand, items)}
    pokerkit_hand = _pokerkit_hand_player(stacks, fold)
    count = min(config.full_hands, POKERKIT_FULL_HANDS)
    checked = min(count, CHECKED_HANDS)
    same = None
    if pokerkit_hand is None:
        rates["pokerkit"] = None
    else:
        converted = _pokerkit_decks(decks[:count])
        pokerkit_items = list(zip(converted, draws[:count]))
        rates["pokerkit"] = _rate(pokerkit_hand, pokerkit_items, repeat=1)
        same = sum(stud8_hand(items[i]) == pokerkit_hand(pokerkit_items[i]) for i in range(checked))
    key = f"{name} stud8/pokerkit"
    ratios = {key: _ratio(rates["stud8"], rates["pokerkit"])}
    unit = "hands" if fold else "showdowns"
    lines = [
        f"stud8 reference engine  {_per_second(rates['stud8'])}",
        f"pokerkit Stud/8 state   {_per_second(rates['pokerkit'])}{_times(ratios[key], 'stud8')}",
    ]
    if same is not None:
        lines.append(f"same hands on both engines: {same} of the first {checked}")
    title = (f"{config.full_hands:,} random {FULL_HAND_PLAYERS}-player {unit}"
             f"{'' if fold else ' (never fold)'}, PokerKit on {count:,}")
    return Section(rates, ratios, lines, title)


def _pokerkit_decks(decks: Sequence[Sequence[Any]]) -> list[list[Any]]:
    from stud8.conformance.engines.pokerkit_adapter import pk_card

    return [[pk_card(str(card)) for card in deck] for deck in decks]


def _pokerkit_hand_player(stacks: Sequence[int], fold: bool) -> Callable[[tuple[list[Any], list[float]]], list[str]] | None:
    """A function playing one whole hand on PokerKit, or None when PokerKit is not installed."""
    try:
        from stud8.conformance.engines.pokerkit_adapter import new_state

        import_check = new_state(stacks, FULL_HAND_STAKES, automations=())
    except ImportError:
        return None
    del import_check
    automations = ("ANTE_POSTING", "BET_COLLECTION", "HOLE_CARDS_SHOWING_OR_MUCKING", "HAND_KILLING",
                   "CHIPS_PUSHING", "CHIPS_PULLING")
    stakes = FULL_HAND_STAKES
    seats = tuple(stacks)

    def play(item: tuple[list[Any], list[float]]) -> list[str]:
        deck, numbers = item
        cards = iter(deck)
        state = new_state(seats, stakes, automations=automations)
        played: list[str] = []
        while state.status:
            if state.actor_index is not None:
                moves = []
                if state.can_post_bring_in():
                    moves.append("pb")
                if fold and state.can_fold():
                    moves.append("f")
                if state.can_check_or_call():
                    moves.append("cc")
                if state.can_complete_bet_or_raise_to():
                    moves.append("cbr")
                move = moves[int(numbers[len(played) % DRAWS] * len(moves))]
                if move == "pb":
                    state.post_bring_in()
                elif move == "f":
                    state.fold()
                elif move == "cc":
                    state.check_or_call()
                else:
                    move = f"cbr {state.complete_bet_or_raise_to().amount}"
                played.append(move)
            # What PokerKit waits for, read from its public fields rather than with can_burn_card
            # and can_deal_hole, whose checks would cost PokerKit more than the dealing itself.
            elif state.card_burning_status:
                state.burn_card(next(cards))
            elif any(state.hole_dealing_statuses):
                state.deal_hole(next(cards))
            else:
                state.deal_board(next(cards))
        return played

    return _without_warnings(play)


def _without_warnings(play: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``play`` with warnings ignored: in cash-game mode PokerKit warns on every fold that a
    check would have been free (the rule book allows the fold; PokerKit's tournament mode does
    not), and printing thousands of warnings is not what is being timed."""
    import warnings

    def quiet(item: Any) -> Any:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return play(item)

    return quiet


# --- timing helpers ----------------------------------------------------------------------


def _random_hands(count: int, seed: int) -> list[tuple[int, ...]]:
    """``count`` random seven-card hands as tuples of ``Card.index``, reproducible from ``seed``."""
    rng = random.Random(seed)
    deck = range(len(ALL_CARDS))
    return [tuple(rng.sample(deck, 7)) for _ in range(count)]


def _rate(evaluate: Callable[[Any], object], items: Sequence[Any], repeat: int = REPEAT) -> int:
    """Calls per second of ``evaluate`` over ``items``: the best of ``repeat`` timed passes."""
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        for item in items:
            evaluate(item)
        best = min(best, time.perf_counter() - started)
    return round(len(items) / max(best, 1e-9))


def _ratio(ours: float | None, theirs: float | None) -> float | None:
    return None if ours is None or theirs is None else round(ours / theirs, 1)


def _per_second(rate: float | None) -> str:
    return "not installed" if rate is None else f"{rate:>12,.0f} /s"


def _times(ratio: float | None, who: str) -> str:
    return "" if ratio is None else f"   ({who} is {ratio:,.1f}x faster)"


# --- the fuzz section -------------------------------------------------------------------

FUZZ_HANDS = 400
"""Hands of the fuzz section (at most ``--full-hands``): the same hands for its three rates."""


def bench_fuzz(config: Config) -> Section:
    """Fuzzing's speed: the engine alone, in-process lockstep, lockstep over ``stud8 serve``
    (conformance/fuzz/speed.py), with the two ratios the fuzzing targets are stated in."""
    from stud8.conformance.fuzz.speed import fuzz_rates

    hands = min(config.full_hands, FUZZ_HANDS)
    measured = fuzz_rates(hands, config.seed)
    rates: dict[str, int | None] = {name: None if rate is None else round(rate) for name, rate in measured.items()}
    in_process, subprocess, engine = measured["in_process"], measured["subprocess"], measured["engine"]
    ratios = {
        "fuzz in_process/engine": None if not engine or in_process is None else round(in_process / engine, 3),
        "fuzz subprocess/in_process": None if not in_process or subprocess is None else round(subprocess / in_process, 3),
    }
    lines = [
        f"reference engine alone        {_per_second(rates['engine'])}",
        (f"fuzz in-process (ref vs ref)  {_per_second(rates['in_process'])}   "
         f"({ratios['fuzz in_process/engine']} of the engine alone; target >= 0.1)"),
        (f"fuzz over cmd:stud8 serve     {_per_second(rates['subprocess'])}   "
         f"({ratios['fuzz subprocess/in_process']} of in-process; target >= 0.25)"),
    ]
    title = (f"the first {hands:,} hands of the plain fuzz campaign (2 to 8 players, short stacks, side pots: "
             f"heavier than the hands section's), hands per second")
    return Section({"in_process": rates["in_process"], "subprocess": rates["subprocess"], "engine": rates["engine"]},
                   ratios, lines, title)


def _fuzz_against_hands(sections: dict[str, Section]) -> None:
    """Also state in-process fuzzing against the ``hands`` section's rate, the baseline issue 14
    names literally. It is not like for like: the fuzz hands (2 to 8 players, short stacks, side
    pots) cost the engine alone several times what the hands section's four deep stacks do, and
    lockstep plays every hand on two engines, so this ratio is bounded by half the ratio of the
    two hand mixes' costs whatever the comparison costs."""
    fuzz, hands = sections.get("fuzz"), sections.get("hands")
    if fuzz is None or hands is None:
        return
    in_process, engine, plain = fuzz.rates.get("in_process"), fuzz.rates.get("engine"), hands.rates.get("stud8")
    if not in_process or not plain:
        return
    ratio = round(in_process / plain, 3)
    fuzz.ratios["fuzz in_process/hands"] = ratio
    heavier = f"; a fuzz hand costs the engine {plain / engine:.1f}x a hands-section hand" if engine else ""
    fuzz.lines.append(f"  ({ratio} of the hands section's rate{heavier})")


# --- the audit section ------------------------------------------------------------------


def bench_audit(config: Config) -> Section:
    """Hand-history reading and auditing, per core (conformance/handhistory/speed.py): a
    PokerStars file of synthetic hands, ten per ``--full-hands`` hand (20,000 by default)."""
    from stud8.conformance.handhistory.speed import AUDIT_HANDS, READ_TARGET_PER_CORE, TARGET_PER_CORE, audit_rates

    rates = audit_rates(min(AUDIT_HANDS, 10 * config.full_hands), config.seed)
    ratio = round(rates["hands_per_s"] / TARGET_PER_CORE, 2)
    read_ratio = round(rates["read_only_per_s"] / READ_TARGET_PER_CORE, 2)
    lines = [
        (f"read and audit (one core)     {_per_second(rates['hands_per_s'])}   ({ratio} of the target "
         f"{TARGET_PER_CORE:,} per core)"),
        (f"read only                     {_per_second(rates['read_only_per_s'])}   ({read_ratio} of the target "
         f"{READ_TARGET_PER_CORE:,} per core)"),
        f"audit only (records in hand)  {_per_second(rates['audit_only_per_s'])}",
    ]
    title = f"a PokerStars file of {rates['hands']:,} synthetic hands (stud8 hh synth), hands per CPU second"
    return Section({key: rates[key] for key in ("hands_per_s", "read_only_per_s", "audit_only_per_s")},
                   {"audit hands_per_s/target": ratio, "audit read_only_per_s/target": read_ratio}, lines, title)


SECTIONS: dict[str, Callable[[Config], Section]] = {
    "eval": bench_eval,
    "hands": bench_hands,
    "hands_no_fold": bench_hands_no_fold,
    "fuzz": bench_fuzz,
    "audit": bench_audit,
}
"""Benchmark sections by name, run in this order; each adds its rates under its own key."""

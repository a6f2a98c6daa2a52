"""Property tests: random legal play under random tables, stakes and options.

Hypothesis draws a table (2 to 8 players, stacks from a few chips, so that players go all-in on
the ante or the bring-in, to deep), stakes that satisfy table.stakes, any profile and any option
values, a shuffled deck, and a random policy. At every step:

* chips are conserved exactly: the stacks plus the pot are the starting chips;
* no stack is negative, the pots add up to the pot;
* every legal action the hand offers is accepted by ``check``;
* a few actions that are not legal (other seats, seats not at the table, malformed text, moves
  not offered) are refused with a documented code, and the observation does not change.

The hand always ends (within a bound on the number of actions), and then every pot is paid in
full: the awards plus the returned chips are the pot. Runs are derandomized so CI is stable.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from stud8.reference.cards import ALL_CARDS
from stud8.reference.engine import Hand, Stakes
from stud8.reference.errors import ActionError
from stud8.reference.pots import side_pots, split_pot
from stud8.spec.rulebook import OptionSpec, default_rulebook

BOOK = default_rulebook()
MAX_ACTIONS = 5000
MOVE_CODES = {"not-allowed", "wrong-amount", "cap-reached"}
SETTINGS = settings(max_examples=400, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def option_values(spec: OptionSpec) -> st.SearchStrategy[Any]:
    if spec.type == "boolean":
        return st.booleans()
    if spec.type == "integer":
        return st.integers(spec.minimum or 0, 6)
    return st.sampled_from(spec.values)


@st.composite
def tables(draw: st.DrawFn) -> dict[str, Any]:
    players = draw(st.integers(BOOK.min_players, BOOK.max_players))
    ante = draw(st.integers(0, 10))
    bring_in = draw(st.integers(1, 20))
    small = draw(st.integers(bring_in, 40))
    big = draw(st.integers(small + 1, 80))
    stack = st.one_of(
        st.integers(1, ante + bring_in + 2),  # all-in on the ante or the bring-in
        st.integers(1, 8 * big),  # all-in during the hand
        st.integers(1, 3000),
    )
    names = sorted(BOOK.options)
    chosen = draw(st.lists(st.sampled_from(names), unique=True))
    return {
        "stacks": draw(st.lists(stack, min_size=players, max_size=players)),
        "stakes": Stakes(ante, bring_in, small, big),
        "deck": draw(st.permutations(ALL_CARDS)),
        "profile": draw(st.sampled_from([None, *sorted(BOOK.profiles)])),
        "options": {name: draw(option_values(BOOK.options[name])) for name in chosen},
    }


def invalid_actions(hand: Hand, rng: random.Random) -> list[tuple[str, set[str]]]:
    """A few actions that must be refused, each with the codes that may refuse it."""
    size = len(hand.table.stacks)
    seat = hand.to_act
    assert seat is not None
    others = [other for other in range(1, size + 1) if other != seat]
    legal = hand.legal_actions()
    attempts = [
        (f"p{rng.choice(others)} {rng.choice(['f', 'cc', 'pb', 'cbr 20'])}", {"out-of-turn"}),
        (f"p{rng.randint(size + 1, 9)} f", {"no-such-seat"}),
        (rng.choice(["", "p1", "fold", f"p{seat} raise", f"p{seat} cbr -1", f"p{seat}  cc", "p1 sm"]),
         {"malformed-action"}),
    ]
    committed = hand.table.committed[seat - 1]
    candidates = ["f", "cc", "pb", f"cbr {committed}", f"cbr {rng.randint(0, 200)}",
                  f"cbr {committed + hand.table.stacks[seat - 1] + 1}"]
    for move in legal:
        if move.startswith("cbr"):
            amount = int(move.split()[1])
            candidates += [f"cbr {amount - 1}", f"cbr {amount + 1}"]
    attempts += [(f"p{seat} {move}", MOVE_CODES) for move in candidates if move not in legal]
    return attempts


def check_invariants(hand: Hand, observation: dict[str, Any], total: int) -> None:
    stacks = [seat["stack"] for seat in observation["seats"]]
    assert min(stacks) >= 0
    assert sum(stacks) + observation["pot"] == total  # chips are conserved
    assert sum(seat["contributed"] for seat in observation["seats"]) == observation["pot"]
    assert sum(pot["amount"] for pot in observation["pots"]) == observation["pot"]
    seat = observation["to_act"]
    assert seat is not None and observation["legal"]
    state = observation["seats"][seat - 1]
    assert not state["folded"] and not state["all_in"] and state["stack"] > 0
    for move in observation["legal"]:
        assert hand.check(f"p{seat} {move}") is None
        if move.startswith("cbr"):
            amount = int(move.split()[1])
            assert state["committed"] < amount <= state["committed"] + state["stack"]


def check_result(observation: dict[str, Any], total: int) -> None:
    result = observation["result"]
    assert observation["over"] and result is not None
    awarded = 0
    for pot in result["pots"]:
        paid = sum(pot["high"].values()) + sum((pot["low"] or {}).values())
        assert paid == pot["amount"]  # every pot is paid in full
        assert set(pot["high"]) | set(pot["low"] or {}) <= set(pot["eligible"])
        awarded += paid
    assert awarded + sum(result["returned"].values()) == observation["pot"]
    assert result["stacks"] == [seat["stack"] for seat in observation["seats"]]
    assert sum(result["stacks"]) == total and min(result["stacks"]) >= 0
    in_hand = [seat["seat"] for seat in observation["seats"] if not seat["folded"]]
    assert sorted(result["show_order"]) == (sorted(in_hand) if len(in_hand) > 1 else [])


def describe(observation: dict[str, Any]) -> None:
    """Label the hand for ``--hypothesis-show-statistics``: which situations the run reached."""
    result = observation["result"]
    event("showdown" if result["show_order"] else "won uncontested")
    event(f"pots: {len(result['pots'])}")
    if observation["community"]:
        event("community card")
    if observation["bring_in"] is None:
        event("nobody forced to bring in")
    if any(seat["all_in"] for seat in observation["seats"]):
        event("an all-in player")
    if result["returned"]:
        event("uncalled chips returned")
    if any(pot["low"] and len(pot["low"]) > 1 or len(pot["high"]) > 1 for pot in result["pots"]):
        event("a shared half")


STYLES = ("uniform", "passive", "aggressive")
"""Random policies: any legal move alike; mostly check or call (long hands: seventh street,
the community card); mostly bet or raise (caps, all-ins, side pots)."""


def choose(legal: list[str], style: str, rng: random.Random) -> str:
    if style == "passive" and "cc" in legal and rng.random() < 0.9:
        return "cc"
    if style == "aggressive" and rng.random() < 0.7:
        raises = [move for move in legal if move.startswith("cbr")]
        if raises:
            return rng.choice(raises)
    return rng.choice(legal)


@SETTINGS
@given(table=tables(), style=st.sampled_from(STYLES), rng=st.randoms(use_true_random=False))
def test_random_play_keeps_every_rule(table: dict[str, Any], style: str, rng: random.Random) -> None:
    hand = Hand.start(**table)
    total = sum(table["stacks"])
    for _ in range(MAX_ACTIONS):
        observation = hand.observe()
        if observation["over"]:
            break
        check_invariants(hand, observation, total)
        attempts = invalid_actions(hand, rng)
        for action, codes in rng.sample(attempts, min(3, len(attempts))):
            try:
                hand.apply(action)
            except ActionError as error:
                assert error.code in codes, (action, error.code, observation["legal"])
            else:
                raise AssertionError(f"{action!r} was accepted; legal: {observation['legal']}")
            assert hand.observe() == observation  # a refusal changes nothing
        hand.apply(f"p{observation['to_act']} {choose(observation['legal'], style, rng)}")
    else:
        raise AssertionError("the hand did not end")
    final = hand.observe()
    check_result(final, total)
    describe(final)
    refusal = hand.check("p1 f")
    assert refusal is not None and refusal.code == "hand-over"


@SETTINGS
@given(table=tables(), style=st.sampled_from(STYLES), rng=st.randoms(use_true_random=False))
def test_replaying_the_log_gives_the_same_hand(table: dict[str, Any], style: str, rng: random.Random) -> None:
    hand = Hand.start(**table)
    while not hand.over:
        hand.apply(f"p{hand.to_act} {choose(hand.legal_actions(), style, rng)}")
    again = Hand.start(**table)
    for action in hand.log:
        again.apply(action)
    assert again.observe() == hand.observe()


@settings(max_examples=300, derandomize=True)
@given(
    contributions=st.lists(st.integers(0, 500), min_size=2, max_size=8),
    data=st.data(),
)
def test_side_pots_hold_every_chip(contributions: list[int], data: st.DataObject) -> None:
    size = len(contributions)
    folded = data.draw(st.lists(st.booleans(), min_size=size, max_size=size))
    if all(folded):
        folded[0] = False
    all_in = data.draw(st.lists(st.booleans(), min_size=size, max_size=size))
    if not any(c > 0 and not f for c, f in zip(contributions, folded)):
        contributions[folded.index(False)] += 1  # somebody still in has chips in the pot
    pots = side_pots(contributions, folded, all_in)
    assert sum(pot.amount for pot in pots) == sum(contributions)
    for pot in pots:
        assert pot.amount > 0 and pot.eligible
        assert all(not folded[seat] for seat in pot.eligible)


@settings(max_examples=300, derandomize=True)
@given(amount=st.integers(0, 10_000), data=st.data())
def test_split_pot_pays_the_whole_pot(amount: int, data: st.DataObject) -> None:
    seats = st.lists(st.integers(0, 7), min_size=1, max_size=8, unique=True)
    high = data.draw(seats)
    low = data.draw(st.one_of(st.none(), seats, st.permutations(high)))
    high_part, low_part = split_pot(amount, high, low)
    paid = sum(high_part.values()) + sum((low_part or {}).values())
    assert paid == amount
    assert min(high_part.values()) >= 0 and min((low_part or {0: 0}).values()) >= 0
    if low:
        assert sum(high_part.values()) == amount - amount // 2  # odd-chip.high-half
        shares = [high_part.get(s, 0) + (low_part or {}).get(s, 0) for s in set(high) | set(low)]
        if set(high) == set(low) and len(high) > 1:
            assert max(shares) - min(shares) <= 1  # odd-chip.tied-both-ways: as even as possible

"""A toy Seven Card Stud Hi/Lo engine: small, readable, and wrong in places on purpose.

It is here so that the harness beside it runs as shipped: the suite then shows what a report
looks like, and its failures are this toy's rules, never the protocol. What it gets right: the
deal (no burn before third street, one burn before each later street), antes, the bring-in by
the lowest up card, fixed-limit bets with a cap of a bet and three raises, folds, the hand
ranks, the eight-or-better low and a split pot. What it gets wrong (the suite will say so):
who acts first from fourth street (always the lowest seat), side pots, uncalled chips, odd chips, the show order, short all-ins and a deck that runs out.

Replace it with your engine: harness.py calls it only from the functions marked ENGINE CALL.
"""

from __future__ import annotations

import re
from itertools import combinations

RANKS = "23456789TJQKA"
SUITS = "cdhs"  # the bring-in's suit order, lowest first
STREETS = ("third", "fourth", "fifth", "sixth", "seventh")
CATEGORIES = ("high card", "pair", "two pair", "three of a kind", "straight", "flush",
              "full house", "four of a kind", "straight flush")
ACTION = re.compile(r"^p([0-9]{1,16}) (pb|cc|f|cbr ([0-9]{1,16}))$")


class Refusal(Exception):
    """The rules say no: a code of the rule book (bad-card, bad-config, bad-deck, out-of-turn, ...)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def parse_card(text: object) -> tuple[int, int]:
    """("Ah") -> (14, 2): rank 2..14, suit 0..3."""
    if not isinstance(text, str) or len(text) != 2 or text[0] not in RANKS or text[1] not in SUITS:
        raise Refusal("bad-card", f"not a card: {text!r}")
    return RANKS.index(text[0]) + 2, SUITS.index(text[1])


def card_text(card: tuple[int, int]) -> str:
    return RANKS[card[0] - 2] + SUITS[card[1]]


def score_five(cards: list[tuple[int, int]]) -> tuple[int, list[tuple[int, int]]]:
    """The category (index into CATEGORIES) and the five cards, most significant first."""
    ranks = sorted((rank for rank, _ in cards), reverse=True)
    flush = len({suit for _, suit in cards}) == 1
    straight_top = 0
    if len(set(ranks)) == 5 and ranks[0] - ranks[4] == 4:
        straight_top = ranks[0]
    elif ranks == [14, 5, 4, 3, 2]:
        straight_top = 5  # the wheel: the five comes first, the ace last
    if straight_top:
        ordered = sorted(cards, key=lambda card: (card[0] if not (straight_top == 5 and card[0] == 14) else 1), reverse=True)
        return (8 if flush else 4), ordered
    counts = {rank: ranks.count(rank) for rank in ranks}
    ordered = sorted(cards, key=lambda card: (counts[card[0]], card[0], card[1]), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    if flush:
        return 5, ordered
    category = {(4, 1): 7, (3, 2): 6, (3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1}.get(tuple(shape), 0)
    return category, ordered


def best_high(cards: list[tuple[int, int]]) -> tuple[int, list[tuple[int, int]], int]:
    """The best five of five to seven cards: category, cards, and a value (larger is better)."""
    best: tuple[int, list[tuple[int, int]], int] | None = None
    for five in combinations(cards, 5):
        category, ordered = score_five(list(five))
        ranks = [1 if (category in (4, 8) and ordered[0][0] == 5 and card[0] == 14) else card[0] for card in ordered]
        value = category
        for rank in ranks:
            value = value * 15 + rank
        if best is None or value > best[2]:
            best = (category, ordered, value)
    assert best is not None
    return best


def best_low(cards: list[tuple[int, int]]) -> tuple[list[tuple[int, int]], int] | None:
    """The eight-or-better low: five distinct ranks of eight or below (the ace is one), or None."""
    by_rank: dict[int, tuple[int, int]] = {}
    for card in cards:
        low_rank = 1 if card[0] == 14 else card[0]
        if low_rank <= 8:
            by_rank.setdefault(low_rank, card)
    if len(by_rank) < 5:
        return None
    ranks = sorted(by_rank)[:5][::-1]  # highest first
    value = 0
    for rank in ranks:
        value = value * 9 + (8 - rank)  # a lower card is a larger value
    return [by_rank[rank] for rank in ranks], value


class ToyEngine:
    name = "toy-engine-python"
    version = "0.1"

    def __init__(self) -> None:
        self.hand: dict | None = None

    # --- hand evaluation -------------------------------------------------------------------
    def evaluate(self, texts: list[str]) -> dict:
        cards = [parse_card(text) for text in texts]
        if not 5 <= len(cards) <= 7 or len(set(cards)) != len(cards):
            raise Refusal("bad-card", "five to seven distinct cards are evaluated")
        category, ordered, value = best_high(cards)
        low = best_low(cards)
        return {"high": {"category": CATEGORIES[category], "cards": [card_text(c) for c in ordered], "value": value},
                "low": None if low is None else {"cards": [card_text(c) for c in low[0]], "value": low[1]}}

    # --- a hand ---------------------------------------------------------------------------
    def start(self, stacks: list[int], stakes: dict, deck: list[str], options: dict) -> None:
        if not 2 <= len(stacks) <= 8:
            raise Refusal("bad-config", f"a hand needs 2 to 8 players, got {len(stacks)}")
        if any(not isinstance(stack, int) or stack <= 0 for stack in stacks):
            raise Refusal("bad-config", "every stack must be a positive whole number")
        ante, bring_in, small, big = (stakes.get(key) for key in ("ante", "bring_in", "small_bet", "big_bet"))
        if not all(isinstance(value, int) for value in (ante, bring_in, small, big)) or not (
                ante >= 0 and 0 < bring_in <= small < big):
            raise Refusal("bad-config", f"stakes the rules do not allow: {stakes}")
        cards = [parse_card(text) for text in deck]
        if len(cards) != 52 or len(set(cards)) != 52:
            raise Refusal("bad-deck", "a deck is 52 distinct cards")
        n = len(stacks)
        hand = {"n": n, "stakes": (ante, bring_in, small, big), "deck": cards, "next": 0,
                "stack": list(stacks), "start": list(stacks), "committed": [0] * n, "contributed": [0] * n,
                "up": [[] for _ in range(n)], "down": [[] for _ in range(n)], "folded": [False] * n,
                "street": 0, "bet": 0, "raises": 0, "acted": set(), "posted": False, "over": False, "result": None}
        self.hand = hand
        for seat in range(n):  # antes
            put = min(ante, hand["stack"][seat])
            hand["stack"][seat] -= put
            hand["contributed"][seat] += put
        for round_ in range(3):  # two down cards, then one up, one card a seat at a time
            for seat in range(n):
                (hand["down"] if round_ < 2 else hand["up"])[seat].append(self._draw())
        lowest = min(range(n), key=lambda seat: hand["up"][seat][0])
        hand["bring_in"] = lowest
        hand["to_act"] = lowest

    def _draw(self) -> tuple[int, int]:
        hand = self.hand
        hand["next"] += 1
        return hand["deck"][hand["next"] - 1]

    def _all_in(self, seat: int) -> bool:
        return self.hand["stack"][seat] == 0

    def legal(self) -> list[str]:
        hand = self.hand
        if hand is None or hand["over"]:
            return []
        seat = hand["to_act"]
        _, _, small, big = hand["stakes"]
        if hand["street"] == 0 and not hand["posted"]:
            return ["pb", f"cbr {small}"]
        size = small if hand["street"] < 2 else big
        target = small if hand["bet"] < small and hand["street"] == 0 else hand["bet"] + size
        stack, committed = hand["stack"][seat], hand["committed"][seat]
        to_call = hand["bet"] - committed
        moves = ["f", "cc"]  # fold is always offered; cc checks or calls
        if hand["raises"] < 4 and stack > to_call:
            moves.append(f"cbr {min(target, stack + committed)}")
        return moves

    def act(self, text: str) -> None:
        hand = self.hand
        found = ACTION.match(text) if isinstance(text, str) else None
        if found is None:
            raise Refusal("malformed-action", f"not an action: {text!r}")
        if hand is None:
            raise Refusal("hand-over", "no hand has started")
        seat = int(found.group(1)) - 1
        if not 0 <= seat < hand["n"]:
            raise Refusal("no-such-seat", f"there is no seat {seat + 1}")
        if hand["over"]:
            raise Refusal("hand-over", "the hand is over")
        if seat != hand["to_act"]:
            raise Refusal("out-of-turn", f"it is p{hand['to_act'] + 1}'s turn")
        legal = self.legal()
        kind = found.group(2).split()[0]
        if kind == "cbr" and found.group(2) not in legal:
            if any(move.startswith("cbr") for move in legal):
                raise Refusal("wrong-amount", f"{text!r}: offered {[m for m in legal if m.startswith('cbr')]}")
            raise Refusal("not-allowed", f"{text!r}: no bet or raise is possible")
        if kind != "cbr" and kind not in legal:
            raise Refusal("not-allowed", f"{text!r}: the legal moves are {legal}")
        if kind == "pb":
            self._put(seat, hand["stakes"][1])
            hand["bet"] = hand["committed"][seat]
            hand["posted"] = True
        elif kind == "cc":
            self._put(seat, hand["bet"] - hand["committed"][seat])
        elif kind == "f":
            hand["folded"][seat] = True
        else:
            amount = int(found.group(3))
            self._put(seat, amount - hand["committed"][seat])
            hand["bet"] = amount
            hand["raises"] += 1
            hand["posted"] = True
            hand["acted"] = set()
        hand["acted"].add(seat)
        self._advance(seat)

    def _put(self, seat: int, chips: int) -> None:
        hand = self.hand
        chips = min(chips, hand["stack"][seat])
        hand["stack"][seat] -= chips
        hand["committed"][seat] += chips
        hand["contributed"][seat] += chips

    def _live(self) -> list[int]:
        return [seat for seat in range(self.hand["n"]) if not self.hand["folded"][seat]]

    def _advance(self, seat: int) -> None:
        hand = self.hand
        live = self._live()
        if len(live) == 1:
            self._finish(live)
            return
        able = [s for s in live if not self._all_in(s)]
        done = all(s in hand["acted"] and hand["committed"][s] == hand["bet"] for s in able)
        if not done:
            for step in range(1, hand["n"] + 1):
                candidate = (seat + step) % hand["n"]
                if candidate in able and (candidate not in hand["acted"] or hand["committed"][candidate] < hand["bet"]):
                    hand["to_act"] = candidate
                    return
        while True:  # the round is over: the next street, or the showdown
            if hand["street"] == 4:
                self._finish(live)
                return
            hand["street"] += 1
            hand["committed"] = [0] * hand["n"]
            hand["bet"], hand["raises"], hand["acted"] = 0, 0, set()
            if hand["next"] + 1 + len(live) > len(hand["deck"]):  # WRONG: a deck that runs out is not handled
                self._finish(live)
                return
            self._draw()  # the burn
            for s in live:
                (hand["down"] if hand["street"] == 4 else hand["up"])[s].append(self._draw())
            if len(able) >= 2:
                hand["to_act"] = able[0]  # WRONG: the best board should act first
                return

    def _finish(self, live: list[int]) -> None:
        hand = self.hand
        pot = sum(hand["contributed"])
        high: dict[int, int] = {}
        low: dict[int, int] | None = None
        if len(live) == 1:
            high[live[0]] = pot
        else:
            highs = {s: best_high(hand["down"][s] + hand["up"][s])[2] for s in live}
            lows = {s: value for s in live if (found := best_low(hand["down"][s] + hand["up"][s])) for value in [found[1]]}
            high_half = pot if not lows else pot - pot // 2
            top = max(highs.values())
            winners = [s for s in live if highs[s] == top]
            for index, s in enumerate(winners):
                high[s] = high_half // len(winners) + (1 if index < high_half % len(winners) else 0)
            if lows:
                best = max(lows.values())
                low_winners = [s for s in live if lows.get(s) == best]
                low = {s: (pot // 2) // len(low_winners) + (1 if i < (pot // 2) % len(low_winners) else 0)
                       for i, s in enumerate(low_winners)}
        stacks = list(hand["stack"])
        for awards in (high, low or {}):
            for s, chips in awards.items():
                stacks[s] += chips
        hand["over"] = True
        hand["to_act"] = None
        hand["result"] = {
            "pots": [{"amount": pot, "eligible": [s + 1 for s in live],
                      "high": {str(s + 1): chips for s, chips in high.items()},
                      "low": None if low is None else {str(s + 1): chips for s, chips in low.items()}}],
            "returned": {},  # WRONG: uncalled chips are never returned
            "show_order": [s + 1 for s in live] if len(live) > 1 else [],  # WRONG: seat order
            "stacks": stacks,
        }

    def observe(self) -> dict:
        hand = self.hand
        if hand is None:
            raise RuntimeError("observe before any start")
        live = self._live()
        to_act = hand["to_act"]
        return {
            "street": STREETS[hand["street"]],
            "to_act": None if to_act is None else to_act + 1,
            "legal": self.legal(),
            "bring_in": hand["bring_in"] + 1,
            "over": hand["over"],
            "seats": [{"seat": s + 1, "stack": hand["stack"][s], "committed": hand["committed"][s],
                       "contributed": hand["contributed"][s], "up": [card_text(c) for c in hand["up"][s]],
                       "down": [card_text(c) for c in hand["down"][s]], "folded": hand["folded"][s],
                       "all_in": self._all_in(s)} for s in range(hand["n"])],
            "pot": sum(hand["contributed"]),
            "pots": [{"amount": sum(hand["contributed"]), "eligible": [s + 1 for s in live]}],  # WRONG: no side pots
            "community": None,
            "result": hand["result"],
        }

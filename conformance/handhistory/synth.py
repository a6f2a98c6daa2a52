"""Random hands played on the reference engine and recorded as a site would record them.

``synth_records(hands, seed, ...)`` gives the same hands for the same arguments, on any
machine: each hand draws from its own ``random.Random`` seeded with the run's seed and the
hand's number. Players act at random among the legal moves (folding rarely when a check is
free), stacks and the number of players vary, and the site's habits are imitated: a rake of
``rake_percent`` of the pot (up to ``rake_cap``) taken once the hand sees fourth street, and
down cards hidden for every player but ``Hero`` who did not show them.

Played under ``profile``/``options``, the hands conform to those rules; audited under other
options they show what the audit says of a site that plays differently (``stud8 hh synth
--option raise_cap=4`` then ``stud8 hh audit`` under the default cap of three raises).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import Any

from stud8.conformance.handhistory.audit import (
    AuditOptions,
    _facts,
    _rules_payout,
    resolved_options,
)
from stud8.conformance.handhistory.play import record_from_play
from stud8.conformance.handhistory.record import HandRecord, PlayerCards, PotRecord
from stud8.reference.cards import ALL_CARDS
from stud8.reference.engine import Hand, Stakes

STAKES = {"ante": 1, "bring_in": 2, "small_bet": 4, "big_bet": 8}
"""$0.04/$0.08 in cents: a one-cent ante and a two-cent bring-in, as at PokerStars."""

NAMES = ("Hero", "gashpor", "denny501", "rdiezchang", "Soroka69", "u.pressure", "TomSludge", "LainaRahat")


def _play(rng: random.Random, stacks: list[int], deck: list[str], profile: str | None,
          options: Mapping[str, Any]) -> list[str]:
    """Random legal actions until the hand is over."""
    stakes = Stakes(**STAKES)
    hand = Hand.start(stacks, stakes, deck, profile, dict(options))
    table = hand.table
    actions: list[str] = []
    while not hand.over:
        seat = hand.to_act
        assert seat is not None
        moves = hand.legal_actions()
        free = max(table.committed) == table.committed[seat - 1]
        weights = []
        for move in moves:
            if move == "f":
                weights.append(0.02 if free else 0.25)
            elif move.startswith("cbr"):
                weights.append(0.22)
            else:
                weights.append(0.6)
        move = rng.choices(moves, weights)[0]
        text = f"p{seat} {move}"
        hand.apply(text)
        actions.append(text)
    return actions


def _rake(record: HandRecord, percent: int, cap: int, profile: str | None, options: Mapping[str, Any]) -> HandRecord:
    """The record with a site's rake taken from the main pot and the rest paid by the rules."""
    if not percent or not any(action.street >= 4 for action in record.actions):
        return record
    total = sum(pot.amount for pot in record.pots)
    rake = min(total * percent // 100, cap)
    if not rake:
        return record
    facts = _facts(record)
    cards = [[card for card in record.cards_of(name) if card is not None] for name in facts.names]
    resolved = resolved_options(AuditOptions(profile, tuple(sorted(options.items()))))
    payout = _rules_payout(facts, cards, [rake], resolved, record.community)
    names = facts.names
    pots = []
    collected: dict[int, int] = {}
    for index, (pot, award) in enumerate(zip(record.pots, payout.awards)):
        paid: dict[int, int] = {}
        for part in award:
            for seat, amount in (part or {}).items():
                paid[seat] = paid.get(seat, 0) + amount
        for seat, amount in paid.items():
            collected[seat] = collected.get(seat, 0) + amount
        pots.append(PotRecord(pot.amount, 0, 0, tuple((names[s], a) for s, a in sorted(paid.items()) if a)))
    return replace(record, pots=tuple(pots), rake=rake,
                   collected=tuple((names[s], a) for s, a in sorted(collected.items()) if a))


def _hide(record: HandRecord) -> HandRecord:
    """Down cards nobody saw: every player's but Hero's and those who showed them."""
    shown = {entry.player for entry in record.showdown if entry.shown}
    cards = []
    for entry in record.cards:
        if entry.player == "Hero" or entry.player in shown:
            cards.append(entry)
        else:
            slots = tuple(None if slot in (0, 1, 6) else card for slot, card in enumerate(entry.cards))
            cards.append(PlayerCards(entry.player, slots))
    return replace(record, cards=tuple(cards))


def synth_records(hands: int, seed: int, players: tuple[int, int] = (2, 8), *, profile: str | None = None,
                  options: Mapping[str, Any] | None = None, rake_percent: int = 5, rake_cap: int = 50,
                  hide: bool = True, site: str = "PokerStars") -> Iterator[HandRecord]:
    """``hands`` random hands, the same ones for the same arguments."""
    low, high = players
    chosen = dict(options or {})
    for number in range(hands):
        rng = random.Random(f"stud8-synth/{seed}/{number}")
        count = rng.randint(low, high)
        names = list(NAMES[:count])
        stacks = [rng.randint(30, 400) for _ in names]
        deck = [str(card) for card in ALL_CARDS]
        rng.shuffle(deck)
        actions = _play(rng, stacks, deck, profile, chosen)
        record = record_from_play(stacks, STAKES, deck, actions, profile=profile, options=chosen, names=names,
                                  site=site, hand_id=str(seed * 1_000_000 + number + 1), table="Synth I",
                                  currency="USD", unit="cent")
        record = _rake(record, rake_percent, rake_cap, profile, chosen)
        if hide:
            record = _hide(record)
        yield record

"""What a reader infers where a history is silent, and every alternative the history allows.

A reader sometimes has to decide something the history does not state (issue 28 item 3):

* **card order** (``card-order``): a site lists a player's shown cards without their order
  (PartyPoker's ``shows [ Ad, Qd, ... ]``, Bovada's best five): which were up cards, and on
  which street, is the reader's guess; up cards decide the bring-in and who acts first;
* **the ante** (``ante``): the header states none (PokerStars cash, most text sites) and the
  players posted different full antes: which one the table's ante is, is a guess;
* **the stakes** (``stakes``): the header states no bets (Bovada, an iPoker tournament
  session): the small and big bet are read from the betting, and the betting holds more than
  one size that could be them.

The reader marks each in the record (``record.Inference``) with what it chose; this module
gives every other reading the history allows, as records (``alternatives``). The audit judges
them all: a verdict that is the same under every one stands; one that is not is
``cannot-judge``, naming the inference and saying what held under all of them, never
``deviates`` on the reader's guess. A fourth inference is the audit's own, not a reader's: an
up card nobody saw is dealt by the filling policy, and the audit never lets a verdict rest
on it (``audit._unseen_up_cards``, ``audit._check_bring_in``).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace

from stud8.conformance.handhistory.record import (
    FACES,
    ActionKind,
    ActionRecord,
    HandRecord,
    Inference,
    PlayerCards,
    money,
)

MAX_ALTERNATIVES = 720
"""Readings of one hand the audit judges at most (every order of six cards over six slots);
past it the hand cannot be judged ("too many readings"), so no history makes the audit slow."""


def ante_inference(actions: Iterable[ActionRecord], unit: str) -> Inference | None:
    """The ``ante`` inference of a hand whose header states no ante: None when every full
    (not all-in) ante posted is the same amount (nothing to choose), else the amounts posted."""
    ante = ActionKind.ANTE  # read once: an enum member costs a metaclass lookup per use on Python 3.11
    posted = sorted({action.amount for action in actions if action.kind is ante and not action.all_in})
    if len(posted) < 2:
        return None
    said = ", ".join(money(amount, unit) for amount in posted)
    return Inference("ante", f"the header states no ante and the players posted different ones ({said}): "
                     "which is the table's ante is inferred", amounts=tuple((amount,) for amount in posted))


def stakes_inference(actions: Sequence[ActionRecord], chosen: tuple[int, int], unit: str) -> Inference | None:
    """The ``stakes`` inference of a hand whose header states no bets: every (small, big) pair
    the betting allows (the small bet from a completion or a first bet on fourth street, the
    big bet from a bet on a later street or twice the small), ``chosen`` first; None when the
    betting allows only ``chosen``."""
    full = [action for action in actions if not action.all_in]
    smalls = {a.amount for a in full if a.kind is ActionKind.COMPLETE}
    smalls |= {a.amount for a in full if a.kind is ActionKind.BET and a.street == 4}
    bigs = {a.amount for a in full if a.kind is ActionKind.BET and a.street >= 5}
    pairs = {(small, big) for small in smalls for big in bigs | {2 * small} if big >= small}
    pairs.discard(chosen)
    if not pairs:
        return None
    ordered = (chosen,) + tuple(sorted(pairs))
    said = ", ".join(f"{money(small, unit)}/{money(big, unit)}" for small, big in ordered)
    return Inference("stakes", f"the header states no stakes and the betting allows more than one ({said}): "
                     f"the small and big bet are inferred ({money(chosen[0], unit)}/{money(chosen[1], unit)})",
                     amounts=ordered)


def alternatives(record: HandRecord) -> Iterator[HandRecord] | None:
    """Every other reading of the record its inferences allow (the record's own first, then
    the others, each without inferences), or None when there are more than
    ``MAX_ALTERNATIVES``."""
    choices = [list(_choices(record, inference)) for inference in record.inferences]
    count = 1
    for options in choices:
        count *= len(options)
    if count > MAX_ALTERNATIVES:
        return None
    bare = replace(record, inferences=())
    return (_apply(bare, combination) for combination in itertools.product(*choices))


def _choices(record: HandRecord, inference: Inference) -> Iterator[tuple[Inference, object]]:
    if inference.kind == "card-order":
        yield from ((inference, order) for order in _orders(record, inference))
    else:  # the record's own value first, then the others the history allows
        own = (record.ante,) if inference.kind == "ante" else (record.small_bet, record.big_bet)
        yield (inference, own)
        yield from ((inference, amounts) for amounts in inference.amounts if amounts != own)


def _orders(record: HandRecord, inference: Inference) -> Iterator[tuple[str | None, ...]]:
    """The player's slots under each placing of the listed cards into the slots the reader
    filled that differs in the up cards (where down cards go changes no verdict)."""
    slots = list(record.cards_of(inference.player or ""))
    empty, listed = inference.slots, inference.cards
    for slot in empty:
        slots[slot] = None
    seen: set[tuple[str | None, ...]] = set()
    for placed in itertools.permutations(range(len(empty)), len(listed)):
        trial = list(slots)
        for card, position in zip(listed, placed):
            trial[empty[position]] = card
        ups = tuple(trial[slot] for slot in range(len(trial)) if FACES[slot] == "up")
        if ups in seen:
            continue
        seen.add(ups)
        yield tuple(trial)


def _apply(record: HandRecord, combination: Iterable[tuple[Inference, object]]) -> HandRecord:
    for inference, value in combination:
        if inference.kind == "card-order":
            record = replace(record, cards=tuple(PlayerCards(entry.player, value)  # type: ignore[arg-type]
                                                 if entry.player == inference.player else entry
                                                 for entry in record.cards))
        elif inference.kind == "ante":
            record = replace(record, ante=value[0])  # type: ignore[index]
        elif inference.kind == "stakes":
            record = replace(record, small_bet=value[0], big_bet=value[1])  # type: ignore[index]
    return record

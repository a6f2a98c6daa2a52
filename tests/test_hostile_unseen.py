"""Issue 22, the cannot-judge search of ``stud8 hh audit`` (audit.py, unseen.py): a hand with
one mucked hand cost 18,424 trial payouts even where those cards cannot change the payout, so
2,000 such hands took minutes. Now: no search where the unseen cards cannot change the payout
(bounds, checked here against every filling), and a budget past which the hand is
``cannot-judge`` ("too many unseen cards")."""

from __future__ import annotations

import itertools
import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from stud8.conformance.handhistory import audit, unseen
from stud8.conformance.handhistory.record import HandRecord, PlayerCards
from stud8.conformance.handhistory.synth import synth_records
from stud8.reference import bulk_eval
from stud8.spec.limits import UNSEEN_TRIALS


def hide(record: HandRecord, name: str) -> HandRecord:
    """The record with ``name``'s down cards unseen and their showing turned into a muck."""
    cards = tuple(PlayerCards(entry.player, tuple(None if entry.player == name and slot in (0, 1, 6) else card
                                                   for slot, card in enumerate(entry.cards)))
                  for entry in record.cards)
    return replace(record, cards=cards, showdown=tuple(replace(entry, shown=entry.player != name)
                                                       for entry in record.showdown))


def mucked_hands(count: int, seed: int, who: str = "loser") -> list[HandRecord]:
    """Showdowns of synthetic hands with one player's down cards unseen (a loser's or a winner's)."""
    out = []
    for record in synth_records(count, seed, hide=False):
        shown = [entry.player for entry in record.showdown if entry.shown]
        if len(shown) < 2:
            continue
        winners = sorted(name for name, _ in record.collected)
        losers = [name for name in shown if name not in winners] or shown[-1:]
        out.append(hide(record, losers[0] if who == "loser" else (winners or shown)[0]))
    return out


class _Counted:
    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.payouts = 0
        self.trials = 0
        real_payout, real_spend = audit._rules_payout, audit._Budget.spend

        def payout(*args: Any, **kwargs: Any) -> Any:
            self.payouts += 1
            return real_payout(*args, **kwargs)

        def spend(budget: Any) -> None:
            self.trials += 1
            real_spend(budget)

        monkeypatch.setattr(audit, "_rules_payout", payout)
        monkeypatch.setattr(audit._Budget, "spend", spend)


def test_unseen_cards_that_cannot_change_the_payout_are_not_searched(monkeypatch: pytest.MonkeyPatch) -> None:
    *_, record = synth_records(267, 21, hide=False)  # the loser shows 6s Jd Jc 6c: no quads, no low
    counted = _Counted(monkeypatch)
    assert audit.audit_hand(hide(record, "rdiezchang")).verdict == "conforms"
    assert (counted.payouts, counted.trials) == (1, 0)  # it once took 2,302 payouts (then 2: the pots were formed twice)


def test_a_winner_who_takes_everything_whatever_the_cards_is_not_searched(monkeypatch: pytest.MonkeyPatch) -> None:
    counted = _Counted(monkeypatch)
    searched = []
    for record in mucked_hands(400, 5, who="winner"):
        before = counted.trials
        if audit.audit_hand(record).verdict == "conforms":
            searched.append(counted.trials - before)
    assert len(searched) > 30
    assert sum(1 for trials in searched if trials == 0) >= 0.9 * len(searched)  # most are judged by the bounds


def test_past_the_budget_a_hand_cannot_be_judged(monkeypatch: pytest.MonkeyPatch) -> None:
    *_, record = synth_records(267, 21, hide=False)
    monkeypatch.setattr(audit, "_cannot_matter", lambda *args: False)  # as if the bounds could not tell
    monkeypatch.setattr(audit, "UNSEEN_TRIALS", 10**6)
    assert audit.audit_hand(hide(record, "rdiezchang")).verdict == "conforms"  # every filling tried: all the same
    monkeypatch.setattr(audit, "UNSEEN_TRIALS", 50)
    verdict = audit.audit_hand(hide(record, "rdiezchang"))
    assert verdict.verdict == "cannot-judge"
    assert verdict.reason == ("too many unseen cards: rdiezchang goes to the showdown without showing, and judging "
                              "that would take trying more than 50 ways to fill them; the books balance; the antes and every "
                              "action conform")


def test_the_time_budget_is_a_backstop(monkeypatch: pytest.MonkeyPatch) -> None:
    *_, record = synth_records(267, 21, hide=False)
    monkeypatch.setattr(audit, "_cannot_matter", lambda *args: False)
    monkeypatch.setattr(audit, "UNSEEN_SECONDS", -1.0)  # already past: stops at the first check
    verdict = audit.audit_hand(hide(record, "rdiezchang"))
    assert verdict.verdict == "cannot-judge" and verdict.reason.startswith("too many unseen cards")


@pytest.mark.parametrize("who", ["loser", "winner"])
def test_the_bounds_and_the_budget_agree_with_trying_every_filling(monkeypatch: pytest.MonkeyPatch, who: str) -> None:
    """On showdowns with a loser's or a winner's cards unseen: a hand judged without a search
    (or after a budgeted one) gets the verdict of trying every filling; the budget only ever
    turns a longer search into cannot-judge."""
    records = mucked_hands(700, 9, who=who)[:400]
    quick = [audit.audit_hand(record) for record in records]
    monkeypatch.setattr(audit, "_cannot_matter", lambda *args: False)
    monkeypatch.setattr(audit, "UNSEEN_TRIALS", 10**9)
    monkeypatch.setattr(audit, "UNSEEN_SECONDS", 10.0**9)
    full = [audit.audit_hand(record) for record in records]
    budgeted = 0
    for record, fast, slow in zip(records, quick, full):
        if "too many unseen cards" in fast.reason:
            budgeted += 1
            continue
        assert fast.verdict == slow.verdict, (record.hand_id, fast.reason, slow.reason)
    assert sum(verdict.verdict == "conforms" for verdict in quick) >= 3 and budgeted < len(records) // 20


@pytest.mark.parametrize("seed", range(6))
def test_the_bounds_are_exact_against_every_filling(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(60):
        deck = list(range(52))
        rng.shuffle(deck)
        known = deck[: rng.randint(2, 5)]
        hidden = rng.randint(max(1, 5 - len(known)), min(3, 7 - len(known)))
        pool = deck[len(known): len(known) + rng.randint(hidden, 12)]
        fillings = [bulk_eval.values_idx(known + list(extra)) for extra in itertools.combinations(pool, hidden)]
        assert unseen.best_category(known, hidden, pool) == max(high for high, _ in fillings) >> 20
        lows = [low for _, low in fillings if low is not None]
        assert unseen.best_low(known, hidden, pool) == (max(lows) if lows else None)
        assert unseen.least_high(known) <= min(high for high, _ in fillings)
        floor = unseen.least_low(known)
        assert floor is None or all(low is not None and low >= floor for _, low in fillings)


def test_a_file_of_2000_mucked_hands_ends(tmp_path: Path) -> None:
    """The file of the issue: 2,000 hands with a mucked hand each (a child with a generous
    timeout: a hang detector, not a speed check)."""
    from stud8.conformance.handhistory.pokerstars import PokerStarsWriter

    records = mucked_hands(3300, 13)[:2000]
    path = tmp_path / "mucked.txt"
    with open(path, "w", encoding="utf-8") as stream:
        PokerStarsWriter().write(records, stream)
    done = subprocess.run([sys.executable, "-m", "stud8.tools.cli", "hh", "audit", str(path), "--jobs", "1"],
                          capture_output=True, text=True, timeout=900, check=False)
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert f"\n{len(records)} hands: " in done.stdout


def test_the_budget_is_the_limit_stated() -> None:
    assert audit.UNSEEN_TRIALS == UNSEEN_TRIALS

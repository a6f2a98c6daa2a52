"""Every mutant of the zoo, in rule-book order of their areas."""

from __future__ import annotations

import fnmatch

from stud8.conformance.mutants import (
    act_order,
    betting,
    bring_in,
    combinations,
    deck,
    fresh,
    high,
    low,
    odd_chip,
    phases,
    pots,
    showdown,
    table,
)
from stud8.conformance.mutants.model import Mutant

MUTANTS: list[Mutant] = [
    *table.MUTANTS,
    *deck.MUTANTS,
    *bring_in.MUTANTS,
    *betting.MUTANTS,
    *act_order.MUTANTS,
    *showdown.MUTANTS,
    *pots.MUTANTS,
    *odd_chip.MUTANTS,
    *high.MUTANTS,
    *low.MUTANTS,
    *combinations.MUTANTS,
    *phases.MUTANTS,
    *fresh.MUTANTS,
]

RECORDED_ONLY: list[Mutant] = list(fresh.MUTANTS)
"""Mutants held by their recorded killers alone (kills.yaml, checked one scenario each by
tests/test_docs_mutants.py), not by the CI's whole-suite zoo run: the fresh set of mistakes
nobody planted and the family members planted after it. ``stud8 mutants`` runs them like the
rest; leaving them out of tests/test_mutants.py keeps the test run's time where it was."""

_ids = [m.id for m in MUTANTS]
assert len(_ids) == len(set(_ids)), sorted({i for i in _ids if _ids.count(i) > 1})


def select(pattern: str | None) -> list[Mutant]:
    """The mutants whose id or rule id contains ``pattern`` (or matches it as a glob)."""
    if not pattern:
        return list(MUTANTS)
    return [m for m in MUTANTS if pattern in m.id or pattern in m.rule
            or fnmatch.fnmatchcase(m.id, pattern) or fnmatch.fnmatchcase(m.rule, pattern)]

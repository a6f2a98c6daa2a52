"""A zoo mutant behind the runner's engine interface, beside an untouched reference engine.

``variant.installed`` swaps the mutant into ``stud8.reference`` for the length of a block, so
that everything in the process plays the mutant; that is what a kill run wants. Judging *how*
a mutant fails needs both at once: the mutant playing a scenario, and the reference engine
replaying the same inputs to find where they first part (``suite.parting``) and which rule that
state tests (``suite.rootcause``). ``MutantEngine`` keeps the mutant's own module objects (built
once inside ``installed``, then kept after the originals are put back), so the reference engine
of the same process stays the rule book's.

Used by ``stud8 mutants --attribution`` (``attribution.py``) and, as
``python:house_engines:mutant_ID``, by the tests that run ``conform`` and ``explain`` on a
mutant.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from stud8.conformance.engines.api import EngineRefusal, ReferenceEngine
from stud8.conformance.mutants.model import Mutant
from stud8.conformance.mutants.registry import MUTANTS
from stud8.conformance.mutants.variant import installed
from stud8.reference.cards import parse_cards
from stud8.reference.errors import Stud8Error


def find_mutant(mutant_id: str) -> Mutant:
    """The zoo mutant with this id (``KeyError`` naming it if there is none)."""
    for mutant in MUTANTS:
        if mutant.id == mutant_id:
            return mutant
    raise KeyError(f"no zoo mutant {mutant_id!r}")


class MutantEngine(ReferenceEngine):
    """The mutant's ``Hand`` and evaluator, answering as the reference engine adapter does
    (a ``Stud8Error`` is a refusal; anything else the mutant raises passes through): the
    adapter's own ``act``, ``observe`` and ``restart``, on the mutant's classes."""

    def __init__(self, mutant: Mutant | str) -> None:
        super().__init__()
        if isinstance(mutant, str):
            mutant = find_mutant(mutant)
        self.mutant = mutant
        with installed(mutant) as modules:
            engine_module = modules.get("engine") or importlib.import_module("stud8.reference.engine")
            self._hand_class = engine_module.Hand
            self._stakes_class = engine_module.Stakes
            self._hands = modules.get("hands")
        self.name = f"mutant:{mutant.id}"

    def handshake(self) -> dict[str, Any]:
        return {**super().handshake(), "name": self.name}

    def _engine_classes(self) -> tuple[Any, Any]:
        return self._hand_class, self._stakes_class

    def evaluate(self, cards: Sequence[str]) -> dict[str, Any]:
        if self._hands is None:
            return super().evaluate(cards)
        try:
            high, low = self._hands.evaluate(parse_cards(list(cards)))
        except Stud8Error as error:
            raise EngineRefusal(error.code, error.message) from None
        return {"high": {"category": high.category.label, "cards": [str(c) for c in high.cards], "value": high.value},
                "low": None if low is None else {"cards": [str(c) for c in low.cards], "value": low.value}}

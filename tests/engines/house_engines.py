"""Engines built to their own house rules, and engines with one planted mistake of the zoo, for
``python:house_engines:FACTORY`` (tests/test_applicability.py, tests/test_first_parting.py).

* ``house_rules``: the reference engine playing **its own** four house rules whatever it is sent
  (a raise cap of 4, capped heads-up, ties broken by suit, odd chips by seat), and declaring
  exactly those, as the open-source engine of issue 25 did. It is right on every rule it plays,
  so every scenario that applies to it must pass: a scenario sent with the wrong options fails.
* ``mutant_ID`` (any zoo mutant, ``-`` written ``_``: ``mutant_bring_in_has_option``): the
  reference engine with that mutant's edit (``stud8.conformance.mutants.engine.MutantEngine``),
  in its own copies of the engine's modules, so the reference engine of the same process stays
  the rule book's.
"""

from __future__ import annotations

from typing import Any

from stud8.conformance.engines.api import EngineRefusal, ReferenceEngine
from stud8.conformance.mutants.engine import MutantEngine
from stud8.reference.errors import Stud8Error

HOUSE: dict[str, Any] = {
    "raise_cap": 4,
    "heads_up_raises": "capped",
    "act_order_ties": "high_card_by_suit",
    "odd_chip_in_half": "seat_order",
}


class _HouseRules(ReferenceEngine):
    name = "house-rules"

    def handshake(self) -> dict[str, Any]:
        return {"name": "house-rules", "version": "1.0", "protocol": 1,
                "options": {name: [value] for name, value in HOUSE.items()}, "profiles": []}

    def start(self, *, stacks, stakes, deck, profile, options):  # type: ignore[no-untyped-def]
        # it plays its own rules: the four house values over whatever else it is sent
        from stud8.spec.rulebook import default_rulebook

        try:
            values = default_rulebook().resolve_options(profile, options)
        except Stud8Error as error:
            raise EngineRefusal(error.code, error.message) from None
        values.update(HOUSE)
        return super().start(stacks=stacks, stakes=stakes, deck=deck, profile=None, options=values)


def house_rules() -> _HouseRules:
    engine = _HouseRules()
    engine.unsupported = None  # type: ignore[assignment]  # the declaration decides, as for a cmd: engine
    return engine


def __getattr__(name: str) -> Any:
    if name.startswith("mutant_"):
        mutant_id = name[len("mutant_"):].replace("_", "-")
        return lambda: MutantEngine(mutant_id)
    raise AttributeError(name)

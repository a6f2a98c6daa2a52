"""Engines with one classic implementer's mistake each, for ``python:loop_engines:FACTORY``
(tests/test_explain.py, tests/test_root_causes.py).

Each is the reference engine with one thing shown wrong, so the scenarios that fail are exactly
those that check that thing, and the rule of their first difference is known in advance.
"""

from stud8.conformance.engines.api import ReferenceEngine


class _FoldingBringIn(ReferenceEngine):
    """Offers ``f`` to the player who must bring in (the bring-in is forced: bring-in.post-or-complete)."""

    def observe(self):
        observation = super().observe()
        if "pb" in observation["legal"]:
            observation["legal"] = [*observation["legal"], "f"]
        return observation


def folding_bring_in():
    return _FoldingBringIn()


class _OddChipFirstListed(ReferenceEngine):
    """Gives every odd chip of a tied half to the first winner listed (odd-chip.within-half)."""

    def observe(self):
        observation = super().observe()
        result = observation.get("result")
        if result:
            for pot in result["pots"]:
                for half in ("high", "low"):
                    shares = pot.get(half)
                    if shares and len(shares) > 1:
                        total, seats = sum(shares.values()), sorted(shares)
                        even = total // len(seats)
                        pot[half] = {seat: even for seat in seats}
                        pot[half][seats[0]] += total - even * len(seats)
        return observation


def odd_chip_first_listed():
    return _OddChipFirstListed()

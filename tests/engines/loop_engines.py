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


class _DeclaresCapped(ReferenceEngine):
    """Declares, like a hello, that it plays heads_up_raises: capped only (no unsupported())."""

    def handshake(self):
        return {**super().handshake(), "options": {"heads_up_raises": ["capped"]}, "profiles": ["robert"]}


def declares_capped():
    engine = _DeclaresCapped()
    engine.unsupported = None  # no method of its own: the declaration decides
    return engine


class _RefusesTda(ReferenceEngine):
    """Its own unsupported(): anything under the tda profile is not applicable."""

    def unsupported(self, profile, options):
        return "no tournament rules here" if profile == "tda" else None


def refuses_tda():
    return _RefusesTda()


class _RefusesCapped(ReferenceEngine):
    """Its own unsupported() and a declaration: heads-up raising never capped."""

    def handshake(self):
        declared = super().handshake()
        return {**declared, "options": {**declared["options"], "heads_up_raises": ["unlimited_until_capped"]}}

    def unsupported(self, profile, options):
        from stud8.spec.rulebook import default_rulebook

        values = default_rulebook().resolve_options(profile, options)
        return "heads-up raising is never capped here" if values["heads_up_raises"] != "unlimited_until_capped" else None


def refuses_capped():
    return _RefusesCapped()


class _Bare:
    """Only the four required methods: neither unsupported() nor handshake()."""

    def __init__(self):
        self._engine = ReferenceEngine()

    def evaluate(self, cards):
        return self._engine.evaluate(cards)

    def start(self, **kwargs):
        return self._engine.start(**kwargs)

    def act(self, action):
        return self._engine.act(action)

    def observe(self):
        return self._engine.observe()


def bare():
    return _Bare()

"""Deliberately wrong engines for tests/test_fuzz.py (``python:fuzz_engines:FACTORY``)."""

from stud8.conformance.engines.api import ReferenceEngine


class _ReversedShowOrder(ReferenceEngine):
    """The reference engine, except that it reports the show order backwards."""

    name = "reversed-show-order"

    def observe(self):
        observation = super().observe()
        result = observation.get("result")
        if result and len(result["show_order"]) >= 2:
            observation = dict(observation, result=dict(result, show_order=list(reversed(result["show_order"]))))
        return observation


def reversed_show_order():
    return _ReversedShowOrder()


class _ReversedShowOrderRarely(_ReversedShowOrder):
    """The show order backwards, but only in hands whose deck starts with the ace of spades
    (about one hand in fifty): a divergence that a fuzzing run finds after many hands."""

    _wrong = False

    def start(self, *, stacks, stakes, deck, profile, options):
        self._wrong = list(deck)[:1] == ["As"]
        super().start(stacks=stacks, stakes=stakes, deck=deck, profile=profile, options=options)

    def observe(self):
        return super().observe() if self._wrong else ReferenceEngine.observe(self)


def reversed_show_order_rarely():
    return _ReversedShowOrderRarely()


class _CrashOnSixth(ReferenceEngine):
    """The reference engine, except that any raise on sixth street blows up."""

    def act(self, action):
        if action.split()[1] == "cbr" and self.observe()["street"] == "sixth":
            raise RuntimeError("sixth-street raise table missing")
        super().act(action)


def crash_on_sixth():
    return _CrashOnSixth()


class _NoTournament(ReferenceEngine):
    """The reference engine, declaring that it cannot play the tda profile."""

    def unsupported(self, profile, options):
        return "this engine plays cash-game rules only" if profile == "tda" else None


def no_tournament():
    return _NoTournament()

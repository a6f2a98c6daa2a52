"""Python engines that return wrong values (issue 12, defect 11): ``python:h12_python_engines:NAME``."""

from stud8.conformance.engines.api import ReferenceEngine


class _ObserveNone(ReferenceEngine):
    def observe(self):
        return None


def observe_none():
    """The reference engine, except that ``observe()`` returns None."""
    return _ObserveNone()


class _EvaluateList(ReferenceEngine):
    def evaluate(self, cards):
        return ["high", "low"]


def evaluate_list():
    """The reference engine, except that ``evaluate()`` returns a list."""
    return _EvaluateList()


class _ObserveWrongShape(ReferenceEngine):
    def observe(self):
        observation = dict(super().observe())
        observation["pot"] = "many"
        return observation


def observe_wrong_shape():
    """The reference engine, except that the observation's pot is text."""
    return _ObserveWrongShape()


class _ObserveNotJson(ReferenceEngine):
    def observe(self):
        return {"stacks": {1, 2}}


def observe_not_json():
    """``observe()`` returns a set inside the object: not JSON."""
    return _ObserveNotJson()


class _OddHandshake(ReferenceEngine):
    def handshake(self):
        return {"name": "odd", "version": 1.5, "options": {"raise_cap": {1, 2}}, "profiles": "robert"}


def odd_handshake():
    """A handshake whose declaration is not JSON (a set) and whose profiles are a string."""
    return _OddHandshake()


class _PrintsToStdout(ReferenceEngine):
    def act(self, action):
        print("debug: acting", action)
        super().act(action)


def prints_to_stdout():
    """The reference engine, chatty on stdout (harmless in process; fatal over the protocol)."""
    return _PrintsToStdout()

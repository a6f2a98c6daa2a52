"""Factories for ``python:MODULE:FACTORY`` engine specs (tests/test_engine_spec.py)."""

from stud8.conformance.engines.api import ReferenceEngine


def reference():
    return ReferenceEngine()


class _Buggy(ReferenceEngine):
    def act(self, action):
        raise KeyError("seat table corrupted")


def buggy():
    """The reference engine, except that every action raises an unexpected exception."""
    return _Buggy()


class _Partial:
    def evaluate(self, cards):
        return {}


def partial():
    """An object without most of the engine methods."""
    return _Partial()


def broken_factory():
    raise RuntimeError("no licence file")


not_callable = 42

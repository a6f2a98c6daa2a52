"""Engines that carry state from one hand to the next, for ``python:leaky_engines:FACTORY``
(tests/test_conform_order.py; the subprocess one is tests/engines/leaky_server.py).

Each is the reference engine with one classic way of letting a hand leak into the next. Every
one of them plays any scenario right as its first hand, so a failure it shows later in a run is
the hands before it, not the rules: the fresh-engine recheck (conformance/suite/freshcheck.py)
must say so, and another order (``--order reverse``, ``random``) moves the failures about.

* ``first_options``: keeps the profile and options of its first hand and plays every later hand
  under them (a table configured once, on the first deal).
* ``shared_seats``: one seat list for the engine's life, the stacks of each hand copied into it in
  place (``seats[:n] = stacks``) and never cut back: a hand of three after a hand of five is dealt
  to five seats.
* ``cached_legal``: remembers the legal actions it computed, keyed on the street, the seat to act
  and the number of actions played so far, which name a moment of a hand but not the hand: a
  later hand at the same moment is offered the earlier hand's actions.
* ``class_shared_options``: ``first_options`` with the remembered settings in a class attribute,
  shared by every engine object of the process: a fresh object inherits them, so the recheck can
  prove nothing and must claim nothing (conformance/suite/freshcheck.py, "A limit to know").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from stud8.conformance.engines.api import ReferenceEngine


class _FirstOptions(ReferenceEngine):
    """Plays every hand under the profile and options of its first hand."""

    def __init__(self) -> None:
        super().__init__()
        self._settings: tuple[str | None, dict[str, Any]] | None = None

    def start(self, *, stacks: Sequence[int], stakes: Mapping[str, int], deck: Sequence[str],
              profile: str | None, options: Mapping[str, Any]) -> None:
        if self._settings is None:
            self._settings = (profile, dict(options))
        profile, kept = self._settings
        super().start(stacks=stacks, stakes=stakes, deck=deck, profile=profile, options=kept)


def first_options() -> _FirstOptions:
    return _FirstOptions()


class _SharedSeats(ReferenceEngine):
    """Copies each hand's stacks into one seat list kept for the engine's life, never shortened."""

    def __init__(self) -> None:
        super().__init__()
        self._seats: list[int] = []

    def start(self, *, stacks: Sequence[int], stakes: Mapping[str, int], deck: Sequence[str],
              profile: str | None, options: Mapping[str, Any]) -> None:
        self._seats[:len(stacks)] = stacks  # in place: the seats of a larger earlier table stay
        super().start(stacks=list(self._seats), stakes=stakes, deck=deck, profile=profile, options=options)


def shared_seats() -> _SharedSeats:
    return _SharedSeats()


class _CachedLegal(ReferenceEngine):
    """Caches legal actions by (street, seat to act, actions so far): never by hand."""

    def __init__(self) -> None:
        super().__init__()
        self._legal: dict[tuple[Any, Any, int], Any] = {}
        self._moves = 0

    def start(self, *, stacks: Sequence[int], stakes: Mapping[str, int], deck: Sequence[str],
              profile: str | None, options: Mapping[str, Any]) -> None:
        self._moves = 0  # the count is reset for the new hand; the cache is not
        super().start(stacks=stacks, stakes=stakes, deck=deck, profile=profile, options=options)

    def act(self, action: str) -> None:
        super().act(action)
        self._moves += 1

    def observe(self) -> dict[str, Any]:
        observation = super().observe()
        key = (observation.get("street"), observation.get("to_act"), self._moves)
        observation["legal"] = self._legal.setdefault(key, observation.get("legal"))
        return observation


def cached_legal() -> _CachedLegal:
    return _CachedLegal()


class _ClassSharedOptions(ReferenceEngine):
    """``_FirstOptions`` with the first hand's settings in a class attribute (every object's)."""

    settings: ClassVar[list[tuple[str | None, dict[str, Any]]]] = []

    def start(self, *, stacks: Sequence[int], stakes: Mapping[str, int], deck: Sequence[str],
              profile: str | None, options: Mapping[str, Any]) -> None:
        if not self.settings:
            self.settings.append((profile, dict(options)))
        profile, kept = self.settings[0]
        super().start(stacks=stacks, stakes=stakes, deck=deck, profile=profile, options=kept)


def class_shared_options() -> _ClassSharedOptions:
    return _ClassSharedOptions()

"""Where two values differ, element by element: ``pots[1].eligible: expected [p2, p3], got [p2]``.

A checkpoint compares whole fields (the pots, the stacks, the legal moves); an implementer wants
to know which element of the field is wrong. ``differences`` walks an expected value and the
engine's value together and returns one ``Difference`` per differing leaf, each with its path:

* mappings by key (``high.p3``; a key on one side only is ``(none)`` on the other);
* lists of mappings (pots) element by element (``pots[1]``), an element on one side only whole;
* lists indexed by seat (stacks, committed) by seat name (``stacks[p2]``);
* sets (the legal moves) as what is missing and what is extra;
* other lists (eligible seats, the show order, cards) whole, since their order is the point.

``show`` writes a value as the scenarios write it (``[p2, p3]``, ``{p3: 98}``, ``null``), so a
message can be pasted next to the scenario file and read the same way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

SEAT_LISTS: frozenset[str] = frozenset({"stacks", "committed", "contributed"})
"""Fields that are lists with one entry per seat, seat 1 first: paths name the seat."""

SET_FIELDS: frozenset[str] = frozenset({"legal"})
"""Fields compared as sets: a difference says what is missing and what is extra."""

ABSENT = "(none)"
"""What ``show`` writes for a side that has no value at a path (a pot or key only on one side)."""


@dataclass(frozen=True)
class Difference:
    """One differing leaf: its path from the compared field, the scenario's value and the engine's."""

    path: str
    expected: Any
    got: Any

    def text(self) -> str:
        return f"{self.path}: expected {show(self.expected)}, got {show(self.got)}"

    def as_json(self) -> dict[str, Any]:
        """``path``, ``expected`` and ``got``; a side with nothing at the path is left out."""
        data: dict[str, Any] = {"path": self.path}
        if self.expected is not MISSING:
            data["expected"] = self.expected
        if self.got is not MISSING:
            data["got"] = self.got
        return data


class _Absent:
    """The value on the side of a path that does not exist."""

    def __repr__(self) -> str:
        return ABSENT


MISSING: Any = _Absent()


def show(value: Any) -> str:
    """A value written the way scenario files write it (YAML flow style, strings bare)."""
    if value is MISSING:
        return ABSENT
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{key}: {show(item)}" for key, item in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(show(item) for item in value) + "]"
    return str(value)


def differences(field: str, expected: Any, got: Any) -> list[Difference]:
    """Every differing leaf of ``field``, in the order of the expected value (empty if equal)."""
    if expected == got:
        return []
    if field in SET_FIELDS and _is_list(expected) and _is_list(got):
        return [_set_difference(field, expected, got)]
    if field in SEAT_LISTS and _is_list(expected) and _is_list(got) and len(expected) == len(got):
        return [Difference(f"{field}[p{index + 1}]", want, have)
                for index, (want, have) in enumerate(zip(expected, got)) if want != have]
    found: list[Difference] = []
    _walk(field, expected, got, found)
    return found


def _is_list(value: Any) -> bool:
    return isinstance(value, (list, tuple))


def _set_difference(path: str, expected: Sequence[Any], got: Sequence[Any]) -> Difference:
    missing = [item for item in expected if item not in got]
    extra = [item for item in got if item not in expected]
    parts = ([f"missing {show(missing)}"] if missing else []) + ([f"extra {show(extra)}"] if extra else [])
    return SetDifference(path, sorted(expected, key=str), sorted(got, key=str), "; ".join(parts))


@dataclass(frozen=True)
class SetDifference(Difference):
    """A difference of two sets, which also says what is missing and what is extra."""

    note: str = ""

    def text(self) -> str:
        return super().text() + (f" ({self.note})" if self.note else "")


def _walk(path: str, expected: Any, got: Any, found: list[Difference]) -> None:
    if expected == got:
        return
    if isinstance(expected, Mapping) and isinstance(got, Mapping):
        keys = list(expected) + [key for key in got if key not in expected]
        for key in keys:
            _walk(f"{path}.{key}", expected.get(key, MISSING), got.get(key, MISSING), found)
        return
    if _is_list(expected) and _is_list(got) and _elements_are_mappings(expected, got):
        for index in range(max(len(expected), len(got))):
            want = expected[index] if index < len(expected) else MISSING
            have = got[index] if index < len(got) else MISSING
            _walk(f"{path}[{index}]", want, have, found)
        return
    found.append(Difference(path, expected, got))


def _elements_are_mappings(expected: Sequence[Any], got: Sequence[Any]) -> bool:
    items = [*expected, *got]
    return bool(items) and all(isinstance(item, Mapping) for item in items)

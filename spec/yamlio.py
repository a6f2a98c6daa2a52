"""Safe YAML loading that remembers where every value came from.

Why not ``yaml.safe_load``: it silently keeps the last of two duplicate keys, and it forgets
line numbers, so a schema error could only say *what* is wrong, not *where*. Here mappings
load as ``PositionedDict`` and sequences as ``PositionedList``; both are plain ``dict``/``list``
subclasses (so JSON Schema validation works on them unchanged) that carry the 1-based line
and column of each key or item. Only the YAML safe tags are constructed: no Python objects.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

import yaml

Position = tuple[int, int]  # (line, column), both 1-based


class PositionedDict(dict):  # type: ignore[type-arg]
    """A mapping loaded from YAML; ``positions[key]`` is where the key was written."""

    position: Position = (1, 1)
    positions: dict[Any, Position]


class PositionedList(list):  # type: ignore[type-arg]
    """A sequence loaded from YAML; ``positions[i]`` is where item ``i`` was written."""

    position: Position = (1, 1)
    positions: list[Position]


@dataclass(frozen=True)
class Problem:
    """One finding about one file, in the parsable form ``path:line:col: [level] message (code)``."""

    path: str
    line: int
    column: int
    code: str
    message: str
    level: str = "error"

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}: [{self.level}] {self.message} ({self.code})"

    def as_json(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "level": self.level,
            "code": self.code,
            "message": self.message,
        }


class YamlProblem(Exception):
    """Raised by ``load_yaml`` with the ``Problem`` that stopped the load."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(str(problem))
        self.problem = problem


def _mark(node: yaml.Node) -> Position:
    return (node.start_mark.line + 1, node.start_mark.column + 1)


class _PositionedLoader(yaml.SafeLoader):
    """SafeLoader that builds positioned containers and rejects duplicate keys."""


def _construct_mapping(loader: _PositionedLoader, node: yaml.MappingNode) -> PositionedDict:
    loader.flatten_mapping(node)
    result = PositionedDict()
    result.position = _mark(node)
    result.positions = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        try:
            hash(key)
        except TypeError:
            raise yaml.constructor.ConstructorError(
                None, None, "a mapping key must be a plain value", key_node.start_mark
            ) from None
        if key in result:
            line, _ = result.positions[key]
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {key!r} (first given on line {line})", key_node.start_mark
            )
        result[key] = loader.construct_object(value_node, deep=True)
        result.positions[key] = _mark(key_node)
    return result


def _construct_sequence(loader: _PositionedLoader, node: yaml.SequenceNode) -> PositionedList:
    result = PositionedList(loader.construct_object(child, deep=True) for child in node.value)
    result.position = _mark(node)
    result.positions = [_mark(child) for child in node.value]
    return result


_PositionedLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_PositionedLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


def load_yaml(text: str, path: str) -> Any:
    """Parse YAML text safely; raise ``YamlProblem`` naming the path, line and column on error."""
    try:
        return yaml.load(text, Loader=_PositionedLoader)  # noqa: S506 - a SafeLoader subclass
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        what = error.problem or error.context or "invalid YAML"
        code = "duplicate-key" if "duplicate key" in what else "yaml-syntax"
        raise YamlProblem(Problem(path, line, column, code, what)) from None
    except yaml.YAMLError as error:
        raise YamlProblem(Problem(path, 1, 1, "yaml-syntax", str(error))) from None


def load_yaml_file(path: Path | str, display: str | None = None) -> Any:
    """Read and parse a YAML file; unreadable files become a ``YamlProblem`` too."""
    shown = display or str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise YamlProblem(Problem(shown, 1, 1, "unreadable", f"cannot read file: {reason}")) from None
    return load_yaml(text, shown)


def position_of(document: Any, path: Iterable[Any]) -> Position:
    """The position of the value at ``path`` (keys and indexes), or of its nearest parent."""
    node = document
    position: Position = getattr(document, "position", (1, 1))
    for step in path:
        if isinstance(node, PositionedDict) and step in node:
            position = node.positions.get(step, position)
            node = node[step]
        elif isinstance(node, PositionedList) and isinstance(step, int) and 0 <= step < len(node):
            position = node.positions[step]
            node = node[step]
        else:
            break
    return position

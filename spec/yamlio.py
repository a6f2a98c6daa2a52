"""Safe YAML loading that remembers where every value came from.

Why not ``yaml.safe_load``: it silently keeps the last of two duplicate keys, and it forgets
line numbers, so a schema error could only say *what* is wrong, not *where*. Here mappings
load as ``PositionedDict`` and sequences as ``PositionedList``; both are plain ``dict``/``list``
subclasses (so JSON Schema validation works on them unchanged) that carry the 1-based line
and column of each key or item. Only the YAML safe tags are constructed: no Python objects.

Hostile files are refused with a positioned problem, never a traceback or a hang (the limits
are in ``stud8.spec.limits``): a file larger than ``MAX_FILE_BYTES`` or that is not a regular
file (a FIFO, ``/dev/zero``) is not read; nesting deeper than ``MAX_NESTING`` stops the parse
where it happens (``too-deep``); more than ``MAX_YAML_NODES`` values, counting every use of an
alias as a copy of what it names, stop it too (``too-many-values``: an alias bomb of a few
hundred bytes would otherwise expand to billions of values in every later walk of the data);
an integer longer than ``MAX_AMOUNT_DIGITS`` digits is refused where it is written.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from stud8.spec import runfiles
from stud8.spec.limits import MAX_AMOUNT_DIGITS, MAX_FILE_BYTES, MAX_NESTING, MAX_YAML_NODES, shorten, shown_path

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


class _LimitExceeded(yaml.MarkedYAMLError):
    """A limit of ``stud8.spec.limits`` met while composing; ``code`` names which."""

    def __init__(self, code: str, problem: str, mark: yaml.Mark) -> None:
        super().__init__(problem=problem, problem_mark=mark)
        self.code = code


class _BadValue(yaml.MarkedYAMLError):
    """A value its tag cannot make (``!!int fours``, ``!!bool maybe``, ``!!timestamp soon``):
    PyYAML's constructors raise a bare ``ValueError``, ``KeyError`` or ``TypeError`` there,
    with no position; this says where, as every other problem does."""

    code = "yaml-value"

    def __init__(self, problem: str, mark: yaml.Mark) -> None:
        super().__init__(problem=problem, problem_mark=mark)


class _Limits:
    """The composer hooks both loaders share: positioned containers come from the constructors
    below; here, nesting deeper than ``MAX_NESTING`` and documents of more than
    ``MAX_YAML_NODES`` values (aliases counted as the copies they stand for) are refused."""

    _depth: int
    _values: int
    _anchored_sizes: dict[int, int]  # id(anchored node) -> values it expands to

    def _start_counting(self) -> None:
        self._depth = 0
        self._values = 0
        self._anchored_sizes = {}

    def _count(self, values: int, mark: yaml.Mark) -> None:
        self._values += values
        if self._values > MAX_YAML_NODES:
            raise _LimitExceeded("too-many-values", f"more than {MAX_YAML_NODES:,} values "
                                 "(aliases count as copies of what they name)", mark)

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        try:
            return super().construct_object(node, deep)  # type: ignore[misc]
        except yaml.YAMLError:
            raise
        except (ValueError, TypeError, KeyError, AttributeError, OverflowError, IndexError):
            tag = str(node.tag).replace("tag:yaml.org,2002:", "!!")
            shown = shorten(str(node.value)) if isinstance(node, yaml.ScalarNode) else f"this {node.id}"
            raise _BadValue(f"cannot read {shown!r} as {tag}", node.start_mark) from None

    def compose_node(self, parent: Any, index: Any) -> Any:
        event = self.peek_event()  # type: ignore[attr-defined]
        if isinstance(event, yaml.AliasEvent):
            node = super().compose_node(parent, index)  # type: ignore[misc]
            self._count(self._anchored_sizes.get(id(node), 1), event.start_mark)
            return node
        self._depth += 1
        if self._depth > MAX_NESTING:
            raise _LimitExceeded("too-deep", f"nesting deeper than {MAX_NESTING}", event.start_mark)
        before = self._values
        self._count(1, event.start_mark)
        node = super().compose_node(parent, index)  # type: ignore[misc]
        self._depth -= 1
        if getattr(event, "anchor", None) is not None:
            self._anchored_sizes[id(node)] = self._values - before
        return node


class _PositionedLoader(_Limits, yaml.SafeLoader):
    """SafeLoader (PyYAML's own reader, scanner and parser, in Python) with the limits and the
    positioned containers: the loader whose verdict and messages are the project's."""

    def __init__(self, stream: str) -> None:
        yaml.SafeLoader.__init__(self, stream)
        self._start_counting()


_FastPositionedLoader: type | None = None
"""The same loader over libyaml's scanner and parser (C), when PyYAML was built with it: the
events come from C, the composing (with the limits) and constructing stay the Python code
above. About five times faster on the suite's files (every ``stud8 conform`` parses all of
them); ``load_yaml`` uses it only where it is known to agree with ``_PositionedLoader``."""
if getattr(yaml, "__with_libyaml__", False):
    from yaml._yaml import CParser  # type: ignore[import-not-found]

    class _FastLoader(_Limits, yaml.composer.Composer, CParser, yaml.constructor.SafeConstructor,  # type: ignore[misc]
                      yaml.resolver.Resolver):
        def __init__(self, stream: str) -> None:
            CParser.__init__(self, stream)
            yaml.composer.Composer.__init__(self)
            yaml.constructor.SafeConstructor.__init__(self)
            yaml.resolver.Resolver.__init__(self)
            self._start_counting()

    _FastPositionedLoader = _FastLoader

_NOT_FOR_LIBYAML = re.compile("[^\x0A\x0D\x20-\x7E\xA0-\u2027\u202A-\uD7FF\uE000-\uFEFE\uFF00-\uFFFD\U00010000-\U0010FFFF]"
                              r"|[?!%&@]")
"""A character on which libyaml and PyYAML's Python reader may part, found by comparing the two
on thousands of damaged copies of the suite's files (tests/test_yamlio_fast.py): a tab and a
``?`` (libyaml reads them where PyYAML refuses them, an explicit key inside ``{...}``), a ``!``
(a bare non-specific tag), a byte-order mark after the start (counted in columns by one and
not the other); and, not seen to part but rarely written in a scenario, so left to PyYAML, the
directive, anchor and reserved characters ``%``, ``&`` and ``@``. Also anything PyYAML does not
count as printable, and the line breaks only YAML 1.1 knows (NEL, LINE and PARAGRAPH
SEPARATOR). A text holding one is read by ``_PositionedLoader`` alone; no packaged scenario
file holds one. Where libyaml refuses what PyYAML reads (``"\\uD800"``, ``%FOO``), the
fallback in ``load_yaml`` reads it as before."""


def _construct_int(loader: _PositionedLoader, node: yaml.ScalarNode) -> int:
    digits = sum(ch.isdigit() for ch in node.value)
    if digits > MAX_AMOUNT_DIGITS:
        raise _LimitExceeded("too-large", f"a number of {digits} digits (at most {MAX_AMOUNT_DIGITS} are read)",
                             node.start_mark)
    return loader.construct_yaml_int(node)  # type: ignore[no-any-return]


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


for _loader in (_PositionedLoader, _FastPositionedLoader):
    if _loader is not None:
        _loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)  # type: ignore[attr-defined]
        _loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)  # type: ignore[attr-defined]
        _loader.add_constructor("tag:yaml.org,2002:int", _construct_int)  # type: ignore[attr-defined]


def load_yaml(text: str, path: str) -> Any:
    """Parse YAML text safely; raise ``YamlProblem`` naming the path, line and column on error.

    A text libyaml reads as PyYAML does (``_NOT_FOR_LIBYAML``) is parsed by libyaml's events
    first; anything that parse refuses, and every other text, is parsed by PyYAML's Python
    parser, whose verdict and message stand: the fast path changes how soon a good file is
    read, never what is read or what a bad file is told. (tests/test_yamlio_fast.py compares
    the two loaders on every YAML file of the project and on thousands of damaged copies.)
    """
    if _FastPositionedLoader is not None and _NOT_FOR_LIBYAML.search(text) is None:
        try:
            return yaml.load(text, Loader=_FastPositionedLoader)  # the safe constructors only
        except (yaml.YAMLError, RecursionError, ValueError, TypeError):
            pass  # said below, by the Python parser, in its words and at its position
    return _load_pure(text, path)


def _load_pure(text: str, path: str) -> Any:
    """``load_yaml`` with PyYAML's Python reader, scanner and parser."""
    loader: _PositionedLoader | None = None
    try:
        loader = _PositionedLoader(text)
        return loader.get_single_data()
    except (OverflowError, ValueError) as error:
        # PyYAML's scanner lets these out bare: an escape past the last character in a
        # double-quoted scalar is an OverflowError. Where the reader had got to is where the
        # problem is.
        line, column = (1, 1) if loader is None else (loader.get_mark().line + 1, loader.get_mark().column + 1)
        raise YamlProblem(Problem(path, line, column, "yaml-syntax",
                                  shorten(f"cannot read this escape or value: {error}"))) from None
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        what = shorten(error.problem or error.context or "invalid YAML")
        code = getattr(error, "code", None) or ("duplicate-key" if "duplicate key" in what else "yaml-syntax")
        raise YamlProblem(Problem(path, line, column, code, what)) from None
    except yaml.YAMLError as error:
        raise YamlProblem(Problem(path, 1, 1, "yaml-syntax", shorten(str(error)))) from None
    except RecursionError:  # a limit above should always come first; never a traceback
        raise YamlProblem(Problem(path, 1, 1, "too-deep", f"nesting deeper than {MAX_NESTING}")) from None
    finally:
        if loader is not None:
            loader.dispose()


class FileRefused(Exception):
    """A path that is not read: ``code`` (``unreadable``, ``not-a-file``, ``too-large``,
    ``not-utf8``), why, and the line where the problem is, when it is at one."""

    def __init__(self, code: str, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.line = line

    def where(self, path: Path | str) -> str:
        """``FILE`` or ``FILE:LINE``, escaped for a message."""
        return shown_path(path) + (f":{self.line}" if self.line is not None else "")


def open_regular_file(path: Path | str, role: str = "input") -> int:
    """A descriptor open for reading on the regular file ``path``, or ``FileRefused``.

    The file is opened without blocking and checked *after* opening (so a file swapped for a
    FIFO in between is still caught): a FIFO, a device (``/dev/zero``) or a folder would be
    read forever or not at all. The caller owns (and closes) the descriptor. The file joins the
    run's inputs (``stud8.spec.runfiles``) as ``role``: no output of the run may replace it.
    """
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as error:
        what = "folder" if os.path.isdir(path) else "file"
        raise FileRefused("unreadable", f"cannot read {what}: {error.strerror or error}") from None
    try:
        info = os.fstat(descriptor)
        if stat.S_ISDIR(info.st_mode):  # a folder met where a file was expected, or one that cannot be listed
            try:
                os.listdir(descriptor)
                why = "cannot read file: Is a directory"
            except OSError as error:
                why = f"cannot read folder: {error.strerror or error} (its files were not read)"
            raise FileRefused("unreadable", why)
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused("not-a-file", "not a regular file (a FIFO, socket or device is never read)")
        runfiles.note_read(info, role)
    except BaseException:
        os.close(descriptor)
        raise
    return descriptor


def read_file_bytes(path: Path | str, limit: int | None = None, role: str = "input") -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes, or ``FileRefused``.

    Only a regular file is read (``open_regular_file``); one larger than ``limit`` (default
    ``MAX_FILE_BYTES``) is refused before it is read, and one that grows past it while it is
    read is refused too: at most ``limit`` bytes are ever held.
    """
    limit = MAX_FILE_BYTES if limit is None else limit
    descriptor = open_regular_file(path, role)
    try:
        info = os.fstat(descriptor)
        if info.st_size > limit:
            raise FileRefused("too-large", f"the file is {info.st_size:,} bytes, more than the {limit:,} read")
        chunks: list[bytes] = []
        size = 0
        while True:
            chunk = os.read(descriptor, 1 << 16)
            if not chunk:
                break
            size += len(chunk)
            if size > limit:
                raise FileRefused("too-large", f"the file is more than the {limit:,} bytes read")
            chunks.append(chunk)
    except OSError as error:
        raise FileRefused("unreadable", f"cannot read file: {error.strerror or error}") from None
    finally:
        os.close(descriptor)
    return b"".join(chunks)


def read_text_file(path: Path | str, limit: int | None = None, role: str = "input") -> str:
    """The UTF-8 text of a regular file of at most ``limit`` bytes, or ``FileRefused``
    (``read_file_bytes``; bytes that are not UTF-8 are refused naming their line)."""
    data = read_file_bytes(path, limit, role)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise not_utf8(data, error) from None


def not_utf8(data: bytes, error: UnicodeDecodeError) -> FileRefused:
    """The refusal of ``data`` that ``error`` says is not UTF-8: the line and the byte."""
    line = data.count(b"\n", 0, error.start) + 1
    column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
    return FileRefused("not-utf8", f"not UTF-8: byte 0x{data[error.start]:02x} at column {column} ({error.reason})", line)


def load_yaml_file(path: Path | str, display: str | None = None) -> Any:
    """Read and parse a YAML file; unreadable, irregular or oversized files become a
    ``YamlProblem`` too."""
    shown = display or str(path)
    try:
        text = read_text_file(path)
    except FileRefused as refused:
        raise YamlProblem(Problem(shown, refused.line or 1, 1, refused.code, refused.message)) from None
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

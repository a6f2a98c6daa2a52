"""The project's stud8 settings: ``stud8.toml``, or ``[tool.stud8]`` in ``pyproject.toml``.

Every run against an engine repeats the same flags (``--engine``, ``--baseline``,
``--timeout``); written once in the project they need not be. Two homes, one table:

* ``stud8.toml``, its keys at the top level: for an engine written in Java, Rust, C or Node,
  whose project has no pyproject.toml and should not grow one to hold five settings;
* ``[tool.stud8]`` in ``pyproject.toml``: for a Python project, beside its other tools'
  settings, where the pytest plugin (``plugin.py``) also runs the suite from a plain ``pytest``.

The file is found from the current folder upward: in each folder, ``stud8.toml`` first, then a
``pyproject.toml`` that has a ``[tool.stud8]`` table; the first found is the only one read
(settings never merge across files, so what applies is what one file says). The keys:

=============  ==================================================  ==========================
key            value                                               as the flag
=============  ==================================================  ==========================
``engine``     an engine spec (``cmd:./my-engine``, ``python:...``)   ``--engine``
``scenarios``  a folder, or a list of folders, of scenario files   ``--scenarios`` (each)
``baseline``   a baseline file                                     ``--baseline``
``timeout``    seconds per engine message                          ``--timeout``
``label``      the run's label in reports                          ``--label``
``order``      the order scenarios run in (``file``, ``reverse``,    ``--order``
               ``random``, ``random:SEED``: ``order.py``)
=============  ==================================================  ==========================

Paths are relative to the folder of the file that names them, so a run from a subfolder finds
the same files. A flag on the command line wins over the file. An unknown key, or a value of
the wrong type, is a usage error naming the file and the key (a misspelt ``baselin`` would
otherwise be silently ignored).
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from stud8.conformance.suite.order import parse_order
from stud8.spec.errors import Stud8Error
from stud8.spec.limits import MAX_SECONDS, quoted, shown_path
from stud8.spec.tomlio import TomlRefused, load_toml
from stud8.spec.yamlio import FileRefused, read_text_file

CONFIG_FILE = "stud8.toml"
PYPROJECT = "pyproject.toml"
KEYS: tuple[str, ...] = ("engine", "scenarios", "baseline", "timeout", "label", "order")
MAX_LABEL = 80
"""The longest label (``--label``: it names a badge file and heads a column of the page)."""


class ProjectConfigError(Stud8Error):
    """A settings file that cannot be used: a usage error (exit 2), naming the file and key."""

    code = "usage"


@dataclass(frozen=True)
class ProjectConfig:
    """The settings one file gives (``None``: not set there)."""

    path: Path
    table: str  # "stud8.toml" or "[tool.stud8]"
    engine: str | None = None
    scenarios: tuple[Path, ...] = ()
    baseline: Path | None = None
    timeout: float | None = None
    label: str | None = None
    order: str | None = None

    @property
    def where(self) -> str:
        """The file read, as a message names it."""
        return shown_path(self.path) + ("" if self.table == CONFIG_FILE else f" {self.table}")

    def get(self, key: str) -> Any:
        value = getattr(self, key)
        return None if value == () else value


def find_config(start: Path) -> tuple[Path, dict[str, Any]] | None:
    """The settings file for a run started in ``start`` and its stud8 table, or None."""
    folder = start.resolve()
    for candidate in (folder, *folder.parents):
        own = candidate / CONFIG_FILE
        if own.is_file():
            return own, _read(own)
        if os.path.lexists(own):  # a FIFO, a folder, a dangling link: refused, never skipped unsaid
            raise ProjectConfigError(f"{shown_path(own)}: not a regular file (the settings file is read only as one)")
        pyproject = candidate / PYPROJECT
        if pyproject.is_file():
            tool = _read(pyproject).get("tool")
            if isinstance(tool, dict) and "stud8" in tool:
                table = tool["stud8"]
                if not isinstance(table, dict):
                    raise ProjectConfigError(f"{shown_path(pyproject)}: [tool.stud8] must be a table, got {quoted(table)}")
                return pyproject, table
    return None


def _read(path: Path) -> dict[str, Any]:
    try:
        text = read_text_file(path, role="settings file")  # an input: no output of the run replaces it
    except FileRefused as refused:
        raise ProjectConfigError(f"{refused.where(path)}: {refused.message}") from None
    except OSError as error:
        raise ProjectConfigError(f"{shown_path(path)}: {error.strerror or error}") from None
    try:
        return load_toml(text, shown_path(path), "a settings file")
    except TomlRefused as refused:
        raise ProjectConfigError(refused.message) from None


def load_project_config(start: Path) -> ProjectConfig | None:
    """The settings for a run started in ``start`` (checked), or None when no file has any."""
    found = find_config(start)
    if found is None:
        return None
    path, table = found
    return settings_from_table(path, table)


def settings_from_table(path: Path, table: dict[str, Any]) -> ProjectConfig:
    """Check one stud8 table and resolve its paths against its file's folder."""
    name = CONFIG_FILE if path.name == CONFIG_FILE else "[tool.stud8]"
    where = f"{shown_path(path)}" + ("" if name == CONFIG_FILE else f" {name}")
    unknown = sorted(set(table) - set(KEYS))
    if unknown:
        raise ProjectConfigError(f"{where}: unknown key {quoted(unknown[0])} (the keys are: {', '.join(KEYS)})")
    base = path.parent

    def text(key: str) -> str | None:
        value = table.get(key)
        if value is None:
            return None
        if not isinstance(value, str) or not value.strip():
            raise ProjectConfigError(f"{where}: {key} must be a non-empty string, got {quoted(value)}")
        return value

    scenarios = table.get("scenarios", [])
    if isinstance(scenarios, str):
        scenarios = [scenarios]
    if not isinstance(scenarios, list) or not all(isinstance(item, str) and item.strip() for item in scenarios):
        raise ProjectConfigError(f"{where}: scenarios must be a folder or a list of folders, got {quoted(scenarios)}")
    timeout = table.get("timeout")
    if timeout is not None and (isinstance(timeout, bool) or not isinstance(timeout, (int, float))
                                or not math.isfinite(timeout) or not 0 < timeout <= MAX_SECONDS):
        raise ProjectConfigError(f"{where}: timeout must be a number of seconds above 0 and at most "
                                 f"{MAX_SECONDS:g}, got {quoted(timeout)}")
    baseline = text("baseline")
    label = text("label")
    if label is not None and (len(label) > MAX_LABEL or not label.isprintable()):
        # what --label refuses, refused naming the file (a label names a badge file and a page column)
        raise ProjectConfigError(f"{where}: label must be 1 to {MAX_LABEL} printable characters on one line, "
                                 f"got {quoted(label)}")
    order = text("order")
    if order is not None:
        try:
            parse_order(order, "order")
        except Stud8Error as error:  # what --order refuses, refused naming the file
            raise ProjectConfigError(f"{where}: {error.message}") from None
    return ProjectConfig(
        path=path, table=name, engine=text("engine"),
        scenarios=tuple(base / item for item in scenarios),
        baseline=None if baseline is None else base / baseline,
        timeout=None if timeout is None else float(timeout),
        label=label,
        order=order,
    )

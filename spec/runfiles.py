"""The files one run of a command reads and writes: what lets the one writer refuse to write
over an input, or over another output of the same run.

A command reads other files than the ones it writes, and the two must never meet:
``conform --baseline b.json --report b.json`` once overwrote the baseline it compared with,
``docs --out book --rules book/rules.md`` the rule book it rendered, and ``--report F
--update-baseline F`` wrote one file and then replaced it with the other. So each run keeps a
ledger (``RunFiles``), opened by ``stud8.tools.cli.main`` for the command (and by the pytest
plugin for a plain ``pytest`` run):

* **inputs, declared** (``declare_inputs``): each command names, before any work, every file
  and folder it will read (scenario folders, the rule book, a baseline, reports, logs, the
  settings file and the paths it names), each under the option that names it; a folder stands
  for the files of it that the command reads (``suffixes``; hidden files and folders are never
  read);
* **inputs, read** (``note_read``): the bounded reader (``stud8.spec.yamlio``) adds every file it
  opens, so a file read that no declaration named (a settings file found by walking up) is
  still never written over once read;
* **outputs** (``claim_output``): each output the writer checks or writes is claimed by the
  option that names it (its *slot*); the same file, or standard output, claimed by a second
  slot is refused: one output would replace the other, or both would be interleaved.

``stud8.spec.outputs`` asks ``conflict`` before it writes anything. Outside a ledger (a library
call, a unit test) nothing is recorded and only the ``inputs`` a caller passes are checked.

One slot may replace what it reads: ``--update-baseline F`` keeps the entries of ``F`` for
scenarios not run, so it reads ``F`` and replaces it (its slot names the input), and it may be
given the ``--baseline`` it updates (``replaces``).
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Iterable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path

Identity = tuple[int, int]
"""``(device, inode)``: the same file whatever name or link leads to it."""

STDOUT = "<stdout>"
"""The key standard output is claimed under."""


@dataclass
class RunFiles:
    """What one run of a command reads and writes (see the module docstring)."""

    inputs: dict[Identity, set[str]] = field(default_factory=dict)
    """Each input file read or declared, and the options (roles) it was read as."""
    folders: list[tuple[Path, frozenset[str] | None, str]] = field(default_factory=list)
    """Input folders: (the folder's real path, the suffixes of the files read in it or None for
    every file, the option that names it)."""
    outputs: dict[str, str] = field(default_factory=dict)
    """Each output claimed (its real path, or ``STDOUT``) and the slot that claimed it."""


_CURRENT: ContextVar[RunFiles | None] = ContextVar("stud8_run_files", default=None)


def current() -> RunFiles | None:
    """The ledger of the run in progress, or None outside a command."""
    return _CURRENT.get()


@contextlib.contextmanager
def run_files() -> Iterator[RunFiles]:
    """A fresh ledger for one run of a command, current until the block ends."""
    ledger = RunFiles()
    token = _CURRENT.set(ledger)
    try:
        yield ledger
    finally:
        _CURRENT.reset(token)


@contextlib.contextmanager
def ensure_run_files() -> Iterator[RunFiles]:
    """The current ledger, or a fresh one for the block when there is none."""
    ledger = current()
    if ledger is not None:
        yield ledger
        return
    with run_files() as fresh:
        yield fresh


def _identity(info: os.stat_result) -> Identity:
    return (info.st_dev, info.st_ino)


def note_read(info: os.stat_result, role: str = "input") -> None:
    """Record a regular file the bounded reader opened (its ``fstat``), read as ``role``."""
    ledger = current()
    if ledger is not None and stat.S_ISREG(info.st_mode):
        ledger.inputs.setdefault(_identity(info), set()).add(role)


def declare_inputs(paths: Iterable[Path | str | None], role: str, *, suffixes: Iterable[str] | None = None) -> None:
    """Declare files or folders this run reads, named by the option ``role``. A folder stands for
    the files under it that end with one of ``suffixes`` (all of them with None). A path that
    does not exist yet is nothing to protect; standard output (``-``) is no file."""
    ledger = current()
    if ledger is None:
        return
    ends = None if suffixes is None else frozenset(suffixes)
    for path in paths:
        if path is None or str(path) in ("", "-"):
            continue
        try:
            info = os.stat(path)
        except (OSError, ValueError):
            continue
        if stat.S_ISDIR(info.st_mode):
            ledger.folders.append((Path(os.path.realpath(path)), ends, role))
        elif stat.S_ISREG(info.st_mode):
            ledger.inputs.setdefault(_identity(info), set()).add(role)


def _in_folder(target: Path, folder: Path, suffixes: frozenset[str] | None) -> bool:
    """Whether the file ``target`` (a real path) is one a command reading ``folder`` reads."""
    if folder not in target.parents:
        return False
    if any(part.startswith(".") for part in target.relative_to(folder).parts):
        return False
    return suffixes is None or target.suffix in suffixes


def input_roles(target: Path, info: os.stat_result | None) -> set[str]:
    """The options this run reads ``target`` (a real path; ``info`` its stat, None when it
    does not exist) as: empty when it is no input."""
    ledger = current()
    if ledger is None or info is None:
        return set()
    roles = set(ledger.inputs.get(_identity(info), set()))
    roles.update(role for folder, suffixes, role in ledger.folders if _in_folder(target, folder, suffixes))
    return roles


def claimed_by(key: str) -> str | None:
    """The slot that claimed output ``key`` (a real path or ``STDOUT``) in this run, or None."""
    ledger = current()
    return None if ledger is None else ledger.outputs.get(key)


def claim_output(key: str, slot: str) -> None:
    """Record that ``slot`` writes output ``key`` in this run (the caller checked ``claimed_by``)."""
    ledger = current()
    if ledger is not None:
        ledger.outputs.setdefault(key, slot)

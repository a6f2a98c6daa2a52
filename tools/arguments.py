"""Argument types shared by the commands, so that one value means the same everywhere.

A seed is refused or accepted the same way by ``fuzz``, ``bench``, ``hh synth`` and
``verify-evaluator`` (an ``argparse`` type: a bad value is a usage error, exit 2, naming the
flag); ``--scenarios`` folders are checked the same way by ``conform``, ``coverage`` and
``docs``; ``--jobs`` the same way by ``fuzz``, ``mutants``, ``hh audit`` and
``verify-evaluator`` (``check_jobs``, ``local_workers``). Times are checked by
``stud8.spec.limits.seconds_problem``.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from stud8.spec.errors import Stud8Error
from stud8.spec.limits import MAX_JOBS, quoted


def seed(text: str) -> int:
    """A seed: a whole number, 0 or more (``--seed -5`` is refused by every command)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number 0 or more, got {quoted(text)}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"a seed is 0 or more, got {value}")
    return value


def check_scenario_folders(folders: Iterable[Path], flag: str = "--scenarios") -> None:
    """Refuse a ``--scenarios`` value that is not a folder, saying what it is instead (a file
    given where a folder is wanted is not "no such folder"): a usage error (exit 2)."""
    for folder in folders:
        if not folder.is_dir():
            why = "is a file, not a folder of scenario files" if folder.exists() else "no such folder"
            raise Stud8Error(f"{flag} {folder}: {why}", "usage")


def examples(*lines: str) -> dict[str, Any]:
    """What makes a parser's ``--help`` end with one or two example command lines (every
    command's help does: tests/test_cli_conventions.py checks it, and that each one parses)."""
    return {"epilog": "examples:\n" + "\n".join(f"  {line}" for line in lines),
            "formatter_class": argparse.RawDescriptionHelpFormatter}

def check_jobs(jobs: int | None, flag: str = "--jobs") -> None:
    """Refuse a ``--jobs`` below 1 or above ``MAX_JOBS`` (a usage error, exit 2, before any
    work): 999,999 asked of ``mutants`` once started 119 processes and 6.5 GB on two cores, and
    ``verify-evaluator --jobs 300`` forked 300 at once. None (not given) is fine."""
    if jobs is None:
        return
    if jobs < 1:
        raise Stud8Error(f"{flag} must be at least 1, got {jobs}", "usage")
    if jobs > MAX_JOBS:
        raise Stud8Error(f"{flag} must be at most {MAX_JOBS}, got {jobs}", "usage")


def local_workers(jobs: int, work: int | None = None) -> int:
    """Local worker processes to start for ``jobs``: never more than the cores this process may
    use (``executor.default_jobs``), nor than the units of ``work`` when it is known."""
    from stud8.conformance.executor import default_jobs

    count = min(jobs, default_jobs())
    return max(1, count if work is None else min(count, work))

"""Argument types shared by the commands, so that one value means the same everywhere.

A seed is refused or accepted the same way by ``fuzz`` and ``bench`` (an ``argparse`` type: a
bad value is a usage error, exit 2, naming the flag); ``--scenarios`` folders are checked the
same way by ``conform``, ``coverage`` and ``docs``. Times are checked by
``stud8.spec.limits.seconds_problem``.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from stud8.spec.errors import Stud8Error
from stud8.spec.limits import quoted


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

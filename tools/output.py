"""Checks on output paths, made before any work so that a bad path costs nothing and leaves
nothing half-written (the commands then write to a temporary file and move it into place)."""

from __future__ import annotations

import os
from pathlib import Path

from stud8.reference.errors import Stud8Error


def check_writable(path: Path, flag: str) -> None:
    """Refuse an output ``path`` (given with ``flag``) that is a folder, lies in a missing
    folder, or cannot be written: a usage error (exit 2)."""
    if path.is_dir():
        raise Stud8Error(f"{flag} {path}: is a folder", "usage")
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise Stud8Error(f"{flag} {path}: no such folder {parent}", "usage")
    if not os.access(parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise Stud8Error(f"{flag} {path}: not writable", "usage")

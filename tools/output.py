"""Checks on output paths, made before any work so that a bad path costs nothing and leaves
nothing half-written (the commands then write with ``stud8.spec.outputs``, the one writer: a
temporary file moved into place, only ever over a regular file that is none of the command's
inputs, a link followed and never replaced, ``-`` for standard output, the umask's
permissions)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

from stud8.spec.errors import Stud8Error
from stud8.spec.limits import shown_path
from stud8.spec.outputs import (
    check_output_file,
    distinct_name,
    is_stdout,
    open_output,
    write_files_atomic,
    write_text_atomic,
)

__all__ = [
    "check_output_file",
    "check_output_folder",
    "check_writable",
    "distinct_name",
    "is_stdout",
    "open_output",
    "write_files_atomic",
    "write_text_atomic",
]


def check_writable(path: Path, flag: str, *, inputs: Iterable[Path | str] = (), replaces: Iterable[str] = ()) -> None:
    """Refuse an output ``path`` (given with ``flag``) that is a folder, a device or FIFO, one
    of the command's ``inputs`` (or of its run's ledger, ``stud8.spec.runfiles``) or of its
    other outputs, lies in a missing folder, or where no file can be created: a usage error
    (exit 2). ``-`` (standard output) is fine unless another output claimed it."""
    check_output_file(path, flag, inputs=inputs, replaces=replaces)


def check_output_folder(path: Path, flag: str) -> None:
    """Refuse an output folder ``path`` that is a file (or lies under one), or whose nearest
    existing folder does not let a file be created (a probe file is made and removed there):
    a usage error (exit 2), raised before any work."""
    if is_stdout(path):
        raise Stud8Error(f"{flag} {shown_path(path)}: standard output is not a folder: give a folder", "usage")
    path = Path(path)
    if path.exists() and not path.is_dir():
        raise Stud8Error(f"{flag} {shown_path(path)}: exists and is not a folder", "usage")
    for folder in (path.absolute(), *path.absolute().parents):
        if not folder.exists():
            continue
        if not folder.is_dir():
            raise Stud8Error(f"{flag} {shown_path(path)}: {shown_path(folder)} is not a folder", "usage")
        try:
            handle, name = tempfile.mkstemp(prefix=".stud8-probe.", dir=folder)
        except OSError as error:
            raise Stud8Error(f"{flag} {shown_path(path)}: not writable: cannot create a file in {shown_path(folder)} "
                             f"({error.strerror or error})", "usage") from None
        os.close(handle)
        os.unlink(name)
        return


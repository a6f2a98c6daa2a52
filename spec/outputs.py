"""Writing output files safely: checked before any work, written whole or not at all.

Every file stud8 writes on request (a conformance report, a fuzz finding, an exported hand,
the rule book pages) goes through here, so that three promises hold for all of them:

* **Checked first.** ``check_output_file`` runs before the work that produces the output: a
  path that is a folder, a device (``/dev/full``), a FIFO, lies in a missing folder or in one
  where no file can be created (``/proc``) is a usage error at once, not a traceback after an
  hour's run. The check creates and removes a probe file, the only sure test of writability.
* **Nothing else replaced.** Only a regular file (or a new one) is ever written. A symbolic
  link to a regular file is followed: the file it names is replaced and the link stays.
* **Atomic, with the usual permissions.** The text goes to a temporary file in the same
  folder, which is then renamed over the target; readers see the old file or the new one,
  never half of either. A new file gets the mode the umask gives (``0o666 & ~umask``), an
  existing one keeps its mode (``tempfile`` alone would leave ``0o600``).

``write_files_atomic`` writes several files together: all of them are checked and staged
before the first is replaced, and if replacing one fails, those already replaced are put
back, so the set is replaced together or not at all.
"""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
from collections.abc import Mapping
from pathlib import Path

from stud8.spec.errors import Stud8Error


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _target(path: Path) -> Path:
    """The file that writing ``path`` replaces: ``path`` itself, or what its symlinks name."""
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def _refuse(flag: str, path: Path, why: str) -> Stud8Error:
    return Stud8Error(f"{flag} {path}: {why}", "usage")


def check_output_file(path: Path, flag: str, *, probe: bool = True) -> None:
    """Refuse an output ``path`` (named by ``flag`` in messages) that cannot be written as a
    regular file; a usage error (exit 2). See the module docstring."""
    path = Path(path)
    target = _target(path)
    try:
        info = os.stat(target)
    except FileNotFoundError:
        info = None
    except OSError as error:
        raise _refuse(flag, path, f"cannot be checked: {error.strerror or error}") from None
    if info is not None:
        if stat.S_ISDIR(info.st_mode):
            raise _refuse(flag, path, "is a folder")
        if not stat.S_ISREG(info.st_mode):
            raise _refuse(flag, path, "is not a regular file (a device, FIFO or socket is never replaced)")
        if not os.access(target, os.W_OK):
            raise _refuse(flag, path, "not writable")
    parent = target.parent if str(target.parent) else Path(".")
    if not parent.is_dir():
        raise _refuse(flag, path, f"no such folder {parent}")
    if not probe:
        return
    try:
        handle, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".probe", dir=parent)
    except OSError as error:
        raise _refuse(flag, path, f"not writable: cannot create a file in {parent} ({error.strerror or error})") from None
    os.close(handle)
    os.unlink(name)


def _stage(target: Path, text: str | bytes) -> str:
    """Write ``text`` (UTF-8 text, or bytes as they are) to a new temporary file beside
    ``target``, with the mode the target should have; its name."""
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
    handle, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        if isinstance(text, bytes):
            with os.fdopen(handle, "wb") as binary:
                binary.write(text)
        else:
            with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
                stream.write(text)
        os.chmod(name, mode)
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise
    return name


def write_text_atomic(path: Path, text: str, flag: str = "output") -> None:
    """Write ``text`` to ``path`` atomically (see the module docstring); ``Stud8Error`` (usage)
    if it cannot be."""
    write_files_atomic({Path(path): text}, flag)


def write_files_atomic(files: Mapping[Path, str | bytes], flag: str = "output", *, inside: Path | None = None) -> None:
    """Write every ``path -> text`` of ``files`` (text, or bytes such as a PDF), all replaced together or none (see the
    module docstring). Missing parent folders are created. ``Stud8Error`` (usage) on failure,
    with every target as it was.

    With ``inside`` (the output folder a command was given), every file must land in that
    folder once links are resolved, and a link in the folder is replaced, not followed: a
    link planted at ``DIR/rules.md`` or ``DIR/catalogue`` never sends a write elsewhere.
    """
    if inside is not None:
        root = Path(os.path.realpath(inside))
        for path in files:
            parent = Path(os.path.realpath(Path(path).parent))
            if parent != root and root not in parent.parents:
                raise _refuse(flag, Path(path), f"lies outside {inside} once links are followed ({parent})")
    resolve = _target if inside is None else (lambda path: path)
    targets = {resolve(Path(path)): text for path, text in files.items()}
    for path in files:
        target = resolve(Path(path))
        for folder in (target.parent, *target.parent.parents):
            if folder.exists() and not folder.is_dir():
                raise _refuse(flag, Path(path), f"{folder} is not a folder")
        if target.parent.is_dir() and not (inside is not None and target.is_symlink()):
            check_output_file(target, flag, probe=False)
    staged: dict[Path, str] = {}
    backups: dict[Path, str | None] = {}
    links = {target: os.readlink(target) for target in targets if target.is_symlink()}  # replaced, not followed
    replaced: list[Path] = []
    try:
        for target, text in targets.items():
            target.parent.mkdir(parents=True, exist_ok=True)
            staged[target] = _stage(target, text)
        for target in targets:  # keep the old files until every new one is in place
            backups[target] = None
            if target.exists() and not target.is_symlink():
                handle, backup = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".old", dir=target.parent)
                os.close(handle)
                backups[target] = backup
                shutil.copyfile(target, backup)
                shutil.copymode(target, backup)
        for target, name in staged.items():
            info = os.lstat(target) if os.path.lexists(target) else None
            if info is not None and not (stat.S_ISREG(info.st_mode) or stat.S_ISLNK(info.st_mode)):  # changed since the check
                raise _refuse(flag, target, "is not a regular file (a device, FIFO or socket is never replaced)")
            os.replace(name, target)
            replaced.append(target)
    except (OSError, Stud8Error) as error:
        for target in replaced:  # put back what was already replaced
            saved = backups.get(target)
            try:
                if saved is not None:
                    os.replace(saved, target)
                    backups[target] = None
                else:
                    target.unlink()
                    if target in links:
                        os.symlink(links[target], target)
            except OSError:
                pass
        if isinstance(error, Stud8Error):
            raise
        raise _refuse(flag, Path(error.filename or next(iter(files))), f"cannot write: {error.strerror or error}") from None
    finally:
        for name in staged.values():
            Path(name).unlink(missing_ok=True)
        for leftover in backups.values():
            if leftover is not None:
                Path(leftover).unlink(missing_ok=True)

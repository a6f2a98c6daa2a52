"""Writing output files safely: the one writer of every file stud8 writes on request.

Every file stud8 writes (a conformance or audit report, a fuzz finding, an imported or exported
hand, synthetic histories, the rule book pages, the mutant catalogue) goes through here, so
that these promises hold for all of them:

* **Checked first.** ``check_output_file`` runs before the work that produces the output: a
  path that is a folder, a device (``/dev/full``), a FIFO, lies in a missing folder or in one
  where no file can be created (``/proc``) is a usage error at once, not a traceback after an
  hour's run. The check creates and removes a probe file, the only sure test of writability.
* **Standard output by name.** ``-`` and ``/dev/stdout`` (``/dev/fd/1``, ``/proc/self/fd/1``)
  mean standard output: written to, never replaced (``/dev/stdout`` is a link of the system;
  run as root, replacing it once replaced the system's link).
* **A link is never replaced.** A symbolic link to a regular file is followed: the file it
  names is written and the link stays. In an output folder (``inside``: ``--out DIR``) a link
  must lead to a file inside that folder; one leading outside is refused, so a link planted at
  a finding's or a page's name never sends a write elsewhere.
* **Nothing else replaced.** Only a regular file (or a new one) is ever written: a folder, a
  FIFO, a socket or a device at the name is refused, and so is a file that is one of the
  command's inputs (``inputs``, and every input of the run's ledger, ``stud8.spec.runfiles``:
  declared by the command or opened by the bounded reader; ``hh import x.yaml --out .`` must
  not overwrite the history it reads with the scenarios it makes, nor ``conform --report`` the
  ``--baseline`` it compares with), or another output of the same run (``--report F
  --update-baseline F``; two outputs on standard output).
* **Atomic, with the usual permissions.** The text goes to a temporary file in the same
  folder, which is then renamed over the target; readers see the old file or the new one,
  never half of either. A new file gets the mode the umask gives (``0o666 & ~umask``), an
  existing one keeps its mode (``tempfile`` alone would leave ``0o600``).

``write_files_atomic`` writes several files together: all of them are checked and staged
before the first is replaced, and if replacing one fails, those already replaced are put
back, so the set is replaced together or not at all. ``open_output`` is the streaming form of
one file (a report of a million hands is never held as one string); ``open_append`` the form
of a log that only grows, a line at a time (``stud8 mutants --generated --log``), under the
same refusals. ``distinct_name`` names
outputs so that distinct inputs never share one (two ``hands.txt`` from two folders).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
import sys
import tempfile
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import TextIO

from stud8.spec import runfiles
from stud8.spec.errors import Stud8Error
from stud8.spec.limits import shown_path

STDOUT_NAMES = frozenset({"-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"})
"""Output names that mean standard output."""


def is_stdout(path: Path | str | None) -> bool:
    """Whether an output name means standard output (``-``, ``/dev/stdout``...)."""
    return path is not None and str(path) in STDOUT_NAMES


_STDOUT_STREAM: list[TextIO] = []
"""The stream an output named ``-`` is written to, when a command moved its own chatter off
standard output (``stdout_for_outputs``); empty: ``sys.stdout``."""


def standard_output() -> TextIO:
    """Where an output named ``-`` goes: the command's standard output."""
    return _STDOUT_STREAM[-1] if _STDOUT_STREAM else sys.stdout


@contextlib.contextmanager
def stdout_for_outputs(stream: TextIO) -> Iterator[None]:
    """Within the block, outputs named ``-`` go to ``stream`` (the real standard output) while
    ``sys.stdout`` is pointed elsewhere: ``stud8 conform --update-baseline -`` runs pytest with
    its lines on stderr, so that standard output holds the baseline alone."""
    _STDOUT_STREAM.append(stream)
    try:
        yield
    finally:
        _STDOUT_STREAM.pop()


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _refuse(flag: str, path: Path | str, why: str) -> Stud8Error:
    return Stud8Error(f"{flag} {shown_path(path)}: {why}", "usage")


def _inside(path: Path, root: Path) -> bool:
    return path == root or root in path.parents


def _identities(inputs: Iterable[Path | str]) -> set[tuple[int, int]]:
    """``(device, inode)`` of every input that exists (a missing one cannot be overwritten)."""
    found = set()
    for entry in inputs:
        with contextlib.suppress(OSError, ValueError):
            info = os.stat(entry)
            found.add((info.st_dev, info.st_ino))
    return found


def _claim(flag: str, path: Path | str, key: str, slot: str | None) -> None:
    """Claim output ``key`` for ``slot`` (default ``flag``) in the run's ledger; refuse it when
    another slot of the same run writes it already."""
    slot = slot or flag
    other = runfiles.claimed_by(key)
    if other is not None and other != slot:
        if key == runfiles.STDOUT:
            raise _refuse(flag, path, f"standard output is already this command's {other}: give {flag} a file")
        raise _refuse(flag, path, f"is also this command's {other}: one output would replace the other")
    runfiles.claim_output(key, slot)


def claim_stdout(flag: str, slot: str | None = None) -> None:
    """Claim standard output for ``slot`` (default ``flag``): a second output there is refused.
    A command that prints its own results on standard output as an output (``--format json``
    with a report) claims it too."""
    _claim(flag, "-", runfiles.STDOUT, slot)


def resolve_output(path: Path | str, flag: str, *, inside: Path | str | None = None,
                   inputs: Iterable[Path | str] = (), slot: str | None = None,
                   replaces: Iterable[str] = ()) -> Path:
    """The regular file writing ``path`` writes (``path`` itself, or the file its links name),
    or ``Stud8Error`` (usage) saying why nothing may be written there (see the module
    docstring). The target need not exist; its folder is checked by the callers.

    ``slot`` names the output in the run's ledger (default ``flag``: the plugin's
    ``--stud8-report`` is ``stud8 conform``'s ``--report``); ``replaces``: the options whose
    input this output may replace (``--update-baseline`` replaces the ``--baseline`` it updates)."""
    path = Path(path)
    target = Path(os.path.realpath(path)) if os.path.islink(path) else path
    if inside is not None:
        root = Path(os.path.realpath(inside))
        parent = Path(os.path.realpath(path.parent))
        if not _inside(parent, root):
            raise _refuse(flag, path, f"lies outside {shown_path(inside)} once links are followed ({shown_path(parent)})")
        target = Path(os.path.realpath(path))
        if not _inside(target, root):
            raise _refuse(flag, path, f"is a link leading outside {shown_path(inside)} ({shown_path(target)}): "
                                      "a link is never followed out of an output folder")
    try:
        info: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        info = None
    except OSError as error:
        raise _refuse(flag, path, f"cannot be checked: {error.strerror or error}") from None
    if info is not None:
        if stat.S_ISDIR(info.st_mode):
            raise _refuse(flag, path, "is a folder")
        if not stat.S_ISREG(info.st_mode):
            raise _refuse(flag, path, "is not a regular file (a device, FIFO or socket is never replaced)")
        if (info.st_dev, info.st_ino) in _identities(inputs):
            raise _refuse(flag, path, "is an input of this command: it would be overwritten by its own output")
    real = Path(os.path.realpath(target))
    roles = runfiles.input_roles(real, info) - {slot or flag, *replaces}
    if roles:
        named = sorted(roles - {"input"})  # "input": read by the bounded reader, no option named it
        raise _refuse(flag, path, f"is an input of this command ({'its ' + ', '.join(named) if named else 'a file it reads'}): "
                                  "it would be overwritten by its own output")
    if info is not None and not os.access(target, os.W_OK):
        raise _refuse(flag, path, "not writable")
    _claim(flag, path, str(real), slot)
    return target


def check_output_file(path: Path | str, flag: str, *, probe: bool = True, inputs: Iterable[Path | str] = (),
                      slot: str | None = None, replaces: Iterable[str] = ()) -> None:
    """Refuse an output ``path`` (named by ``flag`` in messages) that cannot be written as a
    regular file; a usage error (exit 2). Standard output (``-``) always can, unless another
    output of the run claimed it. See the module docstring; ``slot`` and ``replaces`` as for
    ``resolve_output``."""
    if is_stdout(path):
        claim_stdout(flag, slot)
        return
    target = resolve_output(path, flag, inputs=inputs, slot=slot, replaces=replaces)
    parent = target.parent if str(target.parent) else Path(".")
    try:
        is_folder = parent.is_dir()
    except OSError as error:
        raise _refuse(flag, path, f"cannot be checked: {error.strerror or error}") from None
    if not is_folder:
        raise _refuse(flag, path, f"no such folder {shown_path(parent)}")
    if not probe:
        return
    try:
        handle, name = tempfile.mkstemp(prefix=".stud8-probe.", suffix=".probe", dir=parent)
    except OSError as error:
        raise _refuse(flag, path, f"not writable: cannot create a file in {shown_path(parent)} "
                                  f"({error.strerror or error})") from None
    os.close(handle)
    os.unlink(name)


def _mode_for(target: Path) -> int:
    try:
        return stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        return 0o666 & ~_umask()


def _stage(target: Path, text: str | bytes) -> str:
    """Write ``text`` (UTF-8 text, or bytes as they are) to a new temporary file beside
    ``target``, with the mode the target should have; its name."""
    mode = _mode_for(target)
    handle, name = tempfile.mkstemp(prefix=f".{target.name[:100]}.", suffix=".tmp", dir=target.parent)
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


def _still_replaceable(flag: str, target: Path) -> None:
    """Refuse a target that became a folder, link or special file since it was checked."""
    info = os.lstat(target) if os.path.lexists(target) else None
    if info is not None and not stat.S_ISREG(info.st_mode):
        raise _refuse(flag, target, "is not a regular file (a device, FIFO, link or socket is never replaced)")


def write_text_atomic(path: Path | str, text: str, flag: str = "output", *, inputs: Iterable[Path | str] = (),
                      slot: str | None = None, replaces: Iterable[str] = ()) -> None:
    """Write ``text`` to ``path`` atomically, or to standard output for ``-`` (see the module
    docstring); ``Stud8Error`` (usage) if it cannot be."""
    if is_stdout(path):
        claim_stdout(flag, slot)
        stream = standard_output()
        stream.write(text)
        stream.flush()
        return
    write_files_atomic({Path(path): text}, flag, inputs=inputs, slot=slot, replaces=replaces)


def write_files_atomic(files: Mapping[Path, str | bytes], flag: str = "output", *, inside: Path | str | None = None,
                       inputs: Iterable[Path | str] = (), slot: str | None = None,
                       replaces: Iterable[str] = ()) -> None:
    """Write every ``path -> text`` of ``files`` (text, or bytes such as a PDF), all replaced together or none (see the
    module docstring). Missing parent folders are created. ``Stud8Error`` (usage) on failure,
    with every target as it was.

    With ``inside`` (the output folder a command was given), every file must land in that
    folder once links are resolved: a link there is followed only to a file inside it.
    """
    inputs = list(inputs)
    targets: dict[Path, str | bytes] = {}
    for path, text in files.items():
        if inside is not None and is_stdout(path):
            raise _refuse(flag, path, "standard output is not a file of an output folder")
        target = resolve_output(path, flag, inside=inside, inputs=inputs, slot=slot, replaces=replaces)
        if target in targets:
            raise _refuse(flag, path, "two outputs would be the same file")
        for folder in (target.parent, *target.parent.parents):
            if folder.exists() and not folder.is_dir():
                raise _refuse(flag, path, f"{shown_path(folder)} is not a folder")
        targets[target] = text
    staged: dict[Path, str] = {}
    backups: dict[Path, str | None] = {}
    replaced: list[Path] = []
    try:
        for target, text in targets.items():
            target.parent.mkdir(parents=True, exist_ok=True)
            staged[target] = _stage(target, text)
        for target in targets:  # keep the old files until every new one is in place
            backups[target] = None
            if target.exists():
                handle, backup = tempfile.mkstemp(prefix=f".{target.name[:100]}.", suffix=".old", dir=target.parent)
                os.close(handle)
                backups[target] = backup
                shutil.copyfile(target, backup)
                shutil.copymode(target, backup)
        for target, name in staged.items():
            _still_replaceable(flag, target)
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


@contextlib.contextmanager
def open_output(path: Path | str, flag: str, *, inside: Path | str | None = None,
                inputs: Iterable[Path | str] = (), slot: str | None = None) -> Iterator[TextIO]:
    """A text stream that becomes ``path`` when the block ends without an error (the rules of
    the module docstring: a temporary file renamed into place, nothing left on failure), or
    standard output for ``-``. ``Stud8Error`` (usage) when it cannot be written."""
    if inside is None and is_stdout(path):
        claim_stdout(flag, slot)
        stream = standard_output()
        yield stream
        stream.flush()
        return
    target = resolve_output(path, flag, inside=inside, inputs=inputs, slot=slot)
    name: str | None = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        mode = _mode_for(target)
        handle, name = tempfile.mkstemp(prefix=f".{target.name[:100]}.", suffix=".tmp", dir=target.parent)
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            yield stream
        os.chmod(name, mode)
        _still_replaceable(flag, target)
        os.replace(name, target)
        name = None
    except OSError as error:
        raise _refuse(flag, Path(path), f"cannot write: {error.strerror or error}") from None
    finally:
        if name is not None:
            Path(name).unlink(missing_ok=True)


class AppendLog:
    """A log file kept line by line as work goes on (``open_append``): every line is written
    and flushed at once, so that an interrupted run keeps what it did. A write that fails (a
    full disk) is a ``Stud8Error`` (usage) naming the file, never a traceback."""

    def __init__(self, stream: TextIO, path: Path | str, flag: str) -> None:
        self.stream = stream
        self.path = path
        self.flag = flag

    def write_line(self, line: str) -> None:
        try:
            self.stream.write(line.rstrip("\n") + "\n")
            self.stream.flush()
        except OSError as error:
            raise _refuse(self.flag, self.path, f"cannot write: {error.strerror or error}") from None

    def close(self) -> None:
        if self.stream is standard_output():
            return
        try:
            self.stream.close()
        except OSError as error:
            raise _refuse(self.flag, self.path, f"cannot write: {error.strerror or error}") from None


def open_append(path: Path | str, flag: str, *, inputs: Iterable[Path | str] = (), replaces: Iterable[str] = ()) -> AppendLog:
    """``path`` opened to have lines added at its end (created if missing), or standard output for
    ``-``: the append form of this module's promises. Only a regular file is ever written (a
    link is followed to the file it names; a FIFO, a device such as ``/dev/full``, a folder or
    one of the command's ``inputs`` is refused, checked again on the open file, so one swapped
    in between is caught too); ``Stud8Error`` (usage) naming the file otherwise. Nothing is
    replaced: a log only grows (``replaces``: the options whose input it may grow, the
    ``--resume`` log a run goes on with)."""
    if is_stdout(path):
        claim_stdout(flag)
        return AppendLog(standard_output(), path, flag)
    target = resolve_output(path, flag, inputs=inputs, replaces=replaces)
    parent = target.parent if str(target.parent) else Path(".")
    if not parent.is_dir():
        raise _refuse(flag, path, f"no such folder {shown_path(parent)}")
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        descriptor = os.open(target, flags, 0o666)
    except OSError as error:
        raise _refuse(flag, path, f"cannot write: {error.strerror or error}") from None
    try:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            raise _refuse(flag, path, "is not a regular file (a device, FIFO or socket is never written)")
        os.set_blocking(descriptor, True)
        stream = os.fdopen(descriptor, "a", encoding="utf-8", newline="\n")
    except BaseException:
        os.close(descriptor)
        raise
    return AppendLog(stream, path, flag)


def distinct_name(folder: Path, stem: str, suffix: str, taken: set[str]) -> Path:
    """``folder/stem+suffix``, or ``stem-2``, ``stem-3``... the first name not in ``taken``
    (which it joins): distinct inputs of the same name never share an output."""
    number = 1
    while True:
        name = f"{stem}{suffix}" if number == 1 else f"{stem}-{number}{suffix}"
        if name not in taken:
            taken.add(name)
            return folder / name
        number += 1

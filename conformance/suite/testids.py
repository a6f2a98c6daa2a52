"""Test ids that are the same on every machine: a scenario's id is relative to its suite.

pytest names a test by its file's path relative to the rootdir, so the packaged suite's tests
were called ``.venv/lib/python3.11/site-packages/stud8/conformance/scenarios/pots/side-pots.yaml::pots-004``
on one machine and something else on the next, and JUnit class names with them. Here every
scenario root gets a *label* and its files are named ``LABEL/PATH-IN-ROOT``:

* the packaged suite is ``stud8`` (``stud8/pots/side-pots.yaml::pots-004``,
  JUnit class ``stud8.pots.side-pots.yaml``), wherever it is installed;
* a folder of your own is named by its path from the current folder when it lies under it
  (``my-house-rules/tables.yaml::house-001``, which is also where the file is), else by its
  own name; two roots that would get the same label are told apart with ``-2``, ``-3``.

The same label names the file in reports and messages (``stud8/pots/side-pots.yaml:62``), so no
absolute path of the machine that ran the suite leaks into them. ``stud8 conform`` maps a pasted
id back to the file (``real_path``), so ids from a report can be given to ``-- ID``.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path, PurePosixPath

PACKAGED_LABEL = "stud8"


def _packaged() -> Path | None:
    from stud8.conformance.suite.scenarios import packaged_scenarios_dir

    try:
        return packaged_scenarios_dir().resolve()
    except OSError:
        return None


def root_labels(roots: Sequence[Path], cwd: Path) -> list[tuple[Path, str]]:
    """Each resolved root with its label (see the module docstring), in the order given."""
    packaged = _packaged()
    cwd = cwd.resolve()
    labelled: list[tuple[Path, str]] = []
    used: set[str] = set()
    for root in roots:
        resolved = Path(root).resolve()
        if any(resolved == seen for seen, _ in labelled):
            continue
        if resolved == packaged:
            label = PACKAGED_LABEL
        elif resolved.is_relative_to(cwd) and resolved != cwd:
            label = PurePosixPath(*resolved.relative_to(cwd).parts).as_posix()
        else:
            label = resolved.name or "scenarios"
        base, number = label, 2
        while label in used:
            label = f"{base}-{number}"
            number += 1
        used.add(label)
        labelled.append((resolved, label))
    return labelled


def suite_path(path: Path, labelled: Sequence[tuple[Path, str]]) -> str | None:
    """``LABEL/PATH`` of a file under one of the labelled roots (the deepest that holds it)."""
    resolved = Path(path).resolve()
    best: tuple[Path, str] | None = None
    for root, label in labelled:
        if resolved.is_relative_to(root) and (best is None or len(root.parts) > len(best[0].parts)):
            best = (root, label)
    if best is None:
        return None
    return PurePosixPath(best[1], *resolved.relative_to(best[0]).parts).as_posix()


def real_path(name: str, labelled: Sequence[tuple[Path, str]]) -> Path | None:
    """The file a ``LABEL/PATH`` names, if it exists."""
    for root, label in sorted(labelled, key=lambda item: -len(item[1])):
        prefix = label + "/"
        if name.startswith(prefix):
            candidate = root.joinpath(*PurePosixPath(name[len(prefix):]).parts)
            if candidate.exists():
                return candidate
    return None

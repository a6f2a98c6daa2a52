"""The build backend named in pyproject.toml: setuptools, with no stale build output.

Why it exists: an in-tree build (``pip install .``, ``python -m build --wheel``) copies the
packages into ``build/lib`` and then zips that folder. setuptools never empties it, so a module
deleted or moved since the last build (say ``conformance/fuzzing.py`` split into a package)
would still be installed from the leftover copy. This wrapper empties the build folders before
every wheel, so a wheel holds exactly the current tree. ``python -m build`` (sdist, then the
wheel from the unpacked sdist) was already safe; this makes every other route safe too. Every
hook except the editable ones also removes afterwards the ``build/`` and ``*.egg-info`` folders
it made, so ``pip install .`` and ``python -m build`` leave the checkout as they found it.

It is loaded through ``backend-path = ["tools"]`` while building, before stud8 is installed,
so it imports nothing from stud8.
"""

from __future__ import annotations

import contextlib
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import (  # noqa: F401  (re-exported: the editable-install hooks, unchanged)
    build_editable,
    get_requires_for_build_editable,
    prepare_metadata_for_build_editable,
)

STALE = ("build/lib", "build/bdist.*")


def remove_stale_build_output(root: Path) -> None:
    """Delete what an earlier build left under ``root/build`` (only setuptools' own folders)."""
    for pattern in STALE:
        for path in root.glob(pattern):
            shutil.rmtree(path, ignore_errors=True)


@contextlib.contextmanager
def _leave_no_trace(root: Path) -> Iterator[None]:
    """Remove, afterwards, the build output folders that were not there before."""
    before = {path.name for path in root.iterdir() if path.name == "build" or path.name.endswith(".egg-info")}
    try:
        yield
    finally:
        remove_stale_build_output(root)
        for path in root.iterdir():
            if (path.name == "build" or path.name.endswith(".egg-info")) and path.name not in before and path.is_dir():
                shutil.rmtree(path, ignore_errors=True)


def get_requires_for_build_sdist(config_settings: dict[str, Any] | None = None) -> list[str]:
    with _leave_no_trace(Path.cwd()):
        return list(_setuptools.get_requires_for_build_sdist(config_settings))


def build_sdist(sdist_directory: str, config_settings: dict[str, Any] | None = None) -> str:
    with _leave_no_trace(Path.cwd()):
        return str(_setuptools.build_sdist(sdist_directory, config_settings))


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    with _leave_no_trace(Path.cwd()):
        return list(_setuptools.get_requires_for_build_wheel(config_settings))


def prepare_metadata_for_build_wheel(metadata_directory: str, config_settings: dict[str, Any] | None = None) -> str:
    with _leave_no_trace(Path.cwd()):
        return str(_setuptools.prepare_metadata_for_build_wheel(metadata_directory, config_settings))


def build_wheel(wheel_directory: str, config_settings: dict[str, Any] | None = None,
                metadata_directory: str | None = None) -> str:
    remove_stale_build_output(Path.cwd())
    with _leave_no_trace(Path.cwd()):
        return str(_setuptools.build_wheel(wheel_directory, config_settings, metadata_directory))

"""The build backend named in pyproject.toml: setuptools, with no stale build output.

Why it exists: an in-tree build (``pip install .``, ``python -m build --wheel``) copies the
packages into ``build/lib`` and then zips that folder. setuptools never empties it, so a module
deleted or moved since the last build (say ``conformance/fuzzing.py`` split into a package)
would still be installed from the leftover copy. This wrapper empties the build folders before
every wheel, so a wheel holds exactly the current tree. ``python -m build`` (sdist, then the
wheel from the unpacked sdist) was already safe; this makes every other route safe too.

It is loaded through ``backend-path = ["tools"]`` while building, before stud8 is installed,
so it imports nothing from stud8.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import (  # noqa: F401  (re-exported: the rest of the PEP 517/660 hooks)
    build_editable,
    build_sdist,
    get_requires_for_build_editable,
    get_requires_for_build_sdist,
    get_requires_for_build_wheel,
    prepare_metadata_for_build_editable,
    prepare_metadata_for_build_wheel,
)

STALE = ("build/lib", "build/bdist.*")


def remove_stale_build_output(root: Path) -> None:
    """Delete what an earlier build left under ``root/build`` (only setuptools' own folders)."""
    for pattern in STALE:
        for path in root.glob(pattern):
            shutil.rmtree(path, ignore_errors=True)


def build_wheel(wheel_directory: str, config_settings: dict[str, Any] | None = None,
                metadata_directory: str | None = None) -> str:
    remove_stale_build_output(Path.cwd())
    return str(_setuptools.build_wheel(wheel_directory, config_settings, metadata_directory))

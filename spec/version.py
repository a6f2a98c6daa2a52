"""The installed distribution's version, read from its metadata (pyproject.toml is the one place
it is written). In the bottom layer so the report (conformance) and the command (tools) both
read it without importing upwards."""

from __future__ import annotations

import os
from collections.abc import Iterable
from importlib import metadata
from pathlib import Path


def stud8_version() -> str:
    try:
        return metadata.version("stud8")
    except metadata.PackageNotFoundError:  # running from a checkout that is not installed
        return "0+unknown"


_PACKAGES = ("spec", "reference", "conformance", "tools")
"""The subpackages whose modules a compiled build may replace (hatch_build.py)."""


def compiled_modules() -> tuple[str, ...]:
    """The stud8 modules this installation runs compiled (``STUD8_COMPILE=1 pip install .``,
    hatch_build.py), as import names: empty for the usual pure-Python install. Read from the
    files installed, so that a figure (``stud8 bench``) or a refusal (``stud8 mutants``) says
    what actually runs, not what was asked for."""
    from importlib.util import find_spec

    found: list[str] = []
    for package in _PACKAGES:
        spec = find_spec(f"stud8.{package}")
        if spec is not None:
            found.extend(extension_modules(f"stud8.{package}", spec.submodule_search_locations or ()))
    return tuple(sorted(found))


def extension_modules(package: str, folders: Iterable[str]) -> list[str]:
    """The import names of the extension modules (``engine.cpython-311-x86_64-linux-gnu.so``)
    under ``folders``, the folders of ``package``. Python imports such a file in place of the
    ``.py`` file beside it, so each is a module that runs compiled."""
    from importlib.machinery import EXTENSION_SUFFIXES

    found: list[str] = []
    for folder in folders:
        for directory, _subfolders, files in os.walk(folder):
            relative = Path(directory).relative_to(folder).parts
            for name in files:
                suffix = next((suffix for suffix in EXTENSION_SUFFIXES if name.endswith(suffix)), None)
                if suffix is not None:
                    found.append(".".join((package, *relative, name[: -len(suffix)])))
    return found


def build_description() -> str:
    """What kind of build this is, for ``stud8 --version`` and ``stud8 bench``."""
    compiled = compiled_modules()
    return f"{len(compiled)} modules compiled with mypyc" if compiled else "pure Python"

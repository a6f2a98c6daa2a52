"""The installed distribution's version, read from its metadata (pyproject.toml is the one place
it is written). In the bottom layer so the report (conformance) and the command (tools) both
read it without importing upwards."""

from __future__ import annotations

from importlib import metadata


def stud8_version() -> str:
    try:
        return metadata.version("stud8")
    except metadata.PackageNotFoundError:  # running from a checkout that is not installed
        return "0+unknown"

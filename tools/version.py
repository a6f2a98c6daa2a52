"""The version, for the command: re-exported from ``stud8.spec.version`` (the bottom layer)."""

from __future__ import annotations

from stud8.spec.version import stud8_version

__all__ = ["stud8_version"]

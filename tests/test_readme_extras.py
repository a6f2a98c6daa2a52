"""docs/cli.md (the extras table, moved out of the README) says truly what each optional extra
installs: every extra of pyproject.toml has its row in the table, naming every package it installs."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(not (ROOT / "pyproject.toml").is_file(), reason="not running from a checkout")


def _rows() -> dict[str, str]:
    text = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    return {match.group(1): match.group(2) for match in re.finditer(r"^\| `([a-z]+)` \| ([^|]+) \|", text, re.MULTILINE)}


def test_every_extra_has_a_row_naming_what_it_installs() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    rows = _rows()
    for extra, requirements in extras.items():
        assert extra in rows, f"docs/cli.md's table of extras has no row for {extra!r}"
        for requirement in requirements:
            name = re.split(r"[<>=!~; \[]", requirement, maxsplit=1)[0]
            assert name.lower() in rows[extra].lower(), f"{extra}: docs/cli.md does not say it installs {name}"


def test_no_row_names_an_extra_that_does_not_exist() -> None:
    extras = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"])
    table = {name for name in _rows() if name in {"pokerkit", "bench", "xdist", "progress", "cluster", "dev", "test", "docs"}}
    assert table <= extras

"""The ``# yaml-language-server: $schema=...`` line at the top of scenario files.

Why: with it, VS Code's YAML extension (and any editor using the YAML language server) checks a
scenario file against the schema while it is typed: unknown keys, missing fields, wrong types.
The language server reads draft-07, so the line names the draft-07 variant of the scenario
schema (``spec/schema/scenario.draft07.schema.json``, see ``stud8.spec.draft07``), by a path
relative to the file: it works in a checkout and in an installed package alike (the scenarios
and the schemas keep the same relative places), and names no machine's folders.

Every file under ``conformance/scenarios`` carries it (a test checks). Everything that writes a
scenario file adds it with ``with_modeline(text, path)``: ``stud8 hh import`` (and its alias
``stud8 phh import``), fuzz findings, and any new importer. To add or refresh the line in a
folder of files: ``python -m stud8.conformance.suite.modeline FOLDER...``. The line is a YAML comment,
so loaders and the validator read the files as before.
"""

from __future__ import annotations

import os
import sys
from importlib import resources
from pathlib import Path

PREFIX = "# yaml-language-server: $schema="
SCHEMA = "scenario.draft07.schema.json"


def scenario_schema_path() -> Path:
    """The installed draft-07 scenario schema."""
    return Path(str(resources.files("stud8.spec").joinpath("schema").joinpath(SCHEMA))).resolve()


def scenario_modeline(target: Path | None = None) -> str:
    """The modeline for a scenario file written at ``target`` (None: standard output, taken to
    land in the current folder): the schema's path relative to the file's folder."""
    schema = scenario_schema_path()
    folder = (target.parent if target is not None else Path.cwd()).resolve()
    try:
        where = Path(os.path.relpath(schema, folder)).as_posix()
    except ValueError:  # another drive (Windows): only an absolute address can reach it
        where = schema.as_uri()
    return PREFIX + where


def has_modeline(text: str) -> bool:
    return text.startswith(PREFIX)


def with_modeline(text: str, target: Path | None = None) -> str:
    """``text`` with the modeline as its first line (an old one is replaced)."""
    if has_modeline(text):
        text = text.split("\n", 1)[1] if "\n" in text else ""
    return f"{scenario_modeline(target)}\n{text}"


def add_modelines(folders: list[Path]) -> list[Path]:
    """Add or refresh the modeline of every ``.yaml``/``.yml`` file under ``folders``; the files
    changed. The rest of each file is kept byte for byte."""
    changed = []
    for folder in folders:
        for path in sorted([*folder.rglob("*.yaml"), *folder.rglob("*.yml")]):
            text = path.read_text(encoding="utf-8")
            new = with_modeline(text, path)
            if new != text:
                path.write_text(new, encoding="utf-8")
                changed.append(path)
    return changed


if __name__ == "__main__":  # pragma: no cover - the bulk command named in the docstring
    for changed_path in add_modelines([Path(arg) for arg in sys.argv[1:]]):
        print(f"modeline: {changed_path}")

"""``stud8 schema NAME [--draft 07|2020-12]``: print one of stud8's JSON Schemas.

For editors and other tools that want the schema without a checkout: ``stud8 schema scenario
--draft 07 > scenario.schema.json`` and point VS Code's ``yaml.schemas`` at it. NAME is a
schema's file name without ``.schema.json`` (``scenario``, ``rules``, ``report``,
``protocol/request-start``); with no NAME the names are listed. ``--draft 2020-12`` (the
default) prints the packaged file as it is; ``--draft 07`` prints its draft-07 form
(``stud8.spec.draft07``: ``unevaluatedProperties`` made ``additionalProperties``), which is
what the YAML language server understands. Exit 2 for an unknown name.
"""

from __future__ import annotations

import argparse
from importlib import resources
from typing import Any

from stud8.reference.errors import Stud8Error

SUFFIX = ".schema.json"


EXAMPLES: tuple[str, ...] = (
    "stud8 schema scenario",
    "stud8 schema scenario --draft 07 > scenario.draft07.schema.json",
)
"""The command lines its --help ends with (tests/test_cli_conventions.py checks each parses)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("name", nargs="?", metavar="NAME", help="scenario, rules, report, protocol/request-start, ... (none: list them)")
    parser.add_argument("--draft", choices=("2020-12", "07"), default="2020-12",
                        help="JSON Schema dialect: 2020-12 (the source, default) or 07 (for the YAML language server)")


def schema_names() -> list[str]:
    """Every packaged schema's name, sources only (generated draft-07 files are not listed)."""
    names: list[str] = []

    def walk(folder: Any, prefix: str) -> None:  # an importlib.resources Traversable
        for entry in sorted(folder.iterdir(), key=lambda e: e.name):
            if entry.is_dir():
                walk(entry, f"{prefix}{entry.name}/")
            elif entry.name.endswith(SUFFIX) and ".draft07." not in entry.name:
                names.append(prefix + entry.name.removesuffix(SUFFIX))

    walk(resources.files("stud8.spec").joinpath("schema"), "")
    return names


def schema_text(name: str, draft: str) -> str:
    """The text of schema ``name`` in dialect ``draft``."""
    from stud8.spec.draft07 import packaged_schema, render, to_draft07

    names = schema_names()
    if name not in names:
        raise Stud8Error(f"no schema named {name!r}; the schemas are: {', '.join(names)}", "usage")
    if draft == "2020-12":
        return resources.files("stud8.spec").joinpath("schema", *f"{name}{SUFFIX}".split("/")).read_text(encoding="utf-8")
    return render(to_draft07(packaged_schema(f"{name}{SUFFIX}")))


def run(args: argparse.Namespace) -> int:
    if args.name is None:
        print("\n".join(schema_names()))
        return 0
    text = schema_text(args.name, args.draft)
    print(text, end="" if text.endswith("\n") else "\n")
    return 0

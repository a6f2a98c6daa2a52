"""``stud8 protocol [--path]``: the engine protocol document, from the installed package.

The document (``docs/protocol.md`` in a checkout) ships inside the package as
``stud8/conformance/protocol.md``, so an engine author with only ``pip install stud8`` has it:
``stud8 protocol`` prints it (Markdown), ``stud8 protocol --path`` prints where it is.
"""

from __future__ import annotations

import argparse
from importlib import resources
from pathlib import Path

DOCUMENT = "protocol.md"


EXAMPLES: tuple[str, ...] = (
    "stud8 protocol",
    "stud8 protocol --path",
)
"""The command lines its --help ends with (tests/test_cli_conventions.py checks each parses)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--path", action="store_true", help="print the document's file path instead of its text")


def protocol_path() -> Path:
    """The installed document (a checkout's link resolved to ``docs/protocol.md``)."""
    return Path(str(resources.files("stud8.conformance.engines").joinpath(DOCUMENT))).resolve()


def run(args: argparse.Namespace) -> int:
    if args.path:
        print(protocol_path())
    else:
        print(resources.files("stud8.conformance.engines").joinpath(DOCUMENT).read_text(encoding="utf-8"), end="")
    return 0

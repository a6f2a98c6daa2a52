"""The one output convention of the ``stud8`` commands: ``--format text|json``.

Every command that prints results takes ``--format`` (text for people, default; json for
programs: one JSON document on stdout). ``--json`` is kept as a hidden alias of
``--format json`` so that scripts written before the convention keep working.
"""

from __future__ import annotations

import argparse


def add_format_argument(parser: argparse.ArgumentParser, what: str = "results") -> None:
    """Add ``--format text|json`` (and the hidden ``--json`` alias) to a command's parser."""
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help=f"print the {what} as text (default) or as one JSON document")
    parser.add_argument("--json", dest="format", action="store_const", const="json", help=argparse.SUPPRESS)


def wants_json(args: argparse.Namespace) -> bool:
    return getattr(args, "format", "text") == "json"

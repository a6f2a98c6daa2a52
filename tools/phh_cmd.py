"""``stud8 phh``: aliases of ``stud8 hh`` for PHH files, kept for the commands people and
documents already use (``stud8 phh import FILE.phh --id real-NNN``).

* ``stud8 phh import ...`` is ``stud8 hh import ...``;
* ``stud8 phh export SCENARIO ...`` is ``stud8 hh export SCENARIO --to phh ...``;
* ``stud8 phh replay FILE ...`` is ``stud8 hh audit FILE ...``.

Each takes exactly the arguments of the command it stands for (the same argument builders of
``tools/hh_cmd.py``) and runs it: no logic of its own, so PHH is read, judged, imported and
written one way only. The exit codes are ``stud8 hh``'s.
"""

from __future__ import annotations

import argparse

from stud8.tools import hh_cmd
from stud8.tools.arguments import examples

ALIASES: dict[str, tuple[str, str]] = {
    "import": ("import", "stud8 hh import"),
    "export": ("export", "stud8 hh export --to phh"),
    "replay": ("audit", "stud8 hh audit"),
}
"""``stud8 phh ACTION`` -> (the ``stud8 hh`` action it runs, the command it stands for)."""

ALIAS_EXAMPLES: dict[str, tuple[str, ...]] = {
    "import": ("stud8 phh import hand.phh -o hand.yaml", "stud8 phh import club/*.phh -o club.yaml --id club-001"),
    "export": ("stud8 phh export pots-004 -o pots-004.phh",),
    "replay": ("stud8 phh replay hand.phh", "stud8 phh replay hand.phh --profile tda --format json"),
}

EXAMPLES: tuple[str, ...] = (
    "stud8 phh import hand.phh -o hand.yaml",
    "stud8 phh replay hand.phh --format json",
)
"""The command lines its --help ends with (tests/test_cli_conventions.py checks each parses)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="phh_command", metavar="ACTION",
                                help="import, export or replay (stud8 phh ACTION --help for its arguments)")
    sub.required = True
    for alias, (action, command) in ALIASES.items():
        text = f"alias of `{command}`"
        alias_parser = sub.add_parser(alias, help=text, description=f"{text.capitalize()}: the same arguments, output and "
                                      f"exit codes (`stud8 hh {action} --help` says more).",
                                      **examples(*ALIAS_EXAMPLES[alias]))
        if action == "import":
            hh_cmd.add_import_arguments(alias_parser)
        elif action == "export":
            hh_cmd.add_export_arguments(alias_parser, fixed_format="phh")
        else:
            hh_cmd.add_audit_arguments(alias_parser)


def run(args: argparse.Namespace) -> int:
    args.hh_command = ALIASES[args.phh_command][0]
    return hh_cmd.run(args)

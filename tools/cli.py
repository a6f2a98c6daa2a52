"""The ``stud8`` command: one sub-command per module under ``stud8.tools``.

Each command module exposes ``add_arguments(parser)`` and ``run(args) -> int``. Exit codes,
the same for every command: 0 clean, 1 problems found (invalid files, failed scenarios,
disagreements), 2 usage or input error. Bad input never produces a traceback: every
``Stud8Error`` is printed as ``stud8 COMMAND: message`` and exits 2 unless the command
chose otherwise.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import Any

from stud8.reference.errors import Stud8Error
from stud8.tools.arguments import examples
from stud8.tools.version import stud8_version

# name -> (module under stud8.tools, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "validate": ("validate_cmd", "check rule book and scenario files against their schemas and semantics"),
    "eval": ("eval_cmd", "evaluate a 5 to 7 card hand, high and eight-or-better low"),
    "verify-evaluator": ("verify_cmd", "cross-check the plain and fast evaluators against published counts"),
    "conform": ("conform_cmd", "run the conformance suite against an engine"),
    "report": ("report_cmd", "compare the conformance reports of several engines: text, one HTML page, a badge each"),
    "explain": ("explain_cmd", "show one scenario's exchange with an engine beside the reference engine's, and the rule it breaks"),
    "coverage": ("coverage_cmd", "list every rule id with the scenarios that cite it"),
    "phh": ("phh_cmd", "import, export and replay PHH hand histories"),
    "hh": ("hh_cmd", "audit site hand histories (PokerStars, OHH, ...) against the rule book; import, export, synth"),
    "bench": ("bench_cmd", "benchmark stud8 side by side with PokerKit and treys"),
    "docs": ("docs_cmd", "generate the human-readable rule book (Markdown and HTML)"),
    "serve": ("serve_cmd", "speak the JSON-lines engine protocol on stdin/stdout for the reference engine"),
    "fuzz": ("fuzz_cmd", "play random hands on the reference engine and another engine in lockstep"),
    "schema": ("schema_cmd", "print a JSON Schema of stud8 (scenario, rules, report, protocol/...), 2020-12 or draft-07"),
    "protocol": ("protocol_cmd", "print the engine protocol document (or its path with --path)"),
    "mutants": ("mutants_cmd", "run the scenario suite against planted engine mistakes; every one must be killed"),
}


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors exit 2 with one clear line (argparse's default)."""


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="stud8", description="Seven Card Stud Hi/Lo eight-or-better: the executable specification.",
                     **examples("stud8 conform --engine 'cmd:./my-engine --stud8' --report report.json",
                                "stud8 explain pots-005 --engine 'cmd:./my-engine --stud8'"))
    parser.add_argument("--version", action="version", version=f"stud8 {stud8_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module_name, help_text) in COMMANDS.items():
        module = _load(module_name)
        command_parser = sub.add_parser(name, help=help_text, description=help_text, **examples(*module.EXAMPLES))
        module.add_arguments(command_parser)
        command_parser.set_defaults(_run=module.run, _name=name)
    return parser


def _load(module_name: str) -> Any:
    """Import a command module (each keeps its heavy imports inside ``run``)."""
    return importlib.import_module(f"stud8.tools.{module_name}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "_run", None):
        parser.print_help()
        return 2
    try:
        return int(args._run(args))
    except Stud8Error as error:
        print(f"stud8 {args._name}: {error.message}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"stud8 {args._name}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

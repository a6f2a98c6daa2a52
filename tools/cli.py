"""The ``stud8`` command: one sub-command per module under ``stud8.tools``.

Each command module exposes ``add_arguments(parser)`` and ``run(args) -> int``. Exit codes,
the same for every command: 0 clean, 1 problems found (invalid files, failed scenarios,
disagreements), 2 usage or input error. Bad input never produces a traceback: every
``Stud8Error`` is printed as ``stud8 COMMAND: message`` and exits 2 unless the command
chose otherwise.

What every command shares is handled here once:

* standard output that cannot be written (``/dev/full``, closed, a broken pipe) ends the
  command with one line on stderr and exit 2 (``tools/streams.py``), never a traceback nor a
  silent success; a closed standard input is an input that has ended;
* an ``OSError`` no command expected (a 300-character file name, a file that vanished while
  it was read) is one line naming the file, exit 2;
* each run keeps the ledger of the files it reads and writes (``stud8.spec.runfiles``), so
  that no output replaces one of its inputs or another of its outputs;
* every line printed here passes the one sanitiser (``stud8.spec.limits.printable``), so an
  argument with a newline or an ANSI escape, or of 100,000 characters, prints as one bounded,
  inert line.
"""

from __future__ import annotations

import argparse
import importlib
import io
import re
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from stud8.reference.errors import Stud8Error
from stud8.spec.limits import MAX_PATH_CHARS, MAX_QUOTE_CHARS, printable, shorten, shown_path
from stud8.spec.runfiles import run_files
from stud8.tools.arguments import examples
from stud8.tools.streams import GuardedStdout, StdoutFailed, hold_closed_descriptors
from stud8.tools.version import stud8_version

MAX_LINE_CHARS = 2 * MAX_PATH_CHARS
"""Longest error line printed: its parts are bounded where they are put together; this bounds
what a part that escaped that still costs."""

# name -> (module under stud8.tools, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "validate": ("validate_cmd", "check rule book and scenario files against their schemas and semantics"),
    "eval": ("eval_cmd", "evaluate a 5 to 7 card hand, high and eight-or-better low"),
    "verify-evaluator": ("verify_cmd", "cross-check the plain and fast evaluators against published counts"),
    "new-harness": ("harness_cmd", "copy a starter harness (python, node, c) wired to a toy engine, to plug yours into"),
    "smoke": ("smoke_cmd", "check an engine in seconds: the protocol step by step, then a sample of 30 scenarios"),
    "conform": ("conform_cmd", "run the conformance suite against an engine"),
    "report": ("report_cmd", "compare the conformance reports of several engines: text, one HTML page, a badge each"),
    "explain": ("explain_cmd", "show one scenario's exchange with an engine beside the reference engine's, and the rule it breaks"),
    "coverage": ("coverage_cmd", "list every rule id with the scenarios that cite it"),
    "phh": ("phh_cmd", "aliases of stud8 hh for PHH files: import, export (--to phh), replay (audit)"),
    "hh": ("hh_cmd", "audit hand histories (PHH, PokerStars, OHH, ...) against the rule book; import, export, synth"),
    "bench": ("bench_cmd", "benchmark stud8 side by side with PokerKit and treys"),
    "docs": ("docs_cmd", "generate the human-readable rule book (Markdown and HTML)"),
    "serve": ("serve_cmd", "speak the JSON-lines engine protocol on stdin/stdout for the reference engine"),
    "fuzz": ("fuzz_cmd", "play random hands on the reference engine and another engine in lockstep"),
    "schema": ("schema_cmd", "print a JSON Schema of stud8 (scenario, rules, report, protocol/...), 2020-12 or draft-07"),
    "protocol": ("protocol_cmd", "print the engine protocol document (or its path with --path)"),
    "mutants": ("mutants_cmd", "run the scenario suite against planted engine mistakes; every one must be killed"),
}


_QUOTED_RUN = re.compile(r"""(?<![\w'"])(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")(?![\w'"])""")
"""A value quoted in a message the way ``repr`` quotes it (argparse's ``invalid choice: 'x'``,
``unknown profile 'x'``): a quote not inside a word (so the apostrophes of ``engine's`` and
``don't`` start nothing), escapes inside, the same quote closing it."""


def bounded(message: str) -> str:
    """``message`` as one printable line: every quoted value in it cut to ``MAX_QUOTE_CHARS``
    (the value says how long it was), control characters escaped, the line cut to
    ``MAX_LINE_CHARS``. The sanitiser (``printable``) applied to lines whose parts come from
    places that did not bound them: argparse quotes a bad value whole, and a command may have
    put a value in its message with ``!r``."""

    def cut(found: re.Match[str]) -> str:
        text = found.group(0)
        inner = text[1:-1]
        if len(inner) <= MAX_QUOTE_CHARS:
            return text
        return f"{text[0]}{inner[:MAX_QUOTE_CHARS - 3]}...{text[0]} ({len(inner)} characters)"

    return printable(_QUOTED_RUN.sub(cut, message), MAX_LINE_CHARS)


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors are the command's one line: ``stud8 COMMAND:
    what is wrong (stud8 COMMAND --help)`` on stderr, exit 2, never the usage block (a
    subcommand's parser is one of these too: ``add_subparsers`` makes its parsers of the
    parent's class). What it quotes passes ``bounded``: argparse quotes a bad value whole."""

    def error(self, message: str) -> NoReturn:
        _complain_as(self.prog, f"{message} (see {self.prog} --help)")
        raise SystemExit(2)

    def parse_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                   namespace: argparse.Namespace | None = None) -> argparse.Namespace:
        """argparse's, except that words no parser took are blamed on the innermost command
        they were given to (argparse blames ``stud8`` itself, and quotes them whole)."""
        parsed, extras = self.parse_known_args(args, namespace)
        if extras:
            words = list(sys.argv[1:] if args is None else args)
            shown = shorten(" ".join(extras))
            _innermost(self, words).error(f"unrecognized argument{'s' if len(extras) > 1 else ''}: {shown}")
        return parsed


def _innermost(parser: argparse.ArgumentParser, words: Sequence[str]) -> argparse.ArgumentParser:
    """The parser of the deepest command named in ``words`` (``stud8 hh audit ...``: audit's)."""
    for word in words:
        choices = next((action.choices for action in parser._actions if isinstance(action, argparse._SubParsersAction)), None)
        if not isinstance(choices, dict):
            break
        if word in choices:
            parser = choices[word]
    return parser


class _VersionAction(argparse._VersionAction):
    """``--version``: the version and the kind of build, worked out only when asked (the build is
    read from the installed files, which every other command need not look at)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        from stud8.spec.version import build_description

        self.version = f"stud8 {stud8_version()} ({build_description()})"
        super().__call__(parser, namespace, values, option_string)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="stud8", description="Seven Card Stud Hi/Lo eight-or-better: the executable specification.",
                     **examples("stud8 conform --engine 'cmd:./my-engine --stud8' --report report.json",
                                "stud8 explain pots-005 --engine 'cmd:./my-engine --stud8'"))
    parser.add_argument("--version", action=_VersionAction, help="show the version and the build (pure Python or compiled) and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", help="the command to run (stud8 COMMAND --help for its arguments)")
    for name, (module_name, help_text) in COMMANDS.items():
        module = _load(module_name)
        command_parser = sub.add_parser(name, help=help_text, description=help_text, **examples(*module.EXAMPLES))
        module.add_arguments(command_parser)
        command_parser.set_defaults(_run=module.run, _name=name)
    return parser


def _load(module_name: str) -> Any:
    """Import a command module (each keeps its heavy imports inside ``run``)."""
    return importlib.import_module(f"stud8.tools.{module_name}")


def _complain(name: str, message: str) -> None:
    """One line on stderr, ``stud8 NAME: message``."""
    _complain_as(f"stud8{' ' + name if name else ''}", message)


def _complain_as(prefix: str, message: str) -> None:
    """One line on stderr, passed through ``bounded``; if stderr itself cannot be written,
    there is nobody left to tell."""
    try:
        print(f"{prefix}: {bounded(message)}", file=sys.stderr, flush=True)
    except (OSError, ValueError, AttributeError):
        pass


def main(argv: Sequence[str] | None = None) -> int:
    if sys.stdout is None and sys.__stdout__ is None:  # this process was started with stdout closed
        hold_closed_descriptors()
    parser = build_parser()
    saved, saved_stdin = sys.stdout, sys.stdin
    if sys.stdin is None:  # started with stdin closed: to a command, an input that has ended
        sys.stdin = io.TextIOWrapper(io.BytesIO(b""), encoding="utf-8")
    guard = GuardedStdout(saved)
    sys.stdout = guard  # type: ignore[assignment]
    name = _name_of(argv)
    try:
        try:
            args = parser.parse_args(argv)
        except SystemExit:  # --help, --version, a usage error: what argparse printed must reach stdout
            sys.stdout.flush()
            raise
        if not getattr(args, "_run", None):
            # no command: a usage error (exit 2), so the list of commands goes where errors go,
            # and standard output, which a caller may be parsing as JSON, stays empty
            parser.print_help(sys.stderr)
            return 2
        name = args._name
        try:
            with run_files():  # what this run reads and writes: no output over an input or another output
                code = int(args._run(args))
            sys.stdout.flush()
            return code
        except Stud8Error as error:
            _complain(name, error.message)
            return 2
        except KeyboardInterrupt:
            _complain(name, "interrupted")
            return 130
        except OSError as error:  # a file name too long, a file gone while it was read
            where = f"{shown_path(error.filename)}: " if error.filename else ""
            _complain(name, f"{where}{error.strerror or error}")
            return 2
    except StdoutFailed as failed:
        guard.silence()
        _complain(name, f"cannot write to standard output: {failed.why}")
        return 2
    finally:
        sys.stdout = saved  # a command may have pointed it elsewhere (serve: at stderr)
        sys.stdin = saved_stdin


def _name_of(argv: Sequence[str] | None) -> str:
    """The command's name for a message raised before the arguments were read."""
    words = list(sys.argv[1:] if argv is None else argv)
    return next((word for word in words if word in COMMANDS), "")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

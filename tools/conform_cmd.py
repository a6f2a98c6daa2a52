"""``stud8 conform``: run the conformance suite against an engine, through pytest.

pytest does the work (selection with ``-k``, ``--maxfail``, JUnit XML, ``-n auto`` with
pytest-xdist): arguments after ``--`` go to it unchanged. The run uses the packaged
``conform.ini`` so that it behaves the same from any directory.

Exit codes: 0 every scenario passed (or was not applicable, or is a known failure of the
baseline), 1 failures (including engine errors, crashes and timeouts, and baseline entries that
now pass), 2 usage errors (unknown engine, missing folder, unwritable report).
"""

from __future__ import annotations

import argparse
import os
from importlib import resources
from pathlib import Path

import pytest

from stud8.conformance import plugin
from stud8.conformance.engine_spec import DEFAULT_TIMEOUT
from stud8.conformance.report import load_baseline
from stud8.conformance.scenarios import packaged_scenarios_dir
from stud8.reference.errors import Stud8Error
from stud8.tools.output import check_writable


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--engine", default="reference", metavar="SPEC",
                        help="the engine under test: reference (default), pokerkit, pokerkit-native, "
                             "python:MODULE:FACTORY, or cmd:COMMAND LINE (started without a shell)")
    parser.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT, metavar="SECONDS",
                        help=f"seconds allowed for each engine message (default {DEFAULT_TIMEOUT:g})")
    parser.add_argument("--report", type=Path, metavar="FILE", help="write the JSON report (spec/schema/report.schema.json)")
    parser.add_argument("--baseline", type=Path, metavar="FILE",
                        help="known failures (ids, one a line, or a JSON report): they do not fail the run; one that passes does")
    parser.add_argument("--scenarios", action="append", type=Path, default=[], metavar="DIR",
                        help="also run the scenario files under DIR (repeatable)")
    parser.add_argument("--no-builtin", action="store_true", help="run only the --scenarios folders, not the packaged suite")
    parser.add_argument("pytest_args", nargs=argparse.REMAINDER, metavar="-- PYTEST-ARGS",
                        help="arguments after -- are passed to pytest")


def pytest_arguments(args: argparse.Namespace) -> list[str]:
    """The pytest command line for this run."""
    folders = ([] if args.no_builtin else [packaged_scenarios_dir()]) + list(args.scenarios)
    if not folders:
        raise Stud8Error("nothing to run: --no-builtin needs at least one --scenarios DIR", "usage")
    for folder in args.scenarios:
        if not folder.is_dir():
            raise Stud8Error(f"--scenarios {folder}: no such folder", "usage")
    if args.timeout <= 0:
        raise Stud8Error(f"--timeout must be positive, got {args.timeout:g}", "usage")
    if args.report is not None:
        check_writable(args.report, "--report")
    if args.baseline is not None:
        load_baseline(args.baseline)  # a baseline that cannot be read stops the run before it starts
    extra = list(args.pytest_args)
    if extra and extra[0] == "--":
        extra = extra[1:]
    ini = Path(str(resources.files("stud8.conformance").joinpath("conform.ini")))
    command = ["-c", str(ini), "--rootdir", str(ini.parent), "--stud8-engine", args.engine,
               "--stud8-timeout", str(args.timeout)]
    if args.report is not None:
        command += ["--stud8-report", str(args.report.resolve())]
    if args.baseline is not None:
        command += ["--stud8-baseline", str(args.baseline.resolve())]
    for folder in folders:
        command += ["--stud8-scenarios", str(folder.resolve())]
    return command + extra + [str(folder.resolve()) for folder in folders]


def run(args: argparse.Namespace) -> int:
    command = pytest_arguments(args)
    autoload_off = bool(os.environ.get("PYTEST_DISABLE_PLUGIN_AUTOLOAD"))
    code = pytest.main(command, plugins=[plugin] if autoload_off else [])
    if code == pytest.ExitCode.OK:
        return 0
    if code in (pytest.ExitCode.USAGE_ERROR, pytest.ExitCode.NO_TESTS_COLLECTED):
        return 2
    return 1

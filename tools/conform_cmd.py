"""``stud8 conform``: run the conformance suite against an engine, through pytest.

pytest does the work (selection with ``-k``, ``--maxfail``, JUnit XML, ``-n auto`` with
pytest-xdist): arguments after ``--`` go to it unchanged. The run uses the packaged
``conform.ini`` so that it behaves the same from any directory.

Exit codes: 0 every scenario passed, 1 failures, 2 usage errors.
"""

from __future__ import annotations

import argparse
import os
from importlib import resources
from pathlib import Path

import pytest

from stud8.conformance import plugin
from stud8.conformance.scenarios import packaged_scenarios_dir
from stud8.reference.errors import Stud8Error


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--engine", default="reference", metavar="SPEC", help="the engine under test (default: reference)")
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
    extra = list(args.pytest_args)
    if extra and extra[0] == "--":
        extra = extra[1:]
    ini = Path(str(resources.files("stud8.conformance").joinpath("conform.ini")))
    command = ["-c", str(ini), "--rootdir", str(ini.parent), "--stud8-engine", args.engine]
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

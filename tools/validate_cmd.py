"""``stud8 validate [PATH...]``: check the rule book and scenario files.

With no path, the packaged rule book and scenarios are checked. A path may be a rule book
file, a scenario file or a folder of scenario files. One line per problem,
``path:line:col: [error] message (code)``, or a JSON list with ``--format json``.
Exit 0 when everything is valid, 1 when problems were found (and when the paths hold no
scenario file at all: an empty folder, only dangling links), 2 when a path does not exist.
At most ``MAX_ERRORS_PER_FILE`` problems are shown per file; files that are not regular
files, too large, or nested too deeply are problems of that file (``stud8.spec.limits``).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from stud8.conformance.suite.scenarios import (
    LoadedFile,
    capped,
    find_scenario_files,
    packaged_scenarios_dir,
    scenarios_from_document,
    suite_problems,
)
from stud8.reference.errors import Stud8Error
from stud8.spec.limits import shown_path
from stud8.spec.rulebook import check_rulebook, packaged_rules_path
from stud8.spec.yamlio import Problem, YamlProblem, load_yaml_file
from stud8.tools.formats import add_format_argument
from stud8.tools.streams import say, warn

EXAMPLES: tuple[str, ...] = (
    "stud8 validate",
    "stud8 validate my-house-rules/ --format json",
)
"""The command lines its --help ends with (tests/test_cli_conventions.py checks each parses)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*", type=Path, metavar="PATH",
                        help="rule book, scenario file or folder (default: the packaged rule book and scenarios)")
    add_format_argument(parser, "problems")


def _is_rulebook(document: Any) -> bool:
    return isinstance(document, dict) and "sections" in document and "scenarios" not in document


def check_paths(paths: list[Path]) -> tuple[list[Problem], int]:
    """All problems in ``paths`` and the number of files checked."""
    for path in paths:
        if not path.exists():
            raise Stud8Error(f"no such file or folder: {shown_path(path)}", "usage")
    problems: list[Problem] = []
    scenario_files: list[LoadedFile] = []
    files = find_scenario_files(paths)
    for path in files:
        try:
            document = load_yaml_file(path)
        except YamlProblem as error:
            problems.append(error.problem)
            continue
        if _is_rulebook(document):
            problems.extend(capped(check_rulebook(document, str(path)), str(path)))
        else:
            loaded = scenarios_from_document(document, str(path))
            scenario_files.append(loaded)
            problems.extend(loaded.problems)
    problems.extend(suite_problems(scenario_files))
    return problems, len(files)


def run(args: argparse.Namespace) -> int:
    paths: list[Path] = args.paths or [packaged_rules_path(), packaged_scenarios_dir()]
    problems, count = check_paths(paths)
    if count == 0:
        shown = ", ".join(shown_path(path) for path in paths)
        warn(f"stud8 validate: no scenario files found in {shown} (files ending .yaml or .yml)")
        return 1
    if args.format == "json":
        print(json.dumps({"files": count, "problems": [p.as_json() for p in problems]}, indent=2))
    else:
        for problem in problems:
            say(str(problem))
        if not problems:
            print(f"{count} files valid")
    return 1 if problems else 0

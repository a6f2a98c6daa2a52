"""``stud8 coverage``: every rule id of the rule book with the scenarios that cite it.

Exit 1 when a rule id is cited by no scenario: a rule nobody tests is a rule nobody checks.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from stud8.conformance.suite.scenarios import iter_scenarios, load_suite, packaged_scenarios_dir
from stud8.reference.errors import Stud8Error
from stud8.spec.rulebook import RuleBook, default_rulebook
from stud8.tools.arguments import check_scenario_folders
from stud8.tools.formats import add_format_argument, wants_json
from stud8.tools.streams import say

EXAMPLES: tuple[str, ...] = (
    "stud8 coverage",
    "stud8 coverage --scenarios my-house-rules --format json",
)
"""The command lines its --help ends with (tests/test_cli_conventions.py checks each parses)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--scenarios", action="append", type=Path, default=[], metavar="DIR",
                        help="count these scenario folders too (repeatable)")
    parser.add_argument("--no-builtin", action="store_true", help="count only the --scenarios folders")
    add_format_argument(parser, "coverage ({rule id: [scenario ids]} in JSON)")


def rule_coverage(book: RuleBook, folders: list[Path]) -> dict[str, list[str]]:
    """Rule id -> ids of the scenarios citing it, in rule-book order.

    Raises ``Stud8Error`` when a folder is missing or a file is invalid: coverage counted
    over files that do not validate would be a wrong answer, not a partial one.
    """
    check_scenario_folders(folders)
    files, problems = load_suite(folders, book)
    if problems:
        raise Stud8Error("invalid scenario files (run stud8 validate):\n" + "\n".join(str(p) for p in problems), "invalid")
    citing: dict[str, list[str]] = {rule_id: [] for rule_id in book.rule_ids}
    for scenario in iter_scenarios(files):
        for rule_id in scenario.rules:
            if rule_id in citing:
                citing[rule_id].append(scenario.id)
    return citing


def run(args: argparse.Namespace) -> int:
    folders = ([] if args.no_builtin else [packaged_scenarios_dir()]) + list(args.scenarios)
    coverage = rule_coverage(default_rulebook(), folders)
    if wants_json(args):
        print(json.dumps(coverage, indent=2))
    else:
        width = max(len(rule_id) for rule_id in coverage)
        for rule_id, ids in coverage.items():
            shown = ", ".join(ids) if ids else "UNCOVERED"
            say(f"{rule_id:<{width}}  {len(ids):>3}  {shown}")
    uncovered = [rule_id for rule_id, ids in coverage.items() if not ids]
    if uncovered:
        print(f"{len(uncovered)} of {len(coverage)} rule ids are cited by no scenario", file=sys.stderr)
        return 1
    return 0

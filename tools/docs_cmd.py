"""``stud8 docs --out DIR [--profile NAME] [--scenarios DIR...]``: the human-readable rule book.

Writes ``DIR/rules.md`` (GitHub-flavoured Markdown) and ``DIR/index.html`` (one standalone
page: inline CSS, no scripts, nothing fetched from the network) from the rule book and the
scenarios: the packaged ones plus any ``--scenarios`` folders, as a card room adds its house
cases. ``--profile`` renders the book as that profile reads it. The committed book under
``docs/`` is regenerated with ``stud8 docs --out docs``.

Exit codes: 0 written; 1 the rule book or a scenario file is invalid (the validator's
``path:line:col: [error] message (code)`` lines go to stderr, and nothing is written, so a
previous book is left as it was); 2 a usage error: an unknown profile, a missing folder, or
an output folder that cannot be written. See ``stud8.tools.docs_render`` for what the page
contains and ``stud8.tools.docs_scenes`` for how scenarios become narratives.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from stud8.conformance.scenarios import iter_scenarios, load_suite, packaged_scenarios_dir
from stud8.reference.errors import Stud8Error
from stud8.spec.rulebook import RuleBook, RuleBookError, load_rulebook_file, packaged_rules_path
from stud8.spec.yamlio import Problem
from stud8.tools.docs_render import build_context, check_output_folder, render, write_output


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", required=True, type=Path, metavar="DIR",
                        help="folder to write rules.md and index.html into (created if missing)")
    parser.add_argument("--profile", metavar="NAME",
                        help="render the book as this profile reads it (default: the rule book's default profile)")
    parser.add_argument("--scenarios", action="extend", nargs="+", type=Path, default=[], metavar="DIR",
                        help="also show the scenarios in these folders, e.g. a card room's house cases (repeatable)")
    parser.add_argument("--rules", type=Path, metavar="FILE",
                        help="the rule book to render (default: the packaged spec/rules.yaml)")


def _report(problems: list[Problem]) -> int:
    for problem in problems:
        print(problem, file=sys.stderr)
    count = len(problems)
    print(f"stud8 docs: {count} problem{'s' if count != 1 else ''} found; nothing was written", file=sys.stderr)
    return 1


def run(args: argparse.Namespace) -> int:
    check_output_folder(args.out)
    for folder in args.scenarios:
        if not folder.is_dir():
            raise Stud8Error(f"--scenarios {folder}: no such folder", "usage")
    rules_path = args.rules or packaged_rules_path()
    if not Path(rules_path).is_file():
        raise Stud8Error(f"--rules {rules_path}: no such file", "usage")
    try:
        book: RuleBook = load_rulebook_file(rules_path)
    except RuleBookError as error:
        return _report(error.problems)
    profile = args.profile or book.default_profile
    if profile not in book.profiles:
        raise Stud8Error(f"unknown profile {profile!r} (profiles: {', '.join(book.profiles)})", "usage")
    builtin = packaged_scenarios_dir()
    files, problems = load_suite([builtin, *args.scenarios], book)
    if problems:
        return _report(problems)
    house_files = [loaded for loaded in files if not _under(Path(loaded.path), builtin)]
    house_ids = [scenario.id for scenario in iter_scenarios(house_files)]
    context = build_context(book, list(iter_scenarios(files)), profile, house_ids)
    written = render(context)
    write_output(args.out, written)
    print(f"wrote {', '.join(str(args.out / name) for name in written)}")
    return 0


def _under(path: Path, folder: Path) -> bool:
    try:
        path.resolve().relative_to(folder.resolve())
    except ValueError:
        return False
    return True

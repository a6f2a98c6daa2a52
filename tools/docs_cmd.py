"""``stud8 docs --out DIR [--lang en|et|pl|el|all] [--profile NAME] [--scenarios DIR]...``.

Writes the rule book and the conformance catalogue (see ``stud8.tools.docs.render``):
``DIR/index.html`` and ``DIR/rules.md`` (the English book), ``DIR/<lang>/index.html`` and
``DIR/<lang>/rules.md`` (Estonian, Polish, Greek), ``DIR/catalogue.html`` and
``DIR/catalogue/*.md`` (English, always written: the books link to it). The scenarios are the
packaged ones plus any ``--scenarios`` folders, as a card room adds its house cases.
``--profile`` renders the documents as that profile reads them. The committed documents under
``docs/`` are regenerated with ``stud8 docs --out docs`` (``--lang all`` is the default).

Exit codes: 0 written; 1 the rule book or a scenario file is invalid (the validator's
``path:line:col: [error] message (code)`` lines go to stderr, and nothing is written, so a
previous book is left as it was); 2 a usage error: an unknown profile, a missing folder, or
an output folder that cannot be written, ``--pdf`` without WeasyPrint. Without PyICU the
glossaries are sorted by the CLDR rules in ``stud8.tools.docs.collation`` and one note line
says so on stderr (exit 0). With ``--pdf`` each
language's book and quick reference are also written as PDF (``stud8.tools.docs.pdf``). See
``stud8.tools.docs.render`` for what the page contains and ``stud8.tools.docs.scenes`` for how
scenarios become narratives.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from stud8.conformance.suite.scenarios import SCENARIO_SUFFIXES, iter_scenarios, load_suite, packaged_scenarios_dir
from stud8.spec.errors import Stud8Error
from stud8.spec.limits import shown_path
from stud8.spec.outputs import resolve_output
from stud8.spec.rulebook import RuleBook, RuleBookError, default_rulebook, load_rulebook_file, packaged_rules_path
from stud8.spec.runfiles import declare_inputs
from stud8.spec.yamlio import Problem
from stud8.tools.arguments import check_scenario_folders
from stud8.tools.docs.collation import FALLBACK_NOTE, uses_icu
from stud8.tools.docs.i18n import LANGUAGES, I18nError, load_source
from stud8.tools.docs.mutants import mutant_rows
from stud8.tools.docs.pdf import INSTALL_WEASYPRINT, make_pdfs, pdf_names, weasyprint_problem
from stud8.tools.docs.render import (
    build_book_context,
    build_catalogue_context,
    check_output_folder,
    planned_names,
    render_book,
    render_catalogue,
    write_output,
)
from stud8.tools.streams import say, warn

EXAMPLES: tuple[str, ...] = (
    "stud8 docs --out docs",
    "stud8 docs --out house-book --lang en --scenarios my-house-rules",
)
"""The command lines its --help ends with (tests/test_cli_conventions.py checks each parses)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", required=True, type=Path, metavar="DIR",
                        help="folder to write the book and the catalogue into (created if missing)")
    parser.add_argument("--lang", choices=[*LANGUAGES, "all"], default="all",
                        help="the book's language: en, et (Estonian), pl (Polish), el (Greek) or all (default); "
                             "the catalogue is English")
    parser.add_argument("--profile", metavar="NAME",
                        help="render the book as this profile reads it (default: the rule book's default profile)")
    parser.add_argument("--scenarios", action="append", type=Path, default=[], metavar="DIR",
                        help="also show the scenarios in these folders, e.g. a card room's house cases (repeatable)")
    parser.add_argument("--pdf", action="store_true",
                        help="also write each language's book as a PDF (rules.pdf, quickref.pdf beside its "
                             "index.html) with page numbers and a contents with page numbers; needs WeasyPrint "
                             f"({INSTALL_WEASYPRINT})")
    parser.add_argument("--rules", type=Path, metavar="FILE",
                        help="the rule book to render (default: the packaged spec/rules.yaml)")


def _report(problems: list[Problem]) -> int:
    for problem in problems:
        warn(str(problem))
    count = len(problems)
    print(f"stud8 docs: {count} problem{'s' if count != 1 else ''} found; nothing was written", file=sys.stderr)
    return 1


def run(args: argparse.Namespace) -> int:
    check_output_folder(args.out)
    if args.pdf:
        problem = weasyprint_problem()
        if problem:
            raise Stud8Error(f"--pdf: {problem}", "usage")
    check_scenario_folders(args.scenarios)
    rules_path = args.rules or packaged_rules_path()
    if not Path(rules_path).is_file():
        raise Stud8Error(f"--rules {shown_path(rules_path)}: no such file", "usage")
    # what the book is made of: no page of --out may replace it (--out book --rules book/rules.md)
    declare_inputs([rules_path], "--rules")
    declare_inputs(args.scenarios, "--scenarios", suffixes=SCENARIO_SUFFIXES)
    try:
        # the packaged book is the process's one (default_rulebook): scenario files already
        # checked against it in this process are not parsed again (scenarios._LOADED is keyed
        # by the book), as a second docs run or a test calling main() several times would
        book: RuleBook = default_rulebook() if args.rules is None else load_rulebook_file(rules_path)
    except RuleBookError as error:
        return _report(error.problems)
    profile = args.profile or book.default_profile
    if profile not in book.profiles:
        raise Stud8Error(f"unknown profile {profile!r} (profiles: {', '.join(book.profiles)})", "usage")
    langs = LANGUAGES if args.lang == "all" else (args.lang,)
    _check_planned_outputs(args.out, planned_names(book, langs), args.pdf)
    builtin = packaged_scenarios_dir()
    files, problems = load_suite([builtin, *args.scenarios], book)
    if problems:
        return _report(problems)
    house_files = [loaded for loaded in files if not _under(Path(loaded.path), builtin)]
    house_ids = [scenario.id for scenario in iter_scenarios(house_files)]
    scenarios = list(iter_scenarios(files))
    try:
        source = load_source()
        written: dict[str, str] = {}
        for lang in langs:
            written.update(render_book(build_book_context(book, scenarios, lang, profile, house_ids, source)))
    except I18nError as error:
        warn(f"stud8 docs: {error}")
        print("stud8 docs: a translation catalogue is invalid; nothing was written", file=sys.stderr)
        return 1
    written.update(render_catalogue(build_catalogue_context(book, scenarios, profile, house_ids, mutant_rows(), source)))
    outputs: dict[str, str | bytes] = dict(written)
    if args.pdf:
        outputs.update(make_pdfs(args.out, written))
    write_output(args.out, outputs)
    if not uses_icu():
        warn(f"stud8 docs: note: {FALLBACK_NOTE}")
    say(f"wrote {len(outputs)} files into {shown_path(args.out)}: {', '.join(sorted(outputs))}")
    return 0


def _check_planned_outputs(out: Path, names: list[str], pdf: bool) -> None:
    """Refuse, before rendering, a file of ``out`` the book would write that is an input of
    this run (``--out book --rules book/rules.md``) or cannot be written: the same check
    ``write_output`` makes on the rendered pages, made a minute earlier."""
    for name in [*names, *(pdf_names(names).values() if pdf else ())]:
        resolve_output(out / name, "--out", inside=out)


def _under(path: Path, folder: Path) -> bool:
    try:
        path.resolve().relative_to(folder.resolve())
    except ValueError:
        return False
    return True

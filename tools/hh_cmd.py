"""``stud8 hh``: hand histories of every supported format (PHH, PokerStars, OHH and the other
sites' histories) — audit them against the rule book, import them as replay scenarios, export
scenarios as hand histories, make random ones. Every format is read the same way
(``conformance/handhistory/readers.py``: the format from the content), into one hand record.

* ``stud8 hh audit FILE|DIR... [--profile NAME] [--option NAME=VALUE]... [--format text|json]
  [--report FILE] [-j/--jobs N] [--dask ADDRESS] [--verbose]``: every hand of every file (directories are
  walked; the format is detected from the content) is replayed on the reference engine and
  gets a verdict: ``conforms``, ``deviates`` (the first action the rules refuse, and any payout
  difference, each with its rule id), ``cannot-judge`` (the record lacks what the judgment
  needs), ``not-stud8`` or ``unreadable`` (with the reason). Text output: one line per file
  for the hands of other games (naming the games and counting their hands; ``--verbose``: a
  line per hand), one line per Stud/8 hand that does not conform, then the counts by verdict
  and by rule. ``--format json`` prints the
  report (``spec/schema/audit-report.schema.json``); ``--report FILE`` writes it too. The text
  shows at most ``MAX_ERRORS_PER_FILE`` lines a file. ``--jobs N`` audits on N local processes
  (never more than the cores), ``--dask ADDRESS`` on a Dask cluster (checked first:
  ``executor.probe_scheduler``); the verdicts are the same and in the same order either way.
* ``stud8 hh import FILE... [-o SCENARIOS.yaml | --out DIR] [--id ID] [--title TEMPLATE] [--source TEMPLATE]
  [--comment TEXT] [--no-check]``: each hand becomes a replay scenario
  (``conformance/handhistory/scenario.py``): all of them in one scenario file (``-o``, or
  standard output), or one file per input file (``--out DIR``, ``DIR/<file name>.yaml``; two
  inputs of one name get distinct names, ``hands.yaml`` and ``hands-2.yaml``, checked before
  any work). The
  expected outcome is the recorded final stacks (after the site's rake, the scenario's
  ``rake``); cards nobody saw are dealt by the one policy (down cards lowest, up cards
  highest); the rules cited are those the hand exercised. ``--id`` is the first id (default
  ``imported-001``), later hands count up. ``--title`` and ``--source`` are templates with
  ``{site}``, ``{hand}``, ``{summary}``, ``{comment}`` (the file's own words on where the hand
  came from: PHH's top comment, else the site and hand), ``{path}`` (relative to the current
  folder, or the file's name: never the machine's folders) and ``{line}``. ``--comment`` adds
  lines to the file's header. A hand the reference engine refuses to play as recorded is not
  imported, unless ``--no-check``: then it is, as a disputed scenario that fails on the
  reference engine until someone settles who is right. Every hand is also audited, and a
  verdict other than ``conforms`` is reported on stderr (the scenario keeps the recorded
  result). Hands that cannot be imported (unreadable, not Stud/8, refused) are named on
  stderr and left out; the others are written.
* ``stud8 hh export SCENARIO --to pokerstars|ohh|phh [-o FILE] [--no-check]``: a replay
  scenario (``FILE::ID``, a file with one replay, or a packaged id) played on the reference
  engine and written as a hand history. With ``--to phh`` and PokerKit installed, the file
  is replayed by PokerKit's own loader and refused (exit 1) when PokerKit cannot replay it or
  ends with other stacks (its rules differ from the rule book's in places); ``--no-check``
  skips that; without PokerKit a line on stderr says it was not checked.
* ``stud8 hh synth --hands N --seed S [--players MIN-MAX] [--to pokerstars|ohh|phh] [-o FILE]
  [--profile NAME] [--option NAME=VALUE]...``: random hands played on the reference engine (the same
  file for the same arguments).

``stud8 phh import|export|replay`` are aliases of ``stud8 hh import``, ``stud8 hh export
--to phh`` and ``stud8 hh audit`` (``tools/phh_cmd.py``).

``--format`` is the output format (text|json) here as in every command that prints results;
the hand-history format has its own flag, ``--to``. The old spellings (``--format
pokerstars|ohh|phh``, ``hh synth --out FILE``) still work, each with a one-line note saying
what to write instead.

Every file is written through the one safe writer (``stud8.spec.outputs``): ``-`` is standard
output, a link is never replaced, an input is never overwritten; every line printed passes the
sanitiser (``tools/streams.py``).

Exit codes: 0 every Stud/8 hand conforms (hands of other games are named, one line per file,
not judged), or every hand was imported, the file was written; 1 a Stud/8 hand deviates,
cannot be judged or is unreadable (or a hand could not be imported, a scenario cannot be
written, PokerKit plays the exported hand otherwise); 2 usage errors (a path that does not
exist, an unknown option or placeholder, an output that cannot be written, a Dask address that
cannot be used) and an audit with no Stud/8 hand in its paths (nothing was audited).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import re
import shutil
import sys
import tempfile
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from stud8.reference.errors import Stud8Error
from stud8.spec.limits import MAX_ERRORS_PER_FILE, printable, quoted, shown_path
from stud8.tools.arguments import check_jobs, examples, local_workers, seed
from stud8.tools.formats import add_format_argument, wants_json
from stud8.tools.output import check_writable, distinct_name, is_stdout, open_output, write_files_atomic
from stud8.tools.streams import say, warn

WRITABLE_FORMATS = ("pokerstars", "ohh", "phh")

TITLE = "{site} hand {hand}: {summary}"
SOURCE = "{comment}, {path} line {line}"
"""The default templates of ``hh import`` (``conformance.handhistory.scenario``'s own defaults,
written here too so that building the parser imports nothing heavy)."""


EXAMPLES: tuple[str, ...] = (
    "stud8 hh audit histories/ --report audit.json",
    "stud8 hh synth --hands 100 --seed 1 --to pokerstars -o hands.txt",
)
"""The command lines its --help ends with (tests/test_cli_conventions.py checks each parses)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="hh_command", metavar="ACTION",
                                help="what to do with hand histories (stud8 hh ACTION --help for its arguments)")
    sub.required = True
    audit = sub.add_parser("audit", help="judge every hand of hand histories against the rule book",
                           description="Replay every hand on the reference engine and give it a verdict.",
                           **examples("stud8 hh audit histories/ --report audit.json",
                                      "stud8 hh audit hands.txt --profile tda --format json"))
    add_audit_arguments(audit)

    imp = sub.add_parser("import", help="turn hand histories of any supported format into replay scenarios",
                         description="Turn every hand of the files into replay scenarios.",
                         **examples("stud8 hh import hands.txt --out imported/ --id club-001",
                                    "stud8 hh import hand.phh -o hand.yaml"))
    add_import_arguments(imp)

    exp = sub.add_parser("export", help="write a replay scenario as a hand history",
                         description="Write a replay scenario as a PokerStars, OHH or PHH hand history.",
                         **examples("stud8 hh export pots-004 --to pokerstars", "stud8 hh export pots-004 --to ohh -o pots-004.json"))
    add_export_arguments(exp)

    syn = sub.add_parser("synth", help="random hands played on the reference engine, written as a site would",
                         description="Random hands played on the reference engine (the same for the same seed).",
                         **examples("stud8 hh synth --hands 100 --seed 1 --players 2-8 --to ohh -o hands.json"))
    syn.add_argument("--hands", type=int, required=True, metavar="N", help="how many hands to play and write")
    syn.add_argument("--seed", type=seed, default=1, metavar="S", help="seed of the hands, 0 or more (default 1)")
    syn.add_argument("--players", default="2-8", metavar="MIN-MAX", help="players per hand: N or a range MIN-MAX (default 2-8)")
    _add_hand_history_format(syn, default="pokerstars")
    syn.add_argument("-o", "--output", type=Path, metavar="FILE", help="write the hand history to FILE (default: standard output)")
    syn.add_argument("--out", dest="output", type=Path, action=_Renamed, renamed="-o/--output", help=argparse.SUPPRESS)
    syn.add_argument("--rake", type=int, default=5, metavar="PERCENT", help="rake in percent of the pot, up to 50 cents (default 5)")
    _add_rules_arguments(syn)


class _Renamed(argparse.Action):
    """An old spelling of an option, still accepted: it stores its value where the new
    spelling does and leaves a one-line note (printed by ``deprecation_notes`` when the command
    runs) saying what to write instead. Hidden from ``--help``."""

    def __init__(self, option_strings: list[str], dest: str, renamed: str, **kwargs: Any) -> None:
        self.renamed = renamed
        super().__init__(option_strings, dest, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        setattr(namespace, self.dest, values)
        notes = getattr(namespace, "deprecated", None) or []
        notes.append(f"{option_string} is deprecated here: write {self.renamed} (the old spelling still works for now)")
        namespace.deprecated = notes


class _OldFormat(_Renamed):
    """``--format pokerstars|ohh|phh``, the hand-history format's old flag: ``--format`` is the
    output format (text|json) of the commands that print results, so the hand-history format
    is ``--to``. A hand-history format given the old way still works, with a note; text or
    json is refused, saying why (these commands write a hand history, not results)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        if values in ("text", "json"):
            parser.error(f"argument --format: this command writes a hand history, not results, so it has no "
                         f"--format {values}; choose the hand history's format with --to {'|'.join(WRITABLE_FORMATS)}")
        if values not in WRITABLE_FORMATS:
            parser.error(f"argument --format: invalid choice: {quoted(values)} (the hand-history format is --to "
                         f"{'|'.join(WRITABLE_FORMATS)})")
        self.renamed = f"--to {values}"
        super().__call__(parser, namespace, values, option_string)


def _add_hand_history_format(parser: argparse.ArgumentParser, *, default: str | None) -> None:
    """``--to pokerstars|ohh|phh`` (and the old ``--format`` spelling of it, hidden)."""
    parser.add_argument("--to", dest="hh_format", choices=WRITABLE_FORMATS, default=default, metavar="|".join(WRITABLE_FORMATS),
                        help="the hand history's format: pokerstars, ohh (Open Hand History JSON) or phh"
                             + (f" (default {default})" if default else " (required)"))
    parser.add_argument("--format", dest="hh_format", action=_OldFormat, renamed="--to", metavar="FORMAT",
                        help=argparse.SUPPRESS)


def deprecation_notes(args: argparse.Namespace) -> None:
    """Say, once each, the old spellings this command line used (``_Renamed``)."""
    for note in getattr(args, "deprecated", None) or []:
        warn(f"stud8 hh {args.hh_command}: {note}")


def add_audit_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``hh audit`` (and of its alias ``phh replay``)."""
    parser.add_argument("paths", nargs="+", type=Path, metavar="FILE|DIR",
                        help="hand-history files, or folders to walk for them (the format of each is read from its content)")
    _add_rules_arguments(parser)
    add_format_argument(parser, "report")
    parser.add_argument("--report", type=Path, metavar="FILE", help="also write the JSON report here")
    parser.add_argument("-j", "--jobs", type=int, metavar="N", default=None,
                        help="local worker processes (default: chosen from the work: in this process below "
                             "8 MiB of histories, else one per 8 MiB up to every core; --jobs 1 stays in this process)")
    parser.add_argument("--dask", metavar="ADDRESS", help="audit on this Dask scheduler (tcp://host:8786)")
    parser.add_argument("--verbose", action="store_true",
                        help="a line for every hand that is not Stud/8 too (by default: one line per file, "
                             "naming the games and counting their hands)")
    parser.add_argument("--progress", dest="progress", action="store_true", default=None,
                       help="draw a progress bar (default: when stderr is a terminal)")
    parser.add_argument("--no-progress", dest="progress", action="store_false", help="never draw a progress bar")


def add_import_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``hh import`` (and of its alias ``phh import``)."""
    parser.add_argument("files", nargs="+", type=Path, metavar="FILE",
                        help="hand-history files of any supported format (read from their content)")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("-o", "--output", type=Path, metavar="FILE",
                       help="write every scenario to this one file (default: standard output)")
    where.add_argument("--out", type=Path, metavar="DIR", help="write one scenario file per input file into this folder")
    parser.add_argument("--id", default="imported-001", metavar="ID",
                        help="id of the first scenario; later ones count up (default imported-001)")
    placeholders = "{site}, {hand}, {summary}, {comment}, {path}, {line}"
    parser.add_argument("--title", default=TITLE, metavar="TEMPLATE", help=f"title template: {placeholders} (default {TITLE!r})")
    parser.add_argument("--source", default=SOURCE, metavar="TEMPLATE",
                        help=f"source template: {placeholders}; {{comment}} is the file's own note on the hand "
                             f"(PHH's top comment, else the site and hand) (default {SOURCE!r})")
    parser.add_argument("--comment", metavar="TEXT", help="more text for the comment at the top of the scenario file")
    parser.add_argument("--no-check", action="store_true",
                        help="import a hand the reference engine refuses, as a disputed scenario (it then fails on it)")


def add_export_arguments(parser: argparse.ArgumentParser, *, fixed_format: str | None = None) -> None:
    """The arguments of ``hh export`` (and of its alias ``phh export``, whose format is fixed)."""
    parser.add_argument("scenario", metavar="SCENARIO", help="FILE::ID, a scenario file with one replay, or a packaged scenario id")
    if fixed_format is None:
        _add_hand_history_format(parser, default=None)
    else:
        parser.set_defaults(hh_format=fixed_format)
    parser.add_argument("-o", "--output", type=Path, metavar="FILE", help="write here (default: stdout)")
    parser.add_argument("--no-check", action="store_true",
                        help="PHH: do not replay the hand history through PokerKit (done when PokerKit is installed)")


def _add_rules_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--profile", metavar="NAME", help="rule book profile (default: the rule book's default)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="an option value on top of the profile (repeatable)")


def run(args: argparse.Namespace) -> int:
    command = {"audit": _audit, "import": _import, "export": _export, "synth": _synth}[args.hh_command]
    deprecation_notes(args)
    return command(args)


# --- options --------------------------------------------------------------------------------

def _option_value(text: str) -> Any:
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    try:
        return int(text)
    except ValueError:
        return text


def _options(args: argparse.Namespace) -> Any:
    """The ``AuditOptions`` of ``--profile`` and ``--option``, checked against the rule book."""
    from stud8.conformance.handhistory.audit import AuditOptions, resolved_options

    pairs = []
    for item in args.option:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise Stud8Error(f"--option {item!r}: expected KEY=VALUE", "usage")
        pairs.append((key.strip(), _option_value(value.strip())))
    options = AuditOptions(args.profile, tuple(pairs))
    try:
        resolved_options(options)
    except Stud8Error as error:
        raise Stud8Error(f"--profile/--option: {error.message}", "usage") from None
    return options


# --- audit ----------------------------------------------------------------------------------

def _verdicts(paths: Sequence[Path], options: Any, jobs: int | None, dask: str | None) -> Iterator[Any]:
    """Every hand's verdict, in file order: in this process, on local processes or on Dask
    (conformance/handhistory/batch.py, the one implementation)."""
    from stud8.conformance.handhistory.batch import audit_paths

    return audit_paths(paths, options, jobs=jobs, dask=dask)


class _Tally:
    """The counts of a run, kept as verdicts stream past (nothing else of a hand is kept)."""

    def __init__(self) -> None:
        from stud8.conformance.handhistory.audit import VERDICTS

        self.summary = {verdict: 0 for verdict in VERDICTS}
        self.by_rule: Counter[str] = Counter()
        self.units: set[str] = set()
        self.skipped: list[dict[str, str]] = []
        self.ignored: Counter[str] = Counter()   # lines read past, per site (a new format shows up here)
        self.repeated = 0                        # hands whose id was met earlier in the run
        self.count = 0

    def add(self, verdict: Any) -> bool:
        """Count a verdict; False for a skipped file (not a hand: listed apart)."""
        if verdict.verdict == "skipped":
            self.skipped.append({"file": verdict.file, "reason": verdict.reason})
            return False
        self.count += 1
        self.summary[verdict.verdict] += 1
        for deviation in verdict.deviations:
            self.by_rule[deviation.rule] += 1
        if verdict.ignored:
            self.ignored[verdict.site] += len(verdict.ignored)
        self.repeated += bool(verdict.repeat_of)
        if verdict.unit:
            self.units.add(verdict.unit)
        return True

    def head(self) -> dict[str, Any]:
        """The report without its hands: unit, summary, by_rule (and the files skipped)."""
        units = sorted(self.units)
        unit = units[0] if len(units) == 1 else ("mixed" if units else "chip")
        head: dict[str, Any] = {"unit": unit, "summary": dict(self.summary),
                                "by_rule": dict(sorted(self.by_rule.items()))}
        if self.ignored:
            head["ignored_lines"] = dict(sorted(self.ignored.items()))
        if self.repeated:
            head["repeated_hands"] = self.repeated
        if self.skipped:
            head["skipped"] = list(self.skipped)
        return head


def audit_report(verdicts: Sequence[Any]) -> dict[str, Any]:
    """The JSON report (spec/schema/audit-report.schema.json) of a run's verdicts."""
    tally = _Tally()
    hands = [verdict.to_json() for verdict in verdicts if tally.add(verdict)]
    head = tally.head()
    skipped = head.pop("skipped", None)
    return {**head, "hands": hands, **({"skipped": skipped} if skipped else {})}


def summary_table(report: dict[str, Any]) -> str:
    """The counts of a report as text: a line of totals, then a table by verdict and one by rule."""
    total = sum(report["summary"].values())
    lines = [f"{total} hand{'s' if total != 1 else ''}: "
             + ", ".join(f"{count} {name}" for name, count in report["summary"].items() if count)]
    rows = [("verdict", "hands")] + [(name, str(count)) for name, count in report["summary"].items()]
    if report["by_rule"]:
        rows += [("", ""), ("rule", "deviations")] + [(rule, str(count)) for rule, count in report["by_rule"].items()]
    width = max(len(name) for name, _ in rows)
    number = max(len(count) for _, count in rows)
    lines.append("")
    lines.extend(f"{name:<{width}}  {count:>{number}}".rstrip() if name or count else "" for name, count in rows)
    ignored = report.get("ignored_lines") or {}
    if ignored:
        lines.append("")
        lines.append("lines not understood and read past (naming no player, no amount, no card; listed on each hand): "
                     + ", ".join(f"{printable(site)} {count}" for site, count in ignored.items()))
    if report.get("repeated_hands"):
        count = report["repeated_hands"]
        lines.append("")
        lines.append(f"{count} hand{'s' if count != 1 else ''} repeat{'' if count != 1 else 's'} a hand id met earlier "
                     "in this audit (each noted on its verdict)")
    skipped = report.get("skipped") or []
    if skipped:
        lines.append("")
        lines.append(f"skipped {len(skipped)} file{'s' if len(skipped) != 1 else ''} that {'are' if len(skipped) != 1 else 'is'} "
                     "no hand history: " + ", ".join(shown_path(entry["file"]) for entry in skipped))
    return "\n".join(lines)


def _line(verdict: Any) -> str:
    """The text line of a hand that does not conform: where, which hand, whose record (the
    site), the verdict and why; printed through the sanitiser (``say``): a file name or a
    player name may hold a newline or an ANSI escape."""
    where = f"{shown_path(verdict.file)}:{verdict.line}"
    hand = f" hand {printable(verdict.hand)}" if verdict.hand else ""
    hand += f" ({printable(verdict.site)})" if verdict.site else ""
    after = _ignored(verdict)
    if verdict.deviations:
        first = verdict.deviations[0]
        more = f" (+{len(verdict.deviations) - 1} more)" if len(verdict.deviations) > 1 else ""
        line = f" (line {first.line})" if first.line else ""
        when = "at the showdown" if first.street == "showdown" else f"on {first.street} street"
        return (f"{where}:{hand} deviates: {first.rule} {when}, step {first.step}{line}: "
                f"recorded {first.recorded}; the rules: {first.expected}{more}{after}")
    return f"{where}:{hand} {verdict.verdict}" + (f": {verdict.reason}" if verdict.reason else "") + after


def _ignored(verdict: Any) -> str:
    """What a hand's text line adds about lines read past and a repeated hand id."""
    said = ""
    if verdict.ignored:
        line, text = verdict.ignored[0]
        more = f" (+{len(verdict.ignored) - 1} more)" if len(verdict.ignored) > 1 else ""
        said += f"; not understood, ignored: line {line} {printable(text)}{more}"
    if verdict.repeat_of:
        said += f"; the same hand id as {printable(verdict.repeat_of)}"
    return said


class _ProblemLines:
    """The text lines of the hands that do not conform, at most ``MAX_ERRORS_PER_FILE`` per
    file, then one line counting the rest of that file (a hostile file of 10,000 bad hands
    prints a hundred lines; the JSON report still lists every hand)."""

    def __init__(self) -> None:
        self.kept: list[tuple[str, str]] = []   # (line, "") or ("", file after whose lines its count goes)
        self.shown: Counter[str] = Counter()
        self.hidden: Counter[str] = Counter()

    def add(self, verdict: Any) -> None:
        if self.shown[verdict.file] < MAX_ERRORS_PER_FILE:
            self.shown[verdict.file] += 1
            self.kept.append((_line(verdict), ""))
            if self.shown[verdict.file] == MAX_ERRORS_PER_FILE:
                self.kept.append(("", verdict.file))
        else:
            self.hidden[verdict.file] += 1

    def lines(self) -> Iterator[str]:
        for line, file in self.kept:
            if not file:
                yield line
            elif self.hidden[file]:
                hidden = self.hidden[file]
                yield (f"{shown_path(file)}: {hidden} more hand{'s' if hidden != 1 else ''} that do not conform not "
                       f"shown (at most {MAX_ERRORS_PER_FILE} lines per file; --format json lists every hand)")


class _OtherGames:
    """The hands of other games than Stud/8 (``not-stud8``), counted per file and per game, so
    that a mixed folder's findings are not buried under a line for each hold'em hand: the text
    output gives each file one line naming its games and their counts (``--verbose``: a line
    per hand, like the findings)."""

    def __init__(self) -> None:
        self.by_file: dict[str, Counter[str]] = {}

    def add(self, verdict: Any) -> None:
        self.by_file.setdefault(verdict.file, Counter())[_game_of(verdict.reason)] += 1

    def total(self) -> int:
        return sum(sum(games.values()) for games in self.by_file.values())

    def games(self) -> Counter[str]:
        every: Counter[str] = Counter()
        for games in self.by_file.values():
            every.update(games)
        return every

    def lines(self) -> Iterator[str]:
        for file, games in self.by_file.items():
            count = sum(games.values())
            yield f"{shown_path(file)}: {count} hand{'s' if count != 1 else ''} not audited, not Stud/8: {_games_text(games)}"


def _game_of(reason: str) -> str:
    """The game a ``not-stud8`` verdict names: its reason up to where it quotes the header
    (``Hold'em (no limit), from the header's 'Holdem, No Limit': ...`` is ``Hold'em (no
    limit)``, ``conformance/handhistory/games.refusal``); a reason of another shape whole."""
    return printable(reason.split(", from the header", 1)[0].strip() or "another game")


def _games_text(games: Counter[str], most: int = 5) -> str:
    """``Hold'em (no limit) 300, Omaha (pot limit) 47``: the most frequent games first (one
    game alone goes without its count: the line has said it)."""
    common = games.most_common()
    if len(common) == 1:
        return common[0][0]
    text = ", ".join(f"{game} {count}" for game, count in common[:most])
    return text + (f" and {len(common) - most} more games" if len(common) > most else "")


def _audit(args: argparse.Namespace) -> int:
    """Exit 0 when every Stud/8 hand conforms (hands of other games are named, not judged), 1
    when one deviates, cannot be judged or cannot be read, 2 when the paths hold no Stud/8 hand
    at all (nothing was audited: the wrong folder, or only other games), like ``conform`` with
    nothing collected."""
    from stud8.tools.progress import progress_bar

    for path in args.paths:
        if not path.exists():
            raise Stud8Error(f"{path}: no such file or folder", "usage")
    check_jobs(args.jobs)
    if args.report is not None:
        check_writable(args.report, "--report", inputs=args.paths)
    options = _options(args)
    # Memory stays flat however many hands: the counts are kept, each hand's JSON goes to a
    # temporary file (when a report is wanted) and only the lines of hands that do not conform
    # are held for the text output.
    tally = _Tally()
    problems = _ProblemLines()
    others = _OtherGames()
    wanted = wants_json(args) or args.report is not None
    with contextlib.ExitStack() as stack:
        spool = stack.enter_context(tempfile.TemporaryFile("w+", encoding="utf-8")) if wanted else None
        with progress_bar(None, desc="audit", unit="hand", enabled=args.progress) as bar:
            jobs = None if args.jobs is None else local_workers(args.jobs)
            for verdict in _verdicts(args.paths, options, jobs, args.dask):
                if not tally.add(verdict):
                    continue
                if spool is not None:
                    spool.write(("," if tally.count > 1 else "") + json.dumps(verdict.to_json()))
                if verdict.verdict == "not-stud8":
                    others.add(verdict)
                if ((verdict.verdict != "conforms" or verdict.ignored or verdict.repeat_of) and not wants_json(args)
                        and (args.verbose or verdict.verdict != "not-stud8")):
                    problems.add(verdict)
                bar.update()
        head = tally.head()
        skipped = head.pop("skipped", None)
        audited = tally.count - tally.summary["not-stud8"]
        if not audited:
            raise Stud8Error(_nothing_audited(args.paths, others, skipped or []), "usage")

        def write_report(out: Any) -> None:
            assert spool is not None
            out.write(json.dumps(head)[:-1] + ', "hands": [')
            spool.seek(0)
            shutil.copyfileobj(spool, out)
            out.write("]" + (', "skipped": ' + json.dumps(skipped) if skipped else "") + "}\n")

        if args.report is not None:
            with open_output(args.report, "--report", inputs=args.paths) as out:
                write_report(out)
        if wants_json(args):
            write_report(sys.stdout)
        else:
            if not args.verbose:
                for line in others.lines():
                    say(line)
            for line in problems.lines():
                say(line)
            print(summary_table({**head, "skipped": skipped}))
    return 0 if tally.summary["conforms"] == audited else 1


def _nothing_audited(paths: Sequence[Path], others: _OtherGames, skipped: list[dict[str, str]]) -> str:
    """The one line of an audit that found no Stud/8 hand: what the paths held instead."""
    shown = ", ".join(shown_path(path) for path in paths[:3]) + (f" and {len(paths) - 3} more" if len(paths) > 3 else "")
    held = []
    if others.total():
        files = len(others.by_file)
        held.append(f"{others.total()} hand{'s' if others.total() != 1 else ''} of other games in {files} "
                    f"file{'s' if files != 1 else ''} ({_games_text(others.games(), 3)})")
    if skipped:
        held.append(f"{len(skipped)} file{'s' if len(skipped) != 1 else ''} that {'are' if len(skipped) != 1 else 'is'} "
                    "no hand history")
    return (f"no Stud/8 hand to audit in {shown}: " + ("; ".join(held) if held else "no hand history at all")
            + " (stud8 audits Seven Card Stud Hi/Lo at fixed limit)")


# --- writing files --------------------------------------------------------------------------

def _emit(path: Path | None, write: Any, flag: str, inputs: Sequence[Path | str] = ()) -> None:
    """Write through the one safe writer (``stud8.spec.outputs.open_output``): standard output
    when ``path`` is None or ``-``."""
    if path is None:
        write(sys.stdout)
        return
    with open_output(path, flag, inputs=inputs) as out:
        write(out)


# --- synth ----------------------------------------------------------------------------------

def _players(text: str) -> tuple[int, int]:
    low, sep, high = text.partition("-")
    try:
        players = (int(low), int(high)) if sep else (int(low), int(low))
    except ValueError:
        raise Stud8Error(f"--players {text!r}: give N or A-B (2-8)", "usage") from None
    if not 2 <= players[0] <= players[1] <= 8:
        raise Stud8Error(f"--players {text!r}: two to eight players", "usage")
    return players


def _synth(args: argparse.Namespace) -> int:
    from stud8.conformance.handhistory.readers import writer
    from stud8.conformance.handhistory.synth import synth_records

    if args.hands < 0:
        raise Stud8Error(f"--hands {args.hands}: give 0 or more", "usage")
    if not 0 <= args.rake <= 100:
        raise Stud8Error(f"--rake {args.rake}: a percentage, 0 to 100", "usage")
    players = _players(args.players)
    options = _options(args)
    if args.output is not None:
        check_writable(args.output, "-o")
    from stud8.tools.progress import progress

    records = progress(synth_records(args.hands, args.seed, players, profile=options.profile,
                                     options=dict(options.options), rake_percent=args.rake),
                       total=args.hands, desc="synth", unit="hand",
                       enabled=None if args.output is not None and not is_stdout(args.output) else False)
    skipped: list[str] = []

    def writable(hands: Iterable[Any]) -> Iterator[Any]:
        """PHH has no community card for stud: those hands are left out (and named)."""
        for record in hands:
            if record.community is None:
                yield record
            else:
                skipped.append(record.hand_id)

    if args.hh_format == "phh":
        records = writable(records)
    _emit(args.output, lambda out: writer(args.hh_format).write(records, out), "-o")
    written = args.hands - len(skipped)
    if skipped:
        warn(f"stud8 hh: {len(skipped)} hand{'s' if len(skipped) != 1 else ''} with a community card left out "
             f"(PHH has none for stud): {', '.join(skipped[:5])}{' ...' if len(skipped) > 5 else ''}")
    if args.output is not None and not is_stdout(args.output):
        warn(f"wrote {written} hand{'s' if written != 1 else ''} to {shown_path(args.output)}")
    return 0


# --- export ---------------------------------------------------------------------------------

def find_scenario(spec: str) -> tuple[dict[str, Any], str]:
    """The scenario named by ``FILE::ID``, a file holding one replay, or a packaged id, and the
    file it is in. ``Stud8Error`` (usage) when there is no such scenario, ``NotWritable`` when
    its file does not validate."""
    import re

    from stud8.conformance.handhistory.play import NotWritable
    from stud8.conformance.suite.scenarios import (
        find_scenario_files,
        load_scenario_file,
        packaged_scenarios_dir,
    )
    from stud8.spec.limits import quoted

    if "::" in spec:
        file_text, wanted = spec.rsplit("::", 1)
    elif Path(spec).suffix in (".yaml", ".yml") or Path(spec).is_file():
        file_text, wanted = spec, None
    else:
        # A packaged id: find its file by a look at the text, then load only that file.
        line = re.compile(rf"^\s*(-\s+)?id:\s*[\"']?{re.escape(spec)}[\"']?\s*(#.*)?$", re.MULTILINE)
        for candidate in find_scenario_files([packaged_scenarios_dir()]):
            if line.search(candidate.read_text(encoding="utf-8")):
                file_text, wanted = str(candidate), spec
                break
        else:
            raise Stud8Error(f"{spec!r}: no such file, and no packaged scenario has this id", "usage")
    path = Path(file_text)
    if not path.is_file():
        raise Stud8Error(f"{file_text}: no such file", "usage")
    loaded = load_scenario_file(path)
    if loaded.problems:
        raise NotWritable(f"{loaded.problems[0]} (run stud8 validate)")
    if wanted is None:
        replays = [scenario for scenario in loaded.scenarios if scenario.kind == "replay"]
        if len(replays) != 1:
            raise Stud8Error(f"{file_text}: holds {len(replays)} replays; name one as {file_text}::ID", "usage")
        return dict(replays[0].data), file_text
    for scenario in loaded.scenarios:
        if scenario.id == wanted:
            return dict(scenario.data), file_text
    raise Stud8Error(f"{file_text}: no scenario with id {quoted(wanted)}", "usage")


def _export(args: argparse.Namespace) -> int:
    import dataclasses
    import io

    from stud8.conformance.handhistory.play import NotWritable, record_from_scenario
    from stud8.conformance.handhistory.readers import writer
    from stud8.conformance.handhistory.scenario import source_path

    if args.hh_format is None:
        raise Stud8Error(f"hh export needs the hand history's format: --to {'|'.join(WRITABLE_FORMATS)}", "usage")
    try:
        data, where = find_scenario(args.scenario)
        source = where.split("::", 1)[0]
        if args.output is not None:  # before any work: never the scenario's own file, a FIFO, a folder
            check_writable(args.output, "-o", inputs=[source])
        record = record_from_scenario(data, where)
        # The note travels where the format has room for it (PHH's comment at the top).
        note = [f"Stud/8 hand exported by stud8 hh export from scenario {data['id']} ({source_path(where)})"]
        note += [str(data[key]) for key in ("title",) if data.get(key)]
        note += [f"Source: {data['source']}"] if data.get("source") else []
        record = dataclasses.replace(record, note=". ".join(" ".join(part.split()) for part in note))
        buffer = io.StringIO()
        writer(args.hh_format).write([record], buffer)
    except NotWritable as error:
        warn(f"stud8 hh: {error.message}")
        return 1
    text = buffer.getvalue()
    if args.hh_format == "phh" and not args.no_check:
        from stud8.conformance.engines.pokerkit_adapter import PokerKitMissing
        from stud8.conformance.handhistory.phh import PhhError, check_with_pokerkit

        try:
            check_with_pokerkit(text, str(data["id"]))
        except PokerKitMissing:
            warn("stud8 hh: PokerKit is not installed: the hand history was not replayed through it")
        except PhhError as error:
            warn(f"stud8 hh: {error.message}")
            return 1
    _emit(args.output, lambda out: out.write(text), "-o", [source])
    return 0


# --- import ---------------------------------------------------------------------------------

_ID = re.compile(r"^(.*-)([0-9]{3,})$")
_ID_PATTERN = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*-[0-9]{3,}$")  # the schema's id pattern


def _ids(first: str) -> Iterator[str]:
    """Ids counting up from ``first`` (``real-009``, ``real-010``...)."""
    if not _ID_PATTERN.match(first):
        raise Stud8Error(f"--id {first!r}: an id is an area word, a dash and three or more digits (real-001)", "usage")
    match = _ID.match(first)
    assert match is not None
    prefix, number = match.group(1), match.group(2)
    count = int(number)
    while True:
        yield f"{prefix}{count:0{len(number)}d}"
        count += 1


def _header(comment: str | None, name: str | None) -> str:
    """The comment above a scenario file's standard header: ``--comment``, and with ``--out``
    the input file's name."""
    return "\n".join(part for part in (comment, f"Hands of {name}." if name else None) if part)


def _import(args: argparse.Namespace) -> int:
    """Each input's hands as one scenario file in ``--out``. The outputs are named before any
    work, distinctly (``hands.yaml``, ``hands-2.yaml`` for two inputs called ``hands.txt``), and
    checked through the one writer: never a link out of the folder, a FIFO or an input. A hand
    that cannot be a scenario (a community card) is named and left out: exit 1, the input is
    fine but not all of it was imported."""
    from stud8.conformance.handhistory.audit import audit_hand
    from stud8.conformance.handhistory.play import NotWritable
    from stud8.conformance.handhistory.readers import open_history
    from stud8.conformance.handhistory.record import HandProblem
    from stud8.conformance.handhistory.scenario import hand_label, scenario_from_record, scenarios_text, source_path
    from stud8.conformance.suite.modeline import with_modeline  # editors check the written files as typed
    from stud8.spec.outputs import resolve_output
    from stud8.tools.output import check_output_folder, write_text_atomic

    for path in args.files:
        if not path.is_file():
            raise Stud8Error(f"{shown_path(path)}: no such file", "usage")
    to_file = args.output is not None and not is_stdout(args.output)
    if to_file:
        check_writable(args.output, "-o", inputs=args.files)
    targets: list[Path] = []
    if args.out is not None:
        check_output_folder(args.out, "--out")
        taken: set[str] = set()
        targets = [distinct_name(args.out, path.stem, ".yaml", taken) for path in args.files]
        for target in targets:  # before any work: a FIFO, a link out of --out or an input at a name
            resolve_output(target, "--out", inside=args.out, inputs=args.files)
    ids = _ids(args.id)
    next_id = next(ids)
    left_out = 0
    notes: list[str] = []  # said on stderr once the work is done (a usage error found later comes alone)
    groups: list[tuple[Path, list[dict[str, Any]]]] = []
    for path in args.files:
        scenarios: list[dict[str, Any]] = []
        for item in open_history(path):
            if isinstance(item, HandProblem):
                notes.append(f"stud8 hh: {item}")
                left_out += 1
                continue
            where = f"{source_path(item.source_file)} hand {hand_label(item)}"
            try:
                imported = scenario_from_record(item, next_id, title=args.title, source=args.source, check=not args.no_check)
            except NotWritable as error:
                notes.append(f"stud8 hh: {error.message}")
                left_out += 1
                continue
            if imported.refusal is not None:
                notes.append(f"stud8 hh: {next_id} ({where}): imported without a check: {imported.refusal}; "
                             "the scenario will fail on it")
            else:
                verdict = audit_hand(item)
                if verdict.verdict != "conforms":
                    notes.append(f"stud8 hh: {next_id} ({where}): {verdict.verdict}"
                                 f"{': ' + verdict.reason if verdict.reason else ''}"
                                 f"{': ' + verdict.deviations[0].message if verdict.deviations else ''}"
                                 " (the scenario keeps the recorded result)")
            scenarios.append(imported.scenario)
            next_id = next(ids)
        groups.append((path, scenarios))
    titles = [scenario["title"] for _, group in groups for scenario in group]
    if len(set(titles)) != len(titles):
        raise Stud8Error(f"--title {printable(args.title)}: gives two hands the same title: use {{hand}}", "usage")
    written = len(titles)
    if args.out is not None:
        files: dict[Path, tuple[str, int]] = {}
        for (path, group), target in zip(groups, targets):
            if group:
                files[target] = (with_modeline(scenarios_text(group, _header(args.comment, path.name)), target), len(group))
        if files:
            write_files_atomic({target: text for target, (text, _) in files.items()}, "--out", inside=args.out,
                               inputs=args.files)
        notes += [f"wrote {count} scenario{'s' if count != 1 else ''} to {shown_path(target)}"
                  for target, (_, count) in files.items()]
    elif written:
        text = with_modeline(scenarios_text([scenario for _, group in groups for scenario in group],
                                            _header(args.comment, None)), args.output if to_file else None)
        if not to_file:
            sys.stdout.write(text)
        else:
            write_text_atomic(args.output, text, "-o", inputs=args.files)
            notes.append(f"wrote {written} scenario{'s' if written != 1 else ''} to {shown_path(args.output)}")
    for note in notes:
        warn(note)
    return 1 if left_out or not written else 0

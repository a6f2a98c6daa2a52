"""``stud8 hh``: hand histories written by poker sites — audit them against the rule book,
import them as replay scenarios, export scenarios as site histories, make random ones.

* ``stud8 hh audit FILE|DIR... [--profile NAME] [--option NAME=VALUE]... [--format text|json]
  [--report FILE] [--jobs N] [--dask ADDRESS]``: every hand of every file (directories are
  walked; the format is detected from the content) is replayed on the reference engine and
  gets a verdict: ``conforms``, ``deviates`` (the first action the rules refuse, and any payout
  difference, each with its rule id), ``cannot-judge`` (the record lacks what the judgment
  needs), ``not-stud8`` or ``unreadable`` (with the reason). Text output: one line per hand
  that does not conform, then the counts by verdict and by rule. ``--format json`` prints the
  report (``spec/schema/audit-report.schema.json``); ``--report FILE`` writes it too. The text
  shows at most ``MAX_ERRORS_PER_FILE`` lines a file. ``--jobs N`` audits on N local processes
  (never more than the cores), ``--dask ADDRESS`` on a Dask cluster (checked first:
  ``executor.probe_scheduler``); the verdicts are the same and in the same order either way.
* ``stud8 hh import FILE... --out DIR [--id ID]``: each hand becomes a replay scenario in
  ``DIR/<file name>.yaml`` (the recorded final stacks as the expected outcome, the rake as
  the scenario's ``rake``); unseen down cards are dealt from the unused cards. Distinct inputs
  get distinct names; a hand no scenario can hold is left out (exit 1).
* ``stud8 hh export SCENARIO --format pokerstars|ohh|phh [-o FILE]``: a replay scenario
  (``FILE::ID``, a file with one replay, or a packaged id) written as a site would.
* ``stud8 hh synth --hands N --seed S [--players MIN-MAX] --format pokerstars|ohh|phh [--out FILE]
  [--profile NAME] [--option NAME=VALUE]...``: random hands played on the reference engine (the same
  file for the same arguments).

``stud8 phh`` (import, export, replay of PHH files) is the older command for PHH alone; every
PHH file also reads here.

Every file is written through the one safe writer (``stud8.spec.outputs``): ``-`` is standard
output, a link is never replaced, an input is never overwritten; every line printed passes the
sanitiser (``tools/streams.py``).

Exit codes: 0 every hand conforms (or the file was written); 1 a hand deviates, cannot be
judged, is not Stud/8 or is unreadable (or a scenario cannot be written); 2 usage errors (a
path that does not exist, an unknown option, an output that cannot be written, a Dask address
that cannot be used).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import shutil
import sys
import tempfile
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from stud8.reference.errors import Stud8Error
from stud8.spec.limits import MAX_ERRORS_PER_FILE, printable, shown_path
from stud8.tools.arguments import check_jobs, examples, local_workers, seed
from stud8.tools.formats import add_format_argument, wants_json
from stud8.tools.output import check_writable, distinct_name, is_stdout, open_output, write_files_atomic
from stud8.tools.streams import say, warn

WRITABLE_FORMATS = ("pokerstars", "ohh", "phh")


EXAMPLES: tuple[str, ...] = (
    "stud8 hh audit histories/ --report audit.json",
    "stud8 hh synth --hands 100 --seed 1 --format pokerstars --out hands.txt",
)
"""The command lines its --help ends with (tests/test_cli_conventions.py checks each parses)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="hh_command", metavar="ACTION")
    sub.required = True
    audit = sub.add_parser("audit", help="judge every hand of site hand histories against the rule book",
                           description="Replay every hand on the reference engine and give it a verdict.",
                           **examples("stud8 hh audit histories/ --report audit.json",
                                      "stud8 hh audit hands.txt --profile tda --format json"))
    audit.add_argument("paths", nargs="+", type=Path, metavar="FILE|DIR")
    _add_rules_arguments(audit)
    add_format_argument(audit, "report")
    audit.add_argument("--report", type=Path, metavar="FILE", help="also write the JSON report here")
    audit.add_argument("--jobs", type=int, metavar="N", default=None,
                       help="local worker processes (default: chosen from the work: in this process below "
                            "8 MiB of histories, else one per 8 MiB up to every core; --jobs 1 stays in this process)")
    audit.add_argument("--dask", metavar="ADDRESS", help="audit on this Dask scheduler (tcp://host:8786)")
    audit.add_argument("--progress", dest="progress", action="store_true", default=None,
                       help="draw a progress bar (default: when stderr is a terminal)")
    audit.add_argument("--no-progress", dest="progress", action="store_false", help="never draw a progress bar")

    imp = sub.add_parser("import", help="turn hand histories of any supported format into replay scenarios",
                         description="Turn every hand of the files into replay scenarios, one scenario file per input file.",
                         **examples("stud8 hh import hands.txt --out imported/ --id club-001"))
    imp.add_argument("files", nargs="+", type=Path, metavar="FILE")
    imp.add_argument("--out", type=Path, required=True, metavar="DIR", help="folder for the scenario files")
    imp.add_argument("--id", default="imported-001", help="id of the first scenario; later ones count up")

    exp = sub.add_parser("export", help="write a replay scenario as a site hand history",
                         description="Write a replay scenario as a PokerStars, OHH or PHH hand history.",
                         **examples("stud8 hh export pots-004 --format pokerstars", "stud8 hh export pots-004 --format ohh -o pots-004.json"))
    exp.add_argument("scenario", metavar="SCENARIO", help="FILE::ID, a scenario file with one replay, or a packaged scenario id")
    exp.add_argument("--format", dest="hh_format", choices=WRITABLE_FORMATS, required=True)
    exp.add_argument("-o", "--output", type=Path, metavar="FILE", help="write here (default: stdout)")

    syn = sub.add_parser("synth", help="random hands played on the reference engine, written as a site would",
                         description="Random hands played on the reference engine (the same for the same seed).",
                         **examples("stud8 hh synth --hands 100 --seed 1 --players 2-8 --format ohh --out hands.json"))
    syn.add_argument("--hands", type=int, required=True, metavar="N")
    syn.add_argument("--seed", type=seed, default=1, metavar="S", help="seed of the hands, 0 or more (default 1)")
    syn.add_argument("--players", default="2-8", metavar="MIN-MAX", help="players per hand: N or a range MIN-MAX (default 2-8)")
    syn.add_argument("--format", dest="hh_format", choices=WRITABLE_FORMATS, default="pokerstars")
    syn.add_argument("--out", type=Path, metavar="FILE", help="write here (default: stdout)")
    syn.add_argument("--rake", type=int, default=5, metavar="PERCENT", help="rake in percent of the pot, up to 50 cents (default 5)")
    _add_rules_arguments(syn)


def _add_rules_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--profile", metavar="NAME", help="rule book profile (default: the rule book's default)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="an option value (repeatable)")


def run(args: argparse.Namespace) -> int:
    command = {"audit": _audit, "import": _import, "export": _export, "synth": _synth}[args.hh_command]
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
        if verdict.unit:
            self.units.add(verdict.unit)
        return True

    def head(self) -> dict[str, Any]:
        """The report without its hands: unit, summary, by_rule (and the files skipped)."""
        units = sorted(self.units)
        unit = units[0] if len(units) == 1 else ("mixed" if units else "chip")
        head: dict[str, Any] = {"unit": unit, "summary": dict(self.summary),
                                "by_rule": dict(sorted(self.by_rule.items()))}
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
    if verdict.deviations:
        first = verdict.deviations[0]
        more = f" (+{len(verdict.deviations) - 1} more)" if len(verdict.deviations) > 1 else ""
        line = f" (line {first.line})" if first.line else ""
        when = "at the showdown" if first.street == "showdown" else f"on {first.street} street"
        return (f"{where}:{hand} deviates: {first.rule} {when}, step {first.step}{line}: "
                f"recorded {first.recorded}; the rules: {first.expected}{more}")
    return f"{where}:{hand} {verdict.verdict}: {verdict.reason}"


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


def _audit(args: argparse.Namespace) -> int:
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
                if verdict.verdict != "conforms" and not wants_json(args):
                    problems.add(verdict)
                bar.update()
        head = tally.head()
        skipped = head.pop("skipped", None)

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
            for line in problems.lines():
                say(line)
            print(summary_table({**head, "skipped": skipped}))
    return 0 if tally.count and tally.summary["conforms"] == tally.count else 1


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
    if args.out is not None:
        check_writable(args.out, "--out")
    from stud8.tools.progress import progress

    records = progress(synth_records(args.hands, args.seed, players, profile=options.profile,
                                     options=dict(options.options), rake_percent=args.rake),
                       total=args.hands, desc="synth", unit="hand",
                       enabled=None if args.out is not None and not is_stdout(args.out) else False)
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
    _emit(args.out, lambda out: writer(args.hh_format).write(records, out), "--out")
    written = args.hands - len(skipped)
    if skipped:
        warn(f"stud8 hh: {len(skipped)} hand{'s' if len(skipped) != 1 else ''} with a community card left out "
             f"(PHH has none for stud): {', '.join(skipped[:5])}{' ...' if len(skipped) > 5 else ''}")
    if args.out is not None and not is_stdout(args.out):
        warn(f"wrote {written} hand{'s' if written != 1 else ''} to {shown_path(args.out)}")
    return 0


# --- export ---------------------------------------------------------------------------------

def _export(args: argparse.Namespace) -> int:
    from stud8.conformance.handhistory.play import NotWritable, record_from_scenario
    from stud8.conformance.handhistory.readers import writer
    from stud8.tools.phh_cmd import _find_scenario

    data, where = _find_scenario(args.scenario)
    source = where.split("::", 1)[0]
    if args.output is not None:
        check_writable(args.output, "-o", inputs=[source])
    try:
        record = record_from_scenario(data, where)
    except NotWritable as error:
        warn(f"stud8 hh: {error.message}")
        return 1
    try:
        _emit(args.output, lambda out: writer(args.hh_format).write([record], out), "-o", [source])
    except NotWritable as error:
        warn(f"stud8 hh: {error.message}")
        return 1
    return 0


# --- import ---------------------------------------------------------------------------------

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
    from stud8.conformance.handhistory.scenario import (
        scenario_from_record,
        scenarios_text,
    )
    from stud8.conformance.suite.modeline import (
        with_modeline,  # editors check the written files as typed
    )
    from stud8.spec.outputs import resolve_output
    from stud8.tools.output import check_output_folder
    from stud8.tools.phh_cmd import _ids

    for path in args.files:
        if not path.is_file():
            raise Stud8Error(f"{shown_path(path)}: no such file", "usage")
    check_output_folder(args.out, "--out")
    args.out.mkdir(parents=True, exist_ok=True)
    taken: set[str] = set()
    targets = [distinct_name(args.out, path.stem, ".yaml", taken) for path in args.files]
    for target in targets:  # before any work: a FIFO, a link out of --out or an input at a name
        resolve_output(target, "--out", inside=args.out, inputs=args.files)
    problems = 0
    written = 0
    next_id = args.id
    for path, target in zip(args.files, targets):
        items = list(open_history(path))
        records = [item for item in items if not isinstance(item, HandProblem)]
        for item in items:
            if isinstance(item, HandProblem):
                warn(f"stud8 hh: {item}")
                problems += 1
        if not records:
            continue
        ids = _ids(next_id, len(records) + 1)
        next_id = ids[-1]
        scenarios = []
        for record, scenario_id in zip(records, ids):
            try:
                scenario = scenario_from_record(record, scenario_id)
            except NotWritable as error:
                warn(f"stud8 hh: {scenario_id} not written: {error.message}")
                problems += 1
                continue
            verdict = audit_hand(record)
            if verdict.verdict != "conforms":
                warn(f"stud8 hh: {scenario_id} ({shown_path(path)} hand {printable(record.hand_id)}): {verdict.verdict}"
                     f"{': ' + verdict.reason if verdict.reason else ''}"
                     f"{': ' + verdict.deviations[0].message if verdict.deviations else ''}"
                     " (the scenario keeps the recorded result)")
            scenarios.append(scenario)
        if not scenarios:
            continue
        text = with_modeline(scenarios_text(scenarios, f"Hands of {path.name}, imported by `stud8 hh import`."), target)
        write_files_atomic({target: text}, "--out", inside=args.out, inputs=args.files)
        written += len(scenarios)
        warn(f"wrote {len(scenarios)} scenario{'s' if len(scenarios) != 1 else ''} to {shown_path(target)}")
    return 1 if problems or not written else 0

"""``stud8 report REPORT.json... [--html FILE] [--badges DIR]``: engines side by side.

Reads the JSON reports of ``stud8 conform --report`` (one per engine, or a thousand) and prints,
for each rule area, each engine's pass / fail / engine-error / not-applicable counts (with more
than eight engines, one line per engine), then the failures by root cause (``--format json``:
the same as one document). A run that stopped early is marked so everywhere ("stopped after 3
of 778 scenarios"). ``--html FILE`` writes one standalone page comparing the engines (summary,
rule areas, root causes, every scenario, each failing scenario once with its hand, how each
engine fails it and the ``stud8 explain`` command that replays it; ``stud8.tools.compare``);
``--badges DIR`` writes one SVG badge per engine, named by a slug of the run's label
(``DIR/LABEL.svg``: ``stud8 conform --label``, else the engine's name and version). Every file
is checked before anything is written and written whole or not at all. Time and memory grow
linearly with the reports (tools/compare/model.py says how).

Exit codes: 0 written or printed; 2 usage errors (a file that is not a stud8 report, an output
that cannot be written). The command judges nothing: the runs' own exit codes did.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from stud8.spec.limits import shown_path
from stud8.tools.formats import add_format_argument, wants_json
from stud8.tools.output import check_output_folder, check_writable, write_files_atomic
from stud8.tools.streams import say

EXAMPLES: tuple[str, ...] = (
    "stud8 report mine.json pokerkit.json --html conformance.html --badges badges/",
    "stud8 report mine.json --format json",
)
"""The command lines its --help ends with (tests/test_cli_conventions.py checks each parses)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("reports", nargs="+", type=Path, metavar="REPORT.json",
                        help="JSON reports of stud8 conform --report, one per engine")
    parser.add_argument("--html", type=Path, metavar="FILE", help="write the comparison page (standalone HTML)")
    parser.add_argument("--badges", type=Path, metavar="DIR", help="write one SVG badge per engine into DIR")
    add_format_argument(parser, "comparison")


def run(args: argparse.Namespace) -> int:
    from stud8.tools.compare.model import KIND_ORDER, load_comparison
    from stud8.tools.compare.page import badge_files, render_page

    if args.html is not None:
        check_writable(args.html, "--html", inputs=args.reports)  # never one of the reports read
    if args.badges is not None:
        check_output_folder(args.badges, "--badges")
    comparison = load_comparison(args.reports)
    keys = [run.key for run in comparison.runs]
    files: dict[Path, str] = {}
    if args.html is not None:
        files[args.html] = render_page(comparison)
    if args.badges is not None:
        files.update({args.badges / name: text for name, text in badge_files(comparison).items()})
    if files:  # the page and the badges together, or nothing (stud8.spec.outputs)
        write_files_atomic(files, "--html" if args.html is not None else "--badges", inputs=args.reports)
    if wants_json(args):
        print(json.dumps(_document(comparison, KIND_ORDER), indent=2))
        return 0
    for line in _lines(comparison, keys):  # engine names and failures come from the reports: sanitised
        say(line)
    for path in files:
        say(f"wrote {shown_path(path)}")
    return 0


def _document(comparison: Any, kinds: tuple[str, ...]) -> dict[str, Any]:
    from stud8.tools.compare.badge import badge_value

    return {
        "engines": [{"key": run.key, "name": run.name, "label": run.label, "version": run.version, "spec": run.spec,
                     "report": run.source, "suite": run.suite, "counts": run.counts(), "badge": badge_value(run),
                     "complete": run.stopped is None, "stopped": run.stopped, "scenarios_run": run.played,
                     "scenarios_selected": run.selected,
                     "root_causes": [{"rule": rule, "scenarios": ids} for rule, ids in run.root_causes]}
                    for run in comparison.runs],
        "areas": [{"area": area, "title": title,
                   "engines": {run.key: comparison.area_counts(rows, run.key) for run in comparison.runs}}
                  for area, title, rows in comparison.areas],
        "kinds": list(kinds),
    }


COUNTS_HEADING = "pass/fail/error/n/a"
"""The counts each cell shows: the kinds every stud8 output counts (conformance/suite/report.py),
engine errors apart from failures (an invalid scenario file counts as a failure here)."""


def _cell(counts: dict[str, int]) -> str:
    text = f"{counts['pass']}/{counts['fail'] + counts['invalid']}/{counts['error']}/{counts['n/a']}"
    return text if sum(counts.values()) else "-"


def _lines(comparison: Any, keys: list[str]) -> list[str]:
    from stud8.tools.compare.page import WIDE

    runs = comparison.runs
    lines = ["engines:"]
    for run in runs:
        line = f"  {run.key}: {run.name} ({run.spec}, report {run.source}, suite {run.suite})"
        if run.stopped_text:
            line += f" -- {run.stopped_text.upper()}: {run.stopped}"
        lines.append(line)
    lines.append("")
    if len(runs) > WIDE:  # a row per engine: a thousand columns help nobody
        width = max(len("engine"), *(len(run.key) for run in runs))
        header = f"{'engine':<{width}}  {COUNTS_HEADING:>20}  scenarios"
        lines += [header, "-" * len(header)]
        lines += [f"{run.key:<{width}}  {_cell(run.counts()):>20}  {run.scenarios:>9}"
                  + (" stopped" if run.stopped else "") for run in runs]
        if comparison.causes:
            lines += ["", "failures by root cause (all engines): rule, failures, engines"]
            lines += [f"  {rule:<36} {sum(counts.values()):>6} {sum(1 for c in counts.values() if c):>6}"
                      for rule, counts in comparison.causes]
        return lines
    rows = [(area, [_cell(comparison.area_counts(members, key)) for key in keys]) for area, _, members in comparison.areas]
    rows.append(("all scenarios", [_cell(run.counts()) for run in runs]))
    widths = [max(len(keys[i]), *(len(values[i]) for _, values in rows)) for i in range(len(keys))]
    heading = f"area ({COUNTS_HEADING})"
    first = max(len(heading), *(len(name) for name, _ in rows))
    header = f"{heading:<{first}}  " + "  ".join(f"{key:>{width}}" for key, width in zip(keys, widths))
    lines += [header, "-" * len(header)]
    for index, (name, values) in enumerate(rows):
        if index == len(rows) - 1:
            lines.append("-" * len(header))
        lines.append(f"{name:<{first}}  " + "  ".join(f"{value:>{width}}" for value, width in zip(values, widths)))
    for run in runs:
        if run.root_causes:
            lines += ["", f"{run.key}: failures by root cause"]
            lines += [f"  {rule:<36} {len(ids):>4}  {', '.join(ids[:4])}{' ...' if len(ids) > 4 else ''}"
                      for rule, ids in run.root_causes]
    return lines

"""``stud8 mutants --generated``: the scenario suite against cosmic-ray's mutants of the rule modules.

Runs every generated mutant (``-k MODULE`` for one module, ``-k TEXT`` for the keys containing
it), or the fixed sample CI runs (``--sample``). Exit 0 when the run holds up: every claimed
equivalent survived the suite and its lockstep check, no mutant failed to build, and (whole
run) the share killed meets the goal or (sample) every sampled mutant the record counts as
killed is still killed. Exit 1 otherwise; 2 for a usage error or cosmic-ray missing.
``--record`` merges the figures of the modules run into ``generated.json`` (whole modules only).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from stud8.reference.errors import Stud8Error
from stud8.spec.limits import shown_path
from stud8.spec.outputs import check_output_file, is_stdout, open_append, write_text_atomic

SAMPLE_PER_MODULE = 20
"""Mutants per rule module in the fixed sample CI runs (140 in all, about a minute on two cores)."""

SAMPLE_FUZZ_HANDS = 200
"""Lockstep hands behind a claimed equivalent in the sample (the whole run uses 3,000)."""


def _earlier(path: Path, digests: dict[str, str], keys: list[str],
             fuzz_hands: int) -> tuple[dict[str, Any], dict[str, tuple[int, str | None]]]:
    """What a log of an earlier run (``--log``) settles: the mutants it shows killed, and the
    lockstep evidence of those it found equivalent. Only lines naming a mutant of the current
    code are trusted (``mutants_log.read_log``); the others are counted and said on stderr.

    A scenario added since cannot bring a killed mutant back to life, so only the others need
    running again; for a claimed equivalent the suite is run again but its lockstep hands (as
    many as asked for now, or more) are not played twice."""
    from stud8.conformance.mutants.generated_run import GeneratedResult
    from stud8.tools.mutants_log import read_log

    log = read_log(path, digests, keys)
    for why, count in log.ignored.items():
        print(f"stud8 mutants: --resume {shown_path(path)}: {count} line{'s' if count != 1 else ''} ignored: "
              f"{why}", file=sys.stderr)
    found: dict[str, Any] = {}
    evidence: dict[str, tuple[int, str | None]] = {}
    for key, line in log.results.items():
        result = GeneratedResult(**{name: line[name] for name in GeneratedResult.__dataclass_fields__})
        if result.status == "killed":
            found[key] = result
        elif result.status == "equivalent" and result.fuzz_hands >= fuzz_hands:
            evidence[key] = (result.fuzz_hands, result.divergence)
    return found, evidence


def run(args: argparse.Namespace, jobs: int) -> int:
    from stud8.conformance.mutants import generated, generated_record
    from stud8.conformance.mutants.generated_run import GeneratedResult, run_generated, suite
    from stud8.conformance.mutants.run import EQUIVALENCE_HANDS
    from stud8.conformance.mutants.verdicts import load_verdicts
    from stud8.tools.formats import wants_json
    from stud8.tools.progress import progress_bar

    try:
        tool = f"{generated.TOOL} {generated.tool_version()}"
    except generated.ToolMissing as error:
        raise Stud8Error(f"{error} (the generated mutants need it)", "usage") from None
    pattern = args.pattern
    modules = [pattern] if pattern in generated.MODULES else list(generated.MODULES)
    items = generated.generate(modules)
    if pattern and pattern not in generated.MODULES:
        items = [item for item in items if pattern in item.key]
    if args.sample:
        items = generated.sample(items, SAMPLE_PER_MODULE)
    if not items:
        raise Stud8Error(f"-k {pattern!r} matches no generated mutant", "usage")
    whole = not args.sample and (not pattern or pattern in generated.MODULES)
    if args.record is not None and not whole:
        raise Stud8Error("--record needs whole modules: leave out --sample, and give -k only a module name", "usage")
    verdicts = load_verdicts()
    claimed = verdicts.claims()
    claims = {item.key: claimed[item.key] for item in items if item.key in claimed}
    fuzz_hands = args.fuzz_hands if args.fuzz_hands is not None else (
        SAMPLE_FUZZ_HANDS if args.sample else EQUIVALENCE_HANDS)
    started = time.perf_counter()
    digests = {module: generated.source_digest(module) for module in generated.MODULES}
    record_target = None
    if args.record is not None:  # checked before any work, never one of the logs
        record_target = Path(args.record) if args.record else generated_record.RECORD
        check_output_file(record_target, "--record", inputs=[name for name in (args.log, args.resume) if name])
    if args.log and wants_json(args) and is_stdout(args.log):
        raise Stud8Error("--log -: standard output holds the JSON summary (--format json): give the log a file", "usage")
    earlier, evidence = ({}, {}) if not args.resume else _earlier(
        Path(args.resume), digests, [item.key for item in generated.generate()], fuzz_hands)
    to_run = [item for item in items if item.key not in earlier]
    # appending to the log that was resumed from is how a run goes on: it was read whole above
    log = open_append(args.log, "--log", inputs=[record_target] if record_target else []) if args.log else None

    def done(result: GeneratedResult) -> None:
        bar.update(1)
        if log is not None:
            log.write_line(json.dumps({**result.as_json(), "source": digests[result.module]}))

    baseline: dict[str, str] = {}
    scenarios = suite(baseline=baseline)
    try:
        with progress_bar(total=len(to_run), desc="generated mutants", unit="mutant") as bar:
            fresh = run_generated(to_run, scenarios, jobs=jobs, claims=claims, fuzz_hands=fuzz_hands, done=done,
                                  evidence={key: value for key, value in evidence.items() if key in claims})
    finally:
        if log is not None:
            log.close()
    ran = {result.key: result for result in fresh}
    results = [ran[item.key] if item.key in ran else earlier[item.key] for item in items]
    seconds = time.perf_counter() - started + sum(r.seconds for r in earlier.values())
    for scenario_id, problem in baseline.items():
        print(f"stud8 mutants: left out {scenario_id}, which the reference engine fails: {problem}", file=sys.stderr)

    by_key = generated.by_key(items)
    record = generated_record.load_record()
    recorded_survivors = {key for key, m in record.get("mutants", {}).items() if m["status"] in ("survived", "error")}
    complete = {module for module, figures in record.get("modules", {}).items()
                if figures.get("run") == figures.get("generated") and figures.get("source") == digests.get(module)}
    problems: list[str] = []
    for result in results:
        claim = result.key in claims
        if result.status == "error":
            problems.append(f"{result.key}: cosmic-ray could not build it: {result.detail}")
        elif claim and result.status == "killed":
            problems.append(f"{result.key}: claimed equivalent, but {result.killer} kills it")
        elif claim and result.divergence:
            problems.append(f"{result.key}: claimed equivalent, but the lockstep run diverged: {result.divergence}")
        elif (args.sample and result.status == "survived" and result.key not in recorded_survivors
              and result.module in complete):  # a module the record has not run whole says nothing
            problems.append(f"{result.key}: survives the suite, which the record says kills it "
                            f"({generated.describe(by_key[result.key])})")
    def verdict(result: GeneratedResult) -> str:
        """The status counted: a mutant in code the engine never runs survives for no merit of
        the suite, so it is ``unreached``, not equivalent."""
        if result.status == "equivalent" and not verdicts.counts_as_equivalent(result.key):
            return "unreached"
        return result.status

    statuses = ("killed", "equivalent", "unreached", "survived", "error")
    counts = {status: sum(1 for r in results if verdict(r) == status) for status in statuses}
    to_kill = len(results) - counts["equivalent"]
    share = counts["killed"] / to_kill if to_kill else 1.0
    if whole and share < generated_record.GOAL:
        problems.append(f"{100 * share:.1f}% of the non-equivalent generated mutants killed; the goal is "
                        f"{100 * generated_record.GOAL:.0f}%")

    if args.record is not None:
        described = {r.key: (by_key[r.key].line, by_key[r.key].text, generated.mutated_line(by_key[r.key]))
                     for r in results if r.status != "killed"}
        digests = {module: generated.source_digest(module) for module in modules}
        counted = {module: sum(1 for item in items if item.module == module) for module in modules}
        left_out = {module: sum(1 for item in generated.in_annotations([module])) for module in modules}
        merged = generated_record.merge(record, tool, digests, counted, left_out, results, described)
        assert record_target is not None
        write_text_atomic(record_target, generated_record.record_text(merged), "--record",
                          inputs=[name for name in (args.log, args.resume) if name])
        print(f"wrote {shown_path(record_target)}", file=sys.stderr)

    summary: dict[str, Any] = {"tool": tool, "total": len(results), **counts, "score": round(share, 4),
                               "sample": bool(args.sample), "seconds": round(seconds, 1), "problems": problems,
                               "left_out": baseline}
    if wants_json(args):
        print(json.dumps({**summary, "mutants": [r.as_json() for r in results]}, indent=2))
    else:
        for module in dict.fromkeys(r.module for r in results):
            mine = [r for r in results if r.module == module]
            print(f"{module:<10} {len(mine):>5} mutants  " + "  ".join(
                f"{status} {sum(1 for r in mine if verdict(r) == status)}" for status in counts))
        for result in results:
            if result.status in ("survived", "error"):
                print(f"SURVIVED  {result.key}  {generated.describe(by_key[result.key])}")
        print(f"{counts['killed']}/{to_kill} killed ({100 * share:.1f}%), {counts['equivalent']} equivalent, "
              f"{counts['unreached']} in code the engine never runs, {counts['survived']} surviving "
              f"({len(results)} generated mutants, {tool}, {seconds:.0f} s)")
    for problem in problems:
        print(f"stud8 mutants: {problem}", file=sys.stderr)
    return 1 if problems else 0

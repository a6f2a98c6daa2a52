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

SAMPLE_PER_MODULE = 20
"""Mutants per rule module in the fixed sample CI runs (140 in all, about a minute on two cores)."""

SAMPLE_FUZZ_HANDS = 200
"""Lockstep hands behind a claimed equivalent in the sample (the whole run uses 3,000)."""


def _earlier(path: Path, digests: dict[str, str], fuzz_hands: int) -> tuple[dict[str, Any], dict[str, tuple[int, str | None]]]:
    """What a log of an earlier run (``--log``) on the same engine source settles: the mutants
    it shows killed, and the lockstep evidence of those it found equivalent.

    A scenario added since cannot bring a killed mutant back to life, so only the others need
    running again; for a claimed equivalent the suite is run again but its lockstep hands (as
    many as asked for now, or more) are not played twice. A line made on another source of its
    module is ignored."""
    from stud8.conformance.mutants.generated_run import GeneratedResult

    if not path.is_file():
        raise Stud8Error(f"{path}: no such log of an earlier run (--resume)", "usage")
    found: dict[str, Any] = {}
    evidence: dict[str, tuple[int, str | None]] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
            result = GeneratedResult(**{key: data[key] for key in GeneratedResult.__dataclass_fields__})
        except (ValueError, KeyError, TypeError):
            raise Stud8Error(f"{path}:{number}: not a line of a --log file", "usage") from None
        if data.get("source") != digests.get(result.module):
            continue
        if result.status == "killed":
            found[result.key] = result
        elif result.status == "equivalent" and result.fuzz_hands >= fuzz_hands:
            evidence[result.key] = (result.fuzz_hands, result.divergence)
    return found, evidence


def run(args: argparse.Namespace, jobs: int) -> int:
    from stud8.conformance.mutants import generated, generated_record, generated_verdicts
    from stud8.conformance.mutants.generated_run import GeneratedResult, run_generated, suite
    from stud8.conformance.mutants.run import EQUIVALENCE_HANDS
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
    claims = {item.key: generated_verdicts.EQUIVALENT[item.key] for item in items
              if item.key in generated_verdicts.EQUIVALENT}
    fuzz_hands = args.fuzz_hands if args.fuzz_hands is not None else (
        SAMPLE_FUZZ_HANDS if args.sample else EQUIVALENCE_HANDS)
    started = time.perf_counter()
    digests = {module: generated.source_digest(module) for module in generated.MODULES}
    earlier, evidence = _earlier(Path(args.resume), digests, fuzz_hands) if args.resume else ({}, {})
    to_run = [item for item in items if item.key not in earlier]
    log = open(args.log, "a", encoding="utf-8") if args.log else None  # noqa: SIM115 - closed below

    def done(result: GeneratedResult) -> None:
        bar.update(1)
        if log is not None:
            log.write(json.dumps({**result.as_json(), "source": digests[result.module]}) + "\n")
            log.flush()

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
    counts = {status: sum(1 for r in results if r.status == status) for status in ("killed", "equivalent", "survived", "error")}
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
        merged = generated_record.merge(record, tool, digests, counted, left_out, results, described, seconds)
        target = Path(args.record) if args.record else generated_record.RECORD
        from stud8.tools.output import write_text_atomic

        write_text_atomic(target, generated_record.record_text(merged))
        print(f"wrote {target}", file=sys.stderr)

    summary: dict[str, Any] = {"tool": tool, "total": len(results), **counts, "score": round(share, 4),
                               "sample": bool(args.sample), "seconds": round(seconds, 1), "problems": problems,
                               "left_out": baseline}
    if wants_json(args):
        print(json.dumps({**summary, "mutants": [r.as_json() for r in results]}, indent=2))
    else:
        for module in dict.fromkeys(r.module for r in results):
            mine = [r for r in results if r.module == module]
            print(f"{module:<10} {len(mine):>5} mutants  " + "  ".join(
                f"{status} {sum(1 for r in mine if r.status == status)}" for status in counts))
        for result in results:
            if result.status in ("survived", "error"):
                print(f"SURVIVED  {result.key}  {generated.describe(by_key[result.key])}")
        print(f"{counts['killed']}/{to_kill} killed ({100 * share:.1f}%), {counts['equivalent']} equivalent, "
              f"{counts['survived']} surviving ({len(results)} generated mutants, {tool}, {seconds:.0f} s)")
    for problem in problems:
        print(f"stud8 mutants: {problem}", file=sys.stderr)
    return 1 if problems else 0

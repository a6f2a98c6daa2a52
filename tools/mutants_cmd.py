"""``stud8 mutants``: run the scenario suite against every mutant of the reference engine.

Prints, for each planted mistake, whether the suite killed it and with which scenario, then
``killed/total``. Exit 0 when every mutant is killed or is an equivalent whose lockstep run
showed no divergence; 1 when one survives (or an edit no longer fits the engine: stale);
2 for a usage error (``-k`` matching nothing, a bad number). ``--doc FILE`` writes the
catalogue ``docs/mutants.md`` from the registry (and the record of the generated mutants)
instead of running anything. ``--generated`` runs cosmic-ray's generated mutants instead of the
zoo (``tools/mutants_generated.py``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from stud8.reference.errors import Stud8Error
from stud8.tools.formats import add_format_argument, wants_json

EXAMPLES: tuple[str, ...] = (
    "stud8 mutants",
    "stud8 mutants --attribution -k betting",
)
"""The command lines its --help ends with (tests/test_cli_conventions.py checks each parses)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-k", dest="pattern", metavar="PATTERN",
                        help="only the mutants whose id or rule id contains PATTERN (or matches it as a glob)")
    parser.add_argument("-j", "--jobs", type=int, default=None, metavar="N",
                        help="processes to spread the mutants over (default: up to 2, one per core)")
    parser.add_argument("--fuzz-hands", type=int, default=None, metavar="N",
                        help="lockstep hands behind each equivalent mutant (default and minimum for a "
                             "proof: 3000; fewer is reported as unproven)")
    parser.add_argument("--kills", type=Path, metavar="FILE",
                        help="after the run, record one killing scenario per killed mutant in FILE "
                             "(conformance/mutants/kills.yaml, which the catalogue names); with -k, "
                             "only those mutants' entries change")
    parser.add_argument("--doc", type=Path, metavar="FILE",
                        help="write the mutant catalogue (docs/mutants.md) to FILE and run nothing")
    parser.add_argument("--attribution", action="store_true",
                        help="instead of kills, measure root causes: for each mutant the share of its failing "
                             "scenarios grouped under its own rule, per area and over the zoo (exit 0: a measurement)")
    parser.add_argument("--generated", action="store_true",
                        help="run cosmic-ray's generated mutants of the rule modules instead of the zoo "
                             "(needs the mutation extra; -k MODULE for one module)")
    parser.add_argument("--sample", action="store_true",
                        help="with --generated: only the fixed sample CI runs (20 mutants per module)")
    parser.add_argument("--log", metavar="FILE",
                        help="with --generated: append each mutant's result to FILE (JSON lines) as it finishes")
    parser.add_argument("--resume", metavar="FILE",
                        help="with --generated: take the mutants a --log FILE shows killed on the same engine "
                             "source from it, and run only the others")
    parser.add_argument("--record", nargs="?", const="", default=None, metavar="FILE",
                        help="with --generated: merge the figures into the record the catalogue is "
                             "rendered from (default conformance/mutants/generated.json)")
    add_format_argument(parser, "results")


def _refuse_compiled_engine() -> None:
    """A mutant is the engine's source with one mistake planted, run as Python; in a compiled
    install (``STUD8_COMPILE=1``, hatch_build.py) the compiled modules call one another directly,
    so a planted mistake could go unrun and a mutant be counted killed or surviving on the
    original code. The run is refused rather than trusted."""
    from stud8.spec.version import compiled_modules

    compiled = [name for name in compiled_modules() if name.startswith("stud8.reference.")]
    if compiled:
        raise Stud8Error(f"this install runs {len(compiled)} modules of the reference engine compiled "
                         f"(STUD8_COMPILE=1), and mutants must run the engine's Python source: "
                         f"reinstall without STUD8_COMPILE (pip install . or pip install -e .)", "usage")


def run(args: argparse.Namespace) -> int:
    from stud8.conformance.mutants import select
    from stud8.conformance.mutants.doc import render
    from stud8.conformance.mutants.run import EQUIVALENCE_HANDS, run_mutants

    if (args.sample or args.record is not None or args.log or args.resume) and not args.generated:
        raise Stud8Error("--sample, --record, --log and --resume go with --generated", "usage")
    if args.attribution and (args.generated or args.doc is not None or args.kills is not None or args.fuzz_hands is not None):
        raise Stud8Error("--attribution goes alone (with -k, -j and --format)", "usage")
    if args.generated:
        if args.doc is not None:
            raise Stud8Error("--doc writes the whole catalogue: leave out --generated", "usage")
        from stud8.conformance.executor import default_jobs
        from stud8.tools import mutants_generated
        from stud8.tools.arguments import check_jobs, local_workers

        check_jobs(args.jobs)  # the one --jobs check (1 to 256), then never more workers than cores
        jobs = local_workers(args.jobs) if args.jobs is not None else min(2, default_jobs())
        if args.fuzz_hands is not None and args.fuzz_hands < 0:
            raise Stud8Error(f"--fuzz-hands must be 0 or more, got {args.fuzz_hands}", "usage")
        _refuse_compiled_engine()  # after the usage errors, which a compiled install reports the same
        return mutants_generated.run(args, jobs)
    mutants = select(args.pattern)
    if args.doc is not None:
        if args.pattern:
            raise Stud8Error("--doc writes the whole catalogue: leave out -k", "usage")
        from stud8.spec.limits import shown_path
        from stud8.tools.output import check_writable, is_stdout, write_text_atomic

        check_writable(args.doc, "--doc")
        write_text_atomic(args.doc, render(mutants) + "\n", "--doc")
        if not is_stdout(args.doc):
            print(f"wrote {shown_path(args.doc)} ({len(mutants)} mutants)")
        return 0
    if not mutants:
        raise Stud8Error(f"-k {args.pattern!r} matches no mutant", "usage")
    if args.kills is not None:
        from stud8.tools.output import check_writable

        check_writable(args.kills, "--kills")
    from stud8.tools.arguments import check_jobs, local_workers

    check_jobs(args.jobs)
    jobs = local_workers(args.jobs if args.jobs is not None else 2, len(mutants))
    fuzz_hands = EQUIVALENCE_HANDS if args.fuzz_hands is None else args.fuzz_hands
    if fuzz_hands < 0:
        raise Stud8Error(f"--fuzz-hands must be 0 or more, got {fuzz_hands}", "usage")
    _refuse_compiled_engine()  # after the usage errors; the catalogue (--doc) runs no engine
    if args.attribution:
        return _attribution(args, mutants, jobs)

    from stud8.tools.progress import progress_bar

    started = time.perf_counter()
    baseline: dict[str, str] = {}
    with progress_bar(total=len(mutants), desc="mutants", unit="mutant") as bar:
        results = run_mutants(mutants, jobs=jobs, fuzz_hands=fuzz_hands,
                              done=lambda result: bar.update(1), baseline=baseline)
    for scenario_id, problem in baseline.items():
        print(f"stud8 mutants: left out {scenario_id}, which the reference engine fails: {problem}", file=sys.stderr)
    seconds = time.perf_counter() - started
    unproven = [r for r in results if r.status == "equivalent" and r.fuzz_hands < EQUIVALENCE_HANDS]
    bad = [r for r in results if not r.ok] + unproven
    to_kill = [r for r in results if not r.equivalent]
    killed = [r for r in results if r.killed]
    equivalent = [r for r in results if r.status == "equivalent"]
    summary = {"total": len(results), "to_kill": len(to_kill), "killed": len(killed),
               "equivalent": len(equivalent), "survived": len(bad), "seconds": round(seconds, 1),
               "left_out": baseline}
    if wants_json(args):
        print(json.dumps({**summary, "mutants": [r.as_json() for r in results]}, indent=2))
    else:
        width = max(len(r.id) for r in results)
        for r in results:
            if r.status == "killed":
                more = f" (+{len(r.killers) - 1} more)" if len(r.killers) > 1 else ""
                detail = f"by {r.killers[0]}{more}"
            elif r.status == "equivalent":
                proof = "no divergence" if r.fuzz_hands >= EQUIVALENCE_HANDS else "UNPROVEN: too few hands"
                detail = f"{r.fuzz_hands} lockstep hands, {proof}: {r.equivalent}"
            elif r.stale:
                detail = r.stale
            elif r.divergence:
                detail = f"claimed equivalent, but the lockstep run diverged: {r.divergence}"
            else:
                detail = f"no scenario kills it: {r.description}"
            print(f"{r.status.upper() if r in bad else r.status:<10}  {r.id:<{width}}  {r.rule:<34}  {detail}")
        print(f"{len(killed)}/{len(to_kill)} killed, {len(equivalent)} equivalent, {len(bad)} surviving "
              f"({len(results)} mutants, {seconds:.0f} s)")
    if args.kills is not None:
        _write_kills(args.kills, results, args.pattern is None)
    if bad:
        print(f"{len(bad)} mutant(s) survive: " + ", ".join(r.id for r in bad), file=sys.stderr)
        return 1
    return 0


def _attribution(args: argparse.Namespace, mutants: list, jobs: int) -> int:
    """``--attribution``: where each mutant's failures are grouped (conformance/mutants/attribution.py)."""
    from stud8.conformance.mutants.attribution import attribute_mutants, by_area, figure, report_lines
    from stud8.conformance.mutants.run import baseline_failures, load_scenarios
    from stud8.tools.progress import progress_bar

    started = time.perf_counter()
    everything = load_scenarios()
    left_out = baseline_failures(everything)
    scenarios = [scenario for scenario in everything if scenario.id not in left_out]
    for scenario_id, problem in left_out.items():
        print(f"stud8 mutants: left out {scenario_id}, which the reference engine fails: {problem}", file=sys.stderr)
    wanted = [mutant for mutant in mutants if not mutant.equivalent]
    with progress_bar(total=len(wanted), desc="mutants", unit="mutant") as bar:
        results = attribute_mutants(wanted, scenarios, jobs=jobs, done=lambda result: bar.update(1))
    seconds = time.perf_counter() - started
    if wants_json(args):
        print(json.dumps({"whole": figure(results).as_json(),
                          "areas": {area: value.as_json() for area, value in sorted(by_area(results).items())},
                          "seconds": round(seconds, 1), "left_out": left_out,
                          "mutants": [result.as_json() for result in results]}, indent=2))
    else:
        for line in report_lines(results):
            print(line)
        print(f"({len(results)} mutants, {seconds:.0f} s)")
    return 0


def _write_kills(path: Path, results: list, whole: bool) -> None:
    """Merge this run's named killers into the record at ``path`` (a whole run replaces it)."""
    from stud8.conformance.mutants.kills import dump, record
    from stud8.conformance.mutants.run import load_scenarios
    from stud8.spec.yamlio import FileRefused, YamlProblem, load_yaml, read_text_file
    from stud8.tools.output import write_text_atomic

    cited = {scenario.id: list(scenario.rules) for scenario in load_scenarios()}
    kills: dict[str, str] = {}
    if not whole and path.is_file():
        try:  # through the bounded reader, read as --kills: the slot that then replaces it
            old = load_yaml(read_text_file(path, role="--kills"), str(path))
        except FileRefused as refused:
            raise Stud8Error(f"--kills {path}:{refused.line or 1}: cannot read the record: {refused}", "usage") from None
        except YamlProblem as problem:
            raise Stud8Error(f"--kills {problem.problem}: cannot read the record", "usage") from None
        kills.update({str(key): str(value) for key, value in old.items()} if isinstance(old, dict) else {})
    for result in results:
        kills.pop(result.id, None)
    kills.update(record(results, cited))
    from stud8.conformance.mutants import MUTANTS

    order = {m.id: i for i, m in enumerate(MUTANTS)}
    ordered = dict(sorted(kills.items(), key=lambda item: (order.get(item[0], len(order)), item[0])))
    write_text_atomic(path, dump(ordered), "--kills")  # the slot check_writable claimed
    print(f"wrote {path} ({len(ordered)} named killers)", file=sys.stderr)

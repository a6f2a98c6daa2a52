"""``stud8 smoke --engine SPEC``: is an engine ready for the suite? In seconds.

First the protocol, one request of each kind (``hello``, ``start``, ``observe``, ``act``,
``evaluate``, ``stop``), stopping at the first wrong answer with what was wrong and where the
protocol document says what is wanted; then, if the engine speaks it, a fixed sample of thirty
scenarios across the rule areas (``stud8.conformance.suite.smoke``). It ends with one verdict
and the command to run next.

Exit codes: 0 the protocol works and every sample scenario passes (or does not apply), 1 a
protocol step or a sample scenario fails, 2 usage errors (no engine given, one that names
nothing runnable).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from stud8.spec.errors import Stud8Error
from stud8.spec.limits import printable
from stud8.tools.arguments import check_scenario_folders
from stud8.tools.formats import add_format_argument, wants_json

EXAMPLES: tuple[str, ...] = (
    "stud8 smoke --engine 'cmd:python3 harness.py'",
    "stud8 smoke --engine 'cmd:./my-engine --stud8' --timeout 5 --format json",
)
"""The command lines its --help ends with (tests/test_cli_conventions.py checks each parses)."""

STEP_WIDTH = 9


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--engine", default=None, metavar="SPEC",
                        help="the engine to check: cmd:COMMAND LINE (started without a shell), python:MODULE:FACTORY, "
                             "reference, pokerkit or pokerkit-native (default: engine in stud8.toml or [tool.stud8])")
    parser.add_argument("--timeout", type=float, default=None, metavar="SECONDS",
                        help="seconds allowed for each engine message (default: timeout in stud8.toml or [tool.stud8], "
                             "else 10)")
    parser.add_argument("--scenarios", action="append", type=Path, default=None, metavar="DIR",
                        help="look for the sample in DIR too (repeatable; the packaged suite is always searched)")
    add_format_argument(parser, "check")


def run(args: argparse.Namespace) -> int:
    from stud8.conformance.engines.api import EngineFault
    from stud8.conformance.engines.spec import make_engine
    from stud8.conformance.suite.scenarios import packaged_scenarios_dir
    from stud8.conformance.suite.smoke import smoke
    from stud8.spec.limits import seconds_problem
    from stud8.tools.settings import apply_settings

    apply_settings(args, "smoke", defaults={"engine": None})
    if not args.engine:
        raise Stud8Error("no engine to check: give --engine SPEC (cmd:./my-engine, python:MODULE:FACTORY), or write "
                         "engine = \"...\" in stud8.toml or in [tool.stud8] of pyproject.toml", "usage")
    problem = seconds_problem(args.timeout, "--timeout")
    if problem:
        raise Stud8Error(problem, "usage")
    folders = list(args.scenarios or [])
    check_scenario_folders(folders)
    engine = make_engine(args.engine, args.timeout)  # a spec naming nothing runnable: usage error, exit 2
    try:
        result = smoke(engine, [packaged_scenarios_dir(), *folders])
    except EngineFault as fault:  # pragma: no cover - every step catches its own faults
        raise Stud8Error(f"engine {args.engine!r}: {fault.message}", "usage") from None
    finally:
        engine.close()
    verdict, next_command = conclusion(result, args.engine)
    if wants_json(args):
        document: dict[str, Any] = {
            "engine": args.engine,
            "protocol": [step.as_json() for step in result.steps],
            "sample": [played.as_json() for played in result.played],
            "stopped": result.stopped,
            "passed": result.passed,
            "verdict": verdict,
            "next": next_command,
        }
        print(json.dumps(document, indent=2))
    else:
        for line in render(result, args.engine, verdict, next_command):
            print(printable(line, None))  # what an engine answered may carry escapes: sanitised
    return 0 if result.passed else 1


def render(result: Any, engine: str, verdict: str, next_command: str) -> list[str]:
    """The check as text: the protocol steps, the sample, the faults, the verdict last."""
    lines = [f"stud8 smoke: engine {engine}", "", "the protocol, one request of each kind:"]
    for step in result.steps:
        mark = "ok" if step.ok and not step.warning else ("warn" if step.ok else "FAIL")
        detail = step.detail.split("\n")
        lines.append(f"  {mark:<5} {step.name:<{STEP_WIDTH}} {detail[0]}")
        lines += [f"  {'':<5} {'':<{STEP_WIDTH}} {more}" for more in detail[1:]]
    if result.played or result.protocol_ok:
        areas = len({played.scenario.area for played in result.played})
        lines += ["", f"a sample of {result.sample_size} scenarios across the rule areas ({areas} reached):"]
    for played in result.played:
        mark = {"pass": "pass", "not-applicable": "n/a", "fail": "FAIL"}.get(played.outcome, played.outcome.upper())
        lines.append(f"  {mark:<7} {played.scenario.id:<14} {played.scenario.title}")
        if played.outcome in ("pass", "not-applicable"):
            continue
        if played.repeat is not None:
            lines.append(f"  {'':<7} {'':<14} {played.repeat.repeat_line()}")
        elif played.outcome == "fail":
            lines.append(f"  {'':<7} {'':<14} {played.message}" + (f"  [rule {played.rule}]" if played.rule else ""))
        else:
            lines += [f"  {'':<7} {'':<14} {text}" for text in f"engine {played.outcome}: {played.message}".split("\n")]
    if result.stopped:
        lines += ["", f"stud8 smoke: {result.stopped}"]
    lines += ["", f"verdict: {verdict}", f"next: {next_command}"]
    return lines


def conclusion(result: Any, engine: str) -> tuple[str, str]:
    """The verdict in one plain sentence, and the one command to run next."""
    from stud8.conformance.suite.faults import first_line
    from stud8.conformance.suite.nextstep import engine_flag
    from stud8.conformance.suite.smoke import WHERE

    flag = engine_flag(engine)
    if not result.protocol_ok:
        failed = next(step for step in result.steps if not step.ok)
        verdict = f"NOT READY: the engine does not answer {failed.name!r} as the protocol says: {first_line(failed.detail)}"
        return verdict, (f"fix it ({WHERE.get(failed.name, 'docs/protocol.md')}; stud8 protocol prints the document), "
                         f"then run again: stud8 smoke{flag}")
    faults = result.count("error", "crash", "timeout")
    failed = result.count("fail")
    passed = result.count("pass")
    applicable = len(result.played) - result.count("not-applicable")
    if faults:
        first = next(played for played in result.played if played.outcome in ("error", "crash", "timeout"))
        kinds = len(result.faults.groups)
        verdict = (f"NOT READY: the protocol works, but the engine faults on {faults} of {len(result.played)} sample "
                   f"scenarios ({kinds} kind{'s' if kinds != 1 else ''}; the first shown in full above)")
        return verdict, (f"stud8 explain {first.scenario.id}{flag} shows its exchange step by step; fix it, then run "
                         f"stud8 smoke{flag} again")
    if failed:
        first = next(played for played in result.played if played.outcome == "fail")
        verdict = (f"READY FOR THE SUITE: the protocol works; {passed} of {applicable} sample scenarios pass, "
                   f"{failed} fail on the rules")
        return verdict, (f"stud8 explain {first.scenario.id}{flag} (the first failure beside the reference engine), "
                         f"or the whole suite: stud8 conform{flag} --report report.json")
    return (f"READY: the protocol works and all {passed} applicable sample scenarios pass"
            + (f" ({result.count('not-applicable')} not applicable)" if result.count("not-applicable") else ""),
            f"the whole suite: stud8 conform{flag} --report report.json")

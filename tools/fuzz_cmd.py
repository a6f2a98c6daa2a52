"""``stud8 fuzz``: random legal hands on the reference engine and another engine in lockstep.

``stud8 fuzz --engine SPEC --hands N --seed S [--start N0] [--players MIN-MAX] [--profile NAME]
[--option NAME=VALUE]... [--out DIR] [--jobs N | --dask ADDRESS] [--guided] [--rules]
[--format text|json]`` plays hands N0..N0+N-1 of the seed (random stacked decks, random legal
actions, short stacks and all-ins, eight-player tables that run out of cards) on the reference
engine and on SPEC, compares every observation, and at the first divergence (the lowest hand
number, whatever the number of workers or machines) writes a shrunk replay scenario
``DIR/fuzz-<seed>-<hand>.yaml`` and prints one line::

    divergence after N hands: hand H, action A: FIELD reference=X engine=Y -> PATH

(H is the hand's number in the run, N = H + 1; A, X and Y are those of the shrunk hand in PATH:
the divergence shows after its A-th action).
A crash, timeout or protocol error of the engine is reported the same way (``engine crash
after N hands: ...``). ``--max-divergences K`` keeps going to the first hand of up to K
different kinds of divergence (the field and the rules it points at), one scenario each.

* ``--guided`` takes the hands from the guided generator (decks stacked for two- and three-way
  ties with odd chips, short stacks, eight players to seventh street, paired boards): other
  hands than the plain run of the same seed, aimed at rarely reached rules. The plain run stays
  the default, so a seed finds the same first divergence as in earlier releases.
* ``--rules`` counts, per hand, the rule ids of spec/rules.yaml the hand exercised and prints
  hands per rule id and the rules never reached.
* ``--jobs J`` plays on J local processes; ``--dask ADDRESS`` on an existing Dask cluster
  (``pip install 'stud8[cluster]'``); both report the same lowest divergent hand as one process.
* ``--start N0`` resumes a campaign at hand N0 (hand numbers, and so the hands, are unchanged).

On a terminal a progress bar (tools/progress.py) shows hands, hands/s, divergences and rules
reached; otherwise a progress line goes to stderr every ``PROGRESS_SECONDS`` of a long run. The
last line gives the speed; ``--format json`` prints ``{"hands", "start", "seconds",
"hands_per_second", "guided", "divergence": {...} | null, "divergences": [...], "rules": {...} |
null}`` instead (``rules``, with ``--rules`` or ``--guided``: ``{"reached": N, "total": N,
"hands": {rule id: hands}, "never": [rule ids]}``).

Given no ``--profile`` and no ``--option``, an engine that cannot play the rule book's defaults
(PokerKit: no uncapped heads-up raising, no odd chips by the cards) is played with the option
values it declares in its handshake (``conformance.engines.protocol.playable_options``: the
default where declared, else the first value it lists); a line on stderr says which, and the
findings' command lines carry them.

Exit codes: 0 no divergence, 1 a divergence or an engine fault, 2 usage errors (an unknown
engine, a bad option, settings the engine declares it cannot play: the engine's reason and a
hint are printed; ``--dask`` without ``distributed`` or with a scheduler that cannot be
reached). The conformance/fuzz package docstrings describe the hands, the comparison and the
shrinking.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from stud8.conformance.executor import default_jobs
from stud8.reference.errors import Stud8Error
from stud8.spec.limits import printable, seconds_problem, shell_command, shown_path
from stud8.tools.arguments import check_jobs, seed
from stud8.tools.formats import add_format_argument, wants_json
from stud8.tools.output import check_output_folder
from stud8.tools.streams import say, warn


def _players(text: str) -> tuple[int, int]:
    low, dash, high = text.partition("-")
    try:
        pair = (int(low), int(high)) if dash else (int(low), int(low))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of players or a range such as 2-8, got {text!r}") from None
    if not 2 <= pair[0] <= pair[1] <= 8:
        raise argparse.ArgumentTypeError(f"players must be between 2 and 8 (low first), got {text!r}")
    return pair


def _option(text: str) -> tuple[str, Any]:
    from stud8.spec.limits import quoted
    from stud8.spec.yamlio import YamlProblem, load_yaml

    name, equals, value = text.partition("=")
    if not equals or not name.strip():
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {quoted(text)}")
    try:  # the limited loader: a 5,000-level or 5,000-digit value is refused, not a traceback
        parsed = load_yaml(value, "--option") if value.strip() else value
    except YamlProblem as error:
        if error.problem.code in ("too-deep", "too-many-values", "too-large"):
            raise argparse.ArgumentTypeError(f"{name.strip()}: {error.problem.message}") from None
        parsed = value
    if isinstance(parsed, (dict, list)):
        parsed = value
    return name.strip(), parsed


EXAMPLES: tuple[str, ...] = (
    "stud8 fuzz --engine 'cmd:./my-engine --stud8' --hands 10000 --seed 1",
    "stud8 fuzz --engine pokerkit --hands 1000 --seed 7 --players 2-4",
)
"""The command lines its --help ends with (tests/test_cli_conventions.py checks each parses)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from stud8.conformance.engines.spec import DEFAULT_TIMEOUT
    from stud8.conformance.fuzz.shrink import SHRINK_SECONDS

    parser.add_argument("--engine", default=None, metavar="SPEC",
                        help="the engine under test: reference, pokerkit, pokerkit-native, python:MODULE:FACTORY, or cmd:COMMAND LINE "
                             "(or cmd:[\"PROGRAM\", \"ARG\", ...]; required, unless engine is set in stud8.toml or [tool.stud8])")
    parser.add_argument("--hands", type=int, default=1000, metavar="N", help="hands to play (default 1000)")
    parser.add_argument("--seed", type=seed, default=0, metavar="S", help="seed of the hands (default 0)")
    parser.add_argument("--players", type=_players, default=(2, 8), metavar="MIN-MAX",
                        help="players per hand, a number or a range MIN-MAX (default 2-8)")
    parser.add_argument("--profile", metavar="NAME", help="rule book profile (default: the rule book's default)")
    parser.add_argument("--option", type=_option, action="append", default=[], metavar="NAME=VALUE",
                        help="an option on top of the profile (repeatable; the value is read as YAML: 3, true, capped)")
    parser.add_argument("--out", type=Path, default=Path("fuzz-findings"), metavar="DIR",
                        help="folder the scenarios of divergences are written into (default ./fuzz-findings)")
    parser.add_argument("-j", "--jobs", type=int, default=default_jobs(), metavar="N",
                        help="worker processes (default: every core; runs of fewer than 200 hands stay in one process)")
    parser.add_argument("--timeout", type=float, default=None, metavar="SECONDS",
                        help=f"seconds allowed for each engine message of a cmd: engine (default {DEFAULT_TIMEOUT:g}, "
                             "or timeout in the settings)")
    parser.add_argument("--max-divergences", type=int, default=1, metavar="K",
                        help="report the first hand of up to K different kinds of divergence (default 1: stop at the first)")
    parser.add_argument("--shrink-seconds", type=float, default=SHRINK_SECONDS, metavar="SECONDS",
                        help=f"time allowed to shrink each divergence (default {SHRINK_SECONDS:g})")
    parser.add_argument("--start", type=int, default=0, metavar="N0",
                        help="the first hand's number (default 0): resume a campaign where it stopped")
    parser.add_argument("--dask", metavar="ADDRESS",
                        help="run on an existing Dask cluster (tcp://HOST:8786; needs stud8[cluster]) instead of local processes")
    parser.add_argument("--guided", action="store_true",
                        help="guided hands: decks and stacks aimed at rarely reached rules (other hands than the plain run)")
    parser.add_argument("--rules", action="store_true", help="report hands per rule id exercised and the rules never reached")
    add_format_argument(parser, "run's summary and findings")


def _hint(spec: str, engine: Any) -> str:
    if spec.strip().startswith("pokerkit"):
        from stud8.conformance.engines.pokerkit_adapter import POKERKIT_OPTIONS

        return "PokerKit plays " + " ".join(f"--option {name}={_text(value)}" for name, value in POKERKIT_OPTIONS.items())
    try:
        declared = engine.handshake()
    except Exception:  # noqa: BLE001 - the hint is best effort
        return "choose a profile and options the engine declares"
    return (f"the engine declares the profiles {', '.join(declared.get('profiles', [])) or 'none'} and the options "
            f"{json.dumps(declared.get('options', {}))}")


def _declared_options(engine: Any) -> dict[str, Any]:
    from stud8.conformance.engines.protocol import playable_options

    try:
        return playable_options(engine.handshake())
    except Exception:  # noqa: BLE001 - an engine that cannot say: the usual refusal follows
        return {}


def _text(value: Any) -> str:
    return json.dumps(value) if isinstance(value, bool) else str(value)


PROGRESS_SECONDS = 30.0
"""Seconds between progress lines on stderr when it is not a terminal."""


def worker_count(jobs: int, hands: int, *, dask: bool = False) -> int:
    """Workers to start: one for a short run; otherwise ``jobs``, but never more than the hands,
    and for local processes never more than the cores this process may use (``--jobs 1000`` on
    two cores starts two workers, not a thousand)."""
    if hands < _parallel_min():
        return 1
    count = min(jobs, hands)
    return count if dask else min(count, default_jobs())


def run(args: argparse.Namespace) -> int:
    from stud8.conformance.executor import open_executor
    from stud8.conformance.fuzz.campaign import (
        FuzzConfig,
        investigate,
        make_fuzz_engine,
        run_search,
        select_hits,
    )
    from stud8.spec.rulebook import default_rulebook
    from stud8.tools.conform_cmd import greeted
    from stud8.tools.settings import apply_settings

    apply_settings(args, "fuzz", defaults={"engine": None})
    if not args.engine:
        raise Stud8Error("the engine to fuzz is required: --engine SPEC, or engine in stud8.toml or [tool.stud8]", "usage")
    if args.hands < 1:
        raise Stud8Error(f"--hands must be at least 1, got {args.hands}", "usage")
    check_jobs(args.jobs)
    if args.seed < 0:
        raise Stud8Error(f"--seed must be 0 or more, got {args.seed}", "usage")
    if args.start < 0:
        raise Stud8Error(f"--start must be 0 or more, got {args.start}", "usage")
    if args.max_divergences < 1:
        raise Stud8Error(f"--max-divergences must be at least 1, got {args.max_divergences}", "usage")
    for flag, value in (("--timeout", args.timeout), ("--shrink-seconds", args.shrink_seconds)):
        why = seconds_problem(value, flag, allow_zero=flag == "--shrink-seconds")
        if why:  # inf, nan, 1e308, negative: refused before any hand is played
            raise Stud8Error(why, "usage")
    check_output_folder(args.out, "--out")  # before the run, not after an hour of fuzzing
    options = dict(args.option)
    try:
        resolved = default_rulebook().resolve_options(args.profile, options)
    except Stud8Error as error:
        raise Stud8Error(error.message, "usage") from None
    engine = greeted(make_fuzz_engine(args.engine, args.timeout), args.engine)  # no hello: exit 2, one line
    coverage = bool(args.rules or args.guided)
    try:
        reason = engine.unsupported(args.profile, options)
        if reason and args.profile is None and not args.option:
            # No settings asked for, and the engine cannot play the defaults: play the option
            # values it declares (docs/protocol.md, hello), and say which.
            declared = _declared_options(engine)
            if declared and engine.unsupported(None, declared) is None:
                options, reason = declared, None
                args.option = list(declared.items())  # in the command line the findings record
                resolved = default_rulebook().resolve_options(None, options)
                print(f"stud8 fuzz: {args.engine} does not play the rule book's defaults; playing the option values it "
                      "declares: " + " ".join(f"--option {name}={_text(value)}" for name, value in declared.items()),
                      file=sys.stderr)
        if reason:
            warn(f"stud8 fuzz: {printable(args.engine)} cannot play these settings: {printable(reason, 400)}")
            warn(f"hint: {printable(_hint(args.engine, engine), 400)}")
            return 2
        config = FuzzConfig(engine=args.engine, hands=args.hands, seed=args.seed, players=args.players,
                            profile=args.profile, options=options, jobs=args.jobs, timeout=args.timeout,
                            max_divergences=args.max_divergences, start=args.start, guided=args.guided,
                            coverage=coverage, burn_first=bool(resolved["burn_before_third"]))
        jobs = worker_count(args.jobs, args.hands, dask=bool(args.dask))
        with open_executor(jobs=jobs, dask=args.dask) as executor, _Reporter(args.hands, coverage) as reporter:
            result = run_search(config, engine, executor, reporter.update)
        command = shell_command(["stud8", "fuzz", *_command_line(args)])
        name = args.engine.strip()
        findings = [investigate(config, engine, hit, args.out, engine_name=name,
                                burn_first=bool(resolved["burn_before_third"]), command=command,
                                shrink_seconds=args.shrink_seconds)
                    for hit in select_hits(result.hits, args.max_divergences)]
    finally:
        engine.close()
    rate = result.played / result.seconds if result.seconds > 0 else 0.0
    rules = _rules_report(result.rules) if coverage else None
    if wants_json(args):
        print(json.dumps({
            "hands": result.played,
            "start": args.start,
            "seconds": round(result.seconds, 3),
            "hands_per_second": round(rate, 1),
            "guided": bool(args.guided),
            "divergence": findings[0].as_json() if findings else None,
            "divergences": [finding.as_json() for finding in findings],
            "rules": rules,
        }))
    else:
        for finding in findings:
            say(finding.summary())
            if finding.reproduces is False:
                say(f"  note: the scenario {shown_path(finding.path)} does not fail on {printable(name)} when replayed "
                    "(a nondeterministic engine?)")
        if not findings:
            print(f"no divergence in {result.played} hands (seed {args.seed})")
        if rules is not None and args.rules:
            for line in _rules_lines(rules):
                print(line)
        print(f"{result.played} hands in {result.seconds:.1f} s: {rate:.1f} hands/s")
    return 1 if findings else 0


def _parallel_min() -> int:
    from stud8.conformance.fuzz.campaign import PARALLEL_MIN_HANDS

    return PARALLEL_MIN_HANDS


def _rules_report(counts: Any) -> dict[str, Any]:
    from stud8.spec.rulebook import default_rulebook

    every = sorted(default_rulebook().rule_ids)
    hands = {rule: int(counts[rule]) for rule in every if counts.get(rule)}
    return {"reached": len(hands), "total": len(every), "hands": hands,
            "never": [rule for rule in every if rule not in hands]}


def _rules_lines(rules: dict[str, Any]) -> list[str]:
    lines = [f"rules reached: {rules['reached']} of {rules['total']} (hands per rule id)"]
    width = max((len(rule) for rule in rules["hands"]), default=0)
    for rule, count in sorted(rules["hands"].items(), key=lambda item: (-item[1], item[0])):
        lines.append(f"  {rule.ljust(width)}  {count}")
    if rules["never"]:
        lines.append("never reached: " + " ".join(rules["never"]))
    return lines


class _Reporter:
    """The progress bar on a terminal, else a line on stderr every PROGRESS_SECONDS."""

    def __init__(self, hands: int, coverage: bool) -> None:
        from stud8.tools.progress import progress_bar

        self.bar = progress_bar(total=hands, desc="fuzz", unit="hand")
        self.coverage = coverage
        self.shown = 0
        self.last_line = 0.0

    def __enter__(self) -> _Reporter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.bar.close()

    def update(self, progress: Any) -> None:
        reached = f", {len(progress.rules)} rules reached" if self.coverage else ""
        text = f"{progress.divergences} divergences{reached}"
        if self.bar.shown:  # the bar shows hands and hands/s itself
            self.bar.set_postfix_str(text)
            self.bar.update(progress.played - self.shown)
            self.shown = progress.played
        elif progress.seconds - self.last_line >= PROGRESS_SECONDS:
            self.last_line = progress.seconds
            print(f"stud8 fuzz: {progress.played:,} hands, {progress.rate:,.0f} hands/s, {text}", file=sys.stderr, flush=True)


def _command_line(args: argparse.Namespace) -> list[str]:
    parts = ["--engine", args.engine, "--hands", str(args.hands), "--seed", str(args.seed)]
    if args.start:
        parts += ["--start", str(args.start)]
    if args.guided:
        parts.append("--guided")
    if args.players != (2, 8):
        low, high = args.players
        parts += ["--players", f"{low}-{high}" if low != high else str(low)]
    if args.profile:
        parts += ["--profile", args.profile]
    for name, value in args.option:
        parts += ["--option", f"{name}={_text(value)}"]
    return parts

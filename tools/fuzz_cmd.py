"""``stud8 fuzz``: random legal hands on the reference engine and another engine in lockstep.

``stud8 fuzz --engine SPEC --hands N --seed S [--players 2-8] [--profile P] [--option NAME=VALUE]...
[--out DIR] [--jobs J]`` plays hands 0..N-1 of the seed (random stacked decks, random legal
actions, short stacks and all-ins, eight-player tables that run out of cards) on the reference
engine and on SPEC, compares every observation, and at the first divergence (the lowest hand
number, whatever the number of workers) writes a shrunk replay scenario
``DIR/fuzz-<seed>-<hand>.yaml`` and prints one line::

    divergence after N hands: hand H, action A: FIELD reference=X engine=Y -> PATH

(H is the hand's number in the run, N = H + 1; A, X and Y are those of the shrunk hand in PATH:
the divergence shows after its A-th action).
A crash, timeout or protocol error of the engine is reported the same way (``engine crash
after N hands: ...``). ``--max-divergences K`` keeps going to the first hand of up to K
different kinds of divergence (the field and the rules it points at), one scenario each.
The last line gives the speed; ``--json`` prints ``{"hands", "seconds", "hands_per_second",
"divergence": {...} | null, "divergences": [...]}`` instead.

Exit codes: 0 no divergence, 1 a divergence or an engine fault, 2 usage errors (an unknown
engine, a bad option, settings the engine declares it cannot play: the engine's reason and a
hint are printed). The conformance/fuzzing.py docstring describes the hands and the shrinking.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
from pathlib import Path
from typing import Any

from stud8.reference.errors import Stud8Error


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
    import yaml

    name, equals, value = text.partition("=")
    if not equals or not name.strip():
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text!r}")
    try:
        parsed = yaml.safe_load(value) if value.strip() else value
    except yaml.YAMLError:
        parsed = value
    if isinstance(parsed, (dict, list)):
        parsed = value
    return name.strip(), parsed


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from stud8.conformance.engine_spec import DEFAULT_TIMEOUT
    from stud8.conformance.fuzzing import SHRINK_SECONDS

    parser.add_argument("--engine", required=True, metavar="SPEC",
                        help="the engine under test: reference, pokerkit, pokerkit-native, python:MODULE:FACTORY, or cmd:COMMAND LINE")
    parser.add_argument("--hands", type=int, default=1000, metavar="N", help="hands to play (default 1000)")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the hands (default 0)")
    parser.add_argument("--players", type=_players, default=(2, 8), metavar="LOW-HIGH",
                        help="players per hand, a number or a range (default 2-8)")
    parser.add_argument("--profile", metavar="P", help="rule book profile (default: the rule book's default)")
    parser.add_argument("--option", type=_option, action="append", default=[], metavar="NAME=VALUE",
                        help="an option on top of the profile (repeatable; the value is read as YAML: 3, true, capped)")
    parser.add_argument("--out", type=Path, default=Path("fuzz-findings"), metavar="DIR",
                        help="where the scenarios of divergences are written (default ./fuzz-findings)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, metavar="J",
                        help="worker processes (default: every core; runs of fewer than 200 hands stay in one process)")
    parser.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT, metavar="SECONDS",
                        help=f"seconds allowed for each engine message of a cmd: engine (default {DEFAULT_TIMEOUT:g})")
    parser.add_argument("--max-divergences", type=int, default=1, metavar="K",
                        help="report the first hand of up to K different kinds of divergence (default 1: stop at the first)")
    parser.add_argument("--shrink-seconds", type=float, default=SHRINK_SECONDS, metavar="SECONDS",
                        help=f"time allowed to shrink each divergence (default {SHRINK_SECONDS:g})")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def _hint(spec: str, engine: Any) -> str:
    if spec.strip().startswith("pokerkit"):
        from stud8.conformance.pokerkit_engine import POKERKIT_OPTIONS

        return "PokerKit plays " + " ".join(f"--option {name}={_text(value)}" for name, value in POKERKIT_OPTIONS.items())
    try:
        declared = engine.handshake()
    except Exception:  # noqa: BLE001 - the hint is best effort
        return "choose a profile and options the engine declares"
    return (f"the engine declares the profiles {', '.join(declared.get('profiles', [])) or 'none'} and the options "
            f"{json.dumps(declared.get('options', {}))}")


def _text(value: Any) -> str:
    return json.dumps(value) if isinstance(value, bool) else str(value)


def run(args: argparse.Namespace) -> int:
    from stud8.conformance.engine_spec import make_engine
    from stud8.conformance.fuzzing import (
        FuzzConfig,
        investigate,
        run_search,
        select_hits,
    )
    from stud8.spec.rulebook import default_rulebook

    if args.hands < 1:
        raise Stud8Error(f"--hands must be at least 1, got {args.hands}", "usage")
    if args.jobs < 1:
        raise Stud8Error(f"--jobs must be at least 1, got {args.jobs}", "usage")
    if args.seed < 0:
        raise Stud8Error(f"--seed must be 0 or more, got {args.seed}", "usage")
    if args.max_divergences < 1:
        raise Stud8Error(f"--max-divergences must be at least 1, got {args.max_divergences}", "usage")
    options = dict(args.option)
    try:
        resolved = default_rulebook().resolve_options(args.profile, options)
    except Stud8Error as error:
        raise Stud8Error(error.message, "usage") from None
    engine = make_engine(args.engine, args.timeout)
    try:
        reason = engine.unsupported(args.profile, options)
        if reason:
            print(f"stud8 fuzz: {args.engine} cannot play these settings: {reason}", file=sys.stderr)
            print(f"hint: {_hint(args.engine, engine)}", file=sys.stderr)
            return 2
        config = FuzzConfig(engine=args.engine, hands=args.hands, seed=args.seed, players=args.players,
                            profile=args.profile, options=options, jobs=args.jobs, timeout=args.timeout,
                            max_divergences=args.max_divergences)
        result = run_search(config, engine)
        command = "stud8 fuzz " + " ".join(shlex.quote(part) for part in _command_line(args))
        name = args.engine.strip()
        findings = [investigate(config, engine, hit, args.out, engine_name=name,
                                burn_first=bool(resolved["burn_before_third"]), command=command,
                                shrink_seconds=args.shrink_seconds)
                    for hit in select_hits(result.hits, args.max_divergences)]
    finally:
        engine.close()
    rate = result.played / result.seconds if result.seconds > 0 else 0.0
    if args.json:
        print(json.dumps({
            "hands": result.played,
            "seconds": round(result.seconds, 3),
            "hands_per_second": round(rate, 1),
            "divergence": findings[0].as_json() if findings else None,
            "divergences": [finding.as_json() for finding in findings],
        }))
    else:
        for finding in findings:
            print(finding.summary())
            if finding.reproduces is False:
                print(f"  note: the scenario {finding.path} does not fail on {name} when replayed (a nondeterministic engine?)")
        if not findings:
            print(f"no divergence in {result.played} hands (seed {args.seed})")
        print(f"{result.played} hands in {result.seconds:.1f} s: {rate:.1f} hands/s")
    return 1 if findings else 0


def _command_line(args: argparse.Namespace) -> list[str]:
    parts = ["--engine", args.engine, "--hands", str(args.hands), "--seed", str(args.seed)]
    if args.players != (2, 8):
        low, high = args.players
        parts += ["--players", f"{low}-{high}" if low != high else str(low)]
    if args.profile:
        parts += ["--profile", args.profile]
    for name, value in args.option:
        parts += ["--option", f"{name}={_text(value)}"]
    return parts

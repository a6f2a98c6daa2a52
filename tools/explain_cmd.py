"""``stud8 explain ID [--engine SPEC]``: one scenario's exchange, beside the reference engine's.

Shows the scenario (stakes, options, stacks, the deal grid), then every step: the request sent,
what the scenario expects, the engine's answer and the reference engine's; marks each difference
with its path (``pots[1].eligible: expected [p2, p3], got [p2]``); and ends with the first
difference, the rule it tests and the rule's statement (``conformance/suite/explain.py``). At a
checkpoint it also lists where the engine's whole observation differs from the reference
engine's in fields the checkpoint does not check: the cause often shows there first.
``--format json`` prints the same as one JSON document. ``stud8 conform --explain ID`` is the
same command with conform's arguments.

Exit codes: 0 the scenario passes (or is not applicable to the engine), 1 it fails or the engine
faults, 2 usage errors (an unknown id, an engine that cannot start, a missing folder).
"""

from __future__ import annotations

import argparse
import json
import textwrap
from pathlib import Path
from typing import Any

from stud8.spec.errors import Stud8Error
from stud8.spec.limits import shell_command
from stud8.tools.arguments import check_scenario_folders
from stud8.tools.formats import add_format_argument, wants_json
from stud8.tools.streams import say

WIDTH = 100
"""Lines are wrapped to this width; a value too long for one line goes on its own line."""

EXAMPLES: tuple[str, ...] = (
    "stud8 explain pots-005 --engine pokerkit-native",
    "stud8 explain house-001 --engine 'cmd:./my-engine --stud8' --scenarios my-house-rules --format json",
)
"""The command lines its --help ends with (tests/test_cli_conventions.py checks each parses)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from stud8.conformance.engines.spec import DEFAULT_TIMEOUT

    parser.add_argument("id", metavar="ID", help="the scenario id (as in the report: pots-005)")
    add_engine_arguments(parser, DEFAULT_TIMEOUT)
    parser.add_argument("--scenarios", action="append", type=Path, default=None, metavar="DIR",
                        help="also look for the scenario under DIR (repeatable; default: scenarios in the settings)")
    parser.add_argument("--no-builtin", action="store_true", help="look only in the --scenarios folders")
    add_format_argument(parser, "explanation")


def add_engine_arguments(parser: argparse.ArgumentParser, default_timeout: float) -> None:
    # None when not given: stud8.toml or [tool.stud8] may give them (tools/settings.py)
    parser.add_argument("--engine", default=None, metavar="SPEC",
                        help="the engine: reference (default), pokerkit, pokerkit-native, python:MODULE:FACTORY, "
                             "or cmd:COMMAND LINE (or cmd:[\"PROGRAM\", \"ARG\", ...]); default: engine in stud8.toml or [tool.stud8], else reference")
    parser.add_argument("--timeout", type=float, default=None, metavar="SECONDS",
                        help=f"seconds allowed for each engine message (default {default_timeout:g}, or timeout in the settings)")


def find_scenario(scenario_id: str, folders: list[Path], builtin: bool) -> Any:
    """The scenario with this id among the packaged suite (unless not ``builtin``) and ``folders``."""
    from stud8.conformance.suite.scenarios import iter_scenarios, load_suite, packaged_scenarios_dir
    from stud8.conformance.suite.testids import root_labels, suite_path

    check_scenario_folders(folders)
    roots = ([packaged_scenarios_dir()] if builtin else []) + list(folders)
    if not roots:
        raise Stud8Error("nothing to look in: --no-builtin needs at least one --scenarios DIR", "usage")
    files, problems = load_suite(roots)
    labelled = root_labels(roots, Path.cwd())
    for scenario in iter_scenarios(files):
        if scenario.id == scenario_id:
            name = suite_path(Path(scenario.path), labelled)
            return scenario if name is None else _renamed(scenario, name)
    invalid = f" ({len(problems)} problems in files that do not validate: stud8 validate shows them)" if problems else ""
    raise Stud8Error(f"no scenario {scenario_id!r} in {', '.join(str(root) for root in roots)}{invalid}", "usage")


def _renamed(scenario: Any, name: str) -> Any:
    """The scenario with its file named relative to its suite, as reports name it."""
    from dataclasses import replace

    return replace(scenario, path=name)


def run(args: argparse.Namespace) -> int:
    from stud8.conformance.suite.explain import explain, explanation_json
    from stud8.tools.conform_cmd import start_engine
    from stud8.tools.settings import apply_settings

    apply_settings(args, "explain")
    scenario = find_scenario(args.id, list(args.scenarios), not args.no_builtin)
    engine = start_engine(args.engine, args.timeout)
    try:
        explanation = explain(engine, scenario, args.engine)
    finally:
        engine.close()
    if wants_json(args):
        document = explanation_json(explanation)
        document["command"] = command_line(args)
        print(json.dumps(document, indent=2))
    else:
        for line in render(explanation, command_line(args)):  # what an engine answered: sanitised
            say(line)
    return 0 if explanation.outcome in ("pass", "not-applicable") else 1


def command_line(args: argparse.Namespace) -> str:
    """The command that shows this explanation again."""
    parts = ["stud8", "explain", args.id]
    if args.engine != "reference":
        parts += ["--engine", args.engine]
    for folder in args.scenarios:
        parts += ["--scenarios", str(folder)]
    if args.no_builtin:
        parts.append("--no-builtin")
    return shell_command(parts)


# --- text --------------------------------------------------------------------------------------


def _show(value: Any) -> str:
    from stud8.conformance.suite.differences import show

    return show(value)


def _wrap(text: str, indent: str) -> list[str]:
    """``text`` wrapped to ``WIDTH`` after ``indent``; continuation lines are indented under the
    text when ``indent`` holds a label (``  options  ``), two more spaces when it is only blanks."""
    follow = " " * len(indent) if indent.strip() else indent + "  "
    return textwrap.wrap(text, WIDTH, initial_indent=indent, subsequent_indent=follow) or [indent]


def render(explanation: Any, command: str) -> list[str]:
    """The explanation as lines of text."""
    lines = _header(explanation)
    lines += [""] + _hand(explanation)
    lines += [""] + _steps(explanation)
    lines += [""] + _verdict(explanation, command)
    return lines


def _header(explanation: Any) -> list[str]:
    scenario = explanation.scenario
    engine = explanation.engine
    who = " ".join(str(part) for part in (engine.get("name"), engine.get("version")) if part and part != explanation.engine_spec)
    lines = [f"{scenario.id}: {scenario.title}",
             f"  file     {scenario.path}:{scenario.line}",
             f"  rules    {', '.join(scenario.rules)}",
             f"  engine   {explanation.engine_spec}" + (f" ({who})" if who else "") + ", beside the reference engine"]
    lines += _wrap(" ".join(str(scenario.description).split()), "  ")
    return lines


def _hand(explanation: Any) -> list[str]:
    scenario = explanation.scenario
    data = scenario.data
    if scenario.kind == "hand":
        return ["The hand case", f"  cards    {data['cards']}",
                (f"  expects  high {data['high']['category']} ({data['high']['cards']}), "
                f"low {'none' if data['low'] is None else data['low']['cards']}")]
    if scenario.kind == "evaluate-error":
        cards = " ".join(json.dumps(text) for text in data["cards"]) or "(no cards)"
        return ["The evaluate request", f"  cards    {cards}", f"  expects  refused with {data['code']}"]
    if scenario.kind == "compare":
        lines = ["The hands compared"] + [f"  {name:<8} {text}" for name, text in data["hands"].items()]
        return lines + [f"  {half:<8} {data[half]}" for half in ("high", "low") if half in data]
    stakes = data["stakes"]
    lines = ["The hand",
             (f"  stakes   ante {stakes['ante']}, bring-in {stakes['bring_in']}, small bet {stakes['small_bet']}, "
             f"big bet {stakes['big_bet']}"),
             f"  stacks   {', '.join(f'p{seat}: {stack}' for seat, stack in enumerate(data['stacks'], start=1))}"]
    lines += _wrap(_options_text(explanation), "  options  ")
    lines += _applicability_lines(explanation)
    if "deal" in data:
        lines += _deal_grid(data["deal"], len(data["stacks"]))
    else:
        lines += _wrap("deck (top card first): " + " / ".join(str(line) for line in data["deck"]), "  ")
    if data.get("start_error"):
        lines.append(f"  the hand must not start: refused with {data['start_error']}")
    return lines


def _options_text(explanation: Any) -> str:
    from stud8.spec.rulebook import default_rulebook

    data = explanation.scenario.data
    book = default_rulebook()
    profile = data.get("profile") or f"{book.default_profile} (the default)"
    changed = [f"{name}={_show(value)}" for name, value in explanation.options.items()
               if name in book.options and value != book.options[name].default]
    own = data.get("options") or {}
    text = f"profile {profile}; "
    text += ("values other than the defaults: " + ", ".join(changed)) if changed else "every option at its default"
    if own and any(name not in book.options for name in own):
        text += f"; the scenario sets {_show(own)}"
    return text


def _applicability_lines(explanation: Any) -> list[str]:
    """How the scenario was played on this engine (conformance/suite/applicability.py)."""
    decision = explanation.applicability
    if decision is None or not decision.declared_reason:
        return []
    if decision.applies and decision.changed:
        played = ", ".join(f"{name}={_show(theirs)} (the scenario's: {_show(ours)})"
                           for name, (ours, theirs) in decision.changed.items())
        return _wrap("the engine does not play every value of the scenario; it is played under the engine's own "
                     f"values, {played}: the reference engine meets every value the scenario checks under them "
                     "too, so the scenario applies", "  played   ")
    if decision.applies:
        return _wrap("sent as the nine values of its profile, without the profile's name (the engine does not "
                     "declare the profile but plays every value of it)", "  played   ")
    return []


def _deal_grid(deal: dict[str, Any], players: int) -> list[str]:
    seats = [f"p{number}" for number in range(1, players + 1)]
    streets = [street for street in ("third", "fourth", "fifth", "sixth", "seventh") if street in deal]
    burns = any("burn" in deal[street] for street in streets)
    columns = seats + (["burn"] if burns else [])
    cells = {street: [str(deal[street].get(name, "")) for name in columns] for street in streets}
    widths = [max([len(name)] + [len(cells[street][index]) for street in streets]) for index, name in enumerate(columns)]
    lines = ["  deal" + " " * 12 + "  ".join(name.ljust(width) for name, width in zip(columns, widths))]
    for street in streets:
        lines.append(f"    {street:<14}" + "  ".join(cell.ljust(width) for cell, width in zip(cells[street], widths)))
    return [line.rstrip() for line in lines]


def _answer(exchange: Any) -> str:
    answer = exchange.answer
    if isinstance(answer, dict) and "refused" in answer:
        message = answer.get("message")
        return f"refused {answer['refused']}" + (f" ({message})" if message else "")
    if isinstance(answer, dict) and "fault" in answer:
        return f"{answer['fault']}: {answer['message']}"
    if answer is None:
        return "(no answer)"
    if answer == "ok":
        return "ok"
    return "(observation)" if isinstance(answer, dict) and "seats" in answer else _show(answer)


def _steps(explanation: Any) -> list[str]:
    lines = ["Steps (* marks a difference from the scenario; engine and reference engine answers side by side)"]
    for step in explanation.steps:
        mark = "*" if step.failures else " "
        lines += _step(step, mark, explanation)
    return lines


def _step(step: Any, mark: str, explanation: Any) -> list[str]:
    head = f" {mark}{step.at:<13}"
    where = f"line {step.line}"
    kinds = {"start": "start", "action": "act", "evaluate": "evaluate"}
    wanted = kinds.get(step.kind)
    engine = _last(step.engine, wanted)
    reference = _last(step.reference, wanted)
    unreached = "" if step.reached else "  (not reached: " + _why_not(explanation) + ")"
    if step.kind == "start":
        expect = f"refused with {step.item['start_error']}" if step.item.get("start_error") else "the hand starts"
        return ([(f"{head}start the hand ({where})   expected: {expect}   engine: {_answer(engine) if engine else '-'}"
                 f"   reference: {_answer(reference) if reference else '-'}{unreached}")] + _state_lines(step)
                + _failure_lines(step))
    if step.kind == "action":
        return ([(f"{head}{step.item:<14} engine: {_answer(engine) if engine else '-':<22} "
                 f"reference: {_answer(reference) if reference else '-'}{unreached}")] + _state_lines(step)
                + _failure_lines(step))
    if step.kind == "rejection":
        act = [e for e in step.engine if e.request.get("type") == "act"]
        ref_act = [e for e in step.reference if e.request.get("type") == "act"]
        return ([(f"{head}{step.item['reject']!r} must be refused with {step.item['code']} ({where})   "
                 f"engine: {_answer(act[-1]) if act else '-'}   reference: {_answer(ref_act[-1]) if ref_act else '-'}"
                 f"{unreached}")] + _state_lines(step) + _failure_lines(step))
    if step.kind in ("checkpoint", "outcome"):
        return _checkpoint(step, head, where, unreached, explanation)
    if step.kind == "evaluate":
        return [f"{head}evaluate {step.item} ({where})", f"{'':16}engine:    {_evaluation(engine)}",
                f"{'':16}reference: {_evaluation(reference)}{unreached}"] + _failure_lines(step)
    return [f"{head}{step.at} ordering {step.item} ({where})"] + _failure_lines(step)


def state_text(observation: Any) -> str:
    """An observation in one line: the street, whose turn and what they may do, the chips, the
    cards showing (every field the runner compares)."""
    from stud8.conformance.suite.replay import seat_name

    if not isinstance(observation, dict):
        return "-"
    seats = observation.get("seats") or []
    parts = [str(observation.get("street"))]
    if observation.get("over"):
        parts.append("over")
    else:
        parts.append(f"{seat_name(observation.get('to_act')) or 'nobody'} to act {_show(sorted(observation.get('legal') or []))}")
    if observation.get("bring_in") is not None:
        parts.append(f"bring-in {seat_name(observation.get('bring_in'))}")
    parts.append(f"pot {observation.get('pot')}")
    parts.append("pots " + _show([{"amount": pot.get("amount"), "eligible": [seat_name(s) for s in pot.get("eligible") or []]}
                                   for pot in observation.get("pots") or [] if isinstance(pot, dict)]))
    parts.append("stacks " + _show([seat.get("stack") for seat in seats]))
    parts.append("committed " + _show([seat.get("committed") for seat in seats]))
    folded = [seat_name(seat.get("seat")) for seat in seats if seat.get("folded")]
    all_in = [seat_name(seat.get("seat")) for seat in seats if seat.get("all_in")]
    if folded:
        parts.append("folded " + _show(folded))
    if all_in:
        parts.append("all-in " + _show(all_in))
    parts.append("cards " + " | ".join(
        f"{seat_name(seat.get('seat'))} " + " ".join([*(seat.get("down") or [])[:2], *(seat.get("up") or []),
                                                       *(seat.get("down") or [])[2:]]) for seat in seats))
    if observation.get("community"):
        parts.append(f"community {observation['community']}")
    return "; ".join(parts)


def _state_lines(step: Any) -> list[str]:
    """The two observations after an action (or the start) side by side: one line when they are
    the same, both and every differing field when not."""
    if step.observed is None:
        return []
    mine, theirs = step.observed
    if not step.parted:
        return _wrap("state (both): " + state_text(theirs), " " * 16)
    lines = _wrap("state, engine:    " + state_text(mine), " " * 16)
    lines += _wrap("state, reference: " + state_text(theirs), " " * 16)
    for check, difference, fact in step.parted:
        lines += _wrap(f"parts: {difference.path}: reference {_show(difference.expected)}, engine {_show(difference.got)}"
                       + (f" ({fact})" if fact else ""), " " * 16)
    return lines


def _last(exchanges: list[Any], kind: str | None) -> Any:
    """The last exchange of a step (of the request type ``kind`` if given), or None."""
    chosen = [exchange for exchange in exchanges if kind is None or exchange.request.get("type") == kind]
    return chosen[-1] if chosen else None


def _why_not(explanation: Any) -> str:
    if explanation.not_applicable:
        return "not applicable"
    if explanation.fault is not None:
        return f"the engine's {explanation.fault.outcome}"
    return "the hands parted"


def _evaluation(exchange: Any) -> str:
    if exchange is None:
        return "-"
    answer = exchange.answer
    if not isinstance(answer, dict) or "high" not in answer:
        return _answer(exchange)
    low = answer.get("low")
    return (f"high {answer['high'].get('category')} ({' '.join(answer['high'].get('cards', []))}), "
            f"low {'none' if low is None else ' '.join(low.get('cards', []))}")


def _checkpoint(step: Any, head: str, where: str, unreached: str, explanation: Any) -> list[str]:
    from stud8.conformance.suite.replay import CHECKPOINT_FIELDS, _cards_of

    title = "checkpoint" if step.kind == "checkpoint" else "outcome"
    lines = [f"{head}{title} ({where}){unreached}"]
    engine = step.engine[-1].answer if step.engine else None
    reference = step.reference[-1].answer if step.reference else None
    failing = {failure.field for failure in step.failures}
    rows: list[tuple[str, Any, Any, Any]] = []
    if step.kind == "checkpoint":
        for key, wanted in (step.item.get("expect") or {}).items():
            if key in ("up", "down"):
                for seat, text in wanted.items():
                    got = " ".join(_cards_of(engine, key, seat)) if isinstance(engine, dict) else "-"
                    ref = " ".join(_cards_of(reference, key, seat)) if isinstance(reference, dict) else "-"
                    rows.append((f"{key} {seat}", text, got, ref))
                continue
            read, normalise = CHECKPOINT_FIELDS[key]
            rows.append((key, normalise(wanted), _read(read, engine), _read(read, reference)))
    else:
        rows = [(key, wanted, _result_field(key, engine), _result_field(key, reference))
                for key, wanted in (step.item or {}).items()]
    lines += _field_rows(rows, failing)
    lines += _failure_lines(step)
    if step.unchecked:
        lines.append(f"{'':16}not checked here, but the engine's observation differs from the reference engine's:")
        lines += [f"{'':18}{difference.path}: reference {_show(difference.expected)}, engine {_show(difference.got)}"
                  for difference in step.unchecked[:8]]
        if len(step.unchecked) > 8:
            lines.append(f"{'':18}... and {len(step.unchecked) - 8} more")
    return lines


def _read(read: Any, observation: Any) -> Any:
    if not isinstance(observation, dict):
        return "-"
    try:
        return read(observation)
    except (KeyError, TypeError, ValueError):
        return "-"


def _result_field(key: str, observation: Any) -> Any:
    from stud8.conformance.suite.replay import _pots, _seat_map, seat_name

    if not isinstance(observation, dict) or not observation.get("over"):
        return "(hand not over)"
    result = observation.get("result") or {}
    if key == "pots":
        return _pots(result.get("pots", []), True)
    if key == "returned":
        return {seat: amount for seat, amount in (_seat_map(result.get("returned")) or {}).items() if amount}
    if key == "show_order":
        return [seat_name(seat) for seat in result.get("show_order", [])]
    if key == "community":
        return observation.get("community")
    return result.get(key, "-")


def _field_rows(rows: list[tuple[str, Any, Any, Any]], failing: set[str]) -> list[str]:
    """One line per field compared (expected, engine, reference in aligned columns), or four
    lines for a field whose values do not fit on one; the columns align the one-line fields."""
    shown = [(field, _show(want), _show(got), _show(ref)) for field, want, got, ref in rows]

    def line(row: tuple[str, str, str, str], widths: list[int]) -> str:
        field, want, got, ref = row
        mark = "*" if field in failing else " "
        return (f"{'':14}{mark} {field:<{widths[0]}}  expected {want:<{widths[1]}}  engine {got:<{widths[2]}}"
                f"  reference {ref}").rstrip()

    short = [row for row in shown if len(line(row, [len(row[0]), len(row[1]), len(row[2])])) <= WIDTH]
    widths = [max([len(row[index]) for row in short] + [1]) for index in range(3)]
    lines: list[str] = []
    for row in shown:
        text = line(row, widths)
        if row in short and len(text) <= WIDTH:
            lines.append(text)
        elif row in short:
            lines.append(line(row, [len(row[0]), len(row[1]), len(row[2])]))
        else:
            field, want, got, ref = row
            mark = "*" if field in failing else " "
            lines += [f"{'':14}{mark} {field}", f"{'':18}expected  {want}", f"{'':18}engine    {got}", f"{'':18}reference {ref}"]
    return lines


def _failure_lines(step: Any) -> list[str]:
    from stud8.conformance.suite.rootcause import cause_text

    lines: list[str] = []
    for failure in step.failures:
        # a breach of an invariant (conformance/suite/invariants.py) says which one
        label = f"invariant {failure.check.split('.', 1)[1]}" if failure.check.startswith("invariant.") else "difference"
        for difference in failure.details:
            lines += _wrap(f"{label}: {difference.text()}" + (f"   [rule {failure.rule}]" if failure.rule else ""),
                           " " * 16)
        cause = cause_text(failure)
        if cause:
            lines += _wrap(f"cause: {cause}", " " * 16)
    return lines


def _verdict(explanation: Any, command: str) -> list[str]:
    scenario = explanation.scenario
    if explanation.not_applicable:
        return (_wrap(f"Not applicable: {explanation.not_applicable}", "")
                + _wrap("The scenario was not sent to the engine: what it checks depends on an option value the engine "
                        "does not play (docs/protocol.md, \"Not applicable: what decides it\").", ""))
    if explanation.fault is not None:
        return [f"Engine {explanation.fault.outcome}: {explanation.fault.message}"]
    lines: list[str] = []
    if explanation.reference_failure is not None:
        lines += _wrap(f"Note: the reference engine disagrees with this scenario too ({explanation.reference_failure}); "
                       "check the scenario's expected values by hand.", "")
    failure = explanation.failure
    if failure is None:
        return lines + [f"Result: pass. {scenario.id} passes on {explanation.engine_spec}."]
    title, statement = explanation.rule_statement()
    first = failure.details[0]
    lines.append(f"Result: fail. The first difference, at {failure.step}:")
    lines.append(f"  {first.text()}")
    if explanation.parting is not None:
        lines += _wrap(f"The root cause shows earlier: the {explanation.parting.text()}", "  ")
    if failure.rule:
        lines += _wrap(f"rule {failure.rule}" + (f" ({title})" if title else "") + (f": {statement}" if statement else ""), "  ")
    if len(failure.all) > 1 or len(failure.details) > 1:
        lines.append("Every difference:")
        for item in failure.all:
            for difference in item.details:
                lines.append(f"  {item.at:<12} {difference.text()}" + (f"   [rule {item.rule}]" if item.rule else ""))
    lines.append(f"Run it again: {command}")
    return lines

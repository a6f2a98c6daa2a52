"""``stud8 phh``: import, export and replay Stud/8 hand histories (PHH, variant ``F7S/8``).

* ``stud8 phh import FILE.phh... [-o SCENARIOS.yaml] [--id ID] [--title T] [--source S]``
  turns recorded hands into replay scenarios (one scenario file, one replay per hand). The
  stacked deck is rebuilt from the dealt cards (``conformance.suite.deal``: burns are filled with
  cards nobody was dealt); the expected outcome is the recorded ``finishing_stacks`` and
  nothing else. A file without ``finishing_stacks`` is refused: ``winnings`` alone do not give
  the final stacks without working out what each player put in, which is the engine's job,
  not a recorded fact. ``--id`` is the first id (default ``imported-001``); further files
  count up from it. ``--title`` is a template: ``{hand}`` (the PHH ``hand`` field, else the
  file name after its last ``__``, else the file name) and ``{summary}`` (who showed down or
  won, on which street); default ``{hand}: {summary}``. ``--source`` is a template too:
  ``{comment}`` (the comment at the top of the file, else its PHH event, hand and url fields)
  and ``{path}``; default ``{comment} (PHH file {path})``. ``--comment`` adds text to the
  comment at the top of the scenario file. The hand is replayed through the reference engine
  first: an action it refuses stops the import, unless ``--no-check``, which imports it all
  the same as a disputed hand (the recorded actions and finishing stacks are the scenario, so
  it fails on the reference engine until someone settles who is right); final stacks that
  differ from the recorded ones are reported on stderr (the scenario is written all the same:
  the recorded result is the fact, and the scenario will fail). A scenario's ``rules`` are the
  rules the hand exercised as it was played (``conformance.suite.rules_exercised``: the bring-in
  first, then the rule book's order), and ``{path}`` in its source is the file's path relative
  to the current folder, or its name: never the importing machine's absolute path.
* ``stud8 phh export SCENARIO [-o FILE.phh]``: SCENARIO is ``FILE::ID``, a scenario file
  holding one replay, or the id of a packaged scenario. Writes a hand history PokerKit's
  loader replays to the scenario's final stacks. Refused: scenarios that do not start, deal a
  community card, or end differently when the reference engine plays them under the options
  closest to PokerKit's game (``POKERKIT_OPTIONS``); when PokerKit is installed the hand
  history is also replayed by ``pokerkit.HandHistory`` and refused if it ends otherwise
  (``--no-check`` skips that).
* ``stud8 phh replay FILE.phh [--format text|json] [--profile NAME]``: plays the hand through the reference
  engine; prints the final stacks, each pot's awards, uncalled chips returned, and whether the
  recorded finishing stacks (and winnings: chips won from the pots) agree. When the engine
  refuses the start or an action, ``--format json`` still prints one document, with
  ``"refused": {"step", "index", "action", "code", "message"}`` and ``"agree": false``.

Exit codes: 0 done (replay: the recorded result agrees or none is recorded), 1 a malformed or
non-Stud/8 file, an action the engine refuses, a scenario that cannot be exported, or (replay)
a recorded result the engine disagrees with; 2 usage errors (an output path that cannot be
written, a scenario file that does not exist). Nothing is written unless everything worked:
output goes to a temporary file moved into place at the end.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from stud8.reference.errors import Stud8Error
from stud8.spec.limits import quoted
from stud8.spec.limits import shown_path as printed_path
from stud8.tools.arguments import examples
from stud8.tools.formats import add_format_argument, wants_json
from stud8.tools.output import check_writable, is_stdout, write_text_atomic
from stud8.tools.streams import say, warn

HEADER = """Recorded Stud/8 hands, imported from PHH hand histories by `stud8 phh import`.
The expected outcome of each hand is its recorded finishing stacks, nothing else (facts, not
worked out). Burns are not recorded: the runner fills them with unused cards. Cards recorded
as ?? are dealt from the unused cards (down cards lowest first, up cards highest first)."""


EXAMPLES: tuple[str, ...] = (
    "stud8 phh import hand.phh -o hand.yaml",
    "stud8 phh replay hand.phh --format json",
)
"""The command lines its --help ends with (tests/test_cli_conventions.py checks each parses)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="phh_command", metavar="ACTION")
    sub.required = True
    imp = sub.add_parser("import", help="turn Stud/8 hand histories into replay scenarios",
                         description="Turn Stud/8 hand histories into replay scenarios (one file).",
                         **examples("stud8 phh import hand.phh -o hand.yaml", "stud8 phh import club/*.phh -o club.yaml --id club-001"))
    imp.add_argument("files", nargs="+", type=Path, metavar="FILE.phh")
    imp.add_argument("-o", "--output", type=Path, metavar="SCENARIOS.yaml", help="write here (default: stdout)")
    imp.add_argument("--id", default="imported-001", help="id of the first scenario; later ones count up (default imported-001)")
    imp.add_argument("--title", default="{hand}: {summary}",
                     help="title template: {hand}, {summary} (default '{hand}: {summary}')")
    imp.add_argument("--source", default="{comment} (PHH file {path})",
                     help="source template: {comment} (the file's top comment, else its event, hand and url "
                          "fields), {path} (default '{comment} (PHH file {path})')")
    imp.add_argument("--comment", help="more text for the comment at the top of the scenario file")
    imp.add_argument("--no-check", action="store_true",
                     help="import a hand the reference engine refuses, as a disputed hand (the scenario then fails on it)")
    exp = sub.add_parser("export", help="write a replay scenario as a PHH hand history",
                         description="Write a replay scenario as a PHH hand history PokerKit replays.",
                         **examples("stud8 phh export pots-004 -o pots-004.phh"))
    exp.add_argument("scenario", metavar="SCENARIO", help="FILE::ID, a scenario file with one replay, or a packaged scenario id")
    exp.add_argument("-o", "--output", type=Path, metavar="FILE.phh", help="write here (default: stdout)")
    exp.add_argument("--no-check", action="store_true", help="do not replay the result through PokerKit")
    rep = sub.add_parser("replay", help="play a hand history through the reference engine",
                         description="Play a hand history through the reference engine and compare with what it records.",
                         **examples("stud8 phh replay hand.phh", "stud8 phh replay hand.phh --profile tda --format json"))
    rep.add_argument("file", type=Path, metavar="FILE.phh")
    add_format_argument(rep, "replay's verdict")
    rep.add_argument("--profile", metavar="NAME", help="rule book profile (default: the rule book's default)")


def run(args: argparse.Namespace) -> int:
    from stud8.conformance.handhistory.phh import PhhError, PhhUnreadable

    command = {"import": _import, "export": _export, "replay": _replay}[args.phh_command]
    try:
        return command(args)
    except PhhUnreadable as error:  # a path that names no readable file: an input error, as in every command
        warn(f"stud8 phh: {error.message}")
        return 2
    except PhhError as error:  # a file that reads but is wrong: a problem found in it
        warn(f"stud8 phh: {error.message}")
        return 1


# --- output ----------------------------------------------------------------------------------

def _write(path: Path | None, text: str, inputs: Sequence[Path | str] = ()) -> None:
    """Write all of ``text`` or nothing, through the one safe writer (``stud8.spec.outputs``:
    never a link replaced, a FIFO or an input overwritten; the umask's mode, or the replaced
    file's); standard output when ``path`` is None or ``-``."""
    if path is None:
        sys.stdout.write(text)
        return
    write_text_atomic(path, text, "-o", inputs=inputs)


# --- import ----------------------------------------------------------------------------------

_ID = re.compile(r"^(.*-)([0-9]{3,})$")
_ID_PATTERN = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*-[0-9]{3,}$")  # the schema's id pattern


def _ids(first: str, count: int) -> list[str]:
    """``count`` ids counting up from ``first`` (``real-009``, ``real-010``...)."""
    if not _ID_PATTERN.match(first):
        raise Stud8Error(f"--id {first!r}: an id is an area word, a dash and three or more digits (real-001)", "usage")
    match = _ID.match(first)
    assert match is not None
    prefix, number = match.group(1), match.group(2)
    return [f"{prefix}{int(number) + i:0{len(number)}d}" for i in range(count)]


def shown_path(path: Path) -> str:
    """A path as a scenario's ``source`` may show it: relative to the current folder when the
    file is under it, else the file name alone (an absolute path would name the importing
    machine's folders, which mean nothing to anyone else)."""
    if not path.is_absolute():
        return path.as_posix()
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return path.name


def play_hand(hand: Any, profile: str | None = None) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """The hand's observations on the reference engine (after the start, then after each action)
    and the refusal that stopped it, or None: ``{"step", "index", "action", "code", "message"}``."""
    from stud8.conformance.engines.api import EngineRefusal, ReferenceEngine
    from stud8.conformance.suite.deal import deck_from_deal

    engine = ReferenceEngine()
    try:
        engine.start(stacks=hand.stacks, stakes=hand.stakes, deck=[str(c) for c in deck_from_deal(hand.deal)],
                     profile=profile, options={})
    except EngineRefusal as refusal:
        return [], {"step": "start", "index": None, "action": None, "code": refusal.code, "message": refusal.message}
    observations = [engine.observe()]
    for number, action in enumerate(hand.actions):
        index = hand.action_index[number] if hand.action_index else number
        text = hand.action_texts[number] if hand.action_texts else action
        try:
            engine.act(action)
        except EngineRefusal as refusal:
            return observations, {"step": "action", "index": index, "action": text, "code": refusal.code,
                                  "message": refusal.message}
        observations.append(engine.observe())
    return observations, None


def exercised_rules(hand: Any, observations: list[dict[str, Any]]) -> list[str]:
    """The rules the hand exercised, bring-in rules first (a scenario's area is its first rule,
    and a recorded hand starts with the bring-in), then in the rule book's order."""
    from stud8.conformance.suite.rules_exercised import rules_exercised
    from stud8.spec.rulebook import default_rulebook

    found = rules_exercised(hand.stacks, hand.stakes, observations)
    order = {rule_id: index for index, rule_id in enumerate(default_rulebook().rule_ids)}
    return sorted(found, key=lambda rule_id: (not rule_id.startswith("bring-in."), order.get(rule_id, len(order))))


def _disputed_scenario(hand: Any, scenario_id: str, title: str, source: str, refusal: dict[str, Any],
                       observations: list[dict[str, Any]]) -> dict[str, Any]:
    """A scenario of a hand the reference engine refuses: the recorded actions and finishing
    stacks, as recorded; it fails on the reference engine, which is the point."""
    from stud8.conformance.handhistory.phh import PhhError

    if hand.finishing_stacks is None:
        raise PhhError(f"{hand.source}: the field 'finishing_stacks' is missing: an imported hand's expected "
                       "outcome is its recorded finishing stacks")
    where = "the start" if refusal["step"] == "start" else f"action {refusal['index']} {refusal['action']!r}"
    description = (f"A recorded hand of {len(hand.stacks)} players that the reference engine disputes: it refuses "
                   f"{where} ({refusal['code']}). The expected stacks are the recorded finishing stacks; burns "
                   "were not recorded (any unused cards serve).")
    rules = exercised_rules(hand, observations) if observations else ["table.players", "table.stakes"]
    return {"id": scenario_id, "kind": "replay", "title": title, "rules": rules, "description": description,
            "source": source, "stakes": dict(hand.stakes), "stacks": list(hand.stacks),
            "deal": {street: dict(cards) for street, cards in hand.deal.items()}, "actions": list(hand.actions),
            "outcome": {"stacks": list(hand.finishing_stacks)}}


def _source(template: str, hand: Any, path: Path) -> str:
    origin = hand.comment or "; ".join(str(hand.fields[name]) for name in ("event", "hand", "url") if name in hand.fields)
    try:
        text = template.format(comment=origin, path=shown_path(path))
    except (KeyError, IndexError, ValueError) as error:
        raise Stud8Error(f"--source {template!r}: unknown placeholder {error} (use {{comment}} and {{path}})", "usage") from None
    text = " ".join(text.replace("()", "").split())
    if len(text) < 3:
        raise Stud8Error(f"{path}: the file names no source (no comment at its top, no event or url): give --source", "usage")
    return text


def _import(args: argparse.Namespace) -> int:
    from stud8.conformance.handhistory.phh import (
        check_scenario_text,
        hand_label,
        read_phh,
        replay_phh,
        scenario_from_phh,
        scenarios_yaml,
        summary,
    )

    if args.output is not None:
        check_writable(args.output, "-o", inputs=args.files)
    ids = _ids(args.id, len(args.files))
    scenarios = []
    warnings = []
    for path, scenario_id in zip(args.files, ids):
        hand = read_phh(path)
        if hand.finishing_stacks is None:
            # Checked before the replay, so that the message names the missing field.
            scenario_from_phh(hand, scenario_id=scenario_id, title="", source="")
        observations, refusal = play_hand(hand)
        if refusal is not None:
            if not args.no_check:
                from stud8.conformance.handhistory.phh import PhhError

                try:
                    replay_phh(hand)  # raises PhhError naming the refused step
                except PhhError as error:
                    raise PhhError(f"{error.message} (--no-check imports it as a disputed hand)") from None
            where = "the start" if refusal["step"] == "start" else f"{refusal['action']}"
            disputed = f"disputed: the reference engine refuses {where} ({refusal['code']})"
            try:
                title = args.title.format(hand=hand_label(hand, path), summary=disputed)
            except (KeyError, IndexError, ValueError) as error:
                raise Stud8Error(f"--title {args.title!r}: unknown placeholder {error} (use {{hand}} and {{summary}})", "usage") from None
            scenarios.append(_disputed_scenario(hand, scenario_id, title, _source(args.source, hand, path), refusal, observations))
            warnings.append(f"stud8 phh: {scenario_id} ({shown_path(path)}): imported without a check: the reference engine "
                            f"refuses {where}: {refusal['code']}: {refusal['message']}; the scenario will fail on it")
            continue
        replay = replay_phh(hand)
        try:
            title = args.title.format(hand=hand_label(hand, path), summary=summary(hand, replay))
        except (KeyError, IndexError, ValueError) as error:
            raise Stud8Error(f"--title {args.title!r}: unknown placeholder {error} (use {{hand}} and {{summary}})", "usage") from None
        source = _source(args.source, hand, path)
        scenario = scenario_from_phh(hand, scenario_id=scenario_id, title=title, source=source, replay=replay)
        scenario["rules"] = exercised_rules(hand, observations)
        scenarios.append(scenario)
        if replay.stacks != hand.finishing_stacks:
            warnings.append(f"stud8 phh: {scenario_id} ({path}): the reference engine ends with stacks {replay.stacks}, "
                            f"the file records {hand.finishing_stacks}: the scenario keeps the recorded ones and will fail")
    titles = [scenario["title"] for scenario in scenarios]
    if len(set(titles)) != len(titles):
        raise Stud8Error(f"--title {args.title!r} gives two hands the same title: use {{hand}}", "usage")
    header = HEADER if not args.comment else f"{args.comment}\n{HEADER}"
    from stud8.conformance.suite.modeline import with_modeline

    to_file = args.output is not None and not is_stdout(args.output)
    text = with_modeline(scenarios_yaml(scenarios, header), args.output if to_file else None)  # editors check it as typed
    check_scenario_text(text, str(args.output) if to_file else "<stdout>")
    _write(args.output, text, args.files)
    for warning in warnings:
        warn(warning)
    if to_file:
        warn(f"wrote {len(scenarios)} scenario{'s' if len(scenarios) != 1 else ''} to {printed_path(args.output)}")
    return 0


# --- export ----------------------------------------------------------------------------------

def _find_scenario(spec: str) -> tuple[dict[str, Any], str]:
    """The scenario named by ``FILE::ID``, a file holding one replay, or a packaged id."""
    from stud8.conformance.handhistory.phh import PhhError
    from stud8.conformance.suite.scenarios import (
        find_scenario_files,
        load_scenario_file,
        packaged_scenarios_dir,
    )

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
        raise PhhError(f"{loaded.problems[0]} (run stud8 validate)")
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
    from stud8.conformance.engines.pokerkit_adapter import PokerKitMissing
    from stud8.conformance.handhistory.phh import (
        PhhError,
        phh_from_scenario,
        pokerkit_finishing_stacks,
    )

    data, where = _find_scenario(args.scenario)
    if args.output is not None:
        check_writable(args.output, "-o", inputs=[where])
    text, expected = phh_from_scenario(data, where)
    if not args.no_check:
        try:
            got = pokerkit_finishing_stacks(text)
        except PokerKitMissing:
            print("stud8 phh: PokerKit is not installed: the hand history was not replayed through it", file=sys.stderr)
        except (ValueError, TypeError, AssertionError) as error:
            raise PhhError(f"{data['id']}: PokerKit cannot replay the hand history: {error}") from None
        else:
            if got != expected:
                raise PhhError(f"{data['id']}: PokerKit replays the hand history to stacks {got}, not the scenario's "
                               f"{expected}: it plays this hand differently")
    _write(args.output, text, [where])
    return 0


# --- replay ----------------------------------------------------------------------------------

def _replay(args: argparse.Namespace) -> int:
    from stud8.conformance.handhistory.phh import read_phh, replay_phh

    hand = read_phh(args.file)
    if wants_json(args):
        _, refusal = play_hand(hand, profile=args.profile)
        if refusal is not None:  # one JSON document all the same, saying what was refused
            print(json.dumps({"stacks": None, "pots": None, "returned": None, "show_order": None,
                              "recorded": hand.finishing_stacks, "agree": False, "refused": refusal}))
            return 1
    replay = replay_phh(hand, profile=args.profile)
    checks: list[bool] = []
    if hand.finishing_stacks is not None:
        checks.append(replay.stacks == hand.finishing_stacks)
    winnings = replay.winnings()
    if hand.winnings is not None:
        checks.append(winnings == hand.winnings)
    agree = all(checks) if checks else None
    if wants_json(args):
        document: dict[str, Any] = {
            "stacks": replay.stacks,
            "pots": replay.pots,
            "returned": replay.returned,
            "show_order": replay.show_order,
            "recorded": hand.finishing_stacks,
            "agree": agree,
        }
        if hand.winnings is not None:
            document["winnings"] = {"recorded": hand.winnings, "engine": winnings, "agree": winnings == hand.winnings}
        print(json.dumps(document))
    else:
        seats = [f"p{i + 1}" for i in range(len(replay.stacks))]
        say(f"{printed_path(args.file)}: {len(seats)} players, the hand ends on {replay.last_street} street")
        print("final stacks: " + ", ".join(f"{seat} {stack}" for seat, stack in zip(seats, replay.stacks)))
        for number, pot in enumerate(replay.pots, 1):
            halves = "high " + ", ".join(f"{s} {a}" for s, a in pot["high"].items())
            if pot["low"] is not None:
                halves += "; low " + ", ".join(f"{s} {a}" for s, a in pot["low"].items())
            print(f"pot {number}: {pot['amount']}, eligible {' '.join(pot['eligible'])}: {halves}")
        if replay.returned:
            print("returned: " + ", ".join(f"{s} {a}" for s, a in replay.returned.items()))
        if hand.finishing_stacks is None:
            print("recorded finishing stacks: none")
        elif replay.stacks == hand.finishing_stacks:
            print("recorded finishing stacks: agree")
        else:
            print(f"recorded finishing stacks: DISAGREE: recorded {hand.finishing_stacks}, engine {replay.stacks}")
        if hand.winnings is not None:
            if winnings == hand.winnings:
                print("recorded winnings: agree")
            else:
                print(f"recorded winnings: DISAGREE: recorded {hand.winnings}, engine {winnings}")
    return 1 if agree is False else 0

"""One convention across the ``stud8`` commands: ``--format text|json`` wherever results are printed."""

from __future__ import annotations

import argparse
import re

import pytest

from stud8.tools.cli import build_parser, main

# Commands that print results. The others write files (docs, phh/hh import and export, hh
# synth), speak a protocol (serve) or print a document as it is (schema, protocol).
PRINTING = ["validate", "eval", "verify-evaluator", "conform", "coverage", "bench", "fuzz", "mutants",
            "phh replay", "hh audit"]


def _subparser(parser: argparse.ArgumentParser, words: list[str]) -> argparse.ArgumentParser:
    for word in words:
        action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        parser = action.choices[word]
    return parser


@pytest.mark.parametrize("command", PRINTING)
def test_every_printing_command_takes_format_text_or_json(command: str) -> None:
    parser = _subparser(build_parser(), command.split())
    [option] = [a for a in parser._actions if "--format" in a.option_strings]
    assert tuple(option.choices) == ("text", "json") and option.default == "text"
    [alias] = [a for a in parser._actions if "--json" in a.option_strings]  # scripts written before the convention
    assert (alias.dest, alias.const, alias.help) == ("format", "json", argparse.SUPPRESS)


def test_the_json_alias_is_hidden() -> None:
    parser = _subparser(build_parser(), ["eval"])
    assert "--json" not in parser.format_help()
    assert parser.parse_args(["--json", "As"]).format == "json"


# --- every --help ends with examples that parse; one metavar per concept ---------------------------


def _parsers() -> list[tuple[str, argparse.ArgumentParser]]:
    """Every parser: ``stud8``, each command and each sub-command (``hh audit``)."""
    found = [("stud8", build_parser())]
    index = 0
    while index < len(found):
        name, parser = found[index]
        index += 1
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                found += [(f"{name} {word}" if name != "stud8" else word, sub) for word, sub in action.choices.items()]
    return found


@pytest.mark.parametrize(("name", "parser"), _parsers(), ids=lambda value: value if isinstance(value, str) else "")
def test_every_help_ends_with_one_or_two_examples_that_parse(name: str, parser: argparse.ArgumentParser) -> None:
    import shlex

    text = parser.format_help().rstrip("\n").splitlines()
    start = max(i for i, line in enumerate(text) if line == "examples:")
    examples = text[start + 1:]
    assert 1 <= len(examples) <= 2, f"{name}: {examples}"
    for example in examples:
        assert example.startswith("  stud8 "), example
        words = shlex.split(example.split(" > ")[0])[1:]
        try:
            build_parser().parse_args(words)
        except SystemExit as exit:  # argparse's usage error
            pytest.fail(f"{name}: the example {example.strip()!r} does not parse (exit {exit.code})")


# Options that name the same concept in several commands, and the one metavar they show:
# --out is always a folder, -o/--output always a file.
CONCEPTS = {"--option": "NAME=VALUE", "--players": "MIN-MAX", "--scenarios": "DIR", "--profile": "NAME",
            "--engine": "SPEC", "--timeout": "SECONDS", "--jobs": "N", "--seed": "S", "--hands": "N",
            "--report": "FILE", "--dask": "ADDRESS", "--out": "DIR", "--output": "FILE", "--to": "pokerstars|ohh|phh"}
# The same word for different things: --rules is a rule book file (docs) or a switch (fuzz).
DIFFERENT_THINGS = {"--rules", "--format", "--help", "--json"}


def test_one_metavar_per_concept() -> None:
    shown: dict[str, set[str]] = {}
    for name, parser in _parsers():
        for action in parser._actions:
            if action.help == argparse.SUPPRESS:  # an old spelling kept working (hh synth --out FILE)
                continue
            for flag in action.option_strings:
                if flag.startswith("--") and action.nargs != 0:
                    shown.setdefault(flag, set()).add(f"{action.metavar}" if action.metavar else f"({name}: none)")
    for flag, metavars in shown.items():
        if flag in CONCEPTS:
            assert metavars == {CONCEPTS[flag]}, f"{flag}: {metavars}"
        elif flag not in DIFFERENT_THINGS:
            assert len(metavars) == 1, f"{flag} shows several metavars: {metavars}"


@pytest.mark.parametrize("command", ["conform", "coverage", "docs", "explain"])
def test_scenarios_is_repeatable_everywhere(command: str) -> None:
    words = {"conform": [], "coverage": [], "docs": ["--out", "x"], "explain": ["pots-005"]}[command]
    args = build_parser().parse_args([command, *words, "--scenarios", "a", "--scenarios", "b"])
    assert [str(path) for path in args.scenarios] == ["a", "b"]


# --- issue 27: help on every argument; -j, -o, --out and --format mean one thing everywhere ----------


def _visible(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    return [action for action in parser._actions if action.help != argparse.SUPPRESS]


@pytest.mark.parametrize(("name", "parser"), _parsers(), ids=lambda value: value if isinstance(value, str) else "")
def test_every_argument_of_every_command_has_help(name: str, parser: argparse.ArgumentParser) -> None:
    """Positionals, options and the COMMAND/ACTION choosers alike; an old spelling kept working
    is hidden on purpose (``help=SUPPRESS``), which is a choice, not a gap."""
    missing = [action.option_strings or action.dest for action in parser._actions
               if action.help is None or not str(action.help).strip()]
    assert missing == [], f"stud8 {name}: arguments without help: {missing}"


def test_the_help_walk_fails_on_an_argument_without_help() -> None:
    """The check above is not vacuous: an argument added without help is found."""
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices["eval"]
    sub.add_argument("--planted")
    assert [a.option_strings for a in sub._actions if a.help is None] == [["--planted"]]


def _options() -> list[tuple[str, argparse.Action]]:
    return [(name, action) for name, parser in _parsers() for action in _visible(parser) if action.option_strings]


def test_jobs_is_dash_j_everywhere() -> None:
    jobs = [(name, action.option_strings) for name, action in _options() if "--jobs" in action.option_strings]
    assert {name for name, _ in jobs} >= {"fuzz", "mutants", "verify-evaluator", "hh audit", "phh replay"}
    assert all(flags == ["-j", "--jobs"] for _, flags in jobs), jobs


def test_out_is_a_folder_and_dash_o_output_a_file_everywhere() -> None:
    for name, action in _options():
        if "--out" in action.option_strings:
            assert action.metavar == "DIR" and "folder" in str(action.help), (name, action.help)
        if "--output" in action.option_strings or "-o" in action.option_strings:
            assert action.option_strings == ["-o", "--output"] and action.metavar == "FILE", (name, action.option_strings)


def test_format_is_the_output_format_everywhere() -> None:
    """Visible ``--format`` is text|json in every parser; the hand-history format is ``--to``."""
    formats = [(name, action) for name, action in _options() if "--format" in action.option_strings]
    assert formats and all(tuple(action.choices or ()) == ("text", "json") for _, action in formats), \
        [(name, action.choices) for name, action in formats]
    assert {name for name, action in _options() if "--to" in action.option_strings} == {"hh export", "hh synth"}


# --- issue 27 and 29: a usage error is one `stud8 COMMAND: ...` line, its values bounded ------------


def _error(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[str, str]:
    with pytest.raises(SystemExit) as caught:
        main(argv)
    out, err = capsys.readouterr()
    assert caught.value.code == 2, argv
    return out, err


@pytest.mark.parametrize(("name", "parser"), _parsers(), ids=lambda value: value if isinstance(value, str) else "")
def test_a_wrong_flag_to_any_command_is_one_line_naming_it(capsys: pytest.CaptureFixture[str], name: str,
                                                           parser: argparse.ArgumentParser) -> None:
    words = [] if name == "stud8" else name.split()
    out, err = _error(capsys, [*words, "--no-such-flag"])
    prog = "stud8" if name == "stud8" else f"stud8 {name}"
    assert out == "" and len(err.splitlines()) == 1, err
    assert err.startswith(f"{prog}: ") and err.rstrip().endswith(f"(see {prog} --help)"), err
    assert "usage:" not in err


@pytest.mark.parametrize("argv", [["validate", "--format", "xml"], ["verify-evaluator", "--cards", "9"],
                                  ["bench", "--hands", "many"], ["fuzz", "--engine", "reference", "--players", "9-2"],
                                  ["hh", "audit"], ["docs", "--out", "d", "--lang", "fi"], ["nosuchcommand"],
                                  ["conform", "--timeout"], ["hh", "import", "a", "-o", "x", "--out", "y"]])
def test_a_bad_value_or_missing_argument_is_one_line(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    out, err = _error(capsys, argv)
    assert out == "" and len(err.splitlines()) == 1 and err.startswith("stud8"), err


HOSTILE = "\x1b[2J\nforged line" + "y" * 5000


@pytest.mark.parametrize("argv", [
    ["verify-evaluator", "--cards", HOSTILE],                  # argparse's invalid int value
    ["docs", "--out", "d", "--lang", HOSTILE],                 # argparse's invalid choice
    ["fuzz", "--engine", "reference", "--players", HOSTILE],   # a type's own message
    ["eval", "As", "--bogus", HOSTILE, HOSTILE],               # unrecognized arguments (argparse quotes none)
    [HOSTILE],                                                 # an unknown command
    ["explain", HOSTILE], ["mutants", "-k", HOSTILE], ["schema", HOSTILE],      # the commands' own messages
    ["fuzz", "--engine", "reference", "--profile", HOSTILE], ["hh", "synth", "--hands", "1", "--players", HOSTILE],
    ["docs", "--out", "never-written", "--profile", HOSTILE], ["conform", "--engine", HOSTILE],
])
def test_every_echoed_value_is_escaped_and_quoted_to_120_characters(capsys: pytest.CaptureFixture[str],
                                                                    argv: list[str]) -> None:
    """Issue 29: a long id, -k, --profile, --players or schema name came back ~2,080 characters
    long; argparse's own messages quoted a value whole, raw control characters included."""
    from stud8.spec.limits import MAX_QUOTE_CHARS

    try:
        code = main(argv)
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and "\x1b" not in err and "forged line\n" not in err, err
    assert re.search(r"\.\.\.['\"]? \([0-9]{4,5} characters\)", err), err
    assert len(err) < 2 * MAX_QUOTE_CHARS + 400, (len(err), err[:300])


def test_bounded_cuts_quoted_values_and_leaves_apostrophes_alone() -> None:
    from stud8.tools.cli import bounded

    long = "z" * 300
    assert bounded(f"unknown profile '{long}' (profiles: robert, tda)") == (
        f"unknown profile '{'z' * 117}...' (300 characters) (profiles: robert, tda)")
    assert bounded(f'no scenario "it\'s {long}"').endswith("...\" (305 characters)")
    assert bounded(f"the engine's answer {long} isn't what the player's hand needs") == (
        f"the engine's answer {long} isn't what the player's hand needs")
    assert bounded("a 'short' value\x1b[2J") == "a 'short' value\\x1b[2J"


def test_no_command_is_a_usage_error_with_the_commands_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    """``stud8`` alone: exit 2 like every usage error, the help (naming the commands) on
    standard error, nothing on standard output (once the help went to stdout with exit 2)."""
    assert main([]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "usage: stud8" in err and "conform" in err

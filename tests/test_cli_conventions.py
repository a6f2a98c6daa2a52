"""One convention across the ``stud8`` commands: ``--format text|json`` wherever results are printed."""

from __future__ import annotations

import argparse

import pytest

from stud8.tools.cli import build_parser

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


# Options that name the same concept in several commands, and the one metavar they show.
CONCEPTS = {"--option": "NAME=VALUE", "--players": "MIN-MAX", "--scenarios": "DIR", "--profile": "NAME",
            "--engine": "SPEC", "--timeout": "SECONDS", "--jobs": "N", "--seed": "S", "--hands": "N",
            "--report": "FILE", "--dask": "ADDRESS"}
# The same word for different things: --out is a folder for some commands and a file for others,
# --output names the kind of file written, --rules is a rule book file (docs) or a switch (fuzz).
DIFFERENT_THINGS = {"--out", "--output", "--rules", "--id", "--format", "--help", "--json"}


def test_one_metavar_per_concept() -> None:
    shown: dict[str, set[str]] = {}
    for name, parser in _parsers():
        for action in parser._actions:
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

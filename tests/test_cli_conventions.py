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

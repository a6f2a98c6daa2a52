"""docs/implementers.md says what the commands do: every stud8 command line it shows parses, its
tables of settings and ini options name exactly the keys the code reads, its links resolve, and
its code for adapters (pots, uncalled chips, a scripted shuffle) runs and is right."""

from __future__ import annotations

import random
import re
import shlex
from pathlib import Path

import pytest

from stud8.conformance.engines.api import ReferenceEngine
from stud8.conformance.suite.projectconfig import KEYS
from stud8.conformance.suite.pytest_settings import INI_OPTIONS
from stud8.tools.cli import build_parser

DOC = Path(__file__).resolve().parents[1] / "docs" / "implementers.md"
pytestmark = pytest.mark.skipif(not DOC.is_file(), reason="not running from a checkout")


def _text() -> str:
    return DOC.read_text(encoding="utf-8")


def _blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", _text(), re.DOTALL)


def test_every_command_line_shown_parses() -> None:
    lines = [line.split("#")[0].strip() for block in _blocks("sh") + _blocks("yaml") for line in block.splitlines()]
    lines = [line.removeprefix("- run: ") for line in lines]
    commands = [line for line in lines if line.startswith("stud8 ") and line != "stud8 --version"]
    assert len(commands) >= 7
    for line in commands:
        words = shlex.split(line)[1:]
        build_parser().parse_args(words)  # a usage error exits: the test fails naming the line


def test_the_settings_table_names_exactly_the_keys_read() -> None:
    section = _text().split("## 8.")[1].split("## 9.")[0]
    assert re.findall(r"^\| `([a-z_]+)` \|", section, re.MULTILINE) == list(KEYS)


def test_the_ini_table_names_exactly_the_ini_options() -> None:
    section = _text().split("## 9.")[1].split("## 10.")[0]
    named = re.findall(r"^\| `(stud8_[a-z_]+)` \|", section, re.MULTILINE)
    assert sorted(named) == sorted([name for name, _ in INI_OPTIONS] + ["stud8_scenarios"])


def test_the_links_resolve() -> None:
    for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", _text()):
        if not target.startswith("http"):
            assert (DOC.parent / target).is_file(), target


def _python_blocks() -> dict[str, object]:
    namespace: dict[str, object] = {}
    for block in _blocks("python"):
        exec(compile(block, str(DOC), "exec"), namespace)  # noqa: S102 - the document's own examples
    return namespace


def test_the_pots_and_returned_helpers_agree_with_the_reference_engine() -> None:
    helpers = _python_blocks()
    pots, returned = helpers["pots"], helpers["returned"]
    cards = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
    rng = random.Random(27)
    checked = 0
    for _ in range(150):
        players = rng.randint(2, 8)
        deck = rng.sample(cards, 52)
        engine = ReferenceEngine()
        engine.start(stacks=[rng.choice([3, 7, 12, 25, 60, 200]) for _ in range(players)],
                     stakes={"ante": 2, "bring_in": 5, "small_bet": 10, "big_bet": 20}, deck=deck, profile=None, options={})
        while True:
            observation = engine.observe()
            seats = observation["seats"]
            contributed = [seat["contributed"] for seat in seats]
            if observation["over"]:
                got = {str(seat): chips for seat, chips in observation["result"]["returned"].items()}
                assert returned(contributed) == got  # type: ignore[operator]
                break
            folded, all_in = [seat["folded"] for seat in seats], [seat["all_in"] for seat in seats]
            assert pots(contributed, folded, all_in) == observation["pots"]  # type: ignore[operator]
            checked += 1
            engine.act(f"p{observation['to_act']} {rng.choice(observation['legal'])}")
    assert checked > 500


def test_the_scripted_shuffle_stacks_the_deck() -> None:
    scripted = _python_blocks()["ScriptedRandom"]
    start = list(range(52))
    wanted = random.Random(5).sample(start, 52)
    rng = scripted(start, wanted)  # type: ignore[operator]
    deck = list(start)
    for i in range(len(deck) - 1, 0, -1):  # the engine's Fisher-Yates
        j = rng.randint(0, i)
        deck[i], deck[j] = deck[j], deck[i]
    assert deck == wanted

"""``load_yaml``'s fast path (libyaml's events, spec/yamlio.py) reads exactly what PyYAML's
Python parser reads: the same values, the same positions, the same problem for a bad file.

The fast path exists because every ``stud8 conform`` parses the whole suite (about 9 s of a
slow machine's CPU in Python, under 3 s through libyaml). It is only worth having if nobody can
tell it is there: these tests compare the two loaders on every YAML file of the project and on
damaged copies of the suite's files, the way the characters that make them part
(``_NOT_FOR_LIBYAML``) were found.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from stud8.spec import yamlio
from stud8.spec.yamlio import YamlProblem, load_yaml

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("conformance", "spec", "examples", "tests/data", "tests/hostile/inputs")
SCENARIOS = ROOT / "conformance" / "scenarios"

pytestmark = pytest.mark.skipif(yamlio._FastPositionedLoader is None, reason="PyYAML was built without libyaml")


def shape(value: Any) -> Any:
    """A value with every position it carries, comparable with ``==`` (a plain dict and a
    ``PositionedDict`` with other positions differ)."""
    if isinstance(value, dict):
        return ("map", type(value).__name__, getattr(value, "position", None),
                [(repr(key), getattr(value, "positions", {}).get(key), shape(item)) for key, item in value.items()])
    if isinstance(value, list):
        return ("seq", type(value).__name__, getattr(value, "position", None), list(getattr(value, "positions", [])),
                [shape(item) for item in value])
    return (type(value).__name__, repr(value))


def outcome(load: Callable[[str, str], Any], text: str) -> Any:
    try:
        return ("value", shape(load(text, "f.yaml")))
    except YamlProblem as problem:
        return ("problem", problem.problem)


def project_yaml() -> list[Path]:
    return sorted(path for folder in FOLDERS for pattern in ("*.yaml", "*.yml")
                  for path in (ROOT / folder).rglob(pattern) if path.is_file())


def test_every_yaml_file_of_the_project_loads_the_same_both_ways() -> None:
    """Compared where it could differ: the files that take the fast path (the others are read
    by the Python parser alone)."""
    texts = {path: path.read_text(encoding="utf-8", errors="replace") for path in project_yaml()}
    fast = [path for path, text in texts.items() if yamlio._NOT_FOR_LIBYAML.search(text) is None]
    assert len(fast) > 120, "the comparison needs the project's files"
    differ = [str(path.relative_to(ROOT)) for path in fast
              if outcome(load_yaml, texts[path]) != outcome(yamlio._load_pure, texts[path])]
    assert differ == []


def test_the_packaged_scenarios_take_the_fast_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """The speed is for the suite: none of its files may hold a character sent to the slow
    parser, and each loads without it."""
    def no_pure(text: str, path: str) -> Any:
        raise AssertionError(f"{path} went to the Python parser")

    monkeypatch.setattr(yamlio, "_load_pure", no_pure)
    files = sorted(SCENARIOS.rglob("*.yaml"))
    assert len(files) > 50
    for path in files:
        load_yaml(path.read_text(encoding="utf-8"), str(path))


_ALPHABET = [*" :-[]{},#&*!|>'\"%@`\n?.=~0123456789abcXYZ\\\t\r", "\x85", "\u2028", "é", "Ω", "\ufeff", "\x00",
             "---\n", "...\n", "- ", ": ", "&a ", "*a ", "!!str ", "!!int ", "!x ", "? ", "%YAML 1.1\n", "<<: *a\n",
             "0x1F", "1e3", "~", "null", "yes", "on", "0o17", "1_000", "+.inf", ".nan", "2001-12-14", '"\\u263A"',
             "'it''s'", "|", ">", "|-", ">+", "|2", '"\\x41"', " #", "- - ", "\n\n", "\r\n", "0b101", ":x", "x:",
             "::", ",,", "{a: 1}", "[1, 2]", "\U0001F600", "\x7f", "\xa0", "\n  ", "\n    - "]
"""What a damaged copy is damaged with: YAML's indicators, scalars of every resolver, tags, line
breaks of both versions, marks, control and wide characters."""


def damaged_copies(count: int, seed: int) -> Iterator[str]:
    """``count`` pieces (3 to 30 lines) of the suite's and the rule book's files, each with one
    to six random insertions, deletions or replacements."""
    rng = random.Random(seed)
    texts = [path.read_text(encoding="utf-8") for path in [*sorted(SCENARIOS.rglob("*.yaml")),
                                                          *sorted((ROOT / "spec").rglob("*.yaml"))]]
    for _ in range(count):
        lines = rng.choice(texts).splitlines(keepends=True)
        start = rng.randrange(len(lines))
        chars = list("".join(lines[start:start + rng.randint(3, 30)]))
        for _ in range(rng.randint(1, 6)):
            where = rng.randrange(len(chars) + 1)
            operation = rng.randrange(3)
            if operation == 0 or not chars:
                chars.insert(where, rng.choice(_ALPHABET))
            elif operation == 1:
                del chars[min(where, len(chars) - 1)]
            else:
                chars[min(where, len(chars) - 1)] = rng.choice(_ALPHABET)
        yield "".join(chars)


@pytest.mark.parametrize("seed", [1, 2])
def test_damaged_copies_load_the_same_both_ways(seed: int) -> None:
    """Found this way: ``{to_? ct: p1}`` and ``{ante: !, ...}`` are read by libyaml and refused
    by PyYAML, a byte-order mark inside a line moves libyaml's columns by one. Seed 1 with the
    character filter removed fails here."""
    differ = [text for text in damaged_copies(1500, seed)
              if outcome(load_yaml, text) != outcome(yamlio._load_pure, text)]
    assert differ == []


@pytest.mark.parametrize("text", ["{to_? ct: p1}\n", "a: {ante: !, b: 1}\n", "a: [x,\ufeff y]\n", "a:\tb\n"])
def test_each_kind_of_parting_found_goes_to_the_python_parser(text: str) -> None:
    assert yamlio._NOT_FOR_LIBYAML.search(text) is not None
    assert outcome(load_yaml, text) == outcome(yamlio._load_pure, text)


@pytest.mark.parametrize(("text", "message"), [
    ("id: !!int fours\n", "1:5: [error] cannot read 'fours' as !!int (yaml-value)"),
    ("a:\n  - !!bool maybe\n", "2:5: [error] cannot read 'maybe' as !!bool (yaml-value)"),
    ("when: !!timestamp soon\n", "1:7: [error] cannot read 'soon' as !!timestamp (yaml-value)"),
    ("x: [1, !!float many]\n", "1:8: [error] cannot read 'many' as !!float (yaml-value)"),
])
def test_a_value_its_tag_cannot_make_is_a_positioned_problem(text: str, message: str) -> None:
    """Once a traceback (PyYAML's constructors raise a bare ValueError or KeyError there)."""
    for load in (load_yaml, yamlio._load_pure):
        with pytest.raises(YamlProblem) as raised:
            load(text, "f.yaml")
        assert str(raised.value.problem) == f"f.yaml:{message}"


def test_validate_names_the_line_of_a_value_its_tag_cannot_make(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    from stud8.tools.cli import main

    path = tmp_path / "tagged.yaml"
    path.write_text("scenarios:\n  - id: !!int fours\n", encoding="utf-8")
    assert main(["validate", str(path)]) == 1
    out, err = capsys.readouterr()
    assert f"{path}:2:9: [error] cannot read 'fours' as !!int (yaml-value)" in out + err
    assert "Traceback" not in out + err


_ESCAPES = ["\\q", "\\x4", "\\x41", "\\u12", "\\u263A", "\\U0001F600", "\\/", "\\N", "\\_", "\\L", "\\P", "\\e",
            "\\0", "\\t", "\\ ", '\\"', "\\\\", "\\\n", "\\uD800", "\\U00110000", "\\UFFFFFFFF", "\\z", "\\\r\n"]


@pytest.mark.parametrize("escape", _ESCAPES)
def test_escapes_load_the_same_both_ways(escape: str) -> None:
    """Escapes in every kind of scalar: where libyaml refuses one PyYAML reads (a lone
    surrogate, ``\\uD800``), the Python parser's reading stands."""
    for template in ('a: "x{}y"\n', 'a: [ "x{}y" ]\n', "a: 'x{}y'\n", "a: x{}y\n", '"k{}": 1\n'):
        text = template.format(escape)
        assert outcome(load_yaml, text) == outcome(yamlio._load_pure, text), text


@pytest.mark.parametrize("text", ['a: "\\UFFFFFFFF"\n', 'a: 1\nb: ["x\\U00110000y"]\n'])
def test_an_escape_past_the_last_character_is_a_positioned_problem(text: str) -> None:
    """Once a traceback: PyYAML's scanner lets an OverflowError or ValueError out bare."""
    with pytest.raises(YamlProblem) as raised:
        load_yaml(text, "f.yaml")
    problem = raised.value.problem
    assert (problem.line, problem.code) == (text.count("\n"), "yaml-syntax")
    assert problem.message.startswith("cannot read this escape or value: ")

"""``--engine SPEC``: every form, and a clear usage error for a spec that names nothing usable."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from stud8.conformance.engines.api import EngineCrash, EngineRefusal, ReferenceEngine
from stud8.conformance.engines.python_adapter import PythonEngine
from stud8.conformance.engines.spec import DEFAULT_TIMEOUT, EngineSpecError, make_engine
from stud8.conformance.engines.subprocess_adapter import SubprocessEngine
from stud8.conformance.suite.replay import run_scenario
from stud8.conformance.suite.scenarios import load_suite, packaged_scenarios_dir
from stud8.reference.cards import ALL_CARDS
from stud8.reference.errors import Stud8Error

ENGINES = Path(__file__).resolve().parent / "engines"
DECK = [str(card) for card in ALL_CARDS]
STAKES = {"ante": 5, "bring_in": 10, "small_bet": 20, "big_bet": 40}


@pytest.fixture
def adapters(monkeypatch: pytest.MonkeyPatch) -> None:
    """tests/engines importable, as a user's own folder would be."""
    monkeypatch.syspath_prepend(str(ENGINES))


def test_reference_is_the_reference_engine() -> None:
    assert isinstance(make_engine("reference"), ReferenceEngine)
    assert DEFAULT_TIMEOUT > 0


def test_pokerkit_specs() -> None:
    pytest.importorskip("pokerkit")
    assert make_engine("pokerkit").name == "pokerkit"
    assert make_engine("pokerkit-native").name == "pokerkit-native"


def test_cmd_is_split_like_a_shell_would_without_one() -> None:
    engine = make_engine(f'cmd:{sys.executable} -c "import sys; sys.exit(0)"', timeout=2.5)
    assert isinstance(engine, SubprocessEngine)
    assert engine.argv == [sys.executable, "-c", "import sys; sys.exit(0)"]
    assert engine.timeout == 2.5
    assert engine.pid is None  # looked up, not started


@pytest.mark.parametrize(("spec", "words"), [
    ("bogus", "unknown engine 'bogus'; an engine is one of: reference, pokerkit, pokerkit-native, python:MODULE:FACTORY, cmd:COMMAND LINE"),
    ("", "no engine given"),
    ("cmd:", "no command after cmd:"),
    ("cmd:   ", "no command after cmd:"),
    ("cmd:no-such-stud8-engine --flag", "command not found: 'no-such-stud8-engine' (not on PATH)"),
    ("cmd:./no/such/engine", "command not found: './no/such/engine'"),
    ('cmd:engine "unclosed', "the command line cannot be split"),
    ("python:", "expected python:MODULE:FACTORY"),
    ("python:module_only", "expected python:MODULE:FACTORY"),
    ("python:a:b:c", "expected python:MODULE:FACTORY"),
    ("python:no_such_stud8_module:make", "no module named 'no_such_stud8_module'"),
])
def test_a_spec_that_names_nothing_usable_is_a_usage_error(spec: str, words: str) -> None:
    with pytest.raises(EngineSpecError) as error:
        make_engine(spec)
    assert isinstance(error.value, Stud8Error) and error.value.code == "usage"
    assert words in error.value.message


@pytest.mark.parametrize("timeout", [0, -1, float("nan"), float("inf"), "5", True])
def test_the_timeout_must_be_a_positive_number(timeout: object) -> None:
    with pytest.raises(EngineSpecError, match="--timeout"):
        make_engine("reference", timeout=timeout)  # type: ignore[arg-type]


@pytest.mark.usefixtures("adapters")
@pytest.mark.parametrize(("spec", "words"), [
    ("python:python_adapters:no_such_factory", "module 'python_adapters' has no 'no_such_factory'"),
    ("python:python_adapters:not_callable", "python_adapters.not_callable is not callable"),
    ("python:python_adapters:broken_factory", "the factory raised RuntimeError: no licence file"),
    ("python:python_adapters:partial", "has no start, act, observe method"),
])
def test_a_module_without_a_working_factory_is_a_usage_error(spec: str, words: str) -> None:
    with pytest.raises(EngineSpecError) as error:
        make_engine(spec)
    assert words in error.value.message


@pytest.mark.usefixtures("adapters")
def test_a_python_engine_plays_the_suite() -> None:
    engine = make_engine("python:python_adapters:reference")
    assert isinstance(engine, PythonEngine)
    assert engine.name == "python:python_adapters:reference"
    files, _ = load_suite([packaged_scenarios_dir() / "bring-in"])
    for scenario in [s for loaded in files for s in loaded.scenarios]:
        run_scenario(engine, scenario)
    assert engine.handshake()["name"] == "stud8-reference"
    assert engine.unsupported("tda", {}) is None


@pytest.mark.usefixtures("adapters")
def test_a_python_engine_that_raises_crashes_but_refusals_pass_through() -> None:
    engine = make_engine("python:python_adapters:buggy")
    with pytest.raises(EngineRefusal) as refused:
        engine.start(stacks=[500], stakes=STAKES, deck=DECK, profile=None, options={})
    assert refused.value.code == "bad-config"
    engine.start(stacks=[500, 500], stakes=STAKES, deck=DECK, profile=None, options={})
    with pytest.raises(EngineCrash) as crash:
        engine.act("p1 cc")
    assert crash.value.outcome == "crash"
    assert "act() raised KeyError: 'seat table corrupted'" in crash.value.message
    assert "python_adapters.py:" in crash.value.message
    engine.restart()
    assert engine.evaluate(["Ah", "Kh", "Qh", "Jh", "Th"])["high"]["category"] == "straight flush"
    engine.close()


def test_the_pokerkit_declaration_agrees_with_its_own_applicability() -> None:
    pytest.importorskip("pokerkit")
    from stud8.conformance.engines.protocol import schema_problem, unsupported_reason

    for spec in ("pokerkit", "pokerkit-native"):
        engine = make_engine(spec)
        hello = engine.handshake()
        wire = {"id": 1, "type": "hello", "protocol": hello["protocol"],
                "engine": {"name": hello["name"], "version": hello["version"]},
                "options": hello["options"], "profiles": hello["profiles"]}
        assert schema_problem("response", wire) is None
        files, _ = load_suite([packaged_scenarios_dir()])
        for scenario in [s for loaded in files for s in loaded.scenarios if s.kind == "replay"]:
            profile, options = scenario.data.get("profile"), scenario.data.get("options", {})
            ours = engine.unsupported(profile, options)
            declared = unsupported_reason(hello, profile, options)
            assert (ours is None) == (declared is None), (spec, scenario.id, ours, declared)
        engine.restart()
        engine.close()


# --- issue 27: cmd: also takes a JSON list of words; on Windows the line splits by Windows rules ----


def test_cmd_takes_a_json_list_of_words_and_runs_it(tmp_path: Path) -> None:
    """A program whose path has a space, named once, with no quoting rules to learn."""
    from stud8.conformance.engines.spec import command_words

    folder = tmp_path / "my engines"
    folder.mkdir()
    script = folder / "my engine.py"
    script.write_text("import runpy; runpy.run_module('stud8.tools.cli', run_name='__main__')\n", encoding="utf-8")
    import json

    spec = "cmd:" + json.dumps([sys.executable, str(script), "serve"])
    engine = make_engine(spec, timeout=30)
    assert isinstance(engine, SubprocessEngine) and engine.argv == [sys.executable, str(script), "serve"]
    try:
        assert engine.handshake()["name"]
    finally:
        engine.close()
    assert command_words(' ["a b", "c\\\\d"] ', windows=True) == ["a b", "c\\d"]  # JSON is the same everywhere


@pytest.mark.parametrize(("line", "why"), [
    ("[", "the command is not a JSON list of words"), ("[" * 100_000, "the command is not a JSON list of words"),
    ("[]", "a JSON command is a list of strings"), ('["python", 3]', "a JSON command is a list of strings"),
    ('["", "x"]', "a JSON command is a list of strings"), ('[["python"]]', "a JSON command is a list of strings"),
])
def test_a_bad_json_command_is_a_usage_error(line: str, why: str) -> None:
    with pytest.raises(EngineSpecError) as caught:
        make_engine(f"cmd:{line}")
    assert why in caught.value.message and len(caught.value.message) < 400


# Microsoft's "Parsing C command-line arguments" table, and a Windows path of each kind.
WINDOWS = [
    ('prog "a b c" d e', ["prog", "a b c", "d", "e"]),
    ('prog "ab\\"c" "\\\\" d', ["prog", 'ab"c', "\\", "d"]),
    ('prog a\\\\\\b d"e f"g h', ["prog", "a\\\\\\b", "de fg", "h"]),
    ('prog a\\\\\\"b c d', ["prog", 'a\\"b', "c", "d"]),
    ('prog a\\\\\\\\"b c" d e', ["prog", "a\\\\b c", "d", "e"]),
    ('prog a"b"" c d', ["prog", 'ab" c d']),
    ('C:\\engines\\mine.exe --stud8', ["C:\\engines\\mine.exe", "--stud8"]),
    ('"C:\\Program Files\\Stud\\engine.exe" --log C:\\logs\\', ["C:\\Program Files\\Stud\\engine.exe", "--log", "C:\\logs\\"]),
    ('"C:\\Program Files\\a\\" b', ["C:\\Program Files\\a\\", "b"]),  # the name's backslashes stay, even before "
    ('\t prog\t""  x ', ["prog", "", "x"]),
    ("", []),
]


@pytest.mark.parametrize(("line", "words"), WINDOWS)
def test_windows_rules_split_as_a_windows_program_would(line: str, words: list[str]) -> None:
    from stud8.conformance.engines.spec import windows_words

    assert windows_words(line) == words


def test_the_platform_chooses_the_rules() -> None:
    """A Windows path loses its backslashes to POSIX rules; with Windows rules it keeps them."""
    from stud8.conformance.engines.spec import command_words

    line = "C:\\engines\\mine.exe --stud8"
    assert command_words(line, windows=True) == ["C:\\engines\\mine.exe", "--stud8"]
    assert command_words(line, windows=False) == ["C:enginesmine.exe", "--stud8"]
    assert command_words('python "my engine.py"', windows=False) == command_words('python "my engine.py"', windows=True)

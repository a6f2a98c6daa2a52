"""Round 3 of the hostile inputs (issue 29), the classes not in the corpus matrices: an engine
that cannot finish ``hello`` in every command that starts one (item 6), commands shown for
copying built from shell-quoted parts (item 3), and the settings file, ``new-harness`` and the
pytest plugin's ini options met with hostile values (the independent round on this wave's
surfaces).

In-process ``main([...])`` calls; an engine is a ``cmd:`` child only where the class needs a
process that exits or lies."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from stud8.spec.limits import shell_command
from stud8.tools.cli import main

PYTHON = shlex.quote(sys.executable)

NO_HELLO = {
    "exits": f"cmd:{PYTHON} -c 'import sys; sys.exit(3)'",
    "answers another request": f"""cmd:{PYTHON} -c 'print("{{\\"id\\": 7}}", flush=True)'""",
    "answers garbage": f"cmd:{PYTHON} -c 'print(\"\\x1b[2Jnot json\", flush=True)'",
}

COMMANDS = {
    "conform": ["conform", "--no-builtin", "--scenarios", "SUITE"],
    "explain": ["explain", "pots-001"],
    "fuzz": ["fuzz", "--hands", "2", "--out", "OUT"],
}


@pytest.mark.parametrize("engine", NO_HELLO.values(), ids=NO_HELLO.keys())
@pytest.mark.parametrize("command", COMMANDS.values(), ids=COMMANDS.keys())
def test_an_engine_that_cannot_finish_hello_cannot_start(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                          command: list[str], engine: str) -> None:
    """Item 6: exit 2 and one line ``stud8 COMMAND: engine ... cannot start: ...``, no
    traceback, in every command that starts an engine (fuzz once ended in a traceback, exit 1).
    ``stud8 smoke`` reports the same engine as its finding instead (exit 1: docs/cli.md)."""
    (tmp_path / "suite").mkdir()
    argv = [str(tmp_path / part.lower()) if part in ("SUITE", "OUT") else part for part in command]
    assert main([*argv, "--engine", engine]) == 2
    out, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(f"stud8 {command[0]}: engine ") and " cannot start: " in lines[0]
    assert "\x1b" not in err and out == ""


def test_smoke_reports_an_engine_without_hello_as_its_finding(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["smoke", "--engine", NO_HELLO["exits"]]) == 1
    out = capsys.readouterr().out
    assert "FAIL  hello" in out and "verdict: NOT READY" in out


@pytest.mark.parametrize("value", ["odd-chip-1\nrm -rf ~ #", "$(id)", "a'b\"c", "\x1b[2J", "x\u202ey", ";|&"])
def test_a_command_for_copying_runs_that_command_and_nothing_else(value: str) -> None:
    """Item 3: every value escaped (``printable``) then shell-quoted (``shlex.join``)."""
    line = shell_command(["stud8", "explain", value, "--engine", f"cmd:{value}"])
    assert "\n" not in line and "\x1b" not in line and "\u202e" not in line
    words = shlex.split(line)
    assert len(words) == 5 and words[:2] == ["stud8", "explain"] and words[3] == "--engine"


# --- the independent round on this wave's surfaces: settings, the plugin's ini options, harnesses


def _plain_pytest(project: Path, ini: str, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    """A plain ``pytest`` run of a user's project (in-process: the plugin is loaded by its entry
    point), with ``ini`` in its pytest.ini: its exit status and stderr."""
    (project / "pytest.ini").write_text(f"[pytest]\n{ini}\n")
    (project / "test_a.py").write_text("def test_x():\n    pass\n")
    capsys.readouterr()
    code = pytest.main(["-p", "no:cacheprovider", "-c", str(project / "pytest.ini"), "--rootdir", str(project),
                        *args, str(project)])
    return int(code), capsys.readouterr().err


def test_the_ini_file_is_an_input_of_a_plain_pytest_run(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """``stud8_report = pytest.ini`` once replaced the ini file with the report."""
    monkeypatch.chdir(tmp_path)
    code, err = _plain_pytest(tmp_path, "stud8_report = pytest.ini", capsys)
    assert code == pytest.ExitCode.USAGE_ERROR
    assert "is an input of this command (its pytest configuration file)" in err
    assert (tmp_path / "pytest.ini").read_text() == "[pytest]\nstud8_report = pytest.ini\n"


def test_the_settings_file_is_an_input_of_a_plain_pytest_run(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "stud8.toml").write_text('label = "mine"\n')
    code, err = _plain_pytest(tmp_path, "stud8_report = stud8.toml", capsys)
    assert code == pytest.ExitCode.USAGE_ERROR
    assert "its settings file" in err
    assert (tmp_path / "stud8.toml").read_text() == 'label = "mine"\n'


@pytest.mark.parametrize("ini", ["stud8_timeout", "stud8_builtin", "stud8_engine"])
def test_an_ini_value_is_echoed_bounded(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch, ini: str) -> None:
    """A 5,000-character ini value was echoed whole in the usage error (5,056 columns)."""
    monkeypatch.chdir(tmp_path)
    code, err = _plain_pytest(tmp_path, f"{ini} = {'x' * 5000}", capsys)
    assert code == pytest.ExitCode.USAGE_ERROR
    error = [line for line in err.splitlines() if line.startswith("ERROR: ")]
    assert len(error) == 1 and len(error[0]) < 400 and "(5000 characters)" in error[0]


def test_a_settings_file_that_is_no_regular_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """A FIFO named stud8.toml was skipped without a word: the run went on without its settings."""
    os.mkfifo(tmp_path / "stud8.toml")
    monkeypatch.chdir(tmp_path)
    assert main(["smoke", "--engine", "reference"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "stud8.toml: not a regular file" in err


@pytest.mark.parametrize("label", ["multi\nline", "a\u202eb", "L" * 100_000])
def test_a_label_in_the_settings_is_checked_naming_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                            monkeypatch: pytest.MonkeyPatch, label: str) -> None:
    """It was refused as ``--label``, a flag nobody gave, after a line saying the settings were used."""
    (tmp_path / "stud8.toml").write_text(f"label = {json.dumps(label)}\n")
    monkeypatch.chdir(tmp_path)
    assert main(["conform", "--no-builtin", "--scenarios", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "stud8.toml: label must be 1 to 80 printable characters" in err
    assert len(err) < 400


def test_the_python_harness_never_echoes_nan_as_an_id() -> None:
    """``{"id": NaN}`` was read and echoed: the harness then wrote a line that is not JSON."""
    harness = Path(__file__).parent.parent / "examples" / "engines" / "python" / "harness.py"
    lines = '{"id": NaN, "type": "hello"}\n{"id": 1, "type": "hello", "protocol": 1}\n'
    done = subprocess.run([sys.executable, str(harness)], input=lines, capture_output=True, text=True, timeout=60,
                          check=False)
    answers = [json.loads(line, parse_constant=lambda name: pytest.fail(f"{name} written")) for line in done.stdout.splitlines()]
    assert answers[0]["id"] is None and answers[0]["type"] == "error" and answers[1]["type"] == "hello"


def test_a_line_that_is_not_json_says_so_once() -> None:
    from stud8.conformance.engines.protocol import ProtocolError, decode

    with pytest.raises(ProtocolError) as caught:
        decode("\x1b[2Jgarbage")
    assert str(caught.value).startswith("not JSON (Expecting value") and "not JSON: " not in str(caught.value)


def test_bidi_controls_are_shown_not_obeyed() -> None:
    """Item 3: every embedding, override and isolate, and nothing else, written as ``\\uNNNN``."""
    from stud8.spec.limits import neutral_bidi

    controls = "".join(chr(code) for code in [*range(0x202A, 0x202F), *range(0x2066, 0x206A)])
    assert neutral_bidi(f"a{controls}b") == "a" + "".join(f"\\u{ord(c):04x}" for c in controls) + "b"
    assert neutral_bidi("ÄΩ אב 漢 \u200d") == "ÄΩ אב 漢 \u200d"


@pytest.mark.slow  # renders the catalogue (about 14 s)
def test_a_bidi_override_in_a_scenario_title_reaches_no_catalogue_page(tmp_path: Path) -> None:
    """A title with U+202E reached the catalogue unchanged (HTML and Markdown)."""
    from stud8.conformance.suite.scenarios import iter_scenarios, load_suite
    from stud8.spec.rulebook import default_rulebook
    from stud8.tools.docs.i18n import load_source
    from stud8.tools.docs.render import build_catalogue_context, render_catalogue

    text = (Path(__file__).parent / "data" / "valid" / "hands.yaml").read_text()
    (tmp_path / "hands.yaml").write_text(text.replace("(test) An eight-six", "(test) An \u202eeight-six"))
    book = default_rulebook()
    files, problems = load_suite([tmp_path], book)
    assert not problems
    scenarios = list(iter_scenarios(files))
    pages = render_catalogue(build_catalogue_context(book, scenarios, book.default_profile,
                                                     [scenario.id for scenario in scenarios], [], load_source()))
    assert not any("\u202e" in page for page in pages.values())
    shown = [name for name, page in pages.items() if "\\u202eeight-six" in page]
    assert any(name.endswith(".html") for name in shown) and any(name.endswith(".md") for name in shown)

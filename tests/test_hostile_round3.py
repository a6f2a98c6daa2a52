"""Round 3 of the hostile inputs (issue 29), the classes not in the corpus matrices: an engine
that cannot finish ``hello`` in every command that starts one (item 6), commands shown for
copying built from shell-quoted parts (item 3), and the settings file, ``new-harness`` and the
pytest plugin's ini options met with hostile values (the independent round on this wave's
surfaces).

In-process ``main([...])`` calls; an engine is a ``cmd:`` child only where the class needs a
process that exits or lies."""

from __future__ import annotations

import shlex
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

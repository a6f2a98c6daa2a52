"""Issue 22, what every command shares (tools/cli.py, tools/streams.py): standard output that
cannot be written, stray ``OSError``s, and printing values taken from files and arguments.

Each test is the regression test of a class of defects the second hostile round found:
``OSError`` when stdout is ``/dev/full`` (every command), ``AttributeError`` when it is
closed (``serve``; the others exited 0 having printed nothing), a broken pipe ending in
silence; ``OSError: File name too long`` for a 300-character name in every command that takes
a path; file names with newlines and player names with ANSI escapes printed raw; error lines
quoting a 100,000-character argument in full.
"""

from __future__ import annotations

import errno
import io
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from stud8.spec.limits import MAX_PATH_CHARS, MAX_QUOTE_CHARS, printable, shown_path
from stud8.tools.cli import COMMANDS, main

DATA = Path(__file__).parent / "data"
PS = DATA / "site-hands" / "pokerstars" / "7-StudHL-USD-0.04-0.08-200911.txt"
VALID = DATA / "valid" / "hands.yaml"
PHH = DATA / "phh" / "winnings.phh"

# One run of every command that prints on standard output (quick arguments).
PRINTING: dict[str, list[str]] = {
    "validate": ["validate", str(VALID)],
    "eval": ["eval", "As", "Kd", "Qh", "Jc", "Ts"],
    "verify-evaluator": ["verify-evaluator", "--cards", "5", "--sample", "20", "--jobs", "1"],
    "conform": ["conform", "--no-builtin", "--scenarios", str(DATA / "valid")],
    "coverage": ["coverage"],
    "phh": ["phh", "replay", str(PHH)],
    "hh": ["hh", "audit", str(PS)],
    "bench": ["bench", "--hands", "10", "--full-hands", "1"],
    "docs": ["docs", "--help"],
    "serve": ["serve"],
    "fuzz": ["fuzz", "--engine", "reference", "--hands", "2", "--jobs", "1"],
    "schema": ["schema"],
    "protocol": ["protocol"],
    "mutants": ["mutants", "--help"],
    "report": ["report", "--help"],
    "explain": ["explain", "pots-005"],
    "smoke": ["smoke", "--engine", "reference"],
    "new-harness": ["new-harness", "python", "harness"],
}


def test_every_command_is_run_on_a_failing_stdout() -> None:
    assert set(PRINTING) == set(COMMANDS)


class _Failing(io.TextIOBase):
    """A text stream whose writes fail as a full disk, a broken pipe or a closed file do."""

    def __init__(self, error: BaseException) -> None:
        self.error = error

    def write(self, text: str) -> int:
        raise self.error

    def flush(self) -> None:
        raise self.error

    @property
    def buffer(self) -> Any:
        return self


FAILURES = {
    "full": OSError(errno.ENOSPC, "No space left on device"),
    "broken-pipe": BrokenPipeError(errno.EPIPE, "Broken pipe"),
    "closed-file": ValueError("I/O operation on closed file."),
}


CASES = [(command, "full") for command in sorted(PRINTING)] + [(command, "closed") for command in sorted(PRINTING)] + [
    (command, failure) for command in ("eval", "serve", "hh") for failure in ("broken-pipe", "closed-file")]


@pytest.mark.parametrize(("command", "failure"), CASES)
def test_a_stdout_that_cannot_be_written_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch, command: str,
                                                                failure: str) -> None:
    monkeypatch.chdir(tmp_path)  # fuzz writes findings here, if any
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b'{"id": 1, "type": "hello", "protocol": 1}\n')))
    monkeypatch.setattr(sys, "stdout", None if failure == "closed" else _Failing(FAILURES[failure]))
    try:
        code = main(PRINTING[command])
    except SystemExit as exit_:  # --help: argparse prints, then exits
        code = exit_.code  # type: ignore[assignment]
    err = capsys.readouterr().err
    assert code == 2, err
    lines = err.strip().splitlines()
    assert lines[-1].startswith(f"stud8 {command}: cannot write to standard output: "), err
    assert "Traceback" not in err


def _run(argv: list[str], **kwargs: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "stud8.tools.cli", *argv], capture_output=True, text=True,
                          check=False, **kwargs)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
def test_dev_full_in_a_real_process_exits_2_with_one_line() -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "stud8.tools.cli", "hh", "audit", str(PS)], stdout=full,
                              stderr=subprocess.PIPE, text=True, check=False)
    assert done.returncode == 2
    assert done.stderr == "stud8 hh: cannot write to standard output: No space left on device\n"


def test_a_closed_stdout_in_a_real_process_exits_2_with_one_line() -> None:
    done = subprocess.run([sys.executable, "-m", "stud8.tools.cli", "serve"],  # started with descriptor 1 closed
                          input='{"id": 1, "type": "hello", "protocol": 1}\n', stderr=subprocess.PIPE, text=True,
                          check=False, preexec_fn=lambda: os.close(1))
    assert done.returncode == 2
    assert done.stderr == "stud8 serve: cannot write to standard output: standard output is closed\n"


def test_a_broken_pipe_in_a_real_process_exits_2_with_one_line() -> None:
    reader, writer = os.pipe()
    os.close(reader)  # nobody will read: the first write is a broken pipe
    try:
        done = subprocess.run([sys.executable, "-m", "stud8.tools.cli", "schema", "scenario"], stdout=writer,
                              stderr=subprocess.PIPE, text=True, check=False)
    finally:
        os.close(writer)
    assert done.returncode == 2
    assert done.stderr == "stud8 schema: cannot write to standard output: Broken pipe\n"


# --- stray OSErrors ------------------------------------------------------------------------------

LONG = "x" * 300  # longer than any file name a file system takes (255)


@pytest.mark.parametrize("argv", [
    ["validate", LONG], ["coverage", "--scenarios", LONG], ["conform", "--scenarios", LONG],
    ["conform", "--baseline", LONG], ["conform", "--report", f"{LONG}/r.json"], ["docs", "--out", LONG],
    ["phh", "replay", LONG], ["phh", "import", LONG], ["phh", "export", LONG], ["hh", "audit", LONG],
    ["hh", "audit", str(PS), "--report", LONG], ["hh", "import", LONG, "--out", "out"],
    ["hh", "import", str(PS), "--out", LONG], ["hh", "export", LONG, "--to", "ohh"],
    ["hh", "synth", "--hands", "1", "-o", LONG], ["fuzz", "--engine", "reference", "--hands", "1", "--out", LONG],
    ["mutants", "--doc", LONG],
])
def test_a_file_name_too_long_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert len(err.splitlines()) == 1 and LONG in err and "Traceback" not in out + err, err
    assert list(tmp_path.iterdir()) == []


def test_an_unexpected_oserror_is_one_line_naming_the_file(capsys: pytest.CaptureFixture[str],
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    from stud8.tools import eval_cmd

    def vanish(args: Any) -> int:
        raise FileNotFoundError(errno.ENOENT, "No such file or directory", "/tmp/gone\n.txt")

    monkeypatch.setattr(eval_cmd, "run", vanish)
    monkeypatch.setitem(sys.modules, "stud8.tools.eval_cmd", eval_cmd)
    assert main(["eval", "As"]) == 2
    assert capsys.readouterr().err == "stud8 eval: /tmp/gone\\n.txt: No such file or directory\n"


# --- the sanitiser -----------------------------------------------------------------------------


def test_the_sanitiser_escapes_controls_and_cuts() -> None:
    assert printable("Ann\x1b[31mred\x1b[0m") == "Ann\\x1b[31mred\\x1b[0m"
    assert printable("a.txt\n1 hand: 1 conforms") == "a.txt\\n1 hand: 1 conforms"
    assert printable("tab\tcr\rdel\x7fc1\x9b") == "tab\\tcr\\rdel\\x7fc1\\x9b"
    assert printable("rtl\u202eevil\u2028") == "rtl\\u202eevil\\u2028"
    assert printable("é ü 中文 ♠") == "é ü 中文 ♠"
    assert printable("x" * 100_000).endswith("... (100000 characters)") and len(printable("x" * 100_000)) < MAX_QUOTE_CHARS + 30
    assert printable("\x1b" * 100) .endswith("... (100 characters)")
    assert printable(10**5000) == "a number of 5001 digits"
    assert shown_path("/tmp/" + "y" * 300) == "/tmp/" + "y" * 300
    assert len(shown_path("z" * 100_000)) < MAX_PATH_CHARS + 30


def test_an_argument_of_100000_characters_is_quoted_briefly(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["fuzz", "--engine", "reference", "--seed", "x" * 100_000], ["eval", "\x1b[2J" + "A" * 100_000],
                 ["hh", "audit", "y" * 100_000], ["schema", "s" * 100_000]):
        with pytest.raises(SystemExit) if argv[0] == "fuzz" else _nothing():
            main(argv)
        out, err = capsys.readouterr()
        assert len(err) < 2 * MAX_PATH_CHARS + 100 and len(err.splitlines()) <= 8, (argv[0], len(err))
        assert "\x1b" not in out + err


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


def test_a_file_name_with_a_newline_cannot_forge_a_verdict_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    forged = tmp_path / "a.txt\n1 hand: 1 conforms\n\x1b[2J"
    forged.write_text(PS.read_text(encoding="utf-8").replace("$0.04/$0.08", "$0.04/$0.09", 1), encoding="utf-8")
    assert main(["hh", "audit", str(forged)]) == 1
    out = capsys.readouterr().out
    assert "\x1b" not in out
    assert not any(line.startswith("1 hand: 1 conforms") for line in out.splitlines())
    assert "a.txt\\n1 hand: 1 conforms\\n\\x1b[2J" in out


def test_player_names_with_ansi_escapes_are_printed_escaped(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = PS.read_text(encoding="utf-8")
    path = tmp_path / "ansi.txt"
    # a deviation naming gashpor: denny501 acts before him (the books kept whole: an edited
    # amount alone would make the hand unreadable)
    text = text.replace("gashpor: checks\ndenny501: checks\nHero: checks\nrdiezchang: bets",
                        "denny501: checks\ngashpor: checks\nHero: checks\nrdiezchang: bets", 1)
    path.write_text(text.replace("gashpor", "rdiez\x1b[31mchang\x1b]0;pwned\x07"), encoding="utf-8")
    assert main(["hh", "audit", str(path)]) == 1
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out
    assert "rdiez\\x1b[31mchang" in out


def test_validate_escapes_a_file_name_with_a_newline(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    forged = tmp_path / "x.yaml\n1 files valid\x1b[2J.yaml"
    forged.write_text("scenarios: 3\n", encoding="utf-8")
    assert main(["validate", str(forged)]) == 1
    out = capsys.readouterr().out
    assert "\x1b" not in out and len(out.splitlines()) == 1
    assert out.startswith(f"{tmp_path}/x.yaml\\n1 files valid\\x1b[2J.yaml:1:")


def test_what_an_engine_says_is_escaped_in_the_conform_output(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "ansi_engine.py").write_text(
        "from stud8.conformance.engines import ReferenceEngine\n"
        "class Loud(ReferenceEngine):\n"
        "    def observe(self):\n"
        "        raise RuntimeError('\\x1b[2J\\x1b]0;pwned\\x07 the screen is cleared')\n"
        "def make():\n"
        "    return Loud()\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    code = main(["conform", "--engine", "python:ansi_engine:make", "--no-builtin", "--scenarios",
                 str(Path(__file__).parent / "data" / "replay")])
    out, err = capsys.readouterr()
    assert code == 1
    assert "\x1b" not in out + err and "\x07" not in out + err
    assert "\\x1b[2J" in out


class _FailsOnFlush(io.TextIOBase):
    """/dev/full as a buffered file is: writes seem to work, the flush fails."""

    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")


@pytest.mark.parametrize("argv", [["docs", "--help"], ["eval", "As", "Kd", "Qh", "Jc", "Ts"], ["--version"]])
def test_a_stdout_that_fails_only_when_flushed_is_caught_too(capsys: pytest.CaptureFixture[str],
                                                             monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> None:
    # Found by the corpus: argparse's --help wrote into the buffer and exited 0; the flush at
    # exit failed after the command had said it succeeded.
    monkeypatch.setattr(sys, "stdout", _FailsOnFlush())
    assert main(argv) == 2
    assert capsys.readouterr().err.endswith("cannot write to standard output: No space left on device\n")


def test_phh_quotes_a_100000_character_path_briefly(capsys: pytest.CaptureFixture[str]) -> None:
    # Found by the corpus: the message of a missing PHH file held the whole path.
    assert main(["phh", "replay", "x" * 100_000]) == 2
    err = capsys.readouterr().err
    assert len(err) < 2000 and err.count("\n") == 1


def test_a_closed_stdin_is_an_input_that_has_ended() -> None:
    done = subprocess.run([sys.executable, "-m", "stud8.tools.cli", "serve"], capture_output=True, text=True,
                          check=False, preexec_fn=lambda: os.close(0))
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")

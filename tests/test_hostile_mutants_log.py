"""Hostile ``stud8 mutants --generated`` logs (issue 29, item 5): a log is an input like any other.

A ``--resume`` line is trusted only when it names a mutant of the current code (a rule module,
a key cosmic-ray generates from that module now, the digest of that module's source); any other
line is ignored and counted, so a forged line cannot count a mutant as killed. A log that is no
log (invalid UTF-8, 100,000 ``[``, ``"seconds": "NaN"``, a gigabyte) stops the command with one
line naming the file and line, exit 2, never a traceback or a ``MemoryError``; a FIFO is refused
at once, as ``--log`` and as ``--resume``; ``--log /dev/full`` names the file. Each case is
one of the regression tests below (the one-line checks run in this process, the ones that could
hang or exhaust memory in a child under a timeout and an address-space limit).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("cosmic_ray", reason="cosmic-ray is not installed (pip install 'stud8[mutation]')")

from stud8.conformance.mutants import generated
from stud8.spec.errors import Stud8Error
from stud8.spec.outputs import AppendLog, open_append
from stud8.tools.cli import main
from stud8.tools.mutants_log import read_log

pytestmark = pytest.mark.pure_python  # plants mutants in the engine's source (tests/conftest.py)

KEY = "betting:BettingRound.apply:AddNot:0"
"""A mutant the suite kills at once (the first action is refused): cheap to run for real."""


@pytest.fixture(scope="module")
def keys() -> list[str]:
    found = [item.key for item in generated.generate()]
    assert KEY in found
    return found


@pytest.fixture(scope="module")
def digests() -> dict[str, str]:
    return {module: generated.source_digest(module) for module in generated.MODULES}


def _line(**fields: object) -> str:
    base: dict[str, object] = {"key": KEY, "module": "betting", "status": "killed", "killer": "forged-001",
                               "detail": "", "seconds": 0.1, "fuzz_hands": 0, "divergence": None, "source": ""}
    return json.dumps({**base, **fields})


def _resume(tmp_path: Path, content: bytes | str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    log = tmp_path / "run.log"
    log.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    code = main(["mutants", "--generated", "-k", KEY, "-j", "1", "--resume", str(log), "--format", "json"])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


# --- which lines are trusted -------------------------------------------------------------------

def test_only_lines_naming_a_mutant_of_the_current_code_are_trusted(tmp_path: Path, keys: list[str],
                                                                    digests: dict[str, str]) -> None:
    source = digests["betting"]
    log = tmp_path / "run.log"
    log.write_text("\n".join([
        _line(module="../../../etc/passwd", source=source),  # forged module
        _line(module="fast_eval", source=digests["fast_eval"]),  # a betting key under another module
        _line(key="betting:Nothing.here:AddNot:0", source=source),  # no such mutant
        _line(source="0" * 16),  # another source of betting
        _line(source=source, killer="betting-001"),  # a mutant of the current code: trusted
    ]) + "\n", encoding="utf-8")
    found = read_log(log, digests, keys)
    assert list(found.results) == [KEY] and found.results[KEY]["killer"] == "betting-001"
    assert found.ignored == {"a module that is not one of the rule modules": 1,
                             "a mutant the current code does not have": 2,
                             "made on another source of its module": 1}


def test_a_forged_line_does_not_count_a_mutant_as_killed(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                         digests: dict[str, str]) -> None:
    """The forged line once made the run say "1/1 killed" by forged-001 without running anything:
    now it is ignored, said on stderr, and the mutant is run for real."""
    code, out, err = _resume(tmp_path, _line(module="../../../etc/passwd", source=digests["betting"]) + "\n", capsys)
    assert "1 line ignored: a module that is not one of the rule modules" in err and "Traceback" not in err
    [result] = json.loads(out)["mutants"]
    assert result["status"] == "killed" and result["killer"] not in (None, "forged-001") and result["seconds"] > 0
    assert code == 0


# --- logs that are no logs: one line, FILE:LINE, exit 2 ------------------------------------------

@pytest.mark.parametrize(("content", "says"), [
    (_line().encode() + b"\n\xff\xfe not utf-8\n", "run.log:2: not UTF-8"),
    ("[" * 100_000 + "\n", "run.log:1: not a line of a --log file: nesting deeper than 64"),
    (None, "run.log:1: not a line of a --log file: seconds must be a finite number"),  # "seconds": "NaN"
    ('{"key": "x", "module": "betting", "status": "killed", "source": "s", "seconds": NaN}\n',
     "run.log:1: not a line of a --log file: NaN is not a number"),
    ('{"key": "x", "module": "betting", "status": "killed", "source": "s", "seconds": 1e400}\n',
     "run.log:1: not a line of a --log file: the number 1e400 is out of range"),
    ('{"key": "x", "module": "betting", "status": "pwned\\u001b[2J", "source": "s"}\n',
     "run.log:1: not a line of a --log file: status must be one of"),
    ("[1, 2]\n", "run.log:1: not a line of a --log file: not a JSON object"),
    ("not json at all\n", "run.log:1: not a line of a --log file: not JSON: Expecting value"),
])
def test_a_log_that_is_no_log_is_one_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                     content: str | bytes | None, says: str) -> None:
    if content is None:
        content = _line(seconds="NaN") + "\n"
    code, _out, err = _resume(tmp_path, content, capsys)
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("stud8 mutants: --resume ") and says in lines[0], err
    assert "\x1b" not in err


def _child(argv: list[str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """A run in a child under 1.5 GB of address space and a timeout: a hang or a blow-up fails
    here instead of taking the test run down."""
    def limit() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (1536 << 20, 1536 << 20))

    return subprocess.run([sys.executable, "-m", "stud8.tools.cli", *argv], check=False, capture_output=True,
                          text=True, timeout=120, preexec_fn=limit, cwd=tmp_path)


def test_a_gigabyte_log_is_refused_unread(tmp_path: Path) -> None:
    log = tmp_path / "huge.log"
    with open(log, "wb") as sparse:
        sparse.truncate(1 << 30)
    done = _child(["mutants", "--generated", "-k", KEY, "--resume", str(log)], tmp_path)
    assert done.returncode == 2 and "MemoryError" not in done.stderr and "Traceback" not in done.stderr
    assert done.stderr.strip() == (f"stud8 mutants: --resume {log}: the file is 1,073,741,824 bytes, more than the "
                                   "4,194,304 read")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
@pytest.mark.parametrize("flag", ["--log", "--resume"])
def test_a_fifo_is_refused_not_waited_on(tmp_path: Path, flag: str) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    done = _child(["mutants", "--generated", "-k", KEY, flag, str(fifo)], tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.startswith(f"stud8 mutants: {flag} {fifo}: ") and "not a regular file" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
def test_log_dev_full_names_the_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["mutants", "--generated", "-k", KEY, "--log", "/dev/full"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("stud8 mutants: --log /dev/full: ") and len(err.strip().splitlines()) == 1


def test_a_full_disk_while_logging_names_the_file(tmp_path: Path) -> None:
    """A write that fails once the run has begun (the disk filled) is one error naming --log."""
    log = open_append(tmp_path / "run.log", "--log")

    class Full:
        def write(self, text: str) -> int:
            raise OSError(28, "No space left on device")

        def flush(self) -> None:
            pass

        def close(self) -> None:
            pass

    log.stream.close()
    failing = AppendLog(Full(), tmp_path / "run.log", "--log")  # type: ignore[arg-type]
    with pytest.raises(Stud8Error, match=r"^--log .*run\.log: cannot write: No space left on device$"):
        failing.write_line("{}")


def test_the_record_is_never_one_of_the_logs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "run.log"
    log.write_text("", encoding="utf-8")
    assert main(["mutants", "--generated", "-k", "pots", "--log", str(log), "--record", str(log)]) == 2
    assert "is an input of this command" in capsys.readouterr().err
    assert log.read_text(encoding="utf-8") == ""


def test_a_log_is_appended_and_read_back(tmp_path: Path, keys: list[str], digests: dict[str, str]) -> None:
    """The append form writes whole lines a run can resume from, and leaves what was there."""
    path = tmp_path / "run.log"
    path.write_text(_line(source=digests["betting"]) + "\n", encoding="utf-8")
    log = open_append(path, "--log")
    log.write_line(_line(key=keys[1], module=keys[1].split(":")[0], source=digests[keys[1].split(":")[0]]))
    log.close()
    assert set(read_log(path, digests, keys).results) == {KEY, keys[1]}

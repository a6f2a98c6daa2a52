"""tools/progress.py: a bar on a terminal, silence everywhere else."""

from __future__ import annotations

import io
import sys

import pytest

from stud8.tools import progress as progress_module
from stud8.tools.progress import progress, progress_bar, progress_wanted


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_silent_when_stderr_is_not_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    assert list(progress(range(5), total=5, desc="x")) == [0, 1, 2, 3, 4]
    with progress_bar(total=3) as bar:
        bar.update(3)
        assert not bar.shown
    assert capsys.readouterr() == ("", "")


def test_a_bar_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("tqdm", reason="tqdm is not installed (pip install '.[progress]')")
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    monkeypatch.delenv("STUD8_PROGRESS", raising=False)
    assert progress_wanted()
    assert list(progress(range(4), total=4, desc="hands", unit="hand")) == [0, 1, 2, 3]
    drawn = terminal.getvalue()
    assert "hands:" in drawn and "0/4 [" in drawn  # a bar was drawn (and cleared at the end)


def test_turned_off_by_the_environment_or_without_tqdm(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stderr", _Terminal())
    monkeypatch.setenv("STUD8_PROGRESS", "0")
    assert not progress_wanted()
    monkeypatch.delenv("STUD8_PROGRESS")
    monkeypatch.setattr(progress_module, "_tqdm", lambda: None)
    with progress_bar(total=2) as bar:
        bar.update(2)
        assert not bar.shown
    assert sys.stderr.getvalue() == ""  # type: ignore[attr-defined]


def test_verify_evaluator_text_ends_with_a_verdict(capsys: pytest.CaptureFixture[str]) -> None:
    from stud8.tools.cli import main

    assert main(["verify-evaluator", "--cards", "6", "--sample", "300", "--jobs", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "checked 300 6-card hands (sample, seed 0) in " + out[0].split(" in ")[1]
    assert out[-1] == "PASS: the evaluators agree"


def test_verify_sample_is_the_same_for_any_jobs() -> None:
    from stud8.tools.verify_cmd import verify

    one, two = verify(7, sample=400, seed=5, jobs=1), verify(7, sample=400, seed=5, jobs=2)
    for report in (one, two):
        report.pop("seconds")
    assert one == two

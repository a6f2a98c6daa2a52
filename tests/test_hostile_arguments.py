"""Issue 22, arguments every command reads alike (tools/arguments.py): ``--jobs 999999`` was
accepted by ``mutants`` (119 processes, 6.5 GB on two cores) and ``hh audit``, and
``verify-evaluator --jobs 300`` forked 300 processes at once; ``hh synth --seed -5`` was
accepted where ``fuzz`` refuses it. One check for each, in every command that takes it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from stud8.spec.limits import MAX_JOBS
from stud8.tools import arguments
from stud8.tools.cli import main

PS = Path(__file__).parent / "data" / "site-hands" / "pokerstars" / "7-StudHL-USD-0.04-0.08-200911.txt"

JOBS_COMMANDS = {
    "fuzz": ["fuzz", "--engine", "reference", "--hands", "300"],
    "mutants": ["mutants", "-k", "low"],
    "hh": ["hh", "audit", str(PS)],
    "verify-evaluator": ["verify-evaluator", "--cards", "5", "--sample", "10"],
}


@pytest.mark.parametrize("value", ["0", "-3", str(MAX_JOBS + 1), "999999"])
@pytest.mark.parametrize("command", sorted(JOBS_COMMANDS))
def test_every_jobs_is_checked_the_same_way_before_any_work(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch, command: str,
                                                            value: str) -> None:
    monkeypatch.chdir(tmp_path)
    assert main([*JOBS_COMMANDS[command], "--jobs", value]) == 2
    out, err = capsys.readouterr()
    bound = "at least 1" if int(value) < 1 else f"at most {MAX_JOBS}"
    assert err == f"stud8 {command}: --jobs must be {bound}, got {value}\n" and out == ""
    assert list(tmp_path.iterdir()) == []


def test_local_workers_never_outnumber_the_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    from stud8.conformance import executor

    monkeypatch.setattr(executor, "default_jobs", lambda: 2)
    assert arguments.local_workers(MAX_JOBS) == 2
    assert arguments.local_workers(MAX_JOBS, work=1) == 1
    assert arguments.local_workers(1) == 1


def test_each_command_starts_no_more_workers_than_cores(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from stud8.conformance import executor
    from stud8.conformance.mutants import run as mutants_run
    from stud8.spec import version
    from stud8.tools import hh_cmd, verify_cmd

    monkeypatch.setattr(executor, "default_jobs", lambda: 2)
    monkeypatch.setattr(version, "compiled_modules", lambda: ())  # a compiled install refuses mutants first
    asked: dict[str, Any] = {}

    def fake_verify(*args: Any, jobs: int, **kwargs: Any) -> dict[str, Any]:
        asked["verify-evaluator"] = jobs
        return {"disagreements": 0, "mismatches": []}

    def fake_verdicts(paths: Any, options: Any, jobs: int | None, dask: Any) -> list[Any]:
        asked["hh"] = jobs
        return []

    def fake_run(mutants: Any, *, jobs: int, **kwargs: Any) -> list[Any]:
        asked["mutants"] = jobs
        raise SystemExit(0)

    monkeypatch.setattr(verify_cmd, "verify", fake_verify)
    monkeypatch.setattr(verify_cmd, "text_lines", lambda report: [])
    monkeypatch.setattr(hh_cmd, "_verdicts", fake_verdicts)
    monkeypatch.setattr(mutants_run, "run_mutants", fake_run)
    main(["verify-evaluator", "--jobs", "256"])
    main(["hh", "audit", str(PS), "--jobs", "256"])
    with pytest.raises(SystemExit):
        main(["mutants", "--jobs", "256"])
    assert asked == {"verify-evaluator": 2, "hh": 2, "mutants": 2}


@pytest.mark.parametrize("command", [["hh", "synth", "--hands", "1"], ["verify-evaluator", "--cards", "5", "--sample", "5"],
                                     ["fuzz", "--engine", "reference", "--hands", "1"], ["bench", "--hands", "1"]])
def test_a_negative_seed_is_refused_by_every_command_that_takes_one(capsys: pytest.CaptureFixture[str],
                                                                     command: list[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main([*command, "--seed", "-5"])
    assert caught.value.code == 2
    assert "argument --seed: a seed is 0 or more, got -5" in capsys.readouterr().err

"""``stud8 conform`` as pytest users expect it: --lf from a user cache folder, usage errors in the
command's own words, the report's failure fields, the baseline's messages, the next step."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from stud8.conformance.suite.report import failure_message, shorten_value
from stud8.tools.cli import main
from stud8.tools.conform_cmd import cache_dir

DATA = Path(__file__).parent / "data"


@pytest.fixture
def suite(tmp_path: Path) -> Path:
    """Three passing hand cases and one that fails (testwrong-001)."""
    folder = tmp_path / "suite"
    folder.mkdir()
    shutil.copy(DATA / "valid" / "hands.yaml", folder / "hands.yaml")
    shutil.copy(DATA / "wrong" / "wrong.yaml", folder / "wrong.yaml")
    return folder


def conform(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> tuple[int, str, str]:
    code = main(["conform", "--no-builtin", *map(str, argv)])
    out, err = capsys.readouterr()
    return code, out, err


def ran(report: Path) -> list[str]:
    return [entry["id"] for entry in json.loads(report.read_text())["scenarios"]]


def test_last_failed_reruns_only_the_failed_scenarios(capsys: pytest.CaptureFixture[str], suite: Path,
                                                      tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    report = tmp_path / "r.json"
    code, _, _ = conform(capsys, "--scenarios", suite, "--report", report)
    assert code == 1
    assert sorted(ran(report)) == ["testhand-001", "testhand-002", "testhand-003", "testwrong-001"]
    [lastfailed] = (tmp_path / "cache" / "stud8" / "conform").glob("reference-*/v/cache/lastfailed")
    assert lastfailed.is_file()

    code, out, _ = conform(capsys, "--scenarios", suite, "--report", report, "--", "--lf")
    assert code == 1
    assert ran(report) == ["testwrong-001"]
    assert "run-last-failure: rerun previous 1 failure" in out


def test_each_engine_has_its_own_cache() -> None:
    assert cache_dir("reference") != cache_dir("cmd:./my-engine")
    assert cache_dir("reference", Path("/a")) != cache_dir("reference", Path("/b"))
    assert cache_dir("cmd:./my-engine").name.startswith("cmd-my-engine-")


def test_pytest_usage_errors_are_said_as_the_command(capsys: pytest.CaptureFixture[str], suite: Path) -> None:
    code, out, err = conform(capsys, "--scenarios", suite, "--", "--no-such-pytest-option")
    assert code == 2
    assert err.startswith("stud8 conform: ")
    assert "ERROR:" not in out + err
    assert "--no-such-pytest-option" in err


def test_an_engine_that_cannot_start_is_a_usage_error(capsys: pytest.CaptureFixture[str], suite: Path) -> None:
    code, out, err = conform(capsys, "--scenarios", suite, "--engine", "cmd:false")
    assert code == 2
    assert err.startswith("stud8 conform: engine 'cmd:false' cannot start:")
    assert "ERROR" not in out + err and "Traceback" not in out + err


def test_a_failure_keeps_field_expected_and_got_apart(capsys: pytest.CaptureFixture[str], suite: Path, tmp_path: Path) -> None:
    report = tmp_path / "r.json"
    _, out, _ = conform(capsys, "--scenarios", suite, "--report", report)
    [entry] = [e for e in json.loads(report.read_text())["scenarios"] if e["id"] == "testwrong-001"]
    assert entry["field"] == "high category"
    assert entry["expected"] == "pair"
    assert entry["got"] == "high card"
    assert entry["step"].startswith("evaluation (")
    assert entry["message"].endswith("high category: expected 'pair', got 'high card'")
    assert f"report written to {report}" in out
    passed = [e for e in json.loads(report.read_text())["scenarios"] if e["outcome"] == "pass"]
    assert all("field" not in e for e in passed)


def test_a_long_message_keeps_both_ends_of_both_values() -> None:
    expected = list(range(200))
    got = list(range(200, 400))
    message = failure_message("the outcome (f.yaml:9)", "pots", expected, got)
    assert "expected [0, 1, 2" in message and "198, 199]" in message
    assert "got [200, 201" in message and "398, 399]" in message
    assert len(message) < 320
    assert shorten_value("short") == "'short'"


def test_baseline_messages(capsys: pytest.CaptureFixture[str], suite: Path, tmp_path: Path) -> None:
    baseline = tmp_path / "baseline.txt"
    baseline.write_text("testwrong-001\ntesthand-002\nretired-001\n")
    report = tmp_path / "r.json"
    code, out, _ = conform(capsys, "--scenarios", suite, "--baseline", baseline, "--report", report)
    assert code == 1
    assert "XPASS" not in out
    assert "testhand-002: (test)" in out and "now passes: remove it from the baseline" in out
    assert (f"baseline {baseline}: 2 known failures applied (3 listed): 1 still fail, "
            "1 now pass: remove them from the baseline") in out
    [entry] = [e for e in json.loads(report.read_text())["scenarios"] if e["id"] == "testhand-002"]
    assert entry["message"] == "now passes: remove it from the baseline"


def test_a_passing_run_says_what_to_do_next(capsys: pytest.CaptureFixture[str], suite: Path) -> None:
    (suite / "wrong.yaml").unlink()
    code, out, _ = conform(capsys, "--scenarios", suite)
    assert code == 0
    assert out.splitlines()[-1].startswith("next: run the suite against your engine: stud8 conform --engine 'cmd:")
    assert "stud8 protocol" in out.splitlines()[-1]


KEEP_GOING = """\
scenarios:
  - id: keepgoing-001
    kind: replay
    title: (test) Two wrong checkpoints and a wrong outcome are all reported
    rules: [bring-in.lowest-upcard]
    description: Seat 2 brings in; the scenario claims wrong values on purpose.
    stakes: {ante: 5, bring_in: 10, small_bet: 20, big_bet: 40}
    stacks: [100, 100]
    deal:
      third: {p1: "Ah 4d Kc", p2: "7s 7c 3h"}
    actions:
      - expect: {to_act: p1, pot: 10}
      - p2 pb
      - expect: {to_act: p1, pot: 99}
      - p1 cbr 20
      - p2 f
    outcome:
      stacks: [100, 100]
"""


@pytest.mark.parametrize("keep_going", [False, True])
def test_keep_going_reports_every_difference(capsys: pytest.CaptureFixture[str], tmp_path: Path, keep_going: bool) -> None:
    import jsonschema

    from stud8.spec.rulebook import load_schema

    folder = tmp_path / "kg"
    folder.mkdir()
    (folder / "kg.yaml").write_text(KEEP_GOING)
    report = tmp_path / "r.json"
    code, out, _ = conform(capsys, "--scenarios", folder, "--report", report, *(["--keep-going"] if keep_going else []))
    assert code == 1
    document = json.loads(report.read_text())
    jsonschema.validate(document, load_schema("report.schema.json"))
    [entry] = document["scenarios"]
    assert (entry["field"], entry["expected"], entry["got"]) == ("to_act", "p1", "p2")
    if not keep_going:
        assert "differences" not in entry
        assert "pot:" not in out
        return
    assert [(d["field"], d["expected"], d["got"]) for d in entry["differences"]] == [
        ("to_act", "p1", "p2"), ("pot", 99, 20), ("stacks", [100, 100], [115, 85])]
    assert entry["message"].endswith("(and 2 more differences)")
    assert "    expected: 99\n    got:      20" in out and "    expected: [100, 100]\n    got:      [115, 85]" in out


@pytest.mark.parametrize("flag", [["--format", "json"], ["--json"]])
def test_format_json_prints_the_report_alone_on_stdout(capsys: pytest.CaptureFixture[str], suite: Path, flag: list[str]) -> None:
    code, out, err = conform(capsys, "--scenarios", suite, *flag)
    assert code == 1
    document = json.loads(out)
    assert document["totals"] == {**document["totals"], "scenarios": 4, "pass": 3, "fail": 1}
    assert "1 failed, 3 passed" in err
    assert "report written to" not in err  # a temporary file: its contents are on stdout


class _Terminal:
    """stderr as a terminal, keeping what was written."""

    def __init__(self) -> None:
        self.text = ""

    def write(self, text: str) -> int:
        self.text += text
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return True


def test_a_progress_bar_when_pytest_lines_go_elsewhere(capsys: pytest.CaptureFixture[str], suite: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("tqdm", reason="tqdm is not installed (pip install '.[progress]')")
    terminal = _Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    monkeypatch.delenv("STUD8_PROGRESS", raising=False)
    code = main(["conform", "--no-builtin", "--scenarios", str(suite)])  # stdout is captured: not a terminal
    assert code == 1
    assert "scenarios:" in terminal.text and "/4 [" in terminal.text
    assert "1 failed" in terminal.text  # failures counted as they come
    assert "scenarios:" not in capsys.readouterr().out


def test_no_progress_bar_when_stderr_is_not_a_terminal(capsys: pytest.CaptureFixture[str], suite: Path) -> None:
    conform(capsys, "--scenarios", suite)
    out, err = capsys.readouterr()
    assert "scenarios:" not in out + err


# --- issue 27: the cache folder by each system's documented rule ---------------------------------


@pytest.mark.parametrize(("platform", "environ", "expected"), [
    ("linux", {}, Path.home() / ".cache" / "stud8"),
    ("linux", {"XDG_CACHE_HOME": "/var/cache/me"}, Path("/var/cache/me/stud8")),
    ("linux", {"XDG_CACHE_HOME": "relative/cache"}, Path.home() / ".cache" / "stud8"),  # XDG: ignore a relative one
    ("darwin", {}, Path.home() / "Library" / "Caches" / "stud8"),
    ("darwin", {"XDG_CACHE_HOME": "/tmp/ci-cache"}, Path("/tmp/ci-cache/stud8")),
    ("win32", {"LOCALAPPDATA": "/Users/me/AppData/Local"}, Path("/Users/me/AppData/Local/stud8")),
    ("win32", {}, Path.home() / "AppData" / "Local" / "stud8"),
    ("freebsd13", {}, Path.home() / ".cache" / "stud8"),
])
def test_the_cache_folder_follows_each_systems_rule(platform: str, environ: dict[str, str], expected: Path) -> None:
    from stud8.tools.cachedir import user_cache_dir

    assert user_cache_dir(platform=platform, environ=environ) == expected


def test_conform_keeps_its_cache_in_that_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_dir("reference").parent == tmp_path / "xdg" / "stud8" / "conform"

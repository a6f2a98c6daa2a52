"""Hostile streams, engines, arguments and output paths: regression tests of issue 12's defects
(numbered as there) for ``serve``, ``conform``, the engine specs and the output files."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stud8.conformance.engines.api import EngineError
from stud8.conformance.engines.spec import EngineSpecError, make_engine
from stud8.conformance.suite.report import Report, load_baseline, write_report
from stud8.reference.errors import Stud8Error
from stud8.spec.limits import MAX_NESTING
from stud8.spec.outputs import check_output_file, write_files_atomic, write_text_atomic
from stud8.tools.cli import main

DATA = Path(__file__).parent / "data"
ENGINES = Path(__file__).parent / "hostile" / "engines"
DECK = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
STAKES = {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10}


def serve(lines: list[str]) -> tuple[int, list[dict[str, Any]], str]:
    """Run ``stud8 serve`` on ``lines``; its exit status, responses and stderr."""
    done = subprocess.run([sys.executable, "-m", "stud8.tools.cli", "serve"], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, timeout=120, check=False)
    return done.returncode, [json.loads(line) for line in done.stdout.splitlines()], done.stderr


def start(**changes: Any) -> str:
    message = {"id": 2, "type": "start", "stacks": [100, 100], "stakes": dict(STAKES), "deck": DECK,
               "profile": None, "options": {}, **changes}
    return json.dumps(message)


# --- 3, 4, 5: serve survives any single bad line -----------------------------------------------


def test_3_4_5_serve_answers_every_bad_line_and_keeps_serving() -> None:
    big = "9" * 4299  # just under Python's 4,300-digit limit: parsed, then refused by the engine
    lines = [
        json.dumps({"id": 1, "type": "hello", "protocol": 1}),
        "[" * 100_000 + "]" * 100_000,                                           # 3: deep nesting
        '{"id": 2, "type": "hello", "protocol": 1, "x": ' + "[" * 200 + "]" * 200 + "}",
        start().replace('"stacks": [100, 100]', f'"stacks": [{big}, 100]'),        # 4: huge stack
        start().replace('"ante": 1', f'"ante": {big}'),                          # 4: huge ante
        json.dumps({"id": 5, "type": "observe"}),
        start(id=6),
        json.dumps({"id": 7, "type": "act", "action": "p5 cbr " + "9" * 5000}),  # 5
        '{"id": ' + "9" * 5000 + ', "type": "stop"}',                           # not JSON Python reads
        json.dumps({"id": 8, "type": "observe"}),
        json.dumps({"id": 9, "type": "stop"}),
    ]
    code, answers, err = serve(lines)
    assert code == 0 and "Traceback" not in err
    assert [a["type"] for a in answers] == ["hello", "error", "error", "refused", "refused", "error", "ok",
                                            "refused", "error", "observation", "bye"]
    assert answers[1]["message"] == f"bad request: nesting deeper than {MAX_NESTING} levels"
    assert (answers[3]["code"], answers[4]["code"]) == ("bad-config", "bad-config")
    assert "more than the largest amount" in answers[3]["message"]
    assert answers[7]["code"] == "malformed-action" and len(answers[7]["message"]) < 300


def test_3_serve_survives_an_answer_that_cannot_be_encoded(monkeypatch: pytest.MonkeyPatch) -> None:
    from stud8.tools.serve_cmd import Server

    server = Server()
    monkeypatch.setattr(server.engine, "evaluate", lambda cards: {"high": {"value": float("nan")}, "low": None})
    answer = server.answer_line(json.dumps({"id": 3, "type": "evaluate", "cards": DECK[:5]}).encode())
    assert answer["type"] == "error" and answer["id"] == 3
    assert "cannot be encoded" in answer["message"]


def test_3_a_cmd_engine_answering_deep_json_is_an_engine_error(capsys: pytest.CaptureFixture[str]) -> None:
    engine = make_engine(f"cmd:{sys.executable} {ENGINES / 'h12_deep_json.py'}")
    try:
        engine.handshake()
        with pytest.raises(EngineError) as caught:
            engine.evaluate(DECK[:5])
        assert f"nesting deeper than {MAX_NESTING} levels" in caught.value.message
    finally:
        engine.close()


# --- 8. timeouts that are not numbers of seconds -------------------------------------------


@pytest.mark.parametrize("value", ["inf", "nan", "1e308", "-1", "0"])
def test_8_conform_refuses_a_bad_timeout_before_running(capsys: pytest.CaptureFixture[str], value: str) -> None:
    code = main(["conform", "--timeout", value])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.startswith("stud8 conform: --timeout must be") and len(err.splitlines()) == 1


@pytest.mark.parametrize("flag", ["--timeout", "--shrink-seconds"])
@pytest.mark.parametrize("value", ["inf", "nan", "1e308", "-1"])
def test_8_fuzz_refuses_bad_seconds_before_running(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                   flag: str, value: str) -> None:
    code = main(["fuzz", "--engine", "reference", "--hands", "1", "--out", str(tmp_path / "f"), flag, value])
    _, err = capsys.readouterr()
    assert code == 2 and err.startswith(f"stud8 fuzz: {flag} must be"), err
    assert not (tmp_path / "f").exists()


# --- 9, 10: report paths -------------------------------------------------------------------


@pytest.mark.parametrize("target", ["/proc/stud8-report.json", "/dev/full", "/dev/null"])
def test_9_conform_checks_the_report_path_before_the_run(capsys: pytest.CaptureFixture[str], target: str) -> None:
    if not Path(target).parent.exists():
        pytest.skip(f"{Path(target).parent} does not exist here")
    before = os.stat(target) if os.path.exists(target) else None
    code = main(["conform", "--report", target])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.startswith(f"stud8 conform: --report {target}: ")
    if before is not None:
        after = os.stat(target)
        assert (after.st_mode, after.st_ino, after.st_rdev) == (before.st_mode, before.st_ino, before.st_rdev)


def test_9_a_fifo_is_never_replaced(tmp_path: Path) -> None:
    fifo = tmp_path / "r.json"
    os.mkfifo(fifo)
    with pytest.raises(Stud8Error) as caught:
        write_text_atomic(fifo, "{}", "--report")
    assert "not a regular file" in caught.value.message
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_9_a_symlink_to_a_report_is_followed_and_kept(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    write_text_atomic(link, "new", "--report")
    assert link.is_symlink() and real.read_text(encoding="utf-8") == "new"


def test_10_reports_follow_the_umask_and_keep_an_existing_mode(tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        path = tmp_path / "new.json"
        write_report(Report(), path)
        assert stat.S_IMODE(path.stat().st_mode) == 0o640
        existing = tmp_path / "existing.json"
        existing.write_text("{}", encoding="utf-8")
        existing.chmod(0o604)
        write_report(Report(), existing)
        assert stat.S_IMODE(existing.stat().st_mode) == 0o604
    finally:
        os.umask(old)
    assert json.loads((tmp_path / "new.json").read_text(encoding="utf-8"))["format"] >= 1


# --- 11, 12: python engines that misbehave -------------------------------------------------------


@pytest.fixture
def engines_on_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(ENGINES))


@pytest.mark.parametrize(("factory", "message"), [
    ("observe_none", "observe() returned None, expected an object (protocol: observation)"),
    ("observe_not_json", "observe() returned a value that is not JSON"),
    ("observe_wrong_shape", "observe() returned an object of the wrong shape: "),
])
def test_11_a_wrong_observation_is_one_engine_error(engines_on_path: None, factory: str, message: str) -> None:
    engine = make_engine(f"python:h12_python_engines:{factory}")
    engine.start(stacks=[100, 100], stakes=STAKES, deck=DECK, profile=None, options={})
    with pytest.raises(EngineError) as caught:
        engine.observe()
    assert message in caught.value.message and "\n" not in caught.value.message


def test_11_evaluate_returning_a_list_is_one_engine_error(engines_on_path: None) -> None:
    engine = make_engine("python:h12_python_engines:evaluate_list")
    with pytest.raises(EngineError) as caught:
        engine.evaluate(DECK[:5])
    assert caught.value.message.startswith("evaluate() returned a list (['high', 'low']), expected an object (protocol: evaluation)")


def test_11_conform_reports_each_scenario_in_a_few_lines(capsys: pytest.CaptureFixture[str], engines_on_path: None) -> None:
    code = main(["conform", "--engine", "python:h12_python_engines:observe_none", "--no-builtin",
                 "--scenarios", str(DATA / "replay")])
    out, _ = capsys.readouterr()
    assert code == 1
    assert "engine error: observe() returned None, expected an object (protocol: observation)" in out
    assert "Traceback" not in out and len(out.splitlines()) < 60


def test_12_a_module_that_exits_on_import_is_a_load_error(engines_on_path: None) -> None:
    with pytest.raises(EngineSpecError) as caught:
        make_engine("python:h12_exits_on_import:make")
    assert "importing 'h12_exits_on_import' failed: SystemExit" in caught.value.message


@pytest.mark.parametrize("command", [["fuzz", "--hands", "3"], ["conform"]])
def test_12_commands_exit_2_for_an_engine_that_exits_on_import(capsys: pytest.CaptureFixture[str], engines_on_path: None,
                                                               tmp_path: Path, command: list[str]) -> None:
    extra = ["--out", str(tmp_path / "f")] if command[0] == "fuzz" else []
    code = main([*command, "--engine", "python:h12_exits_on_import:make", *extra])
    out, err = capsys.readouterr()
    assert code == 2, (out, err)
    assert "SystemExit" in out + err and "INTERNALERROR" not in out + err


# --- 16. baselines -------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "why"), [
    ("scenarios:\n  - id: x\n", "not a scenario id"),
    ("any old text here\n", "not a scenario id"),
    ('{"format": 1, "scenarios": "no"}', "not a stud8 report"),
    ('{"scenarios": [' * 1000, "not a stud8 report"),
])
def test_16_a_baseline_that_is_not_one_is_refused(tmp_path: Path, text: str, why: str) -> None:
    path = tmp_path / "baseline.txt"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(Stud8Error) as caught:
        load_baseline(path)
    assert why in caught.value.message and caught.value.code == "usage"


def test_16_a_fifo_baseline_is_not_read(tmp_path: Path) -> None:
    fifo = tmp_path / "baseline"
    os.mkfifo(fifo)
    with pytest.raises(Stud8Error) as caught:
        load_baseline(fifo)
    assert "not a regular file" in caught.value.message


def test_16_unknown_baseline_ids_are_warned_about(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    baseline = tmp_path / "known.txt"
    baseline.write_text("# known failures\nnosuch-999\n", encoding="utf-8")
    code = main(["conform", "--no-builtin", "--scenarios", str(DATA / "valid"), "--baseline", str(baseline)])
    out, _ = capsys.readouterr()
    assert code == 0
    assert "warning: the baseline names 1 scenario id(s) not in this run: nosuch-999" in out


# --- 21. several outputs: all or nothing ------------------------------------------------------


def test_21_outputs_are_replaced_together_or_not_at_all(tmp_path: Path) -> None:
    (tmp_path / "rules.md").write_text("old rules", encoding="utf-8")
    (tmp_path / "index.html").mkdir()  # cannot be replaced by a file
    with pytest.raises(Stud8Error):
        write_files_atomic({tmp_path / "rules.md": "new rules", tmp_path / "index.html": "<html>"}, "--out")
    assert (tmp_path / "rules.md").read_text(encoding="utf-8") == "old rules"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["index.html", "rules.md"]  # no temporary left


def test_21_docs_writes_nothing_when_one_output_cannot_be_written(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "rules.md").write_text("old rules", encoding="utf-8")
    (tmp_path / "index.html").mkdir()
    code = main(["docs", "--out", str(tmp_path)])
    _, err = capsys.readouterr()
    assert code == 2 and "index.html" in err
    assert (tmp_path / "rules.md").read_text(encoding="utf-8") == "old rules"


def test_output_checks_refuse_missing_folders_and_folders(tmp_path: Path) -> None:
    with pytest.raises(Stud8Error, match="no such folder"):
        check_output_file(tmp_path / "missing" / "r.json", "--report")
    with pytest.raises(Stud8Error, match="is a folder"):
        check_output_file(tmp_path, "--report")
    check_output_file(tmp_path / "new.json", "--report")
    assert list(tmp_path.iterdir()) == []  # the probe file is gone


# --- 22. test ids name real files --------------------------------------------------------------


def test_22_external_scenarios_are_shown_under_their_real_path(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "house"
    folder.mkdir()
    (folder / "hands.yaml").write_text((DATA / "valid" / "hands.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code = main(["conform", "--no-builtin", "--scenarios", "house", "--", "--collect-only", "-q"])
    out, _ = capsys.readouterr()
    ids = [line for line in out.splitlines() if "::" in line]
    assert code == 0 and ids and all(line.startswith("house/hands.yaml::") for line in ids), out
    # pasted back from the current folder, the id runs the one scenario
    code = main(["conform", "--no-builtin", "--scenarios", "house", "--", ids[0]])
    out, _ = capsys.readouterr()
    assert code == 0 and "1 passed" in out


# --- 13, 14: fuzz checks its output folder first and starts workers sensibly -----------------


@pytest.mark.parametrize("kind", ["file", "under-a-file", "proc"])
def test_13_fuzz_checks_out_before_any_hand(capsys: pytest.CaptureFixture[str], tmp_path: Path, kind: str) -> None:
    existing = tmp_path / "existing"
    existing.write_text("keep me", encoding="utf-8")
    out = {"file": existing, "under-a-file": existing / "sub", "proc": Path("/proc/stud8-findings")}[kind]
    if kind == "proc" and not Path("/proc").is_dir():
        pytest.skip("no /proc here")
    code = main(["fuzz", "--engine", "reference", "--hands", "100000", "--out", str(out)])
    stdout, err = capsys.readouterr()
    assert code == 2 and stdout == "" and err.startswith(f"stud8 fuzz: --out {out}: ")
    assert existing.read_text(encoding="utf-8") == "keep me"


def test_14_workers_never_outnumber_the_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    from stud8.tools import fuzz_cmd

    monkeypatch.setattr(fuzz_cmd, "default_jobs", lambda: 2)
    assert fuzz_cmd.worker_count(1000, 300, dask=False) == 2
    assert fuzz_cmd.worker_count(1000, 300, dask=True) == 300  # a cluster's workers are its own
    assert fuzz_cmd.worker_count(8, 1, dask=False) == 1


def test_14_absurd_job_counts_are_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code = main(["fuzz", "--engine", "reference", "--hands", "300", "--jobs", "100000", "--out", str(tmp_path / "f")])
    _, err = capsys.readouterr()
    assert code == 2 and "--jobs must be at most" in err


# --- 23. one convention: the same value means the same in every command ------------------------


@pytest.mark.parametrize("command", [["bench", "--hands", "1"], ["fuzz", "--engine", "reference", "--hands", "1"]])
def test_23_a_negative_seed_is_refused_by_every_command(capsys: pytest.CaptureFixture[str], command: list[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main([*command, "--seed", "-5"])
    _, err = capsys.readouterr()
    assert caught.value.code == 2 and "argument --seed: a seed is 0 or more, got -5" in err


@pytest.mark.parametrize("command", [["conform"], ["coverage"], ["docs", "--out", "never-written"]])
def test_23_scenarios_given_a_file_says_so(capsys: pytest.CaptureFixture[str], command: list[str]) -> None:
    path = DATA / "valid" / "hands.yaml"
    assert main([*command, "--scenarios", str(path)]) == 2
    _, err = capsys.readouterr()
    assert err == f"stud8 {command[0]}: --scenarios {path}: is a file, not a folder of scenario files\n"
    assert not Path("never-written").exists()


@pytest.mark.parametrize(("program", "why"), [
    ("/etc/passwd", "'/etc/passwd' is not executable"),
    ("/", "'/' is a folder, not a program"),
    ("/no/such/engine", "command not found: '/no/such/engine' (no such file)"),
])
def test_23_cmd_engines_say_what_the_path_is(program: str, why: str) -> None:
    if not Path(program).exists() and program != "/no/such/engine":
        pytest.skip(f"{program} does not exist here")
    with pytest.raises(EngineSpecError) as caught:
        make_engine(f"cmd:{program}")
    assert why in caught.value.message


@pytest.mark.parametrize("argv", [["phh", "replay", "missing.phh"], ["validate", "missing.yaml"],
                                  ["phh", "export", "missing.yaml"], ["coverage", "--scenarios", "missing"],
                                  ["conform", "--scenarios", "missing"], ["docs", "--out", "x", "--scenarios", "missing"]])
def test_23_a_missing_input_path_exits_2_everywhere(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert "missing" in err and "Traceback" not in out + err


# --- beyond the 24: links planted in an output folder, a report lost at the end ------------------


def test_a_link_in_an_output_folder_leading_outside_is_refused_not_replaced(tmp_path: Path) -> None:
    # Issue 22 made this stricter than round 1 (which replaced the link): a link is never
    # replaced; one leading out of the output folder is refused, and the file it names kept.
    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    out = tmp_path / "book"
    out.mkdir()
    (out / "rules.md").symlink_to(victim)
    with pytest.raises(Stud8Error, match="is a link leading outside"):
        write_files_atomic({out / "rules.md": "the rules"}, "--out", inside=out)
    assert victim.read_text(encoding="utf-8") == "precious"
    assert (out / "rules.md").is_symlink() and os.readlink(out / "rules.md") == str(victim)


def test_a_linked_subfolder_cannot_send_writes_outside(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    out = tmp_path / "book"
    out.mkdir()
    (out / "catalogue").symlink_to(elsewhere)
    with pytest.raises(Stud8Error, match="outside"):
        write_files_atomic({out / "rules.md": "r", out / "catalogue" / "README.md": "c"}, "--out", inside=out)
    assert list(elsewhere.iterdir()) == [] and not (out / "rules.md").exists()


def test_a_report_that_cannot_be_written_at_the_end_is_said_and_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from stud8.conformance.suite import plugin

    def full_disk(report: Report, path: Path) -> None:
        raise Stud8Error(f"--report {path}: cannot write: No space left on device", "usage")

    monkeypatch.setattr(plugin, "write_report", full_disk)
    code = main(["conform", "--no-builtin", "--scenarios", str(DATA / "valid"), "--report", str(tmp_path / "r.json")])
    out, err = capsys.readouterr()
    assert code == 2 and "INTERNALERROR" not in out + err
    assert "stud8 conform: the report was not written: --report" in err


@pytest.mark.parametrize(("value", "why"), [("[" * 5000 + "]" * 5000, f"raise_cap: nesting deeper than {MAX_NESTING}"),
                                            ("9" * 5000, "raise_cap: a number of 5000 digits")])
def test_fuzz_option_values_are_read_within_the_limits(capsys: pytest.CaptureFixture[str], value: str, why: str) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["fuzz", "--engine", "reference", "--hands", "1", "--option", f"raise_cap={value}"])
    _, err = capsys.readouterr()
    assert caught.value.code == 2 and f"argument --option: {why}" in err and len(err) < 1000


def test_a_link_loop_in_a_scenario_folder_collects_each_file_once(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "up").symlink_to("..")
    (tmp_path / "hands.yaml").write_text((DATA / "valid" / "hands.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    code = main(["conform", "--no-builtin", "--scenarios", str(tmp_path)])
    out, _ = capsys.readouterr()
    assert code == 0 and "3 passed" in out


# --- serve: any single line, an answer -------------------------------------------------------------

_JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
                     lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
                     max_leaves=30)
_REQUEST = st.fixed_dictionaries({"id": st.integers(min_value=0) | st.none() | st.text(max_size=3),
                                  "type": st.sampled_from(["hello", "evaluate", "start", "act", "observe", "stop", "x"])},
                                 optional={"cards": _JSON | st.lists(st.text(max_size=3), min_size=5, max_size=7),
                                           "stacks": _JSON | st.lists(st.integers(), min_size=2, max_size=8), "stakes": _JSON, "deck": _JSON,
                                           "profile": _JSON, "options": _JSON, "protocol": _JSON,
                                           "action": _JSON | st.text(max_size=12)})


@pytest.fixture(scope="module")
def server() -> Any:
    from stud8.tools.serve_cmd import Server

    return Server()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(line=st.binary(max_size=200) | _REQUEST.map(lambda r: json.dumps(r).encode()) | _JSON.map(lambda v: json.dumps(v).encode()))
def test_serve_answers_any_single_line_with_one_encodable_answer(server: Any, line: bytes) -> None:
    from stud8.conformance.engines.protocol import RESPONSE_TYPES, encode

    answer = server.answer_line(line)
    assert answer["type"] in RESPONSE_TYPES
    assert encode(answer).count(b"\n") == 1
    if answer["type"] == "error":
        assert not answer["message"].startswith("internal error"), answer["message"]


def test_21_a_replace_that_fails_midway_puts_back_what_was_replaced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from stud8.spec import outputs

    first, second = tmp_path / "a.md", tmp_path / "b.html"
    first.write_text("old a", encoding="utf-8")
    first.chmod(0o640)
    second.write_text("old b", encoding="utf-8")
    real_replace = os.replace

    def failing(source: str, target: Any) -> None:
        if Path(target) == second and str(source).endswith(".tmp"):
            raise OSError(28, "No space left on device", str(target))
        real_replace(source, target)

    monkeypatch.setattr(outputs.os, "replace", failing)
    with pytest.raises(Stud8Error, match="No space left on device"):
        write_files_atomic({first: "new a", second: "new b"}, "--out")
    assert (first.read_text(encoding="utf-8"), second.read_text(encoding="utf-8")) == ("old a", "old b")
    assert stat.S_IMODE(first.stat().st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.md", "b.html"]


@pytest.mark.parametrize("card", ["Xx", "Asx", "A" * 100_000, ""])
def test_serve_refuses_a_card_that_does_not_parse_with_bad_card(server: Any, card: str) -> None:
    answer = server.answer_line(json.dumps({"id": 1, "type": "evaluate", "cards": [card, "As", "Kd", "Qh", "Jc"]}).encode())
    assert (answer["type"], answer["code"]) == ("refused", "bad-card")
    assert len(answer["message"]) < 300


def test_a_python_handshake_that_is_not_json_is_an_engine_error_before_the_run(
        capsys: pytest.CaptureFixture[str], engines_on_path: None, tmp_path: Path) -> None:
    report = tmp_path / "r.json"
    code = main(["conform", "--engine", "python:h12_python_engines:odd_handshake", "--no-builtin",
                 "--scenarios", str(DATA / "valid"), "--report", str(report)])
    out, err = capsys.readouterr()
    assert code == 2 and "Traceback" not in out + err
    assert "handshake() returned a value that is not JSON (Object of type set is not JSON serializable) (protocol: hello)" in err
    assert not report.exists()


@pytest.mark.parametrize(("option", "value", "why"), [("--stud8-report", "/dev/full", "is not a regular file"),
                                                      ("--stud8-timeout", "nan", "must be a finite number of seconds")])
def test_the_plugin_checks_its_own_options_too(capsys: pytest.CaptureFixture[str], option: str, value: str, why: str) -> None:
    # pytest users reach the plugin without stud8 conform's checks: the plugin makes the same ones.
    if not Path(value).exists() and value.startswith("/dev"):
        pytest.skip(f"no {value} here")
    code = main(["conform", "--no-builtin", "--scenarios", str(DATA / "valid"), "--", option, value])
    out, err = capsys.readouterr()
    assert code == 2 and why in out + err and "Traceback" not in out + err

"""Engines that carry state between hands: ``--order`` (the order scenarios run in) and the
fresh-engine recheck of a failure (conformance/suite/order.py, freshcheck.py).

The leaky engines (tests/engines/leaky_engines.py, leaky_server.py) each play any scenario right
as their first hand; in a run, the hands before a scenario make it fail. Each run here plays
eleven odd-chip scenarios (two files of the packaged suite, copied), whose options, profiles,
stakes and table sizes differ from one to the next.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from stud8.conformance.suite import plugin, report
from stud8.conformance.suite.freshcheck import NOT_RECHECKED, UNDECIDED, Rechecker
from stud8.conformance.suite.order import Order, ordered, parse_order
from stud8.conformance.suite.scenarios import packaged_scenarios_dir
from stud8.spec.errors import Stud8Error
from stud8.spec.rulebook import load_schema
from stud8.tools.cli import main

pytest_plugins = ["pytester"]

HERE = Path(__file__).resolve().parent
ENGINES = HERE / "engines"
DATA = HERE / "data"
FILES = ("card-order.yaml", "three-way-high-tie.yaml")
FRESH = "passes on a fresh engine: the engine carries state from an earlier hand"
LEAKY = {
    "first-options": "python:leaky_engines:first_options",
    "shared-seats": "python:leaky_engines:shared_seats",
    "cached-legal": "python:leaky_engines:cached_legal",
    "subprocess": f"cmd:{json.dumps([sys.executable, str(ENGINES / 'leaky_server.py')])}",
}


@pytest.fixture
def suite(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Eleven odd-chip scenarios; the leaky engines importable."""
    monkeypatch.syspath_prepend(str(ENGINES))
    folder = tmp_path / "suite"
    folder.mkdir()
    for name in FILES:
        shutil.copy(packaged_scenarios_dir() / "odd-chip" / name, folder / name)
    return folder


def conform(capsys: pytest.CaptureFixture[str], suite: Path, *argv: str) -> tuple[int, str, str, dict[str, Any]]:
    """``stud8 conform`` over ``suite`` alone: the exit code, stdout, stderr and the report."""
    path = suite.parent / "report.json"
    path.unlink(missing_ok=True)
    code = main(["conform", "--no-builtin", "--scenarios", str(suite), "--report", str(path), *argv])
    out, err = capsys.readouterr()
    document = json.loads(path.read_text()) if path.is_file() else {}
    if document:
        jsonschema.validate(document, load_schema("report.schema.json"))
    return code, out, err, document


def run_order(document: dict[str, Any]) -> list[str]:
    return [entry["id"] for entry in document["scenarios"]]


def leaks(document: dict[str, Any]) -> list[dict[str, Any]]:
    return [entry for entry in document["scenarios"] if entry.get("fresh_engine", {}).get("result") == "passes"]


# --- the order ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "order"), [("file", Order("file")), ("reverse", Order("reverse")),
                                             ("random", Order("random")), ("random:0", Order("random", 0)),
                                             ("random:123456", Order("random", 123456))])
def test_the_orders_read(text: str, order: Order) -> None:
    assert parse_order(text, "--order") == order
    assert parse_order(order.spec, "--order") == order


@pytest.mark.parametrize("text", ["random:x", "sideways", "random:", "random:-1", "Random", "reverse:3", "random:1.5",
                                  "random:" + "9" * 20, ""])
def test_an_order_that_cannot_be_read_is_refused_naming_the_option(text: str) -> None:
    with pytest.raises(Stud8Error) as raised:
        parse_order(text, "--order")
    assert raised.value.code == "usage"
    assert raised.value.message.startswith("--order must be file, reverse, random or random:SEED")
    assert raised.value.message.endswith(f"got {text!r}")


def test_a_random_order_is_a_function_of_the_seed_and_the_ids() -> None:
    ids = [f"s-{n:03}" for n in range(40)]
    first = ordered(ids, Order("random", 1), lambda name: name)
    assert first == ordered(list(ids), Order("random", 1), lambda name: name)  # the same seed: the same order
    assert first != ordered(ids, Order("random", 2), lambda name: name)  # another seed: another order
    assert sorted(first) == ids and first != ids
    # any selection keeps the relative order: a leak between two scenarios shows again in a rerun of both
    chosen = ids[::7]
    assert ordered(chosen, Order("random", 1), lambda name: name) == [name for name in first if name in chosen]


def test_only_scenarios_move() -> None:
    items = ["a", "test_x", "b", "c", "test_y", "d"]

    def name(item: str) -> str | None:
        return None if item.startswith("test_") else item

    assert ordered(items, Order("reverse"), name) == ["d", "test_x", "c", "b", "test_y", "a"]
    shuffled = ordered(items, Order("random", 5), name)
    assert shuffled[1] == "test_x" and shuffled[4] == "test_y" and sorted(shuffled) == sorted(items)
    assert ordered(items, Order("file"), name) == items


def test_reverse_and_random_orders_are_what_is_collected(pytester: pytest.Pytester) -> None:
    folder = pytester.path / "scen"
    folder.mkdir()
    for name in FILES:
        shutil.copy(packaged_scenarios_dir() / "odd-chip" / name, folder / name)

    def collected(*args: str) -> list[str]:
        result = pytester.runpytest("-p", "no:cacheprovider", "--stud8-scenarios", "scen", "--collect-only", "-q", *args)
        return [line.split("::")[1] for line in result.outlines if "::" in line]

    files = collected()
    assert len(files) == 11 and files[0] == "odd-chip-011"
    assert collected("--stud8-order", "reverse") == files[::-1]
    one = collected("--stud8-order", "random:1")
    assert one == collected("--stud8-order", "random:1") and sorted(one) == sorted(files)
    assert one not in (files, collected("--stud8-order", "random:2"))


def test_a_random_order_without_a_seed_is_said_kept_and_replayed(capsys: pytest.CaptureFixture[str], suite: Path) -> None:
    code, out, _, document = conform(capsys, suite, "--order", "random")
    assert code == 0
    spec = document["run"]["order"]
    seed = re.fullmatch(r"random:(\d+)", spec)
    assert seed, spec
    assert f"stud8: scenarios in random order, seed {seed.group(1)} (the same order again: --order {spec})" in out
    first = run_order(document)
    code, _, _, again = conform(capsys, suite, "--order", spec)
    assert code == 0 and run_order(again) == first and again["run"]["order"] == spec


def test_the_files_order_is_not_written_into_the_report(capsys: pytest.CaptureFixture[str], suite: Path) -> None:
    code, out, _, document = conform(capsys, suite)
    assert code == 0 and "order" not in document["run"] and "scenarios in" not in out
    code, _, _, reverse = conform(capsys, suite, "--order", "reverse")
    assert code == 0 and reverse["run"]["order"] == "reverse" and run_order(reverse) == run_order(document)[::-1]


@pytest.mark.parametrize("value", ["random:x", "sideways"])
def test_a_bad_order_is_a_usage_error(capsys: pytest.CaptureFixture[str], suite: Path, value: str) -> None:
    code, out, err, document = conform(capsys, suite, "--order", value)
    assert (code, out, document) == (2, "", {})
    assert err == (f"stud8 conform: --order must be file, reverse, random or random:SEED (SEED a whole number of at "
                   f"most 19 digits), got {value!r}\n")


def test_a_bad_order_given_to_pytest_is_a_usage_error(pytester: pytest.Pytester) -> None:
    (pytester.path / "scen").mkdir()
    result = pytester.runpytest("-p", "no:cacheprovider", "--stud8-scenarios", "scen", "--stud8-order", "random:x")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--stud8-order must be file, reverse, random or random:SEED*got 'random:x'"])
    pytester.makeini("[pytest]\nstud8_order = sideways\n")
    result = pytester.runpytest("-p", "no:cacheprovider", "--stud8-scenarios", "scen")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*stud8_order must be file, reverse, random or random:SEED*got 'sideways'"])


def test_the_settings_file_gives_the_order(capsys: pytest.CaptureFixture[str], suite: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(suite.parent)
    (suite.parent / "stud8.toml").write_text('order = "reverse"\n')
    code, _, err, document = conform(capsys, suite)
    assert code == 0 and document["run"]["order"] == "reverse"
    assert err.startswith("stud8 conform: settings from ") and err.endswith("stud8.toml: order\n")
    code, _, _, document = conform(capsys, suite, "--order", "file")  # the flag wins
    assert code == 0 and "order" not in document["run"]
    (suite.parent / "stud8.toml").write_text('order = "sideways"\n')
    code, out, err, _ = conform(capsys, suite)
    assert code == 2 and out == ""
    assert re.fullmatch(r"stud8 conform: \S*stud8\.toml: order must be file, reverse, random or random:SEED .*, "
                        r"got 'sideways'\n", err), err


def test_parallel_workers_play_one_order_whose_seed_the_controller_chose(suite: Path, tmp_path: Path) -> None:
    """Each xdist worker collects for itself and xdist refuses workers that disagree: a seed
    chosen by each worker would stop the run ("Different tests were collected")."""
    pytest.importorskip("xdist", reason="pytest-xdist is not installed")
    path = tmp_path / "report.json"
    done = subprocess.run([sys.executable, "-m", "pytest", "-n", "2", "-p", "no:cacheprovider", "-q", str(suite),
                           "--stud8-scenarios", str(suite), "--stud8-order", "random", "--stud8-report", str(path)],
                          cwd=tmp_path, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "11 passed" in done.stdout
    order = json.loads(path.read_text())["run"]["order"]
    assert re.fullmatch(r"random:\d+", order) and f"--stud8-order {order})" in done.stdout


# --- the reference engine: any order, and no claim ------------------------------------------------


@pytest.mark.parametrize("order", ["random:1", "reverse"])
def test_the_reference_engine_passes_in_any_order(capsys: pytest.CaptureFixture[str], suite: Path, order: str) -> None:
    shutil.copy(packaged_scenarios_dir() / "pots" / "side-pots.yaml", suite / "side-pots.yaml")
    code, out, _, document = conform(capsys, suite, "--order", order)
    assert code == 0, out
    assert {entry["outcome"] for entry in document["scenarios"]} == {"pass"} and len(document["scenarios"]) > 11
    assert "fresh engine" not in out and not any("fresh_engine" in entry for entry in document["scenarios"])


def test_a_wrong_scenario_fails_on_a_fresh_reference_engine_too(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The recheck ran (the failure followed another scenario) and found the scenario wrong on a
    fresh engine too: nothing is claimed about state."""
    folder = tmp_path / "suite"
    folder.mkdir()
    shutil.copy(DATA / "valid" / "hands.yaml", folder / "a-hands.yaml")
    shutil.copy(DATA / "wrong" / "wrong.yaml", folder / "b-wrong.yaml")
    code, out, _, document = conform(capsys, folder)
    assert code == 1 and "fresh engine" not in out
    [failed] = [entry for entry in document["scenarios"] if entry["outcome"] == "fail"]
    assert failed["fresh_engine"] == {"result": "fails", "previous": "testhand-003"}
    assert [cause["rule"] for cause in document["root_causes"]] == ["hands.categories"]


# --- the leaky engines ----------------------------------------------------------------------------


@pytest.mark.parametrize("kind", sorted(LEAKY))
def test_a_leaky_engine_fails_and_is_told_it_carries_state(capsys: pytest.CaptureFixture[str], suite: Path,
                                                            kind: str) -> None:
    code, out, _, document = conform(capsys, suite, "--engine", LEAKY[kind])
    assert code == 1
    found = leaks(document)
    assert found, [entry.get("fresh_engine") for entry in document["scenarios"]]
    ids = run_order(document)
    for entry in found:  # the scenario named is the one the engine played just before
        assert entry["fresh_engine"]["previous"] == ids[ids.index(entry["id"]) - 1]
        assert FRESH in entry["message"]
    first = found[0]
    assert f"  {FRESH} (the scenario before it on this engine was {first['fresh_engine']['previous']})" in out
    causes = {cause["rule"]: cause["scenarios"] for cause in document["root_causes"]}
    assert causes["(state carried between hands)"] == [entry["id"] for entry in found]
    assert re.search(r"^\(state carried between hands\) +\d+  \S+ passes on a fresh engine \(on this engine it followed ",
                     out, re.MULTILINE)
    assert re.search(r"^this engine carries state between hands: \d+ failures? passed on a fresh engine[;,] ", out,
                     re.MULTILINE)
    assert out.rstrip().splitlines()[-1].startswith(
        f"next: make the engine's start begin from nothing (it keeps something from one hand to the next: {first['id']} "
        "passes on a fresh engine); stud8 conform --engine ")


def test_another_order_moves_the_failures_of_a_leaky_engine(capsys: pytest.CaptureFixture[str], suite: Path) -> None:
    _, _, _, files = conform(capsys, suite, "--engine", LEAKY["first-options"])
    _, _, _, reverse = conform(capsys, suite, "--engine", LEAKY["first-options"], "--order", "reverse")
    failing = {entry["id"] for entry in files["scenarios"] if entry["outcome"] == "fail"}
    assert failing and failing != {entry["id"] for entry in reverse["scenarios"] if entry["outcome"] == "fail"}
    assert leaks(reverse)


def test_state_shared_by_every_engine_object_is_not_blamed_on_the_hands(capsys: pytest.CaptureFixture[str],
                                                                        suite: Path) -> None:
    """A class attribute outlives the engine object: the fresh engine inherits it, fails too, and
    the recheck claims nothing it cannot show."""
    import leaky_engines

    leaky_engines._ClassSharedOptions.settings.clear()
    try:
        code, out, _, document = conform(capsys, suite, "--engine", "python:leaky_engines:class_shared_options")
    finally:
        leaky_engines._ClassSharedOptions.settings.clear()
    assert code == 1 and not leaks(document) and "fresh engine" not in out
    failed = [entry for entry in document["scenarios"] if entry["outcome"] == "fail"]
    assert failed and all(entry["fresh_engine"]["result"] == "fails" for entry in failed)


def test_no_fresh_check_turns_the_recheck_off(capsys: pytest.CaptureFixture[str], suite: Path) -> None:
    code, out, _, document = conform(capsys, suite, "--engine", LEAKY["shared-seats"], "--no-fresh-check")
    assert code == 1 and "fresh engine" not in out and "state carried" not in out
    assert any(entry["outcome"] == "fail" for entry in document["scenarios"])
    assert not any("fresh_engine" in entry for entry in document["scenarios"])


def test_rechecks_stop_at_the_cap_and_say_so(capsys: pytest.CaptureFixture[str], suite: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(plugin, "RECHECKS", 2)
    monkeypatch.setattr(report, "RECHECKS", 2)
    code, out, _, document = conform(capsys, suite, "--engine", LEAKY["shared-seats"])
    assert code == 1
    results = [entry["fresh_engine"]["result"] for entry in document["scenarios"] if "fresh_engine" in entry]
    assert results[:2] == ["passes", "passes"] and results[2:] and set(results[2:]) == {NOT_RECHECKED}
    count = len(results) - 2
    assert (f"this engine carries state between hands: 2 failures passed on a fresh engine, and {count} later "
            "failures were not rechecked on a fresh engine (at most 2 rechecks per engine process) may have the same "
            "cause whatever rule they are listed under; fix that first") in out


def test_rechecks_past_the_cap_with_no_leak_found_are_said_plainly(capsys: pytest.CaptureFixture[str],
                                                                   suite: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The class-attribute leak fails on a fresh engine too: no claim, only how many were not
    replayed."""
    import leaky_engines

    monkeypatch.setattr(plugin, "RECHECKS", 1)
    monkeypatch.setattr(report, "RECHECKS", 1)
    leaky_engines._ClassSharedOptions.settings.clear()
    try:
        code, out, _, document = conform(capsys, suite, "--engine", "python:leaky_engines:class_shared_options")
    finally:
        leaky_engines._ClassSharedOptions.settings.clear()
    results = [entry["fresh_engine"]["result"] for entry in document["scenarios"] if "fresh_engine" in entry]
    assert code == 1 and results[0] == "fails" and set(results[1:]) == {NOT_RECHECKED}
    count = len(results) - 1
    assert (f"{count} later failure{'s were' if count > 1 else ' was'} not rechecked on a fresh engine (at most 1 "
            "recheck per engine process): a rule mistake and state carried between hands are not told apart there") in out
    assert "carries state" not in out


def test_the_recheck_counts_what_it_cannot_decide_and_makes_no_engine_past_the_cap() -> None:
    from stud8.conformance.suite.scenarios import load_scenario_file

    [scenario, *_] = load_scenario_file(DATA / "valid" / "hands.yaml").scenarios
    rechecker = Rechecker("nonesuch", 1.0, limit=1)  # an engine that cannot be made
    assert rechecker.recheck(scenario, "x").result == UNDECIDED
    assert rechecker.recheck(scenario, "x").result == NOT_RECHECKED
    assert rechecker.done == 1


def test_known_failures_of_the_baseline_leave_the_rechecks_to_new_ones(capsys: pytest.CaptureFixture[str],
                                                                       suite: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A baseline of known failures would otherwise spend the few rechecks a run allows."""
    _, _, _, first = conform(capsys, suite, "--engine", LEAKY["shared-seats"])
    failing = [entry["id"] for entry in first["scenarios"] if entry["outcome"] == "fail"]
    rechecked = [entry["id"] for entry in first["scenarios"] if "fresh_engine" in entry]
    assert len(rechecked) >= 2
    baseline = suite.parent / "known.txt"
    baseline.write_text(rechecked[0] + "\n", encoding="utf-8")  # ids one a line
    monkeypatch.setattr(plugin, "RECHECKS", 1)
    monkeypatch.setattr(report, "RECHECKS", 1)
    _, _, _, second = conform(capsys, suite, "--engine", LEAKY["shared-seats"], "--baseline", str(baseline))
    entries = {entry["id"]: entry for entry in second["scenarios"]}
    assert "fresh_engine" not in entries[rechecked[0]]
    later = [entries[name]["fresh_engine"]["result"] for name in failing[failing.index(rechecked[0]) + 1:]
             if "fresh_engine" in entries[name]]
    assert later and later[0] != NOT_RECHECKED, "the one recheck went to the first failure not in the baseline"

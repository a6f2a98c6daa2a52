"""Fuzzing campaigns: the same lowest divergent hand on one process, local processes and a
Dask cluster; ``--start``; guided hands; the rule-coverage report."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from stud8.conformance.engines.api import ReferenceEngine
from stud8.conformance.executor import open_executor
from stud8.conformance.fuzz import FuzzConfig, run_search
from stud8.conformance.fuzz.generate import CARDS
from stud8.conformance.fuzz.guide import RECIPES, generate_guided
from stud8.tools.cli import main

ENGINES = Path(__file__).parent / "engines"
WRONG_RARELY = "python:fuzz_engines:reversed_show_order_rarely"
LINE = re.compile(r"^divergence after (\d+) hands: hand (\d+),")


@pytest.fixture
def engines(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(ENGINES))


def _lowest(config: FuzzConfig, **executor: object) -> int | None:
    from stud8.conformance.engines.spec import make_engine

    with open_executor(**executor) as running:  # type: ignore[arg-type]
        result = run_search(config, make_engine(config.engine), running)
    return min((hit.hand for hit in result.hits), default=None)


@pytest.mark.usefixtures("engines")
def test_dask_gives_the_same_lowest_divergent_hand_as_one_process() -> None:
    try:
        import distributed
    except ImportError:
        pytest.skip("dask distributed is not installed (pip install 'stud8[cluster]')")
    config = FuzzConfig(engine=WRONG_RARELY, hands=400, seed=11)
    local = _lowest(config, jobs=1)
    assert local is not None and local > 20
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None)
    try:
        assert _lowest(config, dask=cluster.scheduler_address) == local
    finally:
        cluster.close()


@pytest.mark.usefixtures("engines")
def test_the_dask_option_on_the_command_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    try:
        import distributed
    except ImportError:
        pytest.skip("dask distributed is not installed (pip install 'stud8[cluster]')")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None)
    try:
        runs = []
        for extra in (["--jobs", "1"], ["--dask", cluster.scheduler_address]):
            code = main(["fuzz", "--engine", WRONG_RARELY, "--hands", "240", "--seed", "11", "--out",
                         str(tmp_path / extra[0]), *extra])
            out = capsys.readouterr().out
            assert code == 1
            runs.append(LINE.match(out.splitlines()[0]).group(2))  # type: ignore[union-attr]
        assert runs[0] == runs[1]
    finally:
        cluster.close()


def test_an_unreachable_scheduler_is_a_usage_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("distributed", reason="dask distributed is not installed (pip install 'stud8[cluster]')")
    code = main(["fuzz", "--engine", "reference", "--hands", "300", "--dask", "tcp://127.0.0.1:9", "--out", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith("stud8 fuzz: cannot reach the Dask scheduler at 'tcp://127.0.0.1:9'") and "Traceback" not in err


@pytest.mark.usefixtures("engines")
def test_start_resumes_at_a_hand_number(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code = main(["fuzz", "--engine", WRONG_RARELY, "--hands", "240", "--seed", "11", "--jobs", "1",
                 "--out", str(tmp_path / "a"), "--format", "json"])
    first = json.loads(capsys.readouterr().out)["divergence"]["hand"]
    assert code == 1
    # Starting just past it finds the next divergent hand, numbered as in the whole run.
    code = main(["fuzz", "--engine", WRONG_RARELY, "--hands", "240", "--seed", "11", "--jobs", "1",
                 "--start", str(first + 1), "--out", str(tmp_path / "b"), "--format", "json"])
    result = json.loads(capsys.readouterr().out)
    assert result["start"] == first + 1
    if result["divergence"] is not None:
        assert result["divergence"]["hand"] > first
    # Starting at it finds it again first.
    code = main(["fuzz", "--engine", WRONG_RARELY, "--hands", "5", "--seed", "11", "--jobs", "1",
                 "--start", str(first), "--out", str(tmp_path / "c"), "--format", "json"])
    assert code == 1 and json.loads(capsys.readouterr().out)["divergence"]["hand"] == first


def test_guided_hands_are_made_from_seed_and_number_and_follow_every_recipe() -> None:
    assert generate_guided(3, 17) == generate_guided(3, 17)
    hands = [generate_guided(3, index) for index in range(600)]
    assert {hand.recipe or "plain" for hand in hands} == {name for name, _ in RECIPES}
    for hand in hands:
        assert sorted(hand.deck) == sorted(CARDS) and 2 <= len(hand.stacks) <= 8 and min(hand.stacks) > 0
    for low, high in ((2, 2), (3, 3), (8, 8)):
        assert all(low <= len(generate_guided(5, i, (low, high), burn_first=True).stacks) <= high for i in range(200))


def test_a_tie_recipe_deals_the_tied_seats_the_same_ranks() -> None:
    from stud8.conformance.fuzz.lockstep import play_generated

    hand = next(h for h in (generate_guided(1, i) for i in range(400)) if h.recipe == "tie" and h.no_fold)
    played, _ = play_generated(ReferenceEngine(), ReferenceEngine(), hand, None, {})
    seats = played.last["seats"]  # type: ignore[index]
    ranks = [sorted(card[0] for card in seat["up"] + seat["down"]) for seat in seats]
    assert any(ranks.count(r) >= 2 for r in ranks if len(r) == 7)


def test_rules_report_counts_hands_per_rule(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code = main(["fuzz", "--engine", "reference", "--hands", "150", "--jobs", "1", "--guided", "--rules",
                 "--out", str(tmp_path), "--format", "json"])
    result = json.loads(capsys.readouterr().out)
    assert code == 0 and result["guided"] is True
    rules = result["rules"]
    assert rules["reached"] == len(rules["hands"]) and rules["reached"] + len(rules["never"]) == rules["total"]
    assert rules["hands"]["table.players"] == 150
    assert "actions.bad-start" in rules["never"]  # fuzzing plays legal actions only
    assert rules["hands"].get("odd-chip.within-half", 0) > 0  # the tie recipes reach odd chips

    code = main(["fuzz", "--engine", "reference", "--hands", "40", "--jobs", "1", "--rules", "--out", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 0 and "rules reached: " in out and "never reached: " in out


def test_a_progress_line_goes_to_stderr_when_it_is_not_a_terminal(capsys: pytest.CaptureFixture[str],
                                                                   monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from stud8.tools import fuzz_cmd

    monkeypatch.setattr(fuzz_cmd, "PROGRESS_SECONDS", 0.0)
    code = main(["fuzz", "--engine", "reference", "--hands", "300", "--jobs", "1", "--rules", "--out", str(tmp_path)])
    captured = capsys.readouterr()
    assert code == 0
    lines = [line for line in captured.err.splitlines() if line.startswith("stud8 fuzz: ")]
    assert lines and re.match(r"stud8 fuzz: [\d,]+ hands, [\d,]+ hands/s, 0 divergences, \d+ rules reached$", lines[-1])
    assert "\r" not in captured.err  # no bar: stderr is not a terminal


@pytest.mark.usefixtures("engines")
def test_a_guided_finding_is_named_apart_from_the_plain_hand_of_the_same_number(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from stud8.conformance.suite.scenarios import load_scenario_file

    code = main(["fuzz", "--engine", "python:fuzz_engines:reversed_show_order", "--hands", "30", "--seed", "3",
                 "--jobs", "1", "--guided", "--out", str(tmp_path), "--format", "json"])
    divergence = json.loads(capsys.readouterr().out)["divergence"]
    assert code == 1 and divergence["reproduces"] is True
    path = Path(divergence["path"])
    assert path.name == f"fuzz-guided-3-{divergence['hand']}.yaml"
    scenario = load_scenario_file(path).scenarios[0]
    assert scenario.id == f"fuzz-guided-3-{divergence['hand']:03d}"
    assert f"(seed 3, guided hand {divergence['hand']})" in scenario.title
    assert "--guided" in path.read_text()

"""``stud8 fuzz``: lockstep random hands, divergences, shrinking, the written scenarios.

The wrong engines are in tests/engines/fuzz_engines.py (``python:fuzz_engines:FACTORY``). No
test asserts a speed.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from stud8.conformance import fuzz as fuzzing
from stud8.conformance.engines.api import ReferenceEngine
from stud8.conformance.fuzz import policies, shrink
from stud8.conformance.suite.scenarios import load_scenario_file
from stud8.tools.cli import main

ENGINES = Path(__file__).parent / "engines"
WRONG = "python:fuzz_engines:reversed_show_order"
WRONG_RARELY = "python:fuzz_engines:reversed_show_order_rarely"
LINE = re.compile(r"^divergence after (\d+) hands: hand (\d+), action (\d+): (.+?) reference=(.+) engine=(.+) -> (.+)$")


@pytest.fixture
def engines(monkeypatch: pytest.MonkeyPatch) -> None:
    """tests/engines importable, as a user's own folder would be (workers inherit sys.path)."""
    monkeypatch.syspath_prepend(str(ENGINES))


def fuzz(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> tuple[int, str, str]:
    code = main(["fuzz", *map(str, argv)])
    out, err = capsys.readouterr()
    return code, out, err


# --- hands -------------------------------------------------------------------------------


def test_a_hand_is_made_from_the_seed_and_its_number_alone() -> None:
    assert fuzzing.generate(7, 123) == fuzzing.generate(7, 123)
    assert fuzzing.generate(7, 123) != fuzzing.generate(7, 124)
    assert fuzzing.generate(7, 123) != fuzzing.generate(8, 123)
    hands = [fuzzing.generate(1, i, (3, 5)) for i in range(300)]
    assert all(3 <= len(hand.stacks) <= 5 for hand in hands)
    assert all(sorted(hand.deck) == sorted(fuzzing.CARDS) for hand in hands)
    assert all(stack > 0 for hand in hands for stack in hand.stacks)
    # Short stacks: some cannot even cover the ante and the bring-in; some tables never fold.
    assert any(min(hand.stacks) <= hand.stakes["ante"] + hand.stakes["bring_in"] for hand in hands)
    assert any(hand.no_fold and len(hand.stacks) == 5 for hand in hands)
    assert any(hand.stakes["bring_in"] == hand.stakes["small_bet"] for hand in hands)


def test_eight_players_who_never_fold_run_the_deck_out() -> None:
    hand = next(h for h in (fuzzing.generate(2, i) for i in range(500)) if h.no_fold)
    assert len(hand.stacks) == 8
    played, _ = fuzzing.play_generated(ReferenceEngine(), ReferenceEngine(), hand, None, {})
    assert played.divergence is None and played.last is not None and played.last["over"]
    assert not any(seat["folded"] for seat in played.last["seats"])


def test_the_deck_is_rebuilt_around_each_seats_cards() -> None:
    """Dropping a seat: every other seat still gets its own cards, street by street."""
    hand = fuzzing.HandSpec(0, (500, 500, 500), fuzzing.STAKES_SHAPES[0], fuzzing.CARDS, 0.0, 0.0, True, 1)
    played, decisions = fuzzing.play_generated(ReferenceEngine(), ReferenceEngine(), hand, None, {})
    queues = shrink.queues_of(played.last, 3)
    plan = shrink.plan_of(played.last, 3)
    assert [len(queue) for queue in queues] == [7, 7, 7] and len(plan) == 4
    keep = [0, 2]
    deck = shrink.build_deck([queues[i] for i in keep], hand.deck, [[0, 1]] * 4, burn_first=False)
    assert sorted(deck) == sorted(fuzzing.CARDS)
    again = fuzzing.lockstep(ReferenceEngine(), ReferenceEngine(), stacks=[500, 500], stakes=hand.stakes, deck=deck,
                             profile=None, options={}, choose=policies.DecisionPolicy([decisions[i] for i in keep]))
    assert again.last is not None
    assert shrink.queues_of(again.last, 2) == [queues[i] for i in keep]


# --- the command -------------------------------------------------------------------------


def test_the_reference_engine_agrees_with_itself(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = fuzz(capsys, "--engine", "reference", "--hands", "300", "--seed", "5", "--jobs", "1",
                        "--out", tmp_path, "--json")
    assert code == 0
    result = json.loads(out)
    assert set(result) == {"hands", "start", "seconds", "hands_per_second", "guided", "divergence", "divergences", "rules"}
    assert result["rules"] is None and result["guided"] is False and result["start"] == 0
    assert result["hands"] == 300 and result["divergence"] is None and result["divergences"] == []
    assert result["hands_per_second"] > 0
    assert not list(tmp_path.iterdir())


@pytest.mark.usefixtures("engines")
def test_a_wrong_engine_is_caught_and_the_finding_replays(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_dir = tmp_path / "findings"
    code, out, _ = fuzz(capsys, "--engine", WRONG, "--hands", "100", "--seed", "3", "--jobs", "1", "--out", out_dir)
    assert code == 1
    first = out.splitlines()[0]
    match = LINE.match(first)
    assert match, first
    hands, hand, _, field, reference, engine, path = match.groups()
    assert field == "result show_order" and int(hands) == int(hand) + 1
    assert json.loads(engine) == list(reversed(json.loads(reference)))
    written = Path(path)
    assert written == out_dir / f"fuzz-3-{hand}.yaml" and written.is_file()
    modeline, text = written.read_text().split("\n", 1)
    assert modeline.startswith("# yaml-language-server: $schema=")  # editors check it as typed
    assert text.startswith("# A finding of `stud8 fuzz")
    assert "verify them by hand before adding this scenario to the suite" in text
    # Shrunk to the fewest players: two are enough to show in the wrong order.
    loaded = load_scenario_file(written)
    assert not loaded.problems
    scenario = loaded.scenarios[0]
    assert scenario.id == f"fuzz-3-{int(hand):03d}" and scenario.title.startswith("Fuzzing finds ")
    assert "showdown.show-order" in scenario.rules
    assert len(scenario.data["stacks"]) == 2
    assert scenario.data["outcome"]["show_order"] == json.loads(reference)
    assert len([line for line in scenario.data["deck"] for _ in line.split()]) == 52

    assert main(["validate", str(written)]) == 0
    capsys.readouterr()
    assert main(["conform", "--no-builtin", "--scenarios", str(out_dir), "--engine", "reference"]) == 0
    capsys.readouterr()
    assert main(["conform", "--no-builtin", "--scenarios", str(out_dir), "--engine", WRONG]) == 1
    assert "show_order" in capsys.readouterr().out


@pytest.mark.usefixtures("engines")
def test_the_same_seed_gives_the_same_finding(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    runs = []
    for jobs, folder in (("1", "a"), ("1", "b"), ("2", "c")):
        code, out, _ = fuzz(capsys, "--engine", WRONG_RARELY, "--hands", "240", "--seed", "11", "--jobs", jobs,
                            "--out", tmp_path / folder)
        assert code == 1
        first = out.splitlines()[0]
        assert LINE.match(first), first
        written = Path(first.rsplit(" -> ", 1)[1])
        runs.append((first.rsplit(" -> ", 1)[0], written.name, written.read_text()))
    assert runs[0] == runs[1] == runs[2]
    assert int(LINE.match(runs[0][0] + " -> x").group(2)) > 20  # type: ignore[union-attr]  # found after many hands


@pytest.mark.usefixtures("engines")
def test_an_engine_crash_is_reported_with_its_hand(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = fuzz(capsys, "--engine", "python:fuzz_engines:crash_on_sixth", "--hands", "50", "--seed", "3",
                        "--jobs", "1", "--out", tmp_path, "--json")
    assert code == 1
    divergence = json.loads(out)["divergence"]
    assert divergence["phase"] == "fault" and divergence["field"] == "crash"
    assert "sixth-street raise table missing" in divergence["engine"]
    assert divergence["next_action"].split()[1] == "cbr"
    assert divergence["reproduces"] is True
    assert not load_scenario_file(Path(divergence["path"])).problems


@pytest.mark.usefixtures("engines")
def test_settings_the_engine_cannot_play_are_a_usage_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = fuzz(capsys, "--engine", "python:fuzz_engines:no_tournament", "--profile", "tda", "--hands", "5",
                        "--out", tmp_path)
    assert code == 2
    assert "cash-game rules only" in err and "hint:" in err


def test_pokerkit_without_options_plays_the_options_it_declares(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """`stud8 fuzz --engine pokerkit` as the README writes it: PokerKit cannot play the rule
    book's defaults, so the values it declares are played, and said (issue 20)."""
    pytest.importorskip("pokerkit", reason="PokerKit is not installed (pip install '.[pokerkit]')")
    code, out, err = fuzz(capsys, "--engine", "pokerkit", "--hands", "5", "--seed", "3", "--out", tmp_path,
                          "--format", "json")
    assert code in (0, 1), err  # no divergence, or a divergence: played either way
    assert ("stud8 fuzz: pokerkit does not play the rule book's defaults; playing the option values it declares: "
            "--option heads_up_raises=capped --option odd_chip_in_half=seat_order") in err
    result = json.loads(out)
    assert result["hands"] >= 1
    for divergence in result["divergences"]:
        assert "--option heads_up_raises=capped --option odd_chip_in_half=seat_order" in Path(divergence["path"]).read_text()


def test_playable_options_keep_the_defaults_where_declared() -> None:
    from stud8.conformance.engines.protocol import playable_options

    declared = {"options": {"raise_cap": "*", "heads_up_raises": ["capped"], "odd_chip_in_half": ["seat_order", "card_by_suit_all_cards"],
                            "burn_before_third": [True]}}
    # raise_cap: every value (the default stays); heads_up_raises: only capped; odd chips: the
    # default is among those listed; burn_before_third: only true; others left out: defaults
    assert playable_options(declared) == {"heads_up_raises": "capped", "burn_before_third": True}
    assert playable_options({"options": {}}) == {}


def test_pokerkit_asked_for_settings_it_cannot_play_is_a_usage_error_with_a_hint(capsys: pytest.CaptureFixture[str],
                                                                                   tmp_path: Path) -> None:
    pytest.importorskip("pokerkit", reason="PokerKit is not installed (pip install '.[pokerkit]')")
    code, _, err = fuzz(capsys, "--engine", "pokerkit", "--profile", "robert", "--hands", "5", "--out", tmp_path)
    assert code == 2
    assert "heads_up_raises" in err
    assert "hint: PokerKit plays --option raise_cap=3 --option heads_up_raises=capped" in err


@pytest.mark.parametrize("argv", [
    ["--option", "no_such_option=1"],
    ["--option", "raise_cap=zero"],
    ["--profile", "nonesuch"],
    ["--hands", "0"],
])
def test_bad_settings_are_usage_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str]) -> None:
    code, _, err = fuzz(capsys, "--engine", "reference", "--out", tmp_path, *argv)
    assert code == 2
    assert err.startswith("stud8 fuzz: ")


@pytest.mark.parametrize("players", ["1-8", "2-9", "5-3", "x"])
def test_bad_player_ranges_are_refused(players: str) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["fuzz", "--engine", "reference", "--players", players])
    assert exit_.value.code == 2


def test_options_are_read_as_yaml_scalars(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = fuzz(capsys, "--engine", "reference", "--hands", "20", "--jobs", "1", "--players", "3",
                        "--option", "raise_cap=4", "--option", "burn_before_third=true", "--option", "deck_exhaustion=robert",
                        "--out", tmp_path)
    assert code == 0, out
    assert out.splitlines()[0] == "no divergence in 20 hands (seed 0)"


def test_several_kinds_of_divergence_are_kept_apart() -> None:
    def hit(hand: int, kind: str) -> fuzzing.Hit:
        return fuzzing.Hit(hand, kind, ("betting.actions",), fuzzing.Divergence("play", kind.split(":")[1], 0, 1, 2))

    hits = [hit(9, "play:legal"), hit(4, "play:legal"), hit(7, "play:to_act"), hit(2, "result:result pots")]
    assert [(h.hand, h.kind) for h in fuzzing.select_hits(hits, 5)] == [(2, "result:result pots"), (4, "play:legal"), (7, "play:to_act")]
    assert [h.hand for h in fuzzing.select_hits(hits, 2)] == [2, 4]


@pytest.mark.usefixtures("engines")
def test_max_divergences_writes_one_scenario_per_kind(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = fuzz(capsys, "--engine", WRONG, "--hands", "30", "--seed", "3", "--jobs", "1", "--out", tmp_path,
                        "--max-divergences", "3", "--json")
    assert code == 1
    found = json.loads(out)["divergences"]
    assert 1 <= len(found) <= 3
    assert [f["hand"] for f in found] == sorted(f["hand"] for f in found)
    assert all(f["reproduces"] for f in found)
    assert len({Path(f["path"]).name for f in found}) == len(found) == len(list(tmp_path.iterdir()))


def test_a_subprocess_engine_plays_in_lockstep(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    import shlex
    import sys

    spec = f"cmd:{shlex.quote(sys.executable)} -m stud8.tools.cli serve"
    code, out, _ = fuzz(capsys, "--engine", spec, "--hands", "25", "--seed", "2", "--jobs", "1", "--out", tmp_path)
    assert code == 0, out
    assert out.splitlines()[0] == "no divergence in 25 hands (seed 2)"

"""``stud8 phh``: importing hand histories as replay scenarios, replaying them, exporting
scenarios as hand histories PokerKit replays; and the corpus of real hands
(``conformance/scenarios/real``) made from ``tests/data/real-hands``.

Inputs in ``tests/data/phh`` are test inputs, each derived from a real hand and saying on its
first line how it was changed.
"""

from __future__ import annotations

import functools
import json
import re
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from stud8.conformance.engines.api import ReferenceEngine
from stud8.conformance.handhistory.phh import PhhError, loads_phh, parse_phh, read_phh
from stud8.conformance.suite.replay import run_scenario
from stud8.conformance.suite.scenarios import (
    iter_scenarios,
    load_scenario_file,
    load_suite,
    packaged_scenarios_dir,
)
from stud8.tools.cli import main

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

DATA = Path(__file__).parent / "data"
PHH = DATA / "phh"
REAL_HANDS = sorted((DATA / "real-hands").glob("*.phh"))
HAND_48 = DATA / "real-hands" / "test_2023_43_5__test_48_02_09_20.phh"
REAL_DIR = Path(__file__).parent.parent / "conformance" / "scenarios" / "real"


def stud8(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> tuple[int, str, str]:
    code = main(["phh", *map(str, argv)])
    out, err = capsys.readouterr()
    return code, out, err


@functools.cache
def suite() -> dict[str, Any]:
    files, _ = load_suite([packaged_scenarios_dir()])
    return {scenario.id: scenario for scenario in iter_scenarios(files)}


def real_scenarios() -> dict[str, Any]:
    """The real WSOP hands imported from PHH (real-NNN); the site hands (real-site-NNN) have their own tests."""
    files, problems = load_suite([REAL_DIR])
    assert not problems
    return {
        scenario.id: scenario
        for scenario in iter_scenarios(files)
        if re.fullmatch(r"real-\d{3}", scenario.id)
    }


# --- import --------------------------------------------------------------------------------

def test_import_validate_and_conform_a_real_hand(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "hand.yaml"
    code, stdout, err = stud8(capsys, "import", HAND_48, "--id", "real-900", "-o", out)
    assert code == 0, err
    assert stdout == ""
    assert main(["validate", str(out)]) == 0
    capsys.readouterr()
    loaded = load_scenario_file(out)
    assert not loaded.problems
    (scenario,) = loaded.scenarios
    data = scenario.data
    assert scenario.id == "real-900"
    assert scenario.title == "test_48_02_09_20: seats 1 and 5 show down on seventh street"
    assert data["source"].startswith("Real Stud/8 hand: WSOP 2023 event #43, test method test_48_02_09_20")
    assert HAND_48.name in " ".join(data["source"].split())
    assert str(HAND_48.parent) not in " ".join(data["source"].split())  # never the machine's absolute path
    assert data["outcome"] == {"stacks": [4537500, 1800000, 14400000, 6075000, 2887500]}  # recorded, nothing more
    assert data["deal"]["third"]["p1"] == "Ac 8d As"
    assert data["deal"]["seventh"] == {"p1": "7c", "p5": "4s"}
    assert data["actions"][:4] == ["p3 pb", "p4 f", "p5 cbr 250000", "p1 cbr 500000"]
    assert "showdown.split" in data["rules"] and "table.ante" in data["rules"]
    run_scenario(ReferenceEngine(), scenario)  # raises ScenarioFailure if the engine disagrees
    # The conformance runner agrees too.
    assert main(["conform", "--no-builtin", "--scenarios", str(tmp_path), "--", "-q", "-p", "no:cacheprovider"]) == 0


def test_import_several_files_counts_ids_up(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "hands.yaml"
    code, _, err = stud8(capsys, "import", *REAL_HANDS[:3], "--id", "real-098", "--title", "Hand {hand}: {summary}", "-o", out)
    assert code == 0, err
    loaded = load_scenario_file(out)
    assert not loaded.problems
    assert [s.id for s in loaded.scenarios] == ["real-098", "real-099", "real-100"]
    assert loaded.scenarios[1].title == "Hand test_49_02_13_08: seat 3 wins uncontested on third street"
    assert "p1 and p5" in loaded.scenarios[1].description  # their cards were never seen


def test_import_to_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = stud8(capsys, "import", HAND_48)
    assert (code, err) == (0, "")
    assert "  - id: imported-001\n" in out


def test_import_needs_the_finishing_stacks(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for name in ("no-finishing-stacks.phh", "winnings.phh"):
        code, out, err = stud8(capsys, "import", PHH / name, "-o", tmp_path / "x.yaml")
        assert (code, out) == (1, "")
        assert "the field 'finishing_stacks' is missing" in err
    assert not list(tmp_path.iterdir())


def test_import_of_a_hand_the_engine_refuses_writes_nothing(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "x.yaml"
    out.write_text("old\n", encoding="utf-8")
    code, _, err = stud8(capsys, "import", HAND_48, PHH / "refused-action.phh", "-o", out)
    assert code == 1
    assert "action 5 'p4 f' is refused by the reference engine: out-of-turn" in err
    assert out.read_text(encoding="utf-8") == "old\n"  # the first hand was fine: still nothing written
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.yaml"]


def test_import_keeps_the_recorded_stacks_when_the_engine_disagrees(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "x.yaml"
    code, _, err = stud8(capsys, "import", PHH / "disagree.phh", "--id", "real-901", "-o", out)
    assert code == 0
    assert "the reference engine ends with stacks [4537500" in err
    (scenario,) = load_scenario_file(out).scenarios
    assert scenario.data["outcome"]["stacks"] == [2887500, 1800000, 14400000, 6075000, 4537500]


@pytest.mark.parametrize("where", ["missing-folder/x.yaml", "a-folder", "a-file/x.yaml"])
def test_an_unwritable_output_exits_2_and_writes_nothing(capsys: pytest.CaptureFixture[str], tmp_path: Path, where: str) -> None:
    (tmp_path / "a-folder").mkdir()
    (tmp_path / "a-file").write_text("", encoding="utf-8")
    before = sorted(p.name for p in tmp_path.rglob("*"))
    for argv in (["import", HAND_48, "--id", "real-902"], ["export", "real-001"]):
        code, out, err = stud8(capsys, *argv, "-o", tmp_path / where)
        assert (code, out) == (2, "")
        assert err.startswith(f"stud8 phh: -o {tmp_path / where}: ") and err.count("\n") == 1
    assert sorted(p.name for p in tmp_path.rglob("*")) == before


def test_a_bad_id_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = stud8(capsys, "import", HAND_48, "--id", "Real-1")
    assert code == 2 and "--id 'Real-1'" in err


# --- replay ----------------------------------------------------------------------------------

def test_replay_agrees(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = stud8(capsys, "replay", HAND_48)
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        f"{HAND_48}: 5 players, the hand ends on seventh street",
        "final stacks: p1 4537500, p2 1800000, p3 14400000, p4 6075000, p5 2887500",
        "pot 1: 4825000, eligible p1 p5: high p1 2412500; low p5 2412500",
        "recorded finishing stacks: agree",
    ]


def test_replay_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = stud8(capsys, "replay", DATA / "real-hands" / "test_2023_43_5__test_49_02_13_08.phh", "--json")
    assert code == 0
    document = json.loads(out)
    assert document == {
        "stacks": [4500000, 1750000, 14675000, 5950000, 2825000],
        "pots": [{"amount": 400000, "eligible": ["p3"], "high": {"p3": 400000}, "low": None}],
        "returned": {"p3": 175000},
        "show_order": [],
        "recorded": [4500000, 1750000, 14675000, 5950000, 2825000],
        "agree": True,
    }


def test_replay_disagrees(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = stud8(capsys, "replay", PHH / "disagree.phh")
    assert code == 1
    assert out.splitlines()[-1] == ("recorded finishing stacks: DISAGREE: recorded [2887500, 1800000, 14400000, 6075000, 4537500], "
                                    "engine [4537500, 1800000, 14400000, 6075000, 2887500]")
    code, out, _ = stud8(capsys, "replay", PHH / "disagree.phh", "--json")
    assert code == 1
    assert json.loads(out)["agree"] is False


def test_replay_without_a_recorded_result(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = stud8(capsys, "replay", PHH / "no-finishing-stacks.phh")
    assert code == 0 and out.splitlines()[-1] == "recorded finishing stacks: none"
    code, out, _ = stud8(capsys, "replay", PHH / "no-finishing-stacks.phh", "--json")
    document = json.loads(out)
    assert (code, document["recorded"], document["agree"]) == (0, None, None)


def test_replay_compares_the_winnings(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = stud8(capsys, "replay", PHH / "winnings.phh")
    assert code == 0 and out.splitlines()[-1] == "recorded winnings: agree"
    code, out, _ = stud8(capsys, "replay", PHH / "winnings.phh", "--json")
    assert json.loads(out)["winnings"] == {"recorded": [2412500, 0, 0, 0, 2412500], "engine": [2412500, 0, 0, 0, 2412500], "agree": True}
    assert json.loads(out)["agree"] is True


def test_hidden_cards_come_from_the_cards_shown() -> None:
    hand = read_phh(PHH / "hidden-shown.phh")
    assert hand.deal["third"]["p1"] == "Ac 8d As" and hand.deal["seventh"]["p1"] == "7c"
    assert hand.filled == ()


def test_hidden_cards_nobody_saw_are_filled_down_low_up_high() -> None:
    hand = read_phh(DATA / "real-hands" / "test_2023_43_5__test_49_02_13_08.phh")  # p1 and p5: ??????
    assert hand.filled == ("p1", "p5")
    assert hand.deal["third"]["p1"] == "2c 2d As"
    assert hand.deal["third"]["p5"] == "2s 3c Ah"  # 2h is p4's; As went to p1


MALFORMED = [
    ("not-toml.phh", "not a PHH file (TOML): Unclosed array"),
    ("wrong-variant.phh", "variant is 'FR', not 'F7S/8'"),
    ("missing-field.phh", "the field 'starting_stacks' is missing"),
    ("refused-action.phh", "action 5 'p4 f' is refused by the reference engine: out-of-turn"),
    ("bad-card.phh", "action 1 'd dh p2 Tc4h5x': 'Tc4h5x' is not a list of cards"),
    ("truncated.phh", "the actions end before the hand does: p1 is to act on sixth street"),
]


@pytest.mark.parametrize("command", ["replay", "import"])
@pytest.mark.parametrize(("name", "message"), MALFORMED, ids=[name for name, _ in MALFORMED])
def test_malformed_files_exit_1_naming_the_field_or_action(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                           command: str, name: str, message: str) -> None:
    argv: list[str | Path] = [command, PHH / name]
    if command == "import":
        argv += ["-o", tmp_path / "x.yaml"]
    code, out, err = stud8(capsys, *argv)
    assert (code, out) == (1, "")
    assert err == f"stud8 phh: {PHH / name}: {message}" + err[len(f"stud8 phh: {PHH / name}: {message}"):]
    assert err.count("\n") == 1 and "Traceback" not in err
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize(("change", "message"), [
    ({"antes": [5, 5, 10]}, "the field 'antes' is [5, 5, 10]: every player must post the same ante"),
    ({"antes": [5, 5]}, "the field 'antes' lists 2 players, starting_stacks 3"),
    ({"bring_in": "ten"}, "the field 'bring_in' must be a whole amount"),
    ({"starting_stacks": [100, -1, 100]}, "the field 'starting_stacks' must be a list of whole amounts"),
    ({"finishing_stacks": [1, 2]}, "the field 'finishing_stacks' lists 2 players"),
    ({"actions": ["d dh p1 AcAdAh", "d dh p2 KcKdKh", "d dh p4 QcQdQh"]}, "action 2 'd dh p4 QcQdQh': no seat p4 at this 3-player table"),
    ({"actions": ["d dh p1 AcAdAh", "d dh p2 AcKdKh"]}, "action 1 'd dh p2 AcKdKh': Ac was already dealt (action 0)"),
    ({"actions": ["d dh p1 AcAdAh", "d dh p2 KcKdKh"]}, "p3 is not dealt three cards on third street"),
    ({"actions": ["d dh p1 AcAdAh", "d dh p2 KcKdKh", "d dh p3 QcQdQh", "p3 sd"]}, "action 3 'p3 sd' is not a Stud/8 action"),
    ({"actions": ["d dh p1 AcAdAh", "d dh p2 KcKdKh", "d dh p3 QcQdQh", "p3 cbr ten"]}, "action 3 'p3 cbr ten' is not a Stud/8 action"),
    ({"actions": ["d dh p1 AcAdAh", "d dh p2 KcKdKh", "d dh p3 QcQdQh", "d db 2c"]}, "action 3 'd db 2c': a community card"),
])
def test_parse_errors_name_the_field_or_action(change: dict[str, Any], message: str) -> None:
    data: dict[str, Any] = {"variant": "F7S/8", "antes": [5, 5, 5], "bring_in": 10, "small_bet": 20, "big_bet": 40,
                            "starting_stacks": [100, 100, 100],
                            "actions": ["d dh p1 AcAdAh", "d dh p2 KcKdKh", "d dh p3 QcQdQh"]}
    data.update(change)
    with pytest.raises(PhhError) as raised:
        parse_phh(data, "hand.phh")
    assert raised.value.message.startswith("hand.phh: ")
    assert message in raised.value.message


def test_action_comments_are_ignored() -> None:
    hand = loads_phh("variant = 'F7S/8'\nantes = [5, 5]\nbring_in = 10\nsmall_bet = 20\nbig_bet = 40\n"
                     "starting_stacks = [100, 100]\n"
                     "actions = ['d dh p1 AcAdAh # Alice', 'd dh p2 KcKd2h', '# a comment', 'p2 pb # forced', 'p1 f']\n",
                     "hand.phh")
    assert hand.actions == ["p2 pb", "p1 f"]
    assert hand.action_index == (3, 4)


# --- export ----------------------------------------------------------------------------------

def _pokerkit_stacks(text: str) -> list[int]:
    """Play a PHH text with PokerKit's own loader, independently of stud8's export check."""
    import warnings

    pokerkit = pytest.importorskip("pokerkit")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        states = list(pokerkit.HandHistory.loads(text))
    return list(states[-1].stacks)


ROUND_TRIP_SUITE = ["showdown-009", "pots-003", "act-order-020", "deal-008", "odd-chip-001", "betting-025"]


@pytest.mark.parametrize("scenario_id", [f"real-{n:03d}" for n in range(1, 14)] + ROUND_TRIP_SUITE)
def test_export_replays_in_pokerkit_to_the_same_stacks(capsys: pytest.CaptureFixture[str], tmp_path: Path, scenario_id: str) -> None:
    pytest.importorskip("pokerkit")
    out = tmp_path / f"{scenario_id}.phh"
    code, stdout, err = stud8(capsys, "export", scenario_id, "-o", out)
    assert (code, stdout, err) == (0, "", "")
    text = out.read_text(encoding="utf-8")
    document = tomllib.loads(text)
    scenario = suite()[scenario_id]
    assert document["variant"] == "F7S/8" and document["ante_trimming_status"] is True
    assert document["starting_stacks"] == list(scenario.data["stacks"])
    assert document["finishing_stacks"] == list(scenario.data["outcome"]["stacks"])
    assert _pokerkit_stacks(text) == list(scenario.data["outcome"]["stacks"])


def test_export_then_import_gives_the_hand_back(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    scenario = real_scenarios()["real-009"]
    code, _, _ = stud8(capsys, "export", f"{scenario.path}::real-009", "-o", tmp_path / "h.phh")
    assert code == 0
    code, _, err = stud8(capsys, "import", tmp_path / "h.phh", "--id", "again-001", "-o", tmp_path / "h.yaml")
    assert code == 0, err
    (again,) = load_scenario_file(tmp_path / "h.yaml").scenarios
    for key in ("stakes", "stacks", "deal", "actions", "outcome"):
        assert again.data[key] == scenario.data[key], key
    assert again.data["source"].startswith("Stud/8 hand exported by stud8 phh export from scenario real-009")


def test_export_of_a_file_with_one_replay(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    stud8(capsys, "import", HAND_48, "--id", "real-903", "-o", tmp_path / "one.yaml")
    code, out, _ = stud8(capsys, "export", tmp_path / "one.yaml", "--no-check")
    assert code == 0
    assert out.startswith("# Stud/8 hand exported by stud8 phh export from scenario real-903")
    assert tomllib.loads(out)["actions"][:6] == ["d dh p1 Ac8dAs", "d dh p2 Tc4h5s", "d dh p3 Td7h2h",
                                                "d dh p4 KdJsJd", "d dh p5 8h3hAh", "p3 pb"]
    code, _, err = stud8(capsys, "export", REAL_DIR / "wsop-2023-43.yaml")
    assert code == 2 and "holds 7 replays; name one as" in err


@pytest.mark.parametrize(("scenario_id", "message"), [
    ("table-003", "a hand that does not start has no hand history"),
    ("deck-001", "a community card is dealt"),
    ("high-094", "only a replay scenario can be written as a hand history"),
])
def test_export_refuses_what_pokerkit_cannot_play(capsys: pytest.CaptureFixture[str], scenario_id: str, message: str) -> None:
    code, out, err = stud8(capsys, "export", scenario_id)
    assert (code, out) == (1, "")
    assert message in err and err.count("\n") == 1


def test_export_refuses_a_hand_pokerkit_plays_differently(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pokerkit")
    # Odd chips: PokerKit gives the whole remainder of a split to the first tied player.
    code, _, err = stud8(capsys, "export", "odd-chip-007")
    assert code == 1 and "PokerKit replays the hand history to stacks [102, 100, 100, 99, 99]" in err
    # A short all-in raise does not reopen the betting in PokerKit.
    code, _, err = stud8(capsys, "export", "betting-028")
    assert code == 1 and "PokerKit cannot replay the hand history: PokerKit does not take action 18 'p1 cbr 100'" in err


def test_export_refuses_more_raises_than_pokerkit_allows(tmp_path: Path) -> None:
    """Heads-up, the rule book's default profile lets the raising go on (heads_up_raises:
    unlimited_until_capped); PokerKit caps it at a bet and three raises."""
    from stud8.conformance.handhistory.phh import phh_from_scenario

    refused = []
    for scenario in suite().values():
        if scenario.kind == "replay" and "betting.heads-up" in scenario.rules and not scenario.data.get("start_error"):
            try:
                phh_from_scenario(scenario.data, scenario.path)
            except PhhError as error:
                if "is not allowed under PokerKit's rules (a bet and three raises, capped heads-up): cap-reached" in error.message:
                    refused.append(scenario.id)
    assert refused


def test_export_of_an_unknown_scenario_is_a_usage_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert stud8(capsys, "export", "nope-001")[0] == 2
    assert stud8(capsys, "export", tmp_path / "none.yaml")[0] == 2
    shutil.copy(REAL_DIR / "wsop-2023-43.yaml", tmp_path / "r.yaml")
    code, _, err = stud8(capsys, "export", f"{tmp_path / 'r.yaml'}::real-099")
    assert code == 2 and "no scenario with id 'real-099'" in err


# --- the real hands --------------------------------------------------------------------------

def test_every_real_hand_is_a_scenario_with_its_recorded_result() -> None:
    scenarios = real_scenarios()
    assert sorted(scenarios) == [f"real-{n:03d}" for n in range(1, 14)]
    by_file = {}
    for scenario in scenarios.values():
        source = " ".join(scenario.data["source"].split())
        assert "github.com/uoftcprg/pokerkit" in source
        (path,) = [p for p in REAL_HANDS if f"tests/data/real-hands/{p.name}" in source]
        by_file[path] = scenario
    assert sorted(by_file) == REAL_HANDS
    for path, scenario in by_file.items():
        hand = read_phh(path)
        assert hand.comment in " ".join(scenario.data["source"].split())
        assert scenario.data["stacks"] == hand.stacks
        assert scenario.data["stakes"] == hand.stakes
        assert scenario.data["deal"] == hand.deal
        assert scenario.data["actions"] == hand.actions
        assert scenario.data["outcome"] == {"stacks": hand.finishing_stacks}


@pytest.mark.parametrize("scenario_id", [f"real-{n:03d}" for n in range(1, 14)])
def test_real_hand_scenario_replays_through_the_reference_engine(scenario_id: str) -> None:
    run_scenario(ReferenceEngine(), real_scenarios()[scenario_id])


@pytest.mark.parametrize("path", REAL_HANDS, ids=[p.stem for p in REAL_HANDS])
def test_real_hand_replays_to_its_recorded_stacks(capsys: pytest.CaptureFixture[str], path: Path) -> None:
    code, out, _ = stud8(capsys, "replay", path)
    assert code == 0 and out.splitlines()[-1] == "recorded finishing stacks: agree"


def test_export_without_pokerkit_says_it_was_not_checked(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from stud8.conformance.engines import pokerkit_adapter as pokerkit_engine

    def missing() -> Any:
        raise pokerkit_engine.PokerKitMissing("no pokerkit")

    monkeypatch.setattr(pokerkit_engine, "import_pokerkit", missing)
    code, out, err = stud8(capsys, "export", "real-001")
    assert code == 0 and tomllib.loads(out)["finishing_stacks"] == [4537500, 1800000, 14400000, 6075000, 2887500]
    assert err == "stud8 phh: PokerKit is not installed: the hand history was not replayed through it\n"

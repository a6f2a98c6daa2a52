"""The PokerKit adapter (conformance/engines/pokerkit_adapter.py): PokerKit 0.7.7 behind the Engine interface.

Expected values are worked out by hand from the rule book (and, where PokerKit differs, from
PokerKit's source), never copied from the adapter's output.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from stud8.conformance.engines.api import EngineRefusal
from stud8.conformance.engines.pokerkit_adapter import (
    POKERKIT_OPTIONS,
    PokerKitEngine,
    differential,
)
from stud8.conformance.handhistory.phh import read_phh
from stud8.conformance.handhistory.scenario import scenario_from_record
from stud8.conformance.suite.deal import deck_from_deal
from stud8.reference.cards import ALL_CARDS

pytest.importorskip("pokerkit")  # the adapter module itself imports PokerKit only when used

STAKES = {"ante": 5, "bring_in": 10, "small_bet": 20, "big_bet": 40}
REAL_HANDS = sorted((Path(__file__).parent / "data" / "real-hands").glob("*.phh"))


def deck(deal: dict[str, Any]) -> list[str]:
    return [str(card) for card in deck_from_deal(deal)]


def started(stacks: list[int], deal: dict[str, Any], options: dict[str, Any] | None = None) -> PokerKitEngine:
    engine = PokerKitEngine()
    settings = dict(POKERKIT_OPTIONS if options is None else options)
    assert engine.unsupported(None, settings) is None
    engine.start(stacks=stacks, stakes=STAKES, deck=deck(deal), profile=None, options=settings)
    return engine


def play(engine: PokerKitEngine, *actions: str) -> None:
    for action in actions:
        engine.act(action)


# --- a hand won without a showdown -----------------------------------------------------------

THREE_WAY = {
    "third": {"p1": "Ah Kd 9s", "p2": "2h 2d 3c", "p3": "7c 7d Jh"},  # up 9s 3c Jh: p2 brings in
    "fourth": {"p2": "Qh", "p3": "8d"},
}


def test_uncontested_hand_end_to_end() -> None:
    engine = started([500, 500, 500], THREE_WAY)
    first = engine.observe()
    assert (first["street"], first["to_act"], first["bring_in"]) == ("third", 2, 2)
    assert sorted(first["legal"]) == ["cbr 20", "pb"]
    assert first["pot"] == 15 and [seat["stack"] for seat in first["seats"]] == [495, 495, 495]
    assert first["seats"][1]["down"] == ["2h", "2d"] and first["seats"][1]["up"] == ["3c"]
    play(engine, "p2 pb", "p3 cbr 20", "p1 f", "p2 cc")
    fourth = engine.observe()
    # p2 shows 3c Qh, p3 Jh 8d: queen high is the best board, p2 acts first
    assert (fourth["street"], fourth["to_act"]) == ("fourth", 2)
    assert fourth["seats"][1]["up"] == ["3c", "Qh"] and fourth["seats"][2]["up"] == ["Jh", "8d"]
    assert [seat["folded"] for seat in fourth["seats"]] == [True, False, False]
    assert fourth["pot"] == 55
    assert [seat["committed"] for seat in fourth["seats"]] == [0, 0, 0]
    play(engine, "p2 cc", "p3 cbr 20", "p2 f")
    end = engine.observe()
    # put in: p1 5, p2 5 + 20 = 25, p3 5 + 20 + 20 = 45; p3's 20 on fourth is uncalled
    # pot 5 + 25 + 25 = 55 to p3: p1 495, p2 475, p3 500 - 45 + 20 + 55 = 530
    assert end["over"] and end["to_act"] is None and end["legal"] == []
    assert end["result"] == {
        "pots": [{"amount": 55, "eligible": [3], "high": {3: 55}, "low": None}],
        "returned": {3: 20},
        "show_order": [],
        "stacks": [495, 475, 530],
    }


# --- a hand to showdown ----------------------------------------------------------------------

HEADS_UP = {
    "third": {"p1": "Ah 2h 3c", "p2": "Qs Qd 7s"},  # up 3c / 7s: p1 brings in
    "fourth": {"p1": "6d", "p2": "Jc"},
    "fifth": {"p1": "Ks", "p2": "Jd"},
    "sixth": {"p1": "5h", "p2": "9h"},
    "seventh": {"p1": "4s", "p2": "5c"},
}


def test_showdown_hand_end_to_end() -> None:
    engine = started([200, 200], HEADS_UP)
    play(engine, "p1 pb", "p2 cc")  # the bring-in has no option: third street is over
    assert (engine.observe()["street"], engine.observe()["to_act"]) == ("fourth", 2)  # J-7 beats 6-3
    play(engine, "p2 cc", "p1 cc")
    assert engine.observe()["to_act"] == 2  # p2 shows jacks
    play(engine, "p2 cbr 40", "p1 cc", "p2 cc", "p1 cc")
    seventh = engine.observe()
    assert seventh["street"] == "seventh" and seventh["seats"][0]["down"] == ["Ah", "2h", "4s"]
    play(engine, "p2 cc", "p1 cbr 40", "p2 cc")
    end = engine.observe()
    # p1: Ah 2h 3c 6d Ks 5h 4s: six-high straight and a 5-4-3-2-A low; p2: queens and jacks, no low
    # each put in 5 + 10 + 40 + 40 = 95; the 190 pot: high 95 and low 95, both to p1
    assert end["result"] == {
        "pots": [{"amount": 190, "eligible": [1, 2], "high": {1: 95}, "low": {1: 95}}],
        "returned": {},
        "show_order": [1, 2],  # p1 raised last on seventh street
        "stacks": [295, 105],
    }


# --- refusals --------------------------------------------------------------------------------


@pytest.mark.parametrize(("action", "code"), [
    ("p2 cc", "not-allowed"),  # the bring-in must post or complete
    ("p2 f", "not-allowed"),
    ("p1 cc", "out-of-turn"),
    ("p2 cbr 30", "wrong-amount"),
    ("p9 f", "no-such-seat"),
    ("p2 raise 20", "malformed-action"),
    ("", "malformed-action"),
])
def test_refusals_map_to_rule_book_codes(action: str, code: str) -> None:
    engine = started([500, 500, 500], THREE_WAY)
    before = engine.observe()
    with pytest.raises(EngineRefusal) as refusal:
        engine.act(action)
    assert refusal.value.code == code
    assert engine.observe() == before  # a refusal changes nothing


def test_pb_off_third_street_is_not_allowed() -> None:
    engine = started([500, 500, 500], THREE_WAY)
    play(engine, "p2 pb", "p3 cc", "p1 f")
    assert engine.observe()["street"] == "fourth"
    with pytest.raises(EngineRefusal) as refusal:
        engine.act("p2 pb")
    assert refusal.value.code == "not-allowed"


def test_cap_reached_after_a_bet_and_three_raises() -> None:
    engine = started([500, 500, 500], THREE_WAY)
    play(engine, "p2 pb", "p3 cbr 20", "p1 cbr 40", "p2 cbr 60", "p3 cbr 80")  # completion + 3 raises
    assert sorted(engine.observe()["legal"]) == ["cc", "f"]
    with pytest.raises(EngineRefusal) as refusal:
        engine.act("p1 cbr 100")
    assert refusal.value.code == "cap-reached"


def test_raise_cap_option_sets_pokerkits_count() -> None:
    options = dict(POKERKIT_OPTIONS, raise_cap=1)
    engine = started([500, 500, 500], THREE_WAY, options)
    play(engine, "p2 pb", "p3 cbr 20", "p1 cbr 40")  # the completion and one raise
    assert sorted(engine.observe()["legal"]) == ["cc", "f"]


def test_hand_over() -> None:
    engine = started([500, 500, 500], THREE_WAY)
    play(engine, "p2 pb", "p3 cbr 20", "p1 f", "p2 f")
    assert engine.observe()["over"]
    with pytest.raises(EngineRefusal) as refusal:
        engine.act("p3 cc")
    assert refusal.value.code == "hand-over"


def test_fold_when_a_check_is_free_is_accepted() -> None:
    # PokerKit's tournament mode refuses it; the adapter plays PokerKit's cash-game mode
    engine = started([500, 500, 500], THREE_WAY)
    play(engine, "p2 pb", "p3 cc", "p1 cc")
    assert "f" in engine.observe()["legal"]
    engine.act(f"p{engine.observe()['to_act']} f")


# --- starting ------------------------------------------------------------------------------


def test_start_refusals() -> None:
    engine = PokerKitEngine()
    cards = [str(card) for card in ALL_CARDS]
    with pytest.raises(EngineRefusal) as refusal:
        engine.start(stacks=[100, 100], stakes=STAKES, deck=cards[:51], profile=None, options=POKERKIT_OPTIONS)
    assert refusal.value.code == "bad-deck"
    with pytest.raises(EngineRefusal) as refusal:
        engine.start(stacks=[100, 100], stakes=STAKES, deck=cards[:51] + cards[:1], profile=None, options=POKERKIT_OPTIONS)
    assert refusal.value.code == "bad-deck"
    with pytest.raises(EngineRefusal) as refusal:
        engine.start(stacks=[100, 100], stakes=STAKES, deck=cards, profile=None, options={"straddle": True})
    assert refusal.value.code == "bad-config"
    with pytest.raises(EngineRefusal) as refusal:  # PokerKit: "The bring-in must be less than the min bet."
        engine.start(stacks=[100, 100], stakes=dict(STAKES, bring_in=20), deck=cards, profile=None, options=POKERKIT_OPTIONS)
    assert refusal.value.code == "bad-config"
    with pytest.raises(EngineRefusal) as refusal:  # actions.error-precedence: the table before the cards
        engine.start(stacks=[100], stakes=STAKES, deck=cards[:51] + cards[:1], profile=None, options=POKERKIT_OPTIONS)
    assert refusal.value.code == "bad-config"


# --- which settings PokerKit can play ------------------------------------------------------


def test_unsupported_default_profile() -> None:
    reason = PokerKitEngine().unsupported(None, {})
    assert reason is not None
    assert "heads_up_raises='unlimited_until_capped'" in reason
    assert "odd_chip_in_half='card_by_suit_all_cards'" in reason


def test_unsupported_tda_profile() -> None:
    reason = PokerKitEngine().unsupported("tda", {})
    assert reason is not None
    assert "odd_chip_in_half='card_by_suit_winning_hand'" in reason
    assert "act_order_ties='high_card_by_suit'" in reason
    assert "raise_cap" not in reason and "heads_up_raises" not in reason  # tda caps at 4, always


@pytest.mark.parametrize("options", [
    POKERKIT_OPTIONS,
    {"heads_up_raises": "capped", "odd_chip_in_half": "seat_order"},
    {"heads_up_raises": "capped", "odd_chip_in_half": "seat_order", "raise_cap": 4, "burn_before_third": True},
    {"heads_up_raises": "capped", "odd_chip_in_half": "seat_order", "deck_exhaustion": "robert"},
])
def test_supported_settings(options: dict[str, Any]) -> None:
    assert PokerKitEngine().unsupported(None, options) is None


@pytest.mark.parametrize("override", [
    {"fourth_street_open_pair_big_bet": True},
    {"heads_up_raises": "unlimited_if_round_starts_heads_up"},
    {"act_order_ties": "high_card_by_suit"},
    {"seventh_street_with_community": "recompute_with_community"},
    {"odd_chip_in_half": "card_by_suit_winning_hand"},
    {"show_first_without_bet": "last_to_act"},
])
def test_unsupported_settings(override: dict[str, Any]) -> None:
    (name, value), = override.items()
    reason = PokerKitEngine().unsupported(None, dict(POKERKIT_OPTIONS, **override))
    assert reason is not None and f"{name}={value!r}" in reason


def test_native_mode_plays_anything() -> None:
    engine = PokerKitEngine(native=True)
    assert engine.name == "pokerkit-native"
    assert engine.unsupported(None, {}) is None
    assert engine.unsupported("tda", {"fourth_street_open_pair_big_bet": True}) is None


def test_burn_before_third() -> None:
    deal = dict(THREE_WAY, third=dict(THREE_WAY["third"], burn="As"))
    engine = started([500, 500, 500], deal, dict(POKERKIT_OPTIONS, burn_before_third=True))
    observed = engine.observe()
    assert observed["seats"][0]["down"] == ["Ah", "Kd"] and observed["to_act"] == 2


# --- evaluation ------------------------------------------------------------------------------


def test_evaluate() -> None:
    engine = PokerKitEngine()
    wheel = engine.evaluate(["Ad", "2d", "3c", "4h", "5s", "Kc", "Ks"])
    assert wheel["high"]["category"] == "straight"
    assert [card[0] for card in wheel["high"]["cards"]] == list("5432A")
    assert [card[0] for card in wheel["low"]["cards"]] == list("5432A")
    boat = engine.evaluate(["9c", "9d", "Kh", "Ks", "9s", "2c", "3d"])
    assert boat["high"]["category"] == "full house" and [c[0] for c in boat["high"]["cards"]] == list("999KK")
    assert boat["low"] is None
    better = engine.evaluate(["6c", "4d", "3h", "2s", "Ac"])["low"]["value"]
    worse = engine.evaluate(["8c", "4d", "3h", "2s", "Ac"])["low"]["value"]
    assert better > worse


# --- the cross-check with the reference engine ----------------------------------------------


def test_differential_agrees_with_deep_stacks() -> None:
    """With nobody all-in, PokerKit and the reference engine (under POKERKIT_OPTIONS) agree on
    every legal move, every turn and every final stack."""
    result = differential(60, seed=7, players=5)
    assert result["different"] == 0, result["differences"][:1]
    result = differential(30, seed=8, fold=False)
    assert result["different"] == 0, result["differences"][:1]


# --- real hands ------------------------------------------------------------------------------

@pytest.mark.parametrize("path", REAL_HANDS, ids=lambda p: p.stem)
def test_real_wsop_hands_replay_to_the_recorded_stacks(path: Path) -> None:
    scenario = scenario_from_record(read_phh(path), "real-999").scenario  # the deal every import makes
    engine = PokerKitEngine(native=True)
    engine.start(stacks=scenario["stacks"], stakes=scenario["stakes"], deck=deck(scenario["deal"]), profile=None, options={})
    for action in scenario["actions"]:
        engine.act(action)
    observed = engine.observe()
    assert observed["over"]
    assert observed["result"]["stacks"] == scenario["outcome"]["stacks"]  # the file's finishing_stacks


# --- where PokerKit 0.7.7 plays differently (facts about PokerKit, worked out from its source) --


def test_pokerkit_gives_every_odd_chip_of_a_tie_to_the_first_player() -> None:
    """Three straights to the nine tie for high (no low: 5-6-7-8 is only four low cards); seat 4
    brought in and folded on fourth. Pot: p1-p3 2 + 3 each, p4 2 + 3: 20 = 3 x 6 + 2. The rule
    book's seat_order gives the two odd chips one each to p1 and p2 (7, 7, 6); PokerKit's
    ChipsPushing gives the whole remainder to the first tied player (8, 6, 6)."""
    deal = {"third": {"p1": "Kc Qd 5c", "p2": "Kd Qh 5d", "p3": "Kh Qs 5h", "p4": "Tc Jc 2c"},
            "fourth": {"p1": "6c", "p2": "6d", "p3": "6h", "p4": "3c"},
            "fifth": {"p1": "7d", "p2": "7h", "p3": "7s"},
            "sixth": {"p1": "8d", "p2": "8h", "p3": "8s"},
            "seventh": {"p1": "9h", "p2": "9s", "p3": "9c"}}
    engine = PokerKitEngine()
    engine.start(stacks=[100] * 4, stakes={"ante": 2, "bring_in": 3, "small_bet": 6, "big_bet": 12},
                 deck=deck(deal), profile=None, options=POKERKIT_OPTIONS)
    play(engine, "p4 pb", "p1 cc", "p2 cc", "p3 cc", "p1 cc", "p2 cc", "p3 cc", "p4 f", *["p1 cc", "p2 cc", "p3 cc"] * 3)
    result = engine.observe()["result"]
    assert result["pots"] == [{"amount": 20, "eligible": [1, 2, 3], "high": {1: 8, 2: 6, 3: 6}, "low": None}]
    assert result["stacks"] == [103, 101, 101, 95]


def test_pokerkit_splits_a_side_pot_nobody_in_it_has_a_low_for() -> None:
    """p1 (all-in for 25) holds the only low; p2 (all-in for 65) the best high; p3 beats p4.
    Rule book: main 100 = 50 high p2 + 50 low p1, side 120 all to p2, side 80 all to p3:
    p2 170, p3 975. PokerKit splits every pot in halves as soon as anyone has a low, and the
    low half of a pot whose players have no low goes to all its remaining players without one:
    side 120 = 60 high p2 + 30 p2 + 30 p3; side 80 = 40 + 40 to p3: p2 140, p3 1005."""
    deal = {"third": {"p1": "Ac 3d 2c", "p2": "Ah Kh Qh", "p3": "Qs Qd Js", "p4": "Kc Ks 9c"},
            "fourth": {"p1": "4d", "p2": "Jh", "p3": "Jd", "p4": "8s"},
            "fifth": {"p1": "5s", "p2": "Th", "p3": "Tc", "p4": "7h"},
            "sixth": {"p1": "Kd", "p2": "9s", "p3": "Ts", "p4": "6c"},
            "seventh": {"p1": "9h", "p2": "9d", "p3": "2s", "p4": "3h"}}
    engine = PokerKitEngine()
    engine.start(stacks=[25, 65, 1000, 1000], stakes=STAKES, deck=deck(deal), profile=None, options=POKERKIT_OPTIONS)
    play(engine, "p1 pb", "p2 cbr 20", "p3 cc", "p4 cc", "p1 cc",  # p1 all-in: 5 + 20
         "p3 cc", "p4 cc", "p2 cbr 20", "p3 cc", "p4 cc",  # p3's jacks act first
         "p3 cc", "p4 cc", "p2 cbr 20", "p3 cc", "p4 cc",  # p2 all-in: 5 + 20 + 20 + 20
         "p3 cbr 40", "p4 cc", "p3 cc", "p4 cc")
    result = engine.observe()["result"]
    assert result["pots"] == [
        {"amount": 100, "eligible": [1, 2, 3, 4], "high": {2: 50}, "low": {1: 50}},
        {"amount": 120, "eligible": [2, 3, 4], "high": {2: 60}, "low": {2: 30, 3: 30}},
        {"amount": 80, "eligible": [3, 4], "high": {3: 40}, "low": {3: 40}},
    ]
    assert result["stacks"] == [50, 140, 1005, 895]


def test_pokerkit_forces_the_next_player_to_bring_in_when_the_low_card_is_all_in() -> None:
    """p2 (up 2c) is all-in on the ante. The rule book lets p3 fold, post or complete;
    PokerKit keeps its bring-in status and makes p3 post or complete."""
    deal = {"third": {"p1": "Ah Kd 9s", "p2": "3h 4d 2c", "p3": "7c 7d Jh"}}
    engine = PokerKitEngine()
    engine.start(stacks=[500, 5, 500], stakes=STAKES, deck=deck(deal), profile=None, options=POKERKIT_OPTIONS)
    observed = engine.observe()
    assert (observed["to_act"], observed["bring_in"]) == (3, 3)
    assert sorted(observed["legal"]) == ["cbr 20", "pb"]

"""The invariants every observation is held to (conformance/suite/invariants.py).

Each invariant is shown to catch a broken observation planted in one or more phases of a real
scenario (third street before and after the bring-in, a later street, after a fold, all-in,
the hand over at a showdown or uncontested, a community card), and to hold on every
observation of the whole suite on the reference engine. The planted observations are the
reference engine's with one realistic mistake; the breach expected is worked out from the
protocol's definition of the field, not from any engine.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from stud8.conformance.engines.api import ReferenceEngine
from stud8.conformance.mutants.run import load_scenarios
from stud8.conformance.suite.deal import scenario_deck
from stud8.conformance.suite.hand_model import HandModel, parse_accepted, seventh_plan
from stud8.conformance.suite.invariants import INVARIANTS, Breach, InvariantWatch, invariants_table, layers
from stud8.conformance.suite.replay import ScenarioFailure, run_scenario
from stud8.conformance.suite.rootcause import attribute
from stud8.conformance.suite.scenarios import Scenario, load_scenario_file, packaged_scenarios_dir
from stud8.spec.rulebook import default_rulebook

Observation = dict[str, Any]
END = -1
PROTOCOL = Path(__file__).resolve().parents[1] / "docs" / "protocol.md"


@functools.cache
def scenario_named(scenario_id: str) -> Scenario:
    """One scenario of the packaged suite, loading only its file."""
    for path in sorted(packaged_scenarios_dir().rglob("*.yaml")):
        if f"id: {scenario_id}\n" in path.read_text(encoding="utf-8"):
            return next(s for s in load_scenario_file(path).scenarios if s.id == scenario_id)
    raise KeyError(scenario_id)


def planted(scenario_id: str, after: int, mutate: Callable[[Observation], None]) -> list[Breach]:
    """Play ``scenario_id`` on the reference engine; every observation up to the one after
    ``after`` accepted actions (-1: all of them) must hold every invariant; that one, mutated,
    is checked."""
    scenario = scenario_named(scenario_id)
    data = scenario.data
    deck = [str(card) for card in scenario_deck(data)]
    engine = ReferenceEngine()
    engine.start(stacks=data["stacks"], stakes=data["stakes"], deck=deck, profile=data.get("profile"),
                 options=data.get("options", {}))
    watch = InvariantWatch.for_replay(data, deck)
    assert watch is not None
    actions = [item for item in data["actions"] if isinstance(item, str)]
    for action in actions[:after] if after >= 0 else actions:
        assert watch.check(engine.observe()) == []
        engine.act(action)
        watch.acted(action)
    broken = copy.deepcopy(engine.observe())
    mutate(broken)
    return watch.check(broken)


def seat(observation: Observation, number: int) -> dict[str, Any]:
    return observation["seats"][number - 1]  # type: ignore[no-any-return]


def set_seat(number: int, key: str, value: Any) -> Callable[[Observation], None]:
    return lambda o: seat(o, number).__setitem__(key, value)


def set_field(key: str, value: Any) -> Callable[[Observation], None]:
    return lambda o: o.__setitem__(key, value)


def set_result(key: str, value: Any) -> Callable[[Observation], None]:
    return lambda o: o["result"].__setitem__(key, value)


def all_seats(key: str, value: Any) -> Callable[[Observation], None]:
    def mutate(observation: Observation) -> None:
        for entry in observation["seats"]:
            entry[key] = value
    return mutate


def both(*changes: Callable[[Observation], None]) -> Callable[[Observation], None]:
    def mutate(observation: Observation) -> None:
        for change in changes:
            change(observation)
    return mutate


def returned_kept(observation: Observation) -> None:
    """The implementer subtracts the uncalled chips from what the seat put in."""
    for number, amount in observation["result"]["returned"].items():
        seat(observation, int(number))["contributed"] -= amount


def odd_chip_low(observation: Observation) -> None:
    """The odd chip of a split pot goes to the low half."""
    pot = observation["result"]["pots"][0]
    (high_seat,) = pot["high"]
    (low_seat,) = pot["low"]
    pot["high"][high_seat] -= 1
    pot["low"][low_seat] += 1


def chip_moved(observation: Observation) -> None:
    """One chip of the payout lands on the wrong seat (the total is kept)."""
    stacks = observation["result"]["stacks"]
    stacks[0] += 1
    stacks[1] -= 1
    for number, stack in enumerate(stacks, start=1):
        seat(observation, number)["stack"] = stack


def pots_merged(observation: Observation) -> None:
    pots = observation["pots"]
    observation["pots"] = [{"amount": sum(pot["amount"] for pot in pots), "eligible": pots[0]["eligible"]}]


def uncontested_split(observation: Observation) -> None:
    pot = observation["result"]["pots"][0]
    (winner,) = pot["high"]
    pot["high"] = {winner: pot["amount"] - pot["amount"] // 2}
    pot["low"] = {winner: pot["amount"] // 2}


def extra_card_to_folded(observation: Observation) -> None:
    seat(observation, 3)["up"].append("2d")


# (what was planted, scenario, accepted actions before the observation, mistake, invariant broken)
# act-order-003: p3 brings in, p2 bets fourth street, p3 and p1 fold (uncontested, 20 back).
# betting-024: p1 calls all-in on fourth street; a showdown with a side pot.
# betting-037: heads-up, p2 raises all-in; p1 may only call or fold.
# betting-006: third street capped at 80 with three players.
# showdown-010: three players check seventh street; 255 split 128 high (p2), 127 low (p3).
# betting-112: p2 bets last on seventh street, three players show.
# deck-100: eight players, seventh street dealt as a community card (deck.tda-community).
PLANTED: list[tuple[str, str, int, Callable[[Observation], None], str]] = [
    ("a seat left out", "act-order-003", 0, lambda o: o["seats"].pop(), "seats-listed"),
    ("seats out of order", "betting-024", 7, lambda o: o["seats"].reverse(), "seats-listed"),
    ("the ante counted as committed", "act-order-003", 0, all_seats("committed", 5), "committed-follows-actions"),
    ("committed reset when the hand ended", "act-order-003", 6, set_seat(2, "committed", 0), "committed-follows-actions"),
    ("committed not reset on a new street", "act-order-003", 3, set_seat(3, "committed", 10), "committed-follows-actions"),
    ("a short bring-in call short", "betting-037", 1, set_seat(1, "committed", 5), "committed-follows-actions"),
    ("a folded seat's chips forgotten", "act-order-003", 5, set_seat(3, "contributed", 0), "contributed-follows-actions"),
    ("uncalled chips taken off contributed", "act-order-003", 6, returned_kept, "contributed-follows-actions"),
    ("a folded seat's stack refunded", "act-order-003", 5, set_seat(3, "stack", 1000), "chips-conserved"),
    ("a call charged twice", "betting-024", 8, set_seat(2, "stack", 935), "chips-conserved"),
    ("a chip lost at the end", "betting-024", END, lambda o: seat(o, 2).__setitem__("stack", seat(o, 2)["stack"] - 1),
     "chips-conserved"),
    ("the pot without the antes", "act-order-003", 0, set_field("pot", 0), "pot-is-every-chip"),
    ("the pot less the uncalled chips at the end", "act-order-003", 6, set_field("pot", 25), "pot-is-every-chip"),
    ("side pots merged", "betting-024", 8, pots_merged, "pots-layered"),
    ("a folded seat eligible", "act-order-003", 5,
     lambda o: o["pots"][0].__setitem__("eligible", [1, 2, 3]), "pots-layered"),
    ("folds forgotten when the hand ends", "act-order-003", 6, all_seats("folded", False), "folded-seats"),
    ("all_in cleared by the payout", "betting-024", END, all_seats("all_in", False), "all-in-seats"),
    ("all_in before anyone is", "act-order-003", 1, set_seat(1, "all_in", True), "all-in-seats"),
    ("a folded seat's cards emptied", "act-order-003", 5, both(set_seat(3, "up", []), set_seat(3, "down", [])),
     "cards-as-dealt"),
    ("a card dealt to a folded seat", "act-order-003", 5, extra_card_to_folded, "cards-as-dealt"),
    ("up and down swapped on third street", "act-order-003", 0,
     both(set_seat(1, "up", ["Qh"]), set_seat(1, "down", ["As", "Jh"])), "cards-as-dealt"),
    ("the community card missing", "deck-100", 41, set_field("community", None), "community-card"),
    ("a community card in a normal hand", "betting-024", END, set_field("community", "2c"), "community-card"),
    ("the street goes back", "act-order-003", 4, set_field("street", "third"), "street-advances"),
    ("a street dealt after the last player folded", "act-order-003", 6, set_field("street", "fifth"),
     "street-advances"),
    ("no result when the hand is over", "act-order-003", 6, set_field("result", None), "over-and-result"),
    ("the hand goes on with one player", "act-order-003", 6,
     both(set_field("over", False), set_field("result", None), set_field("to_act", 2), set_field("legal", ["cc"])),
     "over-and-result"),
    ("a turn after the hand ended", "act-order-003", 6, set_field("to_act", 2), "turn-when-over"),
    ("an all-in seat in turn", "betting-037", 4, set_field("to_act", 2), "turn-when-over"),
    ("the bring-in acts twice", "act-order-003", 1, set_field("to_act", 3), "turn-moves-clockwise"),
    ("the turn skips a seat", "betting-024", 1, set_field("to_act", 3), "turn-moves-clockwise"),
    ("bring_in forgotten on a later street", "act-order-003", 3, set_field("bring_in", None), "bring-in-seat"),
    ("bring_in on the highest card", "act-order-003", 0, set_field("bring_in", 1), "bring-in-seat"),
    ("bring_in dropped after the hand ended", "act-order-003", 6, set_field("bring_in", None), "bring-in-seat"),
    ("the full raise and the all-in both offered", "betting-024", 1, set_field("legal", ["f", "cc", "cbr 20", "cbr 40"]),
     "legal-shape"),
    ("a fold offered to the forced bring-in", "act-order-003", 0, set_field("legal", ["f", "pb", "cbr 20"]),
     "legal-bring-in"),
    ("the bring-in offered again", "act-order-003", 1, set_field("legal", ["f", "cc", "pb", "cbr 20"]),
     "legal-bring-in"),
    ("no fold on a checked street", "act-order-003", 3, set_field("legal", ["cc", "cbr 20"]), "legal-bring-in"),
    ("a big bet on fourth street", "act-order-003", 3, set_field("legal", ["f", "cc", "cbr 40"]), "legal-amounts"),
    ("a raise beyond the stack", "betting-024", 7, set_field("legal", ["f", "cc", "cbr 60"]), "legal-amounts"),
    ("a raise nobody can answer", "betting-037", 4, set_field("legal", ["f", "cc", "cbr 60"]), "legal-answerable"),
    ("a raise past the cap", "betting-006", 5, set_field("legal", ["f", "cc", "cbr 100"]), "legal-cap"),
    ("uncalled chips not returned", "act-order-003", 6, set_result("returned", {}), "returned-uncalled"),
    ("a returned seat listed with 0", "betting-024", END, set_result("returned", {"1": 0}), "returned-uncalled"),
    ("result pots with the uncalled chips", "act-order-003", 6,
     lambda o: o["result"]["pots"][0].__setitem__("amount", 65), "result-pots-layered"),
    ("the odd chip to the low half", "showdown-010", END, odd_chip_low, "awards-add-up"),
    ("an uncontested pot split", "act-order-003", 6, uncontested_split, "awards-add-up"),
    ("a chip paid to the wrong seat", "betting-024", END, chip_moved, "payout-balances"),
    ("seats' stacks before the payout", "act-order-003", 6, set_seat(2, "stack", 965), "payout-balances"),
    ("the winner shows an uncontested hand", "act-order-003", 6, set_result("show_order", [2]), "uncontested-result"),
    ("the show order counter-clockwise", "showdown-010", END,
     lambda o: o["result"].__setitem__("show_order", list(reversed(o["result"]["show_order"]))), "show-order"),
    ("the seventh-street bettor not first to show", "betting-112", END, set_result("show_order", [3, 1, 2]),
     "show-order"),
]


@pytest.mark.parametrize(("what", "scenario_id", "after", "mutate", "name"), PLANTED, ids=[row[0] for row in PLANTED])
def test_a_planted_mistake_breaks_its_invariant(what: str, scenario_id: str, after: int,
                                                mutate: Callable[[Observation], None], name: str) -> None:
    breaches = planted(scenario_id, after, mutate)
    assert name in [breach.invariant for breach in breaches], f"{what}: {breaches}"


def test_every_invariant_is_planted_somewhere() -> None:
    assert {item.name for item in INVARIANTS} == {row[4] for row in PLANTED}


def test_the_untouched_observation_holds() -> None:
    for _, scenario_id, after, _, _ in PLANTED:
        assert planted(scenario_id, after, lambda o: None) == [], scenario_id


def test_planted_observations_cover_every_phase() -> None:
    """Mistakes are planted before and after the bring-in, on a later street, after a fold, with a
    seat all-in, after a showdown, after an uncontested end and with a community card."""
    phases: set[str] = set()
    for _, scenario_id, after, _, _ in PLANTED:
        def note(observation: Observation) -> None:
            live = [entry for entry in observation["seats"] if not entry["folded"]]
            if observation["over"]:
                phases.add("uncontested" if len(live) == 1 else "showdown")
            elif observation["street"] == "third":
                phases.add("bring-in due" if not any(e["committed"] for e in observation["seats"]) else "after bring-in")
            else:
                phases.add("later street")
            if len(live) < len(observation["seats"]):
                phases.add("after a fold")
            if any(entry["all_in"] for entry in observation["seats"]):
                phases.add("all-in")
            if observation["community"]:
                phases.add("community card")
        planted(scenario_id, after, note)
    assert phases == {"bring-in due", "after bring-in", "later street", "after a fold", "all-in", "showdown",
                      "uncontested", "community card"}


def test_every_breach_cites_a_rule_of_the_book_and_a_protocol_section() -> None:
    rules = set(default_rulebook().rule_ids)
    text = PROTOCOL.read_text(encoding="utf-8")
    for item in INVARIANTS:
        assert item.rule in rules, item.name
        assert f"`{item.name}`" in text, f"{item.name} is not listed in docs/protocol.md"
    for what, scenario_id, after, mutate, _ in PLANTED:
        for breach in planted(scenario_id, after, mutate):
            assert breach.rule in rules, (what, breach)


def test_the_protocol_page_shows_the_invariants_table() -> None:
    section = PROTOCOL.read_text(encoding="utf-8").split("#### Invariants", 1)[1]
    assert "\n".join(invariants_table()) in section, \
        "docs/protocol.md's invariants table is stale: paste invariants_table() (conformance/suite/invariants.py)"


# --- the whole suite -----------------------------------------------------------------------------


def test_every_observation_of_the_suite_holds_on_the_reference_engine() -> None:
    checked = 0
    for scenario in load_scenarios():
        if scenario.kind != "replay":
            continue
        run_scenario(ReferenceEngine(), scenario)  # raises ScenarioFailure on any breach
        checked += 1
    assert checked > 500


class BrokenAfterTheEnd(ReferenceEngine):
    """An engine that clears ``folded`` once the hand is over: no checkpoint of the suite looks."""

    def observe(self) -> dict[str, Any]:
        observation = super().observe()
        if observation["over"]:
            for entry in observation["seats"]:
                entry["folded"] = False
        return observation


def test_a_replay_reports_a_breach_like_any_difference() -> None:
    scenario = scenario_named("act-order-003")
    with pytest.raises(ScenarioFailure) as caught:
        run_scenario(BrokenAfterTheEnd(), scenario)
    failure = caught.value
    assert failure.check == "invariant.folded-seats"
    assert failure.field == "folded" and failure.expected == ["p1", "p3"] and failure.got == []
    assert failure.at == "outcome" and "invariant folded-seats (observe: folded)" in failure.step
    assert failure.rule == "betting.actions"
    assert attribute(scenario, failure) == "betting.actions"  # the invariant's rule is kept


def test_keep_going_reports_each_invariant_once() -> None:
    class NoPot(ReferenceEngine):
        def observe(self) -> dict[str, Any]:
            return {**super().observe(), "pot": 0}

    with pytest.raises(ScenarioFailure) as caught:
        run_scenario(NoPot(), scenario_named("betting-024"), keep_going=True)
    names = [failure.check for failure in caught.value.all if failure.check.startswith("invariant.")]
    assert names == ["invariant.pot-is-every-chip"]


# --- the book's own pieces -----------------------------------------------------------------------


def test_layers_follow_the_protocol_definition() -> None:
    # p1 all-in 45, p2 65, p3 65 folded: main 135 (p1 p2), side 40 (p2 only: p3 folded)
    assert layers([45, 65, 65], [False, False, True], [True, False, False]) == [(135, ["p1", "p2"]), (40, ["p2"])]
    # two all-ins at one level make one pot; nothing above it is left out
    assert layers([30, 30, 30], [False, False, False], [True, True, False]) == [(90, ["p1", "p2", "p3"])]
    assert layers([5, 5], [False, False], [False, False]) == [(10, ["p1", "p2"])]


@pytest.mark.parametrize(("stub", "burns", "players", "procedure", "want"), [
    (10, 3, 8, "tda", None),  # need 8 + 2: dealt as usual
    (9, 3, 8, "tda", (True, True, False)),  # case A: stub and burns cover 10
    (3, 3, 5, "tda", (False, True, True)),  # deck-100: case B
    (1, 3, 8, "tda", (True, True, True)),  # case C
    (1, 3, 8, "community_card_only", (False, False, True)),  # one card: no burn
    (0, 4, 8, "community_card_only", (True, True, True)),
    (5, 3, 7, "robert", (True, True, False)),
    (4, 3, 7, "robert", (True, False, False)),
])
def test_seventh_street_plans_follow_the_rule_text(stub: int, burns: int, players: int, procedure: str,
                                                   want: tuple[bool, bool, bool] | None) -> None:
    plan = seventh_plan(stub, burns, players, procedure)
    assert (None if plan is None else (plan.recycle, plan.burn, plan.community)) == want


def test_the_book_reads_accepted_actions_as_the_grammar_does() -> None:
    assert parse_accepted("p2 cbr 40") is not None and parse_accepted("p2 cbr 40").amount == 40  # type: ignore[union-attr]
    assert parse_accepted("p9x cc") is None and parse_accepted("p1 raise 4") is None


def test_a_short_bring_in_is_called_in_full() -> None:
    # bring-in.short-stack: p2 posts its last 3 chips; p1's call is the full bring-in of 10
    hand = HandModel([100, 8], {"ante": 5, "bring_in": 10, "small_bet": 20, "big_bet": 40}, {},
                     ["2c", "3c", "4c", "5c", "Ah", "2d"] + [f"{r}s" for r in "23456789TJQKA"])
    hand.acted("p2 pb")
    hand.acted("p1 cc")
    assert hand.committed == [10, 3] and hand.contributed == [15, 8] and hand.all_in(1)

"""The rule book's worked examples agree with their rules (issue 19, item 5).

- Every rule has at least one worked example, and its first example shows the rule as stated:
  played with every option at its default. A second example may change an option only if the
  option is about that rule.
- The deal grid's "acts first" mark agrees with the rules it explains: on third street the
  lowest up card (ace high, then clubs, diamonds, hearts, spades) brings in, and when its player
  is all-in on the ante the mark says so; from fourth street the best board of the players
  still in is shown, and when it belongs to an all-in player the mark names that player. The
  boards are ranked here independently of the renderer (pairs, two pair, trips and quads, then
  high cards; straights and flushes never count).
- An example's prose never contradicts its action rows, where a pattern can be checked: "seat N
  completes to M", "bets M", "raises to M" need that row; an all-in the prose calls "no
  completion" must not be told as "completes".
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from stud8.conformance.suite.scenarios import Scenario, iter_scenarios, load_suite, packaged_scenarios_dir
from stud8.reference.cards import Card
from stud8.spec.rulebook import RuleBook, default_rulebook
from stud8.tools.docs.order import book_rule_ids, engine_rules
from stud8.tools.docs.render import build_book_context, build_catalogue_context, choose_examples
from stud8.tools.docs.scenes import scenario_view

STREETS = ["third", "fourth", "fifth", "sixth", "seventh"]


@pytest.fixture(scope="module")
def book() -> RuleBook:
    return default_rulebook()


@pytest.fixture(scope="module")
def suite(book: RuleBook) -> list[Scenario]:
    files, problems = load_suite([packaged_scenarios_dir()], book)
    assert problems == []
    return list(iter_scenarios(files))


@pytest.fixture(scope="module")
def views(book: RuleBook, suite: list[Scenario]) -> dict[str, dict[str, Any]]:
    return {s.id: scenario_view(s, book) for s in suite}


@pytest.fixture(scope="module")
def examples(book: RuleBook, suite: list[Scenario], views: dict[str, dict[str, Any]]) -> dict[str, list[Scenario]]:
    return choose_examples(book, suite, lambda s: views[s.id])


# --- every rule, shown as stated ---------------------------------------------------------------


def test_every_rule_has_a_worked_example(book: RuleBook, suite: list[Scenario],
                                         examples: dict[str, list[Scenario]]) -> None:
    assert [rule_id for rule_id in book.rule_ids if not examples[rule_id]] == []
    context = build_book_context(book, suite, "en")
    shown = {rule["id"]: rule["examples"] for section in context["sections"] for rule in section["rules"]}
    assert all(shown[rule_id] for rule_id in book_rule_ids(book)), "the book shows each rule's example"
    catalogue = build_catalogue_context(book, suite)
    engine = {rule["id"]: rule["examples"] for rule in catalogue["engine_rules"]}
    assert sorted(engine) == sorted(engine_rules(book)) and all(engine.values()), (
        "the catalogue shows each engine rule's example")


def _changed(scenario: Scenario, book: RuleBook) -> dict[str, Any]:
    if scenario.kind != "replay":
        return {}
    values = book.resolve_options(scenario.data.get("profile"), scenario.data.get("options") or {})
    return {name: value for name, value in values.items() if value != book.options[name].default}


def test_each_rule_is_first_shown_as_stated(book: RuleBook, examples: dict[str, list[Scenario]]) -> None:
    for rule_id, chosen in examples.items():
        assert _changed(chosen[0], book) == {}, f"{rule_id}: {chosen[0].id} is played with an option changed"
        for scenario in chosen[1:]:
            for name in _changed(scenario, book):
                assert rule_id in book.options[name].rules, f"{rule_id}: {scenario.id} changes {name}, not its option"


def test_an_example_with_an_option_changed_comes_after_the_default(book: RuleBook, suite: list[Scenario],
                                                                      views: dict[str, dict[str, Any]]) -> None:
    """Two teaching examples of one rule, the option one first in the suite: the default one is shown first."""
    by_id = {s.id: s for s in suite}
    option_one = dataclasses.replace(by_id["deal-005"], data={**by_id["deal-005"].data, "teaching": "deal.burns"})
    default_one = by_id["deal-003"]
    chosen = choose_examples(book, [option_one, default_one], lambda s: views[s.id])
    assert [s.id for s in chosen["deal.burns"]] == ["deal-003", "deal-005"]


def test_refusals_are_shown_only_under_a_rule_about_them(examples: dict[str, list[Scenario]],
                                                        views: dict[str, dict[str, Any]], book: RuleBook) -> None:
    statements = {r["id"]: r["statement"] for s in book.data["sections"] for r in s["rules"]}
    for rule_id, chosen in examples.items():
        for scenario in chosen:
            replay = views[scenario.id].get("replay")
            refused = replay is not None and (replay["start_error"] or any(
                item["refused"] for round_ in replay["rounds"] or [] for item in round_["actions"]))
            if refused:
                assert "refused" in statements[rule_id] or "does not start" in statements[rule_id], rule_id
                assert scenario.data.get("teaching") == rule_id


# --- the acts-first marks ----------------------------------------------------------------------


def exposed_key(cards: list[Card]) -> tuple[int, tuple[int, ...]]:
    """act-order.exposed-ranking, written out again: the size of the groups first (quads, trips,
    two pair, pair, high card), then the grouped ranks, then the others, highest first."""
    counts = Counter(int(card.rank) for card in cards)
    groups = sorted(counts.values(), reverse=True)
    category = {4: 4, 3: 3}.get(groups[0], 2 if groups[0] == 2 and len(groups) > 1 and groups[1] == 2
                                else 1 if groups[0] == 2 else 0)
    ranks = tuple(sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True))
    return category, ranks


def _cards(views: list[Any]) -> list[Card]:
    return [Card.parse(view.code) for view in views]


def marked(views: dict[str, dict[str, Any]], book: RuleBook,
           suite: list[Scenario]) -> Iterator[tuple[str, dict[str, Any], dict[str, Any], dict[str, Any]]]:
    """(scenario id, replay view, resolved options, mark) for every mark of every replay the book could show."""
    by_id = {s.id: s for s in suite}
    for scenario_id, view in views.items():
        replay = view.get("replay")
        if not replay or not replay["rounds"] or not replay["mark_list"]:
            continue
        data = by_id[scenario_id].data
        values = book.resolve_options(data.get("profile"), data.get("options") or {})
        for mark in replay["mark_list"]:
            yield scenario_id, replay, values, mark


def _state_before(replay: dict[str, Any], street: str) -> tuple[set[str], set[str]]:
    """The seats folded and the seats all-in before the first action of ``street``."""
    folded: set[str] = set()
    all_in: set[str] = set()
    for round_ in replay["rounds"]:
        if round_["street"] == street:
            break
        for item in round_["actions"]:
            if item["refused"]:
                continue
            if item["verb"] == "folds":
                folded.add(item["seat"])
            if item["all_in"]:
                all_in.add(item["seat"])
    return folded, all_in


def _boards(replay: dict[str, Any], street: str) -> dict[str, list[Card]]:
    """Each seat's up cards as they stand for ``street`` (seventh: the sixth-street board)."""
    last = STREETS.index(street) if street != "seventh" else STREETS.index("sixth")
    boards: dict[str, list[Card]] = {}
    for row in replay["deal_rows"]:
        if row["burn"]:
            continue
        cards: list[Card] = []
        for column, cell in zip(replay["columns"], row["cells"]):
            if column["face"] == "up" and STREETS.index(column["street"]) <= last:
                cards.extend(_cards(cell))
        boards[row["seat"]] = cards
    return boards


def test_acts_first_marks_agree_with_the_rules(views: dict[str, dict[str, Any]], book: RuleBook,
                                               suite: list[Scenario]) -> None:
    checked = skipped = 0
    for scenario_id, replay, values, mark in marked(views, book, suite):
        street = mark["street"]
        folded, all_in = _state_before(replay, street)
        boards = _boards(replay, street)
        owner = mark["skipped"] or mark["seat"]
        if mark["skipped"]:
            skipped += 1
            assert mark["skipped"] in all_in and mark["skipped"] != mark["seat"], scenario_id
        if street == "third":
            doors = {seat: cards[0] for seat, cards in boards.items() if cards}
            lowest = min(doors, key=lambda seat: doors[seat])
            assert owner == lowest and _cards(mark["cards"]) == [doors[lowest]], (scenario_id, mark)
        else:
            if values["seventh_street_with_community"] == "recompute_with_community" and replay["community"]:
                continue  # the community card counts: not this check's reading
            live = {seat: cards for seat, cards in boards.items() if seat not in folded and cards}
            best = max(exposed_key(cards) for cards in live.values())
            assert exposed_key(live[owner]) == best, (scenario_id, street, mark)
            assert sorted(_cards(mark["cards"])) == sorted(live[owner]), (scenario_id, street)
            if not mark["skipped"]:
                assert exposed_key(live[mark["seat"]]) == best, (scenario_id, street)
            else:
                assert exposed_key(live[mark["seat"]]) < best, (scenario_id, street)
        checked += 1
    assert checked > 400 and skipped >= 3, (checked, skipped)


def test_a_best_board_all_in_is_named_in_the_mark(views: dict[str, dict[str, Any]]) -> None:
    """act-order-021: the all-in seat 3 pairs its eights; seat 1 acts first, and the mark says whose board is best."""
    marks = {m["street"]: m for m in views["act-order-021"]["replay"]["mark_list"]}
    assert marks["fourth"]["seat"] == "p1" and marks["fourth"]["skipped"] == "p3"
    assert marks["fourth"]["category"] == "pair" and [c.text for c in marks["fourth"]["cards"]] == ["8♠", "8♥"]
    low = {m["street"]: m for m in views["bring-in-016"]["replay"]["mark_list"]}["third"]
    assert low["seat"] == "p1" and low["skipped"] == "p3" and [c.text for c in low["cards"]] == ["2♣"]


# --- prose against the action rows -------------------------------------------------------------

_CLAIM = re.compile(r"\bseat (\d) (completes|bets|raises)(?: by one small bet,)?(?: all-in)?(?: to)? (\d+)", re.IGNORECASE)
_ALL_IN_FOR = re.compile(r"(?:seat (\d)[^.;]*?)?all-in for (\d+)", re.IGNORECASE)
_NOT_COMPLETION = re.compile(r"\b(no completion|not a completion|is no completion)\b")


def prose_problems(view: dict[str, Any]) -> list[str]:
    """Where a scenario's description says what a seat did and its action rows say otherwise."""
    replay = view.get("replay")
    if not replay or not replay["rounds"]:
        return []
    rows = [(item["seat"], item["verb"], item["amount"]) for round_ in replay["rounds"]
            for item in round_["actions"] if not item["refused"]]
    text = " ".join(view["description"].split())
    problems = []
    for seat, verb, amount in _CLAIM.findall(text):
        if (f"p{seat}", verb, int(amount)) not in rows:
            problems.append(f"says seat {seat} {verb} {amount}")
    sentences = re.split(r"(?<=[.:;])\s", text)
    for index, sentence in enumerate(sentences):
        if _NOT_COMPLETION.search(sentence):  # the all-in it speaks of: this sentence or the one before
            for seat, amount in _ALL_IN_FOR.findall(" ".join(sentences[max(0, index - 1):index + 1])):
                told = [r for r in rows if r[1] == "completes" and r[2] == int(amount) and (not seat or r[0] == f"p{seat}")]
                if told:
                    problems.append(f"says the all-in for {amount} is no completion, the rows say {told[0][0]} completes")
    return problems


def test_prose_never_contradicts_the_action_rows(views: dict[str, dict[str, Any]]) -> None:
    found = {scenario_id: problems for scenario_id, view in views.items() if (problems := prose_problems(view))}
    assert found == {}
    claims = sum(len(_CLAIM.findall(view["description"])) for view in views.values() if view.get("replay"))
    assert claims >= 10, "the check reads real claims"


def test_the_prose_check_finds_a_contradiction(views: dict[str, dict[str, Any]]) -> None:
    view = views["bring-in-019"]
    rows = view["replay"]["rounds"][1]["actions"]
    assert any(item["seat"] == "p2" and item["verb"] == "raises" and item["amount"] == 4 for item in rows)
    broken = {**view, "replay": {**view["replay"], "rounds": [
        {**round_, "actions": [{**item, "verb": "completes"} if item["seat"] == "p2" else item
                               for item in round_["actions"]]} for round_ in view["replay"]["rounds"]]}}
    assert prose_problems(broken) == ["says the all-in for 4 is no completion, the rows say p2 completes"]
    claimed = {**view, "description": "Seat 3 completes to 10 at once."}
    assert prose_problems(claimed) == ["says seat 3 completes 10"]

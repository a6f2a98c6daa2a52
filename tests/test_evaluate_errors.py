"""The ``evaluate-error`` scenario kind (issue 26 item 6): an evaluate request the engine must
refuse, and the code it must refuse it with (rule actions.bad-cards).

The validator refuses a scenario of that kind that asks nothing refusable; the runner fails an
engine that evaluates such a request or refuses it with another code; and the suite's
scenarios of the kind catch every way of getting the rule wrong planted here (each a mistake an
implementer could make, in a different part of the request's checks).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from stud8.conformance.engines.api import EngineRefusal, ReferenceEngine
from stud8.conformance.suite.replay import ScenarioFailure, run_scenario
from stud8.conformance.suite.scenarios import (
    Scenario,
    iter_scenarios,
    load_suite,
    packaged_scenarios_dir,
    scenarios_from_document,
)
from stud8.spec.yamlio import load_yaml

SCENARIO = """\
scenarios:
  - id: actions-790
    kind: evaluate-error
    title: A request checked by the validator
    rules: [actions.bad-cards]
    description: Only here to be checked.
    cards: {cards}
    code: {code}
"""


def _problems(cards: str, code: str = "bad-card") -> list[tuple[str, str]]:
    document = load_yaml(SCENARIO.format(cards=cards, code=code), "inline.yaml")
    return [(problem.code, problem.message) for problem in scenarios_from_document(document, "inline.yaml").problems]


@pytest.mark.parametrize("cards", ["[As, Kd, Qh, Jc]", "[As, Kd, Qh, Jc, Td, 9s, 8h, 7c]", "[As, Kd, Qh, Jc, As]",
                                   "[10h, Jh, Qh, Kh, Ah]", "[]", '["", Kd, Qh, Jc, Td]'])
def test_a_refusable_request_validates(cards: str) -> None:
    assert _problems(cards) == []


@pytest.mark.parametrize("cards", ["[As, Kd, Qh, Jc, Td]", "[As, Kd, Qh, Jc, Td, 9s, 8h]"])
def test_five_to_seven_distinct_cards_are_no_evaluate_error(cards: str) -> None:
    [(code, message)] = _problems(cards)
    assert code == "evaluable-cards" and "must evaluate" in message


def test_the_code_must_be_an_evaluate_refusal() -> None:
    assert [code for code, _ in _problems("[As, Kd, Qh, Jc]", "bad-deck")] == ["not-an-evaluate-error"]
    assert [code for code, _ in _problems("[As, Kd, Qh, Jc]", "no-such-code")] == ["unknown-error-code"]


def test_card_texts_that_would_break_the_catalogue_are_refused_by_the_schema() -> None:
    assert [code for code, _ in _problems('["A`s", Kd, Qh, Jc]')] == ["schema"]
    assert [code for code, _ in _problems('["A|s", Kd, Qh, Jc]')] == ["schema"]


@pytest.fixture(scope="module")
def evaluate_errors() -> list[Scenario]:
    files, problems = load_suite([packaged_scenarios_dir()])
    assert problems == []
    found = [scenario for scenario in iter_scenarios(files) if scenario.kind == "evaluate-error"]
    assert len(found) >= 12
    return found


def test_the_reference_engine_refuses_every_one(evaluate_errors: list[Scenario]) -> None:
    engine = ReferenceEngine()
    for scenario in evaluate_errors:
        run_scenario(engine, scenario)


class Planted(ReferenceEngine):
    """The reference engine whose evaluate request is first rewritten by ``mistake``; a rewrite
    that returns None refuses with ``code`` instead (a mistaken code)."""

    def __init__(self, mistake: Callable[[list[str]], list[str] | None], code: str = "bad-card") -> None:
        super().__init__()
        self.mistake = mistake
        self.code = code

    def evaluate(self, cards: Sequence[str]) -> dict[str, Any]:
        rewritten = self.mistake(list(cards))
        if rewritten is None:
            raise EngineRefusal(self.code, "refused")
        return super().evaluate(rewritten)


def _best_five_of_any(cards: list[str]) -> list[str]:
    """Values more than seven cards as their best five (here: the first seven)."""
    return cards[:7] if len(cards) > 7 else cards


def _drop_repeats(cards: list[str]) -> list[str]:
    return list(dict.fromkeys(cards))


def _ten_as_two_digits(cards: list[str]) -> list[str]:
    return ["T" + card[2:] if card.startswith("10") else card for card in cards]


def _split_glued(cards: list[str]) -> list[str]:
    return [text[i:i + 2] for text in cards for i in range(0, len(text), 2)]


def _pad_short_hands(cards: list[str]) -> list[str]:
    """Fills a short hand with low cards nobody holds, instead of refusing it."""
    spare = [card for card in ("2c", "3c", "4c", "5c", "6c") if card not in cards]
    return cards + spare[:max(0, 5 - len(cards))]


def _skip_empty_texts(cards: list[str]) -> list[str]:
    return [card for card in cards if card]


def _wrong_code(cards: list[str]) -> None:
    return None


MISTAKES: dict[str, Planted] = {
    "more than seven cards valued": Planted(_best_five_of_any),
    "a repeated card dropped": Planted(_drop_repeats),
    "10h read as a ten": Planted(_ten_as_two_digits),
    "two cards in one text split": Planted(_split_glued),
    "a short hand padded": Planted(_pad_short_hands),
    "an empty text skipped": Planted(_skip_empty_texts),
    "refused with bad-config": Planted(_wrong_code, "bad-config"),
}


@pytest.mark.parametrize("name", list(MISTAKES))
def test_every_planted_mistake_is_caught(name: str, evaluate_errors: list[Scenario]) -> None:
    engine = MISTAKES[name]
    caught = []
    for scenario in evaluate_errors:
        try:
            run_scenario(engine, scenario)
        except ScenarioFailure as failure:
            caught.append(scenario.id)
            assert failure.check == "evaluate.refusal"
    assert caught, f"no evaluate-error scenario catches: {name}"

"""``stud8.conformance.suite.scenarios``: loading scenario files and every semantic check.

Each file under tests/data/invalid/ is a minimal scenario file broken in one way (its first
line says how); each must give exactly the expected problem, at the expected place.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from stud8.conformance.suite.scenarios import (
    find_scenario_files,
    load_scenario_file,
    load_suite,
    packaged_scenarios_dir,
    scenarios_from_document,
    suite_problems,
)
from stud8.spec.yamlio import load_yaml

DATA = Path(__file__).parent / "data"
INVALID = DATA / "invalid"

# file -> [(code, line, column, message)]
EXPECTED: dict[str, list[tuple[str, int, int, str]]] = {
    "bad-card-text.yaml": [
        ("schema", 8, 5, ("scenarios/0/cards: '8c 6d 4h 2s Zc' does not match "
                          "'^\\\\s*[2-9TJQKA][cdhs](\\\\s+[2-9TJQKA][cdhs])*\\\\s*$'")),
    ],
    "repeated-card.yaml": [("repeated-card", 8, 5, "card 8c appears twice in '8c 6d 4h 2s Ac 8c'")],
    "card-count.yaml": [("card-count", 8, 5, "8 cards where 5 to 7 are needed: '8c 6d 4h 2s Ac Kd Qd Jd'")],
    "foreign-high.yaml": [("foreign-card", 9, 33, "the high hand uses a card that is not among the cards")],
    "foreign-low.yaml": [("foreign-card", 10, 11, "the low hand uses a card that is not among the cards")],
    "unknown-rule.yaml": [("unknown-rule", 6, 28, "rule id 'low.no-such-rule' is not in the rule book")],
    "unknown-field.yaml": [
        ("schema", 11, 5, "scenarios/0: Unevaluated properties are not allowed ('surprise' was unexpected)"),
    ],
    "compare-unknown-hand.yaml": [
        ("unknown-hand", 9, 5, "high ordering names 'flush', which is not in hands"),
        ("repeated-hand", 10, 5, "low ordering names a hand twice"),
    ],
    "unknown-option.yaml": [("unknown-option", 8, 29, "option 'no_such_option' is not in the rule book")],
    "bad-option-value.yaml": [("bad-option-value", 8, 15, "option raise_cap=0 must be at least 1")],
    "unknown-profile.yaml": [("unknown-profile", 8, 5, "profile 'casino' is not in the rule book")],
    "unknown-error-code.yaml": [("unknown-error-code", 15, 25, "error code 'not-your-turn' is not in the rule book")],
    "start-error-unknown.yaml": [("unknown-error-code", 8, 5, "error code 'no-good' is not in the rule book")],
    "deal-seats.yaml": [("deal-seats", 11, 7, "third street must list every seat: missing p3")],
    "no-such-seat-action.yaml": [("no-such-seat", 15, 9, "seat p3 is not at this 2-seat table")],
    "no-such-seat-checkpoint.yaml": [("no-such-seat", 13, 39, "seat p4 is not at this 2-seat table")],
    "no-such-seat-deal.yaml": [("no-such-seat", 12, 24, "seat p5 is not at this 2-seat table")],
    "repeated-card-deal.yaml": [("repeated-card", 12, 24, "card Ah is dealt twice (also third p1)")],
    "stacks-length.yaml": [("seat-count", 13, 30, "stacks lists 3 seats, the table has 2")],
    "outcome-stacks-length.yaml": [("seat-count", 17, 7, "outcome lists 3 stacks, the table has 2")],
    "chips-not-conserved.yaml": [
        ("chips-not-conserved", 17, 7, "final stacks add up to 210, the starting stacks to 200"),
    ],
    "pot-not-paid.yaml": [("pot-not-paid", 19, 11, "the halves pay 12 of a pot of 10")],
    "ineligible-winner.yaml": [("ineligible-winner", 19, 61, "p1 wins from a pot it is not eligible for")],
    "missing-outcome.yaml": [("missing-outcome", 16, 5, "a hand that starts needs an outcome")],
}


def findings(path: Path) -> list[tuple[str, int, int, str]]:
    loaded = load_scenario_file(path, display=path.name)
    assert all(problem.path == path.name for problem in loaded.problems)
    return [(p.code, p.line, p.column, p.message) for p in loaded.problems]


def test_every_invalid_file_has_an_expectation() -> None:
    assert sorted(p.name for p in INVALID.glob("*.yaml")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_invalid_file(name: str) -> None:
    assert findings(INVALID / name) == EXPECTED[name]


@pytest.mark.parametrize("folder", ["valid", "replay", "wrong"])
def test_valid_files_have_no_problems(folder: str) -> None:
    for path in find_scenario_files([DATA / folder]):
        loaded = load_scenario_file(path)
        assert loaded.problems == []
        assert loaded.scenarios


def test_scenarios_are_built_with_their_line() -> None:
    loaded = load_scenario_file(DATA / "valid" / "hands.yaml", display="hands.yaml")
    assert [(s.id, s.kind, s.line, s.path) for s in loaded.scenarios] == [
        ("testhand-001", "hand", 3, "hands.yaml"),
        ("testhand-002", "hand", 12, "hands.yaml"),
        ("testhand-003", "compare", 21, "hands.yaml"),
    ]
    first = loaded.scenarios[0]
    assert first.rules == ("low.qualifier", "low.ace-low")
    assert first.area == "low"
    assert first.title == "(test) An eight-six-four-deuce-ace makes an eight-low"
    assert first.data["cards"] == "8c 6d 4h 2s Ac"


def test_a_schema_error_stops_before_semantic_checks() -> None:
    loaded = load_scenario_file(INVALID / "bad-card-text.yaml")
    assert loaded.scenarios == []


def test_semantic_problems_keep_the_scenarios() -> None:
    loaded = load_scenario_file(INVALID / "unknown-rule.yaml")
    assert [s.id for s in loaded.scenarios] == ["testbad-006"]


def test_yaml_error_becomes_a_problem(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text("scenarios:\n  - id: a-001\n    id: a-002\n", encoding="utf-8")
    loaded = load_scenario_file(path)
    assert loaded.scenarios == []
    assert [(p.code, p.line, p.column) for p in loaded.problems] == [("duplicate-key", 3, 5)]


def test_missing_file_becomes_a_problem(tmp_path: Path) -> None:
    loaded = load_scenario_file(tmp_path / "missing.yaml", display="missing.yaml")
    assert [(p.path, p.code) for p in loaded.problems] == [("missing.yaml", "unreadable")]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "(top): None is not of type 'object'"),
        ("scenarios: []\n", "scenarios: [] should be non-empty"),
        ("other: 1\n", "(top): 'scenarios' is a required property"),
    ],
)
def test_top_level_shape(text: str, message: str) -> None:
    loaded = scenarios_from_document(load_yaml(text, "t.yaml"), "t.yaml")
    assert ("schema", 1, 1, message) in [(p.code, p.line, p.column, p.message) for p in loaded.problems]


def test_unknown_fields_are_pointed_at_in_nested_objects() -> None:
    text = (
        "scenarios:\n"
        "  - id: x-001\n"
        "    kind: hand\n"
        "    title: An unknown field inside the high hand\n"
        "    rules: [low.qualifier]\n"
        "    description: Broken on purpose.\n"
        "    cards: 8c 6d 4h 2s Ac\n"
        "    high:\n"
        "      category: high card\n"
        "      cards: Ac 8c 6d 4h 2s\n"
        "      kicker: Ac\n"
        "    low: null\n"
    )
    loaded = scenarios_from_document(load_yaml(text, "t.yaml"), "t.yaml")
    assert [(p.code, p.line, p.column) for p in loaded.problems] == [("schema", 11, 7)]
    assert "'kicker' was unexpected" in loaded.problems[0].message


def test_schema_problems_are_in_file_order() -> None:
    # Scenario 10 sorts before scenario 2 as text; the problems must follow the lines.
    lines = ["scenarios:"]
    for index in range(11):
        lines += [
            f"  - id: order-{index:03d}",
            "    kind: compare",
            f"    title: Comparison number {index}",
            "    rules: [hands.categories]",
            "    description: Pair beats high card.",
            "    hands: {pair: 2c 2d 7h 8s 9c, ace_high: Ac Kd Qh Js 9d}",
            "    high: pair > ace_high",
        ]
        if index in (2, 10):
            lines.append("    extra: 1")
    document = load_yaml("\n".join(lines) + "\n", "t.yaml")
    loaded = scenarios_from_document(document, "t.yaml")
    assert [(p.line, p.message.split(":")[0]) for p in loaded.problems] == [(23, "scenarios/2"), (80, "scenarios/10")]


def test_bad_option_value_is_allowed_for_a_bad_config_start_error() -> None:
    text = (INVALID / "bad-option-value.yaml").read_text(encoding="utf-8")
    text = text.replace("    options: {raise_cap: 0}\n", "    options: {raise_cap: 0}\n    start_error: bad-config\n")
    text = text.split("    actions:\n")[0] + "    actions: []\n    outcome: null\n"
    loaded = scenarios_from_document(load_yaml(text, "t.yaml"), "t.yaml")
    assert loaded.problems == []


def test_start_error_needs_an_empty_script() -> None:
    text = (INVALID / "unknown-profile.yaml").read_text(encoding="utf-8")
    text = text.replace("    profile: casino\n", "    start_error: bad-config\n")
    loaded = scenarios_from_document(load_yaml(text, "t.yaml"), "t.yaml")
    assert [(p.code, p.line) for p in loaded.problems] == [("start-error-script", 8)]


def test_deck_with_a_repeated_card_is_flagged() -> None:
    text = (INVALID / "unknown-profile.yaml").read_text(encoding="utf-8")
    text = text.replace("    profile: casino\n", "")
    text = text.replace('    deal:\n      third: {p1: "Ah Kd 9s", p2: "2h 2d 3c"}\n',
                        "    deck:\n      - Ah 2h Kd 2d\n      - 9s Ah\n")
    loaded = scenarios_from_document(load_yaml(text, "t.yaml"), "t.yaml")
    assert [(p.code, p.line, p.column) for p in loaded.problems] == [("repeated-card", 10, 5)]


def test_duplicate_ids_and_titles_across_files() -> None:
    files, problems = load_suite([DATA / "dupes"])
    assert [Path(f.path).name for f in files] == ["a.yaml", "b.yaml"]
    a_path, b_path = (str(DATA / "dupes" / name) for name in ("a.yaml", "b.yaml"))
    assert [str(p) for p in problems] == [
        f"{b_path}:4:1: [error] scenario id 'testdup-001' is already used at {a_path}:3 (duplicate-id)",
        f"{b_path}:12:1: [error] title '(TEST) a pair beats high card' is already used by testdup-002 (duplicate-title)",
    ]


def test_each_file_alone_is_valid() -> None:
    for name in ("a.yaml", "b.yaml"):
        assert load_scenario_file(DATA / "dupes" / name).problems == []
        assert suite_problems([load_scenario_file(DATA / "dupes" / name)]) == []


def test_find_scenario_files(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    for name in ("b.yaml", "a.yml", "sub/c.yaml", "notes.txt", "sub/d.json"):
        (tmp_path / name).write_text("x: 1\n", encoding="utf-8")
    given = tmp_path / "notes.txt"
    found = find_scenario_files([tmp_path, given])
    assert [p.relative_to(tmp_path).as_posix() for p in found] == ["a.yml", "b.yaml", "sub/c.yaml", "notes.txt"]


def test_packaged_suite_is_valid() -> None:
    files, problems = load_suite([packaged_scenarios_dir()])
    assert problems == []
    assert len(files) >= 1


def test_several_unknown_fields_point_at_the_first_in_file_order() -> None:
    text = (INVALID / "unknown-field.yaml").read_text(encoding="utf-8")
    text = text.replace("    kind: hand\n", "    kind: hand\n    zzz: 1\n")  # line 5, before 'surprise'
    loaded = scenarios_from_document(load_yaml(text, "t.yaml"), "t.yaml")
    assert [(p.code, p.line, p.column) for p in loaded.problems] == [("schema", 5, 5)]
    assert "'surprise', 'zzz' were unexpected" in loaded.problems[0].message

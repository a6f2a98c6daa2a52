"""``stud8.spec.rulebook``: the packaged rule book, options and profiles, broken rule books."""

from __future__ import annotations

from pathlib import Path

import pytest

from stud8.reference.errors import ConfigError
from stud8.spec.rulebook import (
    OptionSpec,
    RuleBookError,
    default_rulebook,
    load_rulebook_file,
    packaged_rules_path,
)

RULES_TEXT = packaged_rules_path().read_text(encoding="utf-8")


# --- the packaged rule book -------------------------------------------------------------


def test_packaged_rule_book_loads() -> None:
    book = default_rulebook()
    assert book is default_rulebook()  # loaded once
    assert book.path == str(packaged_rules_path())
    assert [street.name for street in book.streets] == ["third", "fourth", "fifth", "sixth", "seventh"]
    assert book.streets[0].cards == ("down", "down", "up") and not book.streets[0].burn
    assert all(street.burn for street in book.streets[1:])
    assert book.streets[-1].cards == ("down",)
    assert [street.bet for street in book.streets] == ["small_bet", "small_bet", "big_bet", "big_bet", "big_bet"]
    assert (book.min_players, book.max_players, book.low_qualifier) == (2, 8, 8)
    assert book.default_profile == "robert"
    assert set(book.profiles) >= {"robert", "tda"}
    assert {"bad-config", "bad-deck", "out-of-turn", "malformed-action"} <= set(book.error_codes)


def test_rule_ids_are_unique_and_in_their_section() -> None:
    book = default_rulebook()
    assert len(book.rule_ids) == len(set(book.rule_ids))
    for section in book.data["sections"]:
        for rule in section["rules"]:
            assert rule["id"].split(".")[0] == section["id"], rule["id"]
    assert book.rule_ids == tuple(rule["id"] for s in book.data["sections"] for rule in s["rules"])
    assert "low.qualifier" in book.rule_ids and "bring-in.suit-order" in book.rule_ids


def test_every_option_names_known_rules() -> None:
    book = default_rulebook()
    for option in book.options.values():
        assert option.rules, option.name
        assert set(option.rules) <= set(book.rule_ids), option.name
        assert option.check(option.default) is None, option.name


# --- options and profiles ---------------------------------------------------------------


def test_defaults() -> None:
    book = default_rulebook()
    values = book.resolve_options()
    assert values == {name: option.default for name, option in book.options.items()}
    assert values["raise_cap"] == 3
    assert values["heads_up_raises"] == "unlimited_until_capped"
    assert values["fourth_street_open_pair_big_bet"] is False
    assert values["burn_before_third"] is False
    assert values["deck_exhaustion"] == "tda"
    assert values["odd_chip_in_half"] == "card_by_suit_all_cards"
    assert book.resolve_options("robert") == values


def test_tda_profile() -> None:
    book = default_rulebook()
    defaults = book.resolve_options()
    values = book.resolve_options("tda")
    changed = {name: value for name, value in values.items() if value != defaults[name]}
    assert changed == {
        "raise_cap": 4,
        "heads_up_raises": "capped",
        "odd_chip_in_half": "card_by_suit_winning_hand",
        "act_order_ties": "high_card_by_suit",
    }


def test_overrides_apply_on_top_of_the_profile() -> None:
    book = default_rulebook()
    values = book.resolve_options("tda", {"raise_cap": 7, "burn_before_third": True})
    assert values["raise_cap"] == 7
    assert values["burn_before_third"] is True
    assert values["heads_up_raises"] == "capped"  # still the profile's
    assert book.resolve_options(None, {"heads_up_raises": "capped"})["raise_cap"] == 3


def test_resolve_does_not_change_the_rule_book() -> None:
    book = default_rulebook()
    book.resolve_options("tda", {"raise_cap": 9})["raise_cap"] = 99
    assert book.profiles["tda"]["raise_cap"] == 4
    assert book.resolve_options()["raise_cap"] == 3


@pytest.mark.parametrize(
    ("profile", "overrides", "message"),
    [
        ("casino", None, "unknown profile 'casino' (profiles: robert, tda)"),
        (None, {"rake": 1}, "unknown option 'rake' (options: "),
        (None, {"raise_cap": 0}, "option raise_cap=0 must be at least 1"),
        (None, {"raise_cap": "3"}, "option raise_cap='3' must be a whole number"),
        (None, {"raise_cap": True}, "option raise_cap=True must be a whole number"),
        ("tda", {"burn_before_third": 1}, "option burn_before_third=1 must be true or false"),
        (None, {"heads_up_raises": "never"},
         "option heads_up_raises='never' must be one of unlimited_until_capped, unlimited_if_round_starts_heads_up, capped"),
    ],
)
def test_bad_configuration(profile: str | None, overrides: dict[str, object] | None, message: str) -> None:
    with pytest.raises(ConfigError) as caught:
        default_rulebook().resolve_options(profile, overrides)
    assert caught.value.code == "bad-config"
    assert caught.value.message.startswith(message)


def test_option_spec_check() -> None:
    integer = OptionSpec("n", "N", "integer", 2, minimum=2)
    assert integer.check(2) is None
    assert integer.check(1) == "must be at least 2"
    assert integer.check(2.0) == "must be a whole number"
    unbounded = OptionSpec("n", "N", "integer", 0)
    assert unbounded.check(-5) is None
    enum = OptionSpec("e", "E", "enum", "a", values=("a", "b"))
    assert enum.check("b") is None
    assert enum.check("c") == "must be one of a, b"
    boolean = OptionSpec("b", "B", "boolean", False)
    assert boolean.check(True) is None
    assert boolean.check("yes") == "must be true or false"


# --- broken copies of rules.yaml --------------------------------------------------------


def _line_col(text: str, line_text: str, token: str, until: int | None = None) -> tuple[int, int]:
    """1-based line of the last line equal to ``line_text`` (up to line ``until``) and the column
    of ``token`` in it."""
    found = [(number, line) for number, line in enumerate(text.splitlines(), start=1)
             if line == line_text and (until is None or number <= until)]
    assert found, f"no line {line_text!r}"
    number, line = found[-1]
    return number, line.index(token) + 1


BROKEN = [
    # (name, old text, new text, marker line, token at the problem, code, message)
    ("unknown-field", "version: 1\n", "version: 1\nsurprise: true\n", "surprise: true", "surprise", "schema",
     "(top): Additional properties are not allowed ('surprise' was unexpected)"),
    ("duplicate-rule-id", "      - id: table.stakes\n", "      - id: table.players\n",
     "      - id: table.players", "id", "duplicate-rule-id", "rule id 'table.players' is defined twice"),
    ("bad-default", "    default: 3\n", "    default: 0\n", "    default: 0", "default", "bad-default",
     "default of option raise_cap must be at least 1"),
    ("unknown-option", "      raise_cap: 4\n", "      raise_cap: 4\n      no_such_option: 1\n",
     "      no_such_option: 1", "no_such_option", "unknown-option", "profile tda sets unknown option 'no_such_option'"),
    ("bad-option-value", "      raise_cap: 4\n", "      raise_cap: 0\n", "      raise_cap: 0", "raise_cap",
     "bad-option-value", "profile tda: option raise_cap must be at least 1"),
    ("rule-section", "      - id: table.ante\n", "      - id: deal.ante\n", "      - id: deal.ante", "id",
     "rule-section", "rule id 'deal.ante' is not in section 'table'"),
    ("unknown-parameter", "parameters: [game.players, game.deck_size]", "parameters: [game.players, game.seats]",
     "        parameters: [game.players, game.seats]", "game.seats", "unknown-parameter",
     "parameter 'game.seats' is not in game"),
    ("unknown-source", '          - source: WSOP-T\n            ref: "at most eight players"\n',
     '          - source: NOPE\n            ref: "at most eight players"\n', "          - source: NOPE", "source",
     "unknown-source", "source 'NOPE' is not listed under sources"),
    ("unknown-copy", "        copy: howto\n", "        copy: nowhere\n", "      - source: RR", "source",
     "unknown-copy", "copy 'nowhere' is not one of the copies of source RR"),
    ("copy-missing", "        copy: betting\n", "", "      - source: RR", "source",
     "copy-missing", "a quote of RR says in which of its copies it was read (copy: ...)"),
    ("quote-not-found", 'quote: "An ante of zero is this book\'s extension', 'quote: "An ante of one is this book\'s extension',
     "          - source: STUD8", "source", "quote-not-found",
     "the STUD8 quote is not in the citing text: An ante of one is this book's extension: the three seed texts make the ante c... (87 characters)"),
    ("unknown-rule", "    rules: [betting.raise-cap]\n", "    rules: [betting.no-cap]\n", "    rules: [betting.no-cap]",
     "betting.no-cap", "unknown-rule", "option raise_cap names unknown rule 'betting.no-cap'"),
    ("unknown-profile", "default_profile: robert\n", "default_profile: casino\n", "default_profile: casino",
     "default_profile", "unknown-profile", "default_profile 'casino' is not a profile"),
    ("duplicate-key", "default_profile: robert\n", "default_profile: robert\ntitle: again\n", "title: again", "title",
     "duplicate-key", "duplicate key 'title' (first given on line {title_line})"),
]


@pytest.mark.parametrize(("old", "new", "marker", "token", "code", "message"),
                         [case[1:] for case in BROKEN], ids=[case[0] for case in BROKEN])
def test_broken_rule_book(tmp_path: Path, old: str, new: str, marker: str, token: str, code: str, message: str) -> None:
    assert RULES_TEXT.count(old) >= 1
    text = RULES_TEXT.replace(old, new, 1)
    path = tmp_path / "rules.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RuleBookError) as caught:
        load_rulebook_file(path)
    changed = RULES_TEXT.index(old) + len(new)  # the marker is the last such line up to the change
    line, column = _line_col(text, marker, token, until=text.count("\n", 0, changed) + 1)
    title_line = next(n for n, l in enumerate(text.splitlines(), start=1) if l.startswith("title:"))
    message = message.format(title_line=title_line)
    assert [(p.code, p.line, p.column, p.message) for p in caught.value.problems] == [(code, line, column, message)]
    assert all(p.path == str(path) for p in caught.value.problems)
    assert caught.value.code == "bad-rulebook"
    assert str(caught.value.problems[0]) in caught.value.message


def test_several_problems_are_all_reported(tmp_path: Path) -> None:
    text = RULES_TEXT.replace("      - id: table.stakes\n", "      - id: table.players\n", 1)
    text = text.replace("    default: 3\n", "    default: 0\n", 1)
    path = tmp_path / "rules.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RuleBookError) as caught:
        load_rulebook_file(path)
    assert sorted(p.code for p in caught.value.problems) == ["bad-default", "duplicate-rule-id"]


def test_missing_rule_book(tmp_path: Path) -> None:
    with pytest.raises(RuleBookError) as caught:
        load_rulebook_file(tmp_path / "missing.yaml")
    assert [p.code for p in caught.value.problems] == ["unreadable"]


def test_unmodified_copy_loads(tmp_path: Path) -> None:
    path = tmp_path / "rules.yaml"
    path.write_text(RULES_TEXT, encoding="utf-8")
    book = load_rulebook_file(path)
    assert book.rule_ids == default_rulebook().rule_ids
    assert book.path == str(path)

"""Scenario files: finding them, loading them, and checking them beyond the schema.

The schema (``spec/schema/scenario.schema.json``) checks shapes. The semantic checks here
catch what a schema cannot: cards that do not parse or appear twice, seats that are not at
the table, rule ids, options, profiles and error codes that the rule book does not define,
orderings that name unknown hands, final stacks that do not add up to the starting chips,
awards that do not add up to their pot, and ids or titles used twice in the suite.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from stud8.conformance.suite.deal import LATER_STREETS
from stud8.reference.actions import parse_action
from stud8.reference.cards import Card, parse_cards
from stud8.reference.engine import check_table
from stud8.reference.errors import ActionError, CardError, ConfigError
from stud8.spec.limits import MAX_ERRORS_PER_FILE, quoted
from stud8.spec.rulebook import RuleBook, default_rulebook, schema_problems
from stud8.spec.yamlio import FileRefused, Problem, YamlProblem, load_yaml, position_of, read_text_file

SCENARIO_SUFFIXES = (".yaml", ".yml")

HAND_CARDS = (5, 7)
"""The fewest and the most cards a hand to evaluate holds: five make a poker hand, seven are a
whole Stud hand (rules hands.best-five, actions.bad-cards)."""

EVALUATE_ERROR_CODES = ("bad-card",)
"""The codes an evaluate request may be refused with (rule actions.bad-cards)."""


@dataclass(frozen=True)
class Scenario:
    """One scenario as written, with where it was written."""

    id: str
    kind: str
    title: str
    rules: tuple[str, ...]
    description: str
    path: str
    line: int
    data: Mapping[str, Any]

    @property
    def area(self) -> str:
        """The rule area of the first rule cited (``bring-in`` for ``bring-in.suit-order``)."""
        return self.rules[0].split(".")[0] if self.rules else "other"


@dataclass
class LoadedFile:
    """A scenario file's scenarios and the problems found in it."""

    path: str
    scenarios: list[Scenario]
    problems: list[Problem]


def packaged_scenarios_dir() -> Path:
    """The installed scenario folder (package data of ``stud8.conformance``)."""
    return Path(str(resources.files("stud8.conformance").joinpath("scenarios")))


def find_scenario_files(paths: Iterable[Path]) -> list[Path]:
    """Every scenario file under ``paths`` (files are taken as given), sorted for stable order.
    A subfolder that cannot be listed is in the list too, where loading it says why (it is
    never skipped without a word, as a walk of the folder would)."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found.extend(sorted(p for p in path.rglob("*") if p.suffix in SCENARIO_SUFFIXES and p.is_file()))
            unlisted: list[OSError] = []
            for _ in os.walk(path, onerror=unlisted.append):
                pass
            found.extend(Path(error.filename) for error in unlisted if error.filename)
        else:
            found.append(path)
    return found


_LOADED: dict[tuple[str, bytes, int], tuple[RuleBook, LoadedFile]] = {}
"""Files already checked in this process: (name shown, digest of the text, the rule book's id)
-> the rule book (kept, so that its id is never another book's) and what loading gave. Every ``stud8 conform`` (and ``docs``, ``coverage``, ``explain``)
parses the whole suite, and the YAML composer is Python code (positions and the nesting and alias
limits need it; spec/yamlio.py): a library caller or a test that runs several commands in one process
parses each file once. The text is still read through the bounded reader every time (so the run's
ledger knows it as an input, and an edited file is a new key)."""

_LOADED_BYTES = 32 << 20
"""At most this much scenario text (32 MiB, counted in characters) is kept: a caller loading
many or large files does not grow the process without bound (the suite is about 2 MB)."""

_loaded_size = 0
"""The characters of text whose results ``_LOADED`` holds."""


def load_scenario_file(path: Path, rulebook: RuleBook | None = None, display: str | None = None) -> LoadedFile:
    """Load one file; problems are collected, never raised."""
    shown = display or str(path)
    try:
        text = read_text_file(path)
    except FileRefused as refused:
        return LoadedFile(shown, [], [Problem(shown, refused.line or 1, 1, refused.code, refused.message)])
    book = rulebook or default_rulebook()
    key = (shown, hashlib.sha256(text.encode("utf-8")).digest(), id(book))
    if key in _LOADED and _LOADED[key][0] is book:
        known = _LOADED[key][1]
        return LoadedFile(known.path, list(known.scenarios), list(known.problems))
    try:
        document = load_yaml(text, shown)
    except YamlProblem as error:
        loaded = LoadedFile(shown, [], [error.problem])
    else:
        loaded = scenarios_from_document(document, shown, book)
    global _loaded_size
    if _loaded_size + len(text) <= _LOADED_BYTES:
        _loaded_size += len(text)
        _LOADED[key] = (book, LoadedFile(loaded.path, list(loaded.scenarios), list(loaded.problems)))
    return loaded


def scenarios_from_document(document: Any, shown: str, rulebook: RuleBook | None = None) -> LoadedFile:
    """Check a parsed scenario file and build its scenarios; problems are collected, never raised."""
    book = rulebook or default_rulebook()
    problems = schema_problems(document, "scenario.schema.json", shown)
    if problems:
        return LoadedFile(shown, [], capped(problems, shown))
    scenarios: list[Scenario] = []
    for index, raw in enumerate(document["scenarios"]):
        where = ["scenarios", index]
        if len(problems) <= MAX_ERRORS_PER_FILE:  # past the cap, checking more costs time and shows nothing
            problems.extend(_ScenarioChecker(book, document, where, shown).problems(raw))
        scenarios.append(
            Scenario(
                id=raw["id"],
                kind=raw["kind"],
                title=raw["title"],
                rules=tuple(raw["rules"]),
                description=raw["description"],
                path=shown,
                line=position_of(document, where)[0],
                data=raw,
            )
        )
    return LoadedFile(shown, scenarios, capped(problems, shown))


def capped(problems: list[Problem], path: str) -> list[Problem]:
    """At most ``MAX_ERRORS_PER_FILE`` problems of one file, then one line saying there are more
    (a file of a hundred thousand bad items gives a readable report, quickly)."""
    if len(problems) <= MAX_ERRORS_PER_FILE:
        return problems
    last = problems[MAX_ERRORS_PER_FILE - 1]
    return [*problems[:MAX_ERRORS_PER_FILE],
            Problem(path, last.line, last.column, "too-many-problems",
                    f"more problems not shown: at most {MAX_ERRORS_PER_FILE} are reported per file")]


def suite_problems(files: Sequence[LoadedFile]) -> list[Problem]:
    """Problems across files: ids and titles must be unique in the whole suite."""
    problems: list[Problem] = []
    first_id: dict[str, Scenario] = {}
    first_title: dict[str, Scenario] = {}
    for loaded in files:
        for scenario in loaded.scenarios:
            earlier = first_id.setdefault(scenario.id, scenario)
            if earlier is not scenario:
                problems.append(Problem(scenario.path, scenario.line, 1, "duplicate-id",
                                        f"scenario id {scenario.id!r} is already used at {earlier.path}:{earlier.line}"))
            earlier = first_title.setdefault(scenario.title.casefold(), scenario)
            if earlier is not scenario:
                problems.append(Problem(scenario.path, scenario.line, 1, "duplicate-title",
                                        f"title {scenario.title!r} is already used by {earlier.id}"))
    return problems


def load_suite(paths: Iterable[Path], rulebook: RuleBook | None = None) -> tuple[list[LoadedFile], list[Problem]]:
    """Load every scenario file under ``paths``; return the files and all problems."""
    files = [load_scenario_file(path, rulebook) for path in find_scenario_files(paths)]
    problems = [problem for loaded in files for problem in loaded.problems]
    problems.extend(suite_problems(files))
    return files, problems


class _ScenarioChecker:
    """Semantic checks of one scenario; each finding is positioned at the value concerned."""

    def __init__(self, book: RuleBook, document: Any, where: list[Any], path: str) -> None:
        self.book = book
        self.document = document
        self.where = where
        self.path = path
        self.found: list[Problem] = []

    def add(self, steps: Sequence[Any], code: str, message: str) -> None:
        line, column = position_of(self.document, [*self.where, *steps])
        self.found.append(Problem(self.path, line, column, code, message))

    def problems(self, raw: Mapping[str, Any]) -> list[Problem]:
        for index, rule_id in enumerate(raw["rules"]):
            if rule_id not in self.book.rule_ids:
                self.add(["rules", index], "unknown-rule", f"rule id {rule_id!r} is not in the rule book")
        check = {"hand": self.hand, "compare": self.compare, "replay": self.replay,
                 "evaluate-error": self.evaluate_error}[raw["kind"]]
        check(raw)
        return self.found

    def cards(self, steps: Sequence[Any], text: str, *, count: tuple[int, int] | None = None,
              distinct: bool = True) -> list[Any]:
        try:
            cards = parse_cards(text)
        except CardError as error:
            self.add(steps, "bad-card", error.message)
            return []
        if count and not count[0] <= len(cards) <= count[1]:
            wanted = f"{count[0]}" if count[0] == count[1] else f"{count[0]} to {count[1]}"
            self.add(steps, "card-count", f"{len(cards)} cards where {wanted} are needed: {quoted(text)}")
        if distinct and len(set(cards)) != len(cards):
            repeated = sorted({str(c) for c in cards if cards.count(c) > 1})
            self.add(steps, "repeated-card", f"card {', '.join(repeated)} appears twice in {quoted(text)}")
        return cards

    def hand(self, raw: Mapping[str, Any]) -> None:
        cards = set(self.cards(["cards"], raw["cards"], count=HAND_CARDS))
        shown = self.cards(["high", "cards"], raw["high"]["cards"], count=(5, 5))
        if cards and any(card not in cards for card in shown):
            self.add(["high", "cards"], "foreign-card", "the high hand uses a card that is not among the cards")
        if raw["low"] is not None:
            low = self.cards(["low", "cards"], raw["low"]["cards"], count=(5, 5))
            if cards and any(card not in cards for card in low):
                self.add(["low", "cards"], "foreign-card", "the low hand uses a card that is not among the cards")

    def evaluate_error(self, raw: Mapping[str, Any]) -> None:
        """The code is the one an evaluate request is refused with, and the cards are a request
        the engine must refuse (rule actions.bad-cards): five to seven distinct cards are a hand
        to evaluate, and a scenario saying otherwise would fail every right engine."""
        code = raw["code"]
        if code not in self.book.error_codes:
            self.add(["code"], "unknown-error-code", f"error code {code!r} is not in the rule book")
        elif code not in EVALUATE_ERROR_CODES:
            self.add(["code"], "not-an-evaluate-error",
                     f"an evaluate request is refused with {', '.join(EVALUATE_ERROR_CODES)}, never {code!r}")
        cards = []
        for text in raw["cards"]:
            try:
                cards.append(Card.parse(text))
            except CardError:
                return  # a text that is no card: refused whatever the rest
        if HAND_CARDS[0] <= len(cards) <= HAND_CARDS[1] and len(set(cards)) == len(cards):
            self.add(["cards"], "evaluable-cards", f"{len(cards)} distinct cards are a hand the engine must evaluate, "
                                                   "not refuse (an evaluate error needs too few or too many cards, a "
                                                   "card twice or a text that is no card)")

    def compare(self, raw: Mapping[str, Any]) -> None:
        for name, text in raw["hands"].items():
            self.cards(["hands", name], text, count=HAND_CARDS)
        for half in ("high", "low"):
            if half not in raw:
                continue
            names = [token for token in raw[half].replace(">", " ").replace("=", " ").split()]
            for name in names:
                if name not in raw["hands"]:
                    self.add([half], "unknown-hand", f"{half} ordering names {name!r}, which is not in hands")
            if len(set(names)) != len(names):
                self.add([half], "repeated-hand", f"{half} ordering names a hand twice")

    def replay(self, raw: Mapping[str, Any]) -> None:
        self.options(raw)
        codes = self.book.error_codes
        start_error = raw.get("start_error")
        if start_error is not None:
            if start_error not in codes:
                self.add(["start_error"], "unknown-error-code", f"error code {start_error!r} is not in the rule book")
            if raw["actions"] or raw["outcome"] is not None:
                self.add(["start_error"], "start-error-script", "a hand that must not start has no actions and a null outcome")
            return
        seats = len(raw["stacks"])
        stakes = raw["stakes"]
        self.table(raw["stacks"], stakes)
        self.seats_named(raw, seats)
        if "deal" in raw:
            self.deal(raw["deal"], seats)
        else:
            all_cards = [c for i, line in enumerate(raw["deck"]) for c in self.cards(["deck", i], line, distinct=False)]
            if len(set(all_cards)) != len(all_cards):
                self.add(["deck"], "repeated-card", "the deck lists a card twice (only a start_error: bad-deck scenario may)")
        for index, item in enumerate(raw["actions"]):
            if isinstance(item, str):  # an action to apply must be one the engine can read (a reject may not)
                error = _malformed(item)
                if error:
                    self.add(["actions", index], "malformed-action", error)
            if isinstance(item, Mapping) and "code" in item and item["code"] not in codes:
                self.add(["actions", index, "code"], "unknown-error-code", f"error code {item['code']!r} is not in the rule book")
        outcome = raw["outcome"]
        if outcome is None:
            self.add(["outcome"], "missing-outcome", "a hand that starts needs an outcome")
            return
        self.outcome(outcome, raw["stacks"], stakes, sum((raw.get("rake") or {}).get("pots", [])))

    def table(self, stacks: Sequence[Any], stakes: Mapping[str, Any]) -> None:
        """The stacks and stakes pass the engine's own start checks (actions.bad-start): a file
        that validates is never refused with bad-config for its chips (whole, positive, at most
        ``MAX_AMOUNT``; ``100.0`` is JSON Schema's integer but not a count of chips)."""
        try:
            check_table(stacks, stakes, self.book)
        except ConfigError as error:
            where = "stakes" if error.message.startswith(("stake", "the ante")) else "stacks"
            self.add([where], "bad-table", f"{error.message} (the hand would not start: "
                                           "a scenario that shows this needs start_error: bad-config)")

    def options(self, raw: Mapping[str, Any]) -> None:
        # A scenario may name a bad profile, option or value on purpose, to show that the hand
        # does not start (start_error: bad-config); anywhere else they are mistakes.
        if raw.get("start_error") == "bad-config":
            return
        profile = raw.get("profile")
        if profile is not None and profile not in self.book.profiles:
            self.add(["profile"], "unknown-profile", f"profile {profile!r} is not in the rule book")
        for name, value in raw.get("options", {}).items():
            option = self.book.options.get(name)
            if option is None:
                self.add(["options", name], "unknown-option", f"option {name!r} is not in the rule book")
                continue
            why = option.check(value)
            if why:
                self.add(["options", name], "bad-option-value", f"option {name}={quoted(value)} {why}")

    def seats_named(self, raw: Mapping[str, Any], seats: int) -> None:
        def check_seat(steps: Sequence[Any], name: Any) -> None:
            if isinstance(name, str) and name.startswith("p") and int(name[1:]) > seats:
                self.add(steps, "no-such-seat", f"seat {name} is not at this {seats}-seat table")

        for index, item in enumerate(raw["actions"]):
            if isinstance(item, str):
                check_seat(["actions", index], item.split()[0])
            elif "expect" in item:
                expect = item["expect"]
                for key in ("to_act", "bring_in"):
                    if key in expect:
                        check_seat(["actions", index, "expect", key], expect[key])
                for key in ("up", "down"):
                    for seat in expect.get(key, {}):
                        check_seat(["actions", index, "expect", key, seat], seat)
                for key in ("folded", "all_in"):
                    for j, seat in enumerate(expect.get(key, [])):
                        check_seat(["actions", index, "expect", key, j], seat)
                for key in ("stacks", "committed", "contributed"):
                    if key in expect and len(expect[key]) != seats:
                        self.add(["actions", index, "expect", key], "seat-count", f"{key} lists {len(expect[key])} seats, the table has {seats}")

    def deal(self, deal: Mapping[str, Any], seats: int) -> None:
        seen: dict[Any, str] = {}
        third_seats = {key for key in deal["third"] if key != "burn"}
        expected = {f"p{n}" for n in range(1, seats + 1)}
        if third_seats != expected:
            missing = sorted(expected - third_seats)
            extra = sorted(third_seats - expected)
            parts = ([f"missing {' '.join(missing)}"] if missing else []) + ([f"not at the table {' '.join(extra)}"] if extra else [])
            detail = ", ".join(parts)
            self.add(["deal", "third"], "deal-seats", f"third street must list every seat: {detail}")
        dealt = [street for street in LATER_STREETS if street in deal]
        if dealt != list(LATER_STREETS[: len(dealt)]):
            self.add(["deal"], "deal-streets", "the deal skips a street: list the streets in order without gaps")
        for street in ("third", *LATER_STREETS):
            for key, text in deal.get(street, {}).items():
                count = (3, 3) if street == "third" and key != "burn" else None
                for card in self.cards(["deal", street, key], text, count=count):
                    if card in seen:
                        self.add(["deal", street, key], "repeated-card", f"card {card} is dealt twice (also {seen[card]})")
                    seen[card] = f"{street} {key}"
                if key != "burn" and int(key[1:]) > seats:
                    self.add(["deal", street, key], "no-such-seat", f"seat {key} is not at this {seats}-seat table")

    def outcome(self, outcome: Mapping[str, Any], stacks: Sequence[int], stakes: Mapping[str, int], rake: int = 0) -> None:
        final = outcome["stacks"]
        if len(final) != len(stacks):
            self.add(["outcome", "stacks"], "seat-count", f"outcome lists {len(final)} stacks, the table has {len(stacks)}")
        elif sum(final) + rake != sum(stacks):
            taken = f" less the site's rake of {rake}" if rake else ""
            self.add(["outcome", "stacks"], "chips-not-conserved",
                     f"final stacks add up to {sum(final)}, the starting stacks{taken} to {sum(stacks) - rake}")
        for index, pot in enumerate(outcome.get("pots", [])):
            paid = sum(pot["high"].values()) + sum((pot["low"] or {}).values())
            if paid != pot["amount"]:
                self.add(["outcome", "pots", index], "pot-not-paid", f"the halves pay {paid} of a pot of {pot['amount']}")
            for half in ("high", "low"):
                for seat in (pot[half] or {}):
                    if seat not in pot["eligible"]:
                        self.add(["outcome", "pots", index, half, seat], "ineligible-winner", f"{seat} wins from a pot it is not eligible for")


def _malformed(text: str) -> str | None:
    """The engine's ``malformed-action`` message for ``text``, or None when it parses."""
    try:
        parse_action(text)
    except ActionError as error:
        return f"{error.message} (an action the engine refuses belongs in a reject)"
    return None


def iter_scenarios(files: Iterable[LoadedFile]) -> Iterator[Scenario]:
    """Every scenario of the loaded files, in file order."""
    for loaded in files:
        yield from loaded.scenarios

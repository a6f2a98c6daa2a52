"""The rule book's chapters in a dealer's order, and the rules that go to the catalogue instead.

``spec/rules.yaml`` groups rules by topic for the specification (its sections are also the
catalogue's groups and the areas of rule ids). A dealer reads a hand in the order it is played:
the table and stakes, the antes, the deal, the bring-in, who acts on each street, the betting
and its limits, all-in players, then the hand rankings and the low (which the showdown needs),
the showdown and the split, the pots and the odd chips; running out of cards, which happens
only at a full table on seventh street, comes last. ``BOOK_CHAPTERS`` is that order.

The rules about the engine's notation and its refusals (``ENGINE_RULES``: action codes such as
``cc`` and ``cbr N``, error codes, hands that cannot start) are for implementers: the book
leaves them out and the catalogue states them.

A rule that is in neither list (one added to the rule book later) is not lost: a rule of the
engine rules' section goes to the catalogue with them, any other is shown at the end of the
chapter that holds most of its section's rules (``tests/test_docs_book.py`` asks that every
rule be placed here by name).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from stud8.spec.rulebook import RuleBook

BOOK_CHAPTERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("table", ("table.players", "table.stakes")),
    ("antes", ("table.ante",)),
    ("deal", ("deal.third-street", "deal.later-streets", "deal.burns", "deal.dead-cards")),
    ("bring-in", ("bring-in.lowest-upcard", "bring-in.suit-order", "bring-in.post-or-complete", "bring-in.facing",
                  "bring-in.completion-is-bet", "bring-in.no-option", "bring-in.short-stack",
                  "bring-in.all-in-on-ante")),
    ("act-order", ("act-order.third-street", "act-order.best-exposed-hand", "act-order.exposed-ranking",
                   "act-order.ties", "act-order.seventh-street", "act-order.all-in-skipped",
                   "act-order.community-card")),
    ("betting", ("betting.actions", "betting.limits", "betting.fourth-street-open-pair", "betting.round-closes",
                 "betting.raise-cap", "betting.heads-up")),
    ("all-in", ("betting.all-in", "betting.short-all-in", "bring-in.short-all-in-completion", "deal.run-out")),
    ("hands", ("hands.categories", "hands.straight-ace", "hands.kickers", "hands.suits-never-rank",
               "hands.best-five")),
    ("low", ("low.qualifier", "low.ace-low", "low.ignores-straights-flushes", "low.ordering", "low.independent")),
    ("showdown", ("showdown.show-order", "showdown.split", "showdown.no-low", "showdown.scoop", "showdown.ties",
                  "showdown.uncontested")),
    ("pots", ("pots.uncalled-bet", "pots.side-pots", "pots.split-separately")),
    ("odd-chip", ("odd-chip.high-half", "odd-chip.within-half", "odd-chip.card-order", "odd-chip.tied-both-ways")),
    ("deck", ("deck.short-stub", "deck.tda-recycle", "deck.tda-community", "deck.tda-recycle-community",
              "deck.recycle-order", "deck.community-card")),
)
"""Chapter id -> its rules, in reading order. A chapter id that is a section of the rule book
takes that section's title (``section.<id>``); any other takes ``labels.chapter.<id>``."""

ENGINE_RULES: tuple[str, ...] = ("actions.in-turn", "actions.vocabulary", "actions.error-precedence",
                                 "actions.options-over-profile", "actions.refusal-keeps-state", "actions.bad-start",
                                 "actions.bad-cards")
"""Rules stated in the catalogue only: the action notation, refusals and error codes."""


@dataclass(frozen=True)
class Chapter:
    id: str
    title_key: str
    rules: tuple[str, ...]


def chapters(book: RuleBook) -> list[Chapter]:
    """The book's chapters for this rule book: ``BOOK_CHAPTERS`` with any rule it does not
    name appended to the chapter holding most of that rule's section, and rules it names that
    the rule book lacks left out (a house rule book may be smaller)."""
    known = set(book.rule_ids)
    sections = {section["id"] for section in book.data["sections"]}
    section_of = {rule["id"]: section["id"] for section in book.data["sections"] for rule in section["rules"]}
    placed = {rule_id for _, rules in BOOK_CHAPTERS for rule_id in rules} | set(ENGINE_RULES)
    lists = {chapter_id: [r for r in rules if r in known] for chapter_id, rules in BOOK_CHAPTERS}
    engine = set(engine_rules(book))
    for rule_id in book.rule_ids:
        if rule_id in placed or rule_id in engine:
            continue
        votes = Counter(chapter_id for chapter_id, rules in lists.items() for r in rules
                        if section_of.get(r) == section_of[rule_id])
        home = votes.most_common(1)[0][0] if votes else BOOK_CHAPTERS[-1][0]
        lists[home].append(rule_id)
    return [Chapter(chapter_id, f"section.{chapter_id}" if chapter_id in sections else f"labels.chapter.{chapter_id}",
                    tuple(lists[chapter_id])) for chapter_id, _ in BOOK_CHAPTERS if lists[chapter_id]]


def unplaced(book: RuleBook) -> list[str]:
    """Rule ids of the rule book that neither ``BOOK_CHAPTERS`` nor ``ENGINE_RULES`` names."""
    placed = {rule_id for _, rules in BOOK_CHAPTERS for rule_id in rules} | set(ENGINE_RULES)
    return [rule_id for rule_id in book.rule_ids if rule_id not in placed]


def engine_rules(book: RuleBook) -> list[str]:
    """The rules stated in the catalogue: ``ENGINE_RULES``, then any rule the order does not
    name whose section holds engine rules (a new ``actions.*`` rule)."""
    section_of = {rule["id"]: section["id"] for section in book.data["sections"] for rule in section["rules"]}
    engine_sections = {section_of[rule_id] for rule_id in ENGINE_RULES if rule_id in section_of}
    placed = {rule_id for _, rules in BOOK_CHAPTERS for rule_id in rules} | set(ENGINE_RULES)
    return ([rule_id for rule_id in ENGINE_RULES if rule_id in section_of]
            + [rule_id for rule_id in book.rule_ids if rule_id not in placed and section_of[rule_id] in engine_sections])


def book_rule_ids(book: RuleBook) -> Sequence[str]:
    """Every rule the book states, in the book's order."""
    return [rule_id for chapter in chapters(book) for rule_id in chapter.rules]

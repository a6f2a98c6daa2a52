"""The rule book and the conformance catalogue, rendered from one source.

Two documents come out of ``spec/rules.yaml``, ``spec/i18n/`` and the scenarios:

- **The rule book** (``index.html``, ``rules.md``; ``<lang>/index.html``, ``<lang>/rules.md``
  for Estonian, Polish and Greek): for players, dealers and floor staff. A one-page quick
  reference, the rules in order with their statements, parameters, options and sources and at
  most ``BOOK_EXAMPLES_MAX`` worked examples each, the options in plain words, the floor
  procedures the book does not cover, a glossary, and the sources with the seed texts quoted.
  No action codes, no refused actions, no error codes.
- **The conformance catalogue** (``catalogue.html``, ``catalogue/*.md``; English only): for
  implementers. Every scenario in full, the action vocabulary, the error codes, the options
  by name, the coverage matrix, the mutant list when there is one, and every citation of the
  rule book with the sentence it rests on (``catalogue/citations.md``), or why it could not be
  checked.

Each rule in the book links to its row of the catalogue's coverage matrix, and each row links
back. Choices:

- Worked examples in the book: scenarios marked ``teaching: true`` first (under the first rule
  they cite that has no example yet, else the first with room), then for a rule still without
  one one example chosen automatically: the shortest scenario of at most
  ``AUTO_EXAMPLE_PLAYERS`` players whose first cited rule is this rule and that tells its story
  without refusals or start errors (a replay must also be one the reference engine plays
  through, so its streets, pots and marks are known), played with the options at their
  defaults when there is one. A scenario is shown in full at most once in the book. A rule's
  examples show it as stated: one played with every option at its default comes first.
  Refused actions and hands that do not start are shown only under a rule about them (its
  statement says "refused" or "does not start"), by a scenario whose ``teaching`` names it.
- Every id is its anchor: rules ``#bring-in.lowest-upcard``, scenarios ``#showdown-001``,
  sections ``#section-<id>``, options ``#option-<name>``.
- The HTML is standalone: inline CSS and one small inline script (search, the contents button
  on narrow screens, sideways-scroll hints), both allowed by their SHA-256 hashes in the
  Content-Security-Policy, nothing from the network. Without JavaScript the page reads fully.
- Output is deterministic: no dates, no paths; rule-book and suite order throughout.
"""

from __future__ import annotations

import base64
import hashlib
import itertools
import math
import re
import string
from collections.abc import Callable, Iterable, Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup, escape

from stud8.conformance.suite.scenarios import Scenario
from stud8.spec.errors import Stud8Error
from stud8.spec.limits import neutral_bidi
from stud8.spec.outputs import write_files_atomic
from stud8.spec.rulebook import RuleBook
from stud8.tools.docs.collation import collation_key
from stud8.tools.docs.hand import WHOLE_HAND, find_whole_hand
from stud8.tools.docs.i18n import (
    LANGUAGE_NAMES,
    LANGUAGES,
    SEED_LANGUAGE,
    Translator,
    load_source,
    published,
    ref_needs_translation,
    translator,
)
from stud8.tools.docs.order import chapters, engine_rules
from stud8.tools.docs.scenes import CardView, cards_view, option_value_text, scenario_view

BOOK_EXAMPLES_MAX = 2
"""Worked examples under one rule in the book (the catalogue shows every scenario)."""

AUTO_EXAMPLE_PLAYERS = 6
"""An example chosen automatically has at most this many players (a full table's deal grid
and betting take a printed page); a scenario marked for teaching may have more."""

MD_FILE_LIMIT = 400_000
"""Every Markdown file stays under this many bytes (code hosts stop rendering at 512 KB)."""


# --- helpers -------------------------------------------------------------------------------


def _words(text: str) -> str:
    return " ".join(str(text).split())


def _parameter_text(value: Any) -> str:
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {v}" for k, v in value.items())
    if isinstance(value, list) and all(not isinstance(v, (Mapping, list)) for v in value):
        return ", ".join(str(v) for v in value)
    return str(value)


def _id_order(scenario: Scenario) -> tuple[str, int]:
    """Scenario ids in reading order: by area, then by number (``bring-in-007`` before ``bring-in-012``)."""
    area, _, number = scenario.id.rpartition("-")
    return area, int(number)


QUICKREF_ROWS: tuple[tuple[str, str], ...] = (
    ("split", "showdown.split"), ("no_low", "showdown.no-low"), ("scoop", "showdown.scoop"),
    ("odd_half", "odd-chip.high-half"), ("tie", "odd-chip.within-half"), ("side", "pots.split-separately"),
    ("uncontested", "showdown.uncontested"),
)
"""The quick reference's "Splitting the pot" rows: ``quickref.row.<key>`` and the rule each states."""

EXAMPLE_STAKES = {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10}
"""The quick reference's example stakes when the book tells no whole hand (else that hand's)."""


def example_stakes(stakes: Mapping[str, int], raise_cap: int) -> dict[str, Any]:
    """The quick reference's example line: the stakes, and the totals a player raises to on
    third street (after the completion) and on the big-bet streets (after the bet), up to the
    cap (betting.raise-cap: one bet and ``raise_cap`` raises)."""
    small, big = stakes["small_bet"], stakes["big_bet"]
    return {**stakes, "third": ", ".join(str(small * n) for n in range(2, raise_cap + 2)),
            "later": ", ".join(str(big * n) for n in range(2, raise_cap + 2))}


def low_table(qualifier: int, shown: int) -> dict[str, Any]:
    """The quick reference's lows: how many qualify, the ``shown`` best and the worst
    (``low_ladder``)."""
    ladder = low_ladder(qualifier, shown)
    return {"total": math.comb(qualifier, 5), "best": ladder[:-1], "worst": ladder[-1]}


def low_ladder(qualifier: int, count: int) -> list[str]:
    """The ``count`` best eight-or-better lows, best first (low.ordering): five different
    ranks from the ace (1) to ``qualifier``, compared from the highest card down."""
    lows = sorted(itertools.combinations(range(1, qualifier + 1), 5), key=lambda c: sorted(c, reverse=True))
    names = {1: "A", 10: "T"}
    return ["-".join(names.get(r, str(r)) for r in sorted(low, reverse=True)) for low in lows[:count]] + [
        "-".join(names.get(r, str(r)) for r in sorted(lows[-1], reverse=True))]


def _teachable(view: Mapping[str, Any], refusals: bool = False) -> bool:
    """A scenario the book can show: for a replay, a run the reference engine played through
    (streets, pots and marks known) whose outcome names its pots, with no refused action, or
    one that does not start; with
    ``refusals`` (an example of a rule about refused actions or hands that do not start) those
    are what it shows."""
    if view["kind"] != "replay":
        return True
    replay = view["replay"]
    if replay["start_error"]:
        return refusals
    if replay["rounds"] is None or not replay["outcome"]["pots"]:
        return False  # not played through, or an outcome without its pots (a site hand's rake)
    return refusals or not any(item["refused"] for round_ in replay["rounds"] for item in round_["actions"])


def about_refusals(statement: str) -> bool:
    """Whether a rule is about refused actions or hands that do not start (its statement says
    so): only such a rule's examples show refusals and start errors in the book."""
    return "refused" in statement or "does not start" in statement


def at_defaults(scenario: Scenario, book: RuleBook) -> bool:
    """Whether a scenario is played with every option at its default (the rule as stated)."""
    if scenario.kind != "replay":
        return True
    try:
        values = book.resolve_options(scenario.data.get("profile"), scenario.data.get("options") or {})
    except Stud8Error:  # a hand that does not start for its options is not the rule as stated
        return False
    return all(values[name] == option.default for name, option in book.options.items())


def _length(scenario: Scenario) -> int:
    if scenario.kind != "replay":
        return 0
    return len(scenario.data.get("actions", [])) + 10 * len(scenario.data["stacks"])


# --- the book ------------------------------------------------------------------------------


def choose_examples(book: RuleBook, scenarios: Sequence[Scenario], view: Callable[[Scenario], dict[str, Any]],
                    ) -> dict[str, list[Scenario]]:
    """The book's worked examples per rule (see the module docstring). The hand the book tells
    whole (``docs.hand.WHOLE_HAND``) is never also a rule's example."""
    scenarios = [scenario for scenario in scenarios if scenario.id != WHOLE_HAND]
    chosen: dict[str, list[Scenario]] = {rule_id: [] for rule_id in book.rule_ids}
    statements = {rule["id"]: rule["statement"] for section in book.data["sections"] for rule in section["rules"]}
    used: set[str] = set()
    for scenario in scenarios:
        if not scenario.data.get("teaching"):
            continue
        cited = [rule_id for rule_id in scenario.rules if rule_id in chosen]
        named = scenario.data["teaching"]
        if isinstance(named, str) and named in cited:
            cited = [named]
        refusals = isinstance(named, str) and cited == [named] and about_refusals(statements[named])
        if not _teachable(view(scenario), refusals):
            continue
        empty = [rule_id for rule_id in cited if not chosen[rule_id]]
        room = [rule_id for rule_id in cited if len(chosen[rule_id]) < BOOK_EXAMPLES_MAX]
        for rule_id in (empty or room)[:1]:
            chosen[rule_id].append(scenario)
            used.add(scenario.id)
    for rule_id in book.rule_ids:
        if chosen[rule_id]:
            continue
        own = sorted((s for s in scenarios if s.rules and s.rules[0] == rule_id and s.id not in used
                      and len(s.data.get("stacks", ())) <= AUTO_EXAMPLE_PLAYERS and not s.data.get("played_out")),
                     key=lambda s: (not at_defaults(s, book), _length(s), _id_order(s)))
        for scenario in own:
            if _teachable(view(scenario)):
                chosen[rule_id].append(scenario)
                used.add(scenario.id)
                break
    # the rule as stated first: an example played with an option changed comes second
    return {rule_id: sorted(examples, key=lambda s: not at_defaults(s, book)) for rule_id, examples in chosen.items()}


def book_example_list(book: RuleBook, scenarios: Sequence[Scenario]) -> list[Scenario]:
    """The book's worked examples in book order (rule by rule), each once."""
    views: dict[str, dict[str, Any]] = {}

    def view(s: Scenario) -> dict[str, Any]:
        if s.id not in views:
            views[s.id] = scenario_view(s, book)
        return views[s.id]

    chosen = choose_examples(book, scenarios, view)
    return [scenario for rule_id in book.rule_ids for scenario in chosen[rule_id]]


def _citing(book: RuleBook, scenarios: Sequence[Scenario]) -> dict[str, list[Scenario]]:
    citing: dict[str, list[Scenario]] = {rule_id: [] for rule_id in book.rule_ids}
    for scenario in scenarios:
        for rule_id in scenario.rules:
            citing.setdefault(rule_id, []).append(scenario)
    return citing


def source_language(key: str) -> str:
    """The language a source is written in: a seed's own, else English."""
    return SEED_LANGUAGE.get(key, "en")


def ref_parts(ref: str, sections: Sequence[str], lang: str) -> list[dict[str, Any]]:
    """A citation's text in pieces: the source's own section titles (``Betting and Raising``,
    ``1. panustamisvoor``) marked as cited in the source's language, the rest as written."""
    if not ref:
        return []
    names = sorted((name for name in sections if name), key=len, reverse=True)
    if not names:
        return [{"text": ref, "cite": False, "lang": ""}]
    pattern = re.compile("|".join(re.escape(name) for name in names))
    parts: list[dict[str, Any]] = []
    position = 0
    for match in pattern.finditer(ref):
        if match.start() > position:
            parts.append({"text": ref[position:match.start()], "cite": False, "lang": ""})
        parts.append({"text": match.group(0), "cite": True, "lang": lang})
        position = match.end()
    if position < len(ref):
        parts.append({"text": ref[position:], "cite": False, "lang": ""})
    return parts


def _cited(cited: Sequence[Mapping[str, Any]], titles: Mapping[str, Any], t: Translator, owner: str,
           sections: Mapping[str, Sequence[str]]) -> list[dict[str, Any]]:
    """A rule's or an option's citations, each note in the book's language (``owner`` is
    ``rule.<id>`` or ``option.<name>``)."""
    out = []
    for c in cited:
        key = c["source"]
        ref, translated = t.optional(f"{owner}.ref.{key.lower()}", c.get("ref", ""))
        # a citation that is only the source's section titles, numbers and ids reads the same in every language
        translated = translated or not ref_needs_translation(ref, sections.get(key, []))
        out.append({"id": key, "title": titles[key]["title"], "ref": ref, "ref_en": translated,
                    "ref_parts": ref_parts(ref, sections.get(key, []), source_language(key))})
    return out


def _streets(book: RuleBook, values: Mapping[str, Any]) -> list[dict[str, Any]]:
    rows = []
    for index, street in enumerate(book.streets):
        rows.append({
            "name": street.name,
            "faces": list(street.cards),
            "burn": street.burn or (index == 0 and bool(values.get("burn_before_third"))),
            "bet": street.bet,
            "open_pair": street.name == "fourth" and street.bet == "small_bet"
            and bool(values.get("fourth_street_open_pair_big_bet")),
        })
    return rows


def _options_context(book: RuleBook, t: Translator, values: Mapping[str, Any], name: str,
                     sections: Mapping[str, Sequence[str]] | None = None) -> list[dict[str, Any]]:
    data = book.data
    titles = data["sources"]
    options = []
    for option_name, body in data["options"].items():
        spec = book.options[option_name]
        options.append({
            "name": option_name,
            "title": t(f"option.{option_name}.title"),
            "description": t(f"option.{option_name}.description"),
            "type": body["type"],
            "minimum": body.get("minimum"),
            "choices": [{"value": key, "text": t(f"option.{option_name}.value.{key}")} for key in body.get("values", {})],
            "default": option_value_text(spec.default),
            "value": option_value_text(values[option_name]),
            "changed": values[option_name] != spec.default,
            "by_profile": [{"profile": p, "value": option_value_text(book.resolve_options(p)[option_name]),
                            "set": option_name in book.profiles[p], "current": p == name} for p in book.profiles],
            "rules": list(body.get("rules", [])),
            "sources": _cited(body.get("sources", []), titles, t, f"option.{option_name}", sections or {}),
        })
    return options


def _profiles_context(book: RuleBook, t: Translator, name: str) -> list[dict[str, Any]]:
    return [{
        "name": profile_name,
        "title": t(f"profile.{profile_name}.title"),
        "description": t(f"profile.{profile_name}.description"),
        "settings": [{"option": key, "value": option_value_text(value)} for key, value in book.profiles[profile_name].items()],
        "current": profile_name == name,
        "default": profile_name == book.default_profile,
    } for profile_name in book.data["profiles"]]


def _seed_appendix(book: RuleBook, source: Mapping[str, Any], t: Translator) -> list[dict[str, Any]]:
    """Per seed text: its quotes (the original, and a gloss in the book's language unless the
    quote is already in it) with the rule ids they support, and any other rule citing that
    seed (so a newly cited rule is never left out)."""
    citing: dict[str, list[str]] = {}
    for section in book.data["sections"]:
        for rule in section["rules"]:
            for cited in rule.get("sources", []):
                citing.setdefault(cited["source"], []).append(rule["id"])
    groups = []
    for key in book.data["sources"]:
        quotes = [(index, quote) for index, quote in enumerate(source["seed_quotes"]) if quote["source"] == key]
        if not quotes:
            continue
        quoted_rules: set[str] = set()
        items = []
        own = SEED_LANGUAGE.get(key) == t.lang
        for index, quote in quotes:
            rules = [r for r in quote["rules"] if r in citing.get(key, [])]
            quoted_rules.update(rules)
            gloss, translated = ("", True) if own else t.optional(f"seed_quotes.{index}.english", quote["english"])
            items.append({"original": _words(quote["original"]), "english": gloss, "english_en": translated,
                          "rules": rules})
        groups.append({"id": key, "lang": source_language(key), "title": book.data["sources"][key]["title"],
                       "quotes": items, "others": [r for r in citing.get(key, []) if r not in quoted_rules]})
    return groups


def _parameter(book: RuleBook, t: Translator, name: str) -> str:
    """A rule's parameter in the book's language: suits and hand categories by their names,
    a range as "min 2, max 8" in the book's words."""
    value = book.data["game"][name.partition(".")[2]]
    if name == "game.suit_order":
        return ", ".join(t(f"quickref.suit.{suit}") for suit in value)
    if name in ("game.high_categories", "game.exposed_categories"):
        return ", ".join(t("labels.category." + category.replace(" ", "_")) for category in value)
    if isinstance(value, Mapping):
        return ", ".join(f"{t('labels.param.' + k) if 'labels.param.' + k in t.english else k} {v}"
                         for k, v in value.items())
    return _parameter_text(value)


def _translated_example(view: Mapping[str, Any], t: Translator) -> dict[str, Any]:
    """A worked example's view with its title, description and hand names in the book's language."""
    out = dict(view)
    out["title"], out["title_en"] = t.optional(f"example.{view['id']}.title", view["title"])
    out["description"], out["description_en"] = t.optional(f"example.{view['id']}.description", view["description"])
    if view["kind"] == "replay" and view["replay"]["start_error"]:
        error = dict(view["replay"]["start_error"])
        error["meaning"], error["meaning_en"] = t.optional(f"error.{error['code']}", error["meaning"])
        out["replay"] = {**view["replay"], "start_error": error}
    if view["kind"] == "compare":
        compare = dict(view["compare"])

        def name(item: Mapping[str, Any]) -> dict[str, Any]:
            text, translated = t.optional(f"example.{view['id']}.hand.{item['key']}", item["name"])
            return {**item, "name": text, "name_en": translated}

        compare["hands"] = [name(h) for h in compare["hands"]]
        for side in ("high", "low"):
            if compare.get(side):
                compare[side] = [name(item) for item in compare[side]]
        out["compare"] = compare
    return out


def build_book_context(book: RuleBook, scenarios: Sequence[Scenario], lang: str = "en",
                       profile: str | None = None, house_ids: Iterable[str] = (),
                       source: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Everything the rule book's templates show, in one language, as plain data."""
    source = source if source is not None else load_source()
    data = book.data
    name = profile or book.default_profile
    values = book.resolve_options(name)
    house = set(house_ids)
    titles = data["sources"]
    sections_of = source.get("source_sections", {})
    views: dict[str, dict[str, Any]] = {}

    def view(s: Scenario) -> dict[str, Any]:
        if s.id not in views:
            views[s.id] = scenario_view(s, book, house=s.id in house)
        return views[s.id]

    citing = _citing(book, scenarios)
    examples = choose_examples(book, scenarios, view)
    t = translator(lang, book, source, [s for rule_id in book.rule_ids for s in examples[rule_id]])
    options_by_rule: dict[str, list[str]] = {}
    for option in book.options.values():
        for rule_id in option.rules:
            options_by_rule.setdefault(rule_id, []).append(option.name)
    area_of = {rule["id"]: section["id"] for section in data["sections"] for rule in section["rules"]}

    rules_by_id = {rule["id"]: rule for section in data["sections"] for rule in section["rules"]}

    def rule_view(rule_id: str) -> dict[str, Any]:
        rule = rules_by_id[rule_id]
        statement, translated = t.lookup(f"rule.{rule_id}.statement")
        title, title_translated = t.lookup(f"rule.{rule_id}.title")
        return {
            "id": rule_id,
            "title": title,
            "title_en": title_translated,
            "statement": statement,
            "statement_en": translated,
            "parameters": [{"name": p, "text": _parameter(book, t, p),
                            "streets": p == "game.streets"} for p in rule.get("parameters", [])],
            "sources": _cited(rule.get("sources", []), titles, t, f"rule.{rule_id}", sections_of),
            "options": [{"name": o, "title": t(f"option.{o}.title"),
                         "value": option_value_text(values[o]),
                         "default": option_value_text(book.options[o].default),
                         "changed": values[o] != book.options[o].default} for o in options_by_rule.get(rule_id, [])],
            "examples": [_translated_example(view(s), t) for s in examples[rule_id]],
            "count": len(citing[rule_id]),
            "scenario_ids": " ".join(s.id for s in citing[rule_id]),
            "area": area_of[rule_id],
        }

    sections = [{"id": chapter.id, "number": number, "title": t(chapter.title_key),
                 "rules": [rule_view(rule_id) for rule_id in chapter.rules]}
                for number, chapter in enumerate(chapters(book), start=1)]

    order = collation_key(lang)
    def english_term(key: str, term: str) -> str:
        """The English word beside the book's own (a reader hears it at the table), unless it is the same."""
        english = _words(source["glossary"][key]["term"])
        return "" if lang == "en" or english.casefold() == term.casefold() else english

    glossary = sorted(({"id": key, "term": t(f"glossary.{key}.term"), "text": t(f"glossary.{key}.text"),
                        "en_term": english_term(key, t(f"glossary.{key}.term"))}
                       for key in source["glossary"]), key=lambda g: order(g["term"]))
    floor = [{"id": key, "title": t(f"floor.{key}.title"), "text": t(f"floor.{key}.text")} for key in source["floor"]]
    details = source["source_details"]
    game = data["game"]
    whole = find_whole_hand(scenarios, book)
    context = {
        "lang": lang,
        "languages": [{"code": code, "name": LANGUAGE_NAMES[code], "current": code == lang} for code in LANGUAGES],
        "t": t,
        "title": t("labels.title"),
        "version": data["version"],
        "profile": {
            "name": name,
            "title": t(f"profile.{name}.title"),
            "is_default": name == book.default_profile,
            "default_name": book.default_profile,
        },
        "counts": {"rules": len(book.rule_ids), "scenarios": len(scenarios),
                   "examples": sum(len(v) for v in examples.values()), "house": sum(1 for s in scenarios if s.id in house)},
        "game": {
            "players_min": book.min_players, "players_max": book.max_players, "deck_size": game["deck_size"],
            "low_qualifier": book.low_qualifier, "low_cards": game["low_cards"],
            "suit_order": list(game["suit_order"]), "high_categories": list(game["high_categories"]),
        },
        "values": {key: option_value_text(value) for key, value in values.items()},
        "streets": _streets(book, values),
        "lows": low_table(book.low_qualifier, 8),
        "quickref_rows": QUICKREF_ROWS,
        "sections": sections,
        "engine_rules": engine_rules(book),
        "whole_hand": whole,
        "example_stakes": example_stakes(whole["stakes"] if whole else EXAMPLE_STAKES, values["raise_cap"]),
        "options": _options_context(book, t, values, name, sections_of),
        "profiles": _profiles_context(book, t, name),
        "glossary": glossary,
        "floor": floor,
        "sources": [_source_entry(key, body, details.get(key, {}), t, published(source, key)) for key, body in titles.items()],
        "seeds": _seed_appendix(book, source, t),
        "example_card": cards_view("Th"),
        "spoken_cards": True,
    }
    return context


def _source_entry(key: str, body: Mapping[str, Any], details: Mapping[str, Any], t: Translator,
                  work: bool) -> dict[str, Any]:
    """A source in the book's list: a published work's title, publisher and edition as
    published (``cited``), everything else (the date, the note on the copy read) in the book's
    language."""
    def text(field_name: str, english: str) -> str:
        if not english or (work and field_name in ("publisher", "edition")) or not ref_needs_translation(english, []):
            return _words(english)
        return t.optional(f"source.{key.lower()}.{field_name}", english)[0]

    return {"id": key, "cited": work, "title": text("title", body["title"]),
            "publisher": text("publisher", details.get("publisher", "")),
            "edition": text("edition", details.get("edition", "")),
            "date": text("date", details.get("date", "")),
            "note": text("note", details.get("note", "")),
            "url": details.get("url", ""), "file": details.get("file", "")}


# --- the catalogue -------------------------------------------------------------------------


def _citation_rows(cited: Sequence[Mapping[str, Any]], sources: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Citations as the catalogue shows them: source, reference, and the quoted sentence with the
    copy it was read in, or why it could not be checked."""
    rows = []
    for c in cited:
        source = sources[c["source"]]
        rows.append({
            "id": c["source"], "title": source["title"], "ref": c.get("ref", ""),
            "quote": c.get("quote"), "read_in": c.get("copy", ""),
            "verified": c.get("verified", True), "why": c.get("why", ""),
        })
    return rows


def citations_context(book: RuleBook) -> dict[str, Any]:
    """The sources (with their notes and the copies read) and every rule's and option's citations
    with their quotes, for the catalogue's citation list; and the counts a reader checks first."""
    data = book.data
    sources = data["sources"]
    rules = [{"id": rule["id"], "title": rule["title"], "anchor": f"cite-{rule['id']}",
              "citations": _citation_rows(rule.get("sources", []), sources)}
             for section in data["sections"] for rule in section["rules"]]
    options = [{"id": name, "title": body["title"], "anchor": f"cite-option-{name}",
                "citations": _citation_rows(body.get("sources", []), sources)}
               for name, body in data["options"].items()]
    every = [c for entry in rules + options for c in entry["citations"]]
    return {
        "sources": [{"id": key, "title": body["title"], "note": body.get("note", ""),
                     "copies": [{"key": copy, "text": text} for copy, text in body.get("copies", {}).items()]}
                    for key, body in sources.items()],
        "rules": rules,
        "options": options,
        "counts": {"all": len(every), "quoted": sum(1 for c in every if c["quote"]),
                   "unverified": sum(1 for c in every if not c["verified"])},
    }


def build_catalogue_context(book: RuleBook, scenarios: Sequence[Scenario], profile: str | None = None,
                            house_ids: Iterable[str] = (), mutants: Sequence[Mapping[str, str]] = (),
                            source: Mapping[str, Any] | None = None,
                            gaps: Sequence[Mapping[str, str]] | None = None) -> dict[str, Any]:
    """Everything the catalogue shows (English): every scenario, by the section of its first rule.

    Play-outs (``played_out``) are shown under the hand case or comparison they come from,
    with the relations no deal can show (``gaps``: the packaged suite's, by default).
    """
    source = source if source is not None else load_source()
    t = translator("en", book, source)
    data = book.data
    name = profile or book.default_profile
    values = book.resolve_options(name)
    house = set(house_ids)
    citing = _citing(book, scenarios)
    playouts = [s for s in scenarios if s.data.get("played_out")]
    written = [s for s in scenarios if not s.data.get("played_out")]
    played_in: dict[str, list[dict[str, Any]]] = {}
    for s in playouts:
        played_in.setdefault(s.data["played_out"], []).append(scenario_view(s, book, house=s.id in house))
    if gaps is None:
        from stud8.conformance.suite.playout import load_gaps

        gaps = [{"source": gap.source, "what": gap.what, "reason": gap.reason} for gap in load_gaps()]
    written_ids = {s.id for s in written}
    gaps = [gap for gap in gaps if gap["source"] in written_ids]
    gaps_of: dict[str, list[Mapping[str, str]]] = {}
    for gap in gaps:
        gaps_of.setdefault(gap["source"], []).append(gap)

    def view(s: Scenario) -> dict[str, Any]:
        shown = scenario_view(s, book, house=s.id in house)
        shown["played_in"] = played_in.get(s.id, [])
        shown["gaps"] = gaps_of.get(s.id, [])
        return shown

    area_of = {rule["id"]: section["id"] for section in data["sections"] for rule in section["rules"]}
    groups = []
    for section in data["sections"]:
        members = [view(s) for s in written
                   if s.rules and area_of.get(s.rules[0], s.rules[0].split(".")[0]) == section["id"]]
        groups.append({"id": section["id"], "title": section["title"], "scenarios": members})
    known = {section["id"] for section in data["sections"]}
    stray = [view(s) for s in written
             if not s.rules or area_of.get(s.rules[0], s.rules[0].split(".")[0]) not in known]
    if stray:
        groups.append({"id": "other", "title": "Other", "scenarios": stray})
    scenario_area = {view["id"]: group["id"] for group in groups for view in group["scenarios"]}
    for s in playouts:
        scenario_area[s.id] = scenario_area.get(s.data["played_out"], "other")
    rule_titles = {rule["id"]: rule["title"] for section in data["sections"] for rule in section["rules"]}
    sources = [s for s in written if s.kind in ("hand", "compare")]
    bounds = _boundaries_context(scenario_area)
    statements = {rule["id"]: rule["statement"] for section in data["sections"] for rule in section["rules"]}
    engine = engine_rules(book)
    views = {view["id"]: view for group in groups for view in group["scenarios"]}
    # the engine rules' worked examples, chosen as the book chooses them (the book leaves these rules out)
    examples = choose_examples(book, scenarios, lambda s: views[s.id])
    return {
        "t": t,
        "lang": "en",
        "title": data["title"],
        "version": data["version"],
        "profile": {"name": name, "is_default": name == book.default_profile, "default_name": book.default_profile},
        "counts": {"rules": len(book.rule_ids), "scenarios": len(scenarios), "house": sum(1 for s in scenarios if s.id in house),
                   "uncovered": sum(1 for ids in citing.values() if not ids), "playouts": len(playouts),
                   "sources": len(sources), "played": sum(1 for s in sources if s.id in played_in),
                   "gaps": len(gaps)},
        "coverage": [{
            "id": rule_id,
            "title": rule_titles[rule_id],
            "area": area_of[rule_id],
            "scenarios": [{"id": s.id, "title": s.title, "area": scenario_area.get(s.id, "other")}
                          for s in sorted(citing[rule_id], key=_id_order) if not s.data.get("played_out")],
            "playouts": sum(1 for s in citing[rule_id] if s.data.get("played_out")),
            "mutants": [m["name"] for m in mutants if m["rule"] == rule_id],
            "engine": rule_id in engine,
        } for rule_id in book.rule_ids],
        "engine_rules": [{"id": rule_id, "title": rule_titles[rule_id], "statement": _words(statements[rule_id]),
                          "examples": [{"id": s.id, "area": scenario_area.get(s.id, "other")} for s in examples[rule_id]]}
                         for rule_id in engine],
        "scenario_area": scenario_area,
        "groups": [g for g in groups if g["scenarios"]],
        "playout_gaps": [{**gap, "area": scenario_area.get(gap["source"], "other")} for gap in gaps],
        "boundaries": bounds["boundaries"],
        "boundary_families": bounds["families"],
        "boundary_unreachable": bounds["unreachable"],
        "option_coverage": _option_coverage_context(book, scenario_area),
        "error_codes": [{"code": code, "text": text} for code, text in book.error_codes.items()],
        "options": _options_context(book, t, values, name),
        "profiles": _profiles_context(book, t, name),
        "mutants": list(mutants),
        "values": {key: option_value_text(value) for key, value in values.items()},
        "citations": citations_context(book),
    }


def _boundaries_context(scenario_area: Mapping[str, str]) -> dict[str, list[dict[str, Any]]]:
    """The boundaries table (conformance/boundaries.yaml): each threshold, its sides and their
    scenarios, linked where the catalogue shows them (a suite of one's own may lack some)."""
    from stud8.conformance.suite import boundaries

    loaded = boundaries.load()
    if loaded.problems:
        return {"boundaries": [], "families": [], "unreachable": []}

    def linked(ids: Iterable[str]) -> list[dict[str, Any]]:
        return [{"id": scenario_id, "area": scenario_area.get(scenario_id)} for scenario_id in ids]

    return {
        "boundaries": [{
            "id": b.id,
            "rules": list(b.rules),
            "quantity": b.quantity,
            "threshold": b.threshold,
            "options": ", ".join(f"{name}: {option_value_text(value)}" for name, value in b.options.items()),
            "note": " ".join((b.note or "").split()),
            "sides": [{"value": side.value, "reads": side.reads, "scenarios": linked(side.scenarios)} for side in b.sides],
        } for b in loaded.boundaries],
        "families": [{"family": f["family"], "scenarios": linked(f["scenarios"])} for f in loaded.families],
        "unreachable": [{"rules": list(u["rules"]), "threshold": u["threshold"], "reason": " ".join(u["reason"].split())}
                        for u in loaded.unreachable],
    }


def _option_coverage_context(book: RuleBook, scenario_area: Mapping[str, str]) -> list[dict[str, Any]]:
    """The option values table (conformance/option-coverage.yaml): for each option value and
    each profile, the scenarios in which it decides something, linked where the catalogue shows them."""
    from stud8.conformance.suite import option_coverage
    from stud8.spec.yamlio import YamlProblem

    try:
        loaded = option_coverage.load()
    except (YamlProblem, OSError):
        return []

    def linked(ids: Iterable[str]) -> list[dict[str, Any]]:
        return [{"id": scenario_id, "area": scenario_area.get(scenario_id)} for scenario_id in ids]

    rows = []
    for name, by_value in (loaded.get("options") or {}).items():
        default = book.options[name].default if name in book.options else None
        for value, ids in by_value.items():
            rows.append({"what": name, "value": option_value_text(value), "default": value == default and type(value) is type(default),
                         "scenarios": linked(ids or [])})
    for name, ids in (loaded.get("profiles") or {}).items():
        rows.append({"what": "profile", "value": name, "default": False, "scenarios": linked(ids or [])})
    return rows


def build_context(book: RuleBook, scenarios: Sequence[Scenario], profile: str | None = None,
                  house_ids: Iterable[str] = ()) -> dict[str, Any]:
    """The English book's context (kept for callers of the one-document generator)."""
    return build_book_context(book, scenarios, "en", profile, house_ids)


# --- jinja2 --------------------------------------------------------------------------------

_MD_SPECIAL = re.compile(r"([\\`*\[\]<>&|~])")
_MD_UNDERSCORE = re.compile(r"(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])")
_MD_BLOCK_START = re.compile(r"^(\s*)(?:([#+\-=])(?=[\s#]|$)|(\d+)([.)])(?=\s|$))")


def md_escape(text: str) -> str:
    """Plain text as GitHub-flavoured Markdown that shows exactly that text (on one line)."""
    text = " ".join(str(text).split())
    text = _MD_SPECIAL.sub(r"\\\1", text)
    text = _MD_UNDERSCORE.sub(r"\\_", text)

    def block(match: re.Match[str]) -> str:
        if match.group(2):
            return match.group(1) + "\\" + match.group(2)
        return match.group(1) + match.group(3) + "\\" + match.group(4)

    return _MD_BLOCK_START.sub(block, text)


def _md_finalize(value: Any) -> Any:
    if isinstance(value, Markup):
        return value
    if value is None:
        return ""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    return md_escape(str(value))


def _md_cards(cards: Sequence[CardView]) -> Markup:
    return Markup(" ".join(card.text for card in cards))


def _md_code(text: Any) -> Markup:
    value = str(text)
    fence = "``" if "`" in value else "`"
    pad = " " if "`" in value else ""
    return Markup(f"{fence}{pad}{value}{pad}{fence}")


def spoken_card(t: Translator | None, card: CardView, face_down: bool = False) -> str:
    """A card's name as a reader of the page's language says it ("queen of spades", "poti
    emand", "dama pik", "ντάμα μπαστούνι"): what a screen reader reads instead of "Q, black
    spade suit". ``t`` None (a page without a translator) gives the English name."""
    if t is None:
        return card.name
    name = t("labels.card.name", rank=t(f"labels.card.rank.{card.code[0].lower()}"), suit=t(f"labels.card.suit.{card.code[1]}"))
    return t("labels.card.face_down", card=name) if face_down else name


@jinja2.pass_context
def _spoken(context: Any, card: CardView, face_down: bool = False) -> str:
    return spoken_card(context.get("t"), card, face_down)


@jinja2.pass_context
def _html_cards(context: Any, cards: Sequence[CardView]) -> Markup:
    """Cards as ``<b role="img" aria-label="ace of spades">A♠</b>`` (``class="r"`` for the red
    suits): short markup, since a book page holds thousands of cards (``<b>`` is used for
    nothing else), with the card's name in the page's language for a screen reader. The
    catalogue (``spoken_cards`` not set: English, for implementers, with three times the book's
    cards) keeps the bare ``<b>A♠</b>``; it would grow by a third."""
    t = context.get("t")
    if not context.get("spoken_cards"):
        return Markup(" ").join(Markup('<b class="r">{}</b>').format(card.text) if card.red
                                else Markup("<b>{}</b>").format(card.text) for card in cards)
    return Markup(" ").join(
        Markup('<b{} role="img" aria-label="{}">{}</b>').format(
            Markup(' class="r"') if card.red else "", spoken_card(t, card), card.text)
        for card in cards
    )


def _html_fill(text: str, **values: Any) -> Markup:
    """A translated sentence with placeholders filled by markup (cards, seats, links): the
    sentence is escaped, each value escaped unless it is already markup."""
    return Markup(escape(text)).format(**values)


def _md_fill(text: str, **values: Any) -> Markup:
    """The Markdown twin of ``_html_fill``: the sentence and plain values escaped for Markdown."""
    safe = {key: value if isinstance(value, Markup) else Markup(md_escape(str(value))) for key, value in values.items()}
    return Markup(string.Formatter().vformat(md_escape(text), (), safe))


def _html_code(text: Any) -> Markup:
    """Code, with a line-break opportunity after each underscore (long option values wrap there)."""
    return Markup("<code>{}</code>").format(Markup("_<wbr>").join(escape(str(text)).split("_")))


def _environment(kind: str) -> jinja2.Environment:
    """The HTML environment autoescapes; the Markdown one escapes every value for Markdown."""
    loader = jinja2.FileSystemLoader(str(resources.files("stud8.tools.docs").joinpath("templates")))
    html = kind == "html"
    env = jinja2.Environment(
        loader=loader,
        autoescape=html,
        finalize=None if html else _md_finalize,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["cards"] = _html_cards if html else _md_cards
    env.filters["spoken"] = _spoken
    env.globals["kbd"] = lambda key: Markup("<kbd>{}</kbd>").format(key)
    env.filters["code"] = _html_code if html else _md_code
    env.filters["seats"] = lambda seats: ", ".join(seats)
    env.filters["fill"] = _html_fill if html else _md_fill
    return env


def _template_text(name: str) -> str:
    return resources.files("stud8.tools.docs").joinpath("templates").joinpath(name).read_text(encoding="utf-8")


def csp_hash(text: str) -> str:
    """The Content-Security-Policy source for an inline script or style: 'sha256-<base64>'."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def _page_assets() -> dict[str, str]:
    style = _template_text("style.css").strip("\n")
    script = _template_text("search.js").strip("\n")
    return {"style": style, "script": script,
            "csp": f"default-src 'none'; style-src {csp_hash(style)}; script-src {csp_hash(script)}; "
                   "img-src 'none'; base-uri 'none'; form-action 'none'"}


def _tidy(text: str) -> str:
    text = "\n".join(line.rstrip() for line in text.splitlines())
    return re.sub(r"\n{3,}", "\n\n", text).strip("\n") + "\n"


def _render(kind: str, template: str, context: Mapping[str, Any], **extra: Any) -> str:
    env = _environment(kind)
    # every value a scenario or rule book gave is on the page: no bidi control reorders a line
    text = neutral_bidi(env.get_template(template).render(**context, **extra))
    if kind == "html":
        # the inline style and script must be byte for byte what the CSP hashes were made of
        assets = extra["assets"]
        text = text.replace("@@STYLE@@", assets["style"]).replace("@@SCRIPT@@", assets["script"])
        return "\n".join(line.rstrip() for line in text.splitlines()).strip("\n") + "\n"
    return _tidy(text)


def book_page_names(lang: str) -> dict[str, str]:
    """The files of one language's book, by template: ``index.html``, ``quickref.html`` and
    ``rules.md``, under ``<lang>/`` for a language other than English. ``render_book`` writes
    these; ``stud8 docs`` checks them before it renders (``planned_names``)."""
    folder = "" if lang == "en" else f"{lang}/"
    return {"book.html.j2": f"{folder}index.html", "quickref.html.j2": f"{folder}quickref.html",
            "book.md.j2": f"{folder}rules.md"}


CATALOGUE_HTML = "catalogue.html"
CATALOGUE_FIXED_MD = ("catalogue/README.md", "catalogue/citations.md")
"""The catalogue's files besides one ``catalogue/<section>.md`` per rule book section."""


def catalogue_group_name(group_id: str) -> str:
    """The Markdown file of one section's scenarios in the catalogue."""
    return f"catalogue/{group_id}.md"


def planned_names(book: RuleBook, langs: Iterable[str]) -> list[str]:
    """Every file ``stud8 docs`` may write for these languages (PDFs aside), known before any
    page is rendered, so that an output that would replace an input is refused at once rather
    than after the minute of rendering: the books, the catalogue and each section's page (a
    section without scenarios is named though not written)."""
    names = [name for lang in langs for name in book_page_names(lang).values()]
    names += [CATALOGUE_HTML, *CATALOGUE_FIXED_MD]
    names += [catalogue_group_name(section["id"]) for section in book.data["sections"]]
    return names


def render_book(context: Mapping[str, Any]) -> dict[str, str]:
    """The rule book's files in the context's language (``book_page_names``)."""
    lang = context["lang"]
    up = "" if lang == "en" else "../"
    names = book_page_names(lang)
    assets = _page_assets()

    engine = set(context.get("engine_rules", ()))

    def book_href(code: str) -> str:
        return up + ("" if code == "en" else f"{code}/") + "index.html"

    def rule_href(rule_id: str, page: str = "") -> str:
        """A rule of the book on this page, or an engine rule in the catalogue (docs.order)."""
        return f"{up}catalogue.html#rule-{rule_id}" if rule_id in engine else f"{page}#{rule_id}"

    def md_rule_href(rule_id: str) -> str:
        return f"{up}catalogue/README.md#rule-{rule_id}" if rule_id in engine else f"#{rule_id}"

    links = {
        "assets": assets,
        "rule_href": rule_href,
        "md_rule_href": md_rule_href,
        "scenario_href": lambda scenario_id: f"#{scenario_id}",
        "catalogue_href": lambda anchor: f"{up}catalogue.html#{anchor}",
        "book_href": book_href,
        "md_catalogue_href": lambda area, anchor: f"{up}catalogue/{area}.md#{anchor}",
        "md_book_href": lambda code: up + ("" if code == "en" else f"{code}/") + "rules.md",
    }
    return {
        names["book.html.j2"]: _render("html", "book.html.j2", context, **links),
        names["quickref.html.j2"]: _render("html", "quickref.html.j2", context,
                                           **{**links, "rule_href": lambda rule_id: rule_href(rule_id, "index.html")}),
        names["book.md.j2"]: _render("md", "book.md.j2", context, **links),
    }


def render_catalogue(context: Mapping[str, Any]) -> dict[str, str]:
    """The catalogue: ``catalogue.html`` and ``catalogue/README.md`` with one Markdown file per
    rule section's scenarios (each under ``MD_FILE_LIMIT``)."""
    assets = _page_assets()
    engine = {rule["id"] for rule in context.get("engine_rules", ())}
    links = {
        "assets": assets,
        "rule_href": lambda rule_id: f"#rule-{rule_id}" if rule_id in engine else f"index.html#{rule_id}",
        "scenario_href": lambda scenario_id: f"#{scenario_id}",
        "catalogue_href": lambda anchor: f"#{anchor}",
    }
    out = {CATALOGUE_HTML: _render("html", "catalogue.html.j2", context, **links)}
    md_links = {
        "rule_href": lambda rule_id: f"README.md#rule-{rule_id}" if rule_id in engine else f"../rules.md#{rule_id}",
        "md_scenario_href": lambda area, scenario_id: f"{area}.md#{scenario_id}",
    }
    readme, citations = CATALOGUE_FIXED_MD
    out[readme] = _render("md", "catalogue.md.j2", context, **md_links)
    out[citations] = _render("md", "catalogue-citations.md.j2", context, **md_links)
    for group in context["groups"]:
        out[catalogue_group_name(group["id"])] = _render("md", "catalogue-group.md.j2", context, group=group, **md_links)
    return out


def render(context: Mapping[str, Any]) -> dict[str, str]:
    """The English book's files from a context made by ``build_book_context``."""
    return render_book(context)


# --- writing -------------------------------------------------------------------------------


def check_output_folder(out: Path) -> None:
    """Fail early, before any work, when ``out`` cannot be written: it is a file, a parent of
    it is a file, or no file can be created in the nearest existing folder (a probe is made
    and removed: ``os.access`` says yes to root in ``/proc``).

    Raises ``Stud8Error`` (code ``usage``).
    """
    from stud8.tools.output import check_output_folder as check

    check(Path(out), "--out")


def write_output(out: Path, files: Mapping[str, str | bytes]) -> None:
    """Write ``files`` (relative path -> text) into ``out`` all or nothing: every target is
    checked and staged before the first is replaced, and one that fails puts back those already
    replaced (``stud8.spec.outputs.write_files_atomic``). Other files in ``out`` are left alone.

    Raises ``Stud8Error`` (code ``usage``) when ``out`` cannot be written.
    """
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise Stud8Error(f"--out {out}: exists and is not a folder", "usage")
    write_files_atomic({out / name: text for name, text in files.items()}, "--out", inside=out)

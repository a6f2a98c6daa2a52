"""The printed rule book: ``spec/rules.yaml`` and the scenarios as Markdown and as one HTML page.

``build_context`` turns the rule book, the scenarios and a profile into plain data;
``render`` feeds it to the jinja2 templates under ``tools/templates`` (``rules.md.j2`` and
``index.html.j2``); ``write_output`` puts the files in place without ever leaving a half-written
book behind. Scenario narratives come from ``stud8.tools.docs_scenes``.

Choices the page makes:

- Every rule, in rule-book order, has its id as its anchor (``#bring-in.lowest-upcard``); every
  scenario has its id (``#showdown-001``); sections are ``#section-<id>`` and options
  ``#option-<name>``.
- Each scenario is shown in full exactly once, so the page stays bounded. A rule shows up to
  ``EXAMPLES_PER_RULE`` of the scenarios citing it in full: those whose first cited rule is
  this one come first, then the others, in suite order, skipping scenarios already shown in
  full under an earlier rule. The other citing scenarios are listed by id and title with a
  link to where they are shown: under an earlier rule, or in the appendix "More worked
  examples", which holds every scenario not shown under a rule.
- The coverage matrix lists the scenarios of each rule by id (area, then number).
- The hand rankings take their examples from the hand-case scenarios: for each high category
  the first case of exactly five cards (else the first case) with that category; for low, a
  spread of the distinct lows of the hand cases from the best to the worst, and one hand with
  no qualifying low.
- ``profile`` renders the book as that profile reads it: option values are the profile's,
  and rules whose options the profile changes say so. Scenarios keep their own settings.
- Output is deterministic: no dates, no paths, rule-book and suite order throughout.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections.abc import Iterable, Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup, escape

from stud8.conformance.scenarios import Scenario
from stud8.reference.errors import Stud8Error
from stud8.spec.rulebook import RuleBook
from stud8.tools.docs_scenes import (
    CardView,
    cards_view,
    low_key,
    low_name,
    option_value_text,
    scenario_view,
    street_label,
)

EXAMPLES_PER_RULE = 3
"""Scenarios shown in full under one rule; the rest are listed with links."""

OUTPUT_FILES = ("rules.md", "index.html")
TEMPLATES = {"rules.md": "rules.md.j2", "index.html": "index.html.j2"}


# --- formatting helpers --------------------------------------------------------------------


def _join(values: Iterable[Any]) -> str:
    return ", ".join(str(v) for v in values)


def _parameter_text(name: str, value: Any) -> str:
    if isinstance(value, Mapping):
        return _join(f"{k} {v}" for k, v in value.items())
    if isinstance(value, list) and all(not isinstance(v, (Mapping, list)) for v in value):
        return _join(value)
    return str(value)


def _cards_in_faces(cards: Sequence[str]) -> str:
    """``[down, down, up]`` -> ``"2 down, 1 up"`` (runs of the same face, in dealing order)."""
    runs: list[list[Any]] = []
    for face in cards:
        if runs and runs[-1][0] == face:
            runs[-1][1] += 1
        else:
            runs.append([face, 1])
    return ", ".join(f"{count} {face}" for face, count in runs)


# --- the context ---------------------------------------------------------------------------


def _sources(cited: Sequence[Mapping[str, Any]], titles: Mapping[str, Any]) -> list[dict[str, str]]:
    return [{"id": c["source"], "title": titles[c["source"]]["title"], "ref": c.get("ref", "")} for c in cited]


def _profile_settings(book: RuleBook, name: str) -> list[dict[str, str]]:
    return [{"option": key, "value": option_value_text(value)} for key, value in book.profiles[name].items()]


def _streets(book: RuleBook, values: Mapping[str, Any]) -> list[dict[str, str]]:
    rows = []
    big_on_pair = bool(values.get("fourth_street_open_pair_big_bet"))
    burn_third = bool(values.get("burn_before_third"))
    for index, street in enumerate(book.streets):
        burn = street.burn or (index == 0 and burn_third)
        bet = "small bet" if street.bet == "small_bet" else "big bet"
        if street.name == "fourth" and street.bet == "small_bet" and big_on_pair:
            bet += " (big bet allowed with an open pair)"
        rows.append({
            "name": street.name,
            "label": street_label(street.name),
            "cards": _cards_in_faces(street.cards),
            "burn": "yes" if burn else "no",
            "bet": bet,
        })
    return rows


def _hand_examples(scenarios: Sequence[Scenario], categories: Sequence[str]) -> list[dict[str, Any]]:
    hands = [s for s in scenarios if s.kind == "hand"]
    rows = []
    for rank, category in enumerate(categories, start=1):
        cases = [s for s in hands if s.data["high"]["category"] == category]
        five = [s for s in cases if len(s.data["cards"].split()) == 5]
        chosen = (five or cases or [None])[0]
        rows.append({
            "rank": rank,
            "category": category,
            "example": None if chosen is None else {
                "id": chosen.id, "title": chosen.title, "cards": cards_view(chosen.data["high"]["cards"]),
            },
        })
    return rows


def _low_examples(scenarios: Sequence[Scenario], count: int = 5) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """A spread of distinct lows from the hand cases (best first) and one hand without a low:
    the first case with four or more low ranks but no low, preferring a case about the low."""
    distinct: dict[tuple[int, ...], Scenario] = {}
    near_misses: list[Scenario] = []  # no low, yet four or more low ranks
    for scenario in scenarios:
        if scenario.kind != "hand":
            continue
        low = scenario.data["low"]
        if low is None:
            low_ranks = {card[0] for card in scenario.data["cards"].split() if card[0] in "A2345678"}
            if len(low_ranks) >= 4:
                near_misses.append(scenario)
            continue
        distinct.setdefault(low_key(low["cards"]), scenario)
    about_low = [s for s in near_misses if s.rules[0].startswith("low.")]
    no_low = (about_low or near_misses or [None])[0]
    keys = sorted(distinct)
    if len(keys) > count:
        picks = sorted({round(i * (len(keys) - 1) / (count - 1)) for i in range(count)})
        keys = [keys[i] for i in picks]
    lows = [{
        "name": low_name(distinct[k].data["low"]["cards"]),
        "cards": cards_view(distinct[k].data["low"]["cards"]),
        "id": distinct[k].id,
        "title": distinct[k].title,
    } for k in keys]
    example = None if no_low is None else {
        "id": no_low.id, "title": no_low.title, "cards": cards_view(no_low.data["cards"]),
        "description": " ".join(no_low.description.split()),
    }
    return lows, example


def build_context(book: RuleBook, scenarios: Sequence[Scenario], profile: str | None = None,
                  house_ids: Iterable[str] = ()) -> dict[str, Any]:
    """Everything the templates show, as plain data. ``profile`` defaults to the book's default."""
    data = book.data
    name = profile or book.default_profile
    values = book.resolve_options(name)
    defaults = {option.name: option.default for option in book.options.values()}
    titles = data["sources"]
    house = set(house_ids)
    by_id = {s.id: s for s in scenarios}

    citing: dict[str, list[Scenario]] = {rule_id: [] for rule_id in book.rule_ids}
    for scenario in scenarios:
        for rule_id in scenario.rules:
            citing.setdefault(rule_id, []).append(scenario)

    # where each scenario is shown in full: under a rule (its id), or in the appendix (None)
    home: dict[str, str] = {}
    shown: dict[str, list[Scenario]] = {}
    for rule_id in book.rule_ids:
        ordered = [s for s in citing[rule_id] if s.rules[0] == rule_id] + [s for s in citing[rule_id] if s.rules[0] != rule_id]
        fresh = [s for s in ordered if s.id not in home][:EXAMPLES_PER_RULE]
        for s in fresh:
            home[s.id] = rule_id
        shown[rule_id] = fresh
    appendix = [s for s in scenarios if s.id not in home]

    views: dict[str, dict[str, Any]] = {}

    def view(s: Scenario) -> dict[str, Any]:
        if s.id not in views:
            views[s.id] = scenario_view(s, book, house=s.id in house)
        return views[s.id]

    options_by_rule: dict[str, list[str]] = {}
    for option in book.options.values():
        for rule_id in option.rules:
            options_by_rule.setdefault(rule_id, []).append(option.name)

    sections = []
    for number, section in enumerate(data["sections"], start=1):
        rules = []
        for rule in section["rules"]:
            rule_id = rule["id"]
            option_rows = []
            for option_name in options_by_rule.get(rule_id, []):
                spec = book.options[option_name]
                option_rows.append({
                    "name": option_name,
                    "title": spec.title,
                    "default": option_value_text(spec.default),
                    "value": option_value_text(values[option_name]),
                    "changed": values[option_name] != spec.default,
                })
            profile_rows = []
            for profile_name, settings in book.profiles.items():
                changes = [{"option": key, "value": option_value_text(value)}
                           for key, value in settings.items()
                           if key in options_by_rule.get(rule_id, []) and value != defaults[key]]
                if changes:
                    profile_rows.append({"name": profile_name, "title": data["profiles"][profile_name]["title"],
                                         "settings": changes, "current": profile_name == name})
            more = [{"id": s.id, "title": s.title, "where": home.get(s.id)}
                    for s in citing[rule_id] if s not in shown[rule_id]]
            rules.append({
                "id": rule_id,
                "title": rule["title"],
                "statement": " ".join(rule["statement"].split()),
                "parameters": [{"name": p, "text": _parameter_text(p, data["game"][p.partition(".")[2]]),
                                "streets": p == "game.streets"} for p in rule.get("parameters", [])],
                "sources": _sources(rule.get("sources", []), titles),
                "options": option_rows,
                "profiles": profile_rows,
                "changed": any(row["changed"] for row in option_rows),
                "examples": [view(s) for s in shown[rule_id]],
                "more": more,
                "count": len(citing[rule_id]),
            })
        sections.append({"id": section["id"], "number": number, "title": section["title"], "rules": rules})

    options = []
    for option_name, body in data["options"].items():
        spec = book.options[option_name]
        options.append({
            "name": option_name,
            "title": body["title"],
            "description": " ".join(body["description"].split()),
            "type": body["type"],
            "minimum": body.get("minimum"),
            "choices": [{"value": key, "text": " ".join(text.split())} for key, text in body.get("values", {}).items()],
            "default": option_value_text(spec.default),
            "value": option_value_text(values[option_name]),
            "changed": values[option_name] != spec.default,
            "by_profile": [{"profile": p, "value": option_value_text(book.resolve_options(p)[option_name]),
                            "set": option_name in book.profiles[p], "current": p == name} for p in book.profiles],
            "rules": list(body.get("rules", [])),
            "sources": _sources(body.get("sources", []), titles),
        })

    profiles = [{
        "name": profile_name,
        "title": body["title"],
        "description": " ".join(body["description"].split()),
        "settings": _profile_settings(book, profile_name),
        "current": profile_name == name,
        "default": profile_name == book.default_profile,
    } for profile_name, body in data["profiles"].items()]

    game = data["game"]
    lows, no_low = _low_examples(scenarios)
    rule_titles = {rule["id"]: rule["title"] for section in data["sections"] for rule in section["rules"]}
    return {
        "title": data["title"],
        "version": data["version"],
        "profile": {
            "name": name,
            "title": data["profiles"][name]["title"],
            "description": " ".join(data["profiles"][name]["description"].split()),
            "is_default": name == book.default_profile,
            "default_name": book.default_profile,
            "settings": _profile_settings(book, name),
        },
        "counts": {
            "rules": len(book.rule_ids),
            "scenarios": len(scenarios),
            "house": sum(1 for s in scenarios if s.id in house),
            "uncovered": sum(1 for ids in citing.values() if not ids),
        },
        "game": {
            "players_min": book.min_players,
            "players_max": book.max_players,
            "deck_size": game["deck_size"],
            "low_qualifier": book.low_qualifier,
            "low_cards": game["low_cards"],
            "suit_order": list(game["suit_order"]),
            "high_categories": list(game["high_categories"]),
        },
        "values": {key: option_value_text(value) for key, value in values.items()},
        "raw_values": dict(values),
        "streets": _streets(book, values),
        "high_ranks": _hand_examples(scenarios, game["high_categories"]),
        "lows": lows,
        "no_low": no_low,
        "sections": sections,
        "options": options,
        "profiles": profiles,
        "error_codes": [{"code": code, "text": text} for code, text in book.error_codes.items()],
        "sources": [{"id": key, "title": body["title"]} for key, body in titles.items()],
        "coverage": [{
            "id": rule_id,
            "title": rule_titles[rule_id],
            "scenarios": [{"id": s.id, "title": s.title} for s in sorted(citing[rule_id], key=_id_order)],
        } for rule_id in book.rule_ids],
        "appendix": _appendix_groups(data["sections"], appendix, view),
        "example_card": cards_view("Th"),
        "rule_titles": rule_titles,
        "scenario_titles": {s.id: s.title for s in by_id.values()},
    }


def _id_order(scenario: Scenario) -> tuple[str, int]:
    """Scenario ids in reading order: by area, then by number (``bring-in-007`` before ``bring-in-012``)."""
    area, _, number = scenario.id.rpartition("-")
    return area, int(number)


def _appendix_groups(sections: Sequence[Mapping[str, Any]], scenarios: Sequence[Scenario],
                     view: Any) -> list[dict[str, Any]]:
    """The scenarios not shown under a rule, grouped by the section of the first rule they cite."""
    groups = []
    for section in sections:
        members = [view(s) for s in scenarios if s.rules[0].split(".")[0] == section["id"]]
        if members:
            groups.append({"id": section["id"], "title": section["title"], "scenarios": members})
    return groups


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


def _html_cards(cards: Sequence[CardView]) -> Markup:
    return Markup(" ").join(
        Markup('<span class="c {}">{}</span>').format("r" if card.red else "k", card.text)
        for card in cards
    )


def _html_code(text: Any) -> Markup:
    """Code, with a line-break opportunity after each underscore (long option values wrap there)."""
    return Markup("<code>{}</code>").format(Markup("_<wbr>").join(escape(str(text)).split("_")))


def _environment(kind: str) -> jinja2.Environment:
    """The HTML environment autoescapes; the Markdown one escapes every value for Markdown."""
    loader = jinja2.FileSystemLoader(str(resources.files("stud8.tools").joinpath("templates")))
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
    env.filters["code"] = _html_code if html else _md_code
    env.filters["seats"] = lambda seats: ", ".join(seats)
    return env


def render(context: Mapping[str, Any]) -> dict[str, str]:
    """The rule book's files (name -> text) from a context made by ``build_context``."""
    out = {}
    for name, template in TEMPLATES.items():
        env = _environment("html" if name.endswith(".html") else "md")
        text = env.get_template(template).render(**context)
        text = "\n".join(line.rstrip() for line in text.splitlines())
        out[name] = re.sub(r"\n{3,}", "\n\n", text).strip("\n") + "\n"
    return out


# --- writing -------------------------------------------------------------------------------


def check_output_folder(out: Path) -> None:
    """Fail early, before any work, when ``out`` clearly cannot be written: it is a file, a
    parent of it is a file, or the nearest existing folder is not writable.

    Raises ``Stud8Error`` (code ``usage``).
    """
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise Stud8Error(f"--out {out}: exists and is not a folder", "usage")
    for folder in (out.absolute(), *out.absolute().parents):
        if not folder.exists():
            continue
        if not folder.is_dir():
            raise Stud8Error(f"--out {out}: {folder} is not a folder", "usage")
        if not os.access(folder, os.W_OK | os.X_OK):
            raise Stud8Error(f"--out {out}: {folder} is not writable", "usage")
        return


def write_output(out: Path, files: Mapping[str, str]) -> None:
    """Write ``files`` into ``out`` all or nothing: into a temporary folder next to ``out``
    first, then moved into place. Other files in ``out`` are left alone.

    Raises ``Stud8Error`` (code ``usage``) when ``out`` cannot be written.
    """
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise Stud8Error(f"--out {out}: exists and is not a folder", "usage")
    staging: str | None = None
    try:
        out.mkdir(parents=True, exist_ok=True)
        try:
            staging = tempfile.mkdtemp(prefix=f".{out.name}.", suffix=".tmp", dir=out.absolute().parent)
        except OSError:  # the parent is not writable but the folder is: stage inside it
            staging = tempfile.mkdtemp(prefix=".stud8-docs.", suffix=".tmp", dir=out)
        for name, text in files.items():
            with open(os.path.join(staging, name), "w", encoding="utf-8", newline="\n") as handle:
                handle.write(text)
        for name in files:
            os.replace(os.path.join(staging, name), out / name)
    except OSError as error:
        reason = error.strerror or str(error)
        raise Stud8Error(f"--out {out}: cannot write: {reason}", "usage") from None
    finally:
        if staging is not None:
            shutil.rmtree(staging, ignore_errors=True)


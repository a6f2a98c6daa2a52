"""The comparison page: one standalone HTML file, and the badges.

The page is built like the rule book's (``tools/docs/render.py``): a jinja2 template with
autoescape, one inline stylesheet and one inline script, each allowed by its SHA-256 hash in the
page's Content-Security-Policy (``default-src 'none'``): nothing is fetched, nothing else runs.
Without the script the page reads fully (every drill-down is a ``<details>`` element); the script
adds the filter boxes, opens the ``<details>`` a link points into, and copies commands.
Deterministic: no dates, no absolute paths of the machine that made it.

Nothing is written twice: each failing scenario is one block (its hand, its rules, its place)
holding one entry per distinct way it fails, with the engines that fail that way; each rule's
statement is written once, in the rules section, and linked. With up to ``WIDE`` engines the
tables have a column per engine; with more, a row per engine and, per scenario, a count of
engines by outcome (a thousand columns help nobody, and cost megabytes of repeated cells).
"""

from __future__ import annotations

import base64
import hashlib
import re
from importlib import resources
from typing import Any

import jinja2
from markupsafe import Markup

from stud8.conformance.suite.checks import rule_text
from stud8.conformance.suite.differences import show
from stud8.spec.limits import neutral_bidi, printable
from stud8.tools.compare.badge import badge_colour, badge_svg, badge_value
from stud8.tools.compare.model import KIND_ORDER, KINDS, Comparison, EngineRun, ScenarioRow

WIDE = 8
"""With more engines than this, tables turn: a row per engine, counts per scenario."""

NAMES_SHOWN = 12
"""Engines named in a failure entry before "and N more" (all of them in a closed list)."""

STREETS = ("third", "fourth", "fifth", "sixth", "seventh")


def _asset(name: str) -> str:
    return resources.files("stud8.tools.compare").joinpath("templates").joinpath(name).read_text(encoding="utf-8").strip("\n")


def csp_hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


_SAFE = re.compile(r"^[A-Za-z0-9._-]{1,100}$")


def anchor(text: Any) -> str:
    """A scenario id or a rule id as part of an anchor: itself when it is plain (every id of the
    suite is), else a digest of it, so that nothing a report holds ends up in an ``id`` raw."""
    text = str(text)
    return text if _SAFE.match(text) else "h" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _text(value: Any) -> str:
    """A value from a report as the page shows it: control characters and bidi overrides
    escaped (``stud8.spec.limits.printable``; HTML escaping is the template's)."""
    return printable(value, None)


def _details(record: dict[str, Any]) -> list[dict[str, str]]:
    return [{"path": _text(item.get("path", "")),
             "expected": _text(show(item["expected"])) if "expected" in item else "(none)",
             "got": _text(show(item["got"])) if "got" in item else "(none)"} for item in record.get("details") or []]


def _signature(record: dict[str, Any]) -> tuple[Any, ...]:
    """What makes two engines fail a scenario the same way (their entries are merged)."""
    return (record["outcome"], record.get("rule"), record.get("at"), record.get("field"),
            repr(record.get("details")), "" if record.get("details") else record.get("message"))


def hand_view(hand: dict[str, Any] | None) -> dict[str, Any] | None:
    """A failing scenario's hand as the page draws it: the stakes, the deal grid (or the deck)
    and the steps, each step one line."""
    if not hand:
        return None
    stacks = hand.get("stacks") or []
    seats = [f"p{number}" for number in range(1, len(stacks) + 1)]
    deal = hand.get("deal") or {}
    grid = []
    if isinstance(deal, dict):
        burns = any(isinstance(deal.get(street), dict) and "burn" in deal[street] for street in STREETS)
        columns = seats + (["burn"] if burns else [])
        for street in STREETS:
            cards = deal.get(street)
            if isinstance(cards, dict):
                grid.append({"street": street, "cells": [_text(cards.get(name, "")) for name in columns]})
    else:
        columns = seats
    steps = []
    for item in hand.get("actions") or []:
        if isinstance(item, str):
            steps.append({"kind": "action", "text": _text(item)})
        elif isinstance(item, dict) and "expect" in item:
            steps.append({"kind": "checkpoint", "text": "expect " + _text(show(item["expect"]))})
        elif isinstance(item, dict):
            steps.append({"kind": "rejection", "text": f"{_text(item.get('reject'))} refused with {_text(item.get('code'))}"})
    stakes = hand.get("stakes") or {}
    return {
        "stakes": ", ".join(f"{_text(key).replace('_', ' ')} {_text(value)}" for key, value in stakes.items()),
        "stacks": ", ".join(f"p{number}: {_text(stack)}" for number, stack in enumerate(stacks, start=1)),
        "settings": _text(show({key: hand[key] for key in ("profile", "options") if hand.get(key)})) if (
            hand.get("profile") or hand.get("options")) else "",
        "columns": columns, "grid": grid,
        "deck": " ".join(_text(card) for card in hand.get("deck") or []) if not grid else "",
        "steps": steps,
        "cards": _text(hand["cards"]) if hand.get("cards") else "",
        "hands": [{"name": _text(name), "cards": _text(cards)} for name, cards in (hand.get("hands") or {}).items()],
    }


def _engine_view(run: EngineRun) -> dict[str, Any]:
    counts = run.counts()
    return {
        "key": run.key, "name": _text(run.name), "version": _text(run.version), "spec": _text(run.spec),
        "source": _text(run.source), "suite": _text(run.suite), "counts": counts, "scenarios": run.scenarios,
        "applicable": run.applicable, "badge": Markup(badge_svg(run)), "badge_value": badge_value(run),
        "badge_colour": badge_colour(run), "stopped": _text(run.stopped) if run.stopped else "",
        "stopped_text": run.stopped_text or "", "failing": len(run.failures),
        "causes": [{"rule": _text(rule), "count": len(ids), "anchor": f"cause-{run.key}-{anchor(rule)}",
                    "ids": [{"id": _text(item), "anchor": anchor(item)} for item in ids]} for rule, ids in run.root_causes],
        "search": _text(f"{run.name} {run.version} {run.spec} {run.source}".lower()),
        "reasons": [{"text": _text(reason), "count": count}
                    for reason, count in sorted(run.reasons.items(), key=lambda item: -item[1])[:3]],
    }


def _failing_scenarios(comparison: Comparison, wide: bool, rules: set[str]) -> list[dict[str, Any]]:
    """Each scenario some engine fails: its hand once, then one entry per way it fails."""
    order = [row for _, _, rows in comparison.areas for row in rows]
    blocks = []
    for row in order:
        groups: dict[tuple[Any, ...], list[tuple[EngineRun, dict[str, Any]]]] = {}
        for run in comparison.runs:
            record = run.failures.get(row.id)
            if record is not None:
                signature = (run.key,) if not wide else _signature(record)
                groups.setdefault(signature, []).append((run, record))
        if not groups:
            continue
        entries = []
        for number, members in enumerate(groups.values(), start=1):
            first_run, record = members[0]
            rule = record.get("rule") or ""
            if rule:
                rules.add(rule)
            names = [_text(run.name) for run, _ in members]
            entries.append({
                "anchor": f"fail-{first_run.key}-{anchor(row.id)}" if not wide else f"fail-{anchor(row.id)}-{number}",
                "outcome": record["outcome"], "kind": KINDS[record["outcome"]],
                "engines": names[:NAMES_SHOWN], "more": len(names) - NAMES_SHOWN if len(names) > NAMES_SHOWN else 0,
                "all_engines": ", ".join(names) if len(names) > NAMES_SHOWN else "",
                "count": len(members),
                "rule": _text(rule), "rule_anchor": anchor(rule), "rule_title": rule_text(rule)[0] if rule else "",
                "step": _text(record.get("step") or ""), "field": _text(record.get("field") or ""),
                "message": _text(record.get("message") or ""), "details": _details(record),
                "cause": _text(record.get("cause") or ""),
                "engine_options": _text(show(record["engine_options"])) if record.get("engine_options") else "",
                "more_differences": max(0, len(record.get("differences") or []) - 1),
                "command": first_run.explain_command(row.id),
            })
        blocks.append({"id": _text(row.id), "anchor": f"scenario-{anchor(row.id)}", "title": _text(row.title),
                       "file": _text(row.file), "line": row.line, "rules": [_text(rule) for rule in row.rules],
                       "hand": hand_view(row.hand), "entries": entries,
                       "engines": sum(entry["count"] for entry in entries)})
    return blocks


def _row_view(comparison: Comparison, row: ScenarioRow, wide: bool, failing_ids: set[str]) -> dict[str, Any]:
    kinds = comparison.row_kinds(row)
    present = [kind for kind in kinds if kind]
    view: dict[str, Any] = {
        "id": _text(row.id), "title": _text(row.title), "file": _text(row.file), "line": row.line,
        "rules": [_text(rule) for rule in row.rules], "differs": len(set(present)) > 1,
        "failing": any(kind in ("fail", "error", "invalid") for kind in present),
        "search": _text(" ".join([row.id, row.title, *row.rules]).lower()),
        "block": f"scenario-{anchor(row.id)}" if row.id in failing_ids else "",
    }
    if wide:
        counts = dict.fromkeys(KIND_ORDER, 0)
        for kind in present:
            counts[kind] += 1
        view["counts"] = counts
        view["absent"] = len(kinds) - len(present)
    else:
        view["outcomes"] = [{"key": run.key, "kind": kind, "anchor": f"fail-{run.key}-{anchor(row.id)}"}
                            for run, kind in zip(comparison.runs, kinds)]
    return view


def page_context(comparison: Comparison) -> dict[str, Any]:
    """Everything the template shows, in display order."""
    wide = len(comparison.runs) > WIDE
    engines = [_engine_view(run) for run in comparison.runs]
    rules: set[str] = set()
    failing = _failing_scenarios(comparison, wide, rules)
    failing_ids = {row_id for row_id in comparison.rows if any(row_id in run.failures for run in comparison.runs)}
    areas: list[dict[str, Any]] = []
    for area, title, rows in comparison.areas:
        areas.append({
            "id": area, "title": title,
            "cells": [{"key": run.key, **_cell(comparison.area_counts(rows, run.key))} for run in comparison.runs],
            "rows": [_row_view(comparison, row, wide, failing_ids) for row in rows],
        })
    causes = []
    for rule, counts in comparison.causes:
        rules.add(rule)
        causes.append({"rule": _text(rule), "rule_anchor": anchor(rule), "title": rule_text(rule)[0],
                       "total": sum(counts.values()), "engines": sum(1 for count in counts.values() if count),
                       "cells": [{"key": run.key, "count": counts.get(run.key, 0), "anchor": f"cause-{run.key}-{anchor(rule)}"}
                                 for run in comparison.runs]})
    suites = sorted({run.suite for run in comparison.runs})
    style, script = _asset("compare.css"), _asset("compare.js")
    return {
        "engines": engines, "areas": areas, "causes": causes, "suites": [_text(suite) for suite in suites], "wide": wide,
        "failing": failing, "stopped": [engine for engine in engines if engine["stopped"]],
        "rules": [{"id": _text(rule), "anchor": f"rule-{anchor(rule)}", "title": rule_text(rule)[0],
                   "statement": rule_text(rule)[1]} for rule in sorted(rules)],
        "scenarios": len(comparison.rows),
        "kinds": KIND_ORDER,
        "assets": {"style": style, "script": script,
                   "csp": f"default-src 'none'; style-src {csp_hash(style)}; script-src {csp_hash(script)}; "
                          "img-src 'none'; base-uri 'none'; form-action 'none'"},
    }


def _cell(counts: dict[str, int]) -> dict[str, Any]:
    shown = sum(counts.values())
    state = ("none" if shown == 0 else "fail" if counts["fail"] or counts["error"] or counts["invalid"]
             else "na" if counts["pass"] == 0 else "pass")
    return {"counts": counts, "state": state, "total": shown}


def render_page(comparison: Comparison) -> str:
    """The page's HTML text."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(resources.files("stud8.tools.compare").joinpath("templates"))),
        autoescape=True, undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
    )
    context = page_context(comparison)
    text = neutral_bidi(env.get_template("compare.html.j2").render(**context))  # no bidi control reorders a line
    # the inline style and script must be byte for byte what the CSP hashes were made of
    text = text.replace("@@STYLE@@", context["assets"]["style"]).replace("@@SCRIPT@@", context["assets"]["script"])
    return "\n".join(line.rstrip() for line in text.splitlines()).strip("\n") + "\n"


def badge_files(comparison: Comparison) -> dict[str, str]:
    """``KEY.svg`` -> the badge, for each engine: the key is a slug of the run's label
    (``stud8 conform --label``, else the engine's name and version), never a path."""
    return {f"{run.key}.svg": badge_svg(run) + "\n" for run in comparison.runs}

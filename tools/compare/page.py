"""The comparison page: one standalone HTML file, and the badges.

The page is built like the rule book's (``tools/docs/render.py``): a jinja2 template with
autoescape, one inline stylesheet and one inline script, each allowed by its SHA-256 hash in the
page's Content-Security-Policy (``default-src 'none'``): nothing is fetched, nothing else runs.
Without the script the page reads fully (every drill-down is a ``<details>`` element); the script
adds the filter box, opens the ``<details>`` a link points into, and copies commands.
Deterministic: no dates, no absolute paths of the machine that made it.
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
from stud8.tools.compare.badge import badge_svg, badge_value, colour
from stud8.tools.compare.model import KIND_ORDER, KINDS, Comparison, EngineRun


def _asset(name: str) -> str:
    return resources.files("stud8.tools.compare").joinpath("templates").joinpath(name).read_text(encoding="utf-8").strip("\n")


def csp_hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def _failure(run: EngineRun, record: dict[str, Any]) -> dict[str, Any]:
    rule = record.get("rule") or ""
    title, statement = rule_text(rule) if rule else ("", "")
    details = [{"path": item.get("path", ""),
                "expected": show(item["expected"]) if "expected" in item else "(none)",
                "got": show(item["got"]) if "got" in item else "(none)"} for item in record.get("details") or []]
    return {
        "id": record["id"], "title": record.get("title", ""), "outcome": record["outcome"],
        "kind": KINDS[record["outcome"]], "anchor": f"fail-{run.key}-{record['id']}",
        "rule": rule, "rule_title": title, "statement": statement,
        "step": record.get("step") or "", "at": record.get("at") or "", "field": record.get("field") or "",
        "message": record.get("message") or "", "details": details, "cause": record.get("cause") or "",
        "more": max(0, len(record.get("differences") or []) - 1),
        "command": run.explain_command(record["id"]),
    }


def page_context(comparison: Comparison) -> dict[str, Any]:
    """Everything the template shows, in display order."""
    engines: list[dict[str, Any]] = []
    for run in comparison.runs:
        counts = run.counts()
        failures = [_failure(run, record) for record in run.records.values() if KINDS[record["outcome"]] in ("fail", "error")]
        by_id = {failure["id"]: failure for failure in failures}
        engines.append({
            "key": run.key, "name": run.name, "version": run.version, "spec": run.spec, "source": run.source,
            "suite": run.suite, "label": run.label, "counts": counts, "scenarios": len(run.records),
            "applicable": run.applicable, "badge": Markup(badge_svg(run)), "badge_value": badge_value(run),
            "badge_colour": colour(counts["pass"], run.applicable),
            "failures": failures,
            "causes": [{"rule": rule, "title": rule_text(rule)[0], "anchor": f"cause-{run.key}-{rule}",
                        "failures": [by_id[scenario_id] for scenario_id in ids if scenario_id in by_id]}
                       for rule, ids in run.root_causes],
            "faults": [failure for failure in failures if failure["kind"] == "error"],
        })
    areas: list[dict[str, Any]] = []
    for area, title, rows in comparison.areas:
        areas.append({
            "id": area, "title": title,
            "cells": [{"key": run.key, **_cell(comparison.area_counts(rows, run.key))} for run in comparison.runs],
            "rows": [{
                "id": row.id, "title": row.title, "file": row.file, "line": row.line, "rules": row.rules,
                "differs": row.differs, "failing": row.failing,
                "search": " ".join([row.id, row.title, *row.rules]).lower(),
                "outcomes": [{"key": run.key, "kind": row.outcomes.get(run.key, ""),
                              "anchor": f"fail-{run.key}-{row.id}"} for run in comparison.runs],
            } for row in rows],
        })
    causes = [{"rule": rule, "title": rule_text(rule)[0],
               "cells": [{"key": run.key, "count": counts.get(run.key, 0), "anchor": f"cause-{run.key}-{rule}"}
                         for run in comparison.runs]} for rule, counts in comparison.causes]
    suites = sorted({run.suite for run in comparison.runs})
    style, script = _asset("compare.css"), _asset("compare.js")
    return {
        "engines": engines, "areas": areas, "causes": causes, "suites": suites,
        "scenarios": len({row.id for _, _, rows in comparison.areas for row in rows}),
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
    text = env.get_template("compare.html.j2").render(**context)
    # the inline style and script must be byte for byte what the CSP hashes were made of
    text = text.replace("@@STYLE@@", context["assets"]["style"]).replace("@@SCRIPT@@", context["assets"]["script"])
    return "\n".join(line.rstrip() for line in text.splitlines()).strip("\n") + "\n"


def badge_files(comparison: Comparison) -> dict[str, str]:
    """``ENGINE.svg`` -> the badge, for each engine (file names made from the engine's key)."""
    return {f"{re.sub(r'[^a-z0-9-]+', '-', run.key)}.svg": badge_svg(run) + "\n" for run in comparison.runs}

"""The mutant list for the conformance catalogue, read from the mutant registry when it exists.

The mutant zoo (``stud8 mutants``) is built separately; the catalogue lists its mutants (name,
the rule each breaks, what it gets wrong, the scenario named as killing it) when the registry
module is installed, and leaves the section out otherwise, so the documents never depend on it
being there. Generated mutants (``GENERATED_MODULES``, when such a module exists) are listed
after the zoo's, marked as generated. The killing scenario comes from the record
``conformance/mutants/kills.yaml`` (``stud8.conformance.mutants.kills``); a mutant the record
does not name shows none.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from typing import Any

REGISTRY_MODULES = ("stud8.conformance.mutants", "stud8.conformance.mutants.registry")
"""Where the registry may live; the first module that imports and has a registry is used."""

REGISTRY_NAMES = ("MUTANTS", "REGISTRY", "mutants")

GENERATED_MODULES = ("stud8.conformance.mutants.generated",)
"""Where generated mutants may live (same attribute names as the registry)."""


def _rows(entries: Iterable[Any], kind: str = "zoo") -> list[dict[str, str]]:
    rows = []
    for entry in entries:
        if isinstance(entry, Mapping):
            get = entry.get
        else:
            def get(key: str, default: Any = None, entry: Any = entry) -> Any:
                return getattr(entry, key, default)
        name = get("name") or get("id")
        if not name:
            continue
        rules = get("rules") or ([get("rule")] if get("rule") else [])
        text = " ".join(str(get("description") or get("title") or get("summary") or "").split())
        equivalent = get("equivalent")
        if equivalent:  # no observation can tell it from the reference engine: say why
            text += " (equivalent: " + " ".join(str(equivalent).split()) + ")"
        rows.append({"name": str(name), "rule": str(rules[0]) if rules else "", "text": text, "kind": kind,
                     "equivalent": "yes" if equivalent else ""})
    return rows


def _kills() -> dict[str, str]:
    try:
        from stud8.conformance.mutants.kills import load_kills
    except ImportError:
        return {}
    return load_kills()


def mutant_rows() -> list[dict[str, str]]:
    """The mutants as rows ``{name, rule, text, kind, equivalent, killer}``: the zoo's in
    registry order, then any generated ones; empty without a registry."""
    rows = _registry_rows(REGISTRY_MODULES, "zoo")
    if not rows:
        return []
    seen = {row["name"] for row in rows}
    rows += [row for row in _registry_rows(GENERATED_MODULES, "generated") if row["name"] not in seen]
    kills = _kills()
    for row in rows:
        row["killer"] = kills.get(row["name"], "")
    return rows


def _registry_rows(modules: Iterable[str], kind: str) -> list[dict[str, str]]:
    for module_name in modules:
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        for attribute in REGISTRY_NAMES:
            registry = getattr(module, attribute, None)
            if callable(registry):
                registry = registry()
            if isinstance(registry, Mapping):
                registry = [{"name": key, **(value if isinstance(value, Mapping) else {"description": getattr(value, "description", "")})}
                            if isinstance(value, Mapping) or not hasattr(value, "name") else value
                            for key, value in registry.items()]
            if isinstance(registry, (list, tuple)):
                return _rows(registry, kind)
    return []

"""The mutant list for the conformance catalogue, read from the mutant registry when it exists.

The mutant zoo (``stud8 mutants``) is built separately; the catalogue lists its mutants (name,
the rule each breaks, what it gets wrong) when the registry module is installed, and leaves
the section out otherwise, so the documents never depend on it being there.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from typing import Any

REGISTRY_MODULES = ("stud8.conformance.mutants", "stud8.conformance.mutants.registry")
"""Where the registry may live; the first module that imports and has a registry is used."""

REGISTRY_NAMES = ("MUTANTS", "REGISTRY", "mutants")


def _rows(entries: Iterable[Any]) -> list[dict[str, str]]:
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
        rows.append({"name": str(name), "rule": str(rules[0]) if rules else "", "text": text})
    return rows


def mutant_rows() -> list[dict[str, str]]:
    """The mutants as rows ``{name, rule, text}``, in registry order; empty without a registry."""
    for module_name in REGISTRY_MODULES:
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
                return _rows(registry)
    return []

"""What a mutant is: a named, small edit of one reference-engine module, and the rule it breaks.

A mutant is a *patched copy* of the reference engine: ``edits`` are exact text replacements
in the source of one module under ``stud8.reference`` (each ``old`` text must occur exactly
once, so an edit never lands somewhere unintended and a mutant whose engine line changed is
reported as stale instead of silently testing nothing). The registry lists realistic
implementer mistakes, each one line of description and the rule id it breaks.

An *equivalent* mutant is one no observation can tell apart from the reference engine; it
carries the reason in ``equivalent`` and ``stud8 mutants`` backs the reason with a lockstep
fuzz run (``lockstep.py``) that must show no divergence.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Edit:
    """Replace the one occurrence of ``old`` by ``new`` in the module's source."""

    old: str
    new: str


@dataclass(frozen=True)
class Mutant:
    """One planted mistake.

    ``id`` is stable (``area-what``); ``rule`` the rule id of ``spec/rules.yaml`` it breaks;
    ``module`` the module under ``stud8.reference`` it edits (``betting``, ``hands``...).
    """

    id: str
    rule: str
    module: str
    description: str
    edits: tuple[Edit, ...]
    equivalent: str | None = None
    """Why no observation can tell this mutant from the reference engine, or None."""
    also: tuple[str, ...] = ()
    """Further rules the edit breaks as much as ``rule``: where the rule book states the
    behaviour the edit changes in more than one rule (``stud8 mutants --attribution`` counts a
    failure grouped under any of them as found). Empty for most mutants."""

    @property
    def area(self) -> str:
        """The rule area, the section of the rule id: ``betting`` for ``betting.raise-cap``."""
        return self.rule.split(".", 1)[0]

    @property
    def name(self) -> str:  # the catalogue (tools/docs/mutants.py) reads ``name``
        return self.id


def mutant(id: str, rule: str, module: str, description: str, *edits: tuple[str, str],
           equivalent: str | None = None, also: tuple[str, ...] = ()) -> Mutant:
    """A ``Mutant`` from ``(old, new)`` pairs: the registry modules' shorthand."""
    return Mutant(id, rule, module, description, tuple(Edit(old, new) for old, new in edits), equivalent, also)

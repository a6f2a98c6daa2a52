"""The mutant zoo: realistic implementer mistakes planted in copies of the reference engine.

Each mutant (``model.Mutant``) is a small edit of one reference module and names the rule it
breaks; ``run.run_mutants`` replays the scenario suite against each and lists the scenarios
that kill it. A green ``stud8 mutants`` run means the suite alone tells every one of these
mistakes from the rules; ``docs/mutants.md`` lists them by rule area.
"""

from __future__ import annotations

from stud8.conformance.mutants.model import Edit, Mutant
from stud8.conformance.mutants.registry import MUTANTS, select

__all__ = ["MUTANTS", "Edit", "Mutant", "select"]

"""``stud8 fuzz``: random legal hands on the reference engine and another engine, in lockstep.

A fuzzing run plays hands numbered ``start``, ``start + 1``, ... Each hand is made from the
seed and its number alone, so any hand can be played again by itself and the outcome does
not depend on how the hands were spread over worker processes or cluster machines. At the
lowest divergent hand, the hand is shrunk and written as a replay scenario (a *finding*).

One concept per module:

* ``generate``: the plain hands (table, stakes, stacks, deck, the policy's parameters);
* ``guide``: guided hands, stacked toward rarely reached rules (``--guided``);
* ``policies``: how actions are picked (random, replayed decisions, fold first);
* ``lockstep``: one hand on two engines, compared cheaply then field by field (``Divergence``);
* ``citing``: the rule ids a divergence points at;
* ``shrink``: making a divergent hand smaller while it diverges the same way;
* ``finding``: the shrunk hand written as a replay scenario;
* ``campaign``: the hands of a run as units of the shared executor, the lowest divergent
  hand, rule-coverage counts, and investigating the hits.

The rule ids a hand exercised come from ``stud8.conformance.suite.rules_exercised``; where units run
from ``stud8.conformance.executor``.
"""

from __future__ import annotations

from stud8.conformance.fuzz.campaign import (
    FuzzConfig,
    Hit,
    Progress,
    SearchResult,
    investigate,
    run_search,
    select_hits,
)
from stud8.conformance.fuzz.generate import CARDS, STAKES_SHAPES, HandSpec, generate
from stud8.conformance.fuzz.lockstep import (
    Divergence,
    Played,
    compare,
    lockstep,
    play_generated,
)
from stud8.conformance.fuzz.shrink import SHRINK_SECONDS, SHRINK_TRIES

__all__ = [
    "CARDS",
    "SHRINK_SECONDS",
    "SHRINK_TRIES",
    "STAKES_SHAPES",
    "Divergence",
    "FuzzConfig",
    "HandSpec",
    "Hit",
    "Played",
    "Progress",
    "SearchResult",
    "compare",
    "generate",
    "investigate",
    "lockstep",
    "play_generated",
    "run_search",
    "select_hits",
]

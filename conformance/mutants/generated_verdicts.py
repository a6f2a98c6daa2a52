"""Hand-written verdicts on generated mutants that survived a run of the whole suite.

A surviving generated mutant is either killed by a scenario written for it (``KILLED_BY``: the
mutant's key -> the scenario, worked out by hand from the rules like every scenario) or shown
to be equivalent (``EQUIVALENT``: the key -> why no observation can tell it from the engine).
An equivalence claim is checked on every run: the mutant must survive the suite, and 3,000
lockstep hands (for the evaluators also random card sets) must show no difference. The keys
name mutants as ``generated.GeneratedMutant.key`` does; a key that no longer names a generated
mutant fails a test, so a verdict never outlives the code it was written for.
"""

from __future__ import annotations

MESSAGE = ("Only the wording of a refusal changes: every action reaching the edited branch is refused "
           "with the same error code either way, and the protocol compares codes (the rule book fixes "
           "no message text).")
CBR_CACHE = ("_CBR_TEXT only caches the text 'cbr N' per amount; when (or whether) it is cleared changes "
             "how often a text is formatted, never the text.")

EQUIVALENT: dict[str, str] = {}

KILLED_BY: dict[str, str] = {}

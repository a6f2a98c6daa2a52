"""How well root causes name a planted mistake: for each zoo mutant, the share of its failing
scenarios grouped under its own rule.

A kill run asks whether the suite notices a mistake. An implementer reads more than that: the
failures of a run grouped by root cause (``suite.rootcause``: the rule of the first state where
the engine and the reference engine part). A mistake that fails sixty scenarios should be one
group named after the rule it breaks, not sixty failures spread over the rules the scenarios
happen to show them at. The zoo is the measuring stick: every mutant is one mistake and names
the rule it breaks (``model.Mutant.rule``, and ``also`` where the rule book states that
behaviour in more than one rule).

For each mutant the suite is played on the mutant (``engine.MutantEngine``, beside an untouched
reference engine), each failure is attributed as ``stud8 conform`` does
(``rootcause.attribute_playing``: the engine replays the inputs observing every state), and the
rule found is compared with the mutant's own. ``stud8 mutants --attribution`` prints it per
mutant, per area and over the whole zoo. It is a measurement, not a check: a mutant's rule may
itself be too coarse or too narrow for what its edit breaks, and the worst rows are where to
look, not failures.
"""

from __future__ import annotations

import multiprocessing
import statistics
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from stud8.conformance.mutants.model import Mutant
from stud8.conformance.mutants.run import SCENARIO_SECONDS, time_limit
from stud8.conformance.mutants.variant import StaleMutant

NO_RULE = "(no rule)"
"""What a failure the rule table could not place is counted under."""


@dataclass
class MutantAttribution:
    """Where one mutant's failures were grouped.

    ``failing``: the scenarios it fails (a scenario failure, not an engine fault); ``grouped``:
    those whose root cause is one of ``own``; ``rules``: root-cause rule -> count; ``example``:
    root-cause rule -> the first scenario grouped there; ``faults``: scenarios where the mutant
    raised or hung instead (no root cause: counted apart)."""

    id: str
    rule: str
    area: str
    own: tuple[str, ...]
    failing: int = 0
    grouped: int = 0
    faults: int = 0
    rules: Counter[str] = field(default_factory=Counter)
    example: dict[str, str] = field(default_factory=dict)
    stale: str | None = None

    @property
    def share(self) -> float | None:
        return self.grouped / self.failing if self.failing else None

    def others(self, count: int = 3) -> list[tuple[str, int, str]]:
        """The rules other than its own that took most of its failures: (rule, count, first scenario)."""
        return [(rule, n, self.example[rule]) for rule, n in self.rules.most_common() if rule not in self.own][:count]

    def as_json(self) -> dict[str, Any]:
        return {"id": self.id, "rule": self.rule, "area": self.area, "own": list(self.own),
                "failing": self.failing, "grouped": self.grouped, "faults": self.faults,
                "share": None if self.share is None else round(self.share, 4),
                "rules": dict(self.rules.most_common()), "example": self.example, "stale": self.stale}


def own_rules(mutant: Mutant) -> tuple[str, ...]:
    """The rules a failure of ``mutant`` may be grouped under and count as found."""
    return (mutant.rule, *mutant.also)


def attribute_mutant(mutant: Mutant, scenarios: Sequence[Any]) -> MutantAttribution:
    """Play every scenario on ``mutant`` and attribute each failure (see the module docstring)."""
    from stud8.conformance.mutants.engine import MutantEngine
    from stud8.conformance.suite.replay import ScenarioFailure, run_scenario
    from stud8.conformance.suite.rootcause import attribute_playing

    result = MutantAttribution(mutant.id, mutant.rule, mutant.area, own_rules(mutant))
    try:
        engine = MutantEngine(mutant)
    except StaleMutant as error:
        result.stale = str(error)
        return result
    for scenario in scenarios:
        engine.restart()
        try:
            with time_limit(SCENARIO_SECONDS):
                try:
                    run_scenario(engine, scenario)
                    continue
                except ScenarioFailure as failure:
                    attribute_playing(scenario, failure, engine)
                    rule = failure.rule or NO_RULE
        except RecursionError:
            result.faults += 1
            continue
        except Exception:  # noqa: BLE001 - the mutant raised or hung: no root cause to judge
            result.faults += 1
            continue
        result.failing += 1
        result.rules[rule] += 1
        result.example.setdefault(rule, scenario.id)
        if rule in result.own:
            result.grouped += 1
    return result


@dataclass(frozen=True)
class Figure:
    """Failing scenarios grouped under the mutants' own rules, over some mutants."""

    mutants: int
    failing: int
    grouped: int
    median: float | None

    @property
    def share(self) -> float | None:
        return self.grouped / self.failing if self.failing else None

    def as_json(self) -> dict[str, Any]:
        return {"mutants": self.mutants, "failing": self.failing, "grouped": self.grouped,
                "share": None if self.share is None else round(self.share, 4),
                "median": None if self.median is None else round(self.median, 4)}


def figure(results: Iterable[MutantAttribution]) -> Figure:
    """The whole share (failing scenarios of all the mutants together) and the median mutant's."""
    counted = [result for result in results if result.failing]
    shares = [result.share for result in counted if result.share is not None]
    return Figure(len(counted), sum(r.failing for r in counted), sum(r.grouped for r in counted),
                  statistics.median(shares) if shares else None)


def by_area(results: Iterable[MutantAttribution]) -> dict[str, Figure]:
    areas: dict[str, list[MutantAttribution]] = {}
    for result in results:
        areas.setdefault(result.area, []).append(result)
    return {area: figure(group) for area, group in areas.items()}


def report_lines(results: Sequence[MutantAttribution], worst: int = 15) -> list[str]:
    """The text ``stud8 mutants --attribution`` prints: a row per mutant, then per area, the
    worst rows with where their failures went, and the whole figure last."""
    lines: list[str] = []
    width = max((len(r.id) for r in results), default=10)
    for r in results:
        if r.stale:
            lines.append(f"{r.id:<{width}}  stale: {r.stale}")
            continue
        if not r.failing:
            lines.append(f"{r.id:<{width}}  {r.rule:<34}  no failing scenario" + (f" ({r.faults} faults)" if r.faults else ""))
            continue
        lines.append(f"{r.id:<{width}}  {r.rule:<34}  {r.grouped:>4}/{r.failing:<4} {_percent(r.share)}"
                     + (f"  (+{r.faults} faults)" if r.faults else ""))
    lines.append("")
    lines.append("per area (failing scenarios grouped under the mutant's own rule; median mutant):")
    for area, value in sorted(by_area(results).items()):
        if value.failing:
            lines.append(f"  {area:<12} {value.grouped:>5}/{value.failing:<5} {_percent(value.share)}  "
                         f"median {_percent(value.median)}  ({value.mutants} mutants)")
    weak = sorted((r for r in results if r.failing and r.share is not None and r.share < 1),
                  key=lambda r: (r.share, -r.failing))[:worst]
    if weak:
        lines.append("")
        lines.append("worst rows (where their failures were grouped instead):")
        for r in weak:
            went = ", ".join(f"{rule} {n} (e.g. {example})" for rule, n, example in r.others())
            lines.append(f"  {r.id}: {r.grouped}/{r.failing} -> {went}")
    whole = figure(results)
    lines.append("")
    lines.append(f"{whole.grouped}/{whole.failing} failing scenarios ({_percent(whole.share)}) grouped under their "
                 f"mutant's own rule; median mutant {_percent(whole.median)} ({whole.mutants} mutants that fail any)")
    return lines


def _percent(value: float | None) -> str:
    return "   -  " if value is None else f"{100 * value:5.1f}%"


_WORKER_SCENARIOS: list[Any] = []


def _work(item: tuple[int, Mutant]) -> tuple[int, MutantAttribution]:
    index, mutant = item
    return index, attribute_mutant(mutant, _WORKER_SCENARIOS)


def _init_worker(loaded: bool, ids: frozenset[str]) -> None:
    global _WORKER_SCENARIOS
    if not loaded:
        from stud8.conformance.mutants.run import load_scenarios

        _WORKER_SCENARIOS = [scenario for scenario in load_scenarios() if scenario.id in ids]


def attribute_mutants(mutants: Sequence[Mutant], scenarios: Sequence[Any], jobs: int = 1,
                      done: Callable[[MutantAttribution], None] | None = None) -> list[MutantAttribution]:
    """``attribute_mutant`` for each mutant (equivalent ones left out), in registry order;
    ``done`` is called as each finishes. ``scenarios``: the suite without the scenarios the
    reference engine itself fails (``run.baseline_failures``)."""
    global _WORKER_SCENARIOS
    wanted = [mutant for mutant in mutants if not mutant.equivalent]
    if jobs <= 1 or len(wanted) < 2:
        results = []
        for mutant in wanted:
            results.append(attribute_mutant(mutant, scenarios))
            if done:
                done(results[-1])
        return results
    forked = "fork" in multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if forked else "spawn")
    if forked:
        _WORKER_SCENARIOS = list(scenarios)
    found: dict[int, MutantAttribution] = {}
    with context.Pool(jobs, initializer=_init_worker, initargs=(forked, frozenset(scenario.id for scenario in scenarios))) as pool:
        for index, result in pool.imap_unordered(_work, list(enumerate(wanted))):
            found[index] = result
            if done:
                done(result)
    return [found[index] for index in range(len(wanted))]

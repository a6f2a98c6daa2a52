"""Running the scenario suite against mutants: which scenarios kill each one.

The suite is run in this process (``conformance.suite.replay.run_scenario`` with the reference engine
adapter), never through pytest: a mutant is installed (``variant.installed``), every scenario
is replayed, and the scenarios that fail, error or hang are its killers. A mutant with no
killer survives. Work spreads over processes with ``jobs``; each worker loads the suite once.
"""

from __future__ import annotations

import multiprocessing
import signal
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from stud8.conformance.mutants.lockstep import lockstep
from stud8.conformance.mutants.model import Mutant
from stud8.conformance.mutants.variant import PACKAGE, StaleMutant, installed

SCENARIO_SECONDS = 10
"""A scenario that runs longer than this on a mutant counts as a hang, and so kills it."""

EQUIVALENCE_HANDS = 3000
"""How many lockstep hands back an equivalence claim (issue 10: at least 3,000)."""


@dataclass
class MutantResult:
    """What the suite did to one mutant."""

    id: str
    rule: str
    description: str
    killers: list[str] = field(default_factory=list)
    """Ids of the scenarios that failed on the mutant, in suite order."""
    first_failure: str = ""
    equivalent: str | None = None
    fuzz_hands: int = 0
    divergence: str | None = None
    """For an equivalent mutant: the first lockstep difference found (the claim is then wrong)."""
    stale: str | None = None
    """The mutant's edit no longer fits the engine source."""

    @property
    def killed(self) -> bool:
        return bool(self.killers)

    @property
    def status(self) -> str:
        if self.stale:
            return "stale"
        if self.killed:
            return "killed"
        if self.equivalent:
            return "equivalent" if self.divergence is None else "survived"
        return "survived"

    @property
    def ok(self) -> bool:
        """Killed, or an equivalent whose lockstep run found no divergence."""
        return self.status in ("killed", "equivalent")

    def as_json(self) -> dict[str, Any]:
        return {"id": self.id, "rule": self.rule, "description": self.description, "status": self.status,
                "killed_by": self.killers[0] if self.killers else None, "killers": self.killers,
                "first_failure": self.first_failure or None, "equivalent": self.equivalent,
                "fuzz_hands": self.fuzz_hands, "divergence": self.divergence, "stale": self.stale}


class _Hang(Exception):
    pass


def _alarm(signum: int, frame: Any) -> None:
    raise _Hang(f"no answer within {SCENARIO_SECONDS} s")


def load_scenarios(folders: Sequence[Path] | None = None) -> list[Any]:
    """The packaged suite (or these folders), every scenario in suite order."""
    from stud8.conformance.suite.scenarios import (
        iter_scenarios,
        load_suite,
        packaged_scenarios_dir,
    )

    files, problems = load_suite(list(folders) if folders else [packaged_scenarios_dir()])
    if problems:
        from stud8.reference.errors import Stud8Error

        raise Stud8Error("invalid scenario files (run stud8 validate):\n" + "\n".join(map(str, problems)), "invalid")
    return list(iter_scenarios(files))


def failures(scenarios: Iterable[Any]) -> Iterator[tuple[str, str]]:
    """(scenario id, what went wrong) for every scenario the installed engine fails."""
    from stud8.conformance.engines.api import ReferenceEngine
    from stud8.conformance.suite.replay import run_scenario

    timed = hasattr(signal, "setitimer") and _main_thread()
    previous = signal.signal(signal.SIGALRM, _alarm) if timed else None
    try:
        for scenario in scenarios:
            engine = ReferenceEngine()
            try:
                if timed:
                    signal.setitimer(signal.ITIMER_REAL, SCENARIO_SECONDS)
                run_scenario(engine, scenario)
            except RecursionError:
                yield scenario.id, "the engine recursed without end"
            except Exception as error:  # noqa: BLE001 - a failure, an engine crash or a hang: all observable
                text = str(error).splitlines()[0] if str(error) else type(error).__name__
                yield scenario.id, f"{type(error).__name__}: {text}"[:300]
            finally:
                if timed:
                    signal.setitimer(signal.ITIMER_REAL, 0)
    finally:
        if timed:
            signal.signal(signal.SIGALRM, previous)


def _main_thread() -> bool:
    import threading

    return threading.current_thread() is threading.main_thread()


def run_mutant(mutant: Mutant, scenarios: Sequence[Any], fuzz_hands: int = EQUIVALENCE_HANDS) -> MutantResult:
    """Install the mutant, run every scenario, and, for an equivalent one, the lockstep fuzz."""
    result = MutantResult(mutant.id, mutant.rule, mutant.description, equivalent=mutant.equivalent)
    original = sys.modules.get(f"{PACKAGE}.engine")
    if original is None:
        import importlib

        original = importlib.import_module(f"{PACKAGE}.engine")
    try:
        with installed(mutant) as modules:
            for scenario_id, message in failures(scenarios):
                result.killers.append(scenario_id)
                if not result.first_failure:
                    result.first_failure = message
            if mutant.equivalent and not result.killers:
                mutated = modules.get("engine", original)
                found = lockstep(original, mutated, fuzz_hands, seed=sum(map(ord, mutant.id)))
                result.fuzz_hands = fuzz_hands
                result.divergence = None if found is None else str(found)
    except StaleMutant as error:
        result.stale = str(error)
    return result


def baseline_failures(scenarios: Sequence[Any]) -> dict[str, str]:
    """The scenarios the unmodified reference engine fails (scenario id -> what went wrong).

    Such a scenario would "kill" every mutant and prove nothing, so it is left out of the kill
    set and reported instead (``stud8 conform`` is where it must be fixed)."""
    return dict(failures(scenarios))


_WORKER_SCENARIOS: list[Any] = []
_WORKER_FUZZ = EQUIVALENCE_HANDS


def _init_worker(folders: Sequence[Path] | None, fuzz_hands: int, skip: frozenset[str]) -> None:
    global _WORKER_SCENARIOS, _WORKER_FUZZ
    _WORKER_SCENARIOS = [scenario for scenario in load_scenarios(folders) if scenario.id not in skip]
    _WORKER_FUZZ = fuzz_hands


def _work(mutant: Mutant) -> MutantResult:
    return run_mutant(mutant, _WORKER_SCENARIOS, _WORKER_FUZZ)


def run_mutants(mutants: Sequence[Mutant], folders: Sequence[Path] | None = None, jobs: int = 1,
                fuzz_hands: int = EQUIVALENCE_HANDS, done: Callable[[MutantResult], None] | None = None,
                baseline: dict[str, str] | None = None) -> list[MutantResult]:
    """Every mutant against the suite, in registry order; ``done`` is called as each finishes.

    The scenarios the reference engine itself fails are left out (``baseline_failures``); pass
    a dict as ``baseline`` to receive them.
    """
    results: dict[str, MutantResult] = {}
    everything = load_scenarios(folders)
    failing = baseline_failures(everything)
    if baseline is not None:
        baseline.update(failing)
    skip = frozenset(failing)
    if jobs <= 1 or len(mutants) < 2:
        scenarios = [scenario for scenario in everything if scenario.id not in skip]
        for mutant in mutants:
            results[mutant.id] = run_mutant(mutant, scenarios, fuzz_hands)
            if done:
                done(results[mutant.id])
    else:
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
        with context.Pool(jobs, initializer=_init_worker, initargs=(folders, fuzz_hands, skip)) as pool:
            for result in pool.imap_unordered(_work, mutants):
                results[result.id] = result
                if done:
                    done(result)
    return [results[mutant.id] for mutant in mutants]

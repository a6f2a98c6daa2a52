"""Running the scenario suite against mutants: which scenarios kill each one.

The suite is run in this process (``conformance.suite.replay.run_scenario`` with the reference engine
adapter), never through pytest: a mutant is installed (``variant.installed``), every scenario
is replayed, and the scenarios that fail, error or hang are its killers. A mutant with no
killer survives. Work spreads over processes with ``jobs``; each worker loads the suite once.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import signal
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


_LOADED: dict[tuple[Any, ...], list[Any]] = {}


def load_scenarios(folders: Sequence[Path] | None = None) -> list[Any]:
    """The packaged suite (or these folders), every scenario in suite order.

    Loading reads and checks every file (seconds); the result is kept for as long as no file
    under the folders changes (name, size or modification time), so the commands and tests
    that run mutants one batch after another load the suite once."""
    from stud8.conformance.suite.scenarios import (
        iter_scenarios,
        load_suite,
        packaged_scenarios_dir,
    )

    roots = list(folders) if folders else [packaged_scenarios_dir()]
    key = tuple(_stamp(Path(root)) for root in roots)
    if key not in _LOADED:
        files, problems = load_suite(roots)
        if problems:
            from stud8.reference.errors import Stud8Error

            raise Stud8Error("invalid scenario files (run stud8 validate):\n" + "\n".join(map(str, problems)), "invalid")
        _LOADED.clear()
        _LOADED[key] = list(iter_scenarios(files))
    return list(_LOADED[key])


def _stamp(root: Path) -> tuple[Any, ...]:
    """What identifies a folder's (or file's) scenario files as they are now."""
    paths = sorted(root.rglob("*.y*ml")) if root.is_dir() else [root]
    stamps: list[Any] = [str(root)]
    for path in paths:
        try:
            info = path.stat()
        except OSError:
            continue
        stamps.append((str(path), info.st_size, info.st_mtime_ns))
    return tuple(stamps)


@contextlib.contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise ``_Hang`` in the block after ``seconds`` (where the process can set an alarm: the
    main thread of a POSIX process; elsewhere the block runs unlimited)."""
    timed = hasattr(signal, "setitimer") and _main_thread()
    if not timed:
        yield
        return
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def failures(scenarios: Iterable[Any]) -> Iterator[tuple[str, str]]:
    """(scenario id, what went wrong) for every scenario the installed engine fails."""
    from stud8.conformance.engines.api import ReferenceEngine
    from stud8.conformance.suite.replay import run_scenario

    for scenario in scenarios:
        engine = ReferenceEngine()
        try:
            with time_limit(SCENARIO_SECONDS):
                run_scenario(engine, scenario)
        except RecursionError:
            yield scenario.id, "the engine recursed without end"
        except Exception as error:  # noqa: BLE001 - a failure, an engine crash or a hang: all observable
            text = str(error).splitlines()[0] if str(error) else type(error).__name__
            yield scenario.id, f"{type(error).__name__}: {text}"[:300]


def _main_thread() -> bool:
    import threading

    return threading.current_thread() is threading.main_thread()


def run_mutant(mutant: Mutant, scenarios: Sequence[Any], fuzz_hands: int = EQUIVALENCE_HANDS,
               enough: int | None = None) -> MutantResult:
    """Install the mutant, run every scenario, and, for an equivalent one, the lockstep fuzz.

    ``enough``: stop after that many killers (the CI test needs two at most; the command lists
    them all)."""
    result = _suite_result(mutant, scenarios, enough)
    if mutant.equivalent and not result.killers and not result.stale:
        for part, (first, count) in enumerate(lockstep_parts(fuzz_hands)):
            found = _lockstep_part(mutant, part, first, count)
            result.fuzz_hands += count
            if found is not None:
                result.divergence = found
                break
    return result


LOCKSTEP_PART = 500
"""Lockstep hands per unit of work: an equivalence's 3,000 hands spread over the workers."""


def lockstep_parts(hands: int) -> list[tuple[int, int]]:
    """``(first hand, count)`` of each part of a lockstep run of ``hands`` hands."""
    return [(first, min(LOCKSTEP_PART, hands - first)) for first in range(0, hands, LOCKSTEP_PART)]


def _suite_result(mutant: Mutant, scenarios: Sequence[Any], enough: int | None) -> MutantResult:
    """The scenarios against the installed mutant (no lockstep)."""
    result = MutantResult(mutant.id, mutant.rule, mutant.description, equivalent=mutant.equivalent)
    try:
        with installed(mutant):
            for scenario_id, message in failures(scenarios):
                result.killers.append(scenario_id)
                if not result.first_failure:
                    result.first_failure = message
                if enough is not None and len(result.killers) >= enough:
                    break
    except StaleMutant as error:
        result.stale = str(error)
    return result


def _lockstep_part(mutant: Mutant, part: int, first: int, count: int) -> str | None:
    """One part of an equivalent mutant's lockstep run: the divergence found, or None.

    Each part has its own seed (from the mutant's id and the part's number), so the evidence is
    the same however the parts are spread over processes."""
    import importlib

    original = importlib.import_module(f"{PACKAGE}.engine")
    try:
        with installed(mutant) as modules:
            found = lockstep(original, modules.get("engine", original), count,
                             seed=sum(map(ord, mutant.id)) * 1000 + part, first=first)
    except StaleMutant as error:
        return str(error)
    return None if found is None else str(found)


def baseline_failures(scenarios: Sequence[Any]) -> dict[str, str]:
    """The scenarios the unmodified reference engine fails (scenario id -> what went wrong).

    Such a scenario would "kill" every mutant and prove nothing, so it is left out of the kill
    set and reported instead (``stud8 conform`` is where it must be fixed)."""
    return dict(failures(scenarios))


_WORKER_SCENARIOS: list[Any] = []
_WORKER_ENOUGH: int | None = None


def _init_worker(folders: Sequence[Path] | None, skip: frozenset[str], enough: int | None, loaded: bool) -> None:
    """A worker's suite: inherited from the parent when forked (``loaded``), else loaded once."""
    global _WORKER_SCENARIOS, _WORKER_ENOUGH
    if not loaded:
        _WORKER_SCENARIOS = [scenario for scenario in load_scenarios(folders) if scenario.id not in skip]
    _WORKER_ENOUGH = enough


Unit = tuple[int, Mutant, int, int, int]
"""(mutant's index, mutant, lockstep part or -1 for the suite, first hand, hands)."""


def _work(unit: Unit) -> tuple[int, int, Any]:
    index, mutant, part, first, count = unit
    if part < 0:
        return index, part, _suite_result(mutant, _WORKER_SCENARIOS, _WORKER_ENOUGH)
    return index, part, _lockstep_part(mutant, part, first, count)


def run_mutants(mutants: Sequence[Mutant], folders: Sequence[Path] | None = None, jobs: int = 1,
                fuzz_hands: int = EQUIVALENCE_HANDS, done: Callable[[MutantResult], None] | None = None,
                baseline: dict[str, str] | None = None, enough: int | None = None) -> list[MutantResult]:
    """Every mutant against the suite, in registry order; ``done`` is called as each finishes.

    The scenarios the reference engine itself fails are left out (``baseline_failures``); pass
    a dict as ``baseline`` to receive them. With ``jobs`` > 1 the work is cut into units (one
    suite run per mutant, and the lockstep run of each equivalent one in parts of
    ``LOCKSTEP_PART`` hands), the longest first, so that both processes stay busy to the end.
    """
    global _WORKER_SCENARIOS
    everything = load_scenarios(folders)
    failing = baseline_failures(everything)
    if baseline is not None:
        baseline.update(failing)
    skip = frozenset(failing)
    scenarios = [scenario for scenario in everything if scenario.id not in skip]
    if jobs <= 1 or len(mutants) < 2:
        sequential: list[MutantResult] = []
        for mutant in mutants:
            sequential.append(run_mutant(mutant, scenarios, fuzz_hands, enough))
            if done:
                done(sequential[-1])
        return sequential
    parts = lockstep_parts(fuzz_hands)
    units: list[Unit] = [(index, mutant, part, first, count) for index, mutant in enumerate(mutants)
                         if mutant.equivalent for part, (first, count) in enumerate(parts)]
    units += [(index, mutant, -1, 0, 0) for index, mutant in enumerate(mutants)]
    suites: dict[int, MutantResult] = {}
    found: dict[int, dict[int, str | None]] = {index: {} for index in range(len(mutants))}
    finished: dict[int, MutantResult] = {}

    def complete(index: int) -> None:
        mutant, result = mutants[index], suites[index]
        if mutant.equivalent and not result.killers and not result.stale:
            for part, (_first, count) in enumerate(parts):
                result.fuzz_hands += count
                if found[index][part] is not None:
                    result.divergence = found[index][part]
                    break
        finished[index] = result
        if done:
            done(result)

    methods = multiprocessing.get_all_start_methods()
    forked = "fork" in methods
    context = multiprocessing.get_context("fork" if forked else "spawn")
    if forked:
        _WORKER_SCENARIOS = scenarios  # the workers inherit the loaded suite
    with context.Pool(jobs, initializer=_init_worker, initargs=(folders, skip, enough, forked)) as pool:
        for index, part, value in pool.imap_unordered(_work, units):
            if part < 0:
                suites[index] = value
            else:
                found[index][part] = value
            mutant = mutants[index]
            waiting = len(parts) if mutant.equivalent else 0
            if index in suites and len(found[index]) == waiting and index not in finished:
                complete(index)
    return [finished[index] for index in range(len(mutants))]

"""Running the scenario suite against generated mutants: each in a forked child, stopped at the first kill.

There are thousands of generated mutants, so each must be cheap and none may take the run down
with it. The suite is loaded once in this process; every mutant runs in a child forked from it
(the suite and the original engine come along for free), which installs the edited module
(``variant.installed_source``), replays the scenarios until the first one fails and reports
back. Scenarios that killed recent mutants are tried first, which usually makes that the first
or second scenario. The parent keeps ``jobs`` children running, kills one that runs past its
deadline (a hang is observable, so it counts as killed, as in the zoo) and caps each child's
memory, so that a mutant that builds an enormous table fails on its own.

A mutant that survives the whole suite and is claimed equivalent (``generated_verdicts.yaml``) is
checked as the zoo's equivalents are: 3,000 lockstep hands on both engines (``lockstep``) and,
for the evaluators, random card sets valued by both. Without fork (not POSIX) the mutants run
one after the other in this process, without deadlines.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import random
import signal
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass
from multiprocessing.connection import Connection, wait
from typing import Any

from stud8.conformance.mutants.generated import GeneratedMutant, mutated_source
from stud8.conformance.mutants.lockstep import lockstep
from stud8.conformance.mutants.run import EQUIVALENCE_HANDS, baseline_failures, failures, load_scenarios
from stud8.conformance.mutants.seven_cards import ordered_alike
from stud8.conformance.mutants.variant import PACKAGE, installed_source
from stud8.reference.fast_eval import SHOWDOWN_CARDS  # read before any mutant is installed

LOAD_SECONDS = 60
"""Executing an edited module (fast_eval builds its tables) longer than this counts as a hang."""

DEADLINE = 180
"""Seconds a child may take for one mutant (more for a claimed equivalent) before it is killed."""

CLAIM_DEADLINE = 900

MEMORY_HEADROOM = 3 << 30
"""Bytes of address space a child may add to what it inherited before allocation fails."""

EVALUATOR_SETS_PER_HAND = 10
"""Random 5-, 6- and 7-card sets valued by both evaluators behind an evaluator equivalence, per
lockstep hand asked for (30,000 sets beside the standard 3,000 hands)."""


@dataclass
class GeneratedResult:
    """What the suite did to one generated mutant."""

    key: str
    module: str
    status: str
    """killed, survived, equivalent (survived, claimed equivalent, no divergence) or error."""
    killer: str | None = None
    """The scenario that failed first (or ``(load)``, ``(hang)``, ``(crash)``)."""
    detail: str = ""
    seconds: float = 0.0
    fuzz_hands: int = 0
    divergence: str | None = None

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


class _Hang(Exception):
    pass


@contextlib.contextmanager
def _time_limit(seconds: float) -> Iterator[None]:
    def alarm(signum: int, frame: Any) -> None:
        raise _Hang(f"no answer within {seconds:g} s")

    usable = hasattr(signal, "setitimer")
    previous = signal.signal(signal.SIGALRM, alarm) if usable else None
    try:
        if usable:
            signal.setitimer(signal.ITIMER_REAL, seconds)
        yield
    finally:
        if usable:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)


class _Untriggered(Exception):
    """What ``except`` clauses catch after cosmic-ray's ExceptionReplacer: nothing raises it."""


def _extra_names() -> dict[str, object]:
    try:
        from cosmic_ray.exceptions import CosmicRayTestingException
    except ImportError:  # the operator's name, resolved like cosmic-ray does when it is installed
        return {"CosmicRayTestingException": _Untriggered}
    return {"CosmicRayTestingException": CosmicRayTestingException}


def evaluator_lockstep(module: str, original: Any, mutated: Any, sets: int, seed: int) -> str | None:
    """Random card sets valued by the original and the edited evaluator; the first difference.

    Values are any numbers that order hands (protocol: "only compared with each other"), so the
    two evaluators must agree on the category, the cards and whether there is a low, and order
    every set against the one before alike; the numbers themselves may differ. ``hands``
    answers ``evaluate`` for 5 to 7 cards; ``fast_eval`` values a player's seven cards at the
    showdown and nothing else, so it gets seven-card sets only, after one hand of every kind of
    seven cards (``seven_cards``: every rank multiset, flush and suit distribution) ordered
    alike by both, which covers every table entry a showdown can read."""
    from stud8.reference.cards import ALL_CARDS

    if module == "fast_eval":
        found = ordered_alike(original.values_idx, mutated.values_idx)
        if found is not None:
            return f"every kind of seven cards: {found}"
    sizes = (SHOWDOWN_CARDS,) if module == "fast_eval" else (5, 6, 7, 7)
    rng = random.Random(seed)
    before: tuple[Any, Any] | None = None
    for number in range(sets):
        size = rng.choice(sizes)
        cards = rng.sample(ALL_CARDS, size)
        if module == "fast_eval":
            indices = tuple(card.index for card in cards)
            a, b = _values(original, indices), _values(mutated, indices)
        else:
            a, b = _judged(original, cards), _judged(mutated, cards)
        if isinstance(a, str) or isinstance(b, str) or a[0] != b[0] or (before is not None and (
                _order(a[1], before[0][1]) != _order(b[1], before[1][1]))):
            return f"set {number} {' '.join(map(str, cards))}: reference {a!r}, mutant {b!r}"
        before = (a, b)
    return None


def _order(value: Any, previous: Any) -> tuple[Any, ...]:
    """How a pair of (high, low) values orders against the previous pair: -1, 0, 1 or None each."""
    def sign(x: Any, y: Any) -> int | None:
        return None if x is None or y is None else (x > y) - (x < y)

    return sign(value[0], previous[0]), sign(value[1], previous[1])


def _values(module: Any, indices: tuple[int, ...]) -> Any:
    """fast_eval: ((whether there is a low,), (high value, low value))."""
    try:
        high, low = module.values_idx(indices)
    except Exception as error:  # noqa: BLE001 - a crash is a difference
        return f"{type(error).__name__}"
    return (low is None,), (high, low)


def _judged(module: Any, cards: list[Any]) -> Any:
    """hands: ((category, high cards, low cards), (high value, low value))."""
    try:
        high, low = module.best_high(cards), module.best_low(cards)
    except Exception as error:  # noqa: BLE001
        return f"{type(error).__name__}"
    shape = (high.category.label, [str(c) for c in high.cards], None if low is None else [str(c) for c in low.cards])
    return shape, (high.value, None if low is None else low.value)


def run_one(item: GeneratedMutant, scenarios: Sequence[Any], claim: str | None = None,
            fuzz_hands: int = EQUIVALENCE_HANDS, evidence: tuple[int, str | None] | None = None) -> GeneratedResult:
    """The suite against one generated mutant, in this process (stopping at the first failure).

    ``evidence``: the lockstep result of an earlier run on the same engine source, ``(hands,
    divergence)``, used for a claimed equivalent instead of playing the hands again (the suite
    is always run again: a scenario added since may kill the mutant)."""
    started = time.perf_counter()
    result = GeneratedResult(item.key, item.module, "survived")
    try:
        source = mutated_source(item)
    except Exception as error:  # noqa: BLE001 - a key that no longer fits the engine
        result.status, result.detail = "error", f"{type(error).__name__}: {error}"
        return result
    import importlib

    original_engine = importlib.import_module(f"{PACKAGE}.engine")
    original = importlib.import_module(f"{PACKAGE}.{item.module}")
    with contextlib.ExitStack() as stack:
        try:
            with _time_limit(LOAD_SECONDS):
                modules = stack.enter_context(installed_source(item.module, source, _extra_names()))
        except RecursionError:
            result.status, result.killer, result.detail = "killed", "(load)", "the edited module recursed without end"
        except BaseException as error:
            if isinstance(error, KeyboardInterrupt) and not isinstance(error, _Hang):
                raise
            result.status, result.killer = "killed", "(load)"
            result.detail = f"the edited module fails to load: {type(error).__name__}: {str(error)[:200]}"
        else:
            for scenario_id, message in failures(scenarios):
                result.status, result.killer, result.detail = "killed", scenario_id, message
                break
            if result.status == "survived" and claim is not None and evidence is not None:
                result.fuzz_hands, result.divergence = evidence
                result.status = "equivalent" if result.divergence is None else "survived"
            elif result.status == "survived" and claim is not None:
                mutated_engine = modules.get("engine", original_engine)
                found = lockstep(original_engine, mutated_engine, fuzz_hands, seed=sum(map(ord, item.key)))
                result.fuzz_hands = fuzz_hands
                if found is None and item.module in ("hands", "fast_eval") and fuzz_hands:
                    text = evaluator_lockstep(item.module, original, modules[item.module],
                                              EVALUATOR_SETS_PER_HAND * fuzz_hands,
                                              seed=sum(map(ord, item.key)))
                    result.divergence = text
                else:
                    result.divergence = None if found is None else str(found)
                result.status = "equivalent" if result.divergence is None else "survived"
    result.seconds = round(time.perf_counter() - started, 3)
    return result


# --- the forking scheduler -----------------------------------------------------------------

_SCENARIOS: list[Any] = []


def _child(conn: Connection, item: GeneratedMutant, order: list[int], claim: str | None, fuzz_hands: int,
           evidence: tuple[int, str | None] | None = None) -> None:
    try:
        import resource

        limit = _address_space() + MEMORY_HEADROOM
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    except (ImportError, ValueError, OSError):
        pass
    try:
        result = run_one(item, [_SCENARIOS[index] for index in order], claim, fuzz_hands, evidence)
    except BaseException as error:  # noqa: BLE001 - report, never hang the parent
        result = GeneratedResult(item.key, item.module, "killed", "(crash)",
                                 f"the run of the suite crashed: {type(error).__name__}: {str(error)[:200]}")
    conn.send(result)
    conn.close()


def _address_space() -> int:
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmSize:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 1 << 30


def suite(folders: Sequence[Any] | None = None, baseline: dict[str, str] | None = None) -> list[Any]:
    """The scenarios to run: the suite less those the reference engine itself fails."""
    everything = load_scenarios(folders)
    failing = baseline_failures(everything)
    if baseline is not None:
        baseline.update(failing)
    return [scenario for scenario in everything if scenario.id not in failing]


def run_generated(items: Sequence[GeneratedMutant], scenarios: Sequence[Any], jobs: int = 1,
                  claims: Mapping[str, str] | None = None, fuzz_hands: int = EQUIVALENCE_HANDS,
                  done: Callable[[GeneratedResult], None] | None = None,
                  deadline: float = DEADLINE,
                  evidence: Mapping[str, tuple[int, str | None]] | None = None) -> list[GeneratedResult]:
    """Every mutant against the scenarios, results in the order of ``items`` (``evidence``: see run_one)."""
    global _SCENARIOS
    claims = claims or {}
    evidence = evidence or {}
    _SCENARIOS = list(scenarios)
    order = list(range(len(_SCENARIOS)))
    index_of = {scenario.id: number for number, scenario in enumerate(_SCENARIOS)}
    results: dict[str, GeneratedResult] = {}

    def finished(result: GeneratedResult) -> None:
        results[result.key] = result
        if result.killer in index_of:  # try this scenario first from now on
            order.remove(index_of[result.killer])
            order.insert(0, index_of[result.killer])
        if done:
            done(result)

    if "fork" not in multiprocessing.get_all_start_methods():
        for item in items:
            finished(run_one(item, [_SCENARIOS[i] for i in order], claims.get(item.key), fuzz_hands,
                             evidence.get(item.key)))
        return [results[item.key] for item in items]

    context = multiprocessing.get_context("fork")
    pending = list(items)
    pending.reverse()
    running: dict[Connection, tuple[Any, GeneratedMutant, float, float]] = {}
    try:
        while pending or running:
            while pending and len(running) < max(1, jobs):
                item = pending.pop()
                receive, send = context.Pipe(duplex=False)
                claim = claims.get(item.key)
                process = context.Process(target=_child, daemon=True,
                                          args=(send, item, list(order), claim, fuzz_hands, evidence.get(item.key)))
                process.start()
                send.close()
                limit = CLAIM_DEADLINE if claim and item.key not in evidence else deadline
                running[receive] = (process, item, time.monotonic(), limit)
            ready = wait(list(running), timeout=1.0)
            for conn in ready:
                assert isinstance(conn, Connection)
                process, item, began, _limit = running.pop(conn)
                try:
                    result: GeneratedResult = conn.recv()
                except (EOFError, OSError):
                    process.join(5)
                    result = GeneratedResult(item.key, item.module, "killed", "(crash)",
                                             f"the child running the suite died (exit code {process.exitcode})")
                conn.close()
                process.join(5)
                finished(result)
            now = time.monotonic()
            for conn, (process, item, began, limit) in list(running.items()):
                if now - began > limit:
                    process.kill()
                    process.join(5)
                    conn.close()
                    del running[conn]
                    finished(GeneratedResult(item.key, item.module, "killed", "(hang)",
                                             f"no answer within {limit:g} s", round(now - began, 3)))
    finally:
        for conn, (process, *_rest) in running.items():
            process.kill()
            process.join(5)
            conn.close()
    return [results[item.key] for item in items]

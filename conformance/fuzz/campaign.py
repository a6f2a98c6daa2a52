"""A fuzzing campaign: hands ``start`` .. ``start + hands - 1`` of a seed, searched for
divergences on any executor (this process, local processes, a Dask cluster), the divergent
hands shrunk and written.

**Units.** The hand numbers are cut into chunks (``chunk_size``), each a unit of the shared
executor (``stud8.conformance.executor``): ``run_chunk`` plays one chunk on the worker's own
pair of engines (made once per worker from the engine spec, ``worker_engines``) and returns
how many hands it played, the divergent hands (``Hit``) and the rule ids the hands exercised.

**The lowest divergent hand, however the hands are spread.** With ``max_divergences == 1``
chunks are handed out in hand order and each carries the lowest divergent hand known when it
was handed out; a chunk stops at its first divergence and skips hands above that bound, and
no chunk starting above the lowest divergent hand known is handed out. Every hand below the
lowest divergent hand is therefore played, so the divergence reported is the same for one
process, many, or a cluster. With more divergences every hand is played and the first hand of
each kind is kept (``select_hits``).

**Engines on workers.** A worker keeps its engines for the next unit and the next campaign
with the same engine spec (a ``cmd:`` engine process is started once per worker thread); they
are closed when the worker process exits. In this process the caller's engine is used.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from stud8.conformance.engines.api import Engine, EngineFault, ReferenceEngine
from stud8.conformance.executor import Executor
from stud8.conformance.fuzz.citing import rules_for
from stud8.conformance.fuzz.finding import Finding, scenario_text
from stud8.conformance.fuzz.generate import HandSpec, generate
from stud8.conformance.fuzz.lockstep import Divergence, Played, play_generated
from stud8.conformance.fuzz.shrink import SHRINK_SECONDS, Case, Shrinker
from stud8.conformance.suite.modeline import with_modeline
from stud8.spec.outputs import write_files_atomic

PARALLEL_MIN_HANDS = 200
"""Below this many hands the run stays in one process (starting workers costs more)."""

MAX_CHUNK = 100
"""Hands per unit at most: small enough to balance the workers and to stop soon after a divergence."""


@dataclass(frozen=True)
class FuzzConfig:
    """What to fuzz and how."""

    engine: str
    hands: int
    seed: int = 0
    players: tuple[int, int] = (2, 8)
    profile: str | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    jobs: int = 1
    timeout: float = 10.0
    max_divergences: int = 1
    start: int = 0
    guided: bool = False
    coverage: bool = False
    burn_first: bool = False

    @property
    def stop(self) -> int:
        return self.start + self.hands


def hand_spec(config: FuzzConfig, index: int) -> HandSpec:
    """Hand ``index`` of the campaign: the plain generator, or the guided one."""
    if config.guided:
        from stud8.conformance.fuzz.guide import generate_guided

        return generate_guided(config.seed, index, config.players, config.burn_first)
    return generate(config.seed, index, config.players)


@dataclass(frozen=True)
class Hit:
    """A divergent hand found by the search (before shrinking)."""

    hand: int
    kind: str
    rules: tuple[str, ...]
    divergence: Divergence

    @property
    def signature(self) -> tuple[str, tuple[str, ...]]:
        return self.kind, self.rules


def _hit(hand: HandSpec, played: Played) -> Hit:
    divergence = played.divergence
    assert divergence is not None
    rules = tuple(rules_for(divergence, played.last, hand.stakes, len(hand.stacks), hand.stacks))
    return Hit(hand.index, divergence.kind, rules, divergence)


@dataclass
class ChunkResult:
    """What one unit found: hands played, divergent hands, rule ids exercised (hands per rule)."""

    played: int
    hits: list[Hit]
    rules: Counter[str]


def search(config: FuzzConfig, reference: Engine, engine: Engine, hands: Sequence[int] | range,
           bound: int | None = None) -> ChunkResult:
    """Play ``hands``; with ``max_divergences == 1`` skip hands above ``bound`` and stop at the
    first divergence, else play every hand and keep the first of each kind of divergence."""
    played_count = 0
    hits: dict[tuple[str, tuple[str, ...]], Hit] = {}
    counts: Counter[str] = Counter()
    single = config.max_divergences == 1
    classify = None
    if config.coverage:
        from stud8.conformance.suite.rules_exercised import HandWatcher
        classify = HandWatcher
    for index in hands:
        if single and bound is not None and index > bound:
            break
        hand = hand_spec(config, index)
        watcher = classify(hand.stacks, hand.stakes, config.profile, config.options) if classify else None
        played, _ = play_generated(reference, engine, hand, config.profile, config.options,
                                   watch=None if watcher is None else watcher.see, batch=True)
        played_count += 1
        if watcher is not None:
            counts.update(watcher.rules())
        if played.divergence is None:
            continue
        if played.divergence.phase == "fault":
            restart(engine)
        hit = _hit(hand, played)
        hits.setdefault(hit.signature, hit)
        if single:
            break
    return ChunkResult(played_count, list(hits.values()), counts)


# --- workers -----------------------------------------------------------------------------

_LOCAL = threading.local()


def make_fuzz_engine(spec: str, timeout: float) -> Engine:
    """The engine under test, asking a protocol engine for observation digests."""
    from stud8.conformance.engines.spec import make_engine

    engine = make_engine(spec, timeout)
    want = getattr(engine, "want_features", None)
    if want is not None:
        want(("digest", "batch"))
    return engine


def worker_engines(spec: str, timeout: float) -> tuple[Engine, Engine]:
    """This worker's reference engine and engine under test, made on first use (per thread:
    a Dask worker may run several units at once in threads)."""
    cache: dict[tuple[str, float], tuple[Engine, Engine]] = getattr(_LOCAL, "engines", None) or {}
    _LOCAL.engines = cache
    key = (spec, timeout)
    if key not in cache:
        cache[key] = (ReferenceEngine(), make_fuzz_engine(spec, timeout))
    return cache[key]


def provide_engine(spec: str, timeout: float, engine: Engine) -> None:
    """Use ``engine`` for ``spec`` in this thread (the in-process run reuses the caller's engine)."""
    cache: dict[tuple[str, float], tuple[Engine, Engine]] = getattr(_LOCAL, "engines", None) or {}
    _LOCAL.engines = cache
    cache[(spec, timeout)] = (ReferenceEngine(), engine)


def run_chunk(unit: tuple[FuzzConfig, int, int, int | None]) -> ChunkResult:
    """One unit of the executor: hands ``first`` .. ``stop - 1`` of the campaign."""
    config, first, stop, bound = unit
    reference, engine = worker_engines(config.engine, config.timeout)
    return search(config, reference, engine, range(first, stop), bound)


def restart(engine: Engine) -> None:
    try:
        engine.restart()
    except EngineFault:
        pass


# --- the campaign ------------------------------------------------------------------------


@dataclass
class SearchResult:
    played: int
    seconds: float
    hits: list[Hit]
    rules: Counter[str] = field(default_factory=Counter)


@dataclass
class Progress:
    """Where a running campaign stands (passed to the progress callback after each unit)."""

    played: int
    seconds: float
    divergences: int
    rules: Counter[str]

    @property
    def rate(self) -> float:
        return self.played / self.seconds if self.seconds > 0 else 0.0


def chunk_size(hands: int, workers: int) -> int:
    return max(1, min(MAX_CHUNK, hands // (max(1, workers) * 16)))


def run_search(config: FuzzConfig, engine: Engine, executor: Executor,
               progress: Callable[[Progress], None] | None = None) -> SearchResult:
    """Play the configured hands on ``executor``; ``engine`` is used when it runs in this process."""
    started = time.perf_counter()
    provide_engine(config.engine, config.timeout, engine)
    single = config.max_divergences == 1
    lowest: list[int | None] = [None]
    size = chunk_size(config.hands, max(1, executor.workers))
    if executor.workers == 1:
        size = min(MAX_CHUNK, max(1, config.hands // 100) if progress is not None else config.hands)

    def units() -> Iterator[tuple[FuzzConfig, int, int, int | None]]:
        for first in range(config.start, config.stop, size):
            if single and lowest[0] is not None and first > lowest[0]:
                return
            yield config, first, min(first + size, config.stop), lowest[0]

    played = 0
    hits: list[Hit] = []
    counts: Counter[str] = Counter()
    for _, result in executor.map_unordered(run_chunk, units()):
        played += result.played
        hits.extend(result.hits)
        counts.update(result.rules)
        for hit in result.hits:
            if lowest[0] is None or hit.hand < lowest[0]:
                lowest[0] = hit.hand
        if progress is not None:
            progress(Progress(played, time.perf_counter() - started, len(select_hits(hits, config.max_divergences)), counts))
    if single and lowest[0] is not None:
        hits = [hit for hit in hits if hit.hand == lowest[0]]
    return SearchResult(played, time.perf_counter() - started, hits, counts)


def select_hits(hits: Sequence[Hit], limit: int) -> list[Hit]:
    """The first hand of each kind of divergence, lowest hands first, at most ``limit``."""
    first: dict[tuple[str, tuple[str, ...]], Hit] = {}
    for hit in sorted(hits, key=lambda h: h.hand):
        first.setdefault(hit.signature, hit)
    return sorted(first.values(), key=lambda h: h.hand)[:limit]


def investigate(config: FuzzConfig, engine: Engine, hit: Hit, out: Path, *, engine_name: str,
                burn_first: bool, command: str, shrink_seconds: float = SHRINK_SECONDS) -> Finding:
    """Play a divergent hand again, shrink it, write its scenario and check that it replays."""
    reference = ReferenceEngine()
    hand = hand_spec(config, hit.hand)
    played, decisions = play_generated(reference, engine, hand, config.profile, config.options)
    if played.divergence is None or played.divergence.kind != hit.kind:
        # Not reproducible (a timeout, a nondeterministic engine): report what the search saw.
        return Finding(config.seed, hit.hand, hit.divergence, list(hit.rules), len(hand.stacks),
                       hit.divergence.action, len(hand.stacks), hit.divergence.action, guided=config.guided)
    if played.divergence.phase == "fault":
        restart(engine)
    case = Case(list(hand.stacks), dict(hand.stakes), list(hand.deck), decisions, played)
    original = case.size
    shrinker = Shrinker(reference, engine, config.profile, config.options, burn_first, seconds=shrink_seconds)
    case = shrinker.shrink(case)
    divergence = case.played.divergence
    assert divergence is not None
    rules = rules_for(divergence, case.played.last, case.stakes, len(case.stacks), case.stacks)
    finding = Finding(config.seed, hit.hand, divergence, rules, len(case.stacks), divergence.action,
                      original[0], original[1], shrink_tries=shrinker.budget - shrinker.tries,
                      shrink_cut_short=shrinker.cut_short, guided=config.guided)
    text = scenario_text(finding, case, engine_name, config.profile, config.options, burn_first, command)
    path = out / f"fuzz-{'guided-' if config.guided else ''}{config.seed}-{hit.hand}.yaml"
    # Through the one safe writer: a folder, a FIFO or a link out of --out at the finding's
    # name is refused (a usage error), never written through or waited on.
    write_files_atomic({path: with_modeline(text, path)}, "--out", inside=out)  # editors check it as typed
    finding.path = path
    finding.reproduces = _reproduces(path, engine)
    return finding


def _reproduces(path: Path, engine: Engine) -> bool:
    """The written scenario is valid, passes on the reference engine and fails on the engine."""
    from stud8.conformance.suite.replay import ScenarioFailure, run_replay
    from stud8.conformance.suite.scenarios import load_scenario_file

    loaded = load_scenario_file(path)
    if loaded.problems or len(loaded.scenarios) != 1:
        raise AssertionError(f"stud8 fuzz wrote an invalid scenario {path}: {[str(p) for p in loaded.problems]}")
    scenario = loaded.scenarios[0]
    run_replay(ReferenceEngine(), scenario)  # must pass: the values are the reference engine's
    try:
        run_replay(engine, scenario)
    except ScenarioFailure:
        return True
    except EngineFault:
        restart(engine)
        return True
    return False

"""One way to run numbered, independent units of work: in this process, on local worker
processes, or on an existing Dask distributed cluster.

Long campaigns (``stud8 fuzz``, ``stud8 hh audit``) split their work into *units* (a range of
hand numbers, a list of files) whose results depend on the unit alone. This module runs such
units and streams the results back, so the command only decides how to split the work and how
to merge the results; where the units run is the user's choice (``--jobs``, ``--dask``)::

    from stud8.conformance.executor import open_executor

    with open_executor(jobs=4, dask=None) as executor:     # or dask="tcp://scheduler:8786"
        for result in executor.map_chunks(work, chunks):    # in the order of ``chunks``
            ...
        for index, result in executor.map_unordered(work, chunks):  # as each one finishes
            ...

Contract, the same for every kind of executor:

* ``fn`` and every unit must be picklable (a module-level function, plain data); on local
  processes (the ``spawn`` start method) and on Dask workers they are sent to another process.
  Per-worker state (an engine process, say) belongs in a cache inside ``fn``'s module, built on
  first use; on a Dask cluster started with ``processes=False`` several threads share a
  process, so such a cache must be per thread (``threading.local``).
* ``chunks`` is consumed lazily: at most ``window`` units are in flight at once (default four
  per worker). A consumer that stops iterating (``break``, an exception, closing the
  generator) cancels every unit not started, so "stop at the first bad result" costs at most
  one window of extra work.
* ``map_chunks`` yields results in the order of the units (each as soon as it and every unit
  before it are done); ``map_unordered`` yields ``(index, result)`` pairs as units finish.
  Either way the results are the same values a serial loop gives, so a command that merges them
  in unit order is deterministic however the units were spread.
* An exception raised by ``fn`` is raised again in the caller. A worker process that dies, a
  missing ``distributed`` package or an unreachable scheduler is an ``ExecutorError`` (a
  ``Stud8Error``, code ``usage``): the CLI prints its one-line message, never a traceback.

``jobs=None`` or ``jobs=1`` (and no ``dask``) runs the units in this process, one after the
other: no start-up cost, the right choice for small runs and for tests.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import os
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any, Protocol, TypeVar

from stud8.reference.errors import Stud8Error

T = TypeVar("T")
R = TypeVar("R")

CONNECT_TIMEOUT = 10.0
"""Seconds allowed to reach a Dask scheduler before the address counts as unreachable."""

WINDOW_PER_WORKER = 4
"""Units kept in flight per worker when the caller does not say (keeps every worker busy while
bounding the work done past an early stop)."""


class ExecutorError(Stud8Error):
    """The executor cannot run the units: no ``distributed``, no scheduler, a dead worker."""

    code = "usage"


class Executor(Protocol):
    """Runs units of work; see the module docstring for the contract."""

    name: str
    """What runs the units, for messages: ``in-process``, ``4 local processes``, ``dask tcp://...``."""
    workers: int
    """How many units can run at once."""

    def map_unordered(self, fn: Callable[[T], R], chunks: Iterable[T], *,
                      window: int | None = None) -> Iterator[tuple[int, R]]:
        """``(index, fn(chunk))`` for every chunk, as each finishes."""
        ...

    def map_chunks(self, fn: Callable[[T], R], chunks: Iterable[T], *,
                   window: int | None = None) -> Iterator[R]:
        """``fn(chunk)`` for every chunk, in the order of ``chunks``."""
        ...


def _in_order(pairs: Iterator[tuple[int, R]]) -> Iterator[R]:
    """Results in unit order from pairs in completion order (each yielded as soon as it can be)."""
    waiting: dict[int, R] = {}
    following = 0
    try:
        for index, result in pairs:
            waiting[index] = result
            while following in waiting:
                yield waiting.pop(following)
                following += 1
    finally:
        close = getattr(pairs, "close", None)
        if close is not None:
            close()


class _Base:
    name = "executor"
    workers = 1

    def map_unordered(self, fn: Callable[[T], R], chunks: Iterable[T], *,
                      window: int | None = None) -> Iterator[tuple[int, R]]:
        raise NotImplementedError

    def map_chunks(self, fn: Callable[[T], R], chunks: Iterable[T], *,
                   window: int | None = None) -> Iterator[R]:
        return _in_order(self.map_unordered(fn, chunks, window=window))

    def _window(self, window: int | None) -> int:
        return max(1, window if window is not None else WINDOW_PER_WORKER * self.workers)


class SerialExecutor(_Base):
    """Every unit in this process, one after the other."""

    name = "in-process"
    workers = 1

    def map_unordered(self, fn: Callable[[T], R], chunks: Iterable[T], *,
                      window: int | None = None) -> Iterator[tuple[int, R]]:
        for index, chunk in enumerate(chunks):
            yield index, fn(chunk)


class ProcessExecutor(_Base):
    """Units on ``jobs`` local worker processes (``spawn``: the same on every platform)."""

    def __init__(self, jobs: int) -> None:
        self.workers = jobs
        self.name = f"{jobs} local processes"
        self._pool = concurrent.futures.ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn"))

    def map_unordered(self, fn: Callable[[T], R], chunks: Iterable[T], *,
                      window: int | None = None) -> Iterator[tuple[int, R]]:
        limit = self._window(window)
        source = enumerate(chunks)
        pending: dict[concurrent.futures.Future[R], int] = {}
        try:
            for index, chunk in source:
                pending[self._pool.submit(fn, chunk)] = index
                if len(pending) >= limit:
                    break
            while pending:
                done, _ = concurrent.futures.wait(pending, return_when=concurrent.futures.FIRST_COMPLETED)
                for future in sorted(done, key=pending.__getitem__):
                    index = pending.pop(future)
                    yield index, self._result(future)
                for index, chunk in source:
                    pending[self._pool.submit(fn, chunk)] = index
                    if len(pending) >= limit:
                        break
        finally:
            for future in pending:
                future.cancel()

    @staticmethod
    def _result(future: concurrent.futures.Future[R]) -> R:
        try:
            return future.result()
        except concurrent.futures.process.BrokenProcessPool:
            raise ExecutorError("a worker process died (killed, or out of memory); run again with --jobs 1 "
                                "to see the error in this process") from None

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)


class DaskExecutor(_Base):
    """Units on an existing Dask distributed cluster (``distributed.Client(address)``)."""

    def __init__(self, address: str, connect_timeout: float = CONNECT_TIMEOUT) -> None:
        try:
            import distributed
        except ImportError:
            raise ExecutorError("--dask needs the dask distributed package: pip install 'stud8[cluster]'") from None
        self._distributed = distributed
        try:
            self._client = distributed.Client(address, timeout=connect_timeout, set_as_default=False)
        except (OSError, TimeoutError, ValueError) as error:
            raise ExecutorError(f"cannot reach the Dask scheduler at {address!r} within {connect_timeout:g} s "
                                f"({type(error).__name__}: {error})") from None
        self.name = f"dask {address}"
        self.workers = max(1, sum(self._client.nthreads().values()))

    def map_unordered(self, fn: Callable[[T], R], chunks: Iterable[T], *,
                      window: int | None = None) -> Iterator[tuple[int, R]]:
        limit = self._window(window)
        source = enumerate(chunks)
        index_of: dict[Any, int] = {}
        completed = self._distributed.as_completed(loop=self._client.loop)
        live: list[Any] = []

        def submit(index: int, chunk: T) -> None:
            future = self._client.submit(fn, chunk, pure=False)
            index_of[future.key] = index
            live.append(future)
            completed.add(future)

        try:
            for index, chunk in source:
                submit(index, chunk)
                if len(index_of) >= limit:
                    break
            for future in completed:
                index = index_of.pop(future.key)
                live.remove(future)
                result = future.result()
                future.release()
                yield index, result
                for index, chunk in source:
                    submit(index, chunk)
                    if len(index_of) >= limit:
                        break
        finally:
            if live:
                self._client.cancel(live)

    def close(self) -> None:
        self._client.close()


@contextmanager
def open_executor(jobs: int | None = None, dask: str | None = None) -> Iterator[Executor]:
    """The executor for ``--jobs`` / ``--dask``; closed (workers stopped, client disconnected)
    on leaving the block. ``dask`` wins over ``jobs``; ``jobs`` of None or 1 runs in-process."""
    if jobs is not None and jobs < 1:
        raise ExecutorError(f"--jobs must be at least 1, got {jobs}")
    if dask is not None:
        executor: Any = DaskExecutor(dask)
    elif jobs is None or jobs == 1:
        executor = SerialExecutor()
    else:
        executor = ProcessExecutor(jobs)
    try:
        yield executor
    finally:
        close = getattr(executor, "close", None)
        if close is not None:
            close()


def default_jobs() -> int:
    """Every core this process may use (its CPU affinity where the system tells it)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)

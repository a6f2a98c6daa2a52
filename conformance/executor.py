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
* A Dask address is checked before a client is made (``probe_scheduler``), within
  ``DASK_TIMEOUT`` seconds in all: a ``tcp://`` address (another scheme is refused at once: a
  ``tls://`` one needs certificates stud8 does not configure), a port that accepts the
  connection, a Dask scheduler that answers who it is, and at least one worker. An address
  that refuses, accepts and never answers, speaks HTTP or sends garbage, or names a scheduler
  without workers is one line and exit 2, never a hang, a traceback, or (later) a
  ``Client.__del__`` traceback.

``jobs=None`` or ``jobs=1`` (and no ``dask``) runs the units in this process, one after the
other: no start-up cost, the right choice for small runs and for tests.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import multiprocessing
import os
import socket
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any, Protocol, TypeVar

from stud8.reference.errors import Stud8Error
from stud8.spec.limits import DASK_TIMEOUT, quoted, shorten

T = TypeVar("T")
R = TypeVar("R")

CONNECT_TIMEOUT = DASK_TIMEOUT
"""Seconds allowed to reach a Dask scheduler, hear it answer and find a worker, before the
address counts as unusable (``stud8.spec.limits.DASK_TIMEOUT``)."""

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


def _unusable(address: str, why: str) -> ExecutorError:
    return ExecutorError(f"cannot reach the Dask scheduler at {quoted(address)}: {why}")


async def _identity(address: str, seconds: float) -> Any:
    """The scheduler's answer to ``identity`` (its type, workers and threads)."""
    from distributed.comm import connect

    comm = await connect(address, timeout=seconds)
    try:
        await comm.write({"op": "identity", "reply": True})
        return await comm.read()
    finally:
        comm.abort()


def probe_scheduler(address: str, timeout: float | None = None) -> int:
    """The worker threads of the Dask scheduler at ``address``, checked within ``timeout``
    seconds in all (default ``CONNECT_TIMEOUT``; see the module docstring); ``ExecutorError``
    naming what is wrong. An ``inproc://`` scheduler (one in this process) is not probed: 0."""
    from distributed.comm.addressing import parse_address, parse_host_port

    timeout = CONNECT_TIMEOUT if timeout is None else timeout
    try:
        scheme, location = parse_address(address)
    except (ValueError, TypeError):
        raise _unusable(address, "not an address of the form tcp://HOST:PORT") from None
    if scheme == "inproc":  # a cluster inside this very process (tests, notebooks): no stranger on the line
        return 0
    if scheme != "tcp":
        raise _unusable(address, f"stud8 connects to a scheduler over tcp:// only, not {quoted(scheme)[1:-1]}:// "
                                 "(tls:// would need certificates, ucx:// and others a transport of their own)")
    try:
        host, port = parse_host_port(location)
    except (ValueError, TypeError):
        raise _unusable(address, "not an address of the form tcp://HOST:PORT") from None
    if not isinstance(port, int) or not 0 < port < 65536:
        raise _unusable(address, f"the port must be 1 to 65535, got {quoted(port)}")
    deadline = time.monotonic() + timeout
    try:
        with socket.create_connection((host, port), timeout=timeout):
            pass
    except ConnectionRefusedError:
        raise _unusable(address, "connection refused") from None
    except OSError as error:  # nobody there within the time, no such host
        why = f"no answer within {timeout:g} s" if isinstance(error, TimeoutError) else (error.strerror or str(error))
        raise _unusable(address, why) from None
    while True:
        left = deadline - time.monotonic()
        try:
            answer = asyncio.run(asyncio.wait_for(_identity(address, max(0.1, left)), max(0.1, left)))
        except (asyncio.TimeoutError, TimeoutError):
            raise _unusable(address, f"nothing answered as a Dask scheduler within {timeout:g} s") from None
        except Exception as error:  # noqa: BLE001 - anything a stranger on the port makes the client raise
            detail = f": {shorten(str(error), 80)}" if str(error) else ""
            raise _unusable(address, f"it does not speak the Dask protocol ({type(error).__name__}{detail})") from None
        if not isinstance(answer, dict) or answer.get("type") != "Scheduler":
            kind = answer.get("type") if isinstance(answer, dict) else type(answer).__name__
            raise _unusable(address, f"it is not a Dask scheduler (it answers as {quoted(kind)})")
        threads = answer.get("total_threads")
        if isinstance(threads, int) and threads > 0:
            return threads
        if time.monotonic() + 0.5 > deadline:
            raise _unusable(address, f"the scheduler has no workers (none joined within {timeout:g} s)")
        time.sleep(0.5)


def _quiet_client(distributed: Any) -> Any:
    """``distributed.Client`` whose ``__del__`` does nothing when it never started: a client
    that failed in its constructor would otherwise try to close itself when collected, 20
    seconds later, and print a traceback."""

    class QuietClient(distributed.Client):  # type: ignore[misc,name-defined]
        started = False

        def __del__(self) -> None:
            if self.started:
                super().__del__()

    return QuietClient


class DaskExecutor(_Base):
    """Units on an existing Dask distributed cluster (``distributed.Client(address)``)."""

    def __init__(self, address: str, connect_timeout: float | None = None) -> None:
        connect_timeout = CONNECT_TIMEOUT if connect_timeout is None else connect_timeout
        try:
            import distributed
        except ImportError:
            raise ExecutorError("--dask needs the dask distributed package: pip install 'stud8[cluster]'") from None
        self._distributed = distributed
        started = time.monotonic()
        threads = probe_scheduler(address, connect_timeout)
        left = max(1.0, connect_timeout - (time.monotonic() - started))
        try:
            self._client = _quiet_client(distributed)(address, timeout=left, set_as_default=False)
        except Exception as error:  # noqa: BLE001 - the scheduler went away between the probe and now
            raise _unusable(address, f"{type(error).__name__}: {shorten(str(error), 80)}") from None
        self._client.started = True
        if not threads:  # an inproc:// scheduler, not probed: its workers are counted here
            threads = sum(self._client.nthreads().values())
            if not threads:
                self._client.close()
                raise _unusable(address, "the scheduler has no workers")
        self.name = f"dask {address}"
        self.workers = max(1, threads)

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

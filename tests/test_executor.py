"""The shared executor (conformance/executor.py): in-process, local processes, Dask.

Unit functions are standard-library ones (``operator.neg``, ``math.sqrt``) so that spawned
workers and Dask workers can unpickle them without importing this test module.
"""

from __future__ import annotations

import math
import operator
import sys

import pytest

from stud8.conformance.executor import ExecutorError, SerialExecutor, open_executor


def test_serial_in_order_and_unordered_pairs() -> None:
    with open_executor(jobs=None) as executor:
        assert isinstance(executor, SerialExecutor)
        assert list(executor.map_chunks(operator.neg, range(5))) == [0, -1, -2, -3, -4]
        assert list(executor.map_unordered(operator.neg, [3, 4])) == [(0, -3), (1, -4)]


def test_processes_give_the_serial_results_in_order() -> None:
    with open_executor(jobs=2) as executor:
        assert executor.workers == 2
        assert list(executor.map_chunks(operator.neg, range(40), window=3)) == [-n for n in range(40)]
        pairs = list(executor.map_unordered(operator.neg, range(10)))
    assert sorted(pairs) == [(n, -n) for n in range(10)]


def test_an_exception_in_a_unit_is_raised_in_the_caller() -> None:
    with open_executor(jobs=2) as executor, pytest.raises(ValueError, match="math domain error"):
        list(executor.map_chunks(math.sqrt, [4.0, -1.0, 9.0]))


def test_chunks_are_consumed_lazily_and_an_early_stop_submits_no_more() -> None:
    taken: list[int] = []

    def chunks() -> object:
        for n in range(1000):
            taken.append(n)
            yield n

    with open_executor(jobs=2) as executor:
        for result in executor.map_chunks(operator.neg, chunks(), window=4):
            if result == -2:
                break
    assert len(taken) <= 8  # the window, plus the units submitted as the first ones came back


def test_bad_jobs_is_a_usage_error() -> None:
    with pytest.raises(ExecutorError, match="--jobs must be at least 1"), open_executor(jobs=0):
        pass


def test_missing_distributed_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed -> ImportError
    with pytest.raises(ExecutorError, match=r"pip install 'stud8\[cluster\]'"), open_executor(dask="tcp://127.0.0.1:1"):
        pass


def _distributed() -> object:
    try:
        import distributed
    except ImportError:
        pytest.skip("dask distributed is not installed (pip install 'stud8[cluster]')")
    return distributed


def test_unreachable_scheduler_is_a_clear_error() -> None:
    _distributed()
    from stud8.conformance import executor as module

    with pytest.raises(ExecutorError, match="cannot reach the Dask scheduler at 'tcp://127.0.0.1:9'"):
        module.DaskExecutor("tcp://127.0.0.1:9", connect_timeout=2)


def test_dask_local_cluster_gives_the_serial_results() -> None:
    distributed = _distributed()
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,  # type: ignore[attr-defined]
                                       dashboard_address=None)
    try:
        with open_executor(dask=cluster.scheduler_address) as executor:
            assert executor.workers == 2
            assert list(executor.map_chunks(operator.neg, range(30), window=5)) == [-n for n in range(30)]
            with pytest.raises(ValueError, match="math domain error"):
                list(executor.map_chunks(math.sqrt, [1.0, -1.0]))
            first = next(iter(executor.map_chunks(operator.neg, range(100), window=4)))
            assert first == 0
    finally:
        cluster.close()

"""Issue 22, Dask addresses (conformance/executor.py): ``tls://`` and ``ucx://`` gave
``TypeError``, an HTTP server on the port ``MemoryError``, garbage bytes ``OverflowError``, a
port that accepts and never answers and a scheduler without workers made ``hh audit`` and
``fuzz`` wait forever, and even a well-refused address left a ``Client.__del__`` traceback 20
seconds later. Each is now one line and exit 2, within ``DASK_TIMEOUT`` (shortened here)."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

distributed = pytest.importorskip("distributed", reason="dask distributed is not installed (pip install 'stud8[cluster]')")

from stud8.conformance import executor
from stud8.conformance.executor import ExecutorError, open_executor
from stud8.tools.cli import main

PS = Path(__file__).parent / "data" / "site-hands" / "pokerstars" / "7-StudHL-USD-0.04-0.08-200911.txt"
TIMEOUT = 3.0


def _server(behaviour: str) -> tuple[str, threading.Event]:
    """A local port that does ``behaviour`` to whoever connects; its address and a stop event."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(20)
    listener.settimeout(0.2)
    stop = threading.Event()
    held: list[socket.socket] = []

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except OSError:
                continue
            held.append(conn)
            try:
                if behaviour == "http":
                    conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello")
                elif behaviour == "garbage":
                    conn.sendall(b"\xff" * 4096 + b"garbage" * 100)
            except OSError:
                pass  # "silent": accept and never answer
        for conn in held:
            conn.close()
        listener.close()

    threading.Thread(target=serve, daemon=True).start()
    return f"tcp://127.0.0.1:{listener.getsockname()[1]}", stop


def _closed_port() -> str:
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()  # nothing listens there now
    return f"tcp://127.0.0.1:{port}"


@pytest.fixture(scope="module")
def addresses() -> Iterator[dict[str, str]]:
    servers = {name: _server(name) for name in ("http", "garbage", "silent")}
    cluster = distributed.LocalCluster(n_workers=0, processes=False, dashboard_address=None, protocol="tcp://")
    try:
        yield {**{name: address for name, (address, _) in servers.items()}, "refused": _closed_port(),
               "tls": "tls://127.0.0.1:8786", "ucx": "ucx://127.0.0.1:8786", "bad-port": "tcp://127.0.0.1:99999",
               "not-an-address": "\x1b[31m nonsense", "no-workers": cluster.scheduler_address}
    finally:
        cluster.close()
        for _, stop in servers.values():
            stop.set()


WHY = {
    "http": "it does not speak the Dask protocol",
    "garbage": "it does not speak the Dask protocol",
    "silent": f"nothing answered as a Dask scheduler within {TIMEOUT:g} s",
    "refused": "connection refused",
    "tls": "over tcp:// only, not tls://",
    "ucx": "over tcp:// only, not ucx://",
    "bad-port": "the port must be 1 to 65535, got 99999",
    "not-an-address": "not an address of the form tcp://HOST:PORT",
    "no-workers": f"the scheduler has no workers (none joined within {TIMEOUT:g} s)",
}


@pytest.mark.parametrize("kind", sorted(WHY))
def test_an_unusable_address_is_refused_with_why(addresses: dict[str, str], monkeypatch: pytest.MonkeyPatch,
                                                 kind: str) -> None:
    monkeypatch.setattr(executor, "CONNECT_TIMEOUT", TIMEOUT)
    with pytest.raises(ExecutorError) as caught, open_executor(dask=addresses[kind]):
        pass
    assert caught.value.message.startswith("cannot reach the Dask scheduler at ")
    assert WHY[kind] in caught.value.message
    assert "\x1b" not in caught.value.message


@pytest.mark.parametrize("kind", ["silent", "no-workers", "http", "tls"])
@pytest.mark.parametrize("command", ["hh", "fuzz"])
def test_hh_audit_and_fuzz_exit_2_with_one_line(capsys: pytest.CaptureFixture[str], addresses: dict[str, str],
                                                monkeypatch: pytest.MonkeyPatch, tmp_path: Path, command: str,
                                                kind: str) -> None:
    monkeypatch.setattr(executor, "CONNECT_TIMEOUT", TIMEOUT)
    histories = tmp_path / "histories"
    histories.mkdir()
    for number in range(3):  # more than one unit of work: the cluster is used
        (histories / f"{number}.txt").write_text(PS.read_text(encoding="utf-8") * 40, encoding="utf-8")
    argv = (["hh", "audit", str(histories), "--dask", addresses[kind]] if command == "hh" else
            ["fuzz", "--engine", "reference", "--hands", "400", "--dask", addresses[kind], "--out", str(tmp_path / "f")])
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and err.startswith(f"stud8 {command}: cannot reach the Dask scheduler at ")
    assert WHY[kind] in err and "Traceback" not in out + err


@pytest.mark.parametrize("kind", ["refused", "tls", "http"])
def test_no_client_traceback_comes_later(addresses: dict[str, str], kind: str) -> None:
    """The process lingers after the refusal (as a program using stud8 would): nothing more is printed."""
    code = ("import gc, sys, time\n"
            "from stud8.conformance import executor\n"
            f"executor.CONNECT_TIMEOUT = {TIMEOUT}\n"
            "from stud8.tools.cli import main\n"
            f"code = main(['hh', 'audit', {str(PS)!r}, '--dask', {addresses[kind]!r}])\n"
            "gc.collect(); time.sleep(1); gc.collect()\n"
            "sys.exit(code)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr and "__del__" not in done.stderr, done.stderr


def test_a_cluster_with_workers_still_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    cluster = distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=":0",
                                       protocol="tcp://")
    try:
        assert executor.probe_scheduler(cluster.scheduler_address, TIMEOUT) == 2
        with open_executor(dask=cluster.scheduler_address) as running:
            assert running.workers == 2
            assert list(running.map_chunks(abs, [-1, -2, 3])) == [1, 2, 3]
    finally:
        cluster.close()

"""Runs many ``stud8`` command lines in one process, for the hostile-input corpus test.

``python driver.py JOBS.json`` reads a list of jobs, each ``{"argv": [...], "stdin": PATH |
null, "outputs": [PATH...], "watch": [FOLDER...]}``, runs each through ``stud8.tools.cli.main``
exactly as the ``stud8`` command would (its own stdout, stderr and stdin), and prints one JSON
line per job: the exit status, whether an exception escaped (what a user would see as a
traceback), the output's size and a short tail, and every path under the watched folders that
changed although it is not one of the job's named outputs.

One process for many jobs keeps the corpus test fast (each ``stud8`` start costs a second of
imports); the test runs a few drivers side by side, each under resource limits and a timeout,
so that a hang or a memory blow-up is caught and pinned on the job that was running (its
``start`` line is written to stderr, flushed, before it runs).

Issue 22 added, per job:

* ``"stdout": "full" | "closed" | "broken-pipe"``: the command's standard output is
  ``/dev/full``, closed (``None``, as Python has it when descriptor 1 is closed), or a pipe
  whose reader is gone, instead of a buffer;
* ``"seconds_limit"``: the job is stopped by an alarm past this many seconds (a hang detector,
  far above a healthy run; a hang in C code is still caught by the group's timeout);
* the figures: ``seconds`` and ``peak_kb``, the job's peak resident memory (the process's
  high-water mark is reset before each job through ``/proc/self/clear_refs`` where Linux
  allows it; otherwise ``peak_kb`` is the process's peak so far, and ``peak_scope`` says so).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import resource
import signal
import stat
import sys
import time
import traceback
from pathlib import Path
from typing import Any, TextIO


class JobTimeout(BaseException):
    """Raised by the alarm of a job that ran past its ``seconds_limit``."""


def _alarm(signum: int, frame: Any) -> None:
    raise JobTimeout()


def _reset_peak() -> bool:
    """Reset this process's peak resident memory (Linux 4.0+); whether it could be."""
    try:
        with open("/proc/self/clear_refs", "w", encoding="ascii") as handle:
            handle.write("5")
        return True
    except OSError:
        return False


def _peak_kb() -> int:
    try:
        for line in Path("/proc/self/status").read_text(encoding="ascii").splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)


def _failing_stdout(kind: str) -> tuple[TextIO | None, list[Any]]:
    """A standard output that cannot be written, and what to close afterwards."""
    if kind == "closed":
        return None, []
    if kind == "full":
        full = open("/dev/full", "w", encoding="utf-8")  # noqa: SIM115 - closed by the caller
        return full, [full]
    reader, writer = os.pipe()
    os.close(reader)  # nobody reads: the first write is a broken pipe
    pipe = os.fdopen(writer, "w", encoding="utf-8")
    return pipe, [pipe]


def snapshot(folders: list[str]) -> dict[str, tuple[int, int, int, int]]:
    """Every path under ``folders`` with its mode, size, modification time and inode (for a
    folder, only its mode and inode: what is inside it is listed on its own)."""
    seen: dict[str, tuple[int, int, int, int]] = {}
    for folder in folders:
        for root, dirs, files in os.walk(folder):
            for name in dirs + files:
                path = os.path.join(root, name)
                try:
                    info = os.lstat(path)
                except OSError:
                    continue
                if stat.S_ISDIR(info.st_mode):  # a folder's times change with any file made inside it
                    seen[path] = (info.st_mode, 0, 0, info.st_ino)
                else:
                    seen[path] = (info.st_mode, info.st_size, info.st_mtime_ns, info.st_ino)
    return seen


def changed(before: dict[str, Any], after: dict[str, Any], outputs: list[str]) -> list[str]:
    """Paths added, removed or modified, other than the named outputs (and what is inside them)."""
    allowed = [os.path.abspath(path) for path in outputs]

    def named(path: str) -> bool:
        path = os.path.abspath(path)
        return any(path == out or path.startswith(out + os.sep) for out in allowed)

    paths = set(before) | set(after)
    return sorted(path for path in paths if before.get(path) != after.get(path) and not named(path))


def run_job(job: dict[str, Any]) -> dict[str, Any]:
    from stud8.tools.cli import main

    stdin_bytes = Path(job["stdin"]).read_bytes() if job.get("stdin") else b""
    out_bytes, err_bytes = io.BytesIO(), io.BytesIO()
    saved = sys.stdin, sys.stdout, sys.stderr
    streams = (io.TextIOWrapper(io.BytesIO(stdin_bytes), encoding="utf-8"),
               io.TextIOWrapper(out_bytes, encoding="utf-8", write_through=True),
               io.TextIOWrapper(err_bytes, encoding="utf-8", write_through=True))  # kept alive to the end
    stdout: Any = streams[1]
    to_close: list[Any] = []
    if job.get("stdout"):
        stdout, to_close = _failing_stdout(job["stdout"])
    sys.stdin, sys.stdout, sys.stderr = streams[0], stdout, streams[2]
    escaped = ""
    timed_out = False
    before = snapshot(job.get("watch", []))
    exact_peak = _reset_peak()
    started = time.monotonic()
    limit = int(job.get("seconds_limit") or 0)
    if limit:
        signal.signal(signal.SIGALRM, _alarm)
        signal.alarm(limit)
    try:
        code: int | None = main(job["argv"])
    except SystemExit as exit_:  # argparse's usage errors
        code = exit_.code if isinstance(exit_.code, int) else 1
    except JobTimeout:
        code, timed_out = None, True
        escaped = f"stopped after {limit} s: a hang"
    except BaseException:  # noqa: BLE001 - exactly what the corpus looks for
        code = None
        escaped = traceback.format_exc()
    finally:
        if limit:
            signal.alarm(0)
        for stream in (*streams[1:], *to_close):
            with contextlib.suppress(Exception):  # a wrapper the command closed: nothing left to flush
                stream.flush()
        for stream in to_close:
            with contextlib.suppress(Exception):
                stream.close()
        sys.stdin, sys.stdout, sys.stderr = saved
    seconds = round(time.monotonic() - started, 2)
    peak = _peak_kb()
    after = snapshot(job.get("watch", []))
    out = out_bytes.getvalue().decode("utf-8", "replace")
    err = err_bytes.getvalue().decode("utf-8", "replace")
    return {
        "argv": job["argv"], "stdin": job.get("stdin"), "code": code, "escaped": escaped[-3000:],
        "traceback": "Traceback (most recent call last)" in out + err or "INTERNALERROR" in out + err or bool(escaped),
        "timed_out": timed_out,
        "stdout_lines": out.splitlines() if job.get("keep_stdout") else [], "stdout_chars": len(out),
        "stderr_chars": len(err), "tail": (out + err)[-600:], "stderr": err[-2000:] if job.get("keep_stderr") else "",
        "stdout_head": out[:2000] if job.get("keep_stdout_head") else "", "raw_escape": "\x1b" in out + err,
        "changed": changed(before, after, job.get("outputs", [])),
        "seconds": seconds, "peak_kb": peak, "peak_scope": "job" if exact_peak else "process",
    }


def main_driver(path: str) -> None:
    jobs = json.loads(Path(path).read_text(encoding="utf-8"))
    report = sys.stdout  # the results go here, whatever a job does to sys.stdout
    for job in jobs:
        print("start " + json.dumps(job["argv"])[:300], file=sys.__stderr__, flush=True)
        result = run_job(job)
        print(json.dumps(result), file=report, flush=True)


if __name__ == "__main__":
    main_driver(sys.argv[1])

"""``stud8 hh audit`` never opens a FIFO or a device: opening a FIFO blocks until a writer comes,
and /dev/zero never ends (regression: a FIFO given to ``hh audit`` hung forever)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from stud8.conformance.handhistory.readers import open_history

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs POSIX FIFOs")


def test_a_fifo_and_a_device_are_refused_unopened(tmp_path: Path) -> None:
    fifo = tmp_path / "history.txt"
    os.mkfifo(fifo)
    zero = tmp_path / "zero.txt"
    zero.symlink_to("/dev/zero")
    for path in (fifo, zero):
        (problem,) = list(open_history(path))
        assert problem.verdict == "unreadable"
        assert "not a regular file" in problem.reason
    (missing,) = list(open_history(tmp_path / "missing.txt"))
    assert missing.verdict == "unreadable" and missing.reason.startswith("cannot read file")


def test_hh_audit_on_a_fifo_ends_with_a_verdict(tmp_path: Path) -> None:
    fifo = tmp_path / "history.txt"
    os.mkfifo(fifo)
    # A generous subprocess timeout guards against the old hang; it is not a speed check.
    done = subprocess.run(
        [sys.executable, "-m", "stud8.tools.cli", "hh", "audit", str(fifo), "--jobs", "2", "--format", "json"],
        capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL, check=False,
    )
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    report = json.loads(done.stdout)
    (hand,) = report["hands"]
    assert hand["verdict"] == "unreadable" and hand["file"] == str(fifo)

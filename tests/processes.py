"""Helpers for tests that start engine processes: is a process really gone?"""

from __future__ import annotations

import os
import time


def process_gone(pid: int, patience: float = 5.0) -> bool:
    """Whether ``pid`` is gone (or a zombie nobody reaped yet); waits up to ``patience`` s for it."""
    end = time.monotonic() + patience
    while True:
        try:
            with open(f"/proc/{pid}/stat", encoding="ascii") as handle:
                state = handle.read().rsplit(")", 1)[1].split()[0]
            if state in ("Z", "X"):
                return True
        except FileNotFoundError:
            return True
        except OSError:  # no /proc: ask the kernel
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                return True
        if time.monotonic() >= end:
            return False
        time.sleep(0.02)

"""Helpers for the tests that open pages in headless Chromium (the rule book, the report page).

One place finds the browser and runs it, so both browser test modules look for it by the same
names, skip for the same reason, and start it with the same flags.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

BROWSER_NAMES = ("/usr/bin/chromium", "chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def chromium() -> str | None:
    """The headless browser's path, or None when none is installed."""
    for name in BROWSER_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


NEEDS_CHROMIUM = [pytest.mark.chromium,
                  pytest.mark.skipif(chromium() is None, reason="no headless Chromium installed (chromium not on PATH)")]
"""The marks a browser test module sets as its ``pytestmark``."""


def run_chromium(args: list[str], tmp: Path) -> subprocess.CompletedProcess[str]:
    """Run headless Chromium once with its own profile folder under ``tmp``; fails the test on a
    non-zero exit, showing the end of its error output."""
    command = [str(chromium()), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               f"--user-data-dir={tempfile.mkdtemp(dir=tmp)}", *args]
    done = subprocess.run(command, capture_output=True, text=True, timeout=180, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return done

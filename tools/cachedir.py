"""Where stud8 keeps its cache (``conform``'s pytest cache, per engine): the user's cache
folder, found by the rule each system documents, then ``stud8/`` inside it.

* ``$XDG_CACHE_HOME`` when it is set to an absolute path (the XDG Base Directory
  Specification, which says to ignore a relative one); honoured on every system, so a test
  run or a CI job can point it anywhere;
* on Windows, ``%LOCALAPPDATA%`` (the Local AppData known folder), else ``~/AppData/Local``;
* on macOS, ``~/Library/Caches`` (Apple's File System Programming Guide);
* elsewhere, ``~/.cache`` (the XDG default).

Why no dependency: platformdirs gives the same folders for these cases, but the rule is a few
lines of the standard library and the project keeps its dependencies to the named ones.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path


def user_cache_dir(*, platform: str = sys.platform, environ: dict[str, str] | None = None) -> Path:
    """The folder stud8 caches in (``BASE/stud8``); ``platform`` and ``environ`` are this
    process's unless given (the tests give the other systems')."""
    env = os.environ if environ is None else environ
    xdg = env.get("XDG_CACHE_HOME", "")
    if xdg and os.path.isabs(xdg):
        base = Path(xdg)
    elif platform == "win32":
        base = Path(env["LOCALAPPDATA"]) if env.get("LOCALAPPDATA") else Path.home() / "AppData" / "Local"
    elif platform == "darwin":
        base = Path.home() / "Library" / "Caches"
    else:
        base = Path.home() / ".cache"
    return base / "stud8"

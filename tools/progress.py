"""Progress bars for long work, shown only to a person watching a terminal.

One helper for every long-running command (``verify-evaluator --exhaustive``, ``conform`` over a
slow engine, ``fuzz``, ``hh audit``), so they all behave alike:

* a tqdm bar on stderr when stderr is a terminal and tqdm is installed
  (``pip install 'stud8[progress]'``; the ``dev`` extra has it too);
* nothing at all otherwise: pipes, files, CI logs and tests see no bar and no carriage returns,
  and stdout (where ``--format json`` documents go) is never touched.

Usage, for authors of commands::

    from stud8.tools.progress import progress, progress_bar

    for part in progress(parts, total=len(parts), desc="hands", unit="hand"):
        ...                                  # an iterable, wrapped

    with progress_bar(total=hands, desc="fuzz", unit="hand") as bar:
        for finished in pool_results():
            bar.update(finished.hands)       # explicit updates (parallel results, pytest hooks)

``enabled`` forces the bar on or off (``None``: decide from stderr). Set ``STUD8_PROGRESS=0``
to turn bars off even on a terminal.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Iterator
from types import TracebackType
from typing import Any, TypeVar

T = TypeVar("T")


def progress_wanted(enabled: bool | None = None) -> bool:
    """Whether to draw a bar: asked for, or stderr is a terminal (and not turned off)."""
    if enabled is not None:
        return enabled
    if os.environ.get("STUD8_PROGRESS", "").strip() == "0":
        return False
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):  # replaced or closed stderr
        return False


def _tqdm() -> Any:
    try:
        from tqdm import tqdm
    except ImportError:
        return None
    return tqdm


class ProgressBar:
    """A bar with ``update(n)``, ``set_postfix_str(text)`` and ``close()``; silent when disabled."""

    def __init__(self, total: float | None, desc: str = "", unit: str = "it", enabled: bool | None = None) -> None:
        tqdm = _tqdm() if progress_wanted(enabled) else None
        big = total is not None and total >= 100_000  # 133M hands read better as 133M
        self._bar = None if tqdm is None else tqdm(total=total, desc=desc, unit=unit, file=sys.stderr,
                                                   dynamic_ncols=True, leave=False, unit_scale=big)

    @property
    def shown(self) -> bool:
        return self._bar is not None

    def update(self, n: float = 1) -> None:
        if self._bar is not None:
            self._bar.update(n)

    def set_postfix_str(self, text: str, refresh: bool = False) -> None:
        """Text after the bar (``refresh``: draw it now, for news such as a first failure)."""
        if self._bar is not None:
            self._bar.set_postfix_str(text, refresh=refresh)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None) -> None:
        self.close()


def progress_bar(total: float | None = None, desc: str = "", unit: str = "it", enabled: bool | None = None) -> ProgressBar:
    """A bar to update by hand (see the module docstring)."""
    return ProgressBar(total, desc, unit, enabled)


def progress(items: Iterable[T], total: float | None = None, desc: str = "", unit: str = "it",
             enabled: bool | None = None) -> Iterator[T]:
    """``items`` unchanged, with a bar advancing one per item when one is wanted."""
    with progress_bar(total, desc, unit, enabled) as bar:
        for item in items:
            yield item
            bar.update(1)

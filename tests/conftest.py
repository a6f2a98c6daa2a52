"""Shared pytest configuration: ``slow``-marked tests run only with ``--run-slow``, and
``pure_python``-marked tests only where stud8 runs as Python.

The markers are declared in ``pyproject.toml``; exhaustive checks (every five- or seven-card
hand) carry ``slow`` so that the everyday suite stays quick. ``pure_python`` marks the tests
that replace a function or constant inside stud8, or plant a mistake in the engine's source:
in a compiled build (``STUD8_COMPILE=1 pip install .``, hatch_build.py) compiled modules call
one another directly and read their constants once, so such a replacement would not be seen,
and the test would fail for a reason that is no defect. Every other test runs there too, which
is how the compiled build is checked to answer as the Python one does.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from types import ModuleType

import pytest

fcntl: ModuleType | None
try:
    import fcntl
except ImportError:  # not POSIX: each worker renders its own book
    fcntl = None


@pytest.fixture(autouse=True)
def _user_cache_in_tmp(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """``stud8 conform`` keeps pytest's cache in the user's cache folder: in tests, a temporary one."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.getbasetemp() / "user-cache"))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--run-slow", action="store_true", default=False, help="also run tests marked slow")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    from stud8.spec.version import compiled_modules

    if compiled_modules():
        skip_patching = pytest.mark.skip(reason=f"replaces code inside stud8, and this install runs "
                                                f"{len(compiled_modules())} modules compiled (STUD8_COMPILE)")
        for item in items:
            if "pure_python" in item.keywords:
                item.add_marker(skip_patching)
    if config.getoption("--run-slow"):
        return
    skip_slow = pytest.mark.skip(reason="slow: run with --run-slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip_slow)


@pytest.fixture(scope="session")
def rendered_docs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every document in every language, rendered once per test run through the command
    (``stud8 docs --out DIR --lang all``): the book tests read it and never write into it.

    Rendering takes ~15-20 s of CPU; under ``pytest -n auto`` every worker process used to
    render the same book, so the first worker to need it renders it into the run's shared
    temporary folder (the parent of each worker's own, held under a file lock) and the others
    wait for it and read it. The rendering is the same command, input and options either way;
    where no lock is available (no ``fcntl``, or no xdist) each process renders its own."""
    from stud8.tools.cli import main

    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker is None or fcntl is None:
        folder = tmp_path_factory.mktemp("rendered") / "docs"
        assert main(["docs", "--out", str(folder), "--lang", "all"]) == 0
        return folder
    shared = tmp_path_factory.getbasetemp().parent  # one per run: every worker's basetemp is inside it
    folder, done = shared / "rendered-docs" / "docs", shared / "rendered-docs.done"
    with open(shared / "rendered-docs.lock", "w", encoding="utf-8") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            if not done.exists():
                shutil.rmtree(folder.parent, ignore_errors=True)  # what a failed attempt may have left
                assert main(["docs", "--out", str(folder), "--lang", "all"]) == 0
                done.write_text(worker, encoding="utf-8")
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    return folder

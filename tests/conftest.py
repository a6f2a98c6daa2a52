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

from pathlib import Path

import pytest


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
    """Every document in every language, rendered once per test process through the command
    (``stud8 docs --out DIR --lang all``): the book tests read it and never write into it.
    Rendering takes ~15 s; once per session instead of once per module keeps the suite short."""
    from stud8.tools.cli import main

    folder = tmp_path_factory.mktemp("rendered") / "docs"
    assert main(["docs", "--out", str(folder), "--lang", "all"]) == 0
    return folder

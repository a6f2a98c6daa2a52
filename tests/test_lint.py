"""Lint and types are checks, not advice: ``ruff check`` and ``mypy`` over the package pass.

Both tools are pinned in the ``test`` extra (pyproject.toml), so a new release that adds a rule
cannot turn CI red overnight; moving the pin is a deliberate change made with its findings fixed.

mypy needs to see the package as it is installed: ``stud8.spec`` is the checkout's ``spec/``
(hatchling ``sources`` in pyproject.toml), which mypy cannot map by itself, and the editable
install reaches it through ``package/stud8/__init__.py``, outside the folders mypy checks. So the test builds a tree of links, ``stud8/spec ->
spec`` and so on, and checks ``-p stud8`` there: every import between modules is then followed and
typed, instead of being waved through as a missing import.

``--no-site-packages``: an ordinary (non-editable) install puts a typed copy of ``stud8`` in
site-packages, and mypy prefers that copy to the linked tree, so CI checked the installed copy and
the cross-module test below saw none of its own files. Third-party imports are then read as
``Any`` (``ignore_missing_imports``); the check is about our own code.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE_FOLDERS = ("spec", "reference", "conformance", "tools")

pytestmark = pytest.mark.skipif(not (ROOT / "spec").is_dir(), reason="not running from a checkout")


def _needs(module: str) -> None:
    if importlib.util.find_spec(module) is None:
        pytest.skip(f"{module} is not installed (it comes with the test extra: pip install '.[test]')")


def test_ruff_finds_nothing() -> None:
    _needs("ruff")
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", *PACKAGE_FOLDERS, "tests", "hatch_build.py"],
                          cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_finds_nothing(tmp_path: Path) -> None:
    _needs("mypy")
    package = tmp_path / "stud8"
    package.mkdir()
    for folder in PACKAGE_FOLDERS:
        (package / folder).symlink_to(ROOT / folder, target_is_directory=True)
    done = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
                           "--cache-dir", str(tmp_path / "cache"), "--no-site-packages", "-p", "stud8"],
                          cwd=tmp_path, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Success: no issues found" in done.stdout


def test_mypy_sees_across_modules(tmp_path: Path) -> None:
    """The linked tree is what makes the check worth having: a wrong call into another module of
    the package is found (with ``ignore_missing_imports`` and no tree, it would pass unseen)."""
    _needs("mypy")
    package = tmp_path / "stud8"
    (package / "spec").mkdir(parents=True)
    (package / "spec" / "__init__.py").write_text("")
    (package / "spec" / "a.py").write_text("def double(value: int) -> int:\n    return 2 * value\n")
    (package / "spec" / "b.py").write_text("from stud8.spec.a import double\n\nRESULT: str = double(2)\n")
    done = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
                           "--cache-dir", str(tmp_path / "cache"), "--no-site-packages", "-p", "stud8"],
                          cwd=tmp_path, capture_output=True, text=True, check=False)
    assert done.returncode == 1
    assert 'Incompatible types in assignment (expression has type "int", variable has type "str")' in done.stdout

"""The optional compiled build: ``STUD8_COMPILE=1 pip install .`` compiles the hot modules with mypyc.

Why: reading and auditing hand histories spends its time in a few modules (the PokerStars reader,
the audit, the reference engine); compiled with mypyc (the compiler that ships with mypy, which
the project already pins and type-checks with) they run about twice as fast, which a site
auditing its whole history or a long fuzz campaign notices. The wheel keeps every ``.py`` file
beside its compiled module, so the sources read the same; Python imports the compiled one.

Why opt-in: a plain ``pip install .`` and ``pip install -e .`` stay pure Python. ``stud8 mutants``
plants mistakes in the engine's source and must run that source; the test suite patches some
functions, which compiled calls would skip; and compiling takes a minute or two and a C
compiler. An editable install refuses the variable rather than silently ignoring it.

hatchling runs this file as the wheel target's ``custom`` build hook (pyproject.toml). The
modules are compiled in a staged copy of the package laid out as the wheel lays it out (mypyc
names each extension after its import name, ``stud8.reference.engine``), never in the checkout,
where a stray extension module would shadow its edited source.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

SWITCH = "STUD8_COMPILE"
"""The environment variable that asks for the compiled build (``1``, ``true`` or ``yes``)."""

COMPILED_SOURCES: tuple[str, ...] = (
    # the reference engine's inner modules: every hand audited or fuzzed is replayed through them
    "reference/betting.py", "reference/dealing.py", "reference/exposed.py", "reference/fast_eval.py",
    "reference/pots.py",
    # reading a history: text in, records out
    "conformance/handhistory/pokerstars.py", "conformance/handhistory/readers.py",
    "conformance/handhistory/unknown.py", "conformance/handhistory/winning.py",
    # auditing: the parts that only see values the audit has already checked
    "conformance/handhistory/stacking.py", "conformance/handhistory/filling.py",
)
"""The checkout's files compiled, as paths in the checkout (their wheel paths come from
pyproject.toml's ``sources``): the modules ``stud8 bench``'s audit section spends its time in
whose inputs are text or values the engine has already checked.

Left as Python on purpose, where compiled code would answer differently: compiled code checks
each annotated argument and each field it reads from a Python object, and turns a ``bool`` read
from an ``int`` field into ``1``. So every module that is handed values from outside stays
Python and judges them as it always has: ``engine.py``, ``actions.py`` and ``cards.py`` (a float
stack, a number for an action or a card is a ``ConfigError``, ``ActionError`` or ``CardError``
there, not a ``TypeError``), and the audit (``audit.py``, ``money.py``, ``inference.py``), which
is handed records whose fields may hold anything (a float bring-in is the engine's to refuse;
``True`` is no amount). Of the audit, only ``stacking.py`` and ``filling.py`` are compiled: they
are handed the cards the audit has already checked to be card names dealt once
(``audit._known_cards``). ``hands.py`` and the audit's verdicts are frozen dataclasses that travel
pickled, which a compiled one cannot be."""

BUILD_REQUIREMENTS: tuple[str, ...] = ("mypy==2.4.1", "setuptools>=61")
"""What the compiled build needs in the build environment: mypyc comes with mypy (the version
the project type-checks with, pinned in the test extra), and setuptools drives the C compiler."""

_MYPYC_SCRIPT = """
import sys
from setuptools import setup
from mypyc.build import mypycify
setup(name="stud8-compiled", ext_modules=mypycify(sys.argv[1:], opt_level="3", group_name="stud8"),
      script_args=["build_ext", "--inplace"])
"""


def compile_requested() -> bool:
    """Whether the environment asks for the compiled build."""
    return os.environ.get(SWITCH, "").strip().lower() in {"1", "true", "yes"}


class CompiledBuildHook(BuildHookInterface):  # type: ignore[misc]  # hatchling is a build-time package
    """Adds the mypyc-compiled modules to the wheel when ``STUD8_COMPILE`` asks for them."""

    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        """``BUILD_REQUIREMENTS`` for the compiled build; nothing for the usual pure one."""
        return list(BUILD_REQUIREMENTS) if compile_requested() else []

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if not compile_requested() or self.target_name != "wheel":
            return
        if version == "editable":
            raise RuntimeError(
                f"{SWITCH} builds a compiled wheel (pip install .), not an editable install: an "
                "editable checkout runs its .py files, which stud8 mutants and your edits need")
        self._stage = Path(tempfile.mkdtemp(prefix="stud8-compile-"))
        staged = self._stage_package(self._stage)
        self.app.display_info(f"stud8: compiling {len(staged)} modules with mypyc (a minute or two)")
        completed = subprocess.run(  # this interpreter, running mypyc's own setuptools build
            [sys.executable, "-c", _MYPYC_SCRIPT, *staged], cwd=self._stage,
            capture_output=True, text=True, check=False)
        if completed.returncode != 0:
            raise RuntimeError(f"mypyc could not compile stud8's modules:\n{completed.stdout[-4000:]}"
                               f"{completed.stderr[-4000:]}")
        suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
        built = sorted(path for path in self._stage.rglob(f"*{suffix}")
                       if path.relative_to(self._stage).parts[0] != "build")  # build/: setuptools' scratch
        expected = {str(Path(path).with_suffix(suffix)) for path in staged}
        missing = expected - {str(path.relative_to(self._stage)) for path in built}
        if missing:
            raise RuntimeError(f"mypyc built no extension for {sorted(missing)}")
        for path in built:
            build_data["force_include"][str(path)] = str(path.relative_to(self._stage))
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        stage = getattr(self, "_stage", None)
        if stage is not None:
            shutil.rmtree(stage, ignore_errors=True)

    def _stage_package(self, stage: Path) -> list[str]:
        """Copies every .py file of the package into ``stage`` at its wheel path (mypy must see the
        whole package to type the compiled modules' imports); returns the compiled ones' paths."""
        root = Path(self.root)
        for source in self.build_config.sources:
            for path in (root / source).rglob("*.py"):
                relative = path.relative_to(root).as_posix()
                destination = stage / self.build_config.get_distribution_path(relative)
                destination.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(path, destination)
        # the project's mypy setting that matters here: yaml, jinja2... are not in the build
        # environment, and mypyc types what they return as Any
        (stage / "mypy.ini").write_text("[mypy]\nignore_missing_imports = True\n", encoding="utf-8")
        staged = [self.build_config.get_distribution_path(path) for path in COMPILED_SOURCES]
        for path in staged:
            if not (stage / path).is_file():
                raise RuntimeError(f"{path}: a compiled module is missing from the package")
        return staged

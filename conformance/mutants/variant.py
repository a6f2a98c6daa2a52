"""Building a mutant: the reference engine's modules re-executed with one module's source edited.

``installed(mutant)`` compiles the edited module and every reference module that imports it
(directly or through another), registers the new module objects in ``sys.modules`` and on the
``stud8.reference`` package, so that code importing the engine afterwards (the conformance
runner's ``ReferenceEngine`` imports ``Hand`` when a hand starts) gets the mutant; on leaving,
the original modules are put back. Modules the edit cannot reach are not re-executed, so the
evaluator's lookup tables are rebuilt only for a mutant of the evaluator itself.

The reference engine values showdown hands with ``fast_eval`` (lookup tables) and answers
``evaluate`` with ``hands`` (plain code); the two agree (``stud8 verify-evaluator``). A mutant of
``hands`` stands for an implementer whose one evaluator has the mistake, so the engine's
``fast_eval`` is replaced, for that mutant, by values computed with the edited ``hands``.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import re
import sys
import types
import warnings
from collections.abc import Iterator, Sequence
from functools import cache
from pathlib import Path

from stud8.conformance.mutants.model import Mutant

PACKAGE = "stud8.reference"


class StaleMutant(Exception):
    """A mutant's edit no longer matches the engine's source exactly once."""


@cache
def source_of(module: str) -> str:
    """The source text of ``stud8.reference.<module>``, as installed."""
    spec = importlib.util.find_spec(f"{PACKAGE}.{module}")
    if spec is None or spec.origin is None:
        raise StaleMutant(f"no module {PACKAGE}.{module}")
    return Path(spec.origin).read_text(encoding="utf-8")


def edited_source(mutant: Mutant) -> str:
    """The mutant's module source with its edits applied (``StaleMutant`` if one does not fit)."""
    text = source_of(mutant.module)
    for number, edit in enumerate(mutant.edits, start=1):
        count = text.count(edit.old)
        if count != 1:
            raise StaleMutant(f"{mutant.id}: edit {number} matches {count} places in "
                              f"reference/{mutant.module}.py, not one: {edit.old.strip()[:70]!r}")
        text = text.replace(edit.old, edit.new)
    return text


_IMPORT = re.compile(r"^from stud8\.reference(?:\.(\w+))? import (\([^)]*\)|[^\n]*)", re.MULTILINE)


@cache
def _imports(module: str) -> frozenset[str]:
    """The ``stud8.reference`` modules ``module`` imports from."""
    names: set[str] = set()
    for match in _IMPORT.finditer(source_of(module)):
        if match.group(1):
            names.add(match.group(1))
        else:  # from stud8.reference import fast_eval, hands
            names.update(name.strip() for name in match.group(2).strip("()").split(",") if name.strip())
    return frozenset(names)


def _engine_modules() -> list[str]:
    """The engine and the reference modules it imports, directly or through another: the only
    ones a mutant of the engine can reach (``bulk_eval``, which the engine never imports, is
    never rebuilt for a mutant of ``fast_eval``)."""
    found = {"engine"}
    pending = ["engine"]
    while pending:
        for name in _imports(pending.pop()):
            if name not in found:
                found.add(name)
                pending.append(name)
    return sorted(found)


def reexecuted(module: str) -> list[str]:
    """``module`` and every module of the engine depending on it, dependencies first."""
    modules = _engine_modules()
    affected = {module}
    changed = True
    while changed:
        changed = False
        for other in modules:
            if other not in affected and _imports(other) & affected:
                affected.add(other)
                changed = True
    ordered: list[str] = []

    def visit(name: str) -> None:
        if name in ordered:
            return
        for dependency in sorted(_imports(name) & affected):
            visit(dependency)
        ordered.append(name)

    for name in sorted(affected):
        visit(name)
    return ordered


def _load(name: str, source: str, extra: dict[str, object] | None = None) -> types.ModuleType:
    """Execute ``source`` as module ``stud8.reference.<name>``, registered in sys.modules first
    (dataclasses and annotations look the module up there while the class body runs)."""
    full = f"{PACKAGE}.{name}"
    original = sys.modules.get(full)
    module = types.ModuleType(full)
    module.__file__ = getattr(original, "__file__", None) or f"<mutant {name}>"
    module.__package__ = PACKAGE
    sys.modules[full] = module
    setattr(sys.modules[PACKAGE], name, module)
    module.__dict__.update(extra or {})
    with warnings.catch_warnings():  # an edit such as `0 is not x` draws a SyntaxWarning: noise here
        warnings.simplefilter("ignore", SyntaxWarning)
        code = compile(source, module.__file__, "exec")
    exec(code, module.__dict__)  # noqa: S102 - the engine's own source
    return module


def _evaluator_shim(hands: types.ModuleType) -> types.ModuleType:
    """A stand-in for ``fast_eval`` whose values come from an edited ``hands``."""
    from stud8.reference.cards import ALL_CARDS

    shim = types.ModuleType(f"{PACKAGE}.fast_eval")

    def values_idx(indices: Sequence[int]) -> tuple[int, int | None]:
        high, low = hands.evaluate([ALL_CARDS[index] for index in indices])
        return high.value, None if low is None else low.value

    shim.values_idx = values_idx  # type: ignore[attr-defined]
    return shim


@contextlib.contextmanager
def installed(mutant: Mutant) -> Iterator[dict[str, types.ModuleType]]:
    """The mutant engine in place of the reference engine, for the duration of the block."""
    with installed_source(mutant.module, edited_source(mutant)) as modules:
        yield modules


@contextlib.contextmanager
def installed_source(module: str, source: str,
                     builtins: dict[str, object] | None = None) -> Iterator[dict[str, types.ModuleType]]:
    """The engine with ``stud8.reference.<module>`` executed from ``source``, for the block.

    ``builtins``: extra names the edited module may use (the generated mutants' exception that
    nothing raises); they go into that module's namespace only.
    """
    importlib.import_module(f"{PACKAGE}.engine")  # the originals, loaded before they are saved
    package = sys.modules[PACKAGE]
    names = reexecuted(module)
    if module == "hands":
        names = names + ["fast_eval"] if "fast_eval" not in names else names
    saved = {name: sys.modules.get(f"{PACKAGE}.{name}") for name in names}
    for name in names:
        importlib.import_module(f"{PACKAGE}.{name}")
        saved[name] = sys.modules[f"{PACKAGE}.{name}"]
    new: dict[str, types.ModuleType] = {}
    try:
        for name in names:
            if name == "fast_eval" and module == "hands":
                continue
            new[name] = _load(name, source if name == module else source_of(name),
                              builtins if name == module else None)
            if name == "hands" and module == "hands":
                shim = _evaluator_shim(new[name])
                sys.modules[f"{PACKAGE}.fast_eval"] = shim
                setattr(package, "fast_eval", shim)  # noqa: B010 - a module attribute mypy cannot see
                new["fast_eval"] = shim
        yield new
    finally:
        for name, original in saved.items():
            if original is not None:
                sys.modules[f"{PACKAGE}.{name}"] = original
                setattr(package, name, original)

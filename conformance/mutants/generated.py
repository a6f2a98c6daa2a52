"""Generated mutants: every small edit cosmic-ray's core operators make in the engine's rule modules.

The zoo (``registry.py``) plants mistakes people thought of; this module asks a mutation-testing
tool, cosmic-ray, for the mistakes nobody chose. For each rule module of the reference engine
(``MODULES``) every position where one of cosmic-ray's core operators applies is one mutant:
``+`` made ``-``, ``<`` made ``<=``, a number off by one, ``and`` made ``or``, a ``not`` added, a
loop that never runs, a decorator removed, an ``except`` that no longer catches... cosmic-ray finds
the positions and rewrites the source (``cosmic_ray.mutating.mutate_code``); the scenario suite
is then run against the edited engine in this process (``generated_run``), as for the zoo.

Mutations inside type annotations are left out: every module starts with ``from __future__
import annotations``, so annotations are never evaluated and such a mutant could not differ from
the engine (cosmic-ray itself already skips ``|`` in annotated assignments, not in parameters).

A generated mutant is named by ``key``: ``module:Qualified.definition:Operator:n``, the n-th
position of that operator inside that function or class (0 first). Unlike cosmic-ray's own
occurrence number (counted over the whole module) the key survives edits elsewhere in the
module, so the hand-written verdicts (``generated_verdicts.yaml``) keep naming the same mutant.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import importlib.util
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

MODULES = ("betting", "pots", "dealing", "exposed", "hands", "fast_eval", "engine")
"""The engine's rule modules, in the order the documents list them."""

PACKAGE = "stud8.reference"

TOOL = "cosmic-ray"


class ToolMissing(Exception):
    """cosmic-ray is not installed (``pip install 'stud8[mutation]'``)."""


@dataclass(frozen=True)
class GeneratedMutant:
    """One position where one cosmic-ray operator applies."""

    key: str
    module: str
    operator: str
    """The cosmic-ray operator's name without its ``core/`` prefix (``ReplaceBinaryOperator_Add_Sub``)."""
    occurrence: int
    """cosmic-ray's occurrence number: the position's index among the operator's positions in the module."""
    line: int
    column: int
    definition: str
    text: str
    """The source line the mutation starts on, stripped."""

    @property
    def id(self) -> str:
        return self.key


def tool_version() -> str:
    """The installed cosmic-ray version (``ToolMissing`` without it)."""
    try:
        from importlib.metadata import PackageNotFoundError, version
    except ImportError:  # pragma: no cover - Python 3.10 has importlib.metadata
        raise ToolMissing("no importlib.metadata") from None
    try:
        return version("cosmic-ray")
    except PackageNotFoundError:
        raise ToolMissing("cosmic-ray is not installed: pip install 'stud8[mutation]'") from None


@functools.cache
def operators() -> tuple[tuple[str, Any], ...]:
    """cosmic-ray's core operators that take no arguments, as ``(short name, instance)``, by name.

    Operators that need arguments (``VariableReplacer``, ``VariableInserter``) are left out, as
    ``cosmic-ray init`` leaves them out when the configuration gives none.
    """
    tool_version()
    from cosmic_ray import plugins

    found = []
    for name in sorted(plugins.operator_names()):
        if not name.startswith("core/"):
            continue
        cls = plugins.get_operator(name)
        if cls.arguments():
            continue
        found.append((name.split("/", 1)[1], cls()))
    return tuple(found)


def module_path(module: str) -> Path:
    spec = importlib.util.find_spec(f"{PACKAGE}.{module}")
    if spec is None or spec.origin is None:
        raise ToolMissing(f"no module {PACKAGE}.{module}")
    return Path(spec.origin)


@functools.cache
def module_source(module: str) -> str:
    return module_path(module).read_text(encoding="utf-8")


def source_digest(module: str) -> str:
    """The first 16 hex digits of the module source's SHA-256: which engine a record was made on."""
    return hashlib.sha256(module_source(module).encode("utf-8")).hexdigest()[:16]


def _annotation_spans(source: str) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Where the type annotations are, as ``((line, col), (end line, end col))``."""
    spans = []

    def add(node: ast.AST | None) -> None:
        if node is not None and getattr(node, "end_lineno", None) is not None:
            spans.append(((node.lineno, node.col_offset), (node.end_lineno, node.end_col_offset)))  # type: ignore[attr-defined]

    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            add(node.returns)
        elif isinstance(node, (ast.arg, ast.AnnAssign)):
            add(node.annotation)
    return spans


def _postponed(source: str) -> bool:
    tree = ast.parse(source)
    return any(isinstance(node, ast.ImportFrom) and node.module == "__future__"
               and any(alias.name == "annotations" for alias in node.names) for node in tree.body)


def _definition(node: Any) -> str:
    """``Class.method`` (or ``function``, or ``<module>``) enclosing a parso node."""
    from parso.python import tree

    names = []
    current = node
    while current is not None:
        if isinstance(current, tree.Lambda):
            names.append("<lambda>")
        elif isinstance(current, (tree.Function, tree.Class)):
            names.append(current.name.value)
        current = current.parent
    return ".".join(reversed(names)) or "<module>"


@functools.cache
def _module_mutants(module: str) -> tuple[tuple[GeneratedMutant, ...], tuple[GeneratedMutant, ...]]:
    from cosmic_ray.ast import ast_nodes, get_ast

    source = module_source(module)
    lines = source.splitlines()
    spans = _annotation_spans(source) if _postponed(source) else []
    nodes = list(ast_nodes(get_ast(source)))
    kept: list[GeneratedMutant] = []
    dropped: list[GeneratedMutant] = []
    ordinals: Counter[tuple[str, str]] = Counter()
    for name, operator in operators():
        occurrence = 0
        for node in nodes:
            for start, _end in operator.mutation_positions(node):
                definition = _definition(node)
                ordinal = ordinals[(definition, name)]
                ordinals[(definition, name)] += 1
                line, column = start
                item = GeneratedMutant(f"{module}:{definition}:{name}:{ordinal}", module, name, occurrence,
                                       line, column, definition, lines[line - 1].strip() if line <= len(lines) else "")
                occurrence += 1
                if any(begin <= (line, column) < end for begin, end in spans):
                    dropped.append(item)
                else:
                    kept.append(item)
    return tuple(kept), tuple(dropped)


def generate(modules: tuple[str, ...] | list[str] = MODULES) -> list[GeneratedMutant]:
    """Every generated mutant of these modules (annotations left out), module by module."""
    return [item for module in modules for item in _module_mutants(module)[0]]


def in_annotations(modules: tuple[str, ...] | list[str] = MODULES) -> list[GeneratedMutant]:
    """The positions left out because they lie in a type annotation."""
    return [item for module in modules for item in _module_mutants(module)[1]]


def mutated_source(item: GeneratedMutant) -> str:
    """The module's source with this one mutation applied, written by cosmic-ray."""
    from cosmic_ray.mutating import mutate_code

    operator = dict(operators())[item.operator]
    code = mutate_code(module_source(item.module), operator, item.occurrence)
    if code is None:
        raise ValueError(f"{item.key}: cosmic-ray made no mutation at occurrence {item.occurrence}")
    return str(code)


def mutated_line(item: GeneratedMutant) -> str:
    """The mutated form of the mutant's source line(s), stripped, for reports."""
    before = module_source(item.module).splitlines()
    after = mutated_source(item).splitlines()
    changed = [line.strip() for line in after[item.line - 1:item.line - 1 + len(after) - len(before) + 1]]
    return " / ".join(changed) if changed else "(line removed)"


def describe(item: GeneratedMutant) -> str:
    """``reference/betting.py:120 `a < b` -> `a <= b```: where and what, for reports."""
    return f"reference/{item.module}.py:{item.line} `{item.text}` -> `{mutated_line(item)}`"


def sample(items: list[GeneratedMutant], per_module: int) -> list[GeneratedMutant]:
    """A fixed sample: per module, the ``per_module`` mutants whose keys hash lowest.

    The same engine source always gives the same sample; a mutant's place in it depends on its
    key alone, so an edit of one function moves few mutants in or out.
    """
    def rank(item: GeneratedMutant) -> str:
        return hashlib.sha256(item.key.encode("utf-8")).hexdigest()

    chosen: list[GeneratedMutant] = []
    for module in dict.fromkeys(item.module for item in items):
        mine = [item for item in items if item.module == module]
        keep = {item.key for item in sorted(mine, key=rank)[:per_module]}
        chosen += [item for item in mine if item.key in keep]
    return chosen


def by_key(items: list[GeneratedMutant]) -> dict[str, GeneratedMutant]:
    return {item.key: item for item in items}


def iter_modules(pattern: str | None) -> Iterator[str]:
    for module in MODULES:
        if not pattern or pattern == module:
            yield module

"""``--engine SPEC``: which engine the runner drives.

SPEC is one of

* ``reference`` (the default): the reference engine, in process;
* ``pokerkit`` / ``pokerkit-native``: PokerKit 0.7.7 through its adapter (the optional extra);
* ``python:MODULE:FACTORY``: ``FACTORY()`` from an importable ``MODULE`` (the current folder is
  on the import path) returns an object with the ``Engine`` methods (conformance/engines/api.py);
* ``cmd:COMMAND LINE``: a program speaking the JSON-lines protocol (docs/protocol.md) on its
  stdin/stdout, started without a shell (the line is split like a POSIX shell would split it:
  ``cmd:java -jar "my engine.jar"``) and kept running for the whole run.

A spec that names nothing usable (an unknown form, a command that does not exist, a module or
factory that cannot be found) raises ``EngineSpecError``, a usage error: the run stops with a
clear message and exit status 2 before any scenario runs.
"""

from __future__ import annotations

import math
import shlex

from stud8.conformance.engines.api import Engine
from stud8.reference.errors import Stud8Error

DEFAULT_TIMEOUT = 10.0
"""Seconds an engine may take to answer one message (``--timeout``)."""

SPEC_FORMS: tuple[str, ...] = ("reference", "pokerkit", "pokerkit-native", "python:MODULE:FACTORY", "cmd:COMMAND LINE")


class EngineSpecError(Stud8Error):
    """An engine spec that cannot be turned into an engine: a usage error (exit 2)."""

    code = "usage"


def _forms() -> str:
    return ", ".join(SPEC_FORMS)


def make_engine(spec: str, timeout: float = DEFAULT_TIMEOUT) -> Engine:
    """The engine ``spec`` names; ``timeout`` is the time allowed per message (subprocesses).

    Nothing is started yet for ``cmd:`` (the command is only looked up): the process starts on
    the first call and is restarted after a crash or a timeout.
    """
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not math.isfinite(timeout) or timeout <= 0:
        raise EngineSpecError(f"--timeout must be a positive number of seconds, got {timeout!r}")
    if not isinstance(spec, str) or not spec.strip():
        raise EngineSpecError(f"no engine given (an engine is one of: {_forms()})")
    spec = spec.strip()
    if spec == "reference":
        from stud8.conformance.engines.api import ReferenceEngine

        return ReferenceEngine()
    if spec in ("pokerkit", "pokerkit-native"):
        from stud8.conformance.engines.pokerkit_adapter import PokerKitEngine, PokerKitMissing

        try:
            return PokerKitEngine(native=spec == "pokerkit-native")
        except PokerKitMissing as error:
            raise EngineSpecError(f"engine {spec!r}: {error}") from None
    kind, colon, rest = spec.partition(":")
    if colon and kind == "cmd":
        try:
            argv = shlex.split(rest)
        except ValueError as error:
            raise EngineSpecError(f"engine {spec!r}: the command line cannot be split: {error}") from None
        if not argv:
            raise EngineSpecError(f"engine {spec!r}: no command after cmd: (example: cmd:./my-engine --stud8)")
        from stud8.conformance.engines.subprocess_adapter import SubprocessEngine

        return SubprocessEngine(argv, timeout=float(timeout), name=spec)
    if colon and kind == "python":
        module, colon2, factory = rest.partition(":")
        if not colon2 or not module or not factory or ":" in factory:
            raise EngineSpecError(f"engine {spec!r}: expected python:MODULE:FACTORY (example: python:my_engine:make_engine)")
        from stud8.conformance.engines.python_adapter import PythonEngine

        return PythonEngine(module, factory, name=spec)
    raise EngineSpecError(f"unknown engine {spec!r}; an engine is one of: {_forms()}")

"""``python:MODULE:FACTORY``: an engine written in Python, driven in process.

``FACTORY()`` (a callable of ``MODULE``, a dotted name inside it allowed) returns an object with
the ``Engine`` methods of conformance/engines/api.py: ``evaluate``, ``start``, ``act`` and
``observe`` are required; ``unsupported``, ``handshake``, ``restart`` and ``close`` are
optional. Without ``unsupported`` the engine's ``handshake()`` declaration decides what is not
applicable (as for a subprocess); without either, every scenario is played.

The adapter's ``EngineRefusal`` (a rule-level refusal) and ``EngineFault`` pass through; any
other exception is a bug in the engine and becomes ``EngineCrash`` with the exception and
where it was raised. ``restart()`` calls the object's ``restart`` if it has one, otherwise
(or if that fails) makes a new object with ``FACTORY()``. An in-process engine cannot be
timed out: ``--timeout`` applies to ``cmd:`` engines only.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
import traceback
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from stud8.conformance.engines.api import EngineCrash, EngineError, EngineFault, EngineRefusal
from stud8.conformance.engines.protocol import PROTOCOL_VERSION, schema_problem, unsupported_reason
from stud8.conformance.engines.spec import EngineSpecError
from stud8.spec.limits import quoted, shorten

REQUIRED_METHODS: tuple[str, ...] = ("evaluate", "start", "act", "observe")


def load_factory(module_name: str, factory_name: str, spec: str) -> Callable[[], Any]:
    """``module_name.factory_name``, or ``EngineSpecError`` saying what is missing."""
    cwd = os.getcwd()
    if cwd not in sys.path and "" not in sys.path:
        sys.path.append(cwd)
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name and (module_name == error.name or module_name.startswith(error.name + ".")):
            raise EngineSpecError(f"engine {spec!r}: no module named {module_name!r} (is it installed, or in the current folder?)") from None
        raise EngineSpecError(f"engine {spec!r}: importing {module_name!r} failed: {error}") from None
    except (Exception, SystemExit) as error:  # noqa: BLE001 - any failure of someone else's module is reported
        # SystemExit too: a module that calls sys.exit(0) on import must not end the run as
        # if every hand had passed.
        raise EngineSpecError(f"engine {spec!r}: importing {module_name!r} failed: "
                              f"{type(error).__name__}: {shorten(str(error))}") from None
    target: Any = module
    for part in factory_name.split("."):
        if not hasattr(target, part):
            raise EngineSpecError(f"engine {spec!r}: module {module_name!r} has no {factory_name!r}")
        target = getattr(target, part)
    if not callable(target):
        raise EngineSpecError(f"engine {spec!r}: {module_name}.{factory_name} is not callable")
    return target  # type: ignore[no-any-return]


def _kind(value: Any) -> str:
    """``None``, or ``a list`` and the like: what a wrong return value was."""
    if value is None:
        return "None"
    name = type(value).__name__
    return f"{'an' if name[0] in 'aeiou' else 'a'} {name} ({quoted(value, 60)})"


def _where(error: BaseException) -> str:
    frames = traceback.extract_tb(error.__traceback__)
    if not frames:
        return ""
    last = frames[-1]
    return f" (at {last.filename}:{last.lineno})"


class PythonEngine:
    """An engine object made by a factory, behind the runner's interface (see the module docstring)."""

    def __init__(self, module: str, factory: str, *, name: str | None = None) -> None:
        self.name = name or f"python:{module}:{factory}"
        self._factory = load_factory(module, factory, self.name)
        self._engine = self._make(usage=True)

    def _make(self, *, usage: bool = False) -> Any:
        try:
            engine = self._factory()
        except (Exception, SystemExit) as error:
            text = f"engine {self.name!r}: the factory raised {type(error).__name__}: {shorten(str(error))}{_where(error)}"
            if usage:
                raise EngineSpecError(text) from None
            raise EngineCrash(text) from error
        missing = [method for method in REQUIRED_METHODS if not callable(getattr(engine, method, None))]
        if missing:
            raise EngineSpecError(f"engine {self.name!r}: the factory's object has no {', '.join(missing)} method "
                                  f"(an engine needs {', '.join(REQUIRED_METHODS)})")
        return engine

    def _call(self, method: str, *args: Any, **kwargs: Any) -> Any:
        try:
            return getattr(self._engine, method)(*args, **kwargs)
        except (EngineRefusal, EngineFault):
            raise
        except (Exception, SystemExit) as error:
            raise EngineCrash(f"{method}() raised {type(error).__name__}: {shorten(str(error))}{_where(error)}") from error

    def _checked(self, method: str, value: Any, message_type: str, field: str | None) -> Any:
        """``value``, returned by ``method()``, if it has the shape of the protocol's
        ``message_type`` answer (its ``field``, or the answer's own fields when None); otherwise
        ``EngineError`` in one line, so that a wrong return value is the engine's fault named
        once, not a traceback deep inside the runner."""
        expected = f"(protocol: {message_type})"
        if not isinstance(value, Mapping):
            raise EngineError(f"{method}() returned {_kind(value)}, expected an object {expected}")
        try:
            wire = json.loads(json.dumps(value, allow_nan=False))  # seat keys become text, as on the wire
        except (TypeError, ValueError, RecursionError) as error:
            raise EngineError(f"{method}() returned a value that is not JSON ({shorten(str(error))}) {expected}") from None
        message = {"id": 0, "type": message_type, **({field: wire} if field else wire)}
        problem = schema_problem("response", message)
        if problem:
            raise EngineError(f"{method}() returned an object of the wrong shape: {problem} {expected}")
        return value

    # --- the interface ----------------------------------------------------------------

    def handshake(self) -> dict[str, Any]:
        declared: dict[str, Any] = {}
        if callable(getattr(self._engine, "handshake", None)):
            answer = self._call("handshake")
            if answer is not None and not isinstance(answer, Mapping):
                raise EngineError(f"handshake() returned {_kind(answer)}, expected an object or None (protocol: hello)")
            declared = dict(answer or {})
        declaration = {
            "name": declared.get("name") or getattr(self._engine, "name", None) or self.name,
            "version": str(declared.get("version", "unknown")),
            "protocol": declared.get("protocol", PROTOCOL_VERSION),
            "options": declared.get("options", {}),
            "profiles": declared.get("profiles", []),
        }
        # The declaration goes into reports and decides what is not applicable: it must be what
        # a cmd: engine's hello may say (JSON, profiles a list of names), checked like one.
        self._checked("handshake", {"protocol": declaration["protocol"], "options": declaration["options"],
                                    "profiles": declaration["profiles"],
                                    "engine": {"name": declaration["name"], "version": declaration["version"]}},
                      "hello", None)
        return declaration

    def unsupported(self, profile: str | None, options: Mapping[str, Any]) -> str | None:
        if callable(getattr(self._engine, "unsupported", None)):
            reason = self._call("unsupported", profile, options)
            if reason is not None and not isinstance(reason, str):
                raise EngineError(f"unsupported() returned {_kind(reason)}, expected a reason (text) or None")
            return reason  # type: ignore[no-any-return]
        if callable(getattr(self._engine, "handshake", None)):
            return unsupported_reason(self.handshake(), profile, options)
        return None

    def evaluate(self, cards: Sequence[str]) -> dict[str, Any]:
        return self._checked("evaluate", self._call("evaluate", cards), "evaluation", None)  # type: ignore[no-any-return]

    def start(self, *, stacks: Sequence[int], stakes: Mapping[str, int], deck: Sequence[str],
              profile: str | None, options: Mapping[str, Any]) -> None:
        self._call("start", stacks=stacks, stakes=stakes, deck=deck, profile=profile, options=options)

    def act(self, action: str) -> None:
        self._call("act", action)

    def observe(self) -> dict[str, Any]:
        return self._checked("observe", self._call("observe"), "observation", "observation")  # type: ignore[no-any-return]

    def restart(self) -> None:
        if callable(getattr(self._engine, "restart", None)):
            try:
                self._engine.restart()
                return
            except Exception:  # noqa: BLE001, S110 - a restart that fails: start over with a new object
                pass
        self.close()
        self._engine = self._make()

    def close(self) -> None:
        if callable(getattr(self._engine, "close", None)):
            try:
                self._engine.close()
            except Exception:  # noqa: BLE001, S110 - closing is best effort; the object is dropped anyway
                pass

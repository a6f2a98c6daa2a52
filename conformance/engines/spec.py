"""``--engine SPEC``: which engine the runner drives.

SPEC is one of

* ``reference`` (the default): the reference engine, in process;
* ``pokerkit`` / ``pokerkit-native``: PokerKit 0.7.7 through its adapter (the optional extra);
* ``python:MODULE:FACTORY``: ``FACTORY()`` from an importable ``MODULE`` (the current folder is
  on the import path) returns an object with the ``Engine`` methods (conformance/engines/api.py);
* ``cmd:COMMAND LINE``: a program speaking the JSON-lines protocol (docs/protocol.md) on its
  stdin/stdout, started without a shell and kept running for the whole run. The line is split
  into words as the platform's own programs split theirs (``command_words``): like a POSIX
  shell (``cmd:java -jar "my engine.jar"``), or on Windows by the C runtime's rules, under
  which a backslash is an ordinary character (``cmd:C:\\engines\\mine.exe --stud8``); or it is
  a JSON list of the words, the same everywhere (``cmd:["python", "my engine.py"]``).

A spec that names nothing usable (an unknown form, a command that does not exist, a module or
factory that cannot be found) raises ``EngineSpecError``, a usage error: the run stops with a
clear message and exit status 2 before any scenario runs.
"""

from __future__ import annotations

import json
import math
import os
import shlex

from stud8.conformance.engines.api import Engine
from stud8.reference.errors import Stud8Error
from stud8.spec.limits import quoted

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
        raise EngineSpecError(f"--timeout must be a positive number of seconds, got {quoted(timeout)}")
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
            raise EngineSpecError(f"engine {quoted(spec)}: {error}") from None
    kind, colon, rest = spec.partition(":")
    if colon and kind == "cmd":
        argv = command_words(rest, spec)
        from stud8.conformance.engines.subprocess_adapter import SubprocessEngine

        return SubprocessEngine(argv, timeout=float(timeout), name=spec)
    if colon and kind == "python":
        module, colon2, factory = rest.partition(":")
        if not colon2 or not module or not factory or ":" in factory:
            raise EngineSpecError(f"engine {quoted(spec)}: expected python:MODULE:FACTORY (example: python:my_engine:make_engine)")
        from stud8.conformance.engines.python_adapter import PythonEngine

        return PythonEngine(module, factory, name=spec)
    raise EngineSpecError(f"unknown engine {quoted(spec)}; an engine is one of: {_forms()}")


def command_words(line: str, spec: str = "", *, windows: bool = os.name == "nt") -> list[str]:
    """The words of a ``cmd:`` line: a JSON list of strings as it is; otherwise the line split
    as a program on this platform is given its words, by POSIX shell rules (``shlex``) or, on
    Windows, by the C runtime's (``windows_words``: a path keeps its backslashes). A line that
    gives no word, or a list that is not one of strings, is a usage error naming ``spec``."""
    shown = quoted(spec or f"cmd:{line}")
    if line.lstrip().startswith("["):
        try:
            words = json.loads(line)
        except (ValueError, RecursionError) as error:
            raise EngineSpecError(f"engine {shown}: the command is not a JSON list of words: {quoted(str(error))}") from None
        if not (isinstance(words, list) and words and all(isinstance(word, str) for word in words) and words[0]):
            raise EngineSpecError(f'engine {shown}: a JSON command is a list of strings, the program first '
                                  f'(example: cmd:["python", "my engine.py"])')
        return words
    if windows:
        words = windows_words(line)
    else:
        try:
            words = shlex.split(line)
        except ValueError as error:
            raise EngineSpecError(f"engine {shown}: the command line cannot be split: {error}") from None
    if not words:
        raise EngineSpecError(f"engine {shown}: no command after cmd: (example: cmd:./my-engine --stud8)")
    return words


def windows_words(line: str) -> list[str]:
    """``line`` split as a Windows program's C runtime splits its command line (Microsoft's
    "Parsing C command-line arguments"), so that ``cmd:`` means on Windows what the same line
    means typed at a prompt there. The program's name (the first word) ends at the first space
    or tab, or is quoted, its backslashes kept as they are. In the other words, spaces and tabs
    outside double quotes separate words; backslashes are ordinary characters unless they come
    before a double quote: then each pair is one backslash, and an odd one left over makes the
    quote a literal ``"``; two double quotes inside a quoted part are one literal ``"``."""
    line = line.lstrip(" \t")
    if not line:
        return []
    program, index = "", 0
    if line.startswith('"'):
        end = line.find('"', 1)
        end = len(line) if end < 0 else end
        program, index = line[1:end], end + 1
    while index < len(line) and line[index] not in " \t":  # the name runs on to a space or tab
        program += line[index]
        index += 1
    words = [program]
    while True:
        while index < len(line) and line[index] in " \t":
            index += 1
        if index >= len(line):
            return words
        word: list[str] = []
        quoted_part = False
        while index < len(line):
            char = line[index]
            if char in " \t" and not quoted_part:
                break
            if char == "\\":
                end = index
                while end < len(line) and line[end] == "\\":
                    end += 1
                slashes = end - index
                if end < len(line) and line[end] == '"':
                    word.append("\\" * (slashes // 2))
                    if slashes % 2:
                        word.append('"')
                        end += 1
                else:
                    word.append("\\" * slashes)
                index = end
                continue
            if char == '"':
                if quoted_part and line[index + 1:index + 2] == '"':
                    word.append('"')
                    index += 2
                    continue
                quoted_part = not quoted_part
                index += 1
                continue
            word.append(char)
            index += 1
        words.append("".join(word))

"""``cmd:COMMAND LINE``: an engine in another process, spoken to in the JSON-lines protocol.

The protocol (docs/protocol.md, schemas in spec/schema/protocol/) is request/response: one JSON
object per line on the engine's stdin, exactly one answer line with the same ``id`` on its
stdout. ``SubprocessEngine`` is the runner's side:

* **One long-lived process.** The command is started (without a shell, in a session and
  process group of its own) on the first call and greeted with ``hello``; the engine's answer
  declares its name, version, options and profiles, from which ``unsupported()`` is answered
  without asking the engine again. The same process plays every scenario.
* **Every answer is checked.** A line that is not JSON, an answer for another request (its
  ``id``), a type that does not answer the request, or a shape its schema rejects is
  ``EngineError`` naming what was wrong; the process is stopped (the conversation can no
  longer be trusted). An ``error`` answer is ``EngineError`` with the engine's message.
* **Crash.** The end of the engine's stdout (it exited, or closed it) is ``EngineCrash`` with
  the exit status and the last lines the engine wrote on stderr.
* **Timeout.** No complete answer within ``timeout`` seconds of the request (the first
  ``hello`` gets ``startup_timeout``, at least as long) is ``EngineTimeout``.
* **Flood.** A line longer than 1 MiB, or more than ``MAX_BLANK_LINES`` empty lines before an
  answer, is ``EngineError``. stderr is drained all the time (so the engine never blocks on
  it) and only its last lines are kept.
* **No process left behind.** After a crash, a timeout or a protocol error, the whole process
  group is killed (children included) and reaped; the next call starts the engine anew.
  ``restart()`` does the same on purpose; ``close()`` sends ``stop``, waits briefly for the
  engine to exit, then kills the group. Engines still running when the interpreter exits are
  closed by an ``atexit`` hook.

POSIX only (process groups, ``select`` on pipes).
"""

from __future__ import annotations

import atexit
import collections
import os
import selectors
import shlex
import shutil
import signal
import subprocess
import threading
import time
from collections.abc import Mapping, Sequence
from typing import Any

from stud8.conformance.engines.api import (
    EngineCrash,
    EngineError,
    EngineFault,
    EngineRefusal,
    EngineTimeout,
)
from stud8.conformance.engines.protocol import (
    MAX_LINE_BYTES,
    PROTOCOL_VERSION,
    REPLIES,
    ProtocolError,
    decode,
    encode,
    observation_from_wire,
    request,
    schema_problem,
    unsupported_reason,
)
from stud8.conformance.engines.spec import DEFAULT_TIMEOUT, EngineSpecError

STARTUP_TIMEOUT = 10.0
"""The least time a freshly started engine gets to answer ``hello`` (interpreters load slowly)."""

MAX_BLANK_LINES = 1000
"""Empty lines tolerated before one answer; more is a flood."""

STDERR_LINES = 20
"""How many of the engine's last stderr lines are kept for messages."""

_STDERR_LINE_BYTES = 2000
_EXIT_GRACE = 2.0
"""Seconds ``close()`` waits for the engine to answer ``stop`` and to exit, before killing it."""

_RUNNING: set[SubprocessEngine] = set()


@atexit.register
def _close_all() -> None:
    for engine in list(_RUNNING):
        engine.close()


def find_command(program: str) -> str | None:
    """The executable ``program`` names (a path, or a name looked up on PATH), or None."""
    if os.sep in program or (os.altsep and os.altsep in program):
        return program if os.path.isfile(program) and os.access(program, os.X_OK) else None
    return shutil.which(program)


def _why_not_runnable(program: str) -> str:
    """Why ``find_command`` found nothing: the message names what the path really is."""
    if os.sep not in program and not (os.altsep and os.altsep in program):
        return f"command not found: {program!r} (not on PATH)"
    if os.path.isdir(program):
        return f"{program!r} is a folder, not a program"
    if os.path.exists(program):
        return f"{program!r} is not executable (a program needs its execute permission: chmod +x)"
    return f"command not found: {program!r} (no such file)"


def _describe_status(code: int | None) -> str:
    if code is None:
        return "closed its stdout"
    if code < 0:
        try:
            return f"was killed by signal {signal.Signals(-code).name}"
        except ValueError:
            return f"was killed by signal {-code}"
    return f"exited with status {code}"


class _Process:
    """One running engine process, its pipes, and the tail of its stderr."""

    def __init__(self, argv: Sequence[str], env: Mapping[str, str] | None, cwd: str | None) -> None:
        self.popen = subprocess.Popen(
            list(argv), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            bufsize=0, shell=False, start_new_session=True, close_fds=True,
            env=None if env is None else dict(env), cwd=cwd,
        )
        assert self.popen.stdin and self.popen.stdout and self.popen.stderr
        self.pid = self.popen.pid
        self.stdout_fd = self.popen.stdout.fileno()
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.stdout_fd, selectors.EVENT_READ)
        self.buffer = bytearray()
        self.searched = 0  # bytes of ``buffer`` known to hold no newline
        self.stderr_tail: collections.deque[str] = collections.deque(maxlen=STDERR_LINES)
        self.stderr_thread = threading.Thread(target=self._drain_stderr, name=f"stud8-engine-stderr-{self.pid}", daemon=True)
        self.stderr_thread.start()

    def _drain_stderr(self) -> None:
        """Read stderr to its end in large chunks, keeping only the last lines (each cut short)."""
        stream = self.popen.stderr
        assert stream is not None
        fd = stream.fileno()
        partial = b""
        try:
            while True:
                chunk = os.read(fd, 1 << 16)
                if not chunk:
                    break
                lines = (partial + chunk).split(b"\n")
                partial = lines.pop()[:_STDERR_LINE_BYTES]
                for line in lines[-STDERR_LINES:]:
                    self._keep(line)
        except (OSError, ValueError):  # the pipe was closed under us
            pass
        self._keep(partial)

    def _keep(self, line: bytes) -> None:
        text = line[:_STDERR_LINE_BYTES].decode("utf-8", "replace").rstrip("\r")
        if text.strip():
            self.stderr_tail.append(text)

    def stderr_text(self, wait: float = 0.5) -> str:
        """The last lines the engine wrote on stderr, for a message (waiting up to ``wait``
        seconds for the reading thread to catch up when the engine has ended)."""
        if wait > 0:
            self.stderr_thread.join(timeout=wait)
        lines = list(self.stderr_tail)
        if not lines:
            return "; it wrote nothing on stderr"
        return "; its last stderr lines:\n" + "\n".join(f"    {line}" for line in lines)

    def wait_exit(self, timeout: float) -> bool:
        """Whether the process has exited within ``timeout`` seconds, *without* reaping it.

        While it is not reaped its pid (the process group's id) cannot be reused, so the
        group can still be killed safely afterwards.
        """
        end = time.monotonic() + timeout
        waitid = getattr(os, "waitid", None)
        while True:
            if waitid is None:  # no waitid (macOS before 3.13): reap; the group id may be gone
                try:
                    self.popen.wait(timeout=max(0.0, end - time.monotonic()))
                    return True
                except subprocess.TimeoutExpired:
                    return False
            try:
                if waitid(os.P_PID, self.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None:
                    return True
            except ChildProcessError:
                return True
            if time.monotonic() >= end:
                return False
            time.sleep(0.005)

    def kill(self) -> int | None:
        """Kill the whole process group, reap the process; its exit status."""
        try:
            os.killpg(self.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            self.popen.kill()
        except OSError:
            pass
        try:
            code = self.popen.wait(timeout=5)
        except subprocess.TimeoutExpired:  # pragma: no cover - SIGKILL is not ignorable
            code = None
        self.selector.close()
        for stream in (self.popen.stdin, self.popen.stdout):
            try:
                if stream:
                    stream.close()
            except OSError:
                pass
        self.stderr_thread.join(timeout=1.0)
        try:
            if self.popen.stderr:
                self.popen.stderr.close()
        except OSError:
            pass
        return code


class SubprocessEngine:
    """The runner's engine interface over the JSON-lines protocol (see the module docstring)."""

    def __init__(self, argv: Sequence[str], *, timeout: float = DEFAULT_TIMEOUT, startup_timeout: float | None = None,
                 name: str | None = None, env: Mapping[str, str] | None = None, cwd: str | None = None) -> None:
        if not argv:
            raise EngineSpecError("an engine command needs at least a program")
        self.argv = [str(part) for part in argv]
        self.name = name or "cmd:" + shlex.join(self.argv)
        if find_command(self.argv[0]) is None:
            raise EngineSpecError(f"engine {self.name!r}: {_why_not_runnable(self.argv[0])}")
        self.timeout = float(timeout)
        self.startup_timeout = max(self.timeout, STARTUP_TIMEOUT) if startup_timeout is None else float(startup_timeout)
        self.env = env
        self.cwd = cwd
        self._process: _Process | None = None
        self._declaration: dict[str, Any] | None = None
        self._next_id = 1
        self._wanted: tuple[str, ...] = ()
        self._pending: tuple[str, int, str] | None = None  # an act written by act_send, not yet read
        self._features: frozenset[str] = frozenset()

    # --- the process ------------------------------------------------------------------

    @property
    def pid(self) -> int | None:
        """The running engine process's id, or None when none is running."""
        return None if self._process is None else self._process.pid

    def _ensure(self) -> _Process:
        """The running process, started and greeted if there is none."""
        if self._process is not None:
            return self._process
        try:
            process = _Process(self.argv, self.env, self.cwd)
        except OSError as error:
            raise EngineCrash(f"the engine could not be started: {error}") from None
        self._process = process
        self._next_id = 1
        _RUNNING.add(self)
        try:
            answer = self._greet()
        except EngineFault:
            self._stop_process()  # an engine that cannot greet is not kept, whatever it said
            raise
        if answer["protocol"] != PROTOCOL_VERSION:
            self._stop_process()
            raise EngineError(f"the engine speaks protocol version {answer['protocol']}; this runner speaks version {PROTOCOL_VERSION}")
        self._declaration = {
            "name": answer["engine"]["name"],
            "version": answer["engine"]["version"],
            "protocol": answer["protocol"],
            "options": answer["options"],
            "profiles": answer["profiles"],
        }
        return process

    def _greet(self) -> dict[str, Any]:
        """``hello``, asking for the wanted optional features; an engine that answers a hello
        with features by an ``error`` (a strict reading of an older schema) is greeted again
        without them and plays without features."""
        self._features = frozenset()
        if self._wanted:
            try:
                answer = self._exchange("hello", {"protocol": PROTOCOL_VERSION, "features": list(self._wanted)},
                                        self.startup_timeout)
            except EngineError:
                if self._process is None:  # the conversation broke: no second try
                    raise
            else:
                self._features = frozenset(answer.get("features", ())) & frozenset(self._wanted)
                return answer
        return self._exchange("hello", {"protocol": PROTOCOL_VERSION}, self.startup_timeout)

    def want_features(self, names: Sequence[str]) -> None:
        """Ask for optional protocol features (``digest``) from the next ``hello`` on; a running
        engine is restarted so that it is greeted again."""
        self._wanted = tuple(names)
        if self._process is not None:
            self._stop_process()

    @property
    def digests(self) -> bool:
        """Whether ``start`` and ``act`` return the engine's observation digest (the ``digest``
        feature was asked for and granted; the engine is started to find out)."""
        if not self._wanted:
            return False
        self._ensure()
        return "digest" in self._features

    def _stop_process(self) -> int | None:
        """Kill the process group and forget the process; its exit status."""
        process, self._process = self._process, None
        self._declaration = None
        self._pending = None
        _RUNNING.discard(self)
        return None if process is None else process.kill()

    def _fail(self, fault: type[EngineFault], message: str) -> EngineFault:
        """Stop the process and make the fault to raise (``raise self._fail(...)``)."""
        self._stop_process()
        return fault(message)

    def _crash(self, process: _Process, what: str) -> EngineFault:
        """The engine's stdout ended (or its stdin broke) while ``what`` was pending."""
        exited = process.wait_exit(1.0)
        tail = process.stderr_text() if exited else ""
        code = self._stop_process()
        if not exited:
            return EngineCrash(f"the engine closed its stdout while answering {what} (it was stopped){process.stderr_text()}")
        return EngineCrash(f"the engine {_describe_status(code)} while answering {what}{tail}")

    def _read_line(self, process: _Process, deadline: float, what: str, timeout: float) -> bytes:
        buffer = process.buffer
        while True:
            newline = buffer.find(b"\n", process.searched)
            if newline >= 0:
                if newline > MAX_LINE_BYTES:
                    raise self._fail(EngineError, f"flood: the engine answered {what} with a line longer than {MAX_LINE_BYTES} bytes")
                line = bytes(buffer[:newline])
                del buffer[: newline + 1]
                process.searched = 0
                return line
            process.searched = len(buffer)
            if len(buffer) > MAX_LINE_BYTES:
                raise self._fail(EngineError, f"flood: the engine answered {what} with more than {MAX_LINE_BYTES} bytes without a newline")
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                # what the engine said on stderr is often why it hangs (a stack trace, a prompt):
                # kept, as for a crash; read before the process is stopped (issue 25)
                tail = process.stderr_text(wait=0.1)
                raise self._fail(EngineTimeout, f"no answer to {what} within {timeout:g} s; the engine was stopped{tail}")
            if not process.selector.select(remaining):
                continue
            try:
                chunk = os.read(process.stdout_fd, 1 << 16)
            except OSError:
                chunk = b""
            if not chunk:
                raise self._crash(process, what)
            buffer += chunk

    def _exchange(self, message_type: str, fields: Mapping[str, Any], timeout: float) -> dict[str, Any]:
        """Send one request to the running process and return its checked answer."""
        return self._receive(self._send(message_type, fields), timeout)

    def _send(self, message_type: str, fields: Mapping[str, Any]) -> tuple[str, int, str]:
        """Write one request; what ``_receive`` needs to read and check its answer."""
        process = self._process
        assert process is not None
        message_id = self._next_id
        self._next_id += 1
        what = f"{message_type!r} (request {message_id})"
        stdin = process.popen.stdin
        assert stdin is not None
        try:
            stdin.write(encode(request(message_id, message_type, **fields)))
            stdin.flush()
        except (BrokenPipeError, ConnectionResetError, ValueError, OSError):
            raise self._crash(process, what) from None
        return message_type, message_id, what

    def _receive(self, pending: tuple[str, int, str], timeout: float) -> dict[str, Any]:
        """The checked answer to the request ``_send`` wrote, within ``timeout`` seconds."""
        message_type, message_id, what = pending
        process = self._process
        if process is None:  # stopped since the request was written
            raise EngineCrash(f"the engine was stopped before answering {what}")
        deadline = time.monotonic() + timeout
        blank = 0
        while True:
            line = self._read_line(process, deadline, what, timeout)
            if line.strip():
                break
            blank += 1
            if blank > MAX_BLANK_LINES:
                raise self._fail(EngineError, f"flood: the engine wrote more than {MAX_BLANK_LINES} empty lines before answering {what}")
        try:
            answer = decode(line)
        except ProtocolError as error:
            raise self._fail(EngineError, f"the engine answered {what} with a line that is {error}") from None
        answer_type = answer.get("type")
        if answer.get("id") != message_id and not (answer_type == "error" and answer.get("id") is None):
            raise self._fail(EngineError, f"the engine answered {what} with a response for request {answer.get('id')!r}")
        if answer_type not in REPLIES[message_type]:
            shown = answer_type if isinstance(answer_type, str) else repr(answer_type)
            raise self._fail(EngineError, f"the engine answered {what} with type {shown!r}; "
                                          f"expected {' or '.join(repr(t) for t in REPLIES[message_type])}")
        problem = schema_problem("response", answer)
        if problem:
            raise self._fail(EngineError, f"the engine answered {what} with a {answer_type!r} of the wrong shape: {problem}")
        if answer_type == "error":
            raise EngineError(f"the engine reported an error on {what}: {answer['message']}")
        return answer

    def _call(self, message_type: str, **fields: Any) -> dict[str, Any]:
        self._ensure()
        return self._exchange(message_type, fields, self.timeout)

    # --- the interface ----------------------------------------------------------------

    def handshake(self) -> dict[str, Any]:
        self._ensure()
        assert self._declaration is not None
        return dict(self._declaration)

    def unsupported(self, profile: str | None, options: Mapping[str, Any]) -> str | None:
        return unsupported_reason(self.handshake(), profile, options)

    def evaluate(self, cards: Sequence[str]) -> dict[str, Any]:
        answer = self._call("evaluate", cards=list(cards))
        if answer["type"] == "refused":
            raise EngineRefusal(answer["code"], answer["message"])
        return {"high": answer["high"], "low": answer["low"]}

    def start(self, *, stacks: Sequence[int], stakes: Mapping[str, int], deck: Sequence[str],
              profile: str | None, options: Mapping[str, Any]) -> str | None:
        # `options` on the wire is every option's value, resolved (docs/protocol.md, start)
        answer = self._call("start", stacks=list(stacks), stakes=dict(stakes), deck=list(deck),
                            profile=profile, options=resolved_options(profile, options))
        if answer["type"] == "refused":
            raise EngineRefusal(answer["code"], answer["message"])
        return answer.get("digest")  # type: ignore[no-any-return]

    def act(self, action: str) -> str | None:
        """Apply ``action``; the new observation's digest when the engine sends one, else None."""
        answer = self._call("act", action=action)
        if answer["type"] == "refused":
            raise EngineRefusal(answer["code"], answer["message"])
        return answer.get("digest")  # type: ignore[no-any-return]

    @property
    def batches(self) -> bool:
        """Whether ``act_batch`` may be used (the ``batch`` feature was asked for and granted)."""
        if not self._wanted:
            return False
        self._ensure()
        return "batch" in self._features

    def act_batch(self, actions: Sequence[str]) -> tuple[list[str], EngineRefusal | None]:
        """Several actions in one ``act`` (the ``batch`` feature): the digest after each action
        applied, and the refusal that stopped the batch, if one did (the actions before it were
        applied; ``EngineRefusal.index`` is its position)."""
        answer = self._call("act", actions=list(actions))
        digests = list(answer.get("digests", ()))
        if answer["type"] == "refused":
            refusal = EngineRefusal(answer["code"], answer["message"])
            refusal.index = answer.get("index")  # type: ignore[attr-defined]
            return digests, refusal
        return digests, None

    def act_send(self, action: str) -> None:
        """``act`` in two halves, so the runner can work while the engine does: this writes the
        request, ``act_result`` reads the answer. Nothing else may be asked in between."""
        self._ensure()
        self._pending = self._send("act", {"action": action})

    def act_result(self) -> str | None:
        """The second half of ``act_send``: the digest, or ``EngineRefusal``."""
        pending, self._pending = self._pending, None
        if pending is None:
            raise EngineError("act_result() without act_send()")
        answer = self._receive(pending, self.timeout)
        if answer["type"] == "refused":
            raise EngineRefusal(answer["code"], answer["message"])
        return answer.get("digest")  # type: ignore[no-any-return]

    def observe(self) -> dict[str, Any]:
        return observation_from_wire(self._call("observe")["observation"])

    def restart(self) -> None:
        """Stop the process (its whole group); the next call starts a fresh one."""
        self._stop_process()

    def close(self) -> None:
        """Ask the engine to stop, give it a moment, then kill whatever is left of its group."""
        process = self._process
        if process is None:
            return
        try:
            if process.popen.poll() is None:
                self._exchange("stop", {}, min(self.timeout, _EXIT_GRACE))
                # An engine that reads until the end of its input rather than honouring stop
                # still exits by itself when its stdin closes.
                if process.popen.stdin:
                    process.popen.stdin.close()
                process.wait_exit(_EXIT_GRACE)
        except (EngineFault, OSError):
            pass
        self._stop_process()

    def __enter__(self) -> SubprocessEngine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"SubprocessEngine({self.name!r}, pid={self.pid})"


def resolved_options(profile: str | None, options: Mapping[str, Any]) -> dict[str, Any]:
    """The ``options`` a ``start`` request carries: every option of the rule book with the value
    this hand plays (defaults, then the profile's, then the scenario's own), so an engine needs
    no copy of the rule book's defaults or profiles. Settings the rule book refuses (an unknown
    option or profile, a value out of range) are sent as given: the engine must refuse them."""
    from stud8.spec.errors import Stud8Error
    from stud8.spec.rulebook import default_rulebook

    try:
        return default_rulebook().resolve_options(profile, options)
    except Stud8Error:
        return dict(options)

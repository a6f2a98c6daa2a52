"""The engine interface the runner speaks, and the reference engine behind it.

Every engine — the reference engine, a Python adapter, a subprocess — is driven through the
same small interface with JSON-shaped values (cards as text, seats as integers), so the
runner has one code path and the subprocess protocol maps onto it one to one.

An engine refuses an action or a start by raising ``EngineRefusal`` with the rule book's
error code; any other exception is a bug in the engine and is reported as an error.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from stud8.reference.cards import parse_cards
from stud8.reference.errors import Stud8Error


class EngineRefusal(Exception):
    """The engine refused a start or an action, with an error code from the rule book."""

    def __init__(self, code: str, message: str = "") -> None:
        super().__init__(f"{code}: {message}" if message else code)
        self.code = code
        self.message = message


class EngineFault(Exception):
    """The engine misbehaved (not a rule disagreement): the runner reports it as its own outcome.

    ``outcome`` is one of ``error`` (the engine reported an internal error or answered with the
    wrong shape), ``crash`` (the process died or the adapter raised), ``timeout`` (no answer in
    time). After a fault the engine is restarted before the next scenario.
    """

    outcome = "error"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class EngineError(EngineFault):
    """The engine said something went wrong inside it, or broke the protocol."""

    outcome = "error"


class EngineCrash(EngineFault):
    """The engine process exited, or the Python adapter raised an unexpected exception."""

    outcome = "crash"


class EngineTimeout(EngineFault):
    """The engine did not answer within the time allowed for one message."""

    outcome = "timeout"


class Engine(Protocol):
    """What the conformance runner needs from an engine under test."""

    name: str

    def unsupported(self, profile: str | None, options: Mapping[str, Any]) -> str | None:
        """Why this engine cannot play a scenario with these settings, or None if it can."""

    def evaluate(self, cards: Sequence[str]) -> dict[str, Any]:
        """``{"high": {"category", "cards", "value"}, "low": {"cards", "value"} | None}``."""

    def start(self, *, stacks: Sequence[int], stakes: Mapping[str, int], deck: Sequence[str],
              profile: str | None, options: Mapping[str, Any]) -> str | None:
        """Start a hand; raise ``EngineRefusal`` if it cannot start. The return value is the new
        observation's digest where the engine offers the protocol's ``digest`` feature, else None."""

    def act(self, action: str) -> str | None:
        """Apply a PHH action; raise ``EngineRefusal`` with the error code if it is refused. The
        return value is the new observation's digest (``digest`` feature), else None."""

    def observe(self) -> dict[str, Any]:
        """The observation described in spec/schema and conformance/WRITING.md."""

    def handshake(self) -> dict[str, Any]:
        """Who the engine is: ``{"name", "version", "protocol", "options", "profiles"}``."""

    def restart(self) -> None:
        """Get back to a clean state after a fault (a subprocess is started anew)."""

    def close(self) -> None:
        """Release the engine (a subprocess is stopped); no process may be left behind."""


class ReferenceEngine:
    """The reference engine behind the runner's interface. Supports every option."""

    name = "reference"

    def __init__(self) -> None:
        self._hand: Any = None

    def handshake(self) -> dict[str, Any]:
        from stud8.spec.rulebook import default_rulebook
        from stud8.spec.version import stud8_version

        book = default_rulebook()
        return {
            "name": "stud8-reference",
            "version": stud8_version(),
            "protocol": 1,
            "options": {name: "*" for name in book.options},
            "profiles": sorted(book.profiles),
        }

    def restart(self) -> None:
        self._hand = None

    def close(self) -> None:
        self._hand = None

    def unsupported(self, profile: str | None, options: Mapping[str, Any]) -> str | None:
        return None

    def evaluate(self, cards: Sequence[str]) -> dict[str, Any]:
        from stud8.reference.hands import best_high, best_low

        try:
            parsed = parse_cards(list(cards))  # a card that does not parse is a refusal (bad-card), not a bug
            high = best_high(parsed)
            low = best_low(parsed)
        except Stud8Error as error:
            raise EngineRefusal(error.code, error.message) from None
        return {
            "high": {"category": high.category.label, "cards": [str(c) for c in high.cards], "value": high.value},
            "low": None if low is None else {"cards": [str(c) for c in low.cards], "value": low.value},
        }

    def _engine_classes(self) -> tuple[Any, Any]:
        """The ``Hand`` and ``Stakes`` classes this adapter plays (a zoo mutant's engine plays its own)."""
        from stud8.reference.engine import Hand, Stakes

        return Hand, Stakes

    def start(self, *, stacks: Sequence[int], stakes: Mapping[str, int], deck: Sequence[str],
              profile: str | None, options: Mapping[str, Any]) -> None:
        hand_class, stakes_class = self._engine_classes()
        self._hand = None
        try:
            self._hand = hand_class.start(
                stacks=list(stacks),
                stakes=stakes_class(**stakes),
                deck=parse_cards(list(deck)),
                profile=profile,
                options=dict(options),
            )
        except Stud8Error as error:
            raise EngineRefusal(error.code, error.message) from None

    def act(self, action: str) -> None:
        try:
            self._hand.apply(action)
        except Stud8Error as error:
            raise EngineRefusal(error.code, error.message) from None

    def observe(self) -> dict[str, Any]:
        return self._hand.observe()  # type: ignore[no-any-return]

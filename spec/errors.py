"""The error hierarchy: one ``ValueError`` subclass per cause, each with a stable code.

It lives in the bottom layer (spec) because every layer raises these errors: the rule book
loader (``spec``), the engine (``reference``), the runner (``conformance``) and the command
(``tools``); imports only run down. ``stud8.reference.errors`` re-exports it unchanged.

Codes are part of the public contract: scenarios name them in expected rejections, the
subprocess protocol carries them, and ``spec/rules.yaml`` documents them under ``error_codes``.
Messages quote the offending input.
"""

from __future__ import annotations


class Stud8Error(ValueError):
    """Base class of every error stud8 raises on bad input. ``code`` is stable."""

    code: str = "error"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code

    @property
    def message(self) -> str:
        return str(self.args[0]) if self.args else ""


class CardError(Stud8Error):
    """A card that cannot be parsed, or a card given twice where cards must be distinct."""

    code = "bad-card"


class ConfigError(Stud8Error):
    """A table, stakes, options or deck that no hand can start from."""

    code = "bad-config"


class ActionError(Stud8Error):
    """An action the engine refuses. The hand's state is left exactly as it was.

    Codes (documented in ``spec/rules.yaml`` under ``error_codes``):
    ``malformed-action``, ``no-such-seat``, ``out-of-turn``, ``not-allowed``,
    ``wrong-amount``, ``cap-reached``, ``hand-over``.
    """

    code = "not-allowed"


ACTION_ERROR_CODES: tuple[str, ...] = (
    "malformed-action",
    "no-such-seat",
    "out-of-turn",
    "not-allowed",
    "wrong-amount",
    "cap-reached",
    "hand-over",
)

"""Player actions in the PHH vocabulary: parse ``"p3 cbr 20"`` into a record, format it back.

Rule ``actions.vocabulary``: an action is ``p`` and a seat number, one space, and one of ``pb``
(post the bring-in), ``cc`` (check or call), ``f`` (fold) or ``cbr N`` (complete, bet or raise
*to* N chips in front of the player on this street), in exactly that spelling: lower case, one
space between the parts and none before or after, numbers in ASCII digits without a sign or a
leading zero. Every action then has one spelling only. Anything else is ``malformed-action``.
Whether the seat exists and whether the move is allowed now is the engine's business, not the
parser's: a well-formed ``p9 f`` (or ``p0 f``) parses, and the engine refuses it with
``no-such-seat``.

Applied actions are kept as these records in the hand's log (verify / can / do): the log
replays, exports and debugs the hand, so records are immutable.

>>> Action.parse("p3 cbr 20")
Action(seat=3, kind='cbr', amount=20)
>>> str(Action.parse("p1 pb"))
'p1 pb'
>>> Action.parse("p2 cc").move
'cc'
"""

from __future__ import annotations

import re
from typing import NamedTuple

from stud8.reference.errors import ActionError
from stud8.spec.limits import MAX_AMOUNT_DIGITS, quoted

KINDS: tuple[str, ...] = ("pb", "cc", "f", "cbr")
"""The PHH action kinds this game uses, in the order ``legal_actions`` lists them."""

_NUMBER = rf"(?:0|[1-9][0-9]{{0,{MAX_AMOUNT_DIGITS - 1}}})"
"""A whole number as the grammar writes it: ASCII digits, no sign, no leading zero, at most
``MAX_AMOUNT_DIGITS`` digits (limits): a longer number is a malformed action, never a
5,000-digit conversion."""

_ACTION = re.compile(rf"p({_NUMBER}) (pb|cc|f|cbr ({_NUMBER}))", re.ASCII)
"""One seat, one space, one move; ``cbr`` takes a whole, non-negative amount. ``fullmatch``
only: nothing may come before or after (no spaces, tabs or newline)."""


class Action(NamedTuple):
    """One applied or proposed action: the seat (1-based), its kind, and a cbr's amount.

    A ``NamedTuple`` rather than a dataclass: it is immutable, hashable and cheap to build,
    and the engine builds one per action on its hot path.
    """

    seat: int
    kind: str  # "pb", "cc", "f" or "cbr"
    amount: int | None = None  # the "to" amount of a cbr, None otherwise

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse ``pN pb|cc|f|cbr AMOUNT``; raise ``ActionError('malformed-action')`` otherwise."""
        return parse_action(text)

    @property
    def move(self) -> str:
        """The action without its seat, as ``legal_actions`` lists it: ``cbr 20``, ``cc``."""
        return format_move(self.kind, self.amount)

    def __str__(self) -> str:
        return f"p{self.seat} {self.move}"


def format_move(kind: str, amount: int | None = None) -> str:
    """A move's text: ``cbr 20`` for a cbr, the bare kind otherwise."""
    return kind if amount is None else f"{kind} {amount}"


def parse_action(text: str) -> Action:
    """Parse one action text; raise ``ActionError('malformed-action')`` if it is not one.

    Parsed texts are remembered: a table only ever sees a few hundred distinct ones, and the
    engine parses one per action on its hot path.
    """
    try:
        return _PARSED[text]
    except (KeyError, TypeError):  # not seen yet, or unhashable (then certainly not text)
        pass
    match = _ACTION.fullmatch(text) if type(text) is str else None
    if match is None:
        raise ActionError(
            f"malformed action {quoted(text)}: expected 'pN pb', 'pN cc', 'pN f' or 'pN cbr AMOUNT'",
            "malformed-action",
        )
    seat, move, amount = match.groups()
    action = Action(int(seat), move) if amount is None else Action(int(seat), "cbr", int(amount))
    if len(_PARSED) >= _PARSED_LIMIT:
        _PARSED.clear()
    _PARSED[text] = action
    return action


_PARSED: dict[str, Action] = {}
_PARSED_LIMIT = 4096

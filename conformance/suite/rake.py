"""The final stacks of a hand whose pots paid a site's rake: for replay scenarios of recorded
site hands (``rake: {pots: [...], fees: N}``, written by ``stud8 hh import``).

An engine knows nothing of rake: it pays every pot whole. A recorded hand's expected stacks
are what the site paid, after taking its rake (and jackpot fees) from each pot. So the runner
takes the engine's own result, undoes each raked pot's awards, and pays the pot less its rake
to the *same winners the engine chose*, by the split rules: with a low half, the high half is
the larger by the odd chip (``odd-chip.high-half``); within a half, tied winners share equally
and the chips left over go first to the winners the engine gave more, then in the engine's
order. The winners stay the engine's judgment; only the amount split changes.

>>> result = {"stacks": [60, 120, 100], "pots": [{"amount": 120, "eligible": [1, 2],
...           "high": {2: 60}, "low": {1: 60}}]}
>>> raked_stacks(result, {"pots": [5]})   # 115 left: 58 high, 57 low
[57, 118, 100]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def raked_stacks(result: Mapping[str, Any], rake: Mapping[str, Any]) -> list[int]:
    """The engine's final ``stacks`` had each pot first paid ``rake["pots"][i]``."""
    stacks = [int(stack) for stack in result.get("stacks", [])]
    takes = list(rake.get("pots") or [])
    for index, pot in enumerate(result.get("pots") or []):
        taken = takes[index] if index < len(takes) else 0
        if not taken:
            continue
        halves = [dict(pot["high"] or {})] + ([dict(pot["low"])] if pot.get("low") else [])
        for half in halves:
            for seat, amount in half.items():
                stacks[int(seat) - 1] -= amount
        net = pot["amount"] - taken
        shares = [net] if len(halves) == 1 else [net - net // 2, net // 2]
        for half, share in zip(halves, shares):
            order = sorted(half, key=half.__getitem__, reverse=True)  # stable: the engine's order among equals
            if not order:
                continue
            each, odd = divmod(share, len(order))
            for position, seat in enumerate(order):
                stacks[int(seat) - 1] += each + (1 if position < odd else 0)
    return stacks

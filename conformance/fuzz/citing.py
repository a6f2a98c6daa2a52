"""Which rule ids a divergence points at: the rule of the divergent field (``FIELD_RULES``),
then rules the situation at the divergence points to (an all-in on the ante, a short bring-in,
a short all-in, deck exhaustion, an uncontested pot, several pots).

The first hand of each *kind* of divergence (its kind and these rules) is kept in a campaign
(``--max-divergences``), and a written finding lists them under ``rules``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stud8.conformance.fuzz.lockstep import Divergence

FIELD_RULES: dict[str, str] = {
    "start": "table.stakes",
    "action": "betting.actions",
    "over": "deal.run-out",
    "street": "betting.round-closes",
    "to_act": "act-order.best-exposed-hand",
    "bring_in": "bring-in.lowest-upcard",
    "legal": "betting.actions",
    "pot": "pots.side-pots",
    "pots": "pots.side-pots",
    "stacks": "betting.limits",
    "committed": "betting.limits",
    "community": "deck.community-card",
    "folded": "betting.actions",
    "all_in": "betting.all-in",
    "up": "deal.later-streets",
    "down": "deal.later-streets",
    "result pots": "showdown.split",
    "result returned": "pots.uncalled-bet",
    "result show_order": "showdown.show-order",
    "result stacks": "showdown.split",
    "crash": "actions.vocabulary",
    "timeout": "actions.vocabulary",
    "error": "actions.vocabulary",
}
"""The rule a divergent field relates to most (``rules_for`` adds rules from the situation)."""


def rules_for(divergence: Divergence, last: Mapping[str, Any] | None, stakes: Mapping[str, int],
              players: int, starting: Sequence[int] | None = None) -> list[str]:
    """The rule ids a finding cites: the field's rule, then rules the situation points at."""
    base = divergence.base
    rules = [FIELD_RULES.get(base, "betting.actions")]
    if last is not None:
        seats = last["seats"]
        bring_in = last.get("bring_in")
        third = last.get("street") == "third"
        any_all_in = any(seat["all_in"] for seat in seats)
        if last.get("community") is not None or (players == 8 and last.get("street") == "seventh"
                                                 and sum(not s["folded"] for s in seats) >= 7):
            rules.append("deck.short-stub")
        if divergence.action == 0 and any(stack <= stakes["ante"] for stack in starting or ()) \
                and base in ("all_in", "stacks", "pot", "pots", "committed", "result pots", "result returned", "result stacks"):
            rules.append("table.ante")
        if third and bring_in is None and divergence.phase in ("play", "action"):
            rules.append("bring-in.all-in-on-ante")
        elif third and divergence.phase in ("play", "action") and _short_bring_in(last, stakes):
            rules.append("bring-in.short-stack")
        elif any_all_in and base in ("legal", "to_act", "committed", "action"):
            rules.append("betting.short-all-in")
        if base.startswith("result ") and sum(not seat["folded"] for seat in seats) == 1:
            rules.append("showdown.uncontested")
        elif base == "result pots" and len(last.get("pots", [])) > 1:
            rules.append("pots.split-separately")
        if base == "result pots":
            rules.extend(odd_chip_rules(divergence.reference, divergence.engine))
    if divergence.phase == "start" and stakes["bring_in"] == stakes["small_bet"]:
        rules.append("bring-in.completion-is-bet")
    return list(dict.fromkeys(rules))


def _short_bring_in(last: Mapping[str, Any], stakes: Mapping[str, int]) -> bool:
    """The bring-in player cannot cover the bring-in: about to post it, or all-in after it."""
    seats = last["seats"]
    bring_in, to_act = last.get("bring_in"), last.get("to_act")
    if bring_in is None:
        return False
    if to_act == bring_in and "pb" in last.get("legal", []):
        return bool(seats[to_act - 1]["stack"] <= stakes["bring_in"])
    return bool(seats[bring_in - 1]["all_in"])



def odd_chip_rules(reference: Any, engine: Any) -> list[str]:
    """Odd-chip rules behind a difference in the pots' awards: for each pot whose awards differ,
    ``odd-chip.tied-both-ways`` when the same two or more players win both halves (in the
    reference engine's awards), ``odd-chip.within-half`` when two or more share a half that
    does not divide evenly among them."""
    rules: list[str] = []
    if not isinstance(reference, list):
        return rules
    theirs = engine if isinstance(engine, list) else []
    for index, pot in enumerate(reference):
        if index < len(theirs) and theirs[index] == pot:
            continue
        high, low = pot.get("high") or {}, pot.get("low") or {}
        if len(high) > 1 and set(high) == set(low):
            rules.append("odd-chip.tied-both-ways")
        elif any(len(half) > 1 and len(set(half.values())) > 1 for half in (high, low)):
            rules.append("odd-chip.within-half")
    return rules

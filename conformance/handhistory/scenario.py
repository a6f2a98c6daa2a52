"""A recorded hand as a replay scenario (``stud8 hh import``).

The expected outcome is what the site recorded: each player's final stack (starting stack, less
what they put in, plus what they collected and what came back uncalled), after rake; the
scenario's ``rake`` says what the site took from each pot. Nothing is worked out by an engine.
Down cards nobody saw are dealt from the unused cards (the lowest first), as the audit fills
them; burns are not recorded and the runner fills them too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stud8.conformance.handhistory.audit import (
    _CannotJudge,
    _facts,
    _fill,
    _known_cards,
    _Unreadable,
)
from stud8.conformance.handhistory.phh import check_scenario_text, scenarios_yaml
from stud8.conformance.handhistory.play import NotWritable
from stud8.conformance.handhistory.record import TO_KINDS, ActionKind, HandRecord

_STREETS = {4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh"}
_ORDINAL = {3: "third", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh"}


def _summary(record: HandRecord) -> str:
    winners = [name for name, amount in record.collected if amount]
    if not record.showdown:
        street = max((action.street for action in record.actions), default=3)
        return f"{winners[0] if winners else 'nobody'} wins uncontested on {_ORDINAL.get(street, 'third')} street"
    if len(winners) == 1:
        return f"{winners[0]} wins at the showdown"
    return " and ".join([", ".join(winners[:-1]), winners[-1]]) + " share the pot at the showdown"


def scenario_from_record(record: HandRecord, scenario_id: str) -> dict[str, Any]:
    """The replay scenario of a recorded hand (``NotWritable`` when it cannot be one)."""
    try:
        facts = _facts(record)
        slots = _known_cards(record, facts)
    except (_CannotJudge, _Unreadable) as error:
        raise NotWritable(f"{record.source_file} hand {record.hand_id}: {error}") from None
    if record.community is not None:
        raise NotWritable(f"{record.source_file} hand {record.hand_id}: a community card on seventh street "
                          "cannot be written in a scenario's deal")
    filled = _fill(slots, 0)
    seat = {name: f"p{index + 1}" for index, name in enumerate(facts.names)}
    deal: dict[str, dict[str, str]] = {"third": {seat[name]: " ".join(filled[index][:3])
                                                 for index, name in enumerate(facts.names)}}
    for street, name in _STREETS.items():
        row = {seat[player]: filled[index][street - 1] for index, player in enumerate(facts.names)
               if len(filled[index]) >= street}
        if row:
            deal[name] = row
    actions: list[str] = []
    for action in record.actions:
        if action.street == 0:
            continue
        who = seat[action.player]
        if action.kind == ActionKind.BRING_IN:
            actions.append(f"{who} pb")
        elif action.kind in TO_KINDS:
            actions.append(f"{who} cbr {action.amount}")
        elif action.kind == ActionKind.FOLD:
            actions.append(f"{who} f")
        else:
            actions.append(f"{who} cc")
    collected = dict(record.collected)
    returned = dict(record.returned)
    final = [facts.stacks[index] - facts.contributed[index] + collected.get(name, 0) + returned.get(name, 0)
             for index, name in enumerate(facts.names)]
    rules = ["bring-in.lowest-upcard", "betting.limits", "table.ante"]
    rules.append("showdown.split" if record.showdown else "showdown.uncontested")
    if len(record.pots) > 1:
        rules.append("pots.side-pots")
    if record.returned:
        rules.append("pots.uncalled-bet")
    unseen = [name for index, name in enumerate(facts.names) if any(card is None for card in slots[index])]
    description = (f"A {record.site} hand of {len(facts.names)} players ({', '.join(f'{seat[n]} {n}' for n in facts.names)}): "
                   f"{_summary(record)}. The expected stacks are the recorded ones, after the site's rake.")
    if unseen:
        description += (" Down cards nobody saw (" + ", ".join(unseen) + ") are dealt from the unused cards.")
    scenario: dict[str, Any] = {
        "id": scenario_id,
        "kind": "replay",
        "title": f"{record.site} hand {record.hand_id}: {_summary(record)}",
        "rules": rules,
        "description": description,
        "source": f"{record.site} hand {record.hand_id}, {record.source_file or 'no file'} line {record.line}",
        "stakes": {"ante": record.ante, "bring_in": record.bring_in, "small_bet": record.small_bet,
                   "big_bet": record.big_bet},
        "stacks": list(facts.stacks),
        "deal": deal,
        "actions": actions,
        "outcome": {"stacks": final},
    }
    rakes = record.pot_rakes()
    if any(rake or fees for rake, fees in rakes):
        scenario["rake"] = {"pots": [rake + fees for rake, fees in rakes]}
        if record.fees:
            scenario["rake"]["fees"] = record.fees
    return scenario


def scenarios_text(scenarios: Sequence[Mapping[str, Any]], header: str) -> str:
    """A scenario file holding the scenarios, checked as ``stud8 validate`` would."""
    note = "Recorded site hands: the expected outcome is the recorded final stacks, after rake."
    text = scenarios_yaml(scenarios, f"{header}\n{note}" if header else note, stacks_comment="recorded final stacks")
    check_scenario_text(text, "<imported scenarios>")
    return text

"""A recorded hand as a replay scenario (``stud8 hh import``): one importer for every format.

Whatever the file (PHH, PokerStars, OHH, any site's history), its reader gives a ``HandRecord``
and this module makes the scenario of it. Its expected outcome is what the record says: each
player's final stack (the starting stack, less what they put in, plus what they collected and
what came back uncalled; for a PHH file these are its ``finishing_stacks``), after the site's
rake, which the scenario's ``rake`` states per pot. Nothing is worked out by an engine.

* **The deal.** Every card the record shows goes where it shows it; cards nobody saw are dealt
  by the one policy (``filling.py``: down cards the lowest unused cards, up cards the highest,
  so a card nobody saw never takes the bring-in). Burns are not recorded; the runner fills them.
* **The check.** The scenario is played on the reference engine. A hand the engine refuses to
  play as recorded (the start, an action, or actions that end before the hand does) is
  refused (``RefusedHand``) unless it is imported unchecked (``check=False``, ``--no-check``),
  as a *disputed* scenario: the recorded actions and stacks, as recorded, which fail on the
  reference engine until someone works out which side is right. Whether the hand followed the
  rules in every other respect (the payout, the antes) is the audit's judgment
  (``audit.audit_hand``), which ``stud8 hh import`` reports beside the scenario.
* **The rules cited** are those the hand exercised as the engine played it
  (``conformance.suite.rules_exercised``), the bring-in first (a scenario's area is its first
  rule, and a recorded hand starts with the bring-in), then in the rule book's order; a
  disputed hand cites what it exercised before the refusal.
* **Title and source** come from templates (``TITLE``, ``SOURCE``) with the placeholders
  ``{site}``, ``{hand}``, ``{summary}``, ``{comment}``, ``{path}`` and ``{line}`` (``fields``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from stud8.conformance.handhistory.audit import _CannotJudge, _Facts, _facts, _known_cards, _Unreadable
from stud8.conformance.handhistory.filling import fill_unseen
from stud8.conformance.handhistory.play import NotWritable
from stud8.conformance.handhistory.record import TO_KINDS, ActionKind, HandRecord
from stud8.conformance.suite.scenario_writer import check_scenario_text, scenarios_yaml
from stud8.reference.errors import Stud8Error
from stud8.spec.limits import quoted

TITLE = "{site} hand {hand}: {summary}"
"""The default title template."""

SOURCE = "{comment}, {path} line {line}"
"""The default source template."""

PLACEHOLDERS: tuple[str, ...] = ("site", "hand", "summary", "comment", "path", "line")

TITLE_LIMIT = 140
"""The most characters of a scenario's title (the scenario schema's ``maxLength``)."""

HEADER = """Recorded Stud/8 hands, imported from hand histories by `stud8 hh import`.
The expected outcome of each hand is what its history records: the stacks the players end with
(after the site's rake, stated as the scenario's `rake`, where a site took one), nothing worked
out. Burns are not recorded: the runner fills them with unused cards. Cards nobody saw are dealt
from the unused cards (down cards lowest first, up cards highest first)."""
"""The comment at the top of every scenario file ``stud8 hh import`` writes."""

_STREETS = {3: "third", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh"}


class TemplateError(Stud8Error):
    """A ``--title`` or ``--source`` template that cannot be filled in: a usage error."""

    code = "usage"


class RefusedHand(NotWritable):
    """A hand the reference engine refuses to play as recorded; ``--no-check`` imports it as a
    disputed scenario."""

    code = "refused-hand"


@dataclass(frozen=True)
class Refusal:
    """Where the reference engine stopped a recorded hand: the ``action`` it refused (or ``the
    start``), ``place`` the step and line (``step 1, line 9``), ``code`` and ``message`` the
    engine's; ``action`` empty when the actions ended before the hand did (``message`` then
    says who is to act)."""

    action: str
    place: str
    code: str
    message: str

    def short(self) -> str:
        """For a title: ``refuses 'p4 f' (out-of-turn)``."""
        return f"refuses {self.action} ({self.code})" if self.action else "finds the actions end before the hand does"

    def __str__(self) -> str:
        if not self.action:
            return f"the reference engine finds that {self.message}"
        return f"the reference engine refuses {self.action}{f' ({self.place})' if self.place else ''}: {self.code}: {self.message}"


# --- names -------------------------------------------------------------------------------------

def source_path(path: str) -> str:
    """A file's path as a scenario's ``source`` may show it: relative to the current folder
    when the file is under it, else the file name alone (an absolute path would name the
    importing machine's folders, which mean nothing to anyone else)."""
    if not path:
        return "no file"
    given = Path(path)
    if not given.is_absolute():
        return given.as_posix()
    try:
        return given.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return given.name


def hand_label(record: HandRecord) -> str:
    """The hand's name: its id in the record (the site's hand number, PHH's ``hand`` field),
    else its file's name after the last ``__`` (PokerKit's WSOP files:
    ``test_2023_43_5__test_48_02_09_20.phh``), else the file's name."""
    if record.hand_id:
        return record.hand_id
    return Path(record.source_file).stem.rsplit("__", 1)[-1] or "?"


def _labels(facts: _Facts) -> dict[str, str]:
    return {name: f"p{index + 1}" for index, name in enumerate(facts.names)}


def _named(names: Sequence[str], labels: Mapping[str, str]) -> bool:
    """Whether the players have names of their own (not just the seat labels p1, p2...)."""
    return any(labels[name] != name for name in names)


def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _who(names: Sequence[str], labels: Mapping[str, str]) -> str:
    """Players as a summary names them: ``seats 1 and 5``, or their names when they have some."""
    ordered = sorted(names, key=lambda name: int(labels[name][1:]))
    if _named(ordered, labels):
        return _and(ordered)
    return ("seat " if len(ordered) == 1 else "seats ") + _and([labels[name][1:] for name in ordered])


def summary(record: HandRecord, facts: _Facts) -> str:
    """What happened, from the record: who showed down, or who won uncontested on which street."""
    labels = _labels(facts)
    live = [name for index, name in enumerate(facts.names) if not facts.folded[index]]
    if len(live) > 1:
        shown = [entry.player for entry in record.showdown if entry.shown and entry.player in labels]
        return f"{_who(shown or live, labels)} show down on seventh street"
    street = max((action.street for action in record.actions), default=3)
    return f"{_who(live or facts.names[:1], labels)} wins uncontested on {_STREETS.get(street, 'third')} street"


def fields(record: HandRecord, summary_text: str) -> dict[str, str]:
    """The values of the template placeholders for a hand."""
    hand = hand_label(record)
    return {"site": record.site, "hand": hand, "summary": summary_text,
            "comment": record.note or f"{record.site} hand {hand}",
            "path": source_path(record.source_file), "line": str(record.line)}


def fill_template(template: str, values: Mapping[str, str], flag: str, limit: int | None = None) -> str:
    """A title or source template filled in (``TemplateError`` for a placeholder it does not
    know, or a text longer than ``limit``)."""
    try:
        text = " ".join(template.format(**values).split())
    except (KeyError, IndexError, ValueError) as error:
        known = ", ".join("{" + name + "}" for name in PLACEHOLDERS)
        raise TemplateError(f"{flag} {template!r}: unknown placeholder {error} (use {known})") from None
    if limit is not None and len(text) > limit:
        raise TemplateError(f"{flag} {template!r}: gives {quoted(text, 60)}, {len(text)} characters; a scenario's "
                            f"{flag.lstrip('-')} has at most {limit}: use a shorter template")
    return text


# --- the scenario ------------------------------------------------------------------------------

def _deal(record: HandRecord, facts: _Facts) -> tuple[dict[str, dict[str, str]], list[str]]:
    """The scenario's deal (cards nobody saw dealt by the one policy) and the players some of
    whose cards nobody saw."""
    try:
        slots = _known_cards(record, facts)
    except _Unreadable as error:
        raise NotWritable(f"{record.source_file} hand {hand_label(record)}: {error}") from None
    filled = fill_unseen(slots)
    labels = _labels(facts)
    deal: dict[str, dict[str, str]] = {"third": {labels[name]: " ".join(filled[index][:3])
                                                 for index, name in enumerate(facts.names)}}
    for street in (4, 5, 6, 7):
        row = {labels[name]: filled[index][street - 1] for index, name in enumerate(facts.names)
               if len(filled[index]) >= street}
        if row:
            deal[_STREETS[street]] = row
    unseen = [name for index, name in enumerate(facts.names) if any(card is None for card in slots[index])]
    return deal, unseen


def _play(stacks: list[int], stakes: Mapping[str, int], deal: Mapping[str, Any], actions: list[str],
          lines: list[int]) -> tuple[list[dict[str, Any]], Refusal | None]:
    """The hand's observations on the reference engine (after the start, then after each
    action) and where it stopped the hand, if it did."""
    from stud8.conformance.engines.api import EngineRefusal, ReferenceEngine
    from stud8.conformance.suite.deal import deck_from_deal

    engine = ReferenceEngine()
    try:
        engine.start(stacks=stacks, stakes=dict(stakes), deck=[str(card) for card in deck_from_deal(deal)],
                     profile=None, options={})
    except EngineRefusal as refusal:
        return [], Refusal("the start", "", refusal.code, refusal.message)
    observations = [engine.observe()]
    for number, action in enumerate(actions):
        try:
            engine.act(action)
        except EngineRefusal as refusal:
            line = f", line {lines[number]}" if lines[number] else ""
            return observations, Refusal(repr(action), f"step {number + 1}{line}", refusal.code, refusal.message)
        observations.append(engine.observe())
    last = observations[-1]
    if not last["over"]:
        return observations, Refusal("", "", "hand-not-over", f"the actions end before the hand does (p{last['to_act']} "
                                     f"is to act on {last['street']} street)")
    return observations, None


def exercised_rules(stacks: Sequence[int], stakes: Mapping[str, int], observations: Sequence[Mapping[str, Any]]) -> list[str]:
    """The rules a hand exercised, bring-in rules first (a scenario's area is its first rule,
    and a recorded hand starts with the bring-in), then in the rule book's order."""
    from stud8.conformance.suite.rules_exercised import rules_exercised
    from stud8.spec.rulebook import default_rulebook

    if not observations:
        return ["table.players", "table.stakes"]
    found = rules_exercised(stacks, stakes, observations)
    order = {rule_id: index for index, rule_id in enumerate(default_rulebook().rule_ids)}
    return sorted(found, key=lambda rule_id: (not rule_id.startswith("bring-in."), order.get(rule_id, len(order))))


@dataclass(frozen=True)
class Imported:
    """A hand made a scenario: the scenario, and the reference engine's refusal when the hand
    was imported unchecked as a disputed one (None when the engine plays it to its end)."""

    scenario: dict[str, Any]
    refusal: Refusal | None = None


def scenario_from_record(record: HandRecord, scenario_id: str, *, title: str = TITLE, source: str = SOURCE,
                         check: bool = True) -> Imported:
    """The replay scenario of a recorded hand (see the module docstring). ``NotWritable`` when
    it cannot be one (a community card, cards dealt twice...), ``RefusedHand`` when the
    reference engine refuses it and ``check`` is on; ``TemplateError`` for a template that
    cannot be filled in."""
    where = f"{record.source_file} hand {hand_label(record)}"
    try:
        facts = _facts(record)
    except (_CannotJudge, _Unreadable) as error:
        raise NotWritable(f"{where}: {error}") from None
    if record.community is not None:
        raise NotWritable(f"{where}: a community card on seventh street cannot be written in a scenario's deal")
    deal, unseen = _deal(record, facts)
    labels = _labels(facts)
    played = [action for action in record.actions if action.street]
    actions = [f"{labels[action.player]} {_move(action)}" for action in played]
    collected, returned = dict(record.collected), dict(record.returned)
    final = [facts.stacks[index] - facts.contributed[index] + collected.get(name, 0) + returned.get(name, 0)
             for index, name in enumerate(facts.names)]
    taken = sum(rake + fees for rake, fees in record.pot_rakes())
    if sum(final) + taken != sum(facts.stacks):
        raise NotWritable(f"{where}: the record's books do not balance: the final stacks add up to {sum(final)}"
                          f"{f' and the site took {taken}' if taken else ''}, the starting stacks to {sum(facts.stacks)}")
    stakes = {"ante": record.ante, "bring_in": record.bring_in, "small_bet": record.small_bet, "big_bet": record.big_bet}
    observations, refusal = _play(list(facts.stacks), stakes, deal, actions, [action.line for action in played])
    if refusal is not None and check:
        raise RefusedHand(f"{where}: {refusal} (--no-check imports it as a disputed hand)")
    rakes = record.pot_rakes()
    raked = any(rake or fees for rake, fees in rakes)
    who = f" ({', '.join(f'{labels[name]} {name}' for name in facts.names)})" if _named(facts.names, labels) else ""
    if refusal is None:
        what = summary(record, facts)
        description = f"A recorded hand of {len(facts.names)} players{who}: {what}."
    else:
        what = f"disputed: the reference engine {refusal.short()}"
        description = (f"A recorded hand of {len(facts.names)} players{who} that the reference engine disputes: it "
                       f"{str(refusal).removeprefix('the reference engine ')}.")
    after = ", after the site's rake" if raked else ""
    description += (f" The expected stacks are the recorded finishing stacks{after}; "
                    "burns were not recorded (any unused cards serve)")
    if unseen:
        owners = [labels[name] if labels[name] == name else f"{labels[name]} ({name})" for name in unseen]
        description += (f", nor were the cards of {_and(owners)} that nobody saw: they are dealt from the unused "
                        "cards (down cards lowest, up cards highest)")
    values = fields(record, what)
    scenario: dict[str, Any] = {
        "id": scenario_id,
        "kind": "replay",
        "title": fill_template(title, values, "--title", TITLE_LIMIT),
        "rules": exercised_rules(facts.stacks, stakes, observations),
        "description": description + ".",
        "source": fill_template(source, values, "--source"),
        "stakes": stakes,
        "stacks": list(facts.stacks),
        "deal": deal,
        "actions": actions,
        "outcome": {"stacks": final},
    }
    if raked:
        scenario["rake"] = {"pots": [rake + fees for rake, fees in rakes]}
        if record.fees:
            scenario["rake"]["fees"] = record.fees
    return Imported(scenario, refusal)


def _move(action: Any) -> str:
    if action.kind == ActionKind.BRING_IN:
        return "pb"
    if action.kind in TO_KINDS:
        return f"cbr {action.amount}"
    if action.kind == ActionKind.FOLD:
        return "f"
    return "cc"


def scenarios_text(scenarios: Sequence[Mapping[str, Any]], comment: str = "") -> str:
    """A scenario file holding the scenarios (``comment`` above the ``HEADER``), checked as
    ``stud8 validate`` would."""
    text = scenarios_yaml(scenarios, f"{comment}\n{HEADER}" if comment else HEADER)
    check_scenario_text(text, "<imported scenarios>")
    return text

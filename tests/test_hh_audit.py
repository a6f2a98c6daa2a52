"""The audit of one hand: deviations found at the right step with the right rule, payout and
rake checks, unseen cards that decide the payout, and verdicts that pickle."""

from __future__ import annotations

import io
import pickle
from dataclasses import replace
from pathlib import Path

from stud8.conformance.handhistory.audit import AuditOptions, HandVerdict, audit_hand
from stud8.conformance.handhistory.pokerstars import READER
from stud8.conformance.handhistory.record import (
    ActionKind,
    ActionRecord,
    HandRecord,
    PotRecord,
)

FILE = Path(__file__).parent / "data" / "site-hands" / "pokerstars" / "7-StudHL-USD-0.04-0.08-200911.txt"
HANDS = FILE.read_text().split("\n\n\n\n")


def _hand(index: int, edit: tuple[str, str] | None = None, *more: tuple[str, str]) -> HandRecord:
    text = HANDS[index].strip() + "\n"
    for old, new in ((edit,) if edit else ()) + more:
        assert old in text
        text = text.replace(old, new, 1)
    (record,) = list(READER.read(io.StringIO(text), "f.txt"))
    assert isinstance(record, HandRecord), record
    return record


def _only(verdict: HandVerdict, rule: str) -> None:
    assert verdict.verdict == "deviates", verdict
    assert verdict.deviations[0].rule == rule, verdict.deviations


def test_bring_in_by_the_wrong_player() -> None:
    # Hero shows the 2h, the lowest up card; rdiezchang (3d) brings in instead.
    record = _hand(0, ("Hero: brings in for $0.02\nrdiezchang: calls $0.02", "rdiezchang: brings in for $0.02\nHero: calls $0.02"))
    verdict = audit_hand(record)
    _only(verdict, "bring-in.lowest-upcard")
    first = verdict.deviations[0]
    assert (first.street, first.step, first.expected) == ("third", 1, "Hero to act")
    assert first.line == 16 and "Hero's turn" in first.message and "rdiezchang" in first.recorded


def test_acting_out_of_turn_later_in_a_round() -> None:
    record = _hand(0, ("gashpor: checks\ndenny501: checks\nHero: checks\nrdiezchang: bets $0.08",
                       "gashpor: checks\nHero: checks\ndenny501: checks\nrdiezchang: bets $0.08"))
    verdict = audit_hand(record)
    _only(verdict, "actions.in-turn")
    assert verdict.deviations[0].street == "sixth" and verdict.deviations[0].expected == "denny501 to act"


def test_a_bet_of_the_wrong_size() -> None:
    # The site's books stay whole (the bet of 4 comes back, as the site would write it): only
    # the rules are broken.
    record = _hand(0, ("rdiezchang: bets $0.08\ngashpor: folds", "rdiezchang: bets $0.04\ngashpor: folds"),
                   ("Uncalled bet ($0.08) returned to rdiezchang", "Uncalled bet ($0.04) returned to rdiezchang"))
    verdict = audit_hand(record)
    _only(verdict, "betting.limits")
    assert "bet or raise to 8" in verdict.deviations[0].expected


def test_a_bet_whose_chips_the_books_do_not_hold_is_unreadable() -> None:
    # Edited alone, the bet leaves 8 cents returned to a player who put in 4 more: the reader
    # (here, the editor) lost track, and the hand is unreadable, naming the pot's line.
    record = _hand(0, ("rdiezchang: bets $0.08\ngashpor: folds", "rdiezchang: bets $0.04\ngashpor: folds"))
    verdict = audit_hand(record)
    assert verdict.verdict == "unreadable" and not verdict.deviations
    assert "money does not balance" in verdict.reason and "uncalled" in verdict.reason


def test_a_big_bet_on_fourth_street_without_an_open_pair() -> None:
    # Three players put in 4 cents more each: the pot is 96, 92 collected after the 4 of rake.
    record = _hand(3, ("rdiezchang: bets $0.04\n123smoothie: calls $0.04\ndenny501: calls $0.04",
                       "rdiezchang: bets $0.08\n123smoothie: calls $0.08\ndenny501: calls $0.08"),
                   ("rdiezchang collected $0.80 from pot", "rdiezchang collected $0.92 from pot"),
                   ("Total pot $0.84 | Rake $0.04", "Total pot $0.96 | Rake $0.04"))
    verdict = audit_hand(record)
    _only(verdict, "betting.fourth-street-open-pair")


def test_a_wrong_odd_cent_is_an_odd_chip_finding() -> None:
    # 76 cents less 3 rake: high half 37 (u.pressure), low half 36 (gashpor). Swap the odd cent.
    record = _hand(2)
    swapped = replace(record, collected=(("u.pressure", 36), ("gashpor", 37)),
                      pots=(PotRecord(76, 0, 0, (("u.pressure", 36), ("gashpor", 37))),))
    verdict = audit_hand(swapped)
    _only(verdict, "odd-chip.high-half")
    assert verdict.deviations[0].expected == "u.pressure 37, gashpor 36"
    assert dict(verdict.net_rules)["u.pressure"] == 18 and dict(verdict.net_recorded)["u.pressure"] == 17


def test_books_that_do_not_balance_are_unreadable_not_a_deviation() -> None:
    # 78 collected and 3 of rake from a pot of 80: the record lost a cent somewhere. The money
    # check, which needs no rule, refuses the hand before any rule is applied.
    record = _hand(1)
    richer = replace(record, collected=(("rdiezchang", 78),), pots=(PotRecord(80, 0, 0, (("rdiezchang", 78),)),))
    verdict = audit_hand(richer)
    assert verdict.verdict == "unreadable" and not verdict.deviations
    assert verdict.reason.startswith("the money does not balance: the pot holds 0.80 but pays out 0.78")
    assert f"(line {record.pot_line})" in verdict.reason


def test_a_wrong_winner() -> None:
    record = _hand(1)
    wrong = replace(record, collected=(("123smoothie", 77),), pots=(PotRecord(80, 0, 0, (("123smoothie", 77),)),))
    _only(audit_hand(wrong), "showdown.split")


def test_unseen_cards_that_decide_the_low_cannot_be_judged() -> None:
    # Without the summary line, 123smoothie's down cards are unknown; with A 5 4 showing,
    # some cards would make a low and take half the pot.
    record = _hand(1, ("Seat 2: 123smoothie mucked [9c Jc 9h Ah 5d 4c Qc]\n", ""))
    assert record.cards_of("123smoothie")[0] is None
    verdict = audit_hand(record)
    assert verdict.verdict == "cannot-judge" and "123smoothie" in verdict.reason


def test_unseen_cards_that_cannot_matter_are_filled() -> None:
    # Soroka69 mucks Q-high with 3c Qc 6h 7h showing; the winner holds two pair aces and deuces and
    # no low qualifies... unless Soroka69's three unseen cards make one: they could (A, 2, 4).
    record = _hand(5, ("Seat 7: Soroka69 mucked [2d Qh 3c Qc 6h 7h Jd]\n", ""))
    assert audit_hand(record).verdict == "cannot-judge"
    # A folded player's unseen cards never matter.
    assert audit_hand(_hand(0)).verdict == "conforms"


def test_a_check_facing_a_bet() -> None:
    record = _hand(0, ("rdiezchang: bets $0.08\ngashpor: folds", "rdiezchang: bets $0.08\ngashpor: checks"))
    verdict = audit_hand(record)
    assert verdict.verdict == "deviates" and verdict.deviations[0].rule == "betting.actions"


def test_options_change_the_verdict() -> None:
    """The same hand under a one-raise cap: the second raise on fourth street deviates."""
    record = _hand(5)
    assert audit_hand(record).verdict == "conforms"
    capped = audit_hand(record, AuditOptions(None, (("raise_cap", 1),)))
    assert capped.verdict == "conforms"  # one bet and one raise: within a cap of one raise
    fourth = [a for a in record.actions if a.street == 4]
    assert [a.kind for a in fourth][:2] == [ActionKind.BET, ActionKind.RAISE]


def test_verdicts_pickle_and_serialise() -> None:
    verdict = audit_hand(_hand(2))
    assert pickle.loads(pickle.dumps(verdict)) == verdict
    data = verdict.to_json()
    assert data["verdict"] == "conforms" and data["pot"] == 76 and data["rake"] == 3
    assert data["net_recorded"] == data["net_rules"]


def _suite_record(scenario_id: str) -> HandRecord:
    from stud8.conformance.handhistory.play import record_from_scenario
    from stud8.conformance.suite.scenarios import (
        iter_scenarios,
        load_suite,
        packaged_scenarios_dir,
    )

    files, _ = load_suite([packaged_scenarios_dir()])
    for scenario in iter_scenarios(files):
        if scenario.id == scenario_id:
            return record_from_scenario(scenario.data, scenario.path)
    raise AssertionError(scenario_id)


def test_a_deck_that_runs_out_is_rebuilt_as_the_rules_deal_it() -> None:
    """Eight players to seventh street: the community card, and the burns recycled, are dealt
    where the deck_exhaustion procedure puts them (regression: these were cannot-judge)."""
    from stud8.conformance.handhistory.play import NotWritable, record_from_scenario
    from stud8.conformance.suite.scenarios import (
        iter_scenarios,
        load_suite,
        packaged_scenarios_dir,
    )

    files, _ = load_suite([packaged_scenarios_dir()])
    community = recycled = 0
    for scenario in iter_scenarios(files):
        if scenario.kind != "replay" or not scenario.id.startswith("deck-"):
            continue
        try:
            record = record_from_scenario(scenario.data, scenario.path)
        except NotWritable:
            continue
        options = AuditOptions(scenario.data.get("profile"), tuple((scenario.data.get("options") or {}).items()))
        verdict = audit_hand(record, options)
        assert verdict.verdict == "conforms", (scenario.id, verdict)
        community += record.community is not None
        recycled += record.community is None and sum(len([c for c in p.cards if c]) for p in record.cards) + 4 > 52
    assert community >= 3 and recycled >= 1


def test_a_community_card_where_the_rules_deal_everyone_a_card_deviates() -> None:
    from stud8.conformance.handhistory.record import PlayerCards

    record = _suite_record("betting-001")  # two players to seventh street: no shortage
    used = {card for entry in record.cards for card in entry.cards if card}
    spare = next(f"{rank}{suit}" for rank in "23456789TJQKA" for suit in "cdhs" if f"{rank}{suit}" not in used)
    shared = replace(record, community=spare,
                     cards=tuple(PlayerCards(entry.player, entry.cards[:6] + (None,)) for entry in record.cards))
    assert audit_hand(record).verdict == "conforms"
    verdict = audit_hand(shared)
    assert verdict.verdict == "deviates"
    assert verdict.deviations[0].rule == "deck.community-card"
    assert "every player a seventh-street card" in verdict.deviations[0].expected


def test_seats_listed_out_of_order_are_seated_by_number() -> None:
    """Regression: engine seats follow the seat numbers, not the order a file lists players in
    (an OHH players list need not be sorted); reversed, the bring-in would fall on the wrong seat."""
    record = _hand(0)
    reversed_seats = replace(record, seats=tuple(reversed(record.seats)))
    before, after = audit_hand(record), audit_hand(reversed_seats)
    assert after.verdict == before.verdict == "conforms"
    assert dict(after.net_rules) == dict(before.net_rules)


def test_unseen_cards_that_cannot_change_the_payout_are_judged_by_trying_them_all() -> None:
    """A synthetic hand (seed 21, hand 267) whose showdown loser mucks: every set of three cards
    the loser could hold leaves the payout as paid, so the hand is judged, not cannot-judge;
    the same hand with another loser's cards hidden could go either way, and is not."""
    from stud8.conformance.handhistory.record import PlayerCards
    from stud8.conformance.handhistory.synth import synth_records

    *_, record = synth_records(267, 21, hide=False)

    def hide(name: str) -> HandRecord:
        cards = tuple(PlayerCards(entry.player, tuple(None if entry.player == name and slot in (0, 1, 6) else card
                                                       for slot, card in enumerate(entry.cards)))
                      for entry in record.cards)
        return replace(record, cards=cards,
                       showdown=tuple(replace(entry, shown=entry.player != name) for entry in record.showdown))

    assert audit_hand(hide("rdiezchang")).verdict == "conforms"
    winner = record.collected[0][0]
    verdict = audit_hand(hide(winner))
    assert verdict.verdict == "cannot-judge" and winner in verdict.reason


def test_damaged_records_are_unreadable_not_crashes() -> None:
    """Regressions found by mutating records: a fold before the deal, an ante on a street, and a
    hand where every player folds gave IndexErrors; they are verdicts now."""
    record = _hand(0)
    first_fold = next(i for i, a in enumerate(record.actions) if a.kind == ActionKind.FOLD)
    actions = list(record.actions)
    actions[first_fold] = actions[first_fold]._replace(street=0)
    early = audit_hand(replace(record, actions=tuple(actions)))
    assert early.verdict == "unreadable" and "before the deal" in early.reason
    late_ante = replace(record, actions=record.actions[:8] + (record.actions[0]._replace(street=4),) + record.actions[8:])
    assert audit_hand(late_ante).verdict == "unreadable"
    everyone_folds = replace(record, actions=record.actions + tuple(
        ActionRecord(6, name, ActionKind.FOLD) for name in ("rdiezchang",)))
    verdict = audit_hand(everyone_folds)
    assert verdict.verdict == "deviates" and verdict.deviations[0].rule == "actions.in-turn"


def test_stakes_of_equal_value_but_another_type_are_still_checked_by_the_engine() -> None:
    """The replay keeps one ``Stakes`` per value so the engine checks each once (speed); the
    cache is typed, so a record whose bring-in is ``1.0`` after one whose bring-in is ``1`` is
    not handed the checked integer stakes: the engine still refuses it (cannot-judge)."""
    record = _hand(0)
    assert audit_hand(record).verdict == "conforms"
    floated = replace(record, bring_in=float(record.bring_in))
    verdict = audit_hand(floated)
    assert verdict.verdict == "cannot-judge" and "the engine cannot start this hand" in verdict.reason, verdict
    assert audit_hand(record).verdict == "conforms"  # and the integer stakes are still the checked ones


def test_an_action_after_the_hand_is_over_deviates_at_its_step() -> None:
    """Regression for the replay's out-of-round path: an action the record has once the rules
    have ended the hand (p2 folded on seventh street) is actions.in-turn, at its own step."""
    record = _suite_record("betting-001")
    assert audit_hand(record).verdict == "conforms"
    late = ActionRecord(7, "p1", ActionKind.CHECK, 0, False, 31)
    verdict = audit_hand(replace(record, actions=record.actions + (late,)))
    _only(verdict, "actions.in-turn")
    first = verdict.deviations[0]
    assert (first.street, first.step, first.expected, first.line) == ("seventh", 14, "nothing: the hand is over", 31)
    assert first.recorded == "p1: check"


def test_an_action_after_the_betting_round_closed_deviates_as_the_round_closing() -> None:
    """A check on third street after p2's call closed it: the rules' betting is on fourth
    street (betting.round-closes), at the step of that check; the antes are no steps."""
    record = _suite_record("betting-001")
    extra = ActionRecord(3, "p1", ActionKind.CHECK, 0, False, 12)
    actions = record.actions[:5] + (extra,) + record.actions[5:]
    verdict = audit_hand(replace(record, actions=actions))
    _only(verdict, "betting.round-closes")
    first = verdict.deviations[0]
    assert (first.street, first.step, first.expected, first.line) == ("third", 4, "the betting is on fourth street", 12)


class _LooksLikeACard:
    """Not a ``str``, but hashes and compares as the card name it holds (what a caller's own
    card type may do)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __hash__(self) -> int:
        return hash(self.text)

    def __eq__(self, other: object) -> bool:
        return other == self.text if isinstance(other, str) else isinstance(other, _LooksLikeACard) and other.text == self.text

    def __repr__(self) -> str:
        return f"look-alike {self.text}"


def test_streets_and_cards_equal_to_the_plain_ones_get_the_same_verdict() -> None:
    """Regression for the compiled build (whose compiled modules accept only ``int`` streets and
    ``str`` cards): a record whose streets are floats (``4.0``) and whose cards are objects equal
    to card names is audited as the plain record is, on every build; a community card too."""
    from stud8.conformance.handhistory.record import PlayerCards

    for record in (_suite_record("betting-001"), _hand(0), _hand(3)):
        odd = replace(record,
                      actions=tuple(action._replace(street=float(action.street)) if action.street else action
                                    for action in record.actions),
                      cards=tuple(PlayerCards(entry.player, tuple(None if card is None else _LooksLikeACard(card)
                                                                 for card in entry.cards))
                                  for entry in record.cards))
        plain, same = audit_hand(record), audit_hand(odd)  # type: ignore[arg-type]
        assert plain.verdict in ("conforms", "deviates", "cannot-judge"), plain
        assert (same.verdict, same.deviations, same.net_rules, same.reason) == \
            (plain.verdict, plain.deviations, plain.net_rules, plain.reason)


def test_a_community_card_equal_to_a_card_name_gets_the_same_verdict() -> None:
    """The community card of a short deck given as an object equal to its name is judged as the
    name is (the compiled stacking and filling take only a str; the deviation text adds it to a
    str): every deck- scenario with a community card, both ways."""
    from stud8.conformance.handhistory.play import NotWritable, record_from_scenario
    from stud8.conformance.suite.scenarios import iter_scenarios, load_suite, packaged_scenarios_dir

    files, _ = load_suite([packaged_scenarios_dir()])
    compared = 0
    for scenario in iter_scenarios(files):
        if scenario.kind != "replay" or not scenario.id.startswith("deck-"):
            continue
        try:
            record = record_from_scenario(scenario.data, scenario.path)
        except NotWritable:
            continue
        if record.community is None:
            continue
        options = AuditOptions(scenario.data.get("profile"), tuple((scenario.data.get("options") or {}).items()))
        plain = audit_hand(record, options)
        odd = audit_hand(replace(record, community=_LooksLikeACard(record.community)), options)  # type: ignore[arg-type]
        assert (odd.verdict, odd.deviations, odd.net_rules) == (plain.verdict, plain.deviations, plain.net_rules)
        compared += 1
    assert compared >= 3
    record = _suite_record("betting-001")  # two players to seventh street: a community card deviates
    used = {card for entry in record.cards for card in entry.cards if card}
    spare = next(f"{rank}{suit}" for rank in "23456789TJQKA" for suit in "cdhs" if f"{rank}{suit}" not in used)
    from stud8.conformance.handhistory.record import PlayerCards

    six = tuple(PlayerCards(entry.player, entry.cards[:6] + (None,)) for entry in record.cards)
    plain = audit_hand(replace(record, community=spare, cards=six))
    odd = audit_hand(replace(record, community=_LooksLikeACard(spare), cards=six))  # type: ignore[arg-type]
    assert plain.deviations[0].rule == "deck.community-card"
    assert (odd.verdict, odd.deviations) == (plain.verdict, plain.deviations)

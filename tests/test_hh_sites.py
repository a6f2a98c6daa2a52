"""Every real site hand history in tests/data/site-hands/ (copied unchanged from the shared
test data; see its SOURCE.md): each hand's verdict and each player's net, recorded and by
the rules.

The expected nets are worked out by hand from the file text (what each player put in, from
the antes and actions, against what the file says each collected), never copied from the
audit's output; the arithmetic is in the comments. Amounts are in cents.

Findings (a verdict other than ``conforms``), each investigated:

* Winning Poker Network, hand 693975843: the site paid the odd cent of a split pot to the low
  half (ChazDazzle, low 7-6-4-2-A, 3.53; KickAzzJohnny, two pair, 3.52). The rules give it to
  the high half (odd-chip.high-half). A real finding about the site.
* OnGame, hand R5-78227816-62: mylonas77 called the river and did not show; his up cards 5c 2h
  Kh Qh and three unseen cards could make a low, which would take half the pot from Hero (who
  has no low). The site paid Hero the whole pot; whether it was right depends on cards nobody
  saw: cannot-judge, and correctly so.
* PartyPoker, hand 9581478205: the file records no player's up cards but the hero's, so the
  bring-in and the order of play cannot be checked: cannot-judge (the record's limit).
* Winning Poker Network, hand 693976187: the file ends after the seats (the fpdb copy was cut
  there): unreadable, and the hand before it is still read.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from stud8.conformance.handhistory.audit import AuditOptions, HandVerdict, audit_hand
from stud8.conformance.handhistory.readers import detect, open_history
from stud8.conformance.handhistory.record import HandProblem, HandRecord

DATA = Path(__file__).parent / "data" / "site-hands"


def _verdicts(relative: str) -> list[HandVerdict | HandProblem]:
    out: list[HandVerdict | HandProblem] = []
    for item in open_history(DATA / relative):
        out.append(audit_hand(item, AuditOptions()) if isinstance(item, HandRecord) else item)
    return out


def _check(verdict: HandVerdict | HandProblem, hand: str, expected: str, recorded: dict[str, int],
           rules: dict[str, int] | None, rule: str | None = None) -> None:
    assert isinstance(verdict, HandVerdict), verdict
    assert verdict.hand == hand
    assert verdict.verdict == expected, (verdict.verdict, verdict.reason, verdict.deviations)
    assert dict(verdict.net_recorded) == recorded
    assert sum(recorded.values()) == -verdict.rake  # only the rake leaves the table
    if rules is not None:
        assert dict(verdict.net_rules) == rules
    if rule is not None:
        assert [d.rule for d in verdict.deviations] == [rule], verdict.deviations


# --- PokerStars -------------------------------------------------------------------------------

# Seven hands at $0.04/$0.08, ante 0.01, bring-in 0.02 (rake in the summary).
POKERSTARS = [
    # Four antes, four 2-cent third-street entries (12); rdiezchang's sixth-street bet comes back.
    ("35874487284", {"gashpor": -3, "denny501": -3, "Hero": -3, "rdiezchang": 9}),
    # rdiezchang and 123smoothie 1+2+8+8+8 = 27, gashpor 1+2+8+8 = 19, denny501 and Soroka69 3,
    # Hero 1: pot 80; rdiezchang collects 77 (rake 3).
    ("35874523510", {"123smoothie": -27, "gashpor": -19, "denny501": -3, "Hero": -1, "Soroka69": -3,
                     "rdiezchang": 50}),
    # gashpor, rdiezchang, u.pressure 1+2+8+8 = 19, Soroka69 1+2+8 = 11, 123smoothie and Hero 3,
    # denny501 and TomSludge 1: pot 76, rake 3; high u.pressure 37, low gashpor 36.
    ("35874576282", {"u.pressure": 18, "123smoothie": -3, "gashpor": 17, "denny501": -1, "Hero": -3,
                     "TomSludge": -1, "Soroka69": -11, "rdiezchang": -19}),
    # rdiezchang and 123smoothie 1+2+4+8+8+8 = 31, denny501 1+2+4+8 = 15, Soroka69 3, four antes:
    # pot 84; rdiezchang collects 80.
    ("35874635170", {"u.pressure": -1, "123smoothie": -31, "gashpor": -1, "denny501": -15, "Hero": -1,
                     "TomSludge": -1, "Soroka69": -3, "rdiezchang": 49}),
    # gashpor and Hero 3+8+8+8 = 27, Soroka69 3+8+8 = 19, three 3s, two antes: pot 84, rake 4,
    # split 40/40.
    ("35874676388", {"u.pressure": -1, "123smoothie": -3, "gashpor": 13, "denny501": -3, "Hero": 13,
                     "TomSludge": -1, "Soroka69": -19, "rdiezchang": -3}),
    # Hero, Soroka69, LainaRahat 1+2+8+8 = 19, 123smoothie 3, four antes: pot 64; Hero collects 61.
    ("35874733203", {"u.pressure": -1, "123smoothie": -3, "gashpor": -1, "LainaRahat": -19, "Hero": 42,
                     "TomSludge": -1, "Soroka69": -19, "rdiezchang": -1}),
    # TomSludge, Soroka69, 123smoothie, gashpor 1+2+4+8+8+8 = 31, geo_441 1+2+4+8+8 = 23,
    # LainaRahat 3, two antes: pot 152; TomSludge collects 145.
    ("35874789183", {"u.pressure": -1, "123smoothie": -31, "gashpor": -31, "LainaRahat": -3, "Hero": -1,
                     "TomSludge": 114, "Soroka69": -31, "geo_441": -23}),
]


def test_pokerstars_cash_file() -> None:
    verdicts = _verdicts("pokerstars/7-StudHL-USD-0.04-0.08-200911.txt")
    assert len(verdicts) == len(POKERSTARS)
    for verdict, (hand, nets) in zip(verdicts, POKERSTARS):
        _check(verdict, hand, "conforms", nets, nets)


def test_pokerstars_card_test_file_repeats_one_hand() -> None:
    (verdict,) = _verdicts("pokerstars/7-StudHL-USD-0.04-0.08-200911.Cardtest.txt")
    hand, nets = POKERSTARS[4]
    _check(verdict, hand, "conforms", nets, nets)


# --- the other sites --------------------------------------------------------------------------

def test_full_tilt() -> None:
    # Antes 0.40. Player1 brings in 0.50; Hero completes to 2, Player5 calls; fourth street 2
    # each; Hero's fifth-street bet of 4 comes back. Hero and Player5 put in 4.40, the pot is
    # 6 x 0.40 + 0.50 + 2 + 2 + 2 + 2 = 10.90 and Hero collects it all (no rake).
    (verdict,) = _verdicts("fulltilt/7-StudHL-USD-2-4-201103.txt")
    nets = {"Player1": -90, "Hero": 650, "Player3": -40, "Player5": -440, "Player7": -40, "Player8": -40}
    _check(verdict, "29408130000", "conforms", nets, nets)


def test_full_tilt_stud_high_is_refused_hand_by_hand() -> None:
    path = DATA / "not-stud8" / "fulltilt-7-Stud-Hi-USD-2-4-201006.txt"
    problems = list(open_history(path))
    assert len(problems) == 12  # every hand of the file is reached
    for problem in problems:
        assert isinstance(problem, HandProblem) and problem.verdict == "not-stud8"
        assert "Limit Stud Hi" in problem.reason and "not Seven Card Stud Hi/Lo" in problem.reason
    first = problems[0]
    assert (first.file, first.hand_id, first.line) == (str(path), "11111111813", 1)
    assert str(first).startswith(f"{path}:1: hand 11111111813 not-stud8:")
    assert [p.line for p in problems][:3] == [1, 45, 97]  # each hand's own header line


def test_merge_xml_named_txt_is_read_from_its_content() -> None:
    # Antes 0.02; Hero brings in 0.05, Player1 calls; Hero's seventh-street bet of 0.50 is not
    # called and Merge pays it back inside the winner's 0.64: pot 0.14, each put in 0.07.
    (verdict,) = _verdicts("merge/7-StudHL-USD-0.25-0.50-201111.txt")
    nets = {"Player1": -7, "Hero": 7}
    _check(verdict, "40263637-116", "conforms", nets, nets)


def test_merge_xml() -> None:
    # Player5 and Player4 put in 2 + 25 + 50 + 50 + 50 = 177; Player3 2 + 5 + 20 + 50 = 77;
    # four antes of 2: pot 439. Player5 (three fours) is paid 4.23; nobody has a low; Merge
    # states no rake, so the rake is the 16 not paid out.
    (verdict,) = _verdicts("merge/7-StudHL-USD-0.25-0.50-201307.xml")
    nets = {"Player1": -2, "Player2": -2, "Player3": -77, "Player4": -177, "Player5": 246, "Player6": -2, "Hero": -2}
    _check(verdict, "70969727-130", "conforms", nets, nets)
    assert verdict.rake == 16


def test_merge_no_limit_is_refused() -> None:
    (problem,) = list(open_history(DATA / "not-stud8" / "merge-NL7-StudHL-0.01-0.02-0.10-201204.xml"))
    assert isinstance(problem, HandProblem)
    assert (problem.verdict, problem.hand_id, problem.line) == ("not-stud8", "53828643-2", 2)
    assert "No Limit" in problem.reason and "fixed limit" in problem.reason


def test_americas_cardroom_side_pot_rake_and_jackpot_fee() -> None:
    # Antes 0.02 x 8. cleaver52 brings in 0.05 and folds. AzRic, fuggins, KickShorty, brady888
    # put in 0.02 + 0.40 + 0.40 + 0.40 + 0.60 = 1.82; MasterChief24 is all in for 1.67. Main
    # pot 0.16 + 0.05 + 5 x 1.62 = 8.46, less 0.08 rake and 0.02 jackpot fee = 8.36, halved:
    # 4.18 each to KickShorty (three tens, high) and AzRic (8-7-5-3-2, the only low). Side pot
    # 4 x 0.15 = 0.60, 0.30 each. AzRic and KickShorty: 4.48 - 1.82 = +2.66.
    (verdict,) = _verdicts("acr/7Stud-HL-USD-0.10-0.20-202310.txt")
    nets = {"AzRic": 266, "BlueLineSwinger": -2, "MasterChief24": -167, "Plutarsch": -2, "cleaver52": -7,
            "fuggins": -182, "KickShorty": 266, "brady888": -182}
    _check(verdict, "1903647457", "conforms", nets, nets)
    assert (verdict.pot, verdict.rake) == (906, 10)


def test_winning_utf16_odd_cent_to_the_low_half_is_a_finding() -> None:
    # Antes 0.15 x 3. ChazDazzle brings in 0.40, KickAzzJohnny calls; fourth street 1 each;
    # seventh 2 each: each put in 3.55, Diamonds4ever 0.15; pot 7.25, rake 0.14 and jackpot
    # fee 0.06 leave 7.05. KickAzzJohnny (two pair) wins high, ChazDazzle (7-6-4-2-A) low:
    # the rules give the odd cent to the high half (3.53 / 3.52); the site paid it to the low.
    verdicts = _verdicts("winning/7-Stud-HL-8max-USD-1.00-2.00-201608.txt")
    assert len(verdicts) == 2
    _check(verdicts[0], "693975843", "deviates",
           {"Diamonds4ever": -15, "ChazDazzle": -2, "KickAzzJohnny": -3},
           {"Diamonds4ever": -15, "ChazDazzle": -3, "KickAzzJohnny": -2}, "odd-chip.high-half")
    damaged = verdicts[1]
    assert isinstance(damaged, HandProblem)
    assert (damaged.verdict, damaged.hand_id) == ("unreadable", "693976187")
    assert damaged.line > 1 and "cut short" in damaged.reason


def test_kings_club() -> None:
    # Dollars (40/80, ante 10). Player0 brings in 10, Hero completes to 40, Player0 calls to 40;
    # then 40, 80, 80, 80 each: each put in 10 + 40 + 40 + 80 + 80 + 80 = 330. Pot 660, rake 1:
    # Player0 (two pair, no low on the table) wins 659.
    (verdict,) = _verdicts("kingsclub/7-StudHL-USD-40-80-202101.txt")
    nets = {"Player0": 32900, "Hero": -33000}
    _check(verdict, "39969428", "conforms", nets, nets)


def test_winamax() -> None:
    # Euros (ante 5, 25/50). Hero brings in 10, Player0 calls; 25 and 50 each; Player0's
    # seventh-street 50 is not called (Winamax counts it in "Total pot 228€" and pays it back
    # as part of the pot). Each put in 90 that was matched; pot 180, rake 2: Player0 +88.
    (verdict,) = _verdicts("winamax/7-StudHL-6max-EUR-25-50-201611.txt")
    nets = {"Hero": -9000, "Player0": 8800}
    _check(verdict, "9250793-554-1478991850", "conforms", nets, nets)


def test_ongame_mucked_hand_that_could_hold_the_low_cannot_be_judged() -> None:
    # Antes 0.05 x 8. Hero brings in 0.12 and mylonas77 calls; 0.25 each; fifth street mylonas77
    # bets 0.50 and Hero raises to 1, called; 0.50 and 0.50: each put in 0.05 + 0.12 + 0.25 +
    # 1 + 0.50 + 0.50 = 2.42. Pot 5.14, rake 0.25: Hero collects 4.89, +2.47.
    (verdict,) = _verdicts("ongame/7-StudHL-USD-0.25-0.50-201008.txt")
    nets = {"Hero": 247, "boneos56": -5, "grumset2007": -5, "mylonas77": -242, "YMAN1": -5, "Lee Clayton": -5,
            "guggi_cool": -5, "HangEv": -5}
    _check(verdict, "R5-78227816-62", "cannot-judge", nets, None)
    assert "mylonas77" in verdict.reason


def test_absolute() -> None:
    # Antes 0.01 x 7. PLAYER7 brings in 0.01, three call; fifth and sixth street 0.04 each from
    # four players: PLAYER1, 3, 6, 7 put in 0.10. Pot 0.43, rake 0.04, 0.39 left: high
    # PLAYER6 (two pair, kings) 0.20 with the odd cent, low PLAYER3 (8-6-5-3-A) 0.19.
    (verdict,) = _verdicts("absolute/7-StudHL-USD-0.02-0.04-200903.txt")
    nets = {"PLAYER1": -10, "PLAYER2": -1, "PLAYER3": 9, "Hero": -1, "PLAYER5": -1, "PLAYER6": 10, "PLAYER7": -10}
    _check(verdict, "1300000000", "conforms", nets, nets)


def test_bovada() -> None:
    # Antes 0.05 x 7. Seat+1 (2s, the low card) completes to 0.25; Seat+4 and Seat+5 call;
    # 0.25 each on fourth; Seat+1 and Seat+4 0.50 on fifth, sixth, seventh: they put in 2.05,
    # Seat+5 0.55. Pot 4.85, rake 0.20, 4.65 left: high Seat+4 (queens) 2.33, low Seat+1
    # (6-4-3-2-A) 2.32.
    (verdict,) = _verdicts("bovada/7-StudHL-USD-0.25-0.50-201209.txt")
    nets = {"Seat+1": 27, "Seat+2": -5, "Seat+3": -5, "Seat+4": 28, "Seat+5": -55, "Seat+6": -5, "Seat+8": -5}
    _check(verdict, "2633952287", "conforms", nets, nets)


IPOKER = [
    # Each put in 0.41 (the players' own "bet"); Hero (two pair, 8-7-5-4-A) scoops 0.79.
    ("5710054735", {"Player0": -41, "Hero": 38}),
    # Each put in 0.59 (Player0 all in on seventh street for 0.11); Hero's full house scoops 1.14.
    ("5710056302", {"Player0": -59, "Hero": 55}),
    # Player0 brings in 0.02 and Hero folds: Player0 takes the two antes.
    ("5710077134", {"Player0": 1, "Hero": -1}),
    # Each put in 0.38; Hero's two pair scoops 0.73 (nobody has a low).
    ("5710078165", {"Player0": -38, "Hero": 35}),
    # Player0 completes to 0.05, Hero calls, then folds to Player0's fourth-street bet (given
    # back inside "win"): Hero -0.06.
    ("5710079903", {"Player0": 6, "Hero": -6}),
]


def test_ipoker_session() -> None:
    verdicts = _verdicts("ipoker/7-StudHL-EUR-0.05-0.10-201405.xml")
    assert len(verdicts) == len(IPOKER)
    for verdict, (hand, nets) in zip(verdicts, IPOKER):
        _check(verdict, hand, "conforms", nets, nets)


def test_partypoker_without_up_cards_cannot_be_judged() -> None:
    # Antes 0.05 x 7. YMAN1 brings in 0.25 and calls 0.25 more, then folds; PPPPPositive and
    # strandalleen put in 0.05 + 0.50 + 0.50 + 1 + 1 + 1 = 4.05. PPPPPositive wins 8.45 of the
    # 8.85 pot: +4.40.
    (verdict,) = _verdicts("partypoker/7-StudHL-USD-0.50-1.00-201008.txt")
    nets = {"tubby09": -5, "strandalleen": -405, "Hero": -5, "ISqzUSqueal": -5, "YMAN1": -55,
            "PPPPPositive": 440, "Unladylike": -5}
    _check(verdict, "9581478205", "cannot-judge", nets, None)
    assert "up card" in verdict.reason


# --- detection -------------------------------------------------------------------------------

@pytest.mark.parametrize("relative, reader", [
    ("pokerstars/7-StudHL-USD-0.04-0.08-200911.txt", "pokerstars"),
    ("fulltilt/7-StudHL-USD-2-4-201103.txt", "fulltilt"),
    ("not-stud8/fulltilt-7-Stud-Hi-USD-2-4-201006.txt", "fulltilt"),
    ("merge/7-StudHL-USD-0.25-0.50-201111.txt", "merge"),
    ("merge/7-StudHL-USD-0.25-0.50-201307.xml", "merge"),
    ("not-stud8/merge-NL7-StudHL-0.01-0.02-0.10-201204.xml", "merge"),
    ("acr/7Stud-HL-USD-0.10-0.20-202310.txt", "acr"),
    ("winning/7-Stud-HL-8max-USD-1.00-2.00-201608.txt", "winning"),
    ("kingsclub/7-StudHL-USD-40-80-202101.txt", "kingsclub"),
    ("winamax/7-StudHL-6max-EUR-25-50-201611.txt", "winamax"),
    ("ongame/7-StudHL-USD-0.25-0.50-201008.txt", "ongame"),
    ("absolute/7-StudHL-USD-0.02-0.04-200903.txt", "absolute"),
    ("bovada/7-StudHL-USD-0.25-0.50-201209.txt", "bovada"),
    ("ipoker/7-StudHL-EUR-0.05-0.10-201405.xml", "ipoker"),
    ("partypoker/7-StudHL-USD-0.50-1.00-201008.txt", "partypoker"),
])
def test_each_file_is_detected_by_one_reader_from_its_content(relative: str, reader: str) -> None:
    from stud8.conformance.handhistory.readers import detect_encoding, readers

    raw = (DATA / relative).read_bytes()
    head = raw.decode(detect_encoding(raw[:32768]), errors="replace")[:16384]
    chosen = detect(head)
    assert chosen is not None and chosen.name == reader
    assert [r.name for r in readers() if r.sniff(head)] == [reader]  # no other reader claims it


@pytest.mark.parametrize("head, name", [
    ("#Game No : 1\n***** 888poker Hand History for Game 1 *****\n", "888poker"),
    ("Poker Hand #HD12345: Hold'em No Limit ($0.01/$0.02) - 2023/01/01 00:00:00\n", "GGPoker"),
    ("Everleaf Gaming Game #123\n", "Everleaf"),
])
def test_formats_not_read_are_named(tmp_path: Path, head: str, name: str) -> None:
    path = tmp_path / "history.txt"
    path.write_text(head)
    (problem,) = list(open_history(path))
    assert isinstance(problem, HandProblem) and problem.verdict == "unreadable"
    assert name in problem.reason and "does not read" in problem.reason


# --- the real hands in the suite ---------------------------------------------------------------

def test_every_conforming_real_hand_is_a_replay_scenario_with_the_recorded_nets() -> None:
    """conformance/scenarios/real/site-hands.yaml holds exactly the conforming hands (the
    Cardtest file repeats a PokerStars hand and is left out), each with the recorded stacks: its
    outcome less its stacks is the recorded net the tests above work out by hand."""
    import yaml

    suite = Path(__file__).parent.parent / "conformance" / "scenarios" / "real" / "site-hands.yaml"
    scenarios = yaml.safe_load(suite.read_text())["scenarios"]
    by_hand = {scenario["source"].split(",")[0].rsplit(" hand ", 1)[1]: scenario for scenario in scenarios}
    conforming = {}
    for path in sorted(DATA.rglob("*")):
        if path.is_file() and path.suffix in (".txt", ".xml") and "Cardtest" not in path.name:
            for item in open_history(path):
                if isinstance(item, HandRecord):
                    verdict = audit_hand(item, AuditOptions())
                    if verdict.verdict == "conforms":
                        conforming[item.hand_id] = dict(verdict.net_recorded)
    assert len(conforming) == 20 and set(by_hand) == set(conforming)
    for hand, nets in conforming.items():
        scenario = by_hand[hand]
        assert [end - start for start, end in zip(scenario["stacks"], scenario["outcome"]["stacks"])] \
            == list(nets.values()), hand
        assert scenario["id"].startswith("real-site-")


def test_the_whole_folder_audited_by_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    """``stud8 hh audit`` over the folder: every file, each format from its content (SOURCE.md
    is the folder's note, not a history: listed as skipped, not judged)."""
    import json

    from stud8.tools.cli import main

    assert main(["hh", "audit", str(DATA), "--format", "json", "--jobs", "1", "--no-progress"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["summary"] == {"conforms": 21, "deviates": 1, "cannot-judge": 2, "not-stud8": 13, "unreadable": 1}
    assert report["skipped"] == [{"file": str(DATA / "SOURCE.md"), "reason": "not a hand history of any format stud8 knows"}]
    assert report["by_rule"] == {"odd-chip.high-half": 1}
    assert all(hand["site"] for hand in report["hands"])
    assert {hand["site"] for hand in report["hands"] if hand["verdict"] == "conforms"} == {
        "PokerStars", "Full Tilt Poker", "Merge Network", "Americas Cardroom", "Kings Club", "Winamax",
        "Absolute Poker", "Bovada", "iPoker"}

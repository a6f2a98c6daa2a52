"""Unit tests of one betting round (stud8.reference.betting), driven without the dealing.

A round is set up on a ``Table`` of stacks; seats are 0-based here. Each test names the rule it
pins down; the chip arithmetic is in the comments.
"""

from __future__ import annotations

from stud8.reference.betting import FORCED, NORMAL, OPEN, BettingRound, Limits, Table

BET = 20  # the small bet of these rounds; bring-in 10, big bet 40


def make_round(stacks: list[int], *, first: int = 0, bet: int = BET, phase: str = NORMAL, third: bool = False,
               bring_in: int = 10, raise_cap: int = 3, heads_up: str = "unlimited_until_capped",
               open_pair: bool = False) -> BettingRound:
    table = Table(stacks)
    live = sum(1 for stack in stacks if stack > 0)
    betting = BettingRound(table, Limits(bring_in, 40, raise_cap, heads_up), bet, first, live, phase,
                           open_pair=open_pair)
    assert betting.third == third  # third street is the one that opens with the bring-in (or an opener)
    return betting


def act(betting: BettingRound, *moves: str) -> None:
    """Apply moves for whoever is in turn, checking each is legal first."""
    for move in moves:
        kind, _, amount = move.partition(" ")
        key = (kind, int(amount) if amount else None)
        assert betting.refusal(*key) is None, (move, legal(betting))
        betting.apply(*key)


def legal(betting: BettingRound) -> list[str]:
    return list(betting.moves)


def code(betting: BettingRound, move: str) -> str | None:
    kind, _, amount = move.partition(" ")
    error = betting.refusal(kind, int(amount) if amount else None)
    return None if error is None else error.code


# --- betting.actions, betting.round-closes -------------------------------------------------


def test_check_around_closes_the_round() -> None:
    betting = make_round([100, 100, 100])
    assert legal(betting) == ["f", "cc", "cbr 20"]
    act(betting, "cc", "cc")
    assert not betting.closed and betting.to_act == 2
    act(betting, "cc")
    assert betting.closed and betting.to_act is None


def test_bet_call_call() -> None:
    betting = make_round([100, 100, 100])
    act(betting, "cbr 20")
    assert betting.to_act == 1 and legal(betting) == ["f", "cc", "cbr 40"]
    act(betting, "cc", "cc")
    assert betting.closed
    assert betting.table.committed == [20, 20, 20]
    assert betting.table.stacks == [80, 80, 80]


def test_fold_is_accepted_even_when_checking_is_free() -> None:
    betting = make_round([100, 100, 100])
    act(betting, "f")
    assert betting.table.folded == [True, False, False]
    assert betting.to_act == 1


def test_pb_is_refused_off_third_street() -> None:
    betting = make_round([100, 100])
    assert code(betting, "pb") == "not-allowed"


def test_wrong_amount() -> None:
    betting = make_round([100, 100])
    assert code(betting, "cbr 30") == "wrong-amount"
    assert code(betting, "cbr 0") == "wrong-amount"
    act(betting, "cbr 20")
    assert code(betting, "cbr 20") == "wrong-amount"  # a raise goes to 40


def test_raise_after_a_call_round_trips() -> None:
    # seat 0 bets 20, seat 1 raises to 40, seat 2 calls 40: seat 0 must act again (owes 20)
    betting = make_round([100, 100, 100])
    act(betting, "cbr 20", "cbr 40", "cc")
    assert betting.to_act == 0 and legal(betting) == ["f", "cc", "cbr 60"]
    act(betting, "cc")
    assert betting.closed and betting.table.committed == [40, 40, 40]


# --- betting.raise-cap, betting.heads-up --------------------------------------------------


def test_a_bet_and_three_raises() -> None:
    betting = make_round([500] * 4)
    act(betting, "cbr 20", "cbr 40", "cbr 60", "cbr 80")  # 1 bet + 3 raises = capped
    assert legal(betting) == ["f", "cc"]
    assert code(betting, "cbr 100") == "cap-reached"


def test_raise_cap_option() -> None:
    betting = make_round([500] * 4, raise_cap=4)
    act(betting, "cbr 20", "cbr 40", "cbr 60", "cbr 80")
    assert legal(betting) == ["f", "cc", "cbr 100"]
    act(betting, "cbr 100")
    assert code(betting, "cbr 120") == "cap-reached"


def test_heads_up_is_unlimited_by_default() -> None:
    betting = make_round([500, 500])
    act(betting, "cbr 20", "cbr 40", "cbr 60", "cbr 80", "cbr 100")
    assert legal(betting) == ["f", "cc", "cbr 120"]


def test_a_round_capped_three_handed_stays_capped() -> None:
    betting = make_round([500, 500, 500])
    act(betting, "cbr 20", "cbr 40", "cbr 60", "cbr 80")  # capped with three in
    act(betting, "f")  # seat 1 folds: two left, but the round stays capped
    assert betting.to_act == 2 and legal(betting) == ["f", "cc"]


def test_becoming_heads_up_before_the_cap_lifts_it() -> None:
    # seat 1 folds early; seats 0 and 2 raise on: four full bets reached with two in -> no cap
    betting = make_round([500, 500, 500])
    act(betting, "cbr 20", "f", "cbr 40", "cbr 60", "cbr 80")
    assert betting.to_act == 0 and legal(betting) == ["f", "cc", "cbr 100"]


def test_unlimited_only_if_the_round_starts_heads_up() -> None:
    betting = make_round([500, 500, 500], heads_up="unlimited_if_round_starts_heads_up")
    act(betting, "cbr 20", "f", "cbr 40", "cbr 60", "cbr 80")
    assert legal(betting) == ["f", "cc"]  # started three-handed: the cap applies
    betting = make_round([500, 500], heads_up="unlimited_if_round_starts_heads_up")
    act(betting, "cbr 20", "cbr 40", "cbr 60", "cbr 80")
    assert legal(betting) == ["f", "cc", "cbr 100"]


def test_always_capped() -> None:
    betting = make_round([500, 500], heads_up="capped")
    act(betting, "cbr 20", "cbr 40", "cbr 60", "cbr 80")
    assert legal(betting) == ["f", "cc"]
    assert code(betting, "cbr 100") == "cap-reached"


def test_capped_player_short_of_a_call_can_only_call_all_in() -> None:
    betting = make_round([500, 500, 500, 500, 50])
    act(betting, "cbr 20", "cbr 40", "cbr 60", "cbr 80")
    assert betting.to_act == 4 and legal(betting) == ["f", "cc"]
    act(betting, "cc")  # all-in for 50 < 80
    assert betting.table.stacks[4] == 0 and betting.table.committed[4] == 50
    act(betting, "cc", "cc", "cc")  # seats 0, 1, 2 call 80
    assert betting.closed


# --- betting.all-in, betting.short-all-in ------------------------------------------------


def test_all_in_for_less_than_the_bet_is_offered() -> None:
    # seat 1 has 15: it cannot bet 20, so it may bet all-in 15
    betting = make_round([100, 15, 100])
    act(betting, "cc")
    assert legal(betting) == ["f", "cc", "cbr 15"]


def test_no_raise_when_the_stack_only_covers_a_call() -> None:
    betting = make_round([100, 20, 100])
    act(betting, "cbr 20")
    assert legal(betting) == ["f", "cc"]  # 20 left: calling puts it all in
    assert code(betting, "cbr 20") == "not-allowed"


def test_short_all_in_does_not_reopen() -> None:
    # seat 0 bets 20; seat 1 all-in to 25: 2 x (25 - 20) = 10 < 20: short. Level 25.
    betting = make_round([100, 25, 100])
    act(betting, "cbr 20", "cbr 25")
    # seat 2 has not acted: it may call 25 or raise to one bet above the full level, 40
    assert betting.to_act == 2 and legal(betting) == ["f", "cc", "cbr 40"]
    act(betting, "cc")
    # seat 0 acted before the short all-in: call 5 more or fold, no raise
    assert betting.to_act == 0 and legal(betting) == ["f", "cc"]
    assert code(betting, "cbr 40") == "not-allowed"
    act(betting, "cc")
    assert betting.closed and betting.table.committed == [25, 25, 25]


def test_half_a_bet_all_in_is_a_full_raise() -> None:
    # seat 0 bets 20; seat 1 all-in to 30: 2 x (30 - 20) = 20 >= 20 -> full; next raise to 50
    betting = make_round([100, 30, 100])
    act(betting, "cbr 20", "cbr 30", "cc")
    assert betting.to_act == 0 and legal(betting) == ["f", "cc", "cbr 50"]  # reopened for seat 0


def test_all_in_bet_on_an_unopened_street() -> None:
    # nobody has bet: seat 0 all-in for 8: 2 x 8 = 16 < 20 -> short: level 8; the next bet
    # "completes" to 0 + 20 = 20
    betting = make_round([8, 100, 100])
    act(betting, "cbr 8")
    assert legal(betting) == ["f", "cc", "cbr 20"]
    # all-in for 10 would have been full (2 x 10 = 20): the next raise then goes to 30
    betting = make_round([10, 100, 100])
    act(betting, "cbr 10")
    assert legal(betting) == ["f", "cc", "cbr 30"]


def test_short_all_in_counts_nothing_toward_the_cap() -> None:
    # 20, 40, 60 (three full), short all-in to 65: not a full raise -> 80 still allowed
    betting = make_round([500, 500, 500, 65, 500])
    act(betting, "cbr 20", "cbr 40", "cbr 60", "cbr 65")
    assert betting.to_act == 4 and legal(betting) == ["f", "cc", "cbr 80"]
    act(betting, "cbr 80")  # the fourth full bet: capped
    assert legal(betting) == ["f", "cc"]


def test_no_raise_when_everyone_else_is_all_in() -> None:
    # seat 1 all-in for 15 on a bet of 20; seat 0 has acted, seat 2 folded: seat 0 calls or folds
    betting = make_round([100, 15, 100])
    act(betting, "cbr 20", "cc", "f")
    assert betting.closed  # seat 1 is all-in, seat 0 matched the level
    # a player facing an all-in with nobody else left may call but not raise
    betting = make_round([15, 100])
    act(betting, "cbr 15")
    assert legal(betting) == ["f", "cc"]


# --- third street: bring-in.* ------------------------------------------------------------


def third_round(stacks: list[int], first: int = 0, *, phase: str = FORCED, bring_in: int = 10) -> BettingRound:
    return make_round(stacks, first=first, phase=phase, third=True, bring_in=bring_in)


def test_bring_in_posts_or_completes() -> None:
    betting = third_round([100, 100, 100])
    assert legal(betting) == ["pb", "cbr 20"]
    assert code(betting, "f") == "not-allowed"
    assert code(betting, "cc") == "not-allowed"
    assert code(betting, "cbr 15") == "wrong-amount"
    act(betting, "pb")
    assert betting.level == 10 and betting.table.committed == [10, 0, 0]
    assert legal(betting) == ["f", "cc", "cbr 20"]
    assert code(betting, "pb") == "not-allowed"


def test_bring_in_has_no_option() -> None:
    betting = third_round([100, 100, 100])
    act(betting, "pb", "cc", "cc")
    assert betting.closed  # back at the bring-in: no further action


def test_completion_is_the_opening_bet() -> None:
    # pb 10, complete 20, then raise_cap = 3 raises: 40, 60, 80
    betting = third_round([500] * 5)
    act(betting, "pb", "cbr 20", "cbr 40", "cbr 60", "cbr 80")
    assert betting.full_events == 4
    assert legal(betting) == ["f", "cc"]


def test_bring_in_may_complete_directly() -> None:
    betting = third_round([100, 100])
    act(betting, "cbr 20")
    assert legal(betting) == ["f", "cc", "cbr 40"]


def test_bring_in_equal_to_the_small_bet_is_the_opening_bet() -> None:
    betting = third_round([100, 100, 100], bring_in=20)
    assert legal(betting) == ["pb"]
    assert code(betting, "cbr 20") == "not-allowed"
    act(betting, "pb")
    assert legal(betting) == ["f", "cc", "cbr 40"]
    assert betting.full_events == 1


def test_short_bring_in_is_all_in_and_still_a_full_bring_in() -> None:
    # bring-in.short-stack: seat 0 has 7 < 10: pb puts in 7; the others still face 10
    betting = third_round([7, 100, 100])
    assert legal(betting) == ["pb"]
    act(betting, "pb")
    assert betting.table.committed[0] == 7 and betting.table.stacks[0] == 0
    assert betting.level == 10 and legal(betting) == ["f", "cc", "cbr 20"]
    act(betting, "cc", "cc")
    assert betting.closed and betting.table.committed == [7, 10, 10]


def test_bring_in_between_bring_in_and_small_bet_may_complete_all_in() -> None:
    # 15 after the ante: pb 10 or all-in 15; 2 x 15 = 30 >= 20: a full completion, next raise 35
    betting = third_round([15, 100, 100])
    assert legal(betting) == ["pb", "cbr 15"]
    act(betting, "cbr 15")
    assert legal(betting) == ["f", "cc", "cbr 35"]


def test_short_all_in_below_half_is_no_completion() -> None:
    # bring-in.short-all-in-completion: bring-in 2, small bet 10. Seat 1 all-in to 4: 2 x 4 < 10.
    betting = make_round([50, 4, 50, 50], bet=10, phase=FORCED, third=True, bring_in=2)
    act(betting, "pb", "cbr 4")
    assert legal(betting) == ["f", "cc", "cbr 10"]
    act(betting, "cc", "cc")
    # back to the bring-in: nobody completed, so it may still complete
    assert betting.to_act == 0 and legal(betting) == ["f", "cc", "cbr 10"]
    act(betting, "cbr 10")
    assert legal(betting) == ["f", "cc", "cbr 20"]


def test_opener_when_the_low_card_is_all_in_on_the_ante() -> None:
    # bring-in.all-in-on-ante: seat 0 (the low card) has 0 chips; seat 1 opens: f, pb or complete
    betting = make_round([0, 100, 100], first=1, phase=OPEN, third=True)
    assert legal(betting) == ["f", "pb", "cbr 20"]
    assert code(betting, "cc") == "not-allowed"
    act(betting, "f")
    # seat 2 is the only one left who can bet and owes nothing: no betting (deal.run-out)
    assert betting.closed


def test_opener_choice_passes_on_until_chips_go_in() -> None:
    betting = make_round([0, 100, 100, 100], first=1, phase=OPEN, third=True)
    act(betting, "f")
    assert betting.to_act == 2 and legal(betting) == ["f", "pb", "cbr 20"]
    act(betting, "pb")
    assert legal(betting) == ["f", "cc", "cbr 20"]
    act(betting, "cc")
    assert betting.closed  # back at the player who posted: no option


# --- betting.fourth-street-open-pair -----------------------------------------------------


def test_open_pair_offers_small_and_big() -> None:
    betting = make_round([500, 500, 500], open_pair=True)
    assert legal(betting) == ["f", "cc", "cbr 20", "cbr 40"]
    act(betting, "cbr 20")
    assert legal(betting) == ["f", "cc", "cbr 40", "cbr 60"]
    act(betting, "cbr 60")  # a big raise: big bets from now on
    assert legal(betting) == ["f", "cc", "cbr 100"]


def test_open_pair_all_in_between_the_two_sizes() -> None:
    # seat 1 has 30: it may bet the small 20, or all-in 30 in place of the big 40
    betting = make_round([500, 30, 500], open_pair=True)
    act(betting, "cc")
    assert legal(betting) == ["f", "cc", "cbr 20", "cbr 30"]

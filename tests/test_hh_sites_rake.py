"""Replays of recorded site hands pay each pot less the site's rake to the engine's winners
(conformance/suite/rake.py): halves, ties, side pots, and a pot without rake left alone."""

from __future__ import annotations

from stud8.conformance.suite.rake import raked_stacks


def test_a_split_pot_pays_the_odd_chip_of_the_raked_pot_to_the_high_half() -> None:
    # 846 less 10 = 836: 418 each (Americas Cardroom 1903647457's main pot); the side pot of 60
    # has no rake and stays as the engine paid it.
    result = {"stacks": [1718, 469, 0, 360, 869, 618, 794, 230],
              "pots": [{"amount": 846, "eligible": [1, 3, 6, 7, 8], "high": {7: 423}, "low": {1: 423}},
                       {"amount": 60, "eligible": [1, 6, 7, 8], "high": {7: 30}, "low": {1: 30}}]}
    assert raked_stacks(result, {"pots": [10, 0], "fees": 2}) == [1713, 469, 0, 360, 869, 618, 789, 230]


def test_an_odd_raked_pot_gives_the_high_half_the_odd_chip() -> None:
    # 725 less 20 = 705: 353 high (seat 3), 352 low (seat 2).
    result = {"stacks": [1805, 1008, 2652], "pots": [{"amount": 725, "eligible": [2, 3],
                                                      "high": {3: 363}, "low": {2: 362}}]}
    assert raked_stacks(result, {"pots": [20]}) == [1805, 998, 2642]


def test_tied_winners_share_and_the_engine_s_favoured_winner_keeps_the_odd_chip() -> None:
    # A whole pot of 101 split by two (the engine gave seat 2 the odd chip); less 4 rake: 97,
    # 49 to seat 2 (paid more by the engine), 48 to seat 1. Keys as JSON gives them (strings).
    result = {"stacks": [50, 51, 0], "pots": [{"amount": 101, "eligible": [1, 2], "high": {"1": 50, "2": 51},
                                              "low": None}]}
    assert raked_stacks(result, {"pots": [4]}) == [48, 49, 0]


def test_no_rake_changes_nothing() -> None:
    result = {"stacks": [10, 20], "pots": [{"amount": 30, "eligible": [1, 2], "high": {2: 30}, "low": None}]}
    assert raked_stacks(result, {"pots": [0]}) == [10, 20]
    assert raked_stacks(result, {}) == [10, 20]

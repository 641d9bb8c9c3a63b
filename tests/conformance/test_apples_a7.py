"""Rule book A7 (scoring a round): card values, pairs, triples and fours, the target card's
bonuses, both worked examples of the source, negative scores and running totals. Each round is
played out from a stacked deck (:func:`apples_helpers.play_round`)."""

from __future__ import annotations

import pytest
from apples_helpers import apples, cs, play_round
from hypothesis import given, settings
from hypothesis import strategies as st

from trickcore import Card, Rank
from trickcore_apples import PACK, Phase, groups, points, value

# The source's first example: 3 3 4 6 9 9 10(target) J J J Q A A -> -15 + 5 + 20 + 15 = 25.
EXAMPLE_25 = [
    {1: "AS", 0: "JS", 2: "9S", 3: "3S"},
    {1: "AH", 0: "JH", 2: "9H", 3: "3H"},
    {1: "QD", 0: "JD", 2: "6D", 3: "4D"},
]
# The second: three 4s (the target a 4) and two 10s -> 40 + 10 = 50.
EXAMPLE_50 = [
    {2: "TS", 0: "6S", 1: "4S", 3: "3S"},
    {2: "TH", 0: "9H", 1: "5H", 3: "4H"},
]


def test_card_values() -> None:
    """A7: 2-5 are -15, 6-9 are 5, 10-K are 10, A is 15."""
    expected = {"2": -15, "5": -15, "6": 5, "9": 5, "T": 10, "K": 10, "A": 15}
    for rank, v in expected.items():
        assert value(Card(rank + "S")) == v


def test_first_worked_example_scores_25_in_a_played_round() -> None:
    game = apples(dealer=3)
    # seat 1's targets set aside: 10 of clubs; the others one card of each other suit
    state = play_round(
        game, EXAMPLE_25, {1: "TC", 0: "2S", 2: "2H", 3: "2D"}, watched=1, declarer=0
    )
    result = state.last_round
    assert result is not None and state.phase is Phase.DEAL
    seat = result.seats[1]
    assert sorted(c.index for c in seat.winnings) == sorted(
        c.index for c in cs("AS JS 9S 3S AH JH 9H 3H QD JD 6D 4D")
    )
    assert seat.target == Card("TC")
    assert seat.points == 25
    scoring = {(g.rank, g.count): g.points for g in seat.groups if g.count > 1}
    assert scoring == {
        (Rank.THREE, 2): -15,
        (Rank.NINE, 2): 5,
        (Rank.JACK, 3): 20,
        (Rank.ACE, 2): 15,
    }
    assert state.scores[1] == 25  # added to the running total


def test_second_worked_example_scores_50_in_a_played_round() -> None:
    game = apples(dealer=3)
    state = play_round(
        game, EXAMPLE_50, {2: "4C", 0: "2S", 1: "2H", 3: "2D"}, watched=2, declarer=1
    )
    assert state.last_round is not None
    seat = state.last_round.seats[2]
    assert seat.points == 50
    triple = next(g for g in seat.groups if g.rank is Rank.FOUR)
    assert (triple.count, triple.points, triple.target_bonus) == (3, 40, True)


@pytest.mark.parametrize(
    ("tricks", "target", "expected", "bonus_rank"),
    [
        # a triple of the target's rank: 40 (not 2 x 10)
        (
            [{0: "KS", 1: "8S", 2: "6S", 3: "4S"}, {0: "KH", 1: "9H", 2: "7H", 3: "5H"}],
            "KD",
            40,
            Rank.KING,
        ),
        # four of the target's rank: 80 (not 4 x 10)
        (
            [
                {0: "KS", 1: "8S", 2: "6S", 3: "4S"},
                {0: "KH", 1: "9H", 2: "7H", 3: "5H"},
                {0: "KC", 1: "TC", 2: "3C", 3: "2C"},
            ],
            "KD",
            80,
            Rank.KING,
        ),
        # a triple of a negative rank with that rank as target: +40, not -30
        (
            [{0: "AS", 1: "3S", 2: "7S", 3: "4S"}, {0: "AH", 1: "3H", 2: "8H", 3: "5H"}],
            "3D",
            15 + 40,
            Rank.THREE,
        ),
        # four of a negative rank as target: +80, not -60
        (
            [
                {0: "AS", 1: "3S", 2: "7S", 3: "4S"},
                {0: "AH", 1: "3H", 2: "8H", 3: "5H"},
                {0: "AC", 1: "3C", 2: "9C", 3: "6C"},
            ],
            "3D",
            2 * 15 + 80,  # three aces (2 x 15) and four 3s (80)
            Rank.THREE,
        ),
    ],
    ids=["triple-40", "four-80", "negative-triple-40", "negative-four-80"],
)
def test_target_bonuses(
    tricks: list[dict[int, str]], target: str, expected: int, bonus_rank: Rank
) -> None:
    game = apples(dealer=3)
    # one target of each suit: the named tricks leave whole tricks of every suit to fill
    state = play_round(game, tricks, {0: target, 1: "2S", 2: "2H", 3: "QC"}, watched=0)
    assert state.last_round is not None
    seat = state.last_round.seats[0]
    assert seat.points == expected
    bonus = next(g for g in seat.groups if g.rank is bonus_rank)
    assert bonus.target_bonus and bonus.points == {3: 40, 4: 80}[bonus.count]


def test_a_pair_of_the_target_rank_scores_normally() -> None:
    """A7: a pair of the target's rank scores v (here a pair of 5s: -15)."""
    assert points(cs("5S 9H"), Card("5D")) == -15
    assert points(cs("5S 5H"), Card("5D")) == 40  # three of them: the bonus


def test_groups_singles_score_nothing_and_scores_may_be_negative() -> None:
    found = groups(cs("2S 2H 3S 3H KS"), Card("AD"))
    assert points(cs("2S 2H 3S 3H KS"), Card("AD")) == -30
    assert {g.rank: g.points for g in found}[Rank.KING] == 0


@settings(max_examples=300, deadline=None)
@given(st.permutations(PACK), st.integers(0, 52))
def test_points_is_the_total_of_the_groups(shuffled: list[Card], size: int) -> None:
    """A7: a round's score, counted straight from the pile and the target, is the total of
    its groups' points (the rules record the groups; the bot and the checks count points)."""
    pile, target = shuffled[: min(size, 51)], shuffled[-1]
    assert points(pile, target) == sum(group.points for group in groups(pile, target))


def test_negative_round_score_lowers_the_running_total() -> None:
    game = apples(dealer=3)
    tricks = [{0: "5S", 1: "4S", 2: "3S", 3: "2S"}, {0: "5H", 1: "4H", 2: "3H", 3: "2H"}]
    state = play_round(game, tricks, {0: "AD", 1: "AS", 2: "AH", 3: "AC"}, watched=0)
    assert state.last_round is not None
    # pairs of 5s, 4s, 3s, 2s: -60, and nothing else won
    assert state.last_round.seats[0].points == -60
    assert state.scores[0] == -60

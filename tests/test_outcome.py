"""``Outcome.settle`` in ``trickcore/game.py``: per-side scores and per-seat returns.

Sides as the rule books have them: two partnerships of two (Euchre E1, All Fours F1), two
players each for themselves (All Fours F1, "All Twos"), four players each for themselves
(Apples A1).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trickcore.game import Outcome
from trickcore.kit.seating import Seating

PAIRS = ((0, 2), (1, 3))  # E1, F1
TWO = ((0,), (1,))  # F1 with 2 players
FOUR = ((0,), (1,), (2,), (3,))  # A1


@pytest.mark.parametrize(("winner", "returns"), [(0, (1, -1, 1, -1)), (1, (-1, 1, -1, 1))])
def test_two_sides_of_two(winner: int, returns: tuple[float, ...]) -> None:
    """E1/F1: each seat of the winning partnership gets +1, each of the losers -1."""
    outcome = Outcome.settle(PAIRS, (10, 7), finished=True, winner=winner)
    assert outcome.returns == returns
    assert (outcome.scores, outcome.finished, outcome.winner, outcome.draw) == (
        (10, 7),
        True,
        winner,
        False,
    )
    assert sum(outcome.returns) == 0


def test_two_players_for_themselves() -> None:
    """F1 ("All Twos"): +1 and -1."""
    assert Outcome.settle(TWO, (3, 14), finished=True, winner=1).returns == (-1.0, 1.0)


@pytest.mark.parametrize("winner", range(4))
def test_four_players_for_themselves(winner: int) -> None:
    """A1: the winner +1, the three losers -1/3 each: zero-sum."""
    outcome = Outcome.settle(FOUR, (1, 2, 3, 4), finished=True, winner=winner)
    assert outcome.returns[winner] == 1.0
    assert [r for seat, r in enumerate(outcome.returns) if seat != winner] == [-1 / 3] * 3
    assert sum(outcome.returns) == pytest.approx(0.0)


def test_returns_are_indexed_by_seat_not_by_side() -> None:
    outcome = Outcome.settle(((1, 3), (0, 2)), (5, 9), finished=True, winner=0)
    assert outcome.returns == (-1, 1, -1, 1)


@pytest.mark.parametrize("sides", [PAIRS, TWO, FOUR])
def test_a_draw_returns_nothing(sides: tuple[tuple[int, ...], ...]) -> None:
    """E9 single_hand: a thrown-in hand is a draw."""
    scores = (0,) * len(sides)
    outcome = Outcome.settle(sides, scores, finished=True, winner=None)
    assert outcome.draw and outcome.finished and outcome.winner is None
    assert outcome.returns == (0.0,) * sum(map(len, sides))


@pytest.mark.parametrize("sides", [PAIRS, TWO, FOUR])
def test_an_unfinished_game_returns_nothing(sides: tuple[tuple[int, ...], ...]) -> None:
    scores = tuple(range(len(sides)))
    outcome = Outcome.settle(sides, scores, finished=False, winner=None)
    assert not outcome.draw and not outcome.finished and outcome.winner is None
    assert outcome.returns == (0.0,) * sum(map(len, sides))
    assert outcome.scores == scores


@given(st.sampled_from([(2, 2), (4, 2), (4, 4), (6, 2), (6, 3), (6, 6)]), st.data())
def test_returns_are_zero_sum_and_follow_the_sides(
    table: tuple[int, int], data: st.DataObject
) -> None:
    seats, count = table
    seating = Seating(seats, sides=count)
    winner = data.draw(st.integers(0, count - 1))
    outcome = Outcome.settle(seating.sides, (0,) * count, finished=True, winner=winner)
    assert sum(outcome.returns) == pytest.approx(0.0)
    for seat in range(seats):
        expected = 1.0 if seating.side(seat) == winner else -1.0 / (count - 1)
        assert outcome.returns[seat] == pytest.approx(expected)


def test_sides_given_as_lists_settle_alike() -> None:
    # The returns are cached by sides and winner; sides that cannot be hashed still settle.
    as_lists: Any = [[0, 2], [1, 3]]
    for winner in (0, 1, None):
        listed = Outcome.settle(as_lists, (4, 1), finished=True, winner=winner)
        assert listed == Outcome.settle(PAIRS, (4, 1), finished=True, winner=winner)

"""The helpers of ``validate`` for the game so far (``trickcore/kit/validation.py``, issue 10):
the dealer of each hand, scores a number of hands can give, the last hand's points taken back,
the winner, and a state that holds the game's progress only. Seats follow Euchre E1 (the deal
passes to the left) and All Fours F1 (to the right); scores Euchre E8 (at most 4 points a hand,
to one side) and E9 (the first side to reach the target wins)."""

from __future__ import annotations

import msgspec
import pytest

from trickcore import Card
from trickcore.kit.seating import Direction, Seating
from trickcore.kit.validation import (
    before_last_hand,
    dealer_of_hand,
    dealer_problems,
    last_dealer_problems,
    nothing_but,
    reach_problems,
    unordered_hands,
    winner_problems,
)

LEFT = Seating(4, sides=2)  # E1: the deal passes to the left
RIGHT = Seating(4, sides=2, direction=Direction.ANTICLOCKWISE)  # F1: to the right


@pytest.mark.parametrize(("hand", "left", "right"), [(1, 1, 1), (2, 2, 0), (5, 1, 1), (8, 0, 2)])
def test_the_dealer_of_each_hand_follows_the_direction(hand: int, left: int, right: int) -> None:
    assert dealer_of_hand(LEFT, 1, hand) == left
    assert dealer_of_hand(RIGHT, 1, hand) == right


def test_the_dealer_of_a_huge_hand_number_is_found_at_once() -> None:
    assert dealer_of_hand(LEFT, 0, 10**18 + 1) == 0


def test_a_dealer_out_of_turn_is_named_with_the_rule() -> None:
    assert dealer_problems(LEFT, 2, first=0, hand=3, rule="E1") == []
    assert dealer_problems(LEFT, 3, first=0, hand=3, rule="E1") == [
        "seat 3 deals hand 3, but seat 2 does (E1)"
    ]
    assert dealer_problems(LEFT, 3, first=None, hand=3, rule="E1") == []  # drawn: unknown


def test_the_last_dealer_is_the_seat_before_once_the_deal_passed() -> None:
    assert last_dealer_problems(LEFT, 1, 2, passed=True) == []
    assert last_dealer_problems(RIGHT, 3, 2, passed=True) == []
    assert last_dealer_problems(LEFT, 2, 2, passed=False) == []
    assert last_dealer_problems(LEFT, 2, 2, passed=True, hand="round") == [
        "the last round was dealt by seat 2, not 1"
    ]


def test_scores_beyond_what_the_hands_give_are_named() -> None:
    assert reach_problems((4, 3), 2, most=4, together=4, rule="E8") == []
    assert reach_problems((4, 5), 2, most=4, together=4, rule="E8") == [
        "scores (4, 5) after 2 hands (at most 4 points a hand, E8)"
    ]
    assert reach_problems((9, 0), 2, most=4, rule="E8") == [
        "scores (9, 0) after 2 hands (each side 0 to 4 points a hand, E8)"
    ]
    assert reach_problems((-30, 0), 1, most=10, least=-20, rule="A7") != []
    assert reach_problems((-20, 10), 1, most=10, least=-20, rule="A7") == []
    assert reach_problems((1, 0), -3, most=4, rule="E8") != []  # no hands, no points


def test_the_last_hands_points_are_taken_back() -> None:
    assert before_last_hand((7, 3), (2, 0)) == ((5, 3), [])
    assert before_last_hand((1, 3), (2, 0)) == (
        (-1, 3),
        ["side 0 scored 2 in the last hand but has 1"],
    )
    assert before_last_hand((1, 3), (2, 0), negative=True) == ((-1, 3), [])


@pytest.mark.parametrize(
    ("winner", "over", "scores", "before", "words"),
    [
        (None, False, (3, 4), (3, 2), None),
        (1, False, (3, 4), (3, 2), "winner 1 while the game goes on"),
        (0, True, (10, 4), (8, 4), None),
        (None, True, (10, 4), (8, 4), "no winner of a game over"),
        (1, True, (10, 4), (8, 4), "winner 1 did not reach the target 10"),
        (0, True, (12, 4), (10, 4), "side 0 had reached the target 10 before the last hand"),
        (0, True, (10, 10), (10, 8), "side 0 had reached"),
    ],
)
def test_the_winner_agrees_with_the_end_of_the_game(
    winner: int | None,
    over: bool,
    scores: tuple[int, int],
    before: tuple[int, int],
    words: str | None,
) -> None:
    found = winner_problems(winner, over=over, scores=scores, before=before, target=10)
    if words is None:
        assert found == []
    else:
        assert len(found) == 1 and words in found[0]


def test_ties_at_the_target_play_on_when_the_game_says_so() -> None:
    tied = {"scores": (12, 15, 12, 0), "before": (12, 12, 3, 0), "target": 10}
    assert winner_problems(1, over=True, ties_play_on=True, **tied) == []  # type: ignore[arg-type]
    assert winner_problems(0, over=True, ties_play_on=True, **tied) == [  # type: ignore[arg-type]
        "winner 0 is not alone highest at scores (12, 15, 12, 0)"
    ]
    alone = {"scores": (20, 15, 12, 0), "before": (13, 12, 3, 0), "target": 10}
    assert (
        "before the last round"
        in winner_problems(  # type: ignore[arg-type]
            0, over=True, ties_play_on=True, hand="round", **alone
        )[0]
    )


class Progress(msgspec.Struct, frozen=True):
    scores: tuple[int, int] = (0, 0)
    trump: str | None = None
    hands: tuple[tuple[Card, ...], ...] = ()


def test_nothing_but_the_progress_names_every_other_field() -> None:
    clean = Progress(scores=(3, 1))
    assert nothing_but(clean, clean, "before the deal") == []
    assert nothing_but(Progress((3, 1), "H"), clean, "before the deal") == [
        "nothing of a hand exists before the deal: trump is 'H', play gives None"
    ]


def test_unordered_hands_compares_hands_whatever_their_order() -> None:
    one = Progress(hands=((Card("KS"), Card("AS")), (Card("2H"),)))
    other = Progress(hands=((Card("AS"), Card("KS")), (Card("2H"),)))
    assert one != other and unordered_hands(one) == unordered_hands(other)
    assert unordered_hands(Progress(hands=((Card("AS"),), ()))) != unordered_hands(one)

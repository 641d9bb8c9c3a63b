"""Forged Euchre states (issue 10): ``validate`` names each state no legal game reaches and
never crashes on one. Each forgery starts from a state a real game reached (E1, E4, E8, E9)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from msgspec.structs import replace

import trickcore
from trickcore import InvalidStateError, Outcome, Table
from trickcore.cards import Suit
from trickcore_euchre.state import Bid, EuchreState, Phase

OPTIONS: dict[str, Any] = {"first_dealer": 0, "target": 5}


def _reached(until: Callable[[EuchreState], bool], seed: int = 2) -> EuchreState:
    game = trickcore.load("euchre", **OPTIONS)
    table = Table(game, ["random"] * 4, seed=seed)
    while not until(table.state):
        assert table.advance(max_steps=1) == 1, "the game ended before the state was reached"
    game.validate(table.state)  # the genuine state is valid
    return table.state


def _in_play(state: EuchreState) -> bool:
    return state.phase is Phase.PLAY and len(state.tricks) == 2 and not state.trick


def _between_hands(state: EuchreState) -> bool:
    return state.phase is Phase.DEAL and state.hand_number >= 1


def _over(state: EuchreState) -> bool:
    return state.phase is Phase.OVER


def _refused(state: EuchreState, words: str) -> None:
    with pytest.raises(InvalidStateError, match=words):
        trickcore.load("euchre", **OPTIONS).validate(state)


def test_a_call_with_a_null_suit_is_refused_not_a_crash() -> None:
    state = _reached(_in_play)
    bid = Bid(seat=1, kind="call", suit=None)
    _refused(replace(state, auction=(*state.auction, bid)), "a call bid of seat 1 with suit None")


def test_a_seat_out_of_range_in_an_early_trick_is_refused() -> None:
    state = _reached(_in_play)
    first = state.tricks[0]
    forged = replace(first, seats=(7, *first.seats[1:]))
    _refused(replace(state, tricks=(forged, *state.tricks[1:])), "not a seat 0-3")


def test_the_last_hands_points_are_checked() -> None:
    state = _reached(_between_hands)
    last = state.last_hand
    assert last is not None
    _refused(replace(state, last_hand=replace(last, points=-2)), "the last hand scores")
    thrown = replace(last, thrown_in=True, points=2)
    _refused(replace(state, last_hand=thrown), "thrown-in hand|the last hand")
    _refused(replace(state, last_hand=replace(last, hand_number=9)), "the last hand is hand 9")


def test_scores_impossible_for_the_hand_number_are_refused() -> None:
    state = _reached(lambda s: s.phase is Phase.BID_FIRST and s.hand_number == 1)
    _refused(replace(state, scores=(4, 4)), r"scores \(4, 4\) after 0 hands")


def test_a_winner_who_had_already_reached_the_target_is_refused() -> None:
    state = _reached(_over)
    winner, last = state.winner, state.last_hand
    assert winner is not None and last is not None
    scores = list(state.scores)
    scores[winner] = OPTIONS["target"] + last.points
    _refused(replace(state, scores=tuple(scores)), "had reached the target 5 before the last")
    _refused(replace(state, winner=1 - winner), "did not reach the target")


@pytest.mark.parametrize(
    "changes",
    [
        {"trump": Suit.HEARTS},
        {"auction": (Bid(seat=1, kind="pass"),)},
        {"turn": 2},
        {"winner": 0},
        {"tricks_won": (1, 0)},
    ],
    ids=lambda changes: next(iter(changes)),
)
def test_nothing_of_a_hand_exists_before_the_deal(changes: dict[str, Any]) -> None:
    state = _reached(_between_hands)
    _refused(replace(state, **changes), next(iter(changes)))


def test_the_dealer_follows_first_dealer_and_the_hand_number() -> None:
    state = _reached(_between_hands)
    assert state.dealer is not None
    other = (state.dealer + 1) % 4
    _refused(replace(state, dealer=other), rf"seat {other} deals hand .*\(E1\)")


def test_an_unfinished_outcome_has_no_winner() -> None:
    outcome = Outcome.settle(((0, 2), (1, 3)), (9, 9), finished=False, winner=1)
    assert outcome.winner is None and outcome.returns == (0.0,) * 4 and not outcome.draw

"""Forged Apples states (issue 10): ``validate`` names each state no legal game reaches, the
score history included. Each forgery starts from a state a real game reached (A1, A7, A8, A9)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from forged_helpers import reached, refused
from msgspec.structs import replace

from trickcore.cards import Suit
from trickcore_apples import ApplesState, Phase
from trickcore_apples.state import RoundResult

OPTIONS: dict[str, Any] = {"first_dealer": 0, "target": 100}


def _reached(until: Callable[[ApplesState], bool], seed: int = 3, **options: Any) -> ApplesState:
    state: ApplesState = reached("apples", {**OPTIONS, **options}, until, seed)
    return state


def _refused(state: ApplesState, words: str, **options: Any) -> None:
    refused("apples", {**OPTIONS, **options}, state, words)


def _after_rounds(scored: int) -> Callable[[ApplesState], bool]:
    def until(state: ApplesState) -> bool:
        last = state.last_round
        return state.phase is Phase.DEAL and last is not None and last.round_number == scored

    return until


def _over(state: ApplesState) -> bool:
    return state.phase is Phase.OVER


def _last(state: ApplesState) -> RoundResult:
    assert state.last_round is not None
    return state.last_round


def test_a_changed_winner_is_refused() -> None:
    state = _reached(_over)
    assert state.winner is not None
    other = next(seat for seat in range(4) if seat != state.winner)
    _refused(replace(state, winner=other), f"winner {other} is not alone highest")
    _refused(replace(state, winner=None), "no winner of a game over")


def test_a_winner_who_had_already_reached_the_target_is_refused() -> None:
    state = _reached(_over)
    assert state.winner is not None
    scores = list(state.scores)
    scores[state.winner] += 2 * OPTIONS["target"]
    _refused(
        replace(state, scores=tuple(scores)), "had reached the target 100 before the last round"
    )


def test_totals_after_one_round_are_that_rounds_points() -> None:
    state = _reached(_after_rounds(1))
    scores = (state.scores[0] + 5, *state.scores[1:])
    _refused(replace(state, scores=scores), r"after 0 rounds \(each side -240 to 380 points")


def test_totals_impossible_for_the_round_number_are_refused() -> None:
    state = _reached(_after_rounds(2), target=10_000)
    scores = (state.scores[0] + 1_000, *state.scores[1:])
    _refused(replace(state, scores=scores), "after 1 rounds", target=10_000)


def test_the_last_rounds_points_are_checked() -> None:
    state = _reached(_after_rounds(1))
    last = _last(state)
    seat = last.seats[0]
    points = replace(seat, points=seat.points + 10)
    scores = (state.scores[0] + 10, *state.scores[1:])
    forged = replace(last, seats=(points, *last.seats[1:]))
    _refused(replace(state, last_round=forged, scores=scores), "seat 0's last round scores")
    moved = replace(seat, winnings=seat.winnings[1:])
    _refused(
        replace(state, last_round=replace(last, seats=(moved, *last.seats[1:]))),
        "piles and targets: cards missing",
    )
    _refused(replace(state, last_round=replace(last, number=0)), "winning bid of 0 cards")
    _refused(replace(state, last_round=replace(last, round_number=7)), "round 7, after")


def test_a_pile_holding_one_rank_many_times_is_refused_not_scored() -> None:
    """Found by the 10^5-input fuzz run: a forged pile of eight cards of one rank made
    scoring look up a count no rank can reach (A7 groups at most four of a kind)."""
    state = _reached(_after_rounds(1))
    last = _last(state)
    seat = last.seats[0]
    forged = replace(seat, winnings=(seat.target,) * 8)
    _refused(
        replace(state, last_round=replace(last, seats=(forged, *last.seats[1:]))),
        "piles and targets: ",
    )


def test_the_dealer_follows_the_last_round_and_the_first_dealer() -> None:
    state = _reached(_after_rounds(1))
    assert state.dealer is not None
    other = (state.dealer + 2) % 4
    _refused(replace(state, dealer=other), "the last round was dealt by seat")
    last = _last(state)
    _refused(replace(state, last_round=replace(last, dealer=3)), "the last round was dealt")
    first = _reached(lambda s: s.phase is Phase.AUCTION)
    _refused(replace(first, dealer=2), r"seat 2 deals hand 1, but seat 0 does \(A1\)")


def test_a_single_round_game_stops_after_its_round() -> None:
    state = _reached(_after_rounds(1))
    _refused(state, "after a single round", single_hand=True)


def test_nothing_of_a_round_exists_between_rounds() -> None:
    state = _reached(_after_rounds(1))
    _refused(replace(state, number=3), "nothing of a hand exists between rounds")
    _refused(replace(state, turn=2), "turn is 2")


def test_a_card_both_held_and_given_back_is_refused_not_a_crash() -> None:
    # Found by tests/test_fuzz_decoders.py: DEAL.stack's ValueError escaped validate.
    state = _reached(lambda s: s.phase is Phase.PLAY and len(s.tricks) == 1)
    seat = next(seat for seat in range(4) if state.received[seat])
    card = state.hands[seat][0]
    received = list(state.received)
    received[seat] = (card, *received[seat][1:])
    _refused(replace(state, received=tuple(received)), "given more than once|dealt|received")


def test_a_forged_pile_exchange_of_the_last_round_is_refused() -> None:
    """Issue 21.9: what each seat gave to the last round's pile and got back must be the
    exchange that round was played with (A4)."""
    state = _reached(_after_rounds(1))
    given, received = state.last_given, state.last_received
    swapped = (received[1], received[0], *received[2:])
    _refused(replace(state, last_received=swapped), "seat 0 received .* but does not hold it")
    _refused(replace(state, last_given=((), *given[1:])), r"seat 0 was dealt \d+ cards, not 13")
    _refused(replace(state, last_given=given[:3]), "3 entries in last_given")
    first = _reached(lambda s: s.phase is Phase.AUCTION)
    _refused(replace(first, last_received=received), "pile exchange of a last round before")


def test_a_forged_auction_or_trick_of_the_last_round_is_refused() -> None:
    state = _reached(_after_rounds(1))
    last = _last(state)
    tricks = (last.tricks[1], last.tricks[0], *last.tricks[2:])
    _refused(replace(state, last_round=replace(last, tricks=tricks)), "the last round's record")
    calls = last.auction
    top = max(n for n, call in enumerate(calls) if call.number is not None)  # the winning bid
    other = next(suit for suit in Suit if suit is not calls[top].suit)
    forged = (*calls[:top], replace(calls[top], suit=other), *calls[top + 1 :])
    _refused(replace(state, last_round=replace(last, auction=forged)), "the last round's record")

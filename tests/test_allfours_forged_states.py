"""Forged All Fours states (issue 10): ``validate`` names each state no legal game reaches, the
score history included. Each forgery starts from a state a real game reached (F1, F2, F3, F5)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from forged_helpers import reached, refused
from msgspec.structs import replace

import trickcore
from trickcore.cards import Card
from trickcore_allfours import AllFoursState, Phase, Score

OPTIONS: dict[str, Any] = {"first_dealer": 0, "target": 14}


def _reached(
    until: Callable[[AllFoursState], bool], seed: int = 3, **options: Any
) -> AllFoursState:
    state: AllFoursState = reached("allfours", {**OPTIONS, **options}, until, seed)
    return state


def _refused(state: AllFoursState, words: str, **options: Any) -> None:
    refused("allfours", {**OPTIONS, **options}, state, words)


def _between_hands(hand: int) -> Callable[[AllFoursState], bool]:
    return lambda s: s.phase is Phase.DEAL and s.hand_number == hand and s.redeals == 0


def _in_play(state: AllFoursState) -> bool:
    return state.phase is Phase.PLAY and state.hand_number == 1 and len(state.tricks) == 1


def test_more_points_in_hand_one_than_it_scored_are_refused() -> None:
    state = _reached(_in_play)
    _refused(replace(state, scores=(9, 9)), r"scores \(9, 9\) before any hand is over")


def test_scores_after_one_hand_are_what_it_scored() -> None:
    state = _reached(_between_hands(1))
    assert state.last_hand is not None
    scores = (state.scores[0] + 3, state.scores[1])
    _refused(replace(state, scores=scores), "after one hand that scored")


@pytest.mark.parametrize(
    ("forge", "words"),
    [
        (lambda last: replace(last, hand_points=(-1, 0)), "scored -1 in the last hand|add up"),
        (lambda last: replace(last, hand_number=5), "the last hand is hand 5, not 1"),
        (lambda last: replace(last, dealer=2), "the last hand was dealt by seat 2, not 0"),
        (lambda last: replace(last, game_points=(90, 0)), "card points for Game"),
        (
            lambda last: replace(
                last, scored=(*last.scored, Score(side=0, points=1, reason="high"))
            ),
            "order of F2, F3 and F5|without the other",
        ),
        (
            lambda last: replace(
                last, scored=(Score(side=1, points=2, reason="give_one"), *last.scored)
            ),
            "give_one None scores 1 for side 1, not 2",
        ),
        (lambda last: replace(last, scored=()), "High and Low|Game does not follow"),
    ],
    ids=["negative", "number", "dealer", "game-points", "order", "given-point", "empty"],
)
def test_the_last_hands_count_is_checked(forge: Callable[[Any], Any], words: str) -> None:
    state = _reached(_between_hands(1))
    assert state.last_hand is not None
    _refused(replace(state, last_hand=forge(state.last_hand)), words)


def test_a_kick_of_the_last_hand_scores_what_its_card_does() -> None:
    state = _reached(_between_hands(1), seed=11)
    last = state.last_hand
    assert last is not None
    kicked = Score(side=0, points=3, reason="kick", card=trickcore.Card("5H"))
    forged = replace(last, scored=(kicked, *last.scored))
    _refused(replace(state, last_hand=forged), "kick 5H scores -1 for side 0, not 3")


def test_a_winner_who_had_already_reached_the_target_is_refused() -> None:
    state = _reached(lambda s: s.phase is Phase.OVER)
    assert state.winner is not None
    scores = list(state.scores)
    scores[state.winner] += OPTIONS["target"]
    _refused(replace(state, scores=(scores[0], scores[1])), "reached the target 14")


def test_the_dealer_follows_the_last_hand_without_a_first_dealer() -> None:
    state = _reached(_between_hands(2), first_dealer=None)
    assert state.dealer is not None and state.last_hand is not None
    other = (state.dealer + 2) % 4
    _refused(replace(state, dealer=other), "the last hand was dealt by", first_dealer=None)


def test_a_last_hand_must_exist_exactly_after_the_first() -> None:
    state = _reached(_between_hands(2))
    _refused(replace(state, last_hand=None), "no last hand after 2 hands")
    first = _reached(lambda s: s.phase is Phase.DEAL and s.hand_number == 0)
    later = _reached(_between_hands(1))
    _refused(replace(first, last_hand=later.last_hand), "a last hand after 0 hands")


def _redeal(state: AllFoursState, points: tuple[int, int]) -> AllFoursState:
    """Hand 2 redealt after its first deal scored ``points``."""
    assert state.last_hand is not None
    before = state.last_hand.hand_points
    return AllFoursState(
        phase=Phase.DEAL,
        dealer=state.dealer,
        scores=(before[0] + points[0], before[1] + points[1]),
        hand_number=2,
        redeals=1,
        hand_points=points,
        hands=((),) * 4,
        last_hand=state.last_hand,
        earlier_scored=tuple(  # a kicked six scores 2 (F2); anything else cannot be a kick
            Score(side=side, points=got, reason="kick", card=Card("6S") if got == 2 else None)
            for side, got in enumerate(points)
            if got
        ),
    )


def test_only_the_dealers_kicks_score_before_a_redeal() -> None:
    state = _reached(lambda s: s.phase is Phase.STAND_OR_BEG and s.hand_number == 2)
    assert state.dealer is not None
    dealers = trickcore.load("allfours").side_of(state.dealer)
    kicked = (2, 0) if dealers == 0 else (0, 2)
    trickcore.load("allfours", **OPTIONS).validate(_redeal(state, kicked))  # a kicked six
    _refused(_redeal(state, (kicked[1], kicked[0])), "only kicks score before a redeal")
    seven = (kicked[0] * 7 // 2, kicked[1] * 7 // 2)  # more than one suit's kicks score
    _refused(_redeal(state, seven), "only kicks score before a redeal", target=30)


def test_a_single_hand_game_does_not_go_on() -> None:
    state = _reached(_between_hands(1))
    _refused(state, "single_hand stops after one", single_hand=True)

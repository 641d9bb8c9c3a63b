"""Rule book A6 (play): the auction winner leads the first trick; suit must be followed; the
highest trump wins, else the highest card of the suit led; the winner leads the next trick and
takes the cards into their own winnings pile; twelve tricks."""

from __future__ import annotations

from typing import Any

import pytest
from apples_helpers import HANDS, C, apples, play_round, run, start_play

from trickcore import IllegalActionError
from trickcore_apples import TRICKS, ApplesState, Phase, Play, winnings_pile

TARGETS = {0: "4C", 1: "7C", 2: "8C", 3: "9C"}


def at_play(declarer: int = 0) -> tuple[Any, ApplesState]:
    game = apples(3)
    return game, start_play(game, HANDS, TARGETS, declarer=declarer, trump="S")


@pytest.mark.parametrize("declarer", [0, 2])
def test_the_auction_winner_leads_the_first_trick(declarer: int) -> None:
    game, state = at_play(declarer)
    assert state.phase is Phase.PLAY
    assert game.actor(state) == declarer


def test_follow_suit_trumps_and_the_next_lead() -> None:
    game, state = at_play()
    state = run(game, state, [(0, Play(card=C("2H")))])
    legal = {a.card for a in game.legal_actions(state)}
    assert legal == {C(t) for t in ["AH", "KH", "QH", "JH", "TH", "9H"]}  # hearts must be followed
    with pytest.raises(IllegalActionError, match="suit led must be followed"):
        game.apply(state, Play(card=C("5C")))
    state = run(
        game, state, [(1, Play(card=C("AH"))), (2, Play(card=C("8H"))), (3, Play(card=C("5H")))]
    )
    assert state.tricks[-1].winner == 1 and game.actor(state) == 1
    state = run(
        game,
        state,
        [
            (1, Play(card=C("4D"))),
            (2, Play(card=C("AD"))),
            (3, Play(card=C("8D"))),
            (0, Play(card=C("2D"))),
        ],
    )
    assert state.tricks[-1].winner == 2
    # seat 3 has no hearts left: it may trump, and the lowest trump beats the king led suit
    state = run(game, state, [(2, Play(card=C("7H")))])
    assert len(game.legal_actions(state)) == len(state.hands[3]) == 10
    state = run(
        game, state, [(3, Play(card=C("2S"))), (0, Play(card=C("4H"))), (1, Play(card=C("KH")))]
    )
    trick = state.tricks[-1]
    assert trick.winner == 3 and game.actor(state) == 3
    assert winnings_pile(state.tricks, 3) == trick.cards


def test_a_card_not_held_is_refused() -> None:
    game, state = at_play()
    with pytest.raises(IllegalActionError, match="does not hold 9D"):
        game.apply(state, Play(card=C("9D")))


def test_twelve_tricks_then_the_round_is_scored() -> None:
    game = apples(3)
    state = play_round(game, [], {0: "2S", 1: "2H", 2: "2D", 3: "2C"})
    assert state.last_round is not None and state.phase is Phase.DEAL
    won = sum(len(seat.winnings) for seat in state.last_round.seats)
    assert won == 4 * TRICKS == 48
    assert state.dealer == 0  # the deal passes clockwise after a round played out (A1)

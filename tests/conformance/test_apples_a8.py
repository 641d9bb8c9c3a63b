"""Rule book A8 (end of the game) and the A9 options that change it: the game ends at the end
of the round in which a total reaches the target; the highest total wins; a tie for it is
played on until one player alone is highest; ``single_hand`` stops after one round."""

from __future__ import annotations

from apples_helpers import apples, play_round

from trickcore_apples import Phase

# Seats 0 and 1 each win a pair of aces (15); seat 2 wins every other trick (-60).
PAIRS_OF_ACES = [
    {0: "AS", 1: "6S", 2: "7S", 3: "8S"},
    {0: "AH", 1: "9H", 2: "TH", 3: "JH"},
    {1: "AC", 0: "6C", 2: "7C", 3: "8C"},
    {1: "AD", 0: "9D", 2: "TD", 3: "JD"},
]
SEAT_0_ACES = PAIRS_OF_ACES[:2]
TARGETS = {0: "2S", 1: "2H", 2: "2D", 3: "2C"}


def test_a_total_reaching_the_target_alone_ends_the_game() -> None:
    game = apples(3, target=15)
    state = play_round(game, SEAT_0_ACES, TARGETS, sink=2)
    assert state.scores[0] == 15 and state.phase is Phase.OVER
    assert state.winner == 0
    outcome = game.outcome(state)
    assert outcome.finished and outcome.winner == 0
    assert outcome.returns == (1.0, -1 / 3, -1 / 3, -1 / 3)  # each player is their own side


def test_below_the_target_the_game_goes_on() -> None:
    game = apples(3, target=16)
    state = play_round(game, SEAT_0_ACES, TARGETS, sink=2)
    assert state.phase is Phase.DEAL and state.winner is None and not state.overtime
    assert state.dealer == 0  # the deal passed clockwise


def test_a_tie_at_the_target_is_played_on() -> None:
    game = apples(3, target=10)
    state = play_round(game, PAIRS_OF_ACES, TARGETS, sink=2)
    assert state.scores == (15, 15, -60, 0)
    assert state.phase is Phase.DEAL and state.overtime and state.winner is None
    assert not game.outcome(state).finished
    # the next round, dealt by seat 0: seat 0 alone is highest, and wins
    state = play_round(game, SEAT_0_ACES, TARGETS, sink=2, state=state)
    assert state.scores[:2] == (30, 15)
    assert state.phase is Phase.OVER and state.winner == 0


def test_single_hand_the_highest_round_score_wins_and_a_tie_is_a_draw() -> None:
    game = apples(3, single_hand=True)
    won = play_round(game, SEAT_0_ACES, TARGETS, sink=2)
    assert won.phase is Phase.OVER and won.winner == 0
    tied = play_round(game, PAIRS_OF_ACES, TARGETS, sink=2)
    outcome = game.outcome(tied)
    assert tied.phase is Phase.OVER and outcome.draw and outcome.winner is None
    assert outcome.returns == (0.0, 0.0, 0.0, 0.0)

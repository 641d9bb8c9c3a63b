"""Rule book F1 (the table): 4 players in partnerships or 2 players, seats numbered clockwise
with deal and play going anticlockwise, the rank order, the first dealer and the target."""

from __future__ import annotations

import pytest
from allfours_helpers import C, allfours, deal, play_out, run

import trickcore
from trickcore import CHANCE, DrawDealer, Rng
from trickcore_allfours import Phase


def test_four_players_in_partnerships_two_players_alone() -> None:
    """F1: seats 0 and 2 against 1 and 3; with 2 players each seat is a side of its own."""
    assert allfours().sides == ((0, 2), (1, 3))
    assert allfours(players=2).sides == ((0,), (1,))
    assert trickcore.load("allfours", players=2).seats == 2


@pytest.mark.parametrize(("players", "dealer", "right"), [(4, 0, 3), (4, 2, 1), (2, 0, 1)])
def test_play_goes_anticlockwise_from_the_dealers_right(
    players: int, dealer: int, right: int
) -> None:
    """F1, F4: the player after seat s is seat s - 1; the dealer's right acts and leads first,
    and each trick goes round to the right."""
    game, state = deal({}, "3H", dealer=dealer, players=players)
    assert game.actor(state) == right
    state = run(game, state, f"{right}=stand")
    assert state.trick_seats == tuple((right - k) % players for k in range(players))


def test_the_deal_passes_to_the_right() -> None:
    """F1: after every hand the next dealer is the old dealer's right."""
    game, state = deal({}, "3H", dealer=1)
    state = play_out(game, run(game, state, "0=stand"))
    assert state.phase is Phase.DEAL and state.dealer == 0
    game, state = deal({}, "3H", dealer=0, players=2)
    state = play_out(game, run(game, state, "1=stand"))
    assert state.dealer == 1


def test_rank_order_ace_high_ten_between_jack_and_nine() -> None:
    """F1: A K Q J 10 9 ... 2 in every suit: the highest card of the suit led wins."""
    game, state = deal({1: "TC 2S 3S 4S 5S 6S", 0: "JC 9C 7S 8S 9S 2D"}, "3H", players=2)
    state = run(game, state, "1=stand 1=TC")
    assert {a.card for a in game.legal_actions(state)} == {C("JC"), C("9C")}  # type: ignore[union-attr]
    after = run(game, state, "0=9C")
    assert after.tricks[0].winner == 1  # 10 beats 9
    after = run(game, state, "0=JC")
    assert after.tricks[0].winner == 0  # J beats 10


def test_the_first_dealer_is_drawn_from_the_seed_or_fixed() -> None:
    """F1: without ``first_dealer`` chance draws the first dealer (any seat), before the first
    shuffle; with it, the game starts at the shuffle."""
    game = trickcore.load("allfours")
    state = game.initial_state()
    assert state.phase is Phase.DRAW_DEALER and game.actor(state) is CHANCE
    assert game.legal_actions(state) == tuple(DrawDealer(seat=s) for s in range(4))
    drawn = {game.sample_chance(state, Rng(seed, "chance", 0)) for seed in range(40)}
    assert drawn == set(game.legal_actions(state))
    state = game.apply(state, DrawDealer(seat=2))
    assert state.phase is Phase.DEAL and state.dealer == 2
    fixed = allfours(1, players=2)
    assert fixed.initial_state().phase is Phase.DEAL and fixed.initial_state().dealer == 1


def test_the_first_side_to_reach_the_target_wins() -> None:
    """F1: 14 points win by default; ``target`` changes it (7 is a short game)."""
    game, state = deal({}, "JH", scores=(11, 0))
    assert state.scores == (14, 0) and state.phase is Phase.OVER
    assert game.outcome(state).winner == 0 and game.actor(state) is None
    game, state = deal({}, "JH", scores=(3, 0), target=7)
    assert state.phase is Phase.STAND_OR_BEG and state.scores == (6, 0)
    game, state = deal({}, "JH", scores=(4, 0), target=7)
    assert state.phase is Phase.OVER and game.outcome(state).returns == (1.0, -1.0, 1.0, -1.0)
    assert C("JH") == state.kicks[0].card

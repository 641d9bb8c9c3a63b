"""Property tests over random All Fours games (rule book F1-F8), 2 and 4 players, all options.

Games are driven by seeds from hypothesis: each player's choice is a uniformly random legal
action drawn from ``Rng(seed, "play")``, chance action *k* is ``game.sample_chance(state,
Rng(seed, "chance", k))``. Options vary over every option of F7 (small targets make short
games). The two tests play ``FULL_INVARIANT_GAMES + FULL_POINT_GAMES`` (over 2,000) whole games
and check, at every state: every card accounted for, hand sizes equal at the start of every
trick, and the points of every deal within what F2-F5 allow. They are slow sweeps: the fast
slice of ``tests/sweeps.py`` plays a fifth of the games.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sweeps import sweep_size

import trickcore
from trickcore import CHANCE, Rng
from trickcore_allfours import PACK, AllFours, AllFoursState, Phase, kick_points

FULL_INVARIANT_GAMES = 1200
FULL_POINT_GAMES = 900
INVARIANT_GAMES = sweep_size(FULL_INVARIANT_GAMES, 240)
POINT_GAMES = sweep_size(FULL_POINT_GAMES, 180)
COUNT_ORDER = ("high", "low", "jack", "hang_jack", "game")

OPTIONS = st.fixed_dictionaries(
    {
        "players": st.sampled_from([4, 2]),
        "target": st.sampled_from([1, 3, 7, 14]),
        "tobago": st.booleans(),
        "hang_jack": st.integers(1, 10),
        "no_give_to_win": st.booleans(),
        "no_undertrump": st.booleans(),
        "single_hand": st.booleans(),
    }
)


def states(game: AllFours, seed: int) -> Iterator[AllFoursState]:
    """Every state of one random game, the first and the last included."""
    choose = Rng(seed, "play")
    state = game.initial_state()
    k = 0
    yield state
    while (actor := game.actor(state)) is not None:
        if actor is CHANCE:
            action: Any = game.sample_chance(state, Rng(seed, "chance", k))
            k += 1
        else:
            action = choose.choice(game.legal_actions(state))
        state = game.apply(state, action)
        yield state


def load(options: dict[str, Any]) -> AllFours:
    game = trickcore.load("allfours", **options)
    assert isinstance(game, AllFours)
    return game


def check_cards(game: AllFours, state: AllFoursState) -> None:
    """Every card of the pack exactly once while a deal is on the table (F2, F3)."""
    if state.phase in (Phase.DRAW_DEALER, Phase.DEAL):
        assert state.hands == ((),) * game.seats and not state.stock and not state.kicks
        return
    located = [card for hand in state.hands for card in hand]
    located += [*state.stock, *(kick.card for kick in state.kicks), *state.trick]
    located += [card for trick in state.tricks for card in trick.cards]
    assert sorted(located, key=lambda c: c.index) == list(PACK)


def check_sizes(game: AllFours, state: AllFoursState) -> None:
    """Hand sizes: 6 + 3 per run at the start of play, equal at the start of every trick, and
    the number of tricks of the deal equals the cards dealt to each (F3)."""
    if state.phase is not Phase.PLAY:
        return
    dealt = 6 + 3 * (len(state.kicks) - 1)
    if not state.trick:
        assert {len(hand) for hand in state.hands} == {dealt - len(state.tricks)}
    played = set(state.trick_seats[: len(state.trick)])
    for seat, hand in enumerate(state.hands):
        assert len(hand) == dealt - len(state.tricks) - (seat in played)


def check_points(game: AllFours, state: AllFoursState) -> None:
    """Every point scored in the deal is one F2-F5 allows, to the side it allows, in order."""
    options = game.options
    dealer = state.dealer
    if state.phase in (Phase.DRAW_DEALER, Phase.DEAL) or dealer is None:
        return
    dealer_side = game.side_of(dealer)
    beggar_side = 1 - dealer_side
    kicks = [kick for kick in state.kicks if kick.points]
    kick_scores = [score for score in state.scored if score.reason == "kick"]
    assert [(s.card, s.points, s.side) for s in kick_scores] == [
        (k.card, kick_points(k.card, tobago=options.tobago), dealer_side) for k in kicks
    ]
    gives = [score for score in state.scored if score.reason == "give_one"]
    assert [(s.points, s.side) for s in gives] == (
        [(1, beggar_side)] if state.answer == "give_one" else []
    )
    count = [score for score in state.scored if score.reason in COUNT_ORDER]
    reasons = [score.reason for score in count]
    assert reasons == sorted(reasons, key=COUNT_ORDER.index) and len(set(reasons)) == len(reasons)
    assert not ("jack" in reasons and "hang_jack" in reasons)
    for score in count:
        expected = options.hang_jack if score.reason == "hang_jack" else 1
        assert score.points == expected
    if count:
        assert state.scored[-len(count) :] == tuple(count)  # the count comes last
    per_deal = 3 * len(state.kicks) + 1 + 2 + max(1, options.hang_jack) + 1
    assert sum(score.points for score in state.scored) <= per_deal
    assert sum(state.scores) >= sum(state.hand_points) >= sum(s.points for s in state.scored)


@pytest.mark.slow_sweep
@settings(max_examples=INVARIANT_GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), options=OPTIONS)
def test_cards_and_hand_sizes_at_every_state(seed: int, options: dict[str, Any]) -> None:
    game = load(options)
    last = None
    for state in states(game, seed):
        check_cards(game, state)
        check_sizes(game, state)
        last = state
    assert last is not None and game.outcome(last).finished
    assert max(last.scores) >= options["target"] or options["single_hand"]


@pytest.mark.slow_sweep
@settings(max_examples=POINT_GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), options=OPTIONS)
def test_points_of_every_deal_within_f2_to_f5(seed: int, options: dict[str, Any]) -> None:
    game = load(options)
    previous = None
    for state in states(game, seed):
        check_points(game, state)
        if previous is not None and state.last_hand is not previous.last_hand:
            result = state.last_hand
            assert result is not None
            assert sum(s.points for s in result.scored) <= sum(result.hand_points)
        previous = state
    assert previous is not None
    outcome = game.outcome(previous)
    assert outcome.finished
    if outcome.winner is not None and not options["single_hand"]:
        assert previous.scores[outcome.winner] >= options["target"]
        assert previous.scores[1 - outcome.winner] < options["target"]

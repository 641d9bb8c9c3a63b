"""The endgame solver (:mod:`trickcore.kit.solver`) against brute force on small positions, and
the search bots' ``solve`` option (issue 23)."""

from __future__ import annotations

from typing import Any

import pytest

import trickcore
from trickcore import CHANCE, BotSpec, Rng
from trickcore.errors import OptionError
from trickcore.kit.solver import cards_left, solve
from trickcore_bots import IsmctsBot, PimcBot

GAMES = (("euchre", {}), ("allfours", {}), ("allfours", {"players": 2}), ("apples", {}))


def endgame(game: Any, cards: int, seed: int) -> Any:
    """A full state of a random hand where the seat to play holds ``cards`` cards."""
    state, rng = game.initial_state(), Rng(seed, "endgame")
    while True:
        actor = game.actor(state)
        if actor is None:
            raise AssertionError("the hand ended before the endgame")
        if actor is CHANCE:
            state = game.apply(state, game.sample_chance(state, rng))
            continue
        if cards_left(game, state) == cards:
            return state
        legal = game.legal_actions(state)
        state = game.apply(state, legal[rng.below(len(legal))])


def tree(game: Any, state: Any) -> Any:
    """Every line of play from ``state`` to the end of the hand: the end state, or the acting
    seat with the subtree of each legal action."""
    actor = game.actor(state)
    if actor is None or actor is CHANCE:
        return state
    return actor, [tree(game, game.apply(state, action)) for action in game.legal_actions(state)]


def brute_force(game: Any, node: Any, values: Any) -> tuple[float, ...]:
    """The values under best play of every seat, read off the whole tree (the first of equal
    choices, as the solver's max^n)."""
    if not isinstance(node, tuple):
        return tuple(values(node))
    actor, children = node
    results = [brute_force(game, child, values) for child in children]
    return max(results, key=lambda result: (result[actor], -results.index(result)))


def margins(game: Any, start: tuple[int, ...]) -> Any:
    """The search bots' ``value=points``: a side's gain minus the best other side's."""

    def values(state: Any) -> list[float]:
        gains = [
            now - before for now, before in zip(game.outcome(state).scores, start, strict=True)
        ]
        by_side = [
            gain - max(other for index, other in enumerate(gains) if index != side)
            for side, gain in enumerate(gains)
        ]
        return [float(by_side[game.side_of(seat)]) for seat in range(game.seats)]

    return values


@pytest.mark.parametrize(("name", "options"), GAMES)
@pytest.mark.parametrize("cards", [1, 2, 3])
def test_the_solver_agrees_with_brute_force(name: str, options: dict[str, Any], cards: int) -> None:
    """Euchre E7, All Fours F4-F5, Apples A6-A7: best play to the end of the hand."""
    game = trickcore.load(name, single_hand=True, **options)
    for seed in range(4):
        state = endgame(game, cards, seed)
        values = margins(game, game.outcome(state).scores)
        expected = brute_force(game, tree(game, state), values)
        zero_sum = len(game.sides) == 2
        assert solve(game, state, values, zero_sum=zero_sum) == pytest.approx(expected)
        assert solve(game, state, values, zero_sum=False) == pytest.approx(expected)


def test_best_play_is_worth_at_least_any_line_to_the_side_to_play() -> None:
    """Whatever the side to play does on the line of the first legal plays, best play gives it
    at least as much (a solver that ignored a choice would fail here in some position)."""
    game = trickcore.load("euchre", single_hand=True)
    for seed in range(6):
        state = endgame(game, 3, seed)
        seat = game.actor(state)
        values = margins(game, game.outcome(state).scores)
        best = solve(game, state, values, zero_sum=True)[seat]
        for first in game.legal_actions(state):
            after = game.apply(state, first)
            assert best >= solve(game, after, values, zero_sum=True)[seat]


def test_cards_left_is_none_outside_the_play_of_the_tricks() -> None:
    game = trickcore.load("euchre", single_hand=True)
    assert cards_left(game, game.initial_state()) is None
    assert cards_left(game, endgame(game, 4, 1)) == 4
    assert cards_left(trickcore.load("high-card"), object()) is None


@pytest.mark.parametrize("cls", [PimcBot, IsmctsBot])
def test_the_solve_option_is_checked(cls: Any) -> None:
    game = trickcore.load("euchre", single_hand=True)
    for bad in ({"solve": -1}, {"solve": 2, "horizon": "game"}):
        with pytest.raises(OptionError, match="solve"):
            cls(BotSpec(game, 0, Rng(1), bad))


def play_hand(game: Any, options: dict[str, Any], seed: int) -> list[Any]:
    """Every action of one hand, ``pimc`` at the even seats and ``ismcts`` at the odd ones,
    both with ``options``."""
    bots = [
        (PimcBot if seat % 2 == 0 else IsmctsBot)(
            BotSpec(game, seat, Rng(seed, "bot", seat), options)
        )
        for seat in range(game.seats)
    ]
    state, rng, actions = game.initial_state(), Rng(seed, "deal"), []
    while (actor := game.actor(state)) is not None:
        if actor is CHANCE:
            action = game.sample_chance(state, rng)
        else:
            legal = game.legal_actions(state)
            action = bots[actor].act(game.view(state, actor), legal)
            assert action in legal
        actions.append(action)
        state = game.apply(state, action)
    return actions


@pytest.mark.parametrize("name", ["euchre", "apples"])
def test_solving_bots_are_legal_and_deterministic(name: str) -> None:
    game = trickcore.load(name, single_hand=True)
    options = {"solve": 2, "iterations": 12}
    assert play_hand(game, options, 5) == play_hand(game, options, 5)


@pytest.mark.parametrize("seed", range(6))
def test_pimc_plays_the_best_mean_of_the_solved_worlds(seed: int) -> None:
    """With ``solve`` covering the rest of the hand and ``confidence=0``, ``pimc`` plays an
    action whose mean solved value, over the worlds its stream samples, is the best."""
    game = trickcore.load("euchre", single_hand=True)
    state = endgame(game, 3, seed)
    while len(legal := game.legal_actions(state)) < 2:
        state = game.apply(state, legal[0])
    seat = game.actor(state)
    view = game.view(state, seat)
    options = {"solve": 3, "confidence": 0, "iterations": 12}
    chosen = PimcBot(BotSpec(game, seat, Rng(seed, "bot"), options)).act(view, legal)
    stream, means = Rng(seed, "bot"), [0.0] * len(legal)
    for _ in range(-(-12 // len(legal))):  # the worlds pimc samples: iterations / actions
        world = game.determinize(view, stream)
        stream.next_u64()
        values = margins(game, game.outcome(world).scores)
        for index, action in enumerate(legal):
            means[index] += solve(game, game.apply(world, action), values, zero_sum=True)[seat]
    assert means[legal.index(chosen)] == pytest.approx(max(means))

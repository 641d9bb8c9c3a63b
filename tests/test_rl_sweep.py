"""The PettingZoo sweep (issue 13): every option combination of every registered game passes
``api_test``, ``seed_test`` and ``render_test`` (686 combinations, under a minute), and 200
whole random games per game keep a move for the actor and observations in bounds. Both run in
the regular suite, so on every interpreter in CI, and both are slow sweeps: in full on Python
3.11, a fast slice elsewhere (40 combinations of each game, 20 games: see tests/sweeps.py).
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from sweeps import sweep_size, sweep_slice

pytest.importorskip("pettingzoo", reason="the rl extra is not installed")

from test_rl import (
    GAMES,
    HOST,
    api_test,
    env_fn,
    play_random_games,
    render_test,
    seed_test,
    strict_warnings,
)

import trickcore
from trickcore import rl
from trickcore.testing import option_combinations


def accepted(name: str) -> list[dict[str, Any]]:
    """Every option combination of ``name`` that the game accepts."""
    found = []
    for options in option_combinations(HOST.game_factory(name).options_type, combinations="every"):
        try:
            HOST.load(name, **options)
        except trickcore.OptionError:
            continue
        found.append(options)
    return found


@pytest.mark.slow_sweep
@pytest.mark.parametrize("name", GAMES)
def test_every_option_combination_passes_the_pettingzoo_tests(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    start = time.perf_counter()
    combinations = sweep_slice(accepted(name), 40)
    for options in combinations:
        with strict_warnings():
            api_test(rl.env(name, **options), num_cycles=1000)
            seed_test(env_fn(name, options), num_cycles=500)
            render_test(env_fn(name, options))
    seconds = time.perf_counter() - start
    with capsys.disabled():
        print(f"\n{name}: {len(combinations)} option combinations passed in {seconds:.1f} s")


@pytest.mark.slow_sweep
@pytest.mark.parametrize("name", GAMES)
def test_200_random_games_keep_a_move_for_the_actor_and_observations_in_bounds(name: str) -> None:
    environment = rl.env(name)
    space = environment.observation_space("player_0")
    for observation in play_random_games(environment, sweep_size(200, 20), seed=9):
        assert observation["action_mask"].any(), "the acting agent has no legal action"
        assert space.contains(observation), "out of bounds observation"

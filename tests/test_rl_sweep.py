"""The PettingZoo sweep: every option combination of every registered game, and 200 whole
random games per game at its default options (opt-in, as the conformance sweep: ``tox -e
conformance``, or ``TRICKCORE_SWEEP=1 pytest -s tests/test_rl_sweep.py``). The regular suite
covers every option value (tests/test_rl.py)."""

from __future__ import annotations

import os
import time
from typing import Any

import pytest

pytestmark = pytest.mark.skipif(
    os.environ.get("TRICKCORE_SWEEP", "") in ("", "0"),
    reason="the sweep over every option combination is opt-in: run it with tox -e conformance",
)

pytest.importorskip("pettingzoo", reason="the rl extra is not installed")

from test_rl import (  # noqa: E402
    GAMES,
    HOST,
    api_test,
    env_fn,
    play_random_games,
    render_test,
    seed_test,
    strict_warnings,
)

import trickcore  # noqa: E402
from trickcore import rl  # noqa: E402
from trickcore.testing import option_combinations  # noqa: E402


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


@pytest.mark.parametrize("name", GAMES)
def test_every_option_combination_passes_the_pettingzoo_tests(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    start = time.perf_counter()
    combinations = accepted(name)
    for options in combinations:
        with strict_warnings():
            api_test(rl.env(name, **options), num_cycles=1000)
            seed_test(env_fn(name, options), num_cycles=500)
            render_test(env_fn(name, options))
    seconds = time.perf_counter() - start
    with capsys.disabled():
        print(f"\n{name}: {len(combinations)} option combinations passed in {seconds:.1f} s")


@pytest.mark.parametrize("name", GAMES)
def test_200_random_games_keep_a_move_for_the_actor_and_observations_in_bounds(name: str) -> None:
    environment = rl.env(name)
    space = environment.observation_space("player_0")
    for observation in play_random_games(environment, 200, seed=9):
        assert observation["action_mask"].any(), "the acting agent has no legal action"
        assert space.contains(observation), "out of bounds observation"

"""trickcore games as PettingZoo AEC environments (issue 13, Deliver 2; the rl extra).

PettingZoo's own tests pass for every registered game at option combinations that play every
option value (every combination in tests/test_rl_sweep.py, part of the regular suite), with warnings
turned into errors except two, filtered by their exact text: PettingZoo warns on every dict
observation and dict observation space unless the environment's name is in its own hard-coded
list of classic games.
"""

from __future__ import annotations

import doctest
import functools
import os
import re
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

import trickcore
from trickcore import IllegalActionError, Rng
from trickcore.encoding import EncodingError, encodings
from trickcore.replay import verify

if os.environ.get("CI") == "true":  # CI installs the rl extra: its tests must run there
    import numpy as np
    from pettingzoo.test import api_test, render_test, seed_test
else:
    np = pytest.importorskip("numpy", reason="the rl extra is not installed")
    pytest.importorskip("pettingzoo", reason="the rl extra is not installed")
    from pettingzoo.test import api_test, render_test, seed_test

from test_encoding import CASES, GAMES, HOST, python_prints

from trickcore import rl

ALLOWED_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or "
    "gymnasium.spaces.discrete",
)
"""PettingZoo's warnings about dict observations, which it silences only for the names of its
own classic environments (``env_obs_dicts``, ``env_obs_space`` in ``pettingzoo.test``)."""


@contextmanager
def strict_warnings() -> Iterator[None]:
    """Every warning is an error, but for :data:`ALLOWED_WARNINGS`, matched by exact text."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for text in ALLOWED_WARNINGS:
            warnings.filterwarnings("ignore", message=re.escape(text) + r"\Z")
        yield


def env_fn(name: str, options: dict[str, Any]) -> Callable[..., Any]:
    return functools.partial(rl.env, name, **options)


@pytest.mark.parametrize(("name", "options"), CASES)
def test_pettingzoo_api_seed_and_render_tests_pass(
    name: str, options: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    with strict_warnings():
        api_test(rl.env(name, **options), num_cycles=1000)
        seed_test(env_fn(name, options), num_cycles=500)
        render_test(env_fn(name, options))
    assert "Passed API test" in capsys.readouterr().out


def play_random_games(environment: Any, games: int, seed: int) -> Iterator[dict[str, Any]]:
    """Play ``games`` whole games of uniformly random legal moves; yield every observation the
    acting agent sees before it acts."""
    rng = np.random.default_rng(seed)
    for game in range(games):
        environment.reset(seed=seed * 1000 + game)
        for agent in environment.agent_iter():
            observation, _, terminated, truncated, _ = environment.last()
            if terminated or truncated:
                environment.step(None)
                continue
            yield observation
            legal = np.flatnonzero(observation["action_mask"])
            environment.step(int(rng.choice(legal)))
            del agent


SHORT_GAMES = [
    ("euchre", {"target": 3}),
    ("euchre", {"deck": 25, "target": 2, "stick_the_dealer": True}),
    ("allfours", {"target": 5}),
    ("allfours", {"players": 2, "target": 3}),
    ("apples", {"target": 10}),
    *([("high-card", {"players": 3})] if "high-card" in GAMES else []),
]
GAMES_EACH = -(-200 // len(SHORT_GAMES))
"""Random games per entry of :data:`SHORT_GAMES`: 200 in all, at least."""


@pytest.mark.parametrize(
    ("name", "options"),
    [
        pytest.param(name, options, id=f"{name}-{'-'.join(map(str, options.values()))}")
        for name, options in SHORT_GAMES
    ],
)
def test_the_actor_always_has_a_move_and_observations_stay_in_bounds(
    name: str, options: dict[str, Any]
) -> None:
    """Over 200 random games in all (short targets: the scores pass them, the old pitfall of
    a score scaled past 1), the acting agent's mask is never all zero and every observation is
    inside its space. The sweep plays 200 whole games per game at the default options."""
    environment = rl.env(name, **options)
    space = environment.observation_space("player_0")
    seen = 0
    for observation in play_random_games(environment, GAMES_EACH, seed=1):
        assert observation["action_mask"].dtype == np.int8
        assert observation["action_mask"].any(), "the acting agent has no legal action"
        assert space.contains(observation), "out of bounds observation"
        seen += 1
    assert seen > GAMES_EACH


@pytest.mark.parametrize("name", GAMES)
def test_the_replay_of_a_played_game_verifies(name: str) -> None:
    environment = rl.env(name)
    for _ in play_random_games(environment, 1, seed=5):
        pass
    replay = environment.unwrapped.replay()
    assert replay.game == name and replay.seed == 5000
    assert replay.seats == tuple(f"player_{seat}" for seat in range(HOST.load(name).seats))
    outcome = verify(replay)
    assert outcome.finished
    assert outcome == HOST.load(name).outcome(environment.unwrapped.game_state)


def test_a_replay_before_a_reset_is_refused() -> None:
    with pytest.raises(ValueError, match="before the first reset"):
        rl.raw_env("euchre").replay()


@pytest.mark.parametrize(
    ("name", "options"), [("euchre", {"target": 5}), ("allfours", {"target": 7})]
)
def test_rewards_in_points_add_up_to_the_scores(name: str, options: dict[str, Any]) -> None:
    """Kicks included: All Fours scores them as the cards are dealt, before anyone acts (F2)."""
    environment = rl.env(name, **options)
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    rng = np.random.default_rng(3)
    environment.reset(seed=9)
    if name == "allfours":  # the first kick scored, for this seed
        assert environment.unwrapped.game_state.scores != (0, 0)
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        totals[agent] += reward
        if terminated or truncated:
            environment.step(None)
        else:
            environment.step(rng.choice(np.flatnonzero(observation["action_mask"])))
    outcome = environment.unwrapped.game.outcome(environment.unwrapped.game_state)
    assert outcome.finished
    assert [totals[f"player_{seat}"] for seat in range(4)] == [
        outcome.scores[seat % 2] for seat in range(4)
    ]
    assert max(outcome.scores) >= options["target"]


def test_rewards_by_result_are_the_outcome_returns() -> None:
    environment = rl.env("apples", reward="win", single_hand=True)
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    rng = np.random.default_rng(4)
    environment.reset(seed=12)
    steps = 0
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        totals[agent] += reward
        if terminated or truncated:
            environment.step(None)
            continue
        assert reward == 0  # nothing before the end
        environment.step(np.int64(rng.choice(np.flatnonzero(observation["action_mask"]))))
        steps += 1
    outcome = environment.unwrapped.game.outcome(environment.unwrapped.game_state)
    assert steps > 40
    assert tuple(totals[f"player_{seat}"] for seat in range(4)) == outcome.returns
    assert sum(outcome.returns) == pytest.approx(0) and max(outcome.returns) in (0, 1)


def test_at_the_end_every_agent_terminates_and_steps_none() -> None:
    environment = rl.env("high-card" if "high-card" in GAMES else "euchre", target=1)
    for _ in play_random_games(environment, 1, seed=2):
        pass
    assert environment.agents == []


def test_a_reset_with_a_seed_repeats_the_game_and_a_plain_reset_takes_the_next_seed() -> None:
    first, second = rl.raw_env("euchre"), rl.raw_env("euchre")
    first.reset(seed=21)
    second.reset(seed=21)
    assert first.game_state == second.game_state and first.game_seed == 21
    first.reset()
    second.reset()
    assert first.game_seed == second.game_seed == Rng(21, "next").below(2**63)
    assert first.game_state == second.game_state
    third = rl.raw_env("euchre")
    third.reset()
    assert third.game_seed is not None


def test_a_game_that_chance_ends_before_anyone_acts_is_passed_over() -> None:
    """All Fours to 1 point: a kicked ace, six or jack wins before anyone acts (F2)."""
    environment = rl.raw_env("allfours", target=1, players=2)
    passed_over = 0
    for seed in range(30):
        environment.reset(seed=seed)
        assert environment.game.actor(environment.game_state) is not None
        assert not any(environment.terminations.values())
        chain = [seed]
        while len(chain) < 50 and chain[-1] != environment.game_seed:
            chain.append(Rng(chain[-1], "next").below(2**63))
        assert chain[-1] == environment.game_seed, "the game dealt is not of a following seed"
        passed_over += len(chain) - 1
        verify(environment.replay())
    assert passed_over > 0


def test_chance_acts_inside_step() -> None:
    environment = rl.raw_env("euchre")
    environment.reset(seed=8)
    game = environment.game
    assert game.actor(environment.game_state) == int(environment.agent_selection[-1])
    actions = environment.replay().actions
    assert [action["type"] for action in actions] == ["dealer", "shuffle"]


def test_the_spaces_and_the_name_follow_the_encodings() -> None:
    environment = rl.env("euchre", deck=32)
    found = encodings(trickcore.load("euchre", deck=32))
    assert environment.metadata["name"] == found.name == "euchre_v1.1"
    assert environment.metadata["is_parallelizable"] is False
    assert environment.metadata["render_modes"] == ["ansi", "human"]
    assert environment.action_space("player_0").n == found.action.size == 72
    space = environment.observation_space("player_3")
    assert space["observation"].shape == (found.view.size,)
    assert space["observation"].dtype == np.float32
    assert space["action_mask"].dtype == np.int8
    assert environment.observation_space("player_3") is space


def test_an_illegal_move_ends_the_game_with_the_illegal_reward(
    caplog: pytest.LogCaptureFixture,
) -> None:
    environment = rl.env("euchre")
    environment.reset(seed=3)
    agent = environment.agent_selection
    observation, *_ = environment.last()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with strict_warnings():
        environment.step(illegal)
    assert "Illegal move made" in caplog.text
    assert environment.rewards[agent] == -1
    assert all(environment.terminations.values())


def test_the_raw_environment_refuses_illegal_and_unknown_actions() -> None:
    environment = rl.raw_env("euchre")
    environment.reset(seed=3)
    observation = environment.observe(environment.agent_selection)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError):
        environment.step(illegal)
    with pytest.raises(EncodingError, match="action indices are 0-55"):
        environment.step(56)
    with pytest.raises(ValueError, match="None is only for a terminated agent"):
        environment.step(None)


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(trickcore.OptionError, match="reward is one of points, win"):
        rl.raw_env("euchre", reward="money")  # type: ignore[arg-type]
    with pytest.raises(trickcore.OptionError, match="render_mode"):
        rl.raw_env("euchre", render_mode="rgb_array")
    with pytest.raises(trickcore.OptionError, match="options are given with a game name"):
        rl.raw_env(trickcore.load("euchre"), target=3)
    with pytest.raises(trickcore.UnknownGameError):
        rl.raw_env("bridge")
    assert rl.raw_env(trickcore.load("euchre", target=3)).game.options.target == 3


def test_render_shows_the_acting_seat_and_the_end() -> None:
    environment = rl.env("euchre", render_mode="ansi", target=1)
    environment.reset(seed=4)
    text = environment.render()
    assert text.startswith(f"euchre_v1.1: {environment.agent_selection} to act; scores 0, 0")
    for _ in play_random_games(environment, 1, seed=4):
        pass
    assert "game over" in environment.render()


def test_the_rl_package_names_the_extra_when_it_is_missing() -> None:
    code = (
        "import sys; sys.modules['pettingzoo'] = None\n"
        "try:\n"
        "    import trickcore.rl\n"
        "except ModuleNotFoundError as error:\n"
        "    print(error)\n"
    )
    found = python_prints(code)
    assert "pip install 'trickcore[rl]'" in found and "pettingzoo" in found


def test_the_rl_page_examples_are_doctests_that_pass() -> None:
    page = Path(__file__).resolve().parent.parent / "docs" / "rl.md"
    results = doctest.testfile(str(page), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert results.attempted >= 20
    assert results.failed == 0


def test_the_rl_docstring_examples_run() -> None:
    results = doctest.testmod(rl, optionflags=doctest.ELLIPSIS)
    assert results.attempted > 0 and results.failed == 0

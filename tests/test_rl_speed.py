"""The PettingZoo env at engine speed (issue 24, point 4).

The env writes observations straight into float32 storage (``ViewLayout.encode_into``), builds
masks without numpy's fancy indexing, and its wrappers read the raw env's per-turn attributes
without PettingZoo's ``__getattr__`` chain. What it hands out must stay what the public
encodings say, in every game: the observation of any agent at any turn is its view encoded
(:meth:`ViewEncoding.encode`, as float32), the mask is the legal actions'
(:meth:`ActionEncoding.mask`). The work per turn is pinned by counting Python calls (a figure the
machine's load does not move): ``benchmarks/rl_env.py`` gives the rates.
"""

from __future__ import annotations

import random
import sys
from array import array
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("numpy", reason="the rl extra is not installed")
pytest.importorskip("pettingzoo", reason="the rl extra is not installed")

import numpy as np
from pettingzoo.utils.wrappers import BaseWrapper
from test_encoding import GAMES

import trickcore
from trickcore import rl
from trickcore.encoding import LayoutBuilder, encodings
from trickcore.kit.seating import Seating


def turns(environment: Any, count: int, seed: int) -> Iterator[str]:
    """PettingZoo's ``performance_benchmark`` loop, seeded: yields each agent before its
    ``last()``, then steps a random legal action (``None`` once terminated)."""
    choose = random.Random(seed).choice
    environment.reset(seed=seed)
    for _ in range(count):
        agent = environment.agent_selection
        yield agent
        observation, _, termination, truncation, _ = environment.last()
        if termination or truncation:
            action = None
        else:
            action = choose(np.flatnonzero(observation["action_mask"]).tolist())
        environment.step(action)
        if all(environment.terminations.values()):
            environment.reset()


@pytest.mark.parametrize("name", GAMES)
def test_observations_are_the_public_encoding_of_each_view(name: str) -> None:
    environment = rl.env(name)
    raw = environment.unwrapped
    game, coded = raw.game, encodings(raw.game)
    checked = 0
    for agent in turns(environment, 600, seed=5):
        state = raw.game_state
        for other in raw.agents:  # the actor and everyone else
            seat = int(other.removeprefix(rl.AGENT_PREFIX))
            observation = environment.observe(other)
            expected = np.asarray(coded.view.encode(game.view(state, seat)), dtype=np.float32)
            assert observation["observation"].dtype == np.float32
            assert np.array_equal(observation["observation"], expected), (name, other)
            acting = other == agent and not raw.terminations[other]
            legal = game.legal_actions(state) if acting else ()
            assert observation["action_mask"].tolist() == coded.action.mask(legal), (name, other)
            checked += 1
    assert checked >= 600


def test_each_observation_is_a_fresh_writable_array() -> None:
    environment = rl.env("euchre")
    environment.reset(seed=3)
    agent = environment.agent_selection
    first = environment.observe(agent)
    kept = {key: value.copy() for key, value in first.items()}
    first["observation"][:] = 0.5
    first["action_mask"][:] = 1
    again = environment.observe(agent)
    for key, value in kept.items():
        assert np.array_equal(again[key], value)
        assert again[key].flags.writeable


@pytest.mark.parametrize("name", ["euchre", "allfours", "apples"])
def test_the_wrappers_reach_the_raw_env_without_getattr(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """PettingZoo's ``BaseWrapper.__getattr__`` passes a look-up down one layer at a time: it
    was a third of a turn. The env's wrappers read the raw env directly."""
    looked_up: list[str] = []
    original = BaseWrapper.__getattr__

    def counting(self: Any, attribute: str) -> Any:
        looked_up.append(attribute)
        return original(self, attribute)

    monkeypatch.setattr(BaseWrapper, "__getattr__", counting)
    environment = rl.env(name)
    for _ in turns(environment, 300, seed=2):
        pass
    assert looked_up == []


def test_before_the_first_reset_the_wrappers_still_refuse() -> None:
    environment = rl.env("euchre")
    for attribute in ("agents", "agent_selection", "num_agents", "rewards", "terminations"):
        with pytest.raises(AttributeError, match="cannot be accessed before reset"):
            getattr(environment, attribute)


CALLS_PER_TURN = {"euchre": 140, "allfours": 145, "apples": 180}
"""Python calls per turn of ``performance_benchmark``'s loop, at most (the loop's own calls
included). Before issue 24 a turn took 176 (Euchre), 180 (All Fours) and 216 (Apples); with
it 125, 128 and 158."""


@pytest.mark.parametrize("name", sorted(CALLS_PER_TURN))
def test_a_turn_costs_few_python_calls(name: str) -> None:
    environment = rl.env(name)
    played = turns(environment, 1500, seed=4)
    for _ in range(200):  # warm up: imports and caches
        next(played)
    calls = 0

    def profile(frame: Any, event: str, arg: Any) -> None:
        nonlocal calls
        if event == "call":
            calls += 1

    sys.setprofile(profile)
    try:
        count = sum(1 for _ in played)
    finally:
        sys.setprofile(None)
    assert calls / count <= CALLS_PER_TURN[name], calls / count


def test_encode_into_fills_a_list_or_a_float32_array_as_encode_does() -> None:
    game = trickcore.load("euchre")
    layout = encodings(game).view
    state = game.initial_state()
    while game.actor(state) is not None:
        actor = game.actor(state)
        action = (
            game.sample_chance(state, trickcore.Rng(1, "chance", 0))
            if actor is trickcore.CHANCE
            else game.legal_actions(state)[-1]
        )
        state = game.apply(state, action)
        view = game.view(state, 1)
        expected = layout.encode(view)
        into_list = [0.0] * layout.size
        layout.encode_into(view, into_list)
        into_array = array("f", bytes(4 * layout.size))
        layout.encode_into(view, into_array)
        assert into_list == expected
        assert into_array.tolist() == array("f", expected).tolist()
        if game.outcome(state).scores != (0, 0):
            break


def test_a_part_of_ones_own_fills_a_float32_array() -> None:
    builder: LayoutBuilder[tuple[float, float]] = LayoutBuilder(Seating(1), viewer=lambda v: 0)
    builder.part("pair", ("a", "b"), lambda view: view)
    builder.flag("first", lambda view: view[0] > 0)
    layout = builder.build(version=1)
    vector = array("f", bytes(4 * layout.size))
    layout.encode_into((0.25, 0.5), vector)
    assert vector.tolist() == [0.25, 0.5, 1.0] == layout.encode((0.25, 0.5))

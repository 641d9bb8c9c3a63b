"""Any trickcore game as a PettingZoo AEC environment (the ``rl`` extra).

:func:`env` builds the environment wrapped as PettingZoo's own classic card games are
(:class:`TerminateIllegalWrapper` with an illegal move reward of -1,
:class:`AssertOutOfBoundsWrapper`, :class:`OrderEnforcingWrapper`); :class:`raw_env` is the
environment unwrapped. Actions and observations come from :mod:`trickcore.encoding`:

* agents ``player_0`` ... are the seats; each acts with ``Discrete(n)`` over the game's action
  encoding, and observes ``{"observation": Box(0, 1, (size,), float32), "action_mask":
  Box(0, 1, (n,), int8)}``: its view encoded, and the legal actions (all zeros when it is not
  that agent's turn);
* chance (the dealer draw, the shuffles) acts inside :meth:`raw_env.step`, chance action *k*
  drawn from ``Rng(seed, "chance", k)`` as a :class:`~trickcore.Table` draws it, so
  :meth:`raw_env.replay` is a :class:`~trickcore.Replay` that :func:`trickcore.replay.verify`
  plays back;
* ``reset(seed=s)`` deals the same game for the same ``s``; a later ``reset()`` without a seed
  takes the next seed of the previous one (a reset without any seed before draws one from the
  operating system);
* rewards: with ``reward="points"`` each agent receives its side's points as they are scored
  (those chance scores before the first move, an All Fours kick, with the first step's);
  with ``reward="win"`` +1 for the winners and -1 shared by the losers (0 on a draw) at the end
  (:attr:`trickcore.Outcome.returns`). At the end every agent is terminated and steps ``None``.
"""

from __future__ import annotations

import operator
import os
from typing import Any, Literal

import gymnasium
import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import trickcore
from trickcore.encoding import Encodings, encodings
from trickcore.errors import OptionError, TrickcoreError
from trickcore.game import CHANCE, AnyGame
from trickcore.render import renderer_for
from trickcore.replay import Replay, record
from trickcore.rng import Rng
from trickcore.turns import Turns

__all__ = ["AGENT_PREFIX", "RawEnv", "Reward", "env", "raw_env"]

Reward = Literal["points", "win"]
"""How agents are rewarded: the points their side scores, or the result at the end."""

AGENT_PREFIX = "player_"
"""Agents are named ``player_0``, ``player_1`` ... after their seats."""

_REWARDS: tuple[Reward, ...] = ("points", "win")
_SEED_BOUND = 2**63
_MOST_SEEDS = 1000


def env(
    game: str | AnyGame,
    render_mode: str | None = None,
    reward: Reward = "points",
    **options: Any,
) -> AECEnv:
    """``game`` (a name and its ``options``, or a loaded game) as a PettingZoo AEC
    environment, wrapped as PettingZoo's classic games are (see the module text)."""
    raw = RawEnv(game, render_mode=render_mode, reward=reward, **options)
    return _OrderEnforcing(_AssertOutOfBounds(_TerminateIllegal(raw, illegal_reward=-1)))


_METADATA: dict[str, Any] = {
    "render_modes": ["ansi", "human"],
    "name": "trickcore",
    "is_parallelizable": False,
    "render_fps": 1,
}


class RawEnv(AECEnv):  # type: ignore[misc]  # PettingZoo ships no type information
    """A trickcore game as an unwrapped PettingZoo AEC environment (see the module text);
    also named :data:`raw_env`, as PettingZoo's own environments name theirs."""

    metadata: dict[str, Any] = _METADATA
    """PettingZoo's metadata; each environment's ``name`` is ``"<game>_v<encoding version>"``
    (:attr:`trickcore.encoding.Encodings.name`)."""

    def __init__(
        self,
        game: str | AnyGame,
        render_mode: str | None = None,
        reward: Reward = "points",
        **options: Any,
    ) -> None:
        super().__init__()
        if isinstance(game, str):
            game = trickcore.load(game, **options)
        elif options:
            raise OptionError("options are given with a game name, not with a loaded game")
        if reward not in _REWARDS:
            raise OptionError(f"reward is one of {', '.join(_REWARDS)}, not {reward!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise OptionError(
                f"render_mode is one of {', '.join(self.metadata['render_modes'])} or None, "
                f"not {render_mode!r}"
            )
        self.game: AnyGame = game
        """The game being played."""
        self.encodings: Encodings = encodings(game)
        """The action and view encodings (:mod:`trickcore.encoding`)."""
        self.reward_mode: Reward = reward
        """How agents are rewarded (see the module text)."""
        self.render_mode = render_mode
        self.metadata = {**_METADATA, "name": self.encodings.name}
        self.possible_agents: list[str] = [f"{AGENT_PREFIX}{seat}" for seat in range(game.seats)]
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        size, actions = self.encodings.view.size, self.encodings.action.size
        self.observation_spaces = {
            agent: gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(0.0, 1.0, (size,), np.float32),
                    "action_mask": gymnasium.spaces.Box(0, 1, (actions,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: gymnasium.spaces.Discrete(actions) for agent in self.possible_agents
        }
        self._turns = Turns(game, self.encodings, points=reward == "points")

    # -- the spaces --------------------------------------------------------------------------

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The agent's observation space (the same object every time)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The agent's action space (the same object every time)."""
        return self.action_spaces[agent]

    # -- playing -----------------------------------------------------------------------------

    @property
    def game_seed(self) -> int | None:
        """The seed of the game being played (``None`` before the first reset)."""
        return self._turns.seed

    @property
    def game_state(self) -> Any:
        """The game's current state (everything, hidden cards included: not for agents)."""
        return self._turns.state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game: dealt from ``seed``, else from the next seed of the last game. A
        game that chance ends before any seat acts (an All Fours kick reaching a low target)
        is passed over for the game of the next seed: agents start with a move to make."""
        if seed is None:
            last = self._turns.seed
            seed = (
                self._next_seed(last)
                if last is not None
                else int.from_bytes(os.urandom(8), "big") % _SEED_BOUND
            )
        seed = operator.index(seed)
        for _ in range(_MOST_SEEDS):
            if self._turns.start(seed) is not None:
                break
            seed = self._next_seed(seed)
        else:
            raise TrickcoreError(
                f"chance ended {_MOST_SEEDS} games of {self.game.name} before any seat acted"
            )
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    @staticmethod
    def _next_seed(seed: int) -> int:
        return Rng(seed, "next").below(_SEED_BOUND)

    def step(self, action: int | None) -> None:
        """The selected agent plays the action numbered ``action``; chance then acts until a
        seat is to act or the game is over. A terminated agent steps ``None``."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: None is only for a terminated agent")
        turns = self._turns
        chosen = turns.action_of(operator.index(action))
        self._cumulative_rewards[agent] = 0.0
        turns.play(chosen)
        # the rewards, and each added to the agent's cumulative reward (as PettingZoo's
        # _accumulate_rewards adds them), in one compiled loop
        if turns.reward(self.agents, self._seat_of, self.rewards, self._cumulative_rewards):
            self.terminations = dict.fromkeys(self.agents, True)
        self._select()

    def _select(self) -> None:
        actor = self.game.actor(self._turns.state)
        if actor is not None and actor is not CHANCE:
            self.agent_selection = self.possible_agents[actor]
        elif not hasattr(self, "agent_selection") or self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0]

    # -- what agents see ---------------------------------------------------------------------

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """The agent's view encoded, and its legal actions as a mask (fresh arrays)."""
        playing = not self.terminations.get(agent, True)
        vector, mask = self._turns.observation(self._seat_of[agent], playing)
        return {
            "observation": np.frombuffer(vector, dtype=np.float32),
            "action_mask": np.frombuffer(mask, dtype=np.int8),
        }

    def replay(self) -> Replay:
        """The game so far as a :class:`~trickcore.Replay` (seats named after the agents)."""
        seed = self._turns.seed
        if seed is None:
            raise ValueError("nothing is played before the first reset()")
        return record(self.game, self._turns.actions, seed=seed, seats=self.possible_agents)

    # -- showing -----------------------------------------------------------------------------

    def render(self) -> str | None:
        """``"ansi"``: the game as text (the acting seat's view); ``"human"``: the same,
        printed. Without a render mode: nothing, with a warning."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode: nothing to show")
            return None
        text = self._text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _text(self) -> str:
        state = self._turns.state
        outcome = self.game.outcome(state)
        scores = ", ".join(map(str, outcome.scores))
        actor = self.game.actor(state)
        if actor is None or actor is CHANCE:
            result = "draw" if outcome.draw else f"side {outcome.winner} wins"
            head = f"{self.metadata['name']}: game over ({result}); scores {scores}"
            return head
        view = self.game.view(state, actor)
        body = renderer_for(self.game).describe_view(view)
        return f"{self.metadata['name']}: {AGENT_PREFIX}{actor} to act; scores {scores}\n{body}"

    def close(self) -> None:
        """Nothing to release."""


raw_env = RawEnv
"""The environment unwrapped (PettingZoo's name for it)."""


# -- the wrappers, without the look-ups ---------------------------------------------------------
#
# PettingZoo's wrappers reach the raw env's attributes (``agent_selection``, ``terminations``
# ...) through ``BaseWrapper.__getattr__``, one layer at a time: a third of a turn went there.
# These subclasses keep PettingZoo's behaviour (the same classes, their checks and messages)
# and read those attributes straight from the raw env. The raw env has none of them before its
# first reset: the property's AttributeError then sends Python to ``__getattr__``, which fails
# with PettingZoo's own message ("agents cannot be accessed before reset").


class _Direct(wrappers.BaseWrapper):  # type: ignore[misc]  # PettingZoo ships no type information
    """A PettingZoo wrapper that reads the raw env's per-turn attributes directly."""

    def __init__(self, env: AECEnv, *args: Any, **kwargs: Any) -> None:
        self._raw: RawEnv = env.unwrapped
        super().__init__(env, *args, **kwargs)

    @property
    def agent_selection(self) -> str:
        """The agent to act (the raw env's)."""
        return self._raw.agent_selection

    @agent_selection.setter
    def agent_selection(self, agent: str) -> None:
        self._raw.agent_selection = agent

    @property
    def agents(self) -> list[str]:
        """The agents still in the game (the raw env's)."""
        return self._raw.agents

    @agents.setter
    def agents(self, agents: list[str]) -> None:
        self._raw.agents = agents

    @property
    def num_agents(self) -> int:
        """How many agents are still in the game."""
        return len(self._raw.agents)

    @property
    def rewards(self) -> dict[str, float]:
        """The last step's rewards (the raw env's)."""
        return self._raw.rewards

    @rewards.setter
    def rewards(self, rewards: dict[str, float]) -> None:
        self._raw.rewards = rewards

    @property
    def terminations(self) -> dict[str, bool]:
        """Which agents are terminated (the raw env's)."""
        return self._raw.terminations

    @terminations.setter
    def terminations(self, terminations: dict[str, bool]) -> None:
        self._raw.terminations = terminations

    @property
    def truncations(self) -> dict[str, bool]:
        """Which agents are truncated (the raw env's; never any)."""
        return self._raw.truncations

    @truncations.setter
    def truncations(self, truncations: dict[str, bool]) -> None:
        self._raw.truncations = truncations

    @property
    def infos(self) -> dict[str, dict[str, Any]]:
        """Each agent's info (the raw env's)."""
        return self._raw.infos

    @infos.setter
    def infos(self, infos: dict[str, dict[str, Any]]) -> None:
        self._raw.infos = infos

    @property
    def _cumulative_rewards(self) -> dict[str, float]:
        return self._raw._cumulative_rewards

    @_cumulative_rewards.setter
    def _cumulative_rewards(self, rewards: dict[str, float]) -> None:
        self._raw._cumulative_rewards = rewards

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The agent's observation space (the raw env's)."""
        return self._raw.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The agent's action space (the raw env's)."""
        return self._raw.action_spaces[agent]

    def __str__(self) -> str:
        return str(self.env)


class _TerminateIllegal(_Direct, wrappers.TerminateIllegalWrapper):  # type: ignore[misc]
    """PettingZoo's ``TerminateIllegalWrapper``, its look-ups direct."""


class _AssertOutOfBounds(_Direct, wrappers.AssertOutOfBoundsWrapper):  # type: ignore[misc]
    """PettingZoo's ``AssertOutOfBoundsWrapper``, its look-ups direct; an action that is an
    integer in range is let through without asking the space (``Discrete.contains`` says the
    same of it)."""

    def step(self, action: Any) -> None:
        """Check ``action`` against the action space, then step."""
        if type(action) is int and 0 <= action < self._raw.encodings.action.size:
            self.env.step(action)
        else:
            super().step(action)


class _OrderEnforcing(_Direct, wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's ``OrderEnforcingWrapper``, its look-ups direct (before the first reset,
    they fail as PettingZoo's do)."""

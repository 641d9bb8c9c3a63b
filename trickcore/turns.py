"""The game a PettingZoo environment plays, turn by turn: its state, the actions so far, chance,
each step's rewards and each agent's observation as raw buffers. :class:`trickcore.rl.RawEnv`
keeps PettingZoo's side (agents, their dictionaries, numpy arrays) and hands every turn's work
to a :class:`Turns`. It imports no numpy, gymnasium or PettingZoo (and lives outside
:mod:`trickcore.rl`, whose package needs them), so the compiled build compiles it; the env's
own classes subclass PettingZoo's and stay interpreted.
"""

from __future__ import annotations

from array import array
from collections.abc import MutableSequence
from typing import Any, cast

from trickcore.encoding import Encodings, ViewLayout
from trickcore.game import CHANCE, Actor, AnyGame, Seat
from trickcore.history import chance_rng

__all__ = ["Turns"]


class Turns:
    """``game`` played from a seed (:meth:`start`): actions of ``encodings`` (by number,
    :attr:`action_of`), chance as a :class:`~trickcore.Table` draws it (chance action *k* from
    ``Rng(seed, "chance", k)``), rewards in points scored (``points``) or the returns at the
    end."""

    def __init__(self, game: AnyGame, encodings: Encodings, *, points: bool) -> None:
        self.game = game
        self.points = points
        self.encoding = encodings.view
        self.layout: ViewLayout[Any] | None = (
            encodings.view if isinstance(encodings.view, ViewLayout) else None
        )
        self.action_of = encodings.action.action
        self.index_of = encodings.action.index
        self.action_count: int = encodings.action.size
        self.zeros = array("f", bytes(4 * encodings.view.size))
        self.sides: tuple[int, ...] = tuple([game.side_of(seat) for seat in range(game.seats)])
        self.seed: int | None = None
        self.state: Any = game.initial_state()
        self.actions: list[Any] = []
        self.chance = 0
        self.scores: tuple[int, ...] = ()

    def start(self, seed: int) -> Actor:
        """The game of ``seed`` up to its first seat action (or its end): who is to act. Its
        scores so far (an All Fours kick) are rewarded with the first step's."""
        game = self.game
        self.seed, self.state, self.actions, self.chance = seed, game.initial_state(), [], 0
        self.scores = tuple(game.outcome(self.state).scores)
        self.play_chance()
        return game.actor(self.state)

    def play(self, action: Any) -> None:
        """``action`` (one of the encoding's, :attr:`action_of` its number), then chance until
        a seat is to act; an action not legal now raises
        :class:`~trickcore.errors.IllegalActionError` and changes nothing."""
        self.state = self.game.apply(self.state, action)
        self.actions.append(action)
        self.play_chance()

    def play_chance(self) -> None:
        """Chance acts until a seat is to act or the game is over."""
        game, seed = self.game, self.seed
        assert seed is not None, "a game is started first"
        while game.actor(self.state) is CHANCE:
            action = game.sample_chance(self.state, chance_rng(seed, self.chance))
            self.state = game.apply(self.state, action)
            self.actions.append(action)
            self.chance += 1

    def reward(
        self,
        agents: list[str],
        seats: dict[str, Seat],
        rewards: dict[str, float],
        cumulative: dict[str, float],
    ) -> bool:
        """Each of ``agents`` (seated at ``seats``) given its reward for the last step in
        ``rewards`` and added to its ``cumulative`` one: the points its side scored since the
        last step, or (rewarding the result) the returns of the game, 0 until its end. Whether
        the game is over."""
        outcome = self.game.outcome(self.state)
        if self.points:
            scores, before, sides = outcome.scores, self.scores, self.sides
            for agent in agents:
                side = sides[seats[agent]]
                reward = float(scores[side] - before[side])
                rewards[agent] = reward
                cumulative[agent] += reward
        else:
            returns = outcome.returns
            for agent in agents:
                reward = float(returns[seats[agent]])
                rewards[agent] = reward
                cumulative[agent] += reward
        self.scores = tuple(outcome.scores)
        return outcome.finished

    def observation(self, seat: Seat, playing: bool) -> tuple[array[float], bytearray]:
        """``seat``'s view encoded (float32 storage) and its legal actions as a mask of bytes,
        all zeros unless it is to act and ``playing`` (not terminated)."""
        game, state = self.game, self.state
        view = game.view(state, seat)
        layout = self.layout
        if layout is not None:
            # written straight into float32 storage (no list of Python floats to convert),
            # through a memoryview, which stores a float with less ado than the array itself
            vector = array("f", self.zeros)
            layout.encode_into(view, cast("MutableSequence[float]", memoryview(vector)))
        else:
            vector = array("f", self.encoding.encode(view))
        mask = bytearray(self.action_count)
        if playing and game.actor(state) == seat:
            index = self.index_of
            for action in game.legal_actions(state):
                mask[index(action)] = 1
        return vector, mask

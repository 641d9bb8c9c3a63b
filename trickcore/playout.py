"""Random playouts: the inner loop of search bots, and the fast path a game may offer for it.

A *random playout* plays a game on from a state to its end: chance acts by
``game.sample_chance(state, rng)`` and every seat picks ``legal[rng.below(len(legal))]`` from
``game.legal_actions(state)``, all from one stream. :func:`random_playout` does it through the
public :class:`~trickcore.game.Game` protocol, for every game.

A game may also offer its own ``random_playout(state, rng)`` method (:class:`FastPlayout`):
the same playout, internally mutable and unchecked, for speed. Its promise is that it reaches
the same end as :func:`random_playout` from the same state and the same stream (the same
outcome; a test of the game shows it, as Euchre's does). :func:`playout_of` picks the game's
own when there is one.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, Protocol, TypeVar, runtime_checkable

from trickcore.game import CHANCE, Game
from trickcore.rng import Rng

__all__ = ["FastPlayout", "playout_of", "random_playout"]

S = TypeVar("S")


@runtime_checkable
class FastPlayout(Protocol[S]):
    """A game with its own, faster :func:`random_playout` (optional; see the module text)."""

    def random_playout(self, state: S, rng: Rng) -> S:
        """The state at the end of a random playout from ``state`` drawn from ``rng``; the same
        end as ``trickcore.playout.random_playout(game, state, rng)``."""
        ...


def random_playout(game: Game[S, Any, Any, Any], state: S, rng: Rng) -> S:
    """Play on from ``state`` to the end of the game, every choice uniformly at random from
    ``rng`` (chance by ``sample_chance``, a seat by ``legal[rng.below(len(legal))]``); the
    final state. The reference that a game's own ``random_playout`` must agree with."""
    actor_of, legal_actions, apply = game.actor, game.legal_actions, game.apply
    while (actor := actor_of(state)) is not None:
        if actor is CHANCE:
            action = game.sample_chance(state, rng)
        else:
            legal = legal_actions(state)
            action = legal[rng.below(len(legal))]
        state = apply(state, action)
    return state


def playout_of(game: Game[S, Any, Any, Any]) -> Callable[[S, Rng], S]:
    """The game's own ``random_playout`` if it offers one, else :func:`random_playout` for it."""
    if isinstance(game, FastPlayout):
        own: Callable[[S, Rng], S] = game.random_playout
        return own
    return partial(random_playout, game)

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

    def random_playout(self, state: S, rng: Rng, *, until_chance: bool = False) -> S:
        """The state at the end of a random playout from ``state`` drawn from ``rng``; the same
        end as ``trickcore.playout.random_playout(game, state, rng, until_chance=...)``."""
        ...


def random_playout(
    game: Game[S, Any, Any, Any], state: S, rng: Rng, *, until_chance: bool = False
) -> S:
    """Play on from ``state`` to the end of the game, every choice uniformly at random from
    ``rng`` (chance by ``sample_chance``, a seat by ``legal[rng.below(len(legal))]``); the
    final state. With ``until_chance``, stop instead where chance is next to act once a seat
    has acted (the next deal, in most games: the end of the hand). The reference that a
    game's own ``random_playout`` must agree with."""
    actor_of, legal_actions, apply = game.actor, game.legal_actions, game.apply
    acted = False
    while (actor := actor_of(state)) is not None:
        if actor is CHANCE:
            if until_chance and acted:
                break
            action = game.sample_chance(state, rng)
        else:
            legal = legal_actions(state)
            action = legal[rng.below(len(legal))]
            acted = True
        state = apply(state, action)
    return state


def playout_of(
    game: Game[S, Any, Any, Any], *, until_chance: bool = False
) -> Callable[[S, Rng], S]:
    """The game's own ``random_playout`` if it offers one, else :func:`random_playout` for it,
    as a function of the state and the stream."""
    if isinstance(game, FastPlayout):
        return partial(game.random_playout, until_chance=until_chance)
    return partial(random_playout, game, until_chance=until_chance)

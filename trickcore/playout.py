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

A search bot wants only what the end of a playout is worth, ``game.outcome(end)``. A game may
offer that straight (:class:`FastOutcome`, ``random_playout_outcome(state, rng)``), without
building the final state; :func:`random_playout_outcome` is the reference it must agree with,
and :func:`playout_outcome_of` picks the game's own when there is one, else the outcome of the
game's (fast or public) playout.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, Protocol, TypeVar, runtime_checkable

from trickcore.game import CHANCE, Game, Outcome
from trickcore.rng import Rng

__all__ = [
    "FastOutcome",
    "FastPlayout",
    "playout_of",
    "playout_outcome_of",
    "random_playout",
    "random_playout_outcome",
]

S = TypeVar("S")
S_contra = TypeVar("S_contra", contravariant=True)


@runtime_checkable
class FastPlayout(Protocol[S]):
    """A game with its own, faster :func:`random_playout` (optional; see the module text)."""

    def random_playout(self, state: S, rng: Rng, *, until_chance: bool = False) -> S:
        """The state at the end of a random playout from ``state`` drawn from ``rng``; the same
        end as ``trickcore.playout.random_playout(game, state, rng, until_chance=...)``."""
        ...


@runtime_checkable
class FastOutcome(Protocol[S_contra]):
    """A game that tells the outcome of a random playout without building its final state
    (optional; see the module text)."""

    def random_playout_outcome(
        self, state: S_contra, rng: Rng, *, until_chance: bool = False
    ) -> Outcome:
        """The outcome at the end of a random playout from ``state`` drawn from ``rng``: the
        same as ``trickcore.playout.random_playout_outcome(game, state, rng, ...)``, leaving
        ``rng`` where that leaves it."""
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


def random_playout_outcome(
    game: Game[S, Any, Any, Any], state: S, rng: Rng, *, until_chance: bool = False
) -> Outcome:
    """``game.outcome`` of the end of :func:`random_playout` from ``state``: the reference that
    a game's own ``random_playout_outcome`` (:class:`FastOutcome`) must agree with."""
    return game.outcome(random_playout(game, state, rng, until_chance=until_chance))


def playout_outcome_of(
    game: Game[S, Any, Any, Any], *, until_chance: bool = False
) -> Callable[[S, Rng], Outcome]:
    """The outcome of a random playout as a function of the state and the stream: the game's
    own ``random_playout_outcome`` if it offers one (:class:`FastOutcome`), else
    ``game.outcome`` of the end of :func:`playout_of`'s playout. Each draws what
    :func:`random_playout` draws and ends with the same outcome."""
    if isinstance(game, FastOutcome):
        if not until_chance:  # its default: the method itself, without a keyword a call
            return game.random_playout_outcome
        return partial(game.random_playout_outcome, until_chance=True)
    playout = playout_of(game, until_chance=until_chance)
    outcome = game.outcome

    def outcome_of_playout(state: S, rng: Rng) -> Outcome:
        return outcome(playout(state, rng))

    return outcome_of_playout

"""The fast random playout as a method, for a game in the kit's layout to inherit.

``class MyGame(FastPlayoutMethod, TrickGame[...])`` gives the game a ``random_playout`` method
calling :func:`trickcore.kit.playout.fast_playout` (so :func:`trickcore.playout.playout_of`
picks it). A method, not ``random_playout = fast_playout`` in the class body: in the compiled
build :mod:`trickcore.kit.playout` is compiled, and a compiled function set as a class
attribute does not bind to the game. This module stays interpreted, so a third-party game may
inherit from it in either build.
"""

from __future__ import annotations

from typing import Any, TypeVar

from trickcore.kit.base import TrickGame
from trickcore.kit.playout import fast_playout
from trickcore.rng import Rng

__all__ = ["FastPlayoutMethod"]

S = TypeVar("S")


class FastPlayoutMethod:
    """Mixin of a game in the kit's layout whose tricks may be played out fast (see the module
    text); its :meth:`~trickcore.kit.base.TrickGame.trick_counts` says what its ``trick_won``
    counts per trick."""

    def random_playout(self, state: S, rng: Rng, *, until_chance: bool = False) -> S:
        """The end of a random playout, the tricks played on lists
        (:func:`~trickcore.kit.playout.fast_playout`): the same end as
        :func:`trickcore.playout.random_playout` from the same stream."""
        game: TrickGame[Any, Any, Any, Any] = self  # type: ignore[assignment]
        return fast_playout(game, state, rng, until_chance=until_chance)

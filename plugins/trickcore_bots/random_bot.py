"""The ``random`` bot: a uniform choice among the legal actions, for every game."""

from __future__ import annotations

from typing import ClassVar, TypeVar

from trickcore.bots import BotSpec

__all__ = ["RandomBot"]

A = TypeVar("A")


class RandomBot:
    """Picks uniformly among the legal actions with its own stream ``spec.rng``: a baseline
    that plays every game, and the same choices for the same seed."""

    name: ClassVar[str] = "random"
    description: ClassVar[str] = "picks uniformly at random among the legal actions"
    games: ClassVar[tuple[str, ...] | None] = None
    reads_view: ClassVar[bool] = False
    """It never looks at the view, so tables hand it ``None`` and build none."""

    __slots__ = ("_below",)

    def __init__(self, spec: BotSpec) -> None:
        self._below = spec.rng.below

    def act(self, view: object, legal: tuple[A, ...]) -> A:
        """One of ``legal``, uniformly at random (``rng.choice(legal)``, one call fewer);
        ``view`` is not looked at (it is ``None`` at a table, see ``reads_view``)."""
        return legal[self._below(len(legal))]

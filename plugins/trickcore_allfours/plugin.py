"""Registers All Fours with trickcore through the ``trickcore`` entry-point group, as any
third-party game plugin would."""

from __future__ import annotations

from trickcore.hookspecs import GameRegistrar, hookimpl
from trickcore_allfours.rules import AllFours

__all__ = ["trickcore_register_games"]


@hookimpl
def trickcore_register_games(register: GameRegistrar) -> None:
    """Register :class:`~trickcore_allfours.rules.AllFours` as ``allfours``."""
    register(AllFours)

"""Registers Apples with trickcore through the ``trickcore`` entry-point group, as any
third-party game plugin would."""

from __future__ import annotations

from trickcore.hookspecs import GameRegistrar, hookimpl
from trickcore_apples.rules import Apples

__all__ = ["trickcore_register_games"]


@hookimpl
def trickcore_register_games(register: GameRegistrar) -> None:
    """Register :class:`~trickcore_apples.rules.Apples` as ``apples``."""
    register(Apples)

"""The plugin hooks (pluggy project name and entry-point group: ``trickcore``).

A plugin is a module (or object) with functions marked ``@trickcore.hookimpl`` named after the
hooks below. Each hook receives a ``register`` callback; the host records which plugin
registered what and rejects duplicate names. Every hook is documented in
``docs/plugins.md``; a test fails when one is not.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, Protocol, TypeVar

import pluggy

from trickcore.bots import BotFactory
from trickcore.game import GameFactory

__all__ = [
    "PROJECT",
    "BotRegistrar",
    "GameRegistrar",
    "hookimpl",
    "hookspec",
    "trickcore_register_bots",
    "trickcore_register_games",
]

PROJECT: Final = "trickcore"
"""The pluggy project name, which is also the entry-point group."""

_F = TypeVar("_F", bound=Callable[..., Any])
hookspec: Callable[[_F], _F] = pluggy.HookspecMarker(PROJECT)
hookimpl: Callable[[_F], _F] = pluggy.HookimplMarker(PROJECT)


class GameRegistrar(Protocol):
    """The callback ``trickcore_register_games`` receives: call it once per game class."""

    def __call__(self, game: GameFactory) -> None: ...


class BotRegistrar(Protocol):
    """The callback ``trickcore_register_bots`` receives: call it once per bot."""

    def __call__(self, bot: BotFactory) -> None: ...


@hookspec
def trickcore_register_games(register: GameRegistrar) -> None:
    """Register games: ``register(MyGame)`` for each game class (see :class:`GameFactory`)."""


@hookspec
def trickcore_register_bots(register: BotRegistrar) -> None:
    """Register bots: ``register(MyBot)`` for each bot class (see :class:`BotFactory`)."""

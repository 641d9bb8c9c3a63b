"""The test toy: the example game of the docs (High card, ``docs/examples/trickcore-example-game``)
with test-only bots, and a plugin host holding only them.

The game itself is :class:`trickcore_example_game.HighCard`, so the table, replay, match and CLI
tests run on the same small game that game authors read; this module adds what only the tests
need.
"""

from __future__ import annotations

from typing import Any, ClassVar

from trickcore_example_game.game import HighCard

from trickcore import BotSpec, PluginHost, build_host, hookimpl


class ToyRandomBot:
    """Picks uniformly from the legal actions with its own stream."""

    name: ClassVar[str] = "toy-random"
    description: ClassVar[str] = "random legal card"
    games: ClassVar[tuple[str, ...] | None] = (HighCard.name,)

    def __init__(self, spec: BotSpec) -> None:
        self.rng = spec.rng
        self.calls = 0

    def act(self, view: Any, legal: tuple[Any, ...]) -> Any:
        self.calls += 1
        return self.rng.choice(legal)


class FirstBot:
    """Always the first legal action."""

    name: ClassVar[str] = "first"
    description: ClassVar[str] = "first legal card"
    games: ClassVar[tuple[str, ...] | None] = None

    def __init__(self, spec: BotSpec) -> None:
        pass

    def act(self, view: Any, legal: tuple[Any, ...]) -> Any:
        return legal[0]


class ToyPlugin:
    """Registers the example game and the test bots."""

    @hookimpl
    def trickcore_register_games(self, register: Any) -> None:
        register(HighCard)

    @hookimpl
    def trickcore_register_bots(self, register: Any) -> None:
        register(ToyRandomBot)
        register(FirstBot)


def toy_host() -> PluginHost:
    """A host with only the example game and the test bots (no entry points), strict."""
    return build_host(entry_points=False, plugins=[("toy", ToyPlugin())], strict=True)

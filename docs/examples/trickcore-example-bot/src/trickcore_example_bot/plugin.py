"""The module the ``example_bot`` entry point names: trickcore imports it and calls its hooks."""

from __future__ import annotations

from typing import ClassVar, TypeVar

import trickcore

A = TypeVar("A")


class FirstLegalBot:
    """Always plays the first legal action: deterministic, instant, and a baseline to beat."""

    name: ClassVar[str] = "first-legal"
    description: ClassVar[str] = "always plays the first legal action (example plugin)"
    games: ClassVar[tuple[str, ...] | None] = None  # None: it plays every game

    def __init__(self, spec: trickcore.BotSpec) -> None:
        # spec.game is the bound game, spec.seat the seat played and spec.rng this bot's own
        # random stream; spec.options holds the user's settings. This bot needs none of them.
        self.spec = spec

    def act(self, view: object, legal: tuple[A, ...]) -> A:
        """Pick an action: a bot sees its seat's view and the legal actions, never the state."""
        return legal[0]


@trickcore.hookimpl
def trickcore_register_bots(register: trickcore.BotRegistrar) -> None:
    """Called once when the plugin loads: register each bot class of this package."""
    register(FirstLegalBot)

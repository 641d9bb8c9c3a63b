"""The module the ``example_game`` entry point names: trickcore imports it and calls its hooks."""

from __future__ import annotations

import trickcore
from trickcore_example_game.game import HighCard


@trickcore.hookimpl
def trickcore_register_games(register: trickcore.GameRegistrar) -> None:
    """Called once when the plugin loads: register each game class of this package."""
    register(HighCard)

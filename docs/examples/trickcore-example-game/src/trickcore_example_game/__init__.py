"""An example trickcore game plugin: registers the game "high-card" (see ``rules.py``)."""

from trickcore_example_game.rules import HighCard
from trickcore_example_game.state import (
    HAND_SIZE,
    PACK,
    HighCardAction,
    HighCardOptions,
    HighCardState,
    HighCardView,
    Phase,
    Play,
)

__all__ = [
    "HAND_SIZE",
    "PACK",
    "HighCard",
    "HighCardAction",
    "HighCardOptions",
    "HighCardState",
    "HighCardView",
    "Phase",
    "Play",
]
__version__ = "1.0.0"

"""An example trickcore game plugin: the game "high-card", in ``game.py``."""

from trickcore_example_game.game import HighCard

__all__ = ["HighCard"]
__version__ = "1.0.0"

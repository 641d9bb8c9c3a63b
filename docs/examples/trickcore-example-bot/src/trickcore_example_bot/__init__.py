"""An example trickcore bot plugin: registers the bot "first-legal" (see ``plugin.py``)."""

from trickcore_example_bot.plugin import FirstLegalBot

__all__ = ["FirstLegalBot"]
__version__ = "1.0.0"

"""The module the ``bots`` entry point names: registers the built-in bots with trickcore."""

from __future__ import annotations

from trickcore.hookspecs import BotRegistrar, hookimpl
from trickcore_bots.allfours_heuristic import AllFoursHeuristicBot
from trickcore_bots.apples_heuristic import ApplesHeuristicBot
from trickcore_bots.euchre_heuristic import EuchreHeuristicBot
from trickcore_bots.random_bot import RandomBot
from trickcore_bots.search import IsmctsBot, PimcBot

__all__ = ["trickcore_register_bots"]


@hookimpl
def trickcore_register_bots(register: BotRegistrar) -> None:
    """Register ``random``, ``pimc`` and ``ismcts`` (every game; the search bots need
    ``determinize``) and the ``heuristic`` bots of Euchre, All Fours and Apples."""
    register(RandomBot)
    register(EuchreHeuristicBot)
    register(AllFoursHeuristicBot)
    register(ApplesHeuristicBot)
    register(PimcBot)
    register(IsmctsBot)

"""The built-in bots of trickcore, registered through the ``trickcore`` entry-point group
exactly as a third-party bot package would be (DESIGN 5, 6).

* ``random`` (:class:`RandomBot`): every game; a uniform choice among the legal actions.
* ``heuristic`` for Euchre (:class:`EuchreHeuristicBot`): plays like a sensible club player.
* ``heuristic`` for All Fours (:class:`AllFoursHeuristicBot`): likewise.
* ``heuristic`` for Apples (:class:`ApplesHeuristicBot`): plays by the source's strategy notes.
* ``pimc`` (:class:`PimcBot`) and ``ismcts`` (:class:`IsmctsBot`): determinization search,
  every game that provides ``determinize`` (:mod:`trickcore_bots.search`).
"""

from __future__ import annotations

from trickcore_bots.allfours_heuristic import AllFoursHeuristicBot
from trickcore_bots.apples_heuristic import ApplesHeuristicBot
from trickcore_bots.euchre_heuristic import EuchreHeuristicBot
from trickcore_bots.random_bot import RandomBot
from trickcore_bots.search import IsmctsBot, PimcBot, SearchOptions

__all__ = [
    "AllFoursHeuristicBot",
    "ApplesHeuristicBot",
    "EuchreHeuristicBot",
    "IsmctsBot",
    "PimcBot",
    "RandomBot",
    "SearchOptions",
]

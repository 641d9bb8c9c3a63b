"""Tournaments: many bots-only games with duplicate deals, on any executor (DESIGN 8).

One module per concern:

* :mod:`~trickcore.match.records`: the plain data (:class:`GameTask`, :class:`GameResult`,
  :class:`MatchHeader`, :class:`MatchResult`, :class:`EntryStats`, :class:`Estimate`) and which
  game of a match a task is (:func:`rotations`, :func:`deal_seed`);
* :mod:`~trickcore.match.stats`: the confidence intervals and each entry's statistics;
* :mod:`~trickcore.match.results_file`: the resumable JSON-lines out file;
* :mod:`~trickcore.match.runner`: playing tasks, in-process or on a
  :class:`concurrent.futures.Executor` (:func:`play_game`);
* :mod:`~trickcore.match.tournament`: the :class:`Match` that ties them together.

The text table of a result is the command line's (:func:`trickcore.cli.tables.match_table`).
"""

from __future__ import annotations

from trickcore.errors import MatchError
from trickcore.match.records import (
    OUT_FORMAT,
    EntryStats,
    Estimate,
    GameResult,
    GameTask,
    MatchHeader,
    MatchResult,
    deal_seed,
    rotations,
)
from trickcore.match.runner import play_game
from trickcore.match.stats import Z95, bootstrap_interval, mean_interval, wilson_interval
from trickcore.match.tournament import Match, Progress

__all__ = [
    "OUT_FORMAT",
    "Z95",
    "EntryStats",
    "Estimate",
    "GameResult",
    "GameTask",
    "Match",
    "MatchError",
    "MatchHeader",
    "MatchResult",
    "Progress",
    "bootstrap_interval",
    "deal_seed",
    "mean_interval",
    "play_game",
    "rotations",
    "wilson_interval",
]

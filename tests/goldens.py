"""The recorded games of ``tests/data``, played again: the helper of the determinism tests."""

from __future__ import annotations

from typing import Any

import trickcore
from trickcore.replay import Replay


def played_again(recorded: Replay) -> trickcore.Table[Any, Any, Any]:
    """A fresh table of the recorded game, its options, seats (bots) and seed, played to the
    end: its replay and final state are the recorded ones when the engine and the bots choose
    as they did."""
    assert recorded.seed is not None, "a golden game names its seed"
    game = trickcore.load(recorded.game, **recorded.options)
    table = trickcore.Table(game, list(recorded.seats), seed=recorded.seed)
    table.run()
    return table

"""DESIGN 7 for All Fours: the same seed gives the same game, bit for bit, on every supported
Python (tox runs this file on 3.10 to 3.13).

Recorded once with ``trickcore play allfours --bots heuristic --seed 7 --save ...`` (4 players)
and ``trickcore play allfours --bots random --seed 7 --option players=2 --option tobago=true
--option no_undertrump=true --save ...`` (2 players). The heuristic game was recorded again
on 2026-12-07, when the All Fours ``heuristic``'s thresholds changed (the same seed and seats,
new actions; still replay format 1, whose digest is the final state's alone).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from goldens import played_again

import trickcore
from trickcore import replay as replays

DATA = Path(__file__).parent / "data"
GOLDEN = ["allfours_heuristic_seed7.json", "allfours_2p_random_seed7.json"]


@pytest.mark.parametrize("name", GOLDEN)
def test_the_recorded_game_verifies_and_plays_again(name: str) -> None:
    recorded = replays.loads((DATA / name).read_bytes())
    outcome = replays.verify(recorded)
    assert outcome == recorded.outcome and outcome.finished
    table = played_again(recorded)
    again = table.replay()
    assert again.actions == recorded.actions
    # The golden files are replay format 1, whose digest is the final state's alone.
    assert recorded.format == 1 and trickcore.digest(table.state) == recorded.digest

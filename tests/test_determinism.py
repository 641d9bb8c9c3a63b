"""DESIGN 7: the same seed gives the same game, bit for bit, on every supported Python.

``tests/data/euchre_random_seed7.json`` was recorded once by
``trickcore play euchre --bots random --seed 7 --save ...``. tox runs this file on Python
3.10, 3.11, 3.12 and 3.13, so each of them must deal, choose and score exactly as recorded.
"""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest
from goldens import played_again

import trickcore
from trickcore import replay as replays

GOLDEN = Path(__file__).parent / "data" / "euchre_random_seed7.json"


def test_the_recorded_game_verifies() -> None:
    recorded = replays.loads(GOLDEN.read_bytes())
    outcome = replays.verify(recorded)
    # Recorded before outcomes carried per-seat returns: the rest must match exactly.
    assert recorded.outcome is not None and recorded.outcome.returns == ()
    assert msgspec.structs.replace(outcome, returns=()) == recorded.outcome
    assert outcome.finished
    winners = trickcore.load("euchre").sides[recorded.outcome.winner or 0]
    assert outcome.returns == tuple(1.0 if seat in winners else -1.0 for seat in range(4))


@pytest.mark.parametrize("golden", [GOLDEN, GOLDEN.with_name("apples_random_seed7.json")])
def test_the_same_seed_plays_the_same_game_again(golden: Path) -> None:
    recorded = replays.loads(golden.read_bytes())
    table = played_again(recorded)
    again = table.replay()
    assert again.actions == recorded.actions
    assert again.checkpoints == recorded.checkpoints
    # The golden files are replay format 1, whose digest is the final state's alone.
    assert recorded.format == 1 and trickcore.digest(table.state) == recorded.digest

"""DESIGN 7 for Apples: the same seed gives the same game, bit for bit, on every supported Python.

``tests/data/apples_random_seed7.json`` was recorded once by
``trickcore play apples --bots random --seed 7 --save ...`` (a whole game to 250, with its
pile shuffles). tox runs this file on Python 3.10 to 3.13, so each of them must deal,
choose and score exactly as recorded. ``tests/test_determinism.py`` plays it again from its seed.
"""

from __future__ import annotations

from pathlib import Path

from trickcore import replay as replays

GOLDEN = Path(__file__).parent / "data" / "apples_random_seed7.json"


def test_the_recorded_game_verifies() -> None:
    recorded = replays.loads(GOLDEN.read_bytes())
    assert recorded.game == "apples"
    outcome = replays.verify(recorded)
    assert outcome == recorded.outcome and outcome.finished
    assert outcome.winner is not None and max(outcome.scores) >= 250
    assert outcome.returns[outcome.winner] == 1.0
    shuffles = [a for a in recorded.actions if a["type"] == "shuffle"]
    piles = [a for a in shuffles if len(a["order"]) < 52]
    assert piles  # the bidding pile's shuffles are chance actions of their own

"""The built-in bots play the same games from the same seed, bit for bit, on every supported
Python and in both builds (tox runs this file on 3.10 to 3.13, and compiled): recorded games of
the Euchre and Apples ``heuristic`` (whole games), and of ``pimc`` and ``ismcts`` against the
``heuristic`` in one hand of each game (their default playouts, inference off).

Recorded on 2026-12-07 (in ``tests/data/bots``) with::

    trickcore play euchre --bots heuristic --seed 7 --save euchre_heuristic_seed7.json
    trickcore play apples --bots heuristic --seed 7 --save apples_heuristic_seed7.json
    trickcore play GAME --bots pimc,heuristic,ismcts,heuristic --seed 7 \\
        --option single_hand=true --save GAME_search_seed7.json

after the leaner heuristic playouts of that day (docs/performance.md, "The search bots at
their defaults"); the code before them (commit b4dbfc5) plays every one of them again as
recorded, in both builds. The All Fours ``heuristic``'s whole game is
``test_allfours_determinism.py``'s. A bot whose moves change on purpose records its games
again, with the reason here and in the CHANGELOG.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from goldens import played_again

from trickcore import replay as replays

DATA = Path(__file__).parent / "data" / "bots"  # replay format 2, unlike those beside it
GOLDEN = [
    "euchre_heuristic_seed7.json",
    "apples_heuristic_seed7.json",
    "euchre_search_seed7.json",
    "allfours_search_seed7.json",
    "apples_search_seed7.json",
]


@pytest.mark.parametrize("name", GOLDEN)
def test_the_bots_play_the_recorded_game_again(name: str) -> None:
    recorded = replays.loads((DATA / name).read_bytes())
    assert replays.verify(recorded) == recorded.outcome  # the file is sound
    assert recorded.outcome is not None and recorded.outcome.finished
    again = played_again(recorded).replay()
    assert again.actions == recorded.actions
    assert again.checkpoints == recorded.checkpoints
    assert again.digest == recorded.digest


def test_the_recorded_games_are_the_bots_own() -> None:
    """Each file names the bots it pins: the search bots' at the even seats."""
    seats = {name: replays.loads((DATA / name).read_bytes()).seats for name in GOLDEN}
    assert seats["euchre_heuristic_seed7.json"] == ("heuristic",) * 4
    assert seats["apples_heuristic_seed7.json"] == ("heuristic",) * 4
    for game in ("euchre", "allfours", "apples"):
        assert seats[f"{game}_search_seed7.json"] == ("pimc", "heuristic", "ismcts", "heuristic")

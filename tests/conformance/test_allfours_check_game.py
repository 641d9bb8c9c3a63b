"""The game contract (``trickcore.testing.check_game``) for All Fours with both player counts.

The regular suite also plays every registered game over its all-pairs option combinations
(``tests/test_testing.py``), and ``tox -e conformance`` over every combination
(``tests/test_conformance_sweep.py``: 192 for All Fours).
"""

from __future__ import annotations

import pytest
from sweeps import sweep_size

from trickcore.testing import check_game

OPTIONS = [
    {"players": 2},
    {"players": 2, "tobago": True, "no_undertrump": True, "first_dealer": 1},
    {"players": 4, "no_give_to_win": True, "target": 5, "hang_jack": 10},
    {"players": 4, "single_hand": True, "first_dealer": 3},
]


@pytest.mark.slow_sweep
@pytest.mark.parametrize("options", OPTIONS, ids=lambda options: str(sorted(options.items())))
def test_check_game_passes(options: dict[str, object]) -> None:
    games = sweep_size(2, 1)  # whole games: one each in the fast slice of tests/sweeps.py
    assert check_game("allfours", options=options, games=games, seed=11) == games

"""The game contract (``trickcore.testing.check_game``) for Apples over every option
combination: random games checked at every step (cards, views, determinize, events, replays).

A game to the default target of 250 takes about 12 rounds (some 12 s under every check); here
those stop after 150 actions (two rounds), and the whole games are played by the opt-in
sweep (``tox -e conformance``) and by ``tests/test_testing.py`` for the default options."""

from __future__ import annotations

from typing import Any

import pytest
from sweeps import sweep_slice

from trickcore.testing import check_game, option_combinations
from trickcore_apples import ApplesOptions

EVERY = option_combinations(ApplesOptions, combinations="every")
SWEPT = sweep_slice(EVERY, 3)
"""A slow sweep: every combination in full, 3 of the 8 in the fast slice (tests/sweeps.py)."""


def test_the_combinations_cover_every_option_value() -> None:
    assert len(EVERY) == 2 * 2 * 2  # target 250 and 1, pass_is_final, single_hand


@pytest.mark.slow_sweep
@pytest.mark.parametrize("options", SWEPT, ids=[str(sorted(o.items())) for o in SWEPT])
def test_apples_conforms(options: dict[str, Any]) -> None:
    short = options.get("target") == 1 or options.get("single_hand", False)
    assert check_game("apples", options=options, seed=11, max_actions=None if short else 150) == 1

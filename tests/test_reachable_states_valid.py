"""``validate`` accepts every state a legal game reaches, the score history included (issue 10):
random games through :class:`~trickcore.Table`, several hands each (small targets: the game
ends, All Fours redeals, Apples plays on after a tie at the target), every state of each
checked. ``check_game`` checks the same over the option combinations; this test aims at the
game so far: last hands, dealers, totals and winners (E1, E8, E9; F1, F3, F5; A1, A7, A8)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import trickcore
from trickcore import Table

OPTIONS: dict[str, list[dict[str, Any]]] = {
    "euchre": [{"target": 5}, {"target": 3, "first_dealer": 2}, {"single_hand": True}],
    "allfours": [
        {"target": 14},
        {"players": 2, "target": 7},
        {"target": 21, "tobago": True, "hang_jack": 5, "first_dealer": 1},
        {"single_hand": True},
    ],
    "apples": [{"target": 1}, {"target": 100, "first_dealer": 3}, {"single_hand": True}],
}


@settings(max_examples=40)
@given(
    name=st.sampled_from(sorted(OPTIONS)),
    choice=st.integers(0, 3),
    seed=st.integers(0, 2**32 - 1),
)
def test_every_reachable_state_is_valid(name: str, choice: int, seed: int) -> None:
    options = OPTIONS[name][choice % len(OPTIONS[name])]
    game = trickcore.load(name, **options)
    table = Table(game, ["random"] * game.seats, seed=seed)
    table.run()
    states = table.history().states
    assert game.outcome(states[-1]).finished
    for state in states:
        game.validate(state)

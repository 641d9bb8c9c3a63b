"""benchmarks/inference_fit.py (issue 23.2): the fit of a world to the true deal, the decisions
measured and the table."""

from __future__ import annotations

import pytest
from benchmark_scripts import benchmark
from msgspec.structs import replace

import trickcore

fits = benchmark("inference_fit")


def test_the_true_deal_fits_wholly_and_a_swapped_one_less() -> None:
    game = trickcore.load("euchre", single_hand=True)
    found = fits.decisions(game, 2, seed=3)
    state, seat = found[-1]
    assert fits.fit(state, state, seat) == 1.0
    others = [other for other in range(game.seats) if other != seat]
    hands = list(state.hands)
    hands[others[0]], hands[others[1]] = hands[others[1]], hands[others[0]]
    swapped = replace(state, hands=tuple(hands))
    lost = len(state.hands[others[0]]) + len(state.hands[others[1]])
    held = sum(len(state.hands[other]) for other in others)
    assert fits.fit(swapped, state, seat) == pytest.approx(1 - lost / held)


def test_the_observer_takes_turns_and_every_decision_has_a_choice() -> None:
    game = trickcore.load("euchre", single_hand=True)
    found = fits.decisions(game, 4, seed=1)
    assert {seat for _, seat in found} == {0, 1, 2, 3}
    assert all(len(game.legal_actions(state)) > 1 for state, _ in found)
    assert all(game.actor(state) == seat for state, seat in found)


def test_a_small_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert fits.main(["--game", "allfours", "--hands", "2", "--worlds", "3", "--pools", "2"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| ")]
    assert [row.split(" | ")[0] for row in rows[2:]] == ["| off", "| own:2", "| shared:2"]
    for row in rows[2:]:
        fit = float(row.split(" | ")[2])
        assert 0.0 < fit <= 1.0

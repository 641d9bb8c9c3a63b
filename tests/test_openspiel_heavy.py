"""The opt-in OpenSpiel and PettingZoo runs (issue 13, "Must hold"; ``tox -e openspiel-heavy``).

Skipped unless ``TRICKCORE_OPENSPIEL_HEAVY=1`` (and, like ``tests/test_openspiel.py``, without
the extras: OpenSpiel 2.0.2 has no wheel for Python 3.10). Run with ``-s`` to see the figures:

* PettingZoo's ``performance_benchmark(env)`` (random legal moves for a fixed 5 s) on
  ``trickcore.rl.env`` for every registered game: it ran turns, and the turns per second;
* OpenSpiel's Python ``ISMCTSBot`` against uniformly random moves on every game with a true
  length bound (``max_game_length`` of its own: one-hand Euchre, High card), over duplicate
  deals: it scores more points, by a 95% interval that excludes zero; and a small run of
  ``benchmarks/ismcts_openspiel.py`` (our ``ismcts`` against that bot at equal time per move);
* one iteration of OpenSpiel's external-sampling MCCFR on one-hand Euchre: timed, and the
  solver's average policy is a probability distribution over the legal actions at the
  information states it reached.

``TRICKCORE_OPENSPIEL_HEAVY_DEALS`` sets the duplicate deals of the strength runs (30).
"""

from __future__ import annotations

import io
import json
import math
import os
import re
import sys
import time
from contextlib import redirect_stdout
from typing import Any

import pytest
from benchmark_scripts import benchmark

if os.environ.get("CI") == "true" and sys.version_info >= (3, 11):  # CI installs the extras
    import numpy as np
    import pyspiel
else:  # open_spiel 2.0.2 publishes no wheel for Python 3.10
    np = pytest.importorskip("numpy", reason="the openspiel extra is not installed")
    pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")
    pytest.importorskip("pettingzoo", reason="the rl extra is not installed")

from open_spiel.python.algorithms import external_sampling_mccfr, ismcts, mcts
from pettingzoo.test import performance_benchmark
from test_openspiel import GAMES, bounded

import trickcore.openspiel as tos
from trickcore import Rng, rl
from trickcore.match.stats import mean_interval

pytestmark = [
    pytest.mark.skipif(sys.version_info < (3, 11), reason="OpenSpiel 2.0.2 needs Python 3.11+"),
    pytest.mark.skipif(
        os.environ.get("TRICKCORE_OPENSPIEL_HEAVY", "") in ("", "0"),
        reason="opt-in: TRICKCORE_OPENSPIEL_HEAVY=1 (tox -e openspiel-heavy)",
    ),
]

DEALS = int(os.environ.get("TRICKCORE_OPENSPIEL_HEAVY_DEALS", "30"))
SIMULATIONS = 50
"""OpenSpiel's ISMCTS simulations per move in the strength runs against random."""


def play_chance(state: Any, deal: int, drawn: int) -> int:
    """Resolve a chance node of deal ``deal``: its ``drawn``-th chance node draws from
    ``Rng("heavy", deal, drawn)``, so both games of a duplicate deal are dealt alike."""
    outcomes = state.chance_outcomes()
    state.apply_action(outcomes[Rng("heavy", deal, drawn).below(len(outcomes))][0])
    return drawn + 1


# -- PettingZoo's performance benchmark --------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_performance_benchmark(name: str) -> None:
    printed = io.StringIO()
    with redirect_stdout(printed):
        performance_benchmark(rl.env(name))  # a fixed 5 s of random legal moves
    found = re.search(r"^([0-9.e+]+) turns per second$", printed.getvalue(), re.MULTILINE)
    assert found is not None, printed.getvalue()
    turns_per_second = float(found.group(1))
    assert turns_per_second > 0
    print(f"\nperformance_benchmark {name}: {turns_per_second:,.0f} turns/s")


# -- ISMCTS strength ---------------------------------------------------------------------------

STRENGTH_GAMES = tuple(name for name in GAMES if bounded(name))
"""The games whose OpenSpiel length bound is their own (no ``max_game_length`` cap)."""


def ismcts_bot(game: Any, seed: int) -> Any:
    """OpenSpiel's Python ISMCTS bot as ``benchmarks/ismcts_openspiel.py`` sets it up."""
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed))
    return ismcts.ISMCTSBot(
        game,
        evaluator,
        uct_c=2.0,
        max_simulations=SIMULATIONS,
        random_state=np.random.RandomState(seed + 1),
        final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
    )


def test_every_game_with_a_bound_of_its_own_has_a_strength_run() -> None:
    assert "euchre" in STRENGTH_GAMES


@pytest.mark.parametrize("name", STRENGTH_GAMES)
def test_openspiel_ismcts_beats_random(name: str) -> None:
    game = pyspiel.load_game(tos.short_name(name))
    trickcore_game = game.trickcore_game
    sides = trickcore_game.sides
    bot = ismcts_bot(game, 7)
    random_moves = Rng("heavy", "random", name)
    margins = []
    started = time.perf_counter()
    for deal in range(DEALS):
        per_side = []
        for searching in range(len(sides)):  # ISMCTS holds each side once, the same deal
            state, drawn = game.new_initial_state(), 0
            while not state.is_terminal():
                if state.is_chance_node():
                    drawn = play_chance(state, deal, drawn)
                elif trickcore_game.side_of(state.current_player()) == searching:
                    state.apply_action(int(bot.step(state)))
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[random_moves.below(len(legal))])
            scores = trickcore_game.outcome(state.trickcore_state).scores
            others = [score for side, score in enumerate(scores) if side != searching]
            per_side.append(scores[searching] - math.fsum(others) / len(others))
        margins.append(math.fsum(per_side) / len(per_side))
    estimate = mean_interval(margins)
    print(
        f"\nISMCTS ({SIMULATIONS} simulations) - random, {name}, {DEALS} duplicate deals: "
        f"{estimate.value:+.3f} points per hand, 95% CI [{estimate.low:+.3f}, "
        f"{estimate.high:+.3f}] ({time.perf_counter() - started:.0f} s)"
    )
    assert estimate.low is not None and estimate.low > 0


def test_the_equal_time_benchmark_runs_small() -> None:
    script = benchmark("ismcts_openspiel")
    printed = io.StringIO()
    with redirect_stdout(printed):
        assert script.main(["--deals", "3", "--seconds-per-move", "0.02", "--json"]) == 0
    report = json.loads(printed.getvalue())
    assert report["deals"] == 3
    assert report["ours_moves"] > 0 and report["theirs_moves"] > 0
    assert report["ours_seconds_per_move"] >= 0.02  # our bot searches until its budget is out
    assert report["theirs_simulations_per_move"] >= 1
    assert report["low"] <= report["diff"] <= report["high"]
    assert report["verdict"].split()[0] in ("ours", "OpenSpiel's", "no")
    assert report["settings"]["final_policy_type"] == "MAX_VISIT_COUNT"
    print(f"\nbenchmarks/ismcts_openspiel.py, 3 deals at 0.02 s per move: {report}")


# -- MCCFR -------------------------------------------------------------------------------------


def test_one_external_sampling_mccfr_iteration_on_one_hand_euchre() -> None:
    game = pyspiel.load_game("trickcore_euchre")
    saved = np.random.get_state()  # the solver samples from numpy's global generator
    try:
        np.random.seed(13)
        solver = external_sampling_mccfr.ExternalSamplingSolver(game)
        started = time.perf_counter()
        solver.iteration()
        seconds = time.perf_counter() - started
        # The deal of the solver's first pass: every chance node comes before the first move,
        # and the pass draws them first, in this order, from the same seed.
        np.random.seed(13)
        state = game.new_initial_state()
        while state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(np.random.choice(outcomes, p=probabilities)))
    finally:
        np.random.set_state(saved)
    average = solver.average_policy()
    rng = Rng("heavy", "mccfr")
    reached = checked = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        probabilities = average.action_probabilities(state)
        assert set(probabilities) == set(legal)
        assert all(p >= 0 for p in probabilities.values())
        assert math.fsum(probabilities.values()) == pytest.approx(1.0)
        reached += state.information_state_string() in solver._infostates
        checked += 1
        state.apply_action(legal[rng.below(len(legal))])
    print(
        f"\nexternal-sampling MCCFR, one iteration on trickcore_euchre: {seconds:.2f} s, "
        f"{len(solver._infostates)} information states; policy checked at {checked} states "
        f"({reached} reached by the iteration)"
    )
    assert reached >= 1  # the first decision of the deal of the first pass, at least

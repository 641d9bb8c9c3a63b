"""benchmarks/search_levers.py (issue 23.2): the phases of a decision, the variants' names, and
a small match whose figure and CPU records add up."""

from __future__ import annotations

from typing import Any

import pytest
from benchmark_scripts import benchmark

import trickcore
from trickcore import CHANCE, Rng

levers = benchmark("search_levers")


def phases_met(name: str, seed: int) -> set[str]:
    """The phases of every decision with a choice in one random hand."""
    game = trickcore.load(name, single_hand=True)
    state, rng, met = game.initial_state(), Rng(seed, "phases"), set()
    while (actor := game.actor(state)) is not None:
        if actor is CHANCE:
            state = game.apply(state, game.sample_chance(state, rng))
            continue
        legal: tuple[Any, ...] = game.legal_actions(state)
        met.add(levers.phase(legal))
        state = game.apply(state, legal[rng.below(len(legal))])
    return met


@pytest.mark.parametrize(
    ("name", "expected"),
    [("euchre", {"bid", "play"}), ("allfours", {"bid", "play"}), ("apples", {"bid", "play"})],
)
def test_every_decision_has_a_phase(name: str, expected: set[str]) -> None:
    met = set().union(*(phases_met(name, seed) for seed in range(3)))
    assert expected <= met <= levers.PHASES


def test_variant_names_are_registrable() -> None:
    assert levers.bot_name("pimc:solve=3") == "pimc-solve-3"
    assert levers.bot_name("ismcts@play") == "ismcts-play"
    assert levers.bot_name("pimc") == "pimc-variant"
    with pytest.raises(SystemExit, match="phase"):
        levers.variant("pimc@tricks", levers.Clock())


def test_a_small_comparison_adds_up() -> None:
    row = levers.compare("euchre", "pimc:iterations=6,solve=1@play", "heuristic", 2, 3)
    assert (row.game, row.deals, row.against) == ("euchre", 2, "heuristic")
    assert row.low is not None and row.high is not None
    assert row.low <= row.diff <= row.high
    assert row.decisions > 0
    assert row.cpu_ms > 0


def test_a_variant_s_options_reach_its_search_bot() -> None:
    game = trickcore.load("euchre", single_hand=True)
    factory = levers.variant("pimc:inference=auction,inference_pool=8", levers.Clock())
    bot: Any = factory(trickcore.BotSpec(game, 1, Rng(1)))
    assert (bot._search._options.inference, bot._search._options.inference_pool) == (
        "auction",
        8,
    )
    with pytest.raises(trickcore.OptionError, match="inference"):
        levers.variant("pimc:inference=bids", levers.Clock())(trickcore.BotSpec(game, 1, Rng(1)))

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


@pytest.mark.parametrize("name", ["euchre", "allfours", "apples"])
def test_lead_and_follow_split_the_card_play(name: str) -> None:
    """Every card play with a choice is ``lead`` (an empty trick: E7, F4, A6) or ``follow``
    (a trick already led), never both; no other decision is either."""
    game = trickcore.load(name, single_hand=True)
    met: set[str] = set()
    for seed in range(3):
        state, rng = game.initial_state(), Rng(seed, "parts")
        while (actor := game.actor(state)) is not None:
            if actor is CHANCE:
                state = game.apply(state, game.sample_chance(state, rng))
                continue
            legal: tuple[Any, ...] = game.legal_actions(state)
            view = game.view(state, actor)
            parts = {part for part in levers.PLAY_PARTS if levers.in_phase(part, view, legal)}
            if levers.phase(legal) == "play":
                assert parts == {"follow" if view.trick else "lead"}
                met |= parts
            else:
                assert not parts
            state = game.apply(state, legal[rng.below(len(legal))])
    assert met == {"lead", "follow"}


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


def test_a_variant_against_a_variant_times_both() -> None:
    row = levers.compare("euchre", "pimc:iterations=6@bid", "pimc:iterations=4@bid", 2, 3)
    assert row.against == "pimc:iterations=4@bid"
    assert row.low is not None and row.high is not None
    assert row.low <= row.diff <= row.high
    assert row.decisions > 0 and row.against_decisions is not None
    assert row.against_decisions > 0
    assert row.against_cpu_ms is not None and row.against_cpu_ms > 0
    assert "ms (" in levers.line(row)


def test_a_registered_reference_is_not_timed() -> None:
    row = levers.compare("euchre", "pimc:iterations=4@bid", "heuristic", 2, 3)
    assert (row.against_cpu_ms, row.against_decisions) == (None, None)
    assert levers.line(row).endswith("| — |")


def test_a_variant_cannot_meet_itself() -> None:
    with pytest.raises(SystemExit, match="same bot"):
        levers.compare("euchre", "pimc:iterations=4@bid", "pimc:iterations=4@bid", 2, 3)


def test_options_and_a_phase_together() -> None:
    """``pimc:iterations=400@bid``: the options reach the search bot, which acts in the bids
    only (E4); a card play (E7) is the heuristic's, untimed."""
    game = trickcore.load("euchre", single_hand=True)
    clock = levers.Clock()
    bot: Any = levers.variant("pimc:iterations=400,inference=auction@bid", clock)(
        trickcore.BotSpec(game, 1, Rng(1))
    )
    assert (bot._search._options.iterations, bot._search._options.inference) == (400, "auction")
    state = game.initial_state()
    rng = Rng(5, "deal")
    while (actor := game.actor(state)) is not None:
        legal: tuple[Any, ...] = game.legal_actions(state)
        if actor is CHANCE:
            state = game.apply(state, game.sample_chance(state, rng))
            continue
        if levers.phase(legal) == "play" and len(legal) > 1:
            heuristic = bot._heuristic.act(game.view(state, actor), legal)
            assert bot.act(game.view(state, actor), legal) == heuristic
            assert clock.decisions == 0
            return
        state = game.apply(state, legal[-1])  # the last: a bid is made, the cards are played
    pytest.fail("no card play with a choice in the hand")


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

"""Euchre's fast playout (:mod:`trickcore_euchre.playout`, DESIGN 9a): from a state in any
phase (E3-E8), under every option set (E9), for a single hand and a whole game, with and
without ``until_chance``, it reaches the same state as the public API's playout
(:func:`trickcore.playout.random_playout`) from the same stream."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import trickcore
from trickcore import CHANCE, Card, Rng
from trickcore.playout import FastOutcome, FastPlayout, random_playout
from trickcore_euchre.actions import Pass
from trickcore_euchre.playout import STATE_FIELDS
from trickcore_euchre.state import EuchreState, Phase

OPTION_SETS = [
    {
        "deck": deck,
        "stick_the_dealer": stick,
        "who_may_go_alone": alone,
        "lone_lead": lead,
        "lone_defender_bonus": bonus,
        "single_hand": single,
        "target": target,
    }
    for deck, stick, alone, lead, bonus, single, target in itertools.product(
        (24, 32, 25),
        (False, True),
        ("anyone", "maker_or_defenders", "makers", "maker", "nobody"),
        ("lone_left", "dealer_left"),
        (False, True),
        (False, True),
        (3, 10),
    )
]
"""Every value of every option of E9 (a low target too, so that whole games stay short)."""

_games: dict[tuple[Any, ...], Any] = {}


def load(options: dict[str, Any], first_dealer: int | None = None) -> Any:
    key = (*options.values(), first_dealer)
    if key not in _games:
        _games[key] = trickcore.load("euchre", **options, first_dealer=first_dealer)
    return _games[key]


def trail(game: Any, seed: int, steps: int) -> list[EuchreState]:
    """The states of a random game from the start, through ``steps`` actions (chance ones
    included) or to its end."""
    state: EuchreState = game.initial_state()
    states = [state]
    rng = Rng(seed, "walk")
    for _ in range(steps):
        actor = game.actor(state)
        if actor is None:
            break
        if actor is CHANCE:
            action = game.sample_chance(state, rng)
        else:
            legal = game.legal_actions(state)
            action = legal[rng.below(len(legal))]
        state = game.apply(state, action)
        states.append(state)
    return states


def walk(game: Any, seed: int, steps: int) -> EuchreState:
    """The state after ``steps`` random actions from the start (or the end of the game)."""
    return trail(game, seed, steps)[-1]


def agree(game: Any, state: EuchreState, seed: int, until_chance: bool) -> EuchreState:
    """The fast playout's end, checked against the public API's from the same stream, and the
    fast outcome (``random_playout_outcome``) against the outcome of that end; each leaves
    its stream where the public API's playout leaves it."""
    streams = [Rng(seed, "playout") for _ in range(3)]
    reference = random_playout(game, state, streams[0], until_chance=until_chance)
    fast = game.random_playout(state, streams[1], until_chance=until_chance)
    outcome = game.random_playout_outcome(state, streams[2], until_chance=until_chance)
    assert fast == reference, (state, seed, until_chance)
    assert outcome == game.outcome(reference), (state, seed, until_chance)
    assert len({stream.next_u64() for stream in streams}) == 1, (state, seed, until_chance)
    return fast


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    options=st.sampled_from(OPTION_SETS),
    first_dealer=st.sampled_from([None, 0, 1, 2, 3]),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 80),
    until_chance=st.booleans(),
)
def test_from_any_state_the_fast_playout_ends_where_the_public_api_does(
    options: dict[str, Any], first_dealer: int | None, seed: int, steps: int, until_chance: bool
) -> None:
    game = load(options, first_dealer)
    agree(game, walk(game, seed, steps), seed, until_chance)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    options=st.sampled_from(OPTION_SETS),
    seed=st.integers(0, 2**32),
    steps=st.integers(1, 40),
    until_chance=st.booleans(),
)
def test_from_a_sampled_world_the_fast_playout_ends_where_the_public_api_does(
    options: dict[str, Any], seed: int, steps: int, until_chance: bool
) -> None:
    """What a search bot plays out: a world determinized from a seat's view."""
    game = load(options)
    state = walk(game, seed, steps)
    actor = game.actor(state)
    if actor is None or actor is CHANCE:
        return
    world = game.determinize(game.view(state, actor), Rng(seed, "world"))
    agree(game, world, seed, until_chance)


def test_every_phase_and_every_way_a_hand_ends_is_compared() -> None:
    """The comparisons above reach every phase (E3-E8) as a start and every kind of end: a
    turned-up joker (E5), lone players on one side and on both (E6),
    a march and a euchre (E8), a whole game to the target (E1) and a stop before the deal."""
    starts: Counter[Phase] = Counter()
    ends: Counter[str] = Counter()
    rare = {Phase.DRAW_DEALER, Phase.BID_SECOND, Phase.JOKER_CALL, Phase.OVER}
    for index in range(60):
        options = OPTION_SETS[(index * 7) % len(OPTION_SETS)]
        game = load(options, None if index % 3 else index % 4)
        states = trail(game, index, 1000)
        played = [state for at, state in enumerate(states) if at % 9 == 0 or state.phase in rare]
        for number, state in enumerate(played):
            until_chance = number % 2 == 1
            end = agree(game, state, index * 1000 + number, until_chance)
            starts[state.phase] += 1
            ends.update(kinds(state, end))
    assert set(starts) == set(Phase), starts
    wanted = {"one alone", "both alone", "euchred", "march", "joker up"}
    wanted |= {"stopped before the deal", "whole game"}
    assert wanted <= set(ends), ends


def kinds(start: EuchreState, end: EuchreState) -> list[str]:
    """What kind of playout went from ``start`` to ``end``, by the last hand's result."""
    result = end.last_hand
    found = []
    if end.phase is Phase.DEAL:
        found.append("stopped before the deal")
    if end.phase is Phase.OVER and end.hand_number > start.hand_number + 1:
        found.append("whole game")
    if result is None or result.hand_number <= start.hand_number - 1:
        return found
    if result.thrown_in:
        found.append("thrown in")
    found += {1: ["one alone"], 2: ["both alone"]}.get(len(result.alone), [])
    if result.points == 2:
        found.append("march" if result.scoring_side == result.makers else "euchred")
    if end.up_card is Card.JOKER and end.picked_up:
        found.append("joker up")
    return found


def test_a_hand_thrown_in_ends_where_the_public_api_does() -> None:
    """E4: the dealer's pass in the second round throws the hand in (random bidding rarely
    gets there from the deal, so the playouts start at the dealer's last word)."""
    thrown = 0
    for index, options in enumerate(OPTION_SETS[::5]):
        game = load(options)
        states = trail(game, index, 200)
        second = next((state for state in states if state.phase is Phase.BID_SECOND), None)
        if second is None:
            continue
        while second.turn != second.dealer:
            second = game.apply(second, Pass())
        for seed in range(8):
            end = agree(game, second, seed, until_chance=seed % 2 == 0)
            last = end.last_hand
            thrown += last is not None and last.thrown_in and last.hand_number == second.hand_number
    assert thrown > 10


def test_the_fast_playout_is_the_games_own_and_follows_the_stream() -> None:
    """Euchre offers it (so search bots take it), and it is no constant: other streams,
    other ends, each equal to the public API's."""
    game = load(OPTION_SETS[0])
    assert isinstance(game, FastPlayout)
    assert isinstance(game, FastOutcome)
    state = walk(game, 3, 12)
    assert state.phase is Phase.PLAY or state.phase is Phase.ALONE or state.phase is Phase.DISCARD
    ends = {agree(game, state, seed, False) for seed in range(40)}
    assert len(ends) > 5
    outcomes = {game.outcome(end).scores for end in ends}
    assert len(outcomes) > 1


def test_a_stream_left_elsewhere_is_caught() -> None:
    """The stream check of :func:`agree` can fail: a playout that draws one word more
    leaves its stream elsewhere."""
    game = load(OPTION_SETS[0])
    state = walk(game, 3, 12)
    extra = Rng(3, "playout")
    game.random_playout_outcome(state, extra)
    extra.next_u64()
    reference = Rng(3, "playout")
    random_playout(game, state, reference)
    assert extra.next_u64() != reference.next_u64()


def test_the_playout_reads_the_states_fields_in_their_order() -> None:
    """:class:`~trickcore_euchre.playout.Hand` reads a state's fields in one call, by position:
    a field added to or moved in :class:`EuchreState` must be added or moved there too."""
    assert EuchreState.__struct_fields__ == STATE_FIELDS

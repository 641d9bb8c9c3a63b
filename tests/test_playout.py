"""Random playouts (:mod:`trickcore.playout`): the reference through the public API, and
Euchre's fast paths, which must reach the same final state (``random_playout``) and outcome
(``random_playout_outcome``) from the same state and stream, and leave the stream alike."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from test_determinize_uniform import positions

import trickcore
from trickcore import BotSpec, Outcome, Rng
from trickcore.playout import (
    FastOutcome,
    FastPlayout,
    playout_of,
    playout_outcome_of,
    random_playout,
    random_playout_outcome,
)
from trickcore_bots.search import IsmctsBot, PimcBot


@pytest.mark.parametrize("until_chance", [False, True])
@pytest.mark.parametrize(
    "options", [{"single_hand": True}, {}, {"who_may_go_alone": "anyone", "deck": 25}]
)
def test_euchre_fast_playout_reaches_the_public_apis_end(
    options: dict[str, Any], until_chance: bool
) -> None:
    game = trickcore.load("euchre", **options)
    assert isinstance(game, FastPlayout)
    hands = 0
    for index, (state, seat) in enumerate(itertools.islice(positions(game, 11), 150)):
        world = game.determinize(game.view(state, seat), Rng(index, "world"))
        streams = [Rng(index, "playout") for _ in range(3)]
        reference = random_playout(game, world, streams[0], until_chance=until_chance)
        fast = game.random_playout(world, streams[1], until_chance=until_chance)
        outcome = playout_outcome_of(game, until_chance=until_chance)(world, streams[2])
        assert fast == reference
        assert outcome == game.outcome(reference)
        assert len({stream.next_u64() for stream in streams}) == 1  # each stream left alike
        hands += reference.hand_number - world.hand_number
    if until_chance or options.get("single_hand"):
        assert hands <= 150  # stopped before the next deal
    else:
        assert hands > 150  # whole games were played out, not only the current hand


def test_playout_of_falls_back_to_the_public_api() -> None:
    game = trickcore.load("high-card")
    assert not isinstance(game, FastPlayout)
    assert not isinstance(game, FastOutcome)
    state, _ = next(positions(game, 2))
    playout = playout_of(game)
    assert playout(state, Rng(1)) == random_playout(game, state, Rng(1))
    assert game.outcome(playout(state, Rng(1))).finished
    outcome = playout_outcome_of(game)(state, Rng(1))
    assert outcome == random_playout_outcome(game, state, Rng(1))
    assert outcome == game.outcome(random_playout(game, state, Rng(1)))


def test_playout_outcome_of_takes_the_games_own_outcome() -> None:
    """A game offering ``random_playout_outcome`` is asked for it, not played out and scored
    (Euchre's tells its outcome without building the end state)."""
    game = trickcore.load("euchre", single_hand=True)
    assert isinstance(game, FastOutcome)
    state, _ = next(positions(game, 4))
    asked: list[Any] = []

    class Asked:
        def random_playout_outcome(
            self, state: Any, rng: Rng, *, until_chance: bool = False
        ) -> Outcome:
            asked.append(state)
            return game.random_playout_outcome(state, rng, until_chance=until_chance)

        def __getattr__(self, name: str) -> Any:
            return getattr(game, name)

    outcome = playout_outcome_of(Asked())(state, Rng(5))  # type: ignore[arg-type]
    assert asked == [state]
    assert outcome == random_playout_outcome(game, state, Rng(5))


def test_random_playout_is_a_function_of_the_stream() -> None:
    game = trickcore.load("euchre", single_hand=True)
    state, _ = next(positions(game, 4))
    ends = {game.outcome(random_playout(game, state, Rng(seed))).scores for seed in range(30)}
    assert len(ends) > 1
    assert random_playout(game, state, Rng(7)) == random_playout(game, state, Rng(7))


class _CountedOutcomes:
    """A game that counts the playout outcomes it is asked for (its own
    ``random_playout_outcome``), everything else Euchre's."""

    def __init__(self, game: Any) -> None:
        self._game = game
        self.asked = 0

    def random_playout_outcome(
        self, state: Any, rng: Rng, *, until_chance: bool = False
    ) -> Outcome:
        self.asked += 1
        result: Outcome = self._game.random_playout_outcome(state, rng, until_chance=until_chance)
        return result

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)


@pytest.mark.parametrize("bot", ["pimc", "ismcts"])
def test_search_bots_play_random_playouts_out_to_their_outcome(bot: str) -> None:
    """With ``playout=random`` the search bots ask a game offering ``random_playout_outcome``
    for the outcome straight, one per playout (no final state built), and choose as they do
    from the ends of the state playouts."""
    euchre = trickcore.load("euchre")
    counted = _CountedOutcomes(euchre)
    cls = PimcBot if bot == "pimc" else IsmctsBot
    options = {"playout": "random", "iterations": 12}
    state, seat = next((s, a) for s, a in positions(euchre, 6) if len(euchre.legal_actions(s)) > 1)
    view, legal = euchre.view(state, seat), euchre.legal_actions(state)
    counting = cls(BotSpec(counted, seat, Rng(9), options))  # type: ignore[arg-type]
    plain = cls(BotSpec(euchre, seat, Rng(9), options))
    assert counting.act(view, legal) == plain.act(view, legal)
    assert counted.asked >= 12

"""The kit's fast random playout (:mod:`trickcore.kit.playout`): the tricks played on lists
must reach the same final state as the public API's playout from the same state and stream,
under either follow policy (Euchre and Apples follow suit, All Fours follows or trumps) and
with a count per trick (Euchre's tricks won, High card's points, through ``trick_counts``)."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from test_determinize_uniform import positions
from trickcore_example_game.game import HighCard, HighCardState

import trickcore
from trickcore import Rng, kit
from trickcore.kit.playout import play_tricks
from trickcore.kit.playout_method import FastPlayoutMethod
from trickcore.playout import FastPlayout, playout_outcome_of, random_playout


class FastHighCard(FastPlayoutMethod, HighCard):
    """High card opted in: its ``trick_won`` scores a point per trick (H5), so its
    ``trick_counts`` says what the points of the tricks played come to."""

    def trick_counts(self, state: HighCardState, tricks: tuple[kit.Trick, ...]) -> dict[str, Any]:
        won = kit.tricks_by_side(self.seating, tricks[len(state.tricks) :])
        return {"scores": tuple(map(sum, zip(state.scores, won, strict=True)))}


GAMES = [
    ("euchre", {"single_hand": True}),
    ("euchre", {"deck": 25}),
    ("allfours", {"players": 4}),
    ("allfours", {"players": 2, "no_undertrump": True}),
    ("apples", {}),
]


def _check(game: Any, positions_seed: int, count: int, until_chance: bool) -> int:
    """Fast and reference playouts from ``count`` positions agree; the hands played."""
    hands = 0
    outcome_of = playout_outcome_of(game, until_chance=until_chance)
    for index, (state, _) in enumerate(itertools.islice(positions(game, positions_seed), count)):
        streams = [Rng(index, "playout") for _ in range(3)]
        reference = random_playout(game, state, streams[0], until_chance=until_chance)
        fast = game.random_playout(state, streams[1], until_chance=until_chance)
        assert fast == reference
        assert outcome_of(state, streams[2]) == game.outcome(reference)
        assert len({stream.next_u64() for stream in streams}) == 1  # each stream left alike
        hands += reference.hand_number - state.hand_number if hasattr(state, "hand_number") else 0
    return hands


@pytest.mark.parametrize("until_chance", [False, True])
@pytest.mark.parametrize(("name", "options"), GAMES)
def test_the_fast_playout_reaches_the_public_apis_end(
    name: str, options: dict[str, Any], until_chance: bool
) -> None:
    game = trickcore.load(name, **options)
    assert isinstance(game, FastPlayout)
    _check(game, 5, 40, until_chance)


def test_a_count_per_trick_is_taken_from_trick_counts() -> None:
    game = FastHighCard(HighCard.options_type(players=3, target=9))
    hands = _check(game, 3, 60, until_chance=False)
    assert hands > 60  # whole games were played out, several hands each


def test_without_trick_counts_a_counting_game_ends_elsewhere() -> None:
    """The test above can fail: High card's points are lost when nothing counts them."""

    class Uncounted(FastPlayoutMethod, HighCard):
        pass

    game = Uncounted(HighCard.options_type(players=2, first_dealer=0))
    state = next(s for s, _ in positions(game, 1) if s.phase is game.play_phase)
    reference = random_playout(game, state, Rng(2), until_chance=True)
    assert play_tricks(game, state, Rng(2)) != reference

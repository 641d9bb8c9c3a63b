"""Rule book F7 (options): the defaults, the errors for values an option does not allow, and
``single_hand``."""

from __future__ import annotations

import pytest
from allfours_helpers import deal, play_out, run

import trickcore
from trickcore import OptionError
from trickcore.kit.options import options_info
from trickcore_allfours import AllFoursOptions, Phase


def test_defaults_are_the_source_rules() -> None:
    """F7: 4 players, 14 points, no tobago, hang jack 3, dealer may give, undertrumping allowed,
    the first dealer drawn, a whole game."""
    assert AllFoursOptions() == AllFoursOptions(
        players=4,
        target=14,
        tobago=False,
        hang_jack=3,
        no_give_to_win=False,
        no_undertrump=False,
        first_dealer=None,
        single_hand=False,
    )
    described = {info.name: info for info in options_info(AllFoursOptions)}
    assert set(described) == set(AllFoursOptions.__struct_fields__)
    assert all(info.description for info in described.values())
    assert described["players"].allowed == (2, 4)


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"players": 3}, "players must be 2 or 4"),
        ({"target": 0}, "target must be an integer >= 1"),
        ({"hang_jack": 0}, "hang_jack must be an integer from 1 to 10"),
        ({"first_dealer": 4}, "first_dealer must be"),
        ({"players": 2, "first_dealer": 3}, "first_dealer must be a seat 0-1 with 2 players"),
        ({"tobago": "yes"}, "tobago must be true or false"),
    ],
)
def test_invalid_options_are_refused_naming_the_allowed_values(
    options: dict[str, object], words: str
) -> None:
    with pytest.raises(OptionError, match=words):
        trickcore.load("allfours", **options)


def test_single_hand_the_side_with_more_points_in_the_hand_wins() -> None:
    """F7 ``single_hand``: the game stops after one hand; more points in it wins."""
    game, state = deal({}, "3H", single_hand=True)
    state = play_out(game, run(game, state, "3=stand"))
    assert state.phase is Phase.OVER and state.last_hand is not None
    points = state.last_hand.hand_points
    assert points[0] != points[1]
    assert state.winner == (0 if points[0] > points[1] else 1)


def test_single_hand_equal_points_are_a_draw() -> None:
    """F7 ``single_hand``: the F5 tie hand scores nothing for anyone: a draw."""
    hands = {1: "TC 2S 3S 4S 5S 6S", 0: "TD 7S 8S 9S 2C 3C"}
    game, state = deal(hands, "3H", players=2, single_hand=True)
    state = run(game, state, "1=stand 1=TC 0=2C 1=2S 0=7S 0=TD 1=3S 0=8S 1=4S 0=9S 1=5S 0=3C 1=6S")
    outcome = game.outcome(state)
    assert outcome.finished and outcome.draw and outcome.winner is None


def test_single_hand_a_redeal_is_part_of_the_hand_and_the_target_still_ends_it() -> None:
    """F7: a redeal within the hand does not end a single hand; reaching the target does."""
    game, state = deal({}, "AH", runs=[({}, "6H"), ({}, "JH")], single_hand=True)
    state = run(game, state, "3=beg 0=run_pack")
    assert state.phase is Phase.DEAL and game.outcome(state).finished is False
    game, state = deal({}, "JH", single_hand=True, target=3)
    assert state.phase is Phase.OVER and state.winner == 0

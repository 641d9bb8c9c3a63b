"""Rule book E9 (options): every option's default, the values each accepts, the refusal of
unknown options and invalid values, and ``single_hand``."""

from __future__ import annotations

from typing import Any

import pytest
from euchre_helpers import ARRANGED_UP, arranged, deal, euchre, run

import trickcore
from trickcore import OptionError
from trickcore_euchre.state import Phase

DEFAULTS = {
    "target": 10,
    "deck": 24,
    "stick_the_dealer": False,
    "who_may_go_alone": "anyone",
    "lone_lead": "lone_left",
    "lone_defender_bonus": False,
    "first_dealer": None,
    "single_hand": False,
}


def test_defaults() -> None:
    """E9: the defaults of the table (the source's rules or the book's Decisions)."""
    options = trickcore.load("euchre").options
    assert {name: getattr(options, name) for name in DEFAULTS} == DEFAULTS
    assert len(euchre(None).deck) == 24


VALID = [
    ("target", 1),
    ("target", 5),
    ("target", 25),
    ("deck", 24),
    ("deck", 32),
    ("deck", 25),
    ("stick_the_dealer", True),
    ("stick_the_dealer", False),
    ("who_may_go_alone", "anyone"),
    ("who_may_go_alone", "maker_or_defenders"),
    ("who_may_go_alone", "makers"),
    ("who_may_go_alone", "maker"),
    ("who_may_go_alone", "nobody"),
    ("lone_lead", "lone_left"),
    ("lone_lead", "dealer_left"),
    ("lone_defender_bonus", True),
    ("first_dealer", 0),
    ("first_dealer", 3),
    ("first_dealer", None),
    ("single_hand", True),
]


@pytest.mark.parametrize(("name", "value"), VALID)
def test_valid_values(name: str, value: Any) -> None:
    """E9: every value the table allows is accepted and bound; the rest stay default."""
    game = trickcore.load("euchre", **{name: value})
    assert getattr(game.options, name) == value
    for other, default in DEFAULTS.items():
        if other != name:
            assert getattr(game.options, other) == default


INVALID = [
    ("deck", 33),  # "there is no 33-card deck"
    ("deck", 52),
    ("deck", 0),
    ("deck", "24"),
    ("target", 0),
    ("target", -3),
    ("target", "10"),
    ("target", 1.5),
    ("stick_the_dealer", 1),
    ("stick_the_dealer", "yes"),
    ("who_may_go_alone", "everyone"),
    ("who_may_go_alone", ""),
    ("lone_lead", "left"),
    ("lone_defender_bonus", "true"),
    ("first_dealer", 4),
    ("first_dealer", -1),
    ("first_dealer", "0"),
    ("first_dealer", True),
    ("single_hand", None),
]


@pytest.mark.parametrize(("name", "value"), INVALID)
def test_invalid_values_are_refused_naming_the_option(name: str, value: Any) -> None:
    """E9: an invalid value raises OptionError whose message names the option (before the
    list of every option it appends)."""
    with pytest.raises(OptionError) as error:
        trickcore.load("euchre", **{name: value})
    message = str(error.value)
    head = message.split("; options:", maxsplit=1)[0]
    assert name in head, message
    assert "options:" in message  # the list of options and defaults follows


@pytest.mark.parametrize("name", ["trump", "decks", "Target", "stick", "players"])
def test_unknown_option_is_refused_naming_it(name: str) -> None:
    """E9: an unknown option raises OptionError naming it and listing the real ones."""
    with pytest.raises(OptionError) as error:
        trickcore.load("euchre", **{name: 1})
    message = str(error.value)
    assert f"'{name}'" in message.split("; options:", maxsplit=1)[0]
    for known in DEFAULTS:
        assert known in message


def test_deck_33_is_refused() -> None:
    """E2, E9: there is no 33-card deck (the joker only with deck 25)."""
    with pytest.raises(OptionError, match="deck"):
        trickcore.load("euchre", deck=33)


def _one_hand(game: Any, winners: list[int]) -> Any:
    hands, play = arranged(winners, 0)
    state = deal(game, 3, hands, up=ARRANGED_UP)
    return run(
        game, state, f"0=order_up 3=discard:9H 0=partner 1=partner 2=partner 3=partner {play}"
    )


@pytest.mark.parametrize(
    ("winners", "side", "points"),
    [([0, 2, 0, 1, 3], 0, 1), ([0, 2, 0, 2, 2], 0, 2), ([1, 3, 1, 0, 2], 1, 2)],
)
def test_single_hand_ends_after_one_hand(winners: list[int], side: int, points: int) -> None:
    """E9 ``single_hand``: the game stops after one hand; the side that scored in it wins,
    far from the target."""
    game = euchre(3, single_hand=True)
    state = _one_hand(game, winners)
    assert state.phase is Phase.OVER
    assert game.actor(state) is None and game.legal_actions(state) == ()
    outcome = game.outcome(state)
    assert outcome.finished and not outcome.draw
    assert outcome.winner == side
    assert outcome.scores[side] == points and outcome.scores[1 - side] == 0


def test_without_single_hand_the_game_goes_on() -> None:
    """E9: by default the same hand is followed by the next deal."""
    game = euchre(3)
    state = _one_hand(game, [0, 2, 0, 1, 3])
    assert state.phase is Phase.DEAL
    assert not game.outcome(state).finished and game.outcome(state).winner is None


def test_single_hand_thrown_in_is_a_draw() -> None:
    """E9 ``single_hand``: a hand thrown in ends the game with no points and no winner."""
    game = euchre(3, single_hand=True)
    state = deal(game, 3, {}, up="9S")
    state = run(game, state, " ".join(["pass"] * 8))
    outcome = game.outcome(state)
    assert outcome.finished and outcome.draw and outcome.winner is None
    assert outcome.scores == (0, 0)

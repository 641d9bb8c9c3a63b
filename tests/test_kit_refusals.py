"""The words of the kit's refusals (``trickcore/kit/refusals.py``): the errors behind
:class:`TrickGame`'s ``illegal``, ``no_chance`` and ``validate``, which ask the game through its
methods, so that a game's own answers (its ``chance_text``) go into the text.

High card (the example game) is the game under test.
"""

from __future__ import annotations

import enum

import msgspec
import pytest
from trickcore_example_game.game import HighCard, HighCardOptions, HighCardState

from trickcore import Card, IllegalActionError, InvalidStateError
from trickcore.kit import refusals
from trickcore.testing import stacked_shuffle

GAME = HighCard(HighCardOptions(players=2, first_dealer=0))
HANDS = {0: "AS KS QS", 1: "JS AH KH"}


class Announced(HighCard):
    """High card whose chance owes a cut deck: a game's own ``chance_text``."""

    def chance_text(self, state: HighCardState) -> str:
        return f"a cut deck for hand {state.hand_number + 1}"


def test_illegal_tells_the_games_own_chance_text() -> None:
    game = Announced(HighCardOptions(players=2, first_dealer=0))
    start = game.initial_state()
    play = game.plays[Card("JS")]
    expected = "play JS is not legal for chance in the deal phase; legal: a cut deck for hand 1"
    assert str(refusals.illegal(game, start, play)) == expected
    assert str(game.illegal(start, play)) == expected
    with pytest.raises(IllegalActionError) as caught:
        game.apply(start, play)
    assert str(caught.value) == expected and caught.value.seat is None


def test_illegal_is_the_kits_function() -> None:
    dealt = GAME.apply(GAME.initial_state(), stacked_shuffle(GAME, HANDS, dealer=0))
    play = GAME.plays[Card("QH")]
    made, method = refusals.illegal(GAME, dealt, play, "why"), GAME.illegal(dealt, play, "why")
    assert str(made) == str(method)
    assert (made.seat, made.action, made.legal) == (method.seat, method.action, method.legal)
    assert made.seat == 1 and made.legal == GAME.legal_actions(dealt)
    assert str(made).startswith(f"{play} is not legal for seat 1 in the play phase: why; legal: ")


def test_no_chance_is_the_kits_function() -> None:
    dealt = GAME.apply(GAME.initial_state(), stacked_shuffle(GAME, HANDS, dealer=0))
    error = refusals.no_chance(GAME, dealt)
    assert str(error) == str(GAME.no_chance(dealt))
    assert str(error) == "no chance action is due: the game is in the play phase"
    assert error.seat == GAME.actor(dealt) == 1


def test_invalid_state_names_the_game_and_every_problem() -> None:
    error = refusals.invalid_state(GAME, ["one thing", "another"])
    assert isinstance(error, InvalidStateError)
    assert str(error) == "invalid high-card state: one thing; another"
    broken = msgspec.structs.replace(GAME.initial_state(), scores=(0, 0, 0))
    problems = GAME.problems(broken)
    assert problems  # a third score at a table of two
    with pytest.raises(InvalidStateError) as caught:
        GAME.validate(broken)
    assert str(caught.value) == str(refusals.invalid_state(GAME, problems))


class Numbered(enum.Enum):
    ONE = 1


class Worded(enum.Enum):
    BID = "bid"


@pytest.mark.parametrize(
    ("state", "name"),
    [
        (GAME.initial_state(), "deal"),
        (msgspec.Struct(), None),
        (type("Phased", (), {"phase": Worded.BID})(), "bid"),
        (type("Phased", (), {"phase": Numbered.ONE})(), None),  # no text value
    ],
)
def test_phase_name_is_a_phases_text_value_or_none(state: object, name: str | None) -> None:
    assert refusals.phase_name(state) == name

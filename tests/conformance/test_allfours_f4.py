"""Rule book F4 (play): the dealer's right leads, the winner leads next; a trump lead must be
followed with a trump; a plain lead must be followed or trumped by a player holding the suit;
``no_undertrump``; the highest trump wins, else the highest card of the suit led."""

from __future__ import annotations

import pytest
from allfours_helpers import C, deal, run

from trickcore import IllegalActionError
from trickcore_allfours import Play

# Dealer 0 at four seats: seat 3 leads, then 2, 1, 0 (anticlockwise). Hearts are trumps (3H).
HANDS = {
    3: "AC 2C 4S 5S 6S 7S",
    2: "9H 8C 8S 9S TS JS",
    1: "KC 5H QH 2D 3D 4D",
    0: "2S 3S 4H 5D 6D 7D",
}


def legal(game: object, state: object) -> set[str]:
    return {str(action.card) for action in game.legal_actions(state)}  # type: ignore[attr-defined]


def test_holding_the_suit_led_follow_it_or_trump() -> None:
    """F4: seat 2 holds a club: it may follow with it or trump, not throw a spade."""
    game, state = deal(HANDS, "3H")
    state = run(game, state, "3=stand 3=AC")
    assert legal(game, state) == {"8C", "9H"}
    with pytest.raises(IllegalActionError, match="the suit led must be followed or trumped"):
        game.apply(state, Play(card=C("8S")))


def test_without_the_suit_led_anything() -> None:
    """F4: seat 0 holds no club: any card."""
    game, state = deal(HANDS, "3H")
    state = run(game, state, "3=stand 3=AC 2=8C 1=KC")
    assert legal(game, state) == {"2S", "3S", "4H", "5D", "6D", "7D"}


def test_a_trump_lead_must_be_followed_with_a_trump() -> None:
    """F4: a trump led: each player plays a trump if they have one, else anything."""
    hands = {3: "AH 2C 4S 5S 6S 7S", 2: "9H 8C 8S 9S TS JS", 1: "KC 5H QH 2D 3D 4D"}
    game, state = deal(hands, "3H")
    state = run(game, state, "3=stand 3=AH")
    assert legal(game, state) == {"9H"}
    state = run(game, state, "2=9H")
    assert legal(game, state) == {"5H", "QH"}


def test_trumping_is_always_allowed_and_the_highest_trump_wins() -> None:
    """F4: no duty to overtrump; the highest trump in the trick wins, the winner leads next."""
    game, state = deal(HANDS, "3H")
    state = run(game, state, "3=stand 3=AC 2=9H")
    assert legal(game, state) == {"KC", "5H", "QH"}  # may under-trump by default
    state = run(game, state, "1=5H 0=4H")
    assert state.tricks[0].winner == 2 and state.turn == 2
    assert state.trick_seats == (2, 1, 0, 3)


def test_without_trumps_the_highest_card_of_the_suit_led_wins() -> None:
    """F4: the highest card of the suit led; a higher card of another plain suit does not win."""
    game, state = deal(HANDS, "3H")
    state = run(game, state, "3=stand 3=2C 2=8C 1=KC 0=7D")
    assert state.tricks[0].winner == 1


def test_no_undertrump_refuses_an_undertrump() -> None:
    """F4 ``no_undertrump``: once a plain lead is trumped, a player who can follow may not play
    a trump lower than the best one in the trick; a higher trump or following is fine."""
    game, state = deal(HANDS, "3H", no_undertrump=True)
    state = run(game, state, "3=stand 3=AC 2=9H")
    assert legal(game, state) == {"KC", "QH"}
    with pytest.raises(IllegalActionError, match=r"may not under-trump a trumped lead \(no_under"):
        game.apply(state, Play(card=C("5H")))
    state = run(game, state, "1=QH")
    assert legal(game, state) == {"2S", "3S", "4H", "5D", "6D", "7D"}  # void in clubs: anything


def test_no_undertrump_does_not_apply_to_a_trump_lead() -> None:
    """F4: the option speaks of a trumped plain-suit trick; a trump lead is followed with any
    trump."""
    hands = {3: "AH 2C 4S 5S 6S 7S", 2: "9H 8C 8S 9S TS JS", 1: "KC 5H 2H 2D 3D 4D"}
    game, state = deal(hands, "3H", no_undertrump=True)
    state = run(game, state, "3=stand 3=AH 2=9H")
    assert legal(game, state) == {"5H", "2H"}

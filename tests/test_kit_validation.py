"""The helpers of ``validate`` in ``trickcore/kit/validation.py``: cards, seats, tricks, the deal
rebuilt and the hand replayed.

Tricks follow Euchre E7 (a finished trick holds one card from each seat in play, its winner one
of them) and the replays play the example game (high card, H3-H5, see its ``rules.py``).
"""

from __future__ import annotations

import msgspec
import pytest
from trickcore_example_game.game import PACK, HighCard, HighCardOptions, Phase, Play

from trickcore import Shuffle, Suit, cards
from trickcore.cards import standard_deck
from trickcore.kit.seating import Seating
from trickcore.kit.tricks import FollowSuit, Trick, TrickOrder
from trickcore.kit.validation import (
    card_problems,
    dealt_cards,
    differences,
    replay,
    seat_problems,
    trick_problems,
)

EUCHRE = Seating(4, sides=2)  # E1
SMALL = cards("AS KS QS JS")
SPADES = FollowSuit(TrickOrder.plain(standard_deck(), Suit.SPADES))


# --- card_problems ----------------------------------------------------------------------------


def test_cards_each_once_have_no_problem() -> None:
    assert card_problems(cards("QS AS JS KS"), SMALL) == []


def test_a_card_held_twice() -> None:
    assert card_problems(cards("AS KS QS JS KS AS"), SMALL) == ["cards held more than once: AS KS"]


def test_cards_missing() -> None:
    assert card_problems(cards("KS QS"), SMALL) == ["cards missing: AS JS"]


def test_a_card_twice_and_one_missing() -> None:
    assert card_problems(cards("AS AS QS JS"), SMALL) == [
        "cards held more than once: AS",
        "cards missing: KS",
    ]


def test_a_foreign_card_is_named_and_missing_ones_are_not() -> None:
    """A foreign card usually stands where a missing one should: one message says it."""
    assert card_problems(cards("AS KS QS 2C"), SMALL) == ["cards not in the 4-card pack: 2C"]
    assert card_problems(cards("AS KS QS JS 2C 2C"), SMALL) == [
        "cards held more than once: 2C",
        "cards not in the 4-card pack: 2C",
    ]


# --- seat_problems ----------------------------------------------------------------------------


def test_seats_and_none_have_no_problem() -> None:
    assert seat_problems(EUCHRE, dealer=0, turn=3, maker=None, seats=(0, 1, 2, 3), none=[]) == []


@pytest.mark.parametrize(
    ("value", "shown"), [(4, "4"), (-1, "-1"), (True, "True"), (False, "False")]
)
def test_a_field_that_is_not_a_seat(value: int, shown: str) -> None:
    """E1: seats 0-3; a bool is not a seat although ``True == 1``."""
    assert seat_problems(EUCHRE, turn=value) == [f"turn {shown} is not a seat 0-3"]


@pytest.mark.parametrize("value", [(0, 4), [1, -1], (True, 2), [0, 1, 2, 3, 9]])
def test_a_sequence_holding_a_non_seat(value: tuple[int, ...] | list[int]) -> None:
    assert seat_problems(EUCHRE, order=value) == [
        f"order {list(value)} holds something that is not a seat 0-3"
    ]


def test_every_bad_field_is_named_in_order() -> None:
    two = Seating(2)
    assert seat_problems(two, dealer=2, leader=0, seats=(0, 2), turn=-3) == [
        "dealer 2 is not a seat 0-1",
        "seats [0, 2] holds something that is not a seat 0-1",
        "turn -3 is not a seat 0-1",
    ]


# --- trick_problems ---------------------------------------------------------------------------


def trick(seats: tuple[int, ...], text: str, winner: int) -> Trick:
    return Trick(leader=seats[0], seats=seats, cards=cards(text), winner=winner)


def test_good_tricks_have_no_problem() -> None:
    tricks = [trick((1, 2, 3, 0), "9H AH 2S KH", 3), trick((3, 0, 1, 2), "AD KD QD JD", 3)]
    assert trick_problems(EUCHRE, tricks) == []
    assert trick_problems(EUCHRE, tricks, SPADES) == []


def test_a_lone_hand_trick_of_three_is_fine() -> None:
    """E6: with a partner sitting out a trick has three cards."""
    assert trick_problems(EUCHRE, [trick((1, 2, 0), "9H AH KH", 2)], SPADES) == []


def test_seats_not_at_the_table() -> None:
    assert trick_problems(EUCHRE, [trick((1, 2, 3, 4), "9H AH 2S KH", 2)]) == [
        "the seats of trick 1 [1, 2, 3, 4] holds something that is not a seat 0-3"
    ]


@pytest.mark.parametrize(
    ("seats", "text", "shown"),
    [
        ((1, 2), "9H AH 2S KH", "a trick of 4 cards played by 2 seats"),
        ((1, 2, 3, 0), "9H AH", "a trick of 2 cards played by 4 seats"),
        ((), "", "a trick of 0 cards played by 0 seats"),
    ],
)
def test_cards_and_seats_must_pair_up(seats: tuple[int, ...], text: str, shown: str) -> None:
    bad = Trick(leader=0, seats=seats, cards=cards(text), winner=0)
    assert trick_problems(EUCHRE, [bad]) == [shown]


@pytest.mark.parametrize("winner", [1, 7, -1])
def test_a_winner_who_did_not_play(winner: int) -> None:
    tricks = [trick((0, 2, 3), "9H AH KH", winner)]
    assert trick_problems(EUCHRE, tricks) == [f"trick winner {winner} did not play in the trick"]


def test_a_wrong_winner_is_found_only_with_a_policy() -> None:
    """E7: the highest trump wins, else the highest card of the suit led: 2S trumps AH."""
    tricks = [trick((0, 1, 2, 3), "AD KD QD JD", 0), trick((0, 1, 2, 3), "9H AH 2S KH", 1)]
    assert trick_problems(EUCHRE, tricks) == []
    assert trick_problems(EUCHRE, tricks, SPADES) == ["trick 2 was not won by seat 1"]


# --- dealt_cards ------------------------------------------------------------------------------


def test_dealt_cards_puts_played_cards_back_in_their_hands() -> None:
    hands = [cards("AS"), cards("KS"), (), cards("JS")]
    plays = [((1, 2, 3, 0), cards("9H AH 2S KH")), ((3, 0, 1), cards("QD TD 9D"))]
    assert dealt_cards(hands, plays) == [
        list(cards("AS KH TD")),
        list(cards("KS 9H 9D")),
        list(cards("AH")),
        list(cards("JS 2S QD")),
    ]
    assert hands[0] == cards("AS")  # the input is not changed


# --- replay -----------------------------------------------------------------------------------

GAME = HighCard(HighCardOptions(players=2, first_dealer=0))
# H3: dealer 0 deals one at a time from seat 1: seat 1 gets JC JD JH, seat 0 QC QD QH.
FIRST = cards("JC QC JD QD JH QH")
ORDER = FIRST + tuple(card for card in PACK if card not in FIRST)


def test_replay_plays_every_step() -> None:
    steps = [Shuffle(order=ORDER), Play(card=cards("JC")[0]), Play(card=cards("QC")[0])]
    state, found = replay(GAME, GAME.initial_state(), steps)
    assert found == []
    expected = GAME.initial_state()
    for step in steps:
        expected = GAME.apply(expected, step)
    assert state == expected and state.phase is Phase.PLAY and len(state.tricks) == 1


def test_replay_stops_at_the_first_illegal_step_and_names_it() -> None:
    """H4: seat 1 leads JC; seat 0 holds QC and must follow suit, so QD is refused."""
    steps = [Shuffle(order=ORDER), Play(card=cards("JC")[0]), Play(card=cards("QD")[0])]
    state, found = replay(GAME, GAME.initial_state(), [*steps, Play(card=cards("AS")[0])])
    assert state == GAME.apply(GAME.apply(GAME.initial_state(), steps[0]), steps[1])
    (problem,) = found
    assert problem.startswith("step 3 of the recorded hand (play QD) is not legal: play QD is")
    assert "seat 0" in problem


def test_replay_of_nothing_is_the_start() -> None:
    start = GAME.initial_state()
    assert replay(GAME, start, []) == (start, [])


def test_replay_lets_other_errors_through() -> None:
    """Only an illegal action is a problem of the state; a broken game is not hidden."""

    class Broken:
        def apply(self, state: object, action: object) -> object:
            raise KeyError(action)

    with pytest.raises(KeyError):
        replay(Broken(), GAME.initial_state(), [Shuffle(order=ORDER)])


# --- differences ------------------------------------------------------------------------------


class Point(msgspec.Struct, frozen=True):
    x: int
    y: int
    label: str = ""


def test_differences_name_each_field_that_differs() -> None:
    assert differences(Point(1, 2), Point(1, 2)) == []
    assert differences(Point(1, 2, "a"), Point(3, 2, "b")) == [
        "x is 1, play gives 3",
        "label is 'a', play gives 'b'",
    ]

"""Trick mechanics of ``trickcore/tricks.py``: following suit, trumps and the trick winner."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trickcore import Card, Rank, Suit, cards
from trickcore.cards import standard_deck
from trickcore.tricks import TRUMP_BASE, TrickOrder, rank_strength

DECK = standard_deck()
EUCHRE_DECK = standard_deck([Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE])
SPADES = TrickOrder.plain(DECK, Suit.SPADES)
NO_TRUMP = TrickOrder.plain(DECK, None)


def winner(order: TrickOrder, text: str) -> str:
    return text.split()[order.winner(cards(text))]


@pytest.mark.parametrize(
    ("trick", "expected"),
    [
        ("9H KH 2H AH", "AH"),  # highest of the suit led
        ("KH 2S AH QH", "2S"),  # the lowest trump beats the led suit
        ("KH 2S AS QH", "AS"),  # the higher of two trumps
        ("KH AD AC QH", "KH"),  # off-suit aces never win
        ("2H AD AC KD", "2H"),  # the lead wins when nobody follows
        ("3S AH KH QH", "3S"),  # trump led: it stays ahead of plain cards
        ("3S 5S AH 4S", "5S"),
        ("TD", "TD"),  # one card
        ("QC JC", "QC"),
        ("JC QC", "QC"),
    ],
)
def test_winner_with_trump(trick: str, expected: str) -> None:
    assert winner(SPADES, trick) == expected


@pytest.mark.parametrize(
    ("trick", "expected"),
    [
        ("9H KH 2H AH", "AH"),
        ("KH 2S AS QH", "KH"),  # no trump: spades are just off-suit
        ("2C AS AD AH", "2C"),
        ("TD JD 9D QD", "QD"),
    ],
)
def test_winner_without_trump(trick: str, expected: str) -> None:
    assert winner(NO_TRUMP, trick) == expected


def test_is_trump_and_strength() -> None:
    assert SPADES.trump is Suit.SPADES
    assert all(SPADES.is_trump(card) == (card.suit is Suit.SPADES) for card in DECK)
    assert not any(NO_TRUMP.is_trump(card) for card in DECK)
    assert SPADES.strength[Card("2S")] == TRUMP_BASE + 2
    assert SPADES.strength[Card("AS")] == TRUMP_BASE + 14
    assert SPADES.strength[Card("AH")] == 14
    assert min(SPADES.strength[c] for c in DECK if c.suit is Suit.SPADES) > max(
        SPADES.strength[c] for c in DECK if c.suit is not Suit.SPADES
    )
    assert all(SPADES.suit_of[card] is card.suit for card in DECK)


def test_rank_strength() -> None:
    assert [rank_strength(Card(rank.value + "C")) for rank in Rank] == list(range(2, 15))
    assert rank_strength(Card.JOKER) == 15


def test_following() -> None:
    hand = cards("AS 9H KH 2D")
    assert SPADES.following(hand, Suit.HEARTS) == cards("9H KH")
    assert SPADES.following(hand, Suit.SPADES) == cards("AS")
    # void in the suit led: anything, trumps included
    assert SPADES.following(hand, Suit.CLUBS) == hand
    assert NO_TRUMP.following(hand, Suit.DIAMONDS) == cards("2D")
    assert SPADES.following((), Suit.CLUBS) == ()
    assert SPADES.cards_of_suit(hand, Suit.HEARTS) == cards("9H KH")
    assert SPADES.cards_of_suit(hand, Suit.CLUBS) == ()


def test_plain_refuses_the_joker() -> None:
    with pytest.raises(ValueError, match="joker"):
        TrickOrder.plain(standard_deck(joker=True), Suit.HEARTS)


def test_custom_strength_and_effective_suits() -> None:
    """A game may move cards between suits (Euchre's left bower): the winner follows
    ``suit_of`` and ``strength``, not the printed suit."""
    base = TrickOrder.plain(EUCHRE_DECK, Suit.HEARTS)
    suit_of = dict(base.suit_of)
    strength = dict(base.strength)
    suit_of[Card("JH")], strength[Card("JH")] = Suit.HEARTS, TRUMP_BASE + 30  # right bower
    suit_of[Card("JD")], strength[Card("JD")] = Suit.HEARTS, TRUMP_BASE + 29  # left bower
    euchre = TrickOrder(Suit.HEARTS, suit_of, strength)
    assert euchre.is_trump(Card("JD"))
    assert winner(euchre, "AD JD KD") == "JD"  # the left bower is a trump, not a diamond
    assert winner(euchre, "AH JD KH") == "JD"
    assert winner(euchre, "JD JH AH") == "JH"
    assert euchre.following(cards("JD 9D AS"), Suit.DIAMONDS) == cards("9D")
    assert euchre.following(cards("JD AS"), Suit.DIAMONDS) == cards("JD AS")
    assert euchre.following(cards("JD AS"), Suit.HEARTS) == cards("JD")
    # low-ace strength: the caller's function is used
    low_aces = TrickOrder.plain(DECK, None, lambda c: 1 if c.rank is Rank.ACE else rank_strength(c))
    assert winner(low_aces, "AC 2C") == "2C"


def naive_winner(trick: Sequence[Card], trump: Suit | None) -> int:
    """The rule book's words: the highest trump if any was played, else the highest card of
    the suit led; ranks two low, ace high."""
    trumps = [i for i, card in enumerate(trick) if card.suit is trump]
    led = trick[0].suit
    candidates = trumps or [i for i, card in enumerate(trick) if card.suit is led]
    order = "23456789TJQKA"
    return max(candidates, key=lambda i: order.index(str(trick[i])[0]))


@given(
    trick=st.lists(st.sampled_from(DECK), min_size=1, max_size=6, unique=True),
    trump=st.sampled_from([None, *Suit]),
)
def test_winner_matches_naive_reference(trick: list[Card], trump: Suit | None) -> None:
    order = TrickOrder.plain(DECK, trump)
    position = order.winner(trick)
    assert position == naive_winner(trick, trump)
    won_by = trick[position]
    assert won_by.suit is trump or won_by.suit is trick[0].suit


@given(
    hand=st.lists(st.sampled_from(DECK), max_size=13, unique=True),
    led=st.sampled_from(list(Suit)),
    trump=st.sampled_from([None, *Suit]),
)
def test_following_matches_naive_reference(hand: list[Card], led: Suit, trump: Suit | None) -> None:
    allowed = TrickOrder.plain(DECK, trump).following(hand, led)
    same = [card for card in hand if card.suit is led]
    assert list(allowed) == (same or hand)

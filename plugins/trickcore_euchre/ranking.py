"""Euchre decks and card ranking (E2): the bowers and the joker belong to the trump suit."""

from __future__ import annotations

from trickcore.cards import Card, Rank, Suit, standard_deck
from trickcore.kit.tricks import TrickOrder

__all__ = ["deck_for", "left_bower", "right_bower", "same_colour", "trick_order"]

_RANKS = {
    24: (Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE),
    32: (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE),
    25: (Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE),
}

_SAME_COLOUR = {
    suit: next(other for other in Suit if other is not suit and other.is_red == suit.is_red)
    for suit in Suit
}


def deck_for(size: int) -> tuple[Card, ...]:
    """The pack for option ``deck`` (24, 32, or 25 with the joker), in index order."""
    return standard_deck(_RANKS[size], joker=size == 25)


def same_colour(suit: Suit) -> Suit:
    """The other suit of the same colour (clubs and spades, diamonds and hearts): the suit of
    the left bower (E2)."""
    return _SAME_COLOUR[suit]


def right_bower(trump: Suit) -> Card:
    """The jack of trumps."""
    return Card("J" + trump.value)


def left_bower(trump: Suit) -> Card:
    """The other jack of the trump colour; it is a trump, not a card of its printed suit."""
    return Card("J" + same_colour(trump).value)


def trick_order(deck: tuple[Card, ...], trump: Suit) -> TrickOrder:
    """Effective suits and strengths with ``trump`` as trump (E2): joker (the Benny), right
    bower, left bower, then A K Q 10 9 (8 7) of trumps; other suits A K Q J 10 9 (8 7)."""
    return TrickOrder.plain(deck, trump, top=(Card.JOKER, right_bower(trump), left_bower(trump)))

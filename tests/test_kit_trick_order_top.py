"""``TrickOrder.plain(..., top=...)`` (:mod:`trickcore.kit.tricks`): cards promoted to the top
of the trump suit whatever their printed suit, such as the joker and Euchre's bowers (E2)."""

from __future__ import annotations

import pytest

from trickcore import Card, Suit
from trickcore.cards import Rank, standard_deck
from trickcore.kit.tricks import TRUMP_BASE, FollowSuit, TrickOrder

PACK = standard_deck([Rank.NINE, Rank.JACK, Rank.ACE], joker=True)


def test_top_cards_are_trumps_above_the_ace_highest_first() -> None:
    top = (Card.JOKER, Card("JH"), Card("JD"))
    order = TrickOrder.plain(PACK, Suit.HEARTS, top=top)
    assert [order.suit_of[card] for card in top] == [Suit.HEARTS] * 3
    ranked = sorted(PACK, key=lambda card: -order.strength[card])
    assert ranked[:4] == [*top, Card("AH")]
    assert order.strength[Card("JD")] == TRUMP_BASE + 15 > order.strength[Card("AH")]
    assert order.suit_of[Card("AD")] is Suit.DIAMONDS and order.strength[Card("AD")] < TRUMP_BASE


def test_the_promoted_card_follows_trumps_not_its_printed_suit() -> None:
    policy = FollowSuit(
        TrickOrder.plain(PACK, Suit.HEARTS, top=(Card.JOKER, Card("JH"), Card("JD")))
    )
    hand = (Card("JD"), Card("9D"))
    assert policy.legal(hand, (Card("AD"),)) == (Card("9D"),)
    assert policy.legal(hand, (Card("9H"),)) == (Card("JD"),)


def test_top_cards_outside_the_pack_are_passed_over_and_need_a_trump() -> None:
    pack = standard_deck([Rank.NINE, Rank.ACE])
    order = TrickOrder.plain(pack, Suit.SPADES, top=(Card.JOKER,))
    assert Card.JOKER not in order.strength
    with pytest.raises(ValueError, match="need a trump suit"):
        TrickOrder.plain(pack, None, top=(Card("AS"),))
    with pytest.raises(ValueError, match="no place for the joker"):
        TrickOrder.plain(PACK, Suit.SPADES)

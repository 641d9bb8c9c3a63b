"""``FollowOrTrump.legal_plays`` works the hand out at once; it must give exactly what
``allows`` says card by card, with and without ``no_undertrump``, for any hand and trick."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from trickcore.cards import Card, Suit, standard_deck
from trickcore.kit.tricks import FollowOrTrump, TrickOrder

PACK = standard_deck()
IDENTITY = {card: card for card in PACK}


@settings(max_examples=300, deadline=None)
@given(
    cards=st.permutations(PACK),
    size=st.integers(1, 12),
    played=st.integers(0, 3),
    trump=st.sampled_from(list(Suit)),
    no_undertrump=st.booleans(),
)
def test_legal_plays_agree_with_allows(
    cards: list[Card], size: int, played: int, trump: Suit, no_undertrump: bool
) -> None:
    policy = FollowOrTrump(TrickOrder.plain(PACK, trump), no_undertrump=no_undertrump)
    hand, trick = tuple(cards[:size]), tuple(cards[size : size + played])
    expected = tuple(card for card in hand if policy.allows(hand, trick, card))
    assert policy.legal_plays(hand, trick, IDENTITY) == expected
    assert policy.legal(hand, trick) == expected

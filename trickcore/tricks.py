"""Trick mechanics shared by the games: effective suits, card strength, following suit and the
winner of a trick.

A :class:`TrickOrder` is built once per trump (games cache them) and answers in table look-ups,
because these questions are asked on every card played. Trump cards get a strength of at least
:data:`TRUMP_BASE`, so one comparison ranks any trump above any plain card.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence

from trickcore.cards import Card, Suit

__all__ = ["TRUMP_BASE", "TrickOrder", "rank_strength", "shuffle_problem"]

TRUMP_BASE = 100
"""Every trump is at least this strong; every plain card is weaker."""


def rank_strength(card: Card) -> int:
    """Ace high, two low: the rank order 2 to 14 (the joker, which has no rank, counts 15)."""
    return card.rank.order if card.rank is not None else 15


class TrickOrder:
    """Which suit each card belongs to and how strong it is, for one trump suit.

    ``suit_of`` maps every card of the deck to its *effective* suit (a game may move a card to
    another suit, as Euchre moves the left bower and the joker into trumps); ``strength`` maps
    it to an integer, higher wins, trumps at :data:`TRUMP_BASE` or above.
    """

    __slots__ = ("trump", "suit_of", "strength")

    def __init__(
        self, trump: Suit | None, suit_of: Mapping[Card, Suit], strength: Mapping[Card, int]
    ) -> None:
        self.trump = trump
        self.suit_of: dict[Card, Suit] = dict(suit_of)
        self.strength: dict[Card, int] = dict(strength)

    @classmethod
    def plain(
        cls,
        deck: Iterable[Card],
        trump: Suit | None,
        strength: Callable[[Card], int] = rank_strength,
    ) -> TrickOrder:
        """Each card in its printed suit; trumps raised by :data:`TRUMP_BASE`."""
        suit_of: dict[Card, Suit] = {}
        power: dict[Card, int] = {}
        for card in deck:
            if card.suit is None:
                raise ValueError("a plain trick order has no place for the joker")
            suit_of[card] = card.suit
            power[card] = strength(card) + (TRUMP_BASE if card.suit is trump else 0)
        return cls(trump, suit_of, power)

    def is_trump(self, card: Card) -> bool:
        """True if the card belongs to the trump suit."""
        return self.strength[card] >= TRUMP_BASE

    def cards_of_suit(self, cards: Iterable[Card], suit: Suit) -> tuple[Card, ...]:
        """The cards whose effective suit is ``suit``."""
        suit_of = self.suit_of
        return tuple(card for card in cards if suit_of[card] is suit)

    def following(self, hand: Sequence[Card], led: Suit) -> tuple[Card, ...]:
        """The cards of ``hand`` that may be played to a trick led in ``led`` when the rule is
        "follow suit if you can, else play anything"."""
        suit_of = self.suit_of
        same = tuple(card for card in hand if suit_of[card] is led)
        return same or tuple(hand)

    def winner(self, trick: Sequence[Card]) -> int:
        """The position in ``trick`` (0 = the lead) of the card that wins it: the highest trump,
        else the highest card of the suit led."""
        suit_of = self.suit_of
        strength = self.strength
        led = suit_of[trick[0]]
        best_position = 0
        best = strength[trick[0]]
        for position in range(1, len(trick)):
            card = trick[position]
            power = strength[card]
            if power > best and (power >= TRUMP_BASE or suit_of[card] is led):
                best = power
                best_position = position
        return best_position


def shuffle_problem(order: Sequence[Card], pack: Sequence[Card]) -> str:
    """Why ``order`` is not a shuffle of ``pack``: the cards missing, doubled or foreign."""
    counts = Counter(order)
    expected = set(pack)
    missing = sorted(str(card) for card in expected if card not in counts)
    twice = sorted(str(card) for card, count in counts.items() if count > 1)
    foreign = sorted(str(card) for card in counts if card not in expected)
    parts = [f"a shuffle must hold the {len(pack)} cards of the pack once each"]
    if len(order) != len(pack):
        parts.append(f"got {len(order)} cards")
    if missing:
        parts.append("missing " + " ".join(missing))
    if twice:
        parts.append("more than once " + " ".join(twice))
    if foreign:
        parts.append("not in this pack " + " ".join(foreign))
    return "; ".join(parts)

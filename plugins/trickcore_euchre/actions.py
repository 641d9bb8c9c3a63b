"""Euchre actions: one tagged union, chance actions included.

JSON forms: ``{"type": "pass"}``, ``{"type": "order_up"}``, ``{"type": "call", "suit": "H"}``,
``{"type": "discard", "card": "9S"}``, ``{"type": "alone"}``, ``{"type": "with_partner"}``,
``{"type": "play", "card": "QH"}``, and the chance actions ``{"type": "dealer", "seat": 2}`` and
``{"type": "shuffle", "order": ["9C", ...]}``.
"""

from __future__ import annotations

from trickcore.cards import Card, Suit
from trickcore.game import Action, DrawDealer, Shuffle

__all__ = [
    "Call",
    "Discard",
    "EuchreAction",
    "GoAlone",
    "OrderUp",
    "Pass",
    "Play",
    "WithPartner",
]


class Pass(Action, frozen=True, tag="pass"):
    """Pass in either bidding round (E4)."""

    text = "pass"


class OrderUp(Action, frozen=True, tag="order_up"):
    """First round: accept the up-card's suit as trump (order up, assist, pick up; E4)."""

    text = "order up"


class Call(Action, frozen=True, tag="call"):
    """Name trump: in the second round (not the turned-down suit, E4), or as the dealer when
    the joker is turned up (any suit, E5)."""

    suit: Suit
    """The suit named trump."""

    def __str__(self) -> str:
        return f"call {self.suit.name.lower()}"


class Discard(Action, frozen=True, tag="discard"):
    """The dealer's discard after taking the up-card (E4, E5)."""

    text = "discard {card}"
    card: Card
    """The card discarded."""


class GoAlone(Action, frozen=True, tag="alone"):
    """Play alone: the partner lays down their hand (E6)."""

    text = "go alone"


class WithPartner(Action, frozen=True, tag="with_partner"):
    """Do not play alone (E6)."""

    text = "play with partner"


class Play(Action, frozen=True, tag="play"):
    """Play a card to the trick (E7)."""

    text = "play {card}"
    card: Card
    """The card played."""


EuchreAction = DrawDealer | Shuffle | Pass | OrderUp | Call | Discard | GoAlone | WithPartner | Play
"""Every Euchre action; ``msgspec.json.decode(data, type=EuchreAction)`` decodes any of them."""

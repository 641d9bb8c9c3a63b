"""Apples actions: one tagged union, chance actions included.

JSON forms: ``{"type": "pass"}``, ``{"type": "bid", "number": 3, "suit": "D"}``,
``{"type": "give", "card": "9S"}`` (one card into the bidding pile), ``{"type": "target",
"card": "4H"}``, ``{"type": "play", "card": "QH"}``, and the chance actions ``{"type":
"dealer", "seat": 2}`` and ``{"type": "shuffle", "order": [...]}`` (the whole pack for a deal,
the 4N pile cards for the bidding pile).
"""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta

from trickcore.cards import Card, Suit
from trickcore.game import Action, DrawDealer, Shuffle

__all__ = ["ApplesAction", "Bid", "Give", "Pass", "Play", "SetTarget"]


class Pass(Action, frozen=True, tag="pass"):
    """Pass in the auction (A3)."""

    text = "pass"


class Bid(Action, frozen=True, tag="bid"):
    """Bid a number of cards of a suit: "Two Diamonds" is ``Bid(number=2, suit=Suit.DIAMONDS)``
    (A3). The number may not exceed the bidder's cards of that suit."""

    number: Annotated[int, Meta(ge=1, le=13)]
    """How many cards each player gives to the bidding pile (1-13)."""
    suit: Suit
    """The suit bid for trump."""

    def __str__(self) -> str:
        return f"bid {self.number} {self.suit.name.lower()}"


class Give(Action, frozen=True, tag="give"):
    """Put one card face down into the bidding pile (A4); each player gives N, one at a time."""

    text = "give {card}"
    card: Card
    """The card given."""


class SetTarget(Action, frozen=True, tag="target"):
    """Set a card aside face down as the target card (A5)."""

    text = "target {card}"
    card: Card
    """The card set aside."""


class Play(Action, frozen=True, tag="play"):
    """Play a card to the trick (A6)."""

    text = "play {card}"
    card: Card
    """The card played."""


ApplesAction = DrawDealer | Shuffle | Pass | Bid | Give | SetTarget | Play
"""Every Apples action; ``msgspec.json.decode(data, type=ApplesAction)`` decodes any of them."""

"""Euchre events: the kit's generic ones and Euchre's own (bids, trump, going alone), written
by the rules as they apply an action (:mod:`trickcore.kit.events`; E10: a seat's events show
only its own cards).
"""

from __future__ import annotations

from trickcore.cards import Card, Suit
from trickcore.game import Event
from trickcore.kit import events
from trickcore.kit.events import (
    CardPlayed,
    CardTurnedUp,
    DealerDrawn,
    Dealt,
    GameOver,
    GenericEvent,
    HandOver,
    PointsScored,
    TrickWon,
    cards_text,
)
from trickcore.kit.seating import SeatField

__all__ = [
    "CardPlayed",
    "CardTurnedUp",
    "DealerDrawn",
    "Dealt",
    "Discarded",
    "EuchreEvent",
    "GameOver",
    "HandOver",
    "HandThrownIn",
    "OrderedUp",
    "Passed",
    "PlayBegins",
    "PointsScored",
    "TrickWon",
    "TrumpCalled",
    "UpCardTurnedDown",
    "WentAlone",
    "WithPartnerDeclared",
]


class Passed(events.Passed, frozen=True, tag="passed"):
    """A pass in bidding round 1 or 2 (E4)."""

    round: int
    """The bidding round: 1 or 2."""


class UpCardTurnedDown(Event, frozen=True, tag="turned_down"):
    """All four passed in the first round; the up-card's suit may not be named (E4)."""

    text = "{card} is turned down."
    card: Card
    """The up-card turned down."""


class OrderedUp(Event, frozen=True, tag="ordered_up"):
    """The up-card's suit was accepted as trump; the dealer takes the up-card (E4)."""

    seat: SeatField
    """The seat that ordered it up."""
    suit: Suit
    """The trump suit."""
    dealer: SeatField
    """The dealer, who takes the up-card."""
    up_card: Card
    """The up-card."""

    def __str__(self) -> str:
        verb = "picks up" if self.seat == self.dealer else "orders up"
        return (
            f"Seat {self.seat} {verb} {self.up_card}: {self.suit.name.lower()} are trumps; "
            f"seat {self.dealer} takes the {self.up_card}."
        )


class TrumpCalled(Event, frozen=True, tag="trump_called"):
    """A suit was named trump: second round (E4), or by the dealer over a joker (E5).
    ``hand`` shows the dealer their own hand after an E5 call (only in their own events)."""

    seat: SeatField
    """The seat that named trump."""
    suit: Suit
    """The trump suit."""
    joker_up: bool = False
    """Named by the dealer over a turned-up joker (E5)."""
    hand: tuple[Card, ...] | None = None
    """The dealer's own hand after an E5 call, in their own events only; else ``None``."""

    def __str__(self) -> str:
        text = f"Seat {self.seat} names {self.suit.name.lower()} trumps"
        if self.joker_up:
            text += " and takes the joker"
        if self.hand is not None:
            text += f". Your hand: {cards_text(self.hand)}"
        return text + "."


class Discarded(Event, frozen=True, tag="discarded"):
    """The dealer discarded; ``card`` only in the dealer's own events (E10)."""

    seat: SeatField
    """The dealer."""
    card: Card | None
    """The discard, in the dealer's own events only; else ``None``."""

    def __str__(self) -> str:
        what = str(self.card) if self.card is not None else "a card"
        return f"Seat {self.seat} discards {what}."


class WentAlone(Event, frozen=True, tag="went_alone"):
    """A player goes alone; their partner sits out (E6)."""

    text = "Seat {seat} goes alone; seat {partner} sits out."
    seat: SeatField
    """The seat that plays alone."""
    partner: SeatField
    """Its partner, who sits out."""


class WithPartnerDeclared(Event, frozen=True, tag="with_partner"):
    """A player declined to go alone (E6)."""

    text = "Seat {seat} plays with partner."
    seat: SeatField
    """The seat that plays with its partner."""


class PlayBegins(events.PlayBegins, frozen=True, tag="play_begins"):
    """Trump is settled and the first trick is led (E7): the kit's event, with the maker and
    the partners of lone players, who sit out (E6)."""

    maker: SeatField
    """The seat that made trump."""
    sitting_out: tuple[SeatField, ...]
    """The partners of lone players."""


class HandThrownIn(Event, frozen=True, tag="thrown_in"):
    """Everyone passed twice; the hand is thrown in (E4)."""

    text = "Everyone passed: the hand is thrown in."
    dealer: SeatField
    """The seat that dealt the hand."""


EuchreEvent = (
    GenericEvent
    | Passed
    | UpCardTurnedDown
    | OrderedUp
    | TrumpCalled
    | Discarded
    | WentAlone
    | WithPartnerDeclared
    | PlayBegins
    | HandThrownIn
)
"""Every Euchre event: the kit's generic ones and Euchre's own."""

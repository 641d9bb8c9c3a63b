"""High card's data: options, actions, the state and a seat's view (rules H1-H6, see rules.py).

Everything is a frozen msgspec struct, so states, views and actions serialise to JSON and
MessagePack as they are. The state is a public part plus two hidden parts, declared once in
:data:`PROJECTION`: ``hands`` (each seen by its own seat) and ``stock`` (seen by nobody).
"""

from __future__ import annotations

import enum
from typing import Annotated

import msgspec
from msgspec import Meta

from trickcore import Action, Card, DrawDealer, Options, Rank, Seat, Shuffle
from trickcore.cards import standard_deck
from trickcore.kit.hidden import Projection, SeatPart
from trickcore.kit.tricks import Trick

__all__ = [
    "HAND_SIZE",
    "PACK",
    "PROJECTION",
    "HighCardAction",
    "HighCardOptions",
    "HighCardState",
    "HighCardView",
    "Phase",
    "Play",
]

PACK = standard_deck([Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE])
"""The 16 cards, jack to ace in four suits (H2)."""
HAND_SIZE = 3
"""Cards dealt to each player, so tricks per hand (H3)."""


class HighCardOptions(Options, frozen=True):
    """``trickcore.load("high-card", players=3, target=7)``."""

    players: Annotated[int, Meta(ge=2, le=4, description="Number of players (H1).")] = 2
    target: Annotated[int, Meta(ge=1, description="Points that end the game (H6).")] = 5
    first_dealer: Annotated[
        int | None, Meta(description="The first dealer's seat; null draws it (H3).")
    ] = None

    def __post_init__(self) -> None:
        if self.first_dealer is not None and not 0 <= self.first_dealer < self.players:
            raise ValueError(f"first_dealer must be a seat 0-{self.players - 1} or null")


class Play(Action, frozen=True, tag="play"):
    """Play a card to the trick (H4): ``{"type": "play", "card": "QH"}``."""

    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


HighCardAction = DrawDealer | Shuffle | Play
"""Every action, chance ones included."""


class Phase(enum.Enum):
    """Where the game stands."""

    DRAW_DEALER = "draw_dealer"
    DEAL = "deal"
    PLAY = "play"
    OVER = "over"


class HighCardState(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A whole game: public fields, then the hidden ``hands`` and ``stock``."""

    phase: Phase
    dealer: Seat | None = None
    scores: tuple[int, ...]
    hand_number: int = 0
    leader: Seat = 0
    """Who led the trick in progress (or leads the next one)."""
    tricks: tuple[Trick, ...] = ()
    """The finished tricks of this hand."""
    trick: tuple[Card, ...] = ()
    """The cards played to the trick in progress."""
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...] = ()
    """The cards left undealt this hand."""


class HighCardView(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What one seat sees: the public fields, its own hand and the sizes of all hands."""

    seat: Seat
    phase: Phase
    dealer: Seat | None
    scores: tuple[int, ...]
    hand_number: int
    leader: Seat
    tricks: tuple[Trick, ...]
    trick: tuple[Card, ...]
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]


PROJECTION: Projection[HighCardState, HighCardView] = Projection(
    HighCardState,
    HighCardView,
    per_seat=[SeatPart("hands", own="hand", sizes="hand_sizes")],
    secret=["stock"],
)
"""Hands are seen by their own seat (others see their sizes); the stock by nobody (H3)."""

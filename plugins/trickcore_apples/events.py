"""Apples events: the kit's generic ones and Apples' own (bids, the pile, targets, scoring).

The rules write them as they apply an action (:mod:`trickcore.kit.events`); a seat's events
show its own dealt hand, its own cards given to the pile and got back, and its own target card
(A10); a spectator (``None``) sees the public events only.
"""

from __future__ import annotations

from trickcore.cards import Card, Suit
from trickcore.game import Event
from trickcore.kit import events
from trickcore.kit.events import (
    CardPlayed,
    DealerDrawn,
    Dealt,
    GameOver,
    GenericEvent,
    HandOver,
    PlayBegins,
    TrickWon,
    cards_text,
)
from trickcore.kit.seating import SeatField
from trickcore_apples.state import Group, RoundResult

__all__ = [
    "AllPassed",
    "ApplesEvent",
    "AuctionWon",
    "BidMade",
    "CardGiven",
    "CardPlayed",
    "DealerDrawn",
    "Dealt",
    "GameOver",
    "HandOver",
    "Passed",
    "PileDealt",
    "PlayBegins",
    "RoundRecorded",
    "RoundScored",
    "TargetSet",
    "TrickWon",
    "bid_text",
    "group_text",
]


def bid_text(number: int, suit: Suit) -> str:
    """``"3 clubs"``: the number in figures, as the action reads (``bid 3 clubs``) and as it
    is typed."""
    return f"{number} {suit.name.lower()}"


_KINDS = {1: "single", 2: "pair", 3: "triple", 4: "four"}


def group_text(group: Group) -> str:
    """``"JJJ triple +20"``, ``"444 triple of the target +40"``."""
    kind = _KINDS[group.count] + (" of the target" if group.target_bonus else "")
    return f"{str(group.rank) * group.count} {kind} {group.points:+d}"


class Passed(events.Passed, frozen=True, tag="passed"):
    """A pass in the auction (A3)."""


class BidMade(Event, frozen=True, tag="bid"):
    """A bid in the auction (A3)."""

    seat: SeatField
    """The seat that bid."""
    number: int
    """The bid's number."""
    suit: Suit
    """The bid's suit."""

    def __str__(self) -> str:
        return f"Seat {self.seat} bids {bid_text(self.number, self.suit)}."


class AllPassed(Event, frozen=True, tag="all_passed"):
    """Everyone passed before anyone bid: the same dealer deals again (A3)."""

    text = "Everyone passed: seat {dealer} deals again."
    dealer: SeatField
    """The dealer, who deals again."""


class AuctionWon(Event, frozen=True, tag="auction_won"):
    """The auction ended: the winning bid's suit is trump, and each player gives its number of
    cards to the bidding pile (A3, A4)."""

    seat: SeatField
    """The auction winner."""
    number: int
    """The winning bid's number."""
    suit: Suit
    """The winning bid's suit: trump."""

    def __str__(self) -> str:
        return (
            f"Seat {self.seat} wins the auction with {bid_text(self.number, self.suit)}: "
            f"{self.suit.name.lower()} are trumps; each player gives {self.number} to the pile."
        )


class CardGiven(Event, frozen=True, tag="card_given"):
    """A card went face down into the bidding pile; ``card`` only in the giver's own events
    (A4, A10)."""

    seat: SeatField
    """The giver."""
    card: Card | None
    """The card, in the giver's own events only; else ``None``."""

    def __str__(self) -> str:
        what = str(self.card) if self.card is not None else "a card"
        return f"Seat {self.seat} puts {what} into the pile."


class PileDealt(Event, frozen=True, tag="pile_dealt"):
    """The bidding pile was shuffled and dealt back; ``received`` is the viewing seat's share
    (``None`` for a spectator) and ``hand`` its hand after it (A4)."""

    size: int
    """The number of cards in the bidding pile."""
    received: tuple[Card, ...] | None
    """The viewing seat's share, ``None`` for a spectator."""
    hand: tuple[Card, ...] | None
    """The viewing seat's hand after it, ``None`` for a spectator."""

    def __str__(self) -> str:
        text = f"The pile of {self.size} cards is shuffled and dealt back."
        if self.received is not None:
            text += f" You get {cards_text(self.received)}."
        return text


class TargetSet(Event, frozen=True, tag="target_set"):
    """A player set a target card aside; ``card`` only in their own events (A5, A10)."""

    seat: SeatField
    """The player."""
    card: Card | None
    """The target card, in the player's own events only; else ``None``."""

    def __str__(self) -> str:
        what = f" {self.card}" if self.card is not None else " a card"
        return f"Seat {self.seat} sets{what} aside as the target."


class RoundScored(Event, frozen=True, tag="round_scored"):
    """One player's round scored (A7): target, winnings pile, groups, points and new total."""

    seat: SeatField
    """The player."""
    target: Card
    """Their target card."""
    winnings: tuple[Card, ...]
    """Their winnings pile."""
    groups: tuple[Group, ...]
    """Their scoring groups (A7)."""
    points: int
    """Their points this round."""
    total: int
    """Their running total."""

    def __str__(self) -> str:
        scoring = [group_text(group) for group in self.groups if group.count > 1]
        shown = ", ".join(scoring) if scoring else "no pairs"
        return (
            f"Seat {self.seat} (target {self.target}): {shown}; "
            f"{self.points:+d} points, total {self.total}."
        )


class RoundRecorded(Event, frozen=True, tag="round_recorded"):
    """A round is scored: its whole record (:class:`~trickcore_apples.RoundResult`), as the
    state's ``last_round`` keeps it (auction, tricks, targets, winnings, scores: public once
    scored, A10), and the viewing seat's own exchange with the bidding pile, ``None`` for a
    spectator (A4: no one sees another's)."""

    result: RoundResult
    """The round's record."""
    seat: SeatField | None
    """The viewing seat, whose exchange ``given`` and ``received`` show; ``None`` for a
    spectator."""
    given: tuple[Card, ...] | None
    """What the viewing seat gave to the bidding pile; ``None`` for a spectator."""
    received: tuple[Card, ...] | None
    """What the viewing seat got back from the bidding pile; ``None`` for a spectator."""

    def __str__(self) -> str:
        result = self.result
        text = (
            f"Round {result.round_number}: seat {result.declarer} won the auction with "
            f"{bid_text(result.number, result.trump)} ({len(result.auction)} calls), "
            f"{len(result.tricks)} tricks played."
        )
        if self.seat is not None and self.given is not None and self.received is not None:
            text += (
                f" Seat {self.seat} gave {cards_text(self.given)} to the pile"
                f" and got {cards_text(self.received)}."
            )
        return text


ApplesEvent = (
    GenericEvent
    | Passed
    | BidMade
    | AllPassed
    | AuctionWon
    | CardGiven
    | PileDealt
    | TargetSet
    | PlayBegins
    | RoundScored
    | RoundRecorded
)
"""Every Apples event: the kit's generic ones and Apples' own."""

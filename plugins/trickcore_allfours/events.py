"""All Fours events: the kit's generic ones and All Fours' own (kick, stand, beg, give one, run
the pack, redeal, the card points for Game).

The rules write them as they apply an action (:mod:`trickcore.kit.events`); a seat's events show
its own cards after a deal or a run of the pack (F8); a spectator (``None``) sees the public
events only. Points, the kick's included, are :class:`~trickcore.kit.events.PointsScored` events
citing their rule-book section.
"""

from __future__ import annotations

from trickcore.cards import Card
from trickcore.game import Event
from trickcore.kit.events import (
    CardPlayed,
    DealerDrawn,
    Dealt,
    GameOver,
    GenericEvent,
    HandOver,
    PlayBegins,
    PointsScored,
    TrickWon,
    cards_text,
)
from trickcore.kit.seating import SeatField
from trickcore_allfours.state import HandResult

__all__ = [
    "AllFoursEvent",
    "Begged",
    "CardPlayed",
    "DealerDrawn",
    "Dealt",
    "GameCounted",
    "GameOver",
    "GaveOne",
    "HandOver",
    "HandRecorded",
    "Kicked",
    "PackRun",
    "PlayBegins",
    "PointsScored",
    "Redealt",
    "Stood",
    "TrickWon",
]


class Kicked(Event, frozen=True, tag="kicked"):
    """The dealer turned up a kick; its suit is trump for now, and it scores ``points`` for the
    dealer's side (F2). ``number`` counts the kicks of the deal from 1."""

    dealer: SeatField
    """The seat that kicked."""
    card: Card
    """The card kicked."""
    points: int
    """The points it scored for the dealer's side (F2)."""
    number: int
    """The kick's number in this deal, from 1."""

    def __str__(self) -> str:
        scores = f", {self.points} for the dealer's side" if self.points else ""
        assert self.card.suit is not None
        return f"Seat {self.dealer} kicks {self.card}: {self.card.suit.name.lower()}{scores}."


class Stood(Event, frozen=True, tag="stood"):
    """The player on the dealer's right stands (F3)."""

    text = "Seat {seat} stands."
    seat: SeatField
    """The seat that stood."""


class Begged(Event, frozen=True, tag="begged"):
    """The player on the dealer's right begs (F3)."""

    text = "Seat {seat} begs."
    seat: SeatField
    """The seat that begged."""


class GaveOne(Event, frozen=True, tag="gave_one"):
    """The dealer gave one to the beggar's side (F3)."""

    text = "Seat {seat} gives one."
    seat: SeatField
    """The dealer, who gave one."""


class PackRun(Event, frozen=True, tag="pack_run"):
    """The dealer ran the pack: 3 more cards to each player (F3). ``hand`` is the viewing seat's
    hand after it, ``None`` for a spectator."""

    dealer: SeatField
    """The dealer, who ran the pack."""
    hand: tuple[Card, ...] | None
    """The viewing seat's hand after it, ``None`` for a spectator."""

    def __str__(self) -> str:
        mine = f" Your hand: {cards_text(self.hand)}." if self.hand is not None else ""
        return f"Seat {self.dealer} runs the pack: 3 more cards each.{mine}"


class Redealt(Event, frozen=True, tag="redealt"):
    """The pack could not supply another run: the same dealer deals afresh; points scored so
    far are kept (F3)."""

    text = "The pack has run out: seat {dealer} shuffles and deals again."
    dealer: SeatField
    """The seat that deals afresh."""


class GameCounted(Event, frozen=True, tag="game_counted"):
    """Each side's card points for Game (F5); equal totals score nothing."""

    points: tuple[int, int]
    """Each side's card points for Game (F5)."""

    def __str__(self) -> str:
        totals = f"side 0 counts {self.points[0]}, side 1 counts {self.points[1]}"
        tie = ": a tie, no point" if self.points[0] == self.points[1] else ""
        return f"Game: {totals}{tie}."


class HandRecorded(Event, frozen=True, tag="hand_recorded"):
    """A hand is over: its whole record (:class:`~trickcore_allfours.HandResult`), as the
    state's ``last_hand`` keeps it: every point scored in the hand, the last deal's kicks,
    stand or beg, answer and tricks, and the redeals (F2-F5). Every part was on the table."""

    result: HandResult
    """The hand's record."""

    def __str__(self) -> str:
        result = self.result
        redeals = f", after {result.redeals} redeal(s)" if result.redeals else ""
        return (
            f"Hand {result.hand_number} ({len(result.tricks)} tricks{redeals}): "
            f"side 0 +{result.hand_points[0]}, side 1 +{result.hand_points[1]}."
        )


AllFoursEvent = (
    GenericEvent
    | Kicked
    | Stood
    | Begged
    | GaveOne
    | PackRun
    | Redealt
    | PlayBegins
    | GameCounted
    | HandRecorded
)
"""Every All Fours event: the kit's generic ones and All Fours' own."""

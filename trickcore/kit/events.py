"""The generic events and the log that transitions write them to (DESIGN 4a).

Events come from the transition that caused them, not from comparing two states: a game's rule
code takes an optional :class:`EventLog` and adds an event where it does the thing the event
reports. ``apply`` passes no log (the hot path does no event work); ``events(state, action,
seat)`` runs the same transition with a log made for ``seat``, which rule code asks
(:meth:`EventLog.own`) before it writes a card only that seat may see;
``apply_with_all_events(state, action)`` runs it once with an :class:`EveryViewerLog`, which
keeps what each seat may see and tells every viewer its own events
(:class:`~trickcore.game.EventsBySeat`).

The events every trick-taking game shares are here; a game adds its own kinds (trump named,
kick turned, bid …) as :class:`~trickcore.game.Event` subclasses with tags of their own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import msgspec

from trickcore.cards import Card, Suit
from trickcore.game import Event, EventsBySeat, Seat, SeatField

__all__ = [
    "CardPlayed",
    "CardTurnedUp",
    "DealerDrawn",
    "Dealt",
    "EventLog",
    "EveryViewerLog",
    "GameOver",
    "GenericEvent",
    "HandOver",
    "Passed",
    "PlayBegins",
    "PointsScored",
    "TrickWon",
    "by_side",
    "cards_text",
    "side_text",
    "tell_hand_over",
]

T = TypeVar("T")


def cards_text(cards: tuple[Card, ...]) -> str:
    """``"AS KH 9D"``: cards in their text form, in order, for an event's words."""
    return " ".join(str(card) for card in cards)


def by_side(values: tuple[int, ...]) -> str:
    """``(7, 4)`` -> ``"side 0 7, side 1 4"``: a number per side, each labelled."""
    return ", ".join(f"side {side} {value}" for side, value in enumerate(values))


def side_text(side: int, seats: tuple[Seat, ...]) -> str:
    """``"side 0 (seats 0 and 2)"``, or ``"seat 3"`` for a side of one."""
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return f"side {side} (seats {' and '.join(map(str, seats))})"


class DealerDrawn(Event, frozen=True, tag="dealer_drawn"):
    """The first dealer was drawn."""

    seat: SeatField
    """The seat that deals first."""

    def __str__(self) -> str:
        return f"Seat {self.seat} deals first."


class Dealt(Event, frozen=True, tag="dealt"):
    """Cards were dealt. ``hand`` is the viewing seat's own hand after the deal, ``None`` for a
    spectator or when the rule book hides it from the seat."""

    hand_number: int
    """The hand's number, from 1."""
    dealer: SeatField
    """The seat that dealt."""
    hand: tuple[Card, ...] | None
    """The viewing seat's own cards after the deal, or ``None`` (a spectator, or a hand the
    rule book hides from the seat)."""

    def __str__(self) -> str:
        mine = f" Your hand: {cards_text(self.hand)}." if self.hand is not None else ""
        return f"Hand {self.hand_number}: seat {self.dealer} deals.{mine}"


class CardTurnedUp(Event, frozen=True, tag="turned_up"):
    """A card was turned face up after the deal (an up-card, a kick)."""

    card: Card
    """The card turned up."""

    def __str__(self) -> str:
        return f"{self.card} is turned up."


class CardPlayed(Event, frozen=True, tag="card_played"):
    """A card was played to the trick."""

    seat: SeatField
    """The seat that played it."""
    card: Card
    """The card played."""

    def __str__(self) -> str:
        return f"Seat {self.seat} plays {self.card}."


class TrickWon(Event, frozen=True, tag="trick_won"):
    """A trick was completed; ``number`` counts from 1 in the hand."""

    seat: SeatField
    """The seat that won the trick (and leads the next one)."""
    number: int
    """The trick's number in the hand, from 1."""
    cards: tuple[Card, ...]
    """The trick's cards, in the order they were played."""

    def __str__(self) -> str:
        return f"Seat {self.seat} wins trick {self.number} ({cards_text(self.cards)})."


class PointsScored(Event, frozen=True, tag="points_scored"):
    """A side scored: how many points, why (``reason``, citing ``rule``, a rule-book section)
    and the scores after it, one per side."""

    side: int
    """The side that scored (a partnership, or a player where there are none)."""
    points: int
    """How many points it scored."""
    reason: str
    """Why, in words (e.g. "march")."""
    rule: str
    """The rule-book section that scores it (e.g. "E8")."""
    scores: tuple[int, ...]
    """The scores after it, one per side."""

    def __str__(self) -> str:
        return (
            f"Side {self.side} scores {self.points} ({self.reason}, {self.rule}); "
            f"score: {by_side(self.scores)}."
        )


class HandOver(Event, frozen=True, tag="hand_over"):
    """A hand ended: the tricks each side won in it and the scores, one per side."""

    hand_number: int
    """The hand's number, from 1."""
    tricks: tuple[int, ...]
    """The tricks each side won in the hand."""
    scores: tuple[int, ...]
    """The scores after the hand, one per side."""

    def __str__(self) -> str:
        return (
            f"Hand {self.hand_number} is over; tricks: {by_side(self.tricks)}; "
            f"score: {by_side(self.scores)}."
        )


class GameOver(Event, frozen=True, tag="game_over"):
    """The game ended; ``winner`` is the winning side, ``None`` for a draw."""

    winner: int | None
    """The winning side, or ``None`` for a draw."""
    scores: tuple[int, ...]
    """The final scores, one per side."""

    def __str__(self) -> str:
        score = by_side(self.scores)
        if self.winner is None:
            return f"Game over: a draw; score: {score}."
        return f"Game over: side {self.winner} wins; score: {score}."


class PlayBegins(Event, frozen=True, tag="play_begins"):
    """Trump is settled and the first trick is led. Not in :data:`GenericEvent`: a game that
    tells it adds it to its own union (Euchre tells more, with an event of its own)."""

    trump: Suit
    """The trump suit."""
    leader: SeatField
    """The seat that leads the first trick."""

    def __str__(self) -> str:
        return f"Trumps: {self.trump.name.lower()}. Seat {self.leader} leads."


class Passed(Event, frozen=True, tag="passed"):
    """A seat passed in an auction. Not in :data:`GenericEvent`: a game with bidding adds it,
    or a subclass with more to say (Euchre's bidding round), to its own union."""

    text = "Seat {seat} passes."
    seat: SeatField
    """The seat that passed."""


class EventLog:
    """Where a transition writes its events, for one viewer (a seat, or ``None`` for a
    spectator who sees public information only)."""

    __slots__ = ("events", "viewer")

    def __init__(self, viewer: Seat | None) -> None:
        self.viewer = viewer
        """The seat the events are for; ``None``: public information only."""
        self.events: list[Event] = []
        """The events written so far, in order."""

    def add(self, event: Event) -> None:
        """Write an event (it must hold only what the viewer may see)."""
        self.events.append(event)

    def own(self, seat: Seat | None, value: T) -> Any:
        """``value`` if the viewer is ``seat``, else ``None``: for a card only ``seat`` may see.
        What it gives goes straight into an event's field: typed ``Any``, because
        :class:`EveryViewerLog` gives a stand-in there (and the compiled build checks what a
        declared type promises)."""
        return value if seat is not None and seat == self.viewer else None

    def own_entry(self, entries: tuple[T, ...], shown: Callable[[Seat], bool] | None = None) -> Any:
        """The viewer's entry of a per-seat tuple (its hand of ``hands``); ``None`` for a
        spectator, and for a seat that ``shown(seat)`` says may not see its entry yet. Typed
        ``Any``, as :meth:`own`."""
        viewer = self.viewer
        if viewer is None or (shown is not None and not shown(viewer)):
            return None
        return entries[viewer]


class _Owned:
    """What :meth:`EveryViewerLog.own` gives rule code: a value only ``seat`` may see, resolved
    per viewer when the events are read."""

    __slots__ = ("seat", "value")

    def __init__(self, seat: Seat | None, value: object) -> None:
        self.seat = seat
        self.value = value

    def seen_by(self, viewer: Seat | None) -> object:
        return self.value if self.seat is not None and self.seat == viewer else None


class _OwnEntry:
    """What :meth:`EveryViewerLog.own_entry` gives rule code: each seat's own entry."""

    __slots__ = ("entries", "shown")

    def __init__(self, entries: tuple[object, ...], shown: Callable[[Seat], bool] | None) -> None:
        self.entries = entries
        self.shown = shown

    def seen_by(self, viewer: Seat | None) -> object:
        if viewer is None or (self.shown is not None and not self.shown(viewer)):
            return None
        return self.entries[viewer]


class EveryViewerLog(EventLog):
    """A log for every viewer at once, written by one run of a transition
    (:meth:`~trickcore.kit.base.TrickGame.apply_with_all_events`): :meth:`own` and
    :meth:`own_entry` give a stand-in that each viewer's events resolve to what that viewer may
    see, so :meth:`by_seat` tells each seat (and a spectator) exactly what a log made for it
    would hold. Rule code puts what :meth:`own` and :meth:`own_entry` give straight into an
    event's field, as it does for any log (``check_game`` checks that the two logs agree)."""

    __slots__ = ("_given", "_marked")

    def __init__(self) -> None:
        super().__init__(None)
        self._given = 0  # stand-ins given since the last event was written
        self._marked: dict[int, tuple[str, ...]] = {}  # event index -> its stand-in fields

    def add(self, event: Event) -> None:
        """Write an event, noting which of its fields differ by viewer."""
        if self._given:
            self._given = 0
            self._marked[len(self.events)] = tuple(
                name
                for name in event.__struct_fields__
                if isinstance(getattr(event, name), (_Owned, _OwnEntry))
            )
        self.events.append(event)

    def own(self, seat: Seat | None, value: T) -> Any:
        """A stand-in for ``value``, which only ``seat`` sees (``None`` to the others)."""
        self._given += 1
        return _Owned(seat, value)

    def own_entry(self, entries: tuple[T, ...], shown: Callable[[Seat], bool] | None = None) -> Any:
        """A stand-in for each seat's own entry of ``entries`` (``None`` to a spectator, and to
        a seat that ``shown(seat)`` says may not see it yet)."""
        self._given += 1
        return _OwnEntry(entries, shown)

    def seen_by(self, viewer: Seat | None) -> tuple[Event, ...]:
        """The events as ``viewer`` sees them (``None``: a spectator)."""
        marked = self._marked
        if not marked:
            return tuple(self.events)
        seen = list(self.events)
        for index, names in marked.items():
            event = seen[index]
            values: dict[str, Any] = {
                name: cast(_Owned, getattr(event, name)).seen_by(viewer) for name in names
            }
            seen[index] = msgspec.structs.replace(event, **values)
        return tuple(seen)

    def by_seat(self) -> EventsBySeat:
        """Every viewer's events (:class:`~trickcore.game.EventsBySeat`)."""
        return EventsBySeat(self.seen_by)


def tell_hand_over(
    log: EventLog | None,
    *,
    hand_number: int,
    tricks: tuple[int, ...],
    scores: tuple[int, ...],
    over: bool = False,
    winner: int | None = None,
) -> None:
    """Tell ``log`` (when there is one) that hand ``hand_number`` is over (:class:`HandOver`,
    with the ``tricks`` each side won and the ``scores``) and, when the game is ``over`` with
    it, that ``winner`` won (:class:`GameOver`; ``None``: a draw)."""
    if log is None:
        return
    log.add(HandOver(hand_number=hand_number, tricks=tricks, scores=scores))
    if over:
        log.add(GameOver(winner=winner, scores=scores))


GenericEvent = (
    DealerDrawn | Dealt | CardTurnedUp | CardPlayed | TrickWon | PointsScored | HandOver | GameOver
)
"""Every generic event: a game's event union is this one and its own kinds,
``event_type = GenericEvent | MyEvent``."""

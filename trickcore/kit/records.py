"""The base of the small records a game's state holds: a bid, a score, a hand's result."""

from __future__ import annotations

import msgspec

from trickcore.cards import Card
from trickcore.game import SeatField

__all__ = ["Record", "Trick"]


class Record(msgspec.Struct, frozen=True, forbid_unknown_fields=True, gc=False):
    """Base of a state and its records: frozen, unknown fields refused when decoded, and
    untracked by the garbage collector (a record holds immutable values only). A subclass
    repeats ``frozen=True``, and says ``kw_only=True`` when its fields are to be keyword-only
    (msgspec decides that class by class): ``class Bid(Record, frozen=True): ...``."""


class Trick(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """A finished trick: who led, the seats in the order they played, their cards, the winner."""

    leader: SeatField
    """The seat that led."""
    seats: tuple[SeatField, ...]
    """The seats in the order they played."""
    cards: tuple[Card, ...]
    """Their cards, in the same order."""
    winner: SeatField
    """The seat that won the trick."""

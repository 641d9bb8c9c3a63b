"""Apples' view encoding (version 1): a view (A10) as a fixed-length vector in ``[0, 1]``.

Seats are relative to the viewer (the viewer, then the seats after it clockwise); each player
is a side of their own (A1). The parts, in the order :func:`view_layout` adds them, with their
widths, are listed in the reinforcement-learning guide (``docs/rl.md``, "View encodings").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from trickcore.cards import Suit
from trickcore.encoding import LayoutBuilder, ViewLayout
from trickcore_apples.deal import HAND_SIZE
from trickcore_apples.state import Call, Phase
from trickcore_apples.view import ApplesView

if TYPE_CHECKING:
    from trickcore_apples.rules import Apples

__all__ = ["VIEW_VERSION", "view_layout"]

VIEW_VERSION = 1
"""The version of the layout; it changes whenever the layout does."""


def _highest(view: ApplesView) -> Call | None:
    """The last bid of the auction so far (each bid beats the one before it, A3)."""
    return next((call for call in reversed(view.auction) if not call.is_pass), None)


def _passed_since_bid(view: ApplesView) -> list[int]:
    seats = []
    for call in reversed(view.auction):
        if not call.is_pass:
            break
        seats.append(call.seat)
    return seats


def view_layout(game: Apples) -> ViewLayout[ApplesView]:
    """The view layout for ``game``'s target."""
    pack, target = game.pack, game.options.target
    build: LayoutBuilder[ApplesView] = LayoutBuilder(game.seating, viewer=lambda view: view.seat)
    build.cards("hand", pack, lambda view: view.hand)
    build.cards("given", pack, lambda view: view.given)
    build.cards("received", pack, lambda view: view.received)
    build.cards("target", pack, lambda view: view.target)
    build.table(pack, tuple(Phase), won=True)
    build.number("bid_number", lambda view: view.number or _number(_highest(view)), top=HAND_SIZE)
    build.choice("bid_suit", tuple(Suit), lambda view: view.trump or _suit(_highest(view)))
    build.seat("bidder", _bidder)
    build.seat_flags("passed", _passed_since_bid)
    build.seat_flags("ever_passed", lambda view: [c.seat for c in view.auction if c.is_pass])
    build.seat_numbers("given_sizes", lambda view: view.given_sizes, top=HAND_SIZE)
    build.seat_flags(
        "targets_set", lambda view: [s for s, size in enumerate(view.target_sizes) if size]
    )
    build.seat_numbers("hand_sizes", lambda view: view.hand_sizes, top=HAND_SIZE)
    build.flag("overtime", lambda view: view.overtime)
    build.seat_numbers("scores", lambda view: view.scores, low=-target, top=target)
    return build.build(version=VIEW_VERSION)


def _bidder(view: ApplesView) -> int | None:
    """The declarer once the auction is won, else who made the highest bid so far."""
    return view.declarer if view.declarer is not None else _seat(_highest(view))


def _number(call: Call | None) -> int:
    return (call.number or 0) if call is not None else 0


def _suit(call: Call | None) -> Suit | None:
    return call.suit if call is not None else None


def _seat(call: Call | None) -> int | None:
    return call.seat if call is not None else None

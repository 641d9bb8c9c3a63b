"""Apples' view encoding (version 1): a view (A10) as a fixed-length vector in ``[0, 1]``.

Seats are relative to the viewer (the viewer, then the seats after it clockwise); each player
is a side of their own (A1). With the 52-card pack the parts are, in order:

====================  =========  ============================================================
part                  width      what
====================  =========  ============================================================
``hand``              52         the viewer's cards
``given``             52         the viewer's own cards put into the bidding pile (A4)
``received``          52         the cards the viewer got back from the pile (A4)
``target``            52         the viewer's target card (A5)
``played``            52         the cards played to the finished tricks of this round (A6)
``won``               4 x 52     the cards each seat has won in tricks this round (A7)
``trick``             4 x 52     the cards in the current trick, by who played them
``leader``            4          who leads the current trick
``phase``             8          the phase, one-hot
``dealer``            4          the dealer
``turn``              4          who acts
``bid_number``        1          the highest bid's number so far, divided by 13 (A3)
``bid_suit``          4          the highest bid's suit: trump once the auction is won
``bidder``            4          who made the highest bid: the declarer once it is won
``passed``            4          who has passed since the highest bid (or since the start)
``ever_passed``       4          who has passed in this auction (A3, ``pass_is_final``)
``given_sizes``       4          each seat's cards in the pile, divided by 13
``targets_set``       4          who has set a target card aside
``hand_sizes``        4          each seat's cards, divided by 13
``overtime``          1          rounds go on past the target to break a tie (A8)
``scores``            4          the totals, from minus the target (0) to the target (1), clipped
====================  =========  ============================================================
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
    """The layout of the module text for ``game``'s target."""
    pack, target = game.pack, game.options.target
    build: LayoutBuilder[ApplesView] = LayoutBuilder(game.seating, viewer=lambda view: view.seat)
    build.cards("hand", pack, lambda view: view.hand)
    build.cards("given", pack, lambda view: view.given)
    build.cards("received", pack, lambda view: view.received)
    build.cards("target", pack, lambda view: view.target)
    build.cards("played", pack, lambda view: [card for t in view.tricks for card in t.cards])
    build.seat_cards(
        "won", pack, lambda view: [(t.winner, card) for t in view.tricks for card in t.cards]
    )
    build.seat_cards("trick", pack, lambda view: zip(view.trick_seats, view.trick, strict=False))
    build.seat("leader", lambda view: view.trick_seats[0] if view.trick_seats else None)
    build.choice("phase", tuple(Phase), lambda view: view.phase)
    build.seat("dealer", lambda view: view.dealer)
    build.seat("turn", lambda view: view.turn)
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

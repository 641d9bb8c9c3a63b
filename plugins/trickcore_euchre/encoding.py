"""Euchre's view encoding (version 1): a view (E10) as a fixed-length vector in ``[0, 1]``.

Seats are relative to the viewer (the viewer, then the seats after it clockwise), sides the
viewer's first. With a pack of P cards (24, 32 or 25, E2) the parts are, in order:

====================  =========  ============================================================
part                  width      what
====================  =========  ============================================================
``hand``              P          the viewer's cards
``up_card``           P          the card turned up (E3), kept after it is turned down
``discard``           P          the dealer's discard, in the dealer's view only (E4)
``played``            P          the cards played to the finished tricks of this hand (E7)
``trick``             4 P        the cards in the current trick, by who played them
``leader``            4          who leads the current trick
``phase``             9          the phase, one-hot
``dealer``            4          the dealer
``turn``              4          who acts
``trump``             4          the trump suit (C, D, H, S)
``maker``             4          who made trump
``picked_up``         1          the dealer took the up-card
``auction``           8 x 3      the bids so far in order: pass, order up or call
``alone``             4          who plays alone (E6)
``sitting_out``       4          who sits out
``hand_sizes``        4          each seat's cards, divided by 6
``tricks_won``        2          tricks won this hand per side, divided by 5
``scores``            2          the scores per side, divided by the target and clipped to 1
====================  =========  ============================================================
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from trickcore.cards import Suit
from trickcore.encoding import LayoutBuilder, ViewLayout
from trickcore_euchre.deal import DEAL
from trickcore_euchre.state import Phase
from trickcore_euchre.view import EuchreView

if TYPE_CHECKING:
    from trickcore_euchre.rules import Euchre

__all__ = ["VIEW_VERSION", "view_layout"]

VIEW_VERSION = 1
"""The version of the layout; it changes whenever the layout does."""

_MOST_BIDS = 8
"""Two rounds of four bids (E4)."""


def view_layout(game: Euchre) -> ViewLayout[EuchreView]:
    """The layout of the module text for ``game``'s pack and target."""
    pack = game.pack
    build: LayoutBuilder[EuchreView] = LayoutBuilder(game.seating, viewer=lambda view: view.seat)
    build.cards("hand", pack, lambda view: view.hand)
    build.card("up_card", pack, lambda view: view.up_card)
    build.card("discard", pack, lambda view: view.discard)
    build.cards("played", pack, lambda view: [card for t in view.tricks for card in t.cards])
    build.seat_cards("trick", pack, lambda view: zip(view.trick_seats, view.trick, strict=False))
    build.seat("leader", lambda view: view.trick_seats[0] if view.trick_seats else None)
    build.choice("phase", tuple(Phase), lambda view: view.phase)
    build.seat("dealer", lambda view: view.dealer)
    build.seat("turn", lambda view: view.turn)
    build.choice("trump", tuple(Suit), lambda view: view.trump)
    build.seat("maker", lambda view: view.maker)
    build.flag("picked_up", lambda view: view.picked_up)
    build.choices(
        "auction", _MOST_BIDS, ("pass", "order_up", "call"), lambda v: [b.kind for b in v.auction]
    )
    build.seat_flags("alone", lambda view: [d.seat for d in view.declarations if d.alone])
    build.seat_flags("sitting_out", lambda view: view.sitting_out)
    build.seat_numbers("hand_sizes", lambda view: view.hand_sizes, top=DEAL.hand_size + 1)
    build.side_numbers("tricks_won", lambda view: view.tricks_won, top=DEAL.hand_size)
    build.side_numbers("scores", lambda view: view.scores, top=game.options.target)
    return build.build(version=VIEW_VERSION)

"""All Fours' view encoding (version 1): a view (F8) as a fixed-length vector in ``[0, 1]``.

Seats are relative to the viewer (the viewer, then the seats after it anticlockwise, the
direction of play), sides the viewer's first. With S seats (4 or 2, F1) and the 52-card pack the
parts are, in order:

====================  =========  ============================================================
part                  width      what
====================  =========  ============================================================
``hand``              52         the viewer's cards
``kicks``             52         the cards kicked in this deal (F2, F3)
``kick``              52         the last kick, whose suit is trump
``played``            52         the cards played to the finished tricks of this deal (F4)
``won``               S x 52     the cards each seat has won in tricks this deal (F5: Game)
``trick``             S x 52     the cards in the current trick, by who played them
``leader``            S          who leads the current trick
``phase``             6          the phase, one-hot
``dealer``            S          the dealer
``turn``              S          who acts
``trump``             4          the trump suit (C, D, H, S)
``call``              2          stand or beg (F3)
``answer``            2          give one or run the pack (F3)
``redeals``           1          fresh deals in this hand after its first, divided by 3
``hand_sizes``        S          each seat's cards, divided by 12
``hand_points``       2          points per side in this hand, divided by the target
``scores``            2          the scores per side, divided by the target and clipped to 1
====================  =========  ============================================================
"""

from __future__ import annotations

from typing import TYPE_CHECKING, get_args

from trickcore.cards import Suit
from trickcore.encoding import LayoutBuilder, ViewLayout
from trickcore_allfours.deal import HAND_SIZE, RUN_SIZE
from trickcore_allfours.state import Answer, Call, Phase
from trickcore_allfours.view import AllFoursView

if TYPE_CHECKING:
    from trickcore_allfours.rules import AllFours

__all__ = ["VIEW_VERSION", "view_layout"]

VIEW_VERSION = 1
"""The version of the layout; it changes whenever the layout does."""

_MOST_CARDS = HAND_SIZE + 2 * RUN_SIZE
"""A hand's size that the scale reaches: a fresh deal and two runs of the pack (F3)."""


def view_layout(game: AllFours) -> ViewLayout[AllFoursView]:
    """The layout of the module text for ``game``'s table and target."""
    pack, target = game.pack, game.options.target
    build: LayoutBuilder[AllFoursView] = LayoutBuilder(game.seating, viewer=lambda view: view.seat)
    build.cards("hand", pack, lambda view: view.hand)
    build.cards("kicks", pack, lambda view: [kick.card for kick in view.kicks])
    build.card("kick", pack, lambda view: view.kicks[-1].card if view.kicks else None)
    build.cards("played", pack, lambda view: [card for t in view.tricks for card in t.cards])
    build.seat_cards(
        "won", pack, lambda view: [(t.winner, card) for t in view.tricks for card in t.cards]
    )
    build.seat_cards("trick", pack, lambda view: zip(view.trick_seats, view.trick, strict=False))
    build.seat("leader", lambda view: view.trick_seats[0] if view.trick_seats else None)
    build.choice("phase", tuple(Phase), lambda view: view.phase)
    build.seat("dealer", lambda view: view.dealer)
    build.seat("turn", lambda view: view.turn)
    build.choice("trump", tuple(Suit), lambda view: view.trump)
    build.choice("call", get_args(Call), lambda view: view.call)
    build.choice("answer", get_args(Answer), lambda view: view.answer)
    build.number("redeals", lambda view: view.redeals, top=3)
    build.seat_numbers("hand_sizes", lambda view: view.hand_sizes, top=_MOST_CARDS)
    build.side_numbers("hand_points", lambda view: view.hand_points, top=target)
    build.side_numbers("scores", lambda view: view.scores, top=target)
    return build.build(version=VIEW_VERSION)

"""Euchre's view encoding (version 1): a view (E10) as a fixed-length vector in ``[0, 1]``.

Seats are relative to the viewer (the viewer, then the seats after it clockwise), sides the
viewer's first. The parts, in the order :func:`view_layout` adds them, with their widths, are
listed in the reinforcement-learning guide (``docs/rl.md``, "View encodings").
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
    """The view layout for ``game``'s pack and target."""
    pack = game.pack
    build: LayoutBuilder[EuchreView] = LayoutBuilder(game.seating, viewer=lambda view: view.seat)
    build.cards("hand", pack, lambda view: view.hand)
    build.card("up_card", pack, lambda view: view.up_card)
    build.card("discard", pack, lambda view: view.discard)
    build.table(pack, tuple(Phase))
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

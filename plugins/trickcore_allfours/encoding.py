"""All Fours' view encoding (version 1): a view (F8) as a fixed-length vector in ``[0, 1]``.

Seats are relative to the viewer (the viewer, then the seats after it anticlockwise, the
direction of play), sides the viewer's first. The parts, in the order :func:`view_layout` adds
them, with their widths, are listed in the reinforcement-learning guide (``docs/rl.md``, "View
encodings").
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
    """The view layout for ``game``'s table and target."""
    pack, target = game.pack, game.options.target
    build: LayoutBuilder[AllFoursView] = LayoutBuilder(game.seating, viewer=lambda view: view.seat)
    build.cards("hand", pack, lambda view: view.hand)
    build.cards("kicks", pack, lambda view: [kick.card for kick in view.kicks])
    build.card("kick", pack, lambda view: view.kicks[-1].card if view.kicks else None)
    build.table(pack, tuple(Phase), won=True)
    build.choice("trump", tuple(Suit), lambda view: view.trump)
    build.choice("call", get_args(Call), lambda view: view.call)
    build.choice("answer", get_args(Answer), lambda view: view.answer)
    build.number("redeals", lambda view: view.redeals, top=3)
    build.seat_numbers("hand_sizes", lambda view: view.hand_sizes, top=_MOST_CARDS)
    build.side_numbers("hand_points", lambda view: view.hand_points, top=target)
    build.side_numbers("scores", lambda view: view.scores, top=target)
    return build.build(version=VIEW_VERSION)

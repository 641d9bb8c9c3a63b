"""Presentation for frontends: the optional :class:`Renderer` protocol (DESIGN 3).

The :class:`~trickcore.game.Game` protocol holds the rules only. How a view looks to a person
(a few lines of text, the hand in the order a player sorts it) is a game's optional
*renderer*. A game provides one through a ``renderer`` attribute, a class attribute or a
property::

    class MyGame:
        renderer: ClassVar[MyRenderer] = MyRenderer()

Frontends (the command line among them) ask :func:`renderer_for`, which returns the game's
renderer or, for a game without one, :class:`DefaultRenderer`: the view's JSON, the hand as
the view gives it. Rendering is a display nicety: it never changes a state, a view or an
action.
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar, runtime_checkable

import msgspec

from trickcore.cards import Card
from trickcore.game import Game

__all__ = ["DefaultRenderer", "Renderer", "renderer_for"]

V_contra = TypeVar("V_contra", contravariant=True)
V = TypeVar("V")


@runtime_checkable
class Renderer(Protocol[V_contra]):
    """Shows a game's views to a person."""

    def describe_view(self, view: V_contra) -> str:
        """The view as a few lines of text for a terminal."""
        ...

    def sorted_hand(self, view: V_contra) -> tuple[Card, ...]:
        """The view's hand (its ``hand``) in display order: the same cards, sorted the way a
        player sorts them. A view without a hand gives ``()``."""
        ...


class DefaultRenderer:
    """The renderer of a game that has none: the view as compact JSON, and its ``hand``
    attribute (if any) in the order the view gives it."""

    def describe_view(self, view: Any) -> str:
        """The view as compact JSON."""
        return msgspec.json.encode(view).decode()

    def sorted_hand(self, view: Any) -> tuple[Card, ...]:
        """The view's ``hand`` as it is, or ``()`` when the view has none."""
        hand = getattr(view, "hand", ())
        return tuple(hand) if isinstance(hand, (tuple, list)) else ()


def renderer_for(game: Game[Any, Any, V, Any]) -> Renderer[V]:
    """The game's ``renderer`` attribute when it is a :class:`Renderer`, else a
    :class:`DefaultRenderer`."""
    renderer = getattr(game, "renderer", None)
    if isinstance(renderer, Renderer):
        return renderer
    return DefaultRenderer()

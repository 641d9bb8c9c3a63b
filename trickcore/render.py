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

A renderer may also have an ``order_actions(view, legal)`` method (see
:class:`ActionOrder`): the legal actions in the order a menu should list them, e.g. the safe
choice first so that a slip of the finger does not make a bold one. :func:`menu_order` asks
it, and keeps the game's order for a renderer without one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

import msgspec

from trickcore.cards import Card
from trickcore.game import Game, Seat
from trickcore.kit.tricks import TrickOrder

__all__ = [
    "ActionOrder",
    "DefaultRenderer",
    "Renderer",
    "menu_order",
    "renderer_for",
    "trick_text",
    "trumps_first",
]

V_contra = TypeVar("V_contra", contravariant=True)
V = TypeVar("V")


@runtime_checkable
class Renderer(Protocol[V_contra]):
    """Shows a game's views to a person."""

    def describe_view(self, view: V_contra) -> str:
        """The view as a few lines of text for a terminal. Cards are best written in their
        text form (``str(card)``: ``QH``, ``TD``), as actions and events write them, so that a
        player reads and types each card one way (the built-in games do)."""
        ...

    def sorted_hand(self, view: V_contra) -> tuple[Card, ...]:
        """The view's hand (its ``hand``) in display order: the same cards, sorted the way a
        player sorts them. A view without a hand gives ``()``."""
        ...


@runtime_checkable
class ActionOrder(Protocol[V_contra]):
    """The optional part of a renderer that orders a menu of actions."""

    def order_actions(self, view: V_contra, legal: Sequence[Any]) -> Sequence[Any]:
        """``legal`` (the legal actions of the view's seat) in the order to list them: the
        same actions, each once."""
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


def menu_order(game: Game[Any, Any, V, Any], view: V, legal: Sequence[Any]) -> tuple[Any, ...]:
    """``legal`` in the order the game's renderer lists them (its ``order_actions``, see
    :class:`ActionOrder`), or as given when it has no such method, or when the method fails
    or answers with anything but the same actions."""
    renderer = renderer_for(game)
    if not isinstance(renderer, ActionOrder):
        return tuple(legal)
    try:
        ordered = tuple(renderer.order_actions(view, legal))
    except Exception:  # a display nicety must never break the game
        return tuple(legal)
    if len(ordered) == len(legal) and all(ordered.count(a) == 1 for a in legal):
        return ordered
    return tuple(legal)


def renderer_for(game: Game[Any, Any, V, Any]) -> Renderer[V]:
    """The game's ``renderer`` attribute when it is a :class:`Renderer`, else a
    :class:`DefaultRenderer`."""
    renderer = getattr(game, "renderer", None)
    if isinstance(renderer, Renderer):
        return renderer
    return DefaultRenderer()


def trick_text(seats: Sequence[Seat], cards: Sequence[Card]) -> str:
    """``"Trick: seat 1 QH, seat 2 9H"``: a line for a renderer's ``describe_view``, the cards
    of the trick in progress (``cards``) by the seats that played them (``seats``, the order of
    play). Cards are in their text form, as actions and events write them."""
    played = ", ".join(f"seat {seat} {card}" for seat, card in zip(seats, cards, strict=False))
    return f"Trick: {played}"


def trumps_first(hand: Iterable[Card], order: TrickOrder) -> tuple[Card, ...]:
    """``hand`` as a player sorts it once trump is known, for a renderer's ``sorted_hand``:
    the trumps first, then the other suits, each strongest first, by ``order`` (a
    :class:`~trickcore.kit.tricks.TrickOrder` that knows every card of the hand)."""
    return tuple(
        sorted(
            hand,
            key=lambda card: (
                not order.is_trump(card),
                order.suit_of[card].index,
                -order.strength[card],
            ),
        )
    )

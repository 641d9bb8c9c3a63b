"""View encodings: a seat's view as a fixed-length vector of floats in ``[0, 1]``.

Neural-network policies take a vector of numbers, always of the same length. A
:class:`ViewEncoding` turns a game's view into one; its :attr:`~ViewEncoding.version` names the
layout, because a trained policy depends on it.

A game writes its own with a :class:`LayoutBuilder`: one named part after another (a hand as one
flag per card of the pack, the trump suit one-hot, the scores scaled by the target), each part of
a fixed width. Seats are written relative to the viewing seat (the viewer first, then the seats
after it in the direction of play) and sides with the viewer's side first, so one policy can play
every seat. The builder does the seat bookkeeping; the game says what goes where::

    builder = LayoutBuilder(game.seating, viewer=lambda view: view.seat)
    builder.cards("hand", game.pack, lambda view: view.hand)
    builder.choice("trump", tuple(Suit), lambda view: view.trump)
    builder.side_numbers("scores", lambda view: view.scores, top=game.options.target)
    encoding = builder.build(version=1)

:func:`default_view_encoding` derives a plainer one from the view type alone, for a game that
offers none (see :func:`trickcore.encoding.view_encoding`).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, MutableSequence, Sequence
from operator import attrgetter
from typing import Any, Generic, TypeVar, get_args, get_type_hints

import msgspec

from trickcore._mypyc import mypyc_attr
from trickcore.cards import Card
from trickcore.encoding.actions import EncodingError, field_values
from trickcore.encoding.parts import Part, ViewEncoding, Writer
from trickcore.encoding.writers import (
    NO_SEAT,
    Choices,
    Flag,
    ManyHot,
    Number,
    OneHot,
    PartWriter,
    Scaled,
    SeatCards,
    SeatFlags,
    SeatOneHot,
    Values,
)
from trickcore.game import Seat
from trickcore.kit.hidden import cards_seen
from trickcore.kit.seating import Seating

__all__ = [
    "DEFAULT_VIEW_VERSION",
    "LayoutBuilder",
    "Part",
    "ViewEncoding",
    "ViewLayout",
    "Writer",
    "default_view_encoding",
]

V = TypeVar("V")
T = TypeVar("T")

DEFAULT_VIEW_VERSION = 1
"""The version of the layout :func:`default_view_encoding` derives."""


@mypyc_attr(allow_interpreted_subclasses=True)
class ViewLayout(Generic[V]):
    """A :class:`ViewEncoding` made of :class:`Part` s, one after another; built by a
    :class:`LayoutBuilder`."""

    __slots__ = ("_built", "_viewer", "_writers", "names", "parts", "size", "version")

    def __init__(self, parts: Sequence[Part], *, version: int) -> None:
        names = [part.name for part in parts]
        if len(set(names)) != len(names):
            raise EncodingError(f"the parts of a layout have distinct names, not {names}")
        self.parts: tuple[Part, ...] = tuple(parts)
        """The parts, in order."""
        self.version: int = version
        """The version of this layout."""
        self.names: tuple[str, ...] = tuple(
            f"{part.name}:{label}" for part in parts for label in part.labels
        )
        """A name per entry, ``"part:label"`` (``"hand:QH"``, ``"scores:own"``)."""
        self.size: int = len(self.names)
        """The length of every encoded view."""
        starts = itertools.accumulate((len(part.labels) for part in parts), initial=0)
        self._writers = tuple(zip((part.write for part in parts), starts, strict=False))
        # When every part is the builder's own, encoding calls their write methods directly
        # and asks the viewer's seat once (the compiled build skips a generic call a part).
        built = [(write, start) for write, start in self._writers if isinstance(write, PartWriter)]
        self._built: tuple[tuple[PartWriter, int], ...] | None = None
        self._viewer: Callable[[Any], Seat] | None = None
        if len(built) == len(self._writers):
            self._built = tuple(built)
            viewers = {
                id(write.viewer): write.viewer for write, _ in built if write.viewer is not None
            }
            if len(viewers) == 1:
                (self._viewer,) = viewers.values()

    def encode(self, view: V) -> list[float]:
        """The view as :attr:`size` floats in ``[0, 1]``; :class:`EncodingError` names a part
        of one's own (:meth:`LayoutBuilder.part`) that gave the wrong number of values."""
        vector = [0.0] * self.size
        self.encode_into(view, vector)
        return vector

    def encode_into(self, view: V, vector: MutableSequence[float]) -> None:
        """Write the view into ``vector``: :attr:`size` zeros (a list, or an
        ``array.array("f")`` to skip converting a list of Python floats), left holding what
        :meth:`encode` returns."""
        built = self._built
        if built is None:
            for write, start in self._writers:
                write(view, vector, start)
            return
        viewer = self._viewer
        seat = NO_SEAT if viewer is None else viewer(view)
        for part, start in built:
            part.write(view, vector, start, seat)

    def part_slices(self) -> dict[str, slice]:
        """Where each part lies in an encoded view, by name."""
        slices, start = {}, 0
        for part in self.parts:
            slices[part.name] = slice(start, start + len(part.labels))
            start += len(part.labels)
        return slices

    def __repr__(self) -> str:
        return f"ViewLayout(size={self.size}, version={self.version}, parts={len(self.parts)})"


@mypyc_attr(allow_interpreted_subclasses=True)
class LayoutBuilder(Generic[V]):
    """Builds a :class:`ViewLayout` part by part (see the module text).

    ``seating`` is the game's table and ``viewer(view)`` the seat whose view it is: every
    per-seat part lists the viewer first, then the seats after it in the direction of play;
    every per-side part lists the viewer's side first, then the others in the order their
    first seats follow the viewer. A value that is ``None`` or not among a part's values
    encodes as zeros.
    """

    def __init__(self, seating: Seating, viewer: Callable[[V], Seat]) -> None:
        self.seating = seating
        self.viewer = viewer
        self._parts: list[Part] = []
        seats = range(seating.seats)
        self._seat_rank: tuple[dict[Seat, int], ...] = tuple(
            {seat: i for i, seat in enumerate(seating.order(viewer_seat))} for viewer_seat in seats
        )
        side_orders = []
        for viewer_seat in seats:
            order: list[int] = []
            for seat in seating.order(viewer_seat):
                if seating.side(seat) not in order:
                    order.append(seating.side(seat))
            side_orders.append(tuple(order))
        self._side_order: tuple[tuple[int, ...], ...] = tuple(side_orders)

    def _add(self, name: str, labels: Iterable[str], write: Writer) -> None:
        self._parts.append(Part(name=name, labels=tuple(labels), write=write))

    def part(
        self, name: str, labels: Sequence[str], values: Callable[[V], Sequence[float]]
    ) -> None:
        """A part of one's own: ``values(view)`` gives one float in ``[0, 1]`` per label."""
        self._add(name, labels, Values(name, len(labels), values))

    def cards(self, name: str, pack: Sequence[Card], cards: Callable[[V], Iterable[Card]]) -> None:
        """A flag per card of ``pack``: 1 for each card in ``cards(view)`` (a hand, the cards
        played)."""
        self._add(name, map(str, pack), ManyHot(_positions(pack), cards))

    def card(self, name: str, pack: Sequence[Card], card: Callable[[V], Card | None]) -> None:
        """One card of ``pack`` one-hot (an up-card); ``None`` is all zeros."""
        self._add(name, map(str, pack), OneHot(_positions(pack), card))

    def choice(self, name: str, values: Sequence[T], value: Callable[[V], T | None]) -> None:
        """One of ``values`` one-hot (a phase, a suit, a ``Literal``); ``None`` is all zeros."""
        self._add(name, map(_label, values), OneHot(_positions(values), value))

    def choices(
        self, name: str, count: int, values: Sequence[T], items: Callable[[V], Sequence[T | None]]
    ) -> None:
        """The first ``count`` items of a sequence (the bids so far), each one of ``values``
        one-hot; missing items are zeros."""
        labels = (f"{slot}={_label(item)}" for slot in range(count) for item in values)
        self._add(name, labels, Choices(_positions(values), len(values), count, items))

    def flag(self, name: str, flag: Callable[[V], bool]) -> None:
        """1 when ``flag(view)`` is true, else 0."""
        self._add(name, ("",), Flag(flag))

    def number(
        self, name: str, number: Callable[[V], float], *, top: float, low: float = 0
    ) -> None:
        """``number(view)`` scaled from ``[low, top]`` to ``[0, 1]``, clipped."""
        _check_range(low, top)
        self._add(name, ("",), Number(number, low, top))

    def seat(self, name: str, seat: Callable[[V], Seat | None]) -> None:
        """A seat one-hot, relative to the viewer (``None``: zeros)."""
        self._add(name, self._seat_labels(), SeatOneHot(self._seat_rank, self.viewer, seat))

    def seat_flags(self, name: str, seats: Callable[[V], Iterable[Seat]]) -> None:
        """A flag per seat, relative to the viewer: 1 for each seat in ``seats(view)``."""
        self._add(name, self._seat_labels(), SeatFlags(self._seat_rank, self.viewer, seats))

    def seat_numbers(
        self, name: str, numbers: Callable[[V], Sequence[float]], *, top: float, low: float = 0
    ) -> None:
        """A number per seat (``numbers(view)[seat]``), relative to the viewer, each scaled
        from ``[low, top]`` to ``[0, 1]`` and clipped (scores scaled by the target)."""
        _check_range(low, top)
        orders = tuple(self.seating.order(seat) for seat in range(self.seating.seats))
        self._add(name, self._seat_labels(), Scaled(orders, self.viewer, numbers, low, top))

    def side_numbers(
        self, name: str, numbers: Callable[[V], Sequence[float]], *, top: float, low: float = 0
    ) -> None:
        """A number per side (``numbers(view)[side]``), the viewer's side first, each scaled
        from ``[low, top]`` to ``[0, 1]`` and clipped (scores scaled by the target)."""
        _check_range(low, top)
        labels = ("own", *(f"+{i}" for i in range(1, len(self.seating.sides))))
        self._add(name, labels, Scaled(self._side_order, self.viewer, numbers, low, top))

    def seat_cards(
        self, name: str, pack: Sequence[Card], cards: Callable[[V], Iterable[tuple[Seat, Card]]]
    ) -> None:
        """A flag per seat and card of ``pack``, seats relative to the viewer: 1 for each
        ``(seat, card)`` in ``cards(view)`` (the cards in the trick and who played them)."""
        write = SeatCards(self._seat_rank, self.viewer, _positions(pack), len(pack), cards)
        labels = (f"{seat}:{card}" for seat in self._seat_labels() for card in pack)
        self._add(name, labels, write)

    def table(self, pack: Sequence[Card], phases: Sequence[Any], *, won: bool = False) -> None:
        """The parts of the table that every view of a state in the kit's layout shows
        (:mod:`trickcore.kit.base`: its ``tricks``, ``trick_seats``, ``trick``, ``phase``,
        ``dealer`` and ``turn``), in this order: ``played``, the cards of the finished tricks;
        with ``won``, ``won``: the cards each seat has won in them (games that count cards
        won); ``trick``, the current trick's cards by who played them; ``leader``, who leads
        it; ``phase``, one of ``phases`` one-hot; ``dealer``; and ``turn``, who acts."""

        tricks, seats, trick = attrgetter("tricks"), attrgetter("trick_seats"), attrgetter("trick")
        self.cards("played", pack, lambda view: [card for t in tricks(view) for card in t.cards])
        if won:
            self.seat_cards(
                "won", pack, lambda view: [(t.winner, c) for t in tricks(view) for c in t.cards]
            )
        self.seat_cards("trick", pack, lambda view: zip(seats(view), trick(view), strict=False))
        self.seat("leader", lambda view: seats(view)[0] if seats(view) else None)
        self.choice("phase", phases, attrgetter("phase"))
        self.seat("dealer", attrgetter("dealer"))
        self.seat("turn", attrgetter("turn"))

    def build(self, *, version: int) -> ViewLayout[V]:
        """The layout of the parts added so far, named ``version``."""
        return ViewLayout(self._parts, version=version)

    def _seat_labels(self) -> tuple[str, ...]:
        return ("self", *(f"+{i}" for i in range(1, self.seating.seats)))


def _positions(values: Sequence[Any]) -> dict[Any, int]:
    return {value: i for i, value in enumerate(values)}


def _check_range(low: float, top: float) -> None:
    if not top > low:
        raise EncodingError(f"a number is scaled from low to a greater top, not {low!r} to {top!r}")


def _label(value: object) -> str:
    return str(getattr(value, "value", value))


def default_view_encoding(view_type: type[Any], pack: Sequence[Card]) -> ViewLayout[Any]:
    """A layout derived from ``view_type`` alone, for a game without its own: each field in
    declaration order whose values can be listed (an enumeration, a ``Literal``, a ``bool``, a
    card, optional or not) one-hot; an ``int`` with both bounds scaled into ``[0, 1]``; any
    other field that holds cards (a hand, the tricks) as a flag per card of ``pack`` seen in it.
    Fields holding none of these (numbers without bounds, text) are left out, and so are the
    seats: a game's own encoding (relative seats, scores scaled by its target) is better.
    """
    if not (isinstance(view_type, type) and issubclass(view_type, msgspec.Struct)):
        raise EncodingError(f"a view type is a msgspec Struct, not {view_type!r}")
    builder: LayoutBuilder[Any] = LayoutBuilder(Seating(1), viewer=lambda view: 0)
    hints = get_type_hints(view_type, include_extras=True)
    for name in view_type.__struct_fields__:
        _add_default_field(builder, name, hints[name], tuple(pack))
    layout = builder.build(version=DEFAULT_VIEW_VERSION)
    if not layout.size:
        raise EncodingError(
            f"{view_type.__name__} has no field that can be encoded: the game must supply its own "
            "view_encoding()"
        )
    return layout


def _getter(name: str) -> Callable[[Any], Any]:
    return lambda view: getattr(view, name)


def _add_default_field(
    builder: LayoutBuilder[Any], name: str, annotation: Any, pack: tuple[Card, ...]
) -> None:
    get = _getter(name)
    try:
        values = field_values(annotation, pack, where=name)
    except EncodingError:
        values = None
    if values is not None:
        listed = tuple(value for value in values if value is not None)
        if listed and all(type(value) is int for value in listed):
            low = min(listed)
            builder.number(name, get, low=low, top=max(*listed, low + 1))
        elif listed and all(type(value) is Card for value in listed):
            builder.card(name, listed, get)
        else:
            builder.choice(name, listed, get)
    elif _holds_cards(annotation):
        builder.cards(name, pack, lambda view: cards_seen(get(view)))


def _holds_cards(annotation: Any, depth: int = 0) -> bool:
    """Whether a value annotated ``annotation`` may hold a card."""
    if annotation is Card:
        return True
    if depth > 8:
        return False
    if isinstance(annotation, type) and issubclass(annotation, msgspec.Struct):
        hints = get_type_hints(annotation, include_extras=True)
        return any(_holds_cards(hint, depth + 1) for hint in hints.values())
    return any(_holds_cards(arg, depth + 1) for arg in get_args(annotation) if arg is not Ellipsis)

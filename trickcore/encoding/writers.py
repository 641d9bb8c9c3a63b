"""The writers of the parts a :class:`~trickcore.encoding.LayoutBuilder` adds: each a
:data:`~trickcore.encoding.Writer` (``write(view, vector, start)``), and a class with a
``write`` method that also takes the viewer's seat, so that
:meth:`~trickcore.encoding.ViewLayout.encode_into` asks the viewer once per view and, in the
compiled build, calls each part without a generic call (a call a part and the viewer asked
for each per-seat part were a third of an encoded view there).

A value that is ``None`` or not among a part's values writes nothing (zeros); entries are set
one at a time (``vector[i] = x``), so the vector may be a list or an ``array.array("f")``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, MutableSequence, Sequence
from typing import Any

from trickcore.encoding.actions import EncodingError
from trickcore.game import Seat

__all__ = [
    "NO_SEAT",
    "Choices",
    "Flag",
    "ManyHot",
    "Number",
    "OneHot",
    "PartWriter",
    "Scaled",
    "SeatCards",
    "SeatFlags",
    "SeatOneHot",
    "Values",
    "clipped",
]

NO_SEAT = -1
"""The ``seat`` a :meth:`PartWriter.write` is given when the caller did not ask the viewer:
a part that needs the seat asks its own viewer."""

SeatRanks = tuple[dict[Seat, int], ...]
"""For each viewing seat, each seat's place in the viewer's order (the viewer 0)."""


class PartWriter:
    """A part's writer, as the builder makes them (see the module text). ``viewer`` is the
    builder's, for the parts written relative to the viewer (else ``None``)."""

    __slots__ = ("viewer",)

    def __init__(self, viewer: Callable[[Any], Seat] | None = None) -> None:
        self.viewer = viewer

    def __call__(self, view: Any, vector: MutableSequence[float], start: int) -> None:
        self.write(view, vector, start, NO_SEAT)

    def write(self, view: Any, vector: MutableSequence[float], start: int, seat: Seat) -> None:
        """Set the part's entries from ``vector[start]`` on; ``seat`` is the viewer's seat
        (:data:`NO_SEAT`: not asked yet)."""
        raise NotImplementedError

    def viewer_seat(self, view: Any) -> Seat:
        """The viewer's seat of ``view``, for a ``write`` given :data:`NO_SEAT`."""
        viewer = self.viewer
        assert viewer is not None, "a part written relative to the viewer has one"
        return viewer(view)


class OneHot(PartWriter):
    """One of the values one-hot, by their ``positions``."""

    __slots__ = ("positions", "value")

    def __init__(self, positions: dict[Any, int], value: Callable[[Any], Any]) -> None:
        super().__init__()
        self.positions = positions
        self.value = value

    def write(self, view: Any, vector: MutableSequence[float], start: int, seat: Seat) -> None:
        position = self.positions.get(self.value(view))
        if position is not None:
            vector[start + position] = 1.0


class ManyHot(PartWriter):
    """A flag per value, by their ``positions``: 1 for each of ``values(view)``."""

    __slots__ = ("positions", "values")

    def __init__(self, positions: dict[Any, int], values: Callable[[Any], Iterable[Any]]) -> None:
        super().__init__()
        self.positions = positions
        self.values = values

    def write(self, view: Any, vector: MutableSequence[float], start: int, seat: Seat) -> None:
        positions = self.positions
        for item in self.values(view):
            position = positions.get(item)
            if position is not None:
                vector[start + position] = 1.0


class Choices(PartWriter):
    """The first ``count`` items of ``items(view)``, each one of the values one-hot (by
    their ``positions``, ``width`` entries an item)."""

    __slots__ = ("count", "items", "positions", "width")

    def __init__(
        self,
        positions: dict[Any, int],
        width: int,
        count: int,
        items: Callable[[Any], Sequence[Any]],
    ) -> None:
        super().__init__()
        self.positions = positions
        self.width = width
        self.count = count
        self.items = items

    def write(self, view: Any, vector: MutableSequence[float], start: int, seat: Seat) -> None:
        positions, width = self.positions, self.width
        at = start
        for item in self.items(view)[: self.count]:
            position = positions.get(item)
            if position is not None:
                vector[at + position] = 1.0
            at += width


class Flag(PartWriter):
    """1 when ``flag(view)`` is true."""

    __slots__ = ("flag",)

    def __init__(self, flag: Callable[[Any], bool]) -> None:
        super().__init__()
        self.flag = flag

    def write(self, view: Any, vector: MutableSequence[float], start: int, seat: Seat) -> None:
        if self.flag(view):
            vector[start] = 1.0


class Number(PartWriter):
    """``number(view)`` scaled from ``[low, top]`` to ``[0, 1]``, clipped."""

    __slots__ = ("low", "number", "span")

    def __init__(self, number: Callable[[Any], float], low: float, top: float) -> None:
        super().__init__()
        self.number = number
        self.low = low
        self.span = top - low

    def write(self, view: Any, vector: MutableSequence[float], start: int, seat: Seat) -> None:
        vector[start] = clipped((self.number(view) - self.low) / self.span)


class Scaled(PartWriter):
    """Entries ``numbers(view)[i]`` for ``i`` in the viewer's order (``orders`` by viewing
    seat), each scaled from ``[low, top]`` to ``[0, 1]`` and clipped."""

    __slots__ = ("low", "numbers", "orders", "span")

    def __init__(
        self,
        orders: tuple[tuple[int, ...], ...],
        viewer: Callable[[Any], Seat],
        numbers: Callable[[Any], Sequence[float]],
        low: float,
        top: float,
    ) -> None:
        super().__init__(viewer)
        self.orders = orders
        self.numbers = numbers
        self.low = low
        self.span = top - low

    def write(self, view: Any, vector: MutableSequence[float], start: int, seat: Seat) -> None:
        by_index = self.numbers(view)
        low, span = self.low, self.span
        at = start
        for index in self.orders[seat if seat != NO_SEAT else self.viewer_seat(view)]:
            scaled = (by_index[index] - low) / span
            if scaled > 0.0:  # (the vector holds zeros)
                vector[at] = 1.0 if scaled > 1.0 else float(scaled)
            at += 1


class SeatOneHot(PartWriter):
    """``seat(view)`` one-hot, relative to the viewer (``None``: zeros)."""

    __slots__ = ("ranks", "seat")

    def __init__(
        self, ranks: SeatRanks, viewer: Callable[[Any], Seat], seat: Callable[[Any], Seat | None]
    ) -> None:
        super().__init__(viewer)
        self.ranks = ranks
        self.seat = seat

    def write(self, view: Any, vector: MutableSequence[float], start: int, seat: Seat) -> None:
        found = self.seat(view)
        if found is not None:
            vector[
                start + self.ranks[seat if seat != NO_SEAT else self.viewer_seat(view)][found]
            ] = 1.0


class SeatFlags(PartWriter):
    """A flag per seat, relative to the viewer: 1 for each of ``seats(view)``."""

    __slots__ = ("ranks", "seats")

    def __init__(
        self,
        ranks: SeatRanks,
        viewer: Callable[[Any], Seat],
        seats: Callable[[Any], Iterable[Seat]],
    ) -> None:
        super().__init__(viewer)
        self.ranks = ranks
        self.seats = seats

    def write(self, view: Any, vector: MutableSequence[float], start: int, seat: Seat) -> None:
        rank = self.ranks[seat if seat != NO_SEAT else self.viewer_seat(view)]
        for found in self.seats(view):
            vector[start + rank[found]] = 1.0


class SeatCards(PartWriter):
    """A flag per seat (relative to the viewer) and value (by ``positions``, ``size`` entries
    a seat): 1 for each ``(seat, value)`` of ``cards(view)``."""

    __slots__ = ("cards", "positions", "ranks", "size")

    def __init__(
        self,
        ranks: SeatRanks,
        viewer: Callable[[Any], Seat],
        positions: dict[Any, int],
        size: int,
        cards: Callable[[Any], Iterable[tuple[Seat, Any]]],
    ) -> None:
        super().__init__(viewer)
        self.ranks = ranks
        self.positions = positions
        self.size = size
        self.cards = cards

    def write(self, view: Any, vector: MutableSequence[float], start: int, seat: Seat) -> None:
        rank, positions, size = (
            self.ranks[seat if seat != NO_SEAT else self.viewer_seat(view)],
            self.positions,
            self.size,
        )
        for owner, card in self.cards(view):
            position = positions.get(card)
            if position is not None:
                vector[start + rank[owner] * size + position] = 1.0


class Values(PartWriter):
    """A part of one's own: ``values(view)``, one float per entry, ``width`` of them."""

    __slots__ = ("name", "values", "width")

    def __init__(self, name: str, width: int, values: Callable[[Any], Sequence[float]]) -> None:
        super().__init__()
        self.name = name
        self.width = width
        self.values = values

    def write(self, view: Any, vector: MutableSequence[float], start: int, seat: Seat) -> None:
        got = self.values(view)
        if len(got) != self.width:
            raise EncodingError(f"part {self.name!r} gave {len(got)} values, not {self.width}")
        at = start
        for value in got:
            vector[at] = value
            at += 1


def clipped(scaled: float) -> float:
    """``scaled`` clipped to ``[0, 1]``."""
    return 0.0 if scaled < 0.0 else 1.0 if scaled > 1.0 else float(scaled)

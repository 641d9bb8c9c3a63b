"""Seating: who sits where, who plays next, partners and sides (DESIGN 4a).

Seats are numbered clockwise from 0. A :class:`Seating` knows how many seats there are, which way
the deal and the play go (:class:`~trickcore.game.Direction`) and how the seats form sides:
partnerships of players sitting opposite (seats 0 and 2 against 1 and 3 at a table of four) or
every player for themselves. Games ask it instead of computing seats by hand, so a game that plays
anticlockwise (All Fours) or sits a partner out (Euchre's lone hands) uses the same code.

A struct field that holds a seat is typed :data:`SeatField` (``dealer: SeatField | None``): the
readers refuse a negative seat and the game's JSON Schema bounds it by its number of players.

Every answer is a table look-up, built when the seating is made: these questions are asked on
every card played.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from trickcore.errors import TableError
from trickcore.game import Direction, Seat, SeatField

__all__ = ["SeatField", "Seating"]


class Seating:
    """A table of ``seats`` seats, played in ``direction``, in ``sides`` sides.

    ``sides`` is the number of sides: with ``seats // sides`` players each, a player's partners
    sit every ``sides`` seats round the table (at four seats in two sides: 0 and 2, 1 and 3). It
    defaults to one side per seat (every player for themselves).

    >>> table = Seating(4, sides=2)
    >>> table.next(3), table.partner(1), table.side(3), table.sides
    (0, 3, 1, ((0, 2), (1, 3)))
    >>> Seating(4, Direction.ANTICLOCKWISE, sides=2).order(0)
    (0, 3, 2, 1)
    >>> Seating(4, sides=2).order(1, skip=(3,))
    (1, 2, 0)
    """

    __slots__ = (
        "_next",
        "_orders",
        "_partners",
        "_side_of",
        "direction",
        "next",
        "seats",
        "side",
        "sides",
    )

    def __init__(
        self, seats: int, direction: Direction = Direction.CLOCKWISE, *, sides: int | None = None
    ) -> None:
        if seats < 1:
            raise ValueError(f"a table needs at least one seat, not {seats}")
        count = seats if sides is None else sides
        if count < 1 or seats % count:
            raise ValueError(f"{seats} seats cannot form {count} sides of equal size")
        self.seats: int = seats
        """The number of seats."""
        self.direction: Direction = direction
        """Which way the deal and the play go."""
        step = 1 if direction is Direction.CLOCKWISE else -1
        self._next: tuple[Seat, ...] = tuple((seat + step) % seats for seat in range(seats))
        self.next: Callable[[Seat], Seat] = self._next.__getitem__
        """The seat after ``seat`` in the direction of play (a table look-up: asked on every
        bid and every trick)."""
        self._side_of: tuple[int, ...] = tuple(seat % count for seat in range(seats))
        # A table look-up with no Python frame: asked after every trick.
        self.side: Callable[[Seat], int] = self._side_of.__getitem__
        """The side ``seat`` belongs to (an index into :attr:`sides`)."""
        self.sides: tuple[tuple[Seat, ...], ...] = tuple(
            tuple(range(side, seats, count)) for side in range(count)
        )
        """The seats of each side, side 0 first."""
        self._partners: tuple[tuple[Seat, ...], ...] = tuple(
            tuple(other for other in self.sides[self._side_of[seat]] if other != seat)
            for seat in range(seats)
        )
        self._orders: dict[tuple[Seat, tuple[Seat, ...]], tuple[Seat, ...]] = {}

    @property
    def partnerships(self) -> bool:
        """True when sides have more than one player."""
        return len(self.sides) < self.seats

    def check(self, seat: object) -> Seat:
        """``seat`` itself if it is a seat of this table, else
        :class:`~trickcore.errors.TableError` (a ``ValueError``) naming the seats."""
        if type(seat) is not int or not 0 <= seat < self.seats:
            raise TableError(f"seats are 0-{self.seats - 1}, not {seat!r}")
        return seat

    def ahead(self, seat: Seat, steps: int) -> Seat:
        """The seat ``steps`` places after ``seat`` in the direction of play."""
        for _ in range(steps):
            seat = self._next[seat]
        return seat

    def order(self, start: Seat, skip: tuple[Seat, ...] = ()) -> tuple[Seat, ...]:
        """Every seat once in the direction of play from ``start``, without those in ``skip``
        (a partner sitting out). ``start`` itself comes first unless skipped."""
        key = (start, skip)
        found = self._orders.get(key)
        if found is None:
            seats = []
            seat = start
            for _ in range(self.seats):
                if seat not in skip:
                    seats.append(seat)
                seat = self._next[seat]
            found = self._orders[key] = tuple(seats)
        return found

    def after(self, seat: Seat, skip: Iterable[Seat] = ()) -> Seat:
        """The first seat after ``seat`` in the direction of play that is not in ``skip``."""
        skipped = frozenset(skip)
        following = self._next[seat]
        while following in skipped and following != seat:
            following = self._next[following]
        return following

    def partners(self, seat: Seat) -> tuple[Seat, ...]:
        """The other seats of ``seat``'s side (none without partnerships)."""
        return self._partners[seat]

    def partner(self, seat: Seat) -> Seat:
        """The one partner of ``seat``; ``ValueError`` unless sides are pairs."""
        partners = self._partners[seat]
        if len(partners) != 1:
            raise ValueError(f"seat {seat} has {len(partners)} partners, not one")
        return partners[0]

    def same_side(self, seat: Seat, other: Seat) -> bool:
        """True when the two seats are on one side."""
        return self._side_of[seat] == self._side_of[other]

    def __repr__(self) -> str:
        return f"Seating({self.seats}, {self.direction}, sides={len(self.sides)})"

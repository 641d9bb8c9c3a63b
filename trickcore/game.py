"""The game contract: the :class:`Game` protocol, seats, the chance player and shared structs.

A game is a set of pure functions over frozen states (DESIGN 4). Chance is a pseudo-player,
:data:`CHANCE`: whenever :meth:`Game.actor` returns it, the next action is a chance action. There
are two kinds, shared by every game:

* :class:`DrawDealer` — the first dealer, a listable chance outcome;
* :class:`Shuffle` — the whole pack (or a pile) in shuffled order, dealt as the game's rule book
  says. A shuffle cannot be listed; :meth:`Game.apply` checks a supplied one instead, and
  :meth:`Game.sample_chance` draws one from a seeded :class:`~trickcore.rng.Rng`.
"""

from __future__ import annotations

import enum
from typing import Any, ClassVar, Final, Literal, Protocol, TypeVar

import msgspec

from trickcore.cards import Card
from trickcore.rng import Rng

__all__ = [
    "CHANCE",
    "Action",
    "Actor",
    "AnyGame",
    "Chance",
    "Direction",
    "DrawDealer",
    "Event",
    "Game",
    "GameFactory",
    "Options",
    "Outcome",
    "Seat",
    "Shuffle",
]

Seat = int
"""A seat number, 0 to ``game.seats - 1``, numbered clockwise."""


class Chance(enum.Enum):
    """The type of :data:`CHANCE` (a one-member enumeration, so ``actor is CHANCE`` narrows)."""

    CHANCE = "chance"

    def __repr__(self) -> str:
        return "CHANCE"


CHANCE: Final = Chance.CHANCE
"""The chance pseudo-player: :meth:`Game.actor` returns it when a chance action is next."""

Actor = Seat | Literal[Chance.CHANCE] | None
"""Who acts next: a seat, :data:`CHANCE`, or ``None`` once the game is over."""


class Direction(enum.Enum):
    """The direction in which the deal, the bidding and the play go round the table."""

    CLOCKWISE = "clockwise"
    ANTICLOCKWISE = "anticlockwise"


class Action(
    msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, tag_field="type"
):
    """Base of every action struct: tagged by its ``type`` field in JSON."""


class Shuffle(Action, frozen=True, tag="shuffle"):
    """Chance: the cards of a pack (or pile) in shuffled order, ``order[0]`` dealt first."""

    order: tuple[Card, ...]

    def __str__(self) -> str:
        return f"shuffle ({len(self.order)} cards)"


class DrawDealer(Action, frozen=True, tag="dealer"):
    """Chance: the seat that deals first."""

    seat: Seat

    def __str__(self) -> str:
        return f"seat {self.seat} deals first"


class Event(
    msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, tag_field="type"
):
    """Base of every event struct: something that just happened, for a frontend to show.

    ``str(event)`` narrates it in one line.
    """


class Options(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Base of every game's options struct: frozen, keyword-only, unknown fields refused."""


class Outcome(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Scores and result of a game so far.

    ``scores[i]`` belongs to side ``i`` (see :attr:`Game.sides`). ``winner`` is the winning
    side once the game is over, or ``None`` while it goes on and on a draw.
    """

    scores: tuple[int, ...]
    finished: bool
    winner: int | None = None
    draw: bool = False


S = TypeVar("S")
A = TypeVar("A")
V = TypeVar("V")
O_co = TypeVar("O_co", covariant=True)


class Game(Protocol[S, A, V, O_co]):
    """A game bound to its options, generic in its state, action, view and options types.

    Every method is a pure function: states are frozen and never changed in place.
    """

    name: ClassVar[str]
    """The registry name, e.g. ``"euchre"``."""
    title: ClassVar[str]
    """A human title, e.g. ``"Euchre (North American)"``."""
    seat_counts: ClassVar[tuple[int, ...]]
    """The numbers of seats the game allows."""
    direction: ClassVar[Direction]
    """Which way the deal and the play go."""
    options_type: ClassVar[type[Any]]
    """The frozen options struct (:class:`Options` subclass), defaults included."""
    action_type: ClassVar[Any]
    """The tagged union of every action, chance ones included, for ``msgspec`` decoding."""
    state_type: ClassVar[type[Any]]
    """The state struct."""
    view_type: ClassVar[type[Any]]
    """The view struct (a different type from the state)."""
    event_type: ClassVar[Any]
    """The tagged union of every event."""

    @property
    def options(self) -> O_co:
        """The validated options this game is bound to."""
        ...

    @property
    def seats(self) -> int:
        """The number of seats at this table."""
        ...

    @property
    def sides(self) -> tuple[tuple[Seat, ...], ...]:
        """The seats of each side: partnerships, or one seat each without partners."""
        ...

    def side_of(self, seat: Seat) -> int:
        """The side the seat belongs to."""
        ...

    def initial_state(self) -> S:
        """The state before the first chance action."""
        ...

    def actor(self, state: S) -> Actor:
        """Who acts next: a seat, :data:`CHANCE`, or ``None`` when the game is over."""
        ...

    def legal_actions(self, state: S) -> tuple[A, ...]:
        """The legal actions of the actor. At a shuffle, which cannot be listed: ``()``."""
        ...

    def sample_chance(self, state: S, rng: Rng) -> A:
        """Draw the chance action from ``rng``; only when ``actor(state) is CHANCE``."""
        ...

    def apply(self, state: S, action: A) -> S:
        """The state after ``action``; raises :class:`~trickcore.errors.IllegalActionError`."""
        ...

    def view(self, state: S, seat: Seat) -> V:
        """What ``seat`` may see of ``state``, exactly as the rule book allows."""
        ...

    def outcome(self, state: S) -> Outcome:
        """Scores per side, whether the game is over, and its winner or a draw."""
        ...

    def determinize(self, view: V, rng: Rng) -> S:
        """A full state consistent with everything ``view`` shows, hidden cards drawn from rng."""
        ...

    def events(self, before: S, action: A, after: S, seat: Seat | None) -> tuple[Any, ...]:
        """What ``action`` did, as ``seat`` may see it (``None``: a spectator seeing public
        information only)."""
        ...

    def validate(self, state: S) -> None:
        """Raise :class:`~trickcore.errors.InvalidStateError` unless a legal game can reach it."""
        ...


AnyGame = Game[Any, Any, Any, Any]
"""A game of any type, as :func:`trickcore.load` returns it."""


class GameFactory(Protocol):
    """What a game plugin registers: usually the game class itself.

    Calling it with validated options returns the bound :class:`Game`.
    """

    name: str
    title: str
    seat_counts: tuple[int, ...]
    options_type: type[Any]

    def __call__(self, options: Any) -> AnyGame: ...

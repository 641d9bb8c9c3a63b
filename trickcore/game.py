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
import functools
from collections.abc import Callable
from typing import Annotated, Any, ClassVar, Final, Literal, Protocol, TypeVar

import msgspec

from trickcore.cards import Card
from trickcore.codec import MAY_BE_ABSENT, json_text
from trickcore.errors import IllegalActionError
from trickcore.rng import Rng
from trickcore.typecheck import type_problem

__all__ = [
    "CHANCE",
    "Action",
    "Actor",
    "AnyGame",
    "Chance",
    "Direction",
    "DrawDealer",
    "Event",
    "EventsBySeat",
    "Game",
    "GameFactory",
    "Options",
    "Outcome",
    "SEAT_MARK",
    "Seat",
    "SeatField",
    "Shuffle",
    "action_text",
    "apply_with_all_events",
    "apply_with_events",
]

Seat = int
"""A seat number, 0 to ``game.seats - 1``, numbered clockwise."""

SEAT_MARK: Final = "seat"
"""The mark of :data:`SeatField` in its metadata (``extra={"trickcore": SEAT_MARK}``) and in the
JSON Schema msgspec writes for it (``"x-trickcore": "seat"``, which :mod:`trickcore.schema`
replaces by the game's bounds)."""

SeatField = Annotated[
    int,
    msgspec.Meta(
        ge=0, extra={"trickcore": SEAT_MARK}, extra_json_schema={"x-trickcore": SEAT_MARK}
    ),
]
"""The type of a struct field that holds a seat (``dealer: SeatField | None``,
``trick_seats: tuple[SeatField, ...]``): a :data:`Seat` to Python and mypy, a seat to the
readers and the JSON Schema, which bound it by the game's number of players, ``0`` to
``game.seats - 1`` (see :func:`trickcore.schema.game_schema`)."""


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


def _from_template(struct: msgspec.Struct) -> str:
    """``str()`` of an action or event that declares a ``text`` template."""
    fields = {name: getattr(struct, name) for name in struct.__struct_fields__}
    return str(getattr(struct, "text")).format_map(fields)  # noqa: B009 - a ClassVar


class _Worded:
    """``text``, a class's words as a :meth:`str.format` template over its fields, installed
    as its ``str()`` (mixed into :class:`Action` and :class:`Event`)."""

    __slots__ = ()

    text: ClassVar[str | None] = None
    """The struct in words, a :meth:`str.format` template over its fields (``"play {card}"``,
    ``"Seat {seat} passes."``), which becomes its ``str()``; ``None`` (the default): no words
    of its own, or a ``__str__`` written out where the words need more than the fields."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.__dict__.get("text") is not None and "__str__" not in cls.__dict__:
            cls.__str__ = _from_template  # type: ignore[assignment,method-assign]


class Action(
    msgspec.Struct,
    _Worded,
    frozen=True,
    kw_only=True,
    forbid_unknown_fields=True,
    tag_field="type",
):
    """Base of every action struct: tagged by its ``type`` field in JSON; its words for
    messages and menus may be declared as a ``text`` template (``text = "play {card}"``).

    Its fields are checked when it is built (by decoding, by calling the class or by
    ``msgspec.structs.replace``): a field of the wrong type, such as ``Call(suit="H")`` (text,
    not a :class:`~trickcore.Suit`), raises :class:`~trickcore.errors.IllegalActionError`, so
    an action that exists is well typed and equality with a legal action cannot be fooled.
    """

    def __post_init__(self) -> None:
        if (problem := type_problem(self, type(self))) is not None:
            raise IllegalActionError(f"not a valid action: {problem}", action=None)


_ONLY_CARDS = frozenset({Card})


class Shuffle(Action, frozen=True, tag="shuffle"):
    """Chance: the cards of a pack (or pile) in shuffled order, ``order[0]`` dealt first."""

    order: tuple[Card, ...]
    """The cards in shuffled order, each once; ``order[0]`` is dealt first."""

    def __post_init__(self) -> None:
        # Action's field check, cut short for the common case: a shuffle is built every deal.
        order = self.order
        if type(order) is not tuple or not _ONLY_CARDS.issuperset(map(type, order)):
            super().__post_init__()

    def __str__(self) -> str:
        return f"shuffle ({len(self.order)} cards)"


class DrawDealer(Action, frozen=True, tag="dealer"):
    """Chance: the seat that deals first."""

    seat: SeatField
    """The seat that deals first."""

    def __str__(self) -> str:
        return f"seat {self.seat} deals first"


def action_text(action: Any) -> str:
    """A short text for an action in messages: its ``str()`` when the action type defines one
    (``"play QH"``), else its compact JSON (``{"type":"play","card":"QH"}``); anything that is
    not a struct (a number, a text) by its ``repr``. Never raises: an action whose ``str()``
    fails (a field of the wrong type) is shown as JSON."""
    if not isinstance(action, msgspec.Struct):
        return repr(action)
    if type(action).__str__ is not object.__str__:
        try:
            return str(action)
        except Exception:  # a malformed action must still be named
            pass
    return json_text(action)


class Event(
    msgspec.Struct,
    _Worded,
    frozen=True,
    kw_only=True,
    forbid_unknown_fields=True,
    tag_field="type",
):
    """Base of every event struct: something that just happened, for a frontend to show.

    ``str(event)`` narrates it in one line: a ``__str__``, or a ``text`` template over the
    event's fields (``text = "Seat {seat} passes."``).
    """


class Options(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Base of every game's options struct: frozen, keyword-only, unknown fields refused."""


class Outcome(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Scores and result of a game so far.

    ``scores[i]`` belongs to side ``i`` (see :attr:`Game.sides`). ``winner`` is the winning
    side once the game is over, or ``None`` while it goes on and on a draw. ``returns[s]`` is
    seat ``s``'s result, what tournaments and reinforcement-learning libraries consume: once the
    game is over, +1 for each seat of the winning side and -1 shared out among the losing sides
    (-1 each with two sides, -1/3 each with four players for themselves); 0 on a draw and while
    the game goes on. Build it with :meth:`settle`.
    """

    scores: tuple[int, ...]
    """The score of each side."""
    finished: bool
    """Whether the game is over."""
    winner: int | None = None
    """The winning side once the game is over; ``None`` while it goes on and on a draw."""
    draw: bool = False
    """Whether the game ended in a draw."""
    returns: Annotated[tuple[float, ...], MAY_BE_ABSENT] = ()
    """Each seat's result: +1 per seat of the winning side, -1 shared out among the losing
    sides, 0 on a draw and while the game goes on. Replays recorded before it existed lack
    it."""

    @classmethod
    def settle(
        cls,
        sides: tuple[tuple[Seat, ...], ...],
        scores: tuple[int, ...],
        *,
        finished: bool,
        winner: int | None,
    ) -> Outcome:
        """The outcome of a game whose ``sides`` (seats per side) have ``scores``. A game
        that is not ``finished`` has no winner yet, whatever ``winner`` says."""
        if not finished:
            winner = None
        try:
            returns = _returns(sides, winner)
        except TypeError:  # sides given as lists: not hashable, so not cached
            returns = _returns.__wrapped__(sides, winner)
        return cls(
            scores=scores,
            finished=finished,
            winner=winner,
            draw=finished and winner is None,
            returns=returns,
        )


@functools.lru_cache(maxsize=64)
def _returns(sides: tuple[tuple[Seat, ...], ...], winner: int | None) -> tuple[float, ...]:
    """Each seat's return when ``winner`` won (``None``: nobody, a draw or a game going on);
    the same few tuples every time, so a search that settles every playout builds none."""
    returns = [0.0] * sum(len(side) for side in sides)
    if winner is not None:
        loss = -1.0 / (len(sides) - 1) if len(sides) > 1 else 0.0
        for side, members in enumerate(sides):
            for seat in members:
                returns[seat] = 1.0 if side == winner else loss
    return tuple(returns)


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

    def events(self, state: S, action: A, seat: Seat | None) -> tuple[Event, ...]:
        """What ``action`` does when applied to ``state``, as ``seat`` may see it (``None``: a
        spectator seeing public information only). The events come from the same transition
        as :meth:`apply` (see :mod:`trickcore.kit.events`)."""
        ...

    def apply_with_events(
        self, state: S, action: A, seat: Seat | None
    ) -> tuple[S, tuple[Event, ...]]:
        """One call for :meth:`apply` and :meth:`events`: the state after ``action`` and what
        the action did as ``seat`` sees it (``None``: a spectator), from one run of the
        transition. Raises as :meth:`apply` does. A game written without it is served by
        :func:`apply_with_events` (the module function), which falls back on the two calls."""
        ...

    def apply_with_all_events(self, state: S, action: A) -> tuple[S, EventsBySeat]:
        """The state after ``action`` and what the action did as every seat and a spectator
        see it (:class:`EventsBySeat`), from one run of the transition: what a table that
        shows several seats keeps. Raises as :meth:`apply` does. A game written without it is
        served by :func:`apply_with_all_events`."""
        ...

    def validate(self, state: S) -> None:
        """Raise :class:`~trickcore.errors.InvalidStateError` unless a legal game can reach it."""
        ...


class EventsBySeat:
    """What one action told each viewer: :meth:`seen_by` gives the events as a seat (or a
    spectator, ``None``) sees them, exactly what ``game.events(state, action, seat)`` gives.

    Built by :meth:`Game.apply_with_all_events` from one run of the transition (the kit records
    every viewer's events at once); each viewer's events are worked out when first asked for and
    kept. ``resolve`` is how one viewer's events are found."""

    __slots__ = ("_resolve", "_seen")

    def __init__(self, resolve: Callable[[Seat | None], tuple[Event, ...]]) -> None:
        self._resolve = resolve
        self._seen: dict[Seat | None, tuple[Event, ...]] = {}

    def seen_by(self, seat: Seat | None) -> tuple[Event, ...]:
        """The events as ``seat`` sees them (``None``: a spectator, public information only)."""
        seen = self._seen.get(seat)
        if seen is None:
            seen = self._seen[seat] = tuple(self._resolve(seat))
        return seen

    def __repr__(self) -> str:
        return f"<EventsBySeat spectator={list(map(str, self.seen_by(None)))}>"


def apply_with_events(
    game: Game[S, A, Any, Any], state: S, action: A, seat: Seat | None
) -> tuple[S, tuple[Event, ...]]:
    """``game.apply_with_events(state, action, seat)`` (:meth:`Game.apply_with_events`): the
    state after ``action`` and its events as ``seat`` sees them. For a game written before that
    method existed (a third-party game not on the kit), ``game.apply`` then ``game.events``:
    the transition runs twice there, as it always did."""
    method = getattr(game, "apply_with_events", None)
    if method is not None:
        return method(state, action, seat)  # type: ignore[no-any-return]
    after = game.apply(state, action)
    return after, tuple(game.events(state, action, seat))


def apply_with_all_events(
    game: Game[S, A, Any, Any], state: S, action: A
) -> tuple[S, EventsBySeat]:
    """``game.apply_with_all_events(state, action)`` (:meth:`Game.apply_with_all_events`): the
    state after ``action`` and its events for every viewer. For a game written before that
    method existed, ``game.apply``, and each viewer's events asked of ``game.events`` when
    first wanted."""
    method = getattr(game, "apply_with_all_events", None)
    if method is not None:
        return method(state, action)  # type: ignore[no-any-return]
    after = game.apply(state, action)
    return after, EventsBySeat(lambda seat: tuple(game.events(state, action, seat)))


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

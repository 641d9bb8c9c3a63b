"""A base class for games built on the kit: the parts of the :class:`~trickcore.Game` protocol
that are the same in every trick-taking game, written once.

A game subclasses :class:`TrickGame`, gives it its options, :class:`~trickcore.kit.seating.Seating`
and :class:`~trickcore.kit.hidden.Projection`, and writes its rules as one transition,
:meth:`TrickGame.transition` (``state``, ``action``, an optional event log) -> next state. From
that the base provides:

* ``options``, ``seats``, ``sides`` and ``side_of`` from the seating;
* ``apply`` (the transition without a log: no event work on the hot path) and ``events`` (the
  same transition with a log for the viewing seat: events come from what the rules did);
* ``view``, the projection of the state for a seat, refusing a seat that is not at the table;
* :meth:`TrickGame.illegal`, the :class:`~trickcore.errors.IllegalActionError` that names the
  seat, the action, the phase and the legal actions;
* chance: the pack, the listable dealer draws (:attr:`TrickGame.dealer_draws`), a shuffle drawn
  from a stream (:meth:`TrickGame.shuffle`) and the check of a supplied one
  (:meth:`TrickGame.shuffled_pack`).

* :meth:`TrickGame.play_to_trick`, one card played to a trick: checked against the hand and
  the follow policy, written to the log, and the trick finished when it is complete;
* ``validate``, raising :class:`~trickcore.errors.InvalidStateError` with every problem the
  game's :meth:`TrickGame.problems` finds (:mod:`trickcore.kit.validation` helps find them).

The rest of the protocol (``initial_state``, ``actor``, ``legal_actions``, ``sample_chance``,
``outcome``, ``determinize``) is the game's own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Generic, TypeVar

import msgspec

from trickcore.cards import Card
from trickcore.errors import IllegalActionError, InvalidStateError
from trickcore.game import CHANCE, Action, Actor, Direction, DrawDealer, Event, Seat, Shuffle
from trickcore.kit.deal import DealSchedule, shuffle_problem, take
from trickcore.kit.events import CardPlayed, EventLog, TrickWon
from trickcore.kit.hidden import Projection
from trickcore.kit.seating import Seating
from trickcore.kit.tricks import FollowSuit, Trick
from trickcore.rng import Rng

__all__ = ["TrickGame"]

S = TypeVar("S", bound=msgspec.Struct)
A = TypeVar("A")
V = TypeVar("V", bound=msgspec.Struct)
Opt = TypeVar("Opt")


class TrickGame(Generic[S, A, V, Opt]):
    """What every game on the kit shares; subclasses add their rules (see the module text)."""

    name: ClassVar[str]
    title: ClassVar[str]
    seat_counts: ClassVar[tuple[int, ...]]
    direction: ClassVar[Direction]
    options_type: ClassVar[type[Any]]
    action_type: ClassVar[Any]
    state_type: ClassVar[type[Any]]
    view_type: ClassVar[type[Any]]
    event_type: ClassVar[Any]

    def __init__(
        self,
        options: Opt,
        seating: Seating,
        projection: Projection[S, V],
        pack: Sequence[Card],
        *,
        deal: DealSchedule | None = None,
    ) -> None:
        self._options = options
        self.seating: Seating = seating
        """The table: seats, direction, sides."""
        self.projection: Projection[S, V] = projection
        """The state's public and hidden parts, which :meth:`view` shows."""
        self.pack: tuple[Card, ...] = tuple(pack)
        """The cards of the game, in index order: what a shuffle holds."""
        self.deal: DealSchedule | None = deal
        """How a fresh shuffle is dealt, when one schedule says it (for stacked decks:
        :func:`trickcore.testing.stacked_shuffle`)."""
        self._pack_set = frozenset(self.pack)
        self.dealer_draws: tuple[DrawDealer, ...] = tuple(
            DrawDealer(seat=seat) for seat in range(seating.seats)
        )
        """The chance outcomes of drawing the first dealer, one per seat."""

    @property
    def options(self) -> Opt:
        """The validated options this game is bound to."""
        return self._options

    @property
    def seats(self) -> int:
        """The number of seats at this table."""
        return self.seating.seats

    @property
    def sides(self) -> tuple[tuple[Seat, ...], ...]:
        """The seats of each side: partnerships, or one seat each."""
        return self.seating.sides

    def side_of(self, seat: Seat) -> int:
        """The side ``seat`` belongs to."""
        return self.seating.side(seat)

    def transition(self, state: S, action: A, log: EventLog | None) -> S:
        """The state after ``action``, writing what happens to ``log`` when there is one; raise
        :meth:`illegal` for an action that is not legal. The game's rules."""
        raise NotImplementedError

    def actor(self, state: S) -> Actor:
        """Who acts next (the game's own)."""
        raise NotImplementedError

    def legal_actions(self, state: S) -> tuple[A, ...]:
        """The actor's legal actions (the game's own)."""
        raise NotImplementedError

    def apply(self, state: S, action: A) -> S:
        """The state after ``action``; an illegal action raises
        :class:`~trickcore.errors.IllegalActionError` and ``state`` never changes."""
        return self.transition(state, action, None)

    def events(self, state: S, action: A, seat: Seat | None) -> tuple[Event, ...]:
        """What ``action`` does to ``state``, as ``seat`` may see it (``None``: public only)."""
        log = EventLog(seat)
        self.transition(state, action, log)
        return tuple(log.events)

    def view(self, state: S, seat: Seat) -> V:
        """What ``seat`` may see of ``state``; ``ValueError`` for a seat not at the table."""
        return self.projection.view(state, self.seating.check(seat))

    def problems(self, state: S) -> list[str]:
        """Everything that stops a legal game from reaching ``state`` (the game's own)."""
        raise NotImplementedError

    def validate(self, state: S) -> None:
        """Raise :class:`~trickcore.errors.InvalidStateError` naming every problem found by
        :meth:`problems`, unless a legal game can reach ``state``."""
        problems = self.problems(state)
        if problems:
            raise InvalidStateError(f"invalid {self.name} state: " + "; ".join(problems))

    def play_to_trick(
        self,
        state: S,
        action: object,
        card: Card,
        *,
        hands: tuple[tuple[Card, ...], ...],
        seats: tuple[Seat, ...],
        trick: tuple[Card, ...],
        policy: FollowSuit,
        finished: int,
        log: EventLog | None,
    ) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...], Trick | None]:
        """``card`` (of ``action``) played by the seat whose turn it is in the trick ``seats``
        play, ``trick`` the cards so far: refused with :meth:`illegal` unless the seat holds it
        and ``policy`` allows it; written to ``log`` as :class:`CardPlayed` and, when it
        completes the trick, :class:`TrickWon` (trick number ``finished + 1``). Returns the
        hands after, the trick's cards so far (``()`` once complete) and the finished trick
        (``None`` until then)."""
        seat = seats[len(trick)]
        hand = hands[seat]
        if card not in hand:
            raise self.illegal(state, action, f"seat {seat} does not hold {card}")
        if trick and not policy.allows(hand, trick, card):
            raise self.illegal(state, action, "the suit led must be followed")
        if log is not None:
            log.add(CardPlayed(seat=seat, card=card))
        hands = take(hands, seat, card)
        trick = (*trick, card)
        if len(trick) < len(seats):
            return hands, trick, None
        done = policy.finish(seats, trick)
        if log is not None:
            log.add(TrickWon(seat=done.winner, number=finished + 1, cards=trick))
        return hands, (), done

    def shuffle(self, rng: Rng, cards: Sequence[Card] | None = None) -> Shuffle:
        """A shuffle of the whole pack drawn from ``rng``; given ``cards``, a shuffle of those
        only (a pile gathered during the hand, such as Apples' bidding pile)."""
        return Shuffle(order=rng.shuffled(self.pack if cards is None else cards))

    def shuffled_pack(
        self, state: S, action: Shuffle, cards: Sequence[Card] | None = None
    ) -> tuple[Card, ...]:
        """The order of a supplied shuffle, if it holds the pack's cards (or, given, ``cards``:
        a pile) once each; otherwise :meth:`illegal` names what is missing, doubled or
        foreign."""
        order = action.order
        if cards is None:
            expected, listed = self._pack_set, self.pack
        else:
            expected, listed = frozenset(cards), tuple(cards)
        if len(order) != len(expected) or expected.symmetric_difference(order):
            raise self.illegal(state, action, shuffle_problem(order, listed))
        return order

    def no_chance(self, state: S) -> IllegalActionError:
        """The error of ``sample_chance`` when chance is not to act."""
        phase = getattr(getattr(state, "phase", None), "value", None)
        where = f"the game is in the {phase} phase" if isinstance(phase, str) else "no chance"
        return IllegalActionError(f"no chance action is due: {where}", seat=self.actor(state))

    def chance_text(self, state: S) -> str:
        """What chance may do in ``state`` when its actions cannot be listed, for
        :meth:`illegal`: ``"a shuffle of the whole pack"``; a game whose chance also shuffles a
        pile gathered during the hand says so here."""
        return "a shuffle of the whole pack"

    def illegal(self, state: S, action: object, why: str = "") -> IllegalActionError:
        """The error for ``action``, which is not legal in ``state``: it names the seat, the
        action, the phase (a state's ``phase`` field, when it has one), ``why`` and the legal
        actions, and carries them as attributes."""
        actor = self.actor(state)
        shown = str(action) if isinstance(action, Action) else repr(action)
        if actor is None:
            return IllegalActionError(
                f"the game is over; no action is legal (got {shown})", action=action
            )
        legal = self.legal_actions(state)
        who = "chance" if actor is CHANCE else f"seat {actor}"
        phase = getattr(getattr(state, "phase", None), "value", None)
        where = f" in the {phase} phase" if isinstance(phase, str) else ""
        listed = ", ".join(str(a) for a in legal) if legal else self.chance_text(state)
        reason = f": {why}" if why else ""
        return IllegalActionError(
            f"{shown} is not legal for {who}{where}{reason}; legal: {listed}",
            seat=None if actor is CHANCE else actor,  # IllegalActionError.seat: None for chance
            action=action,
            legal=legal,
        )

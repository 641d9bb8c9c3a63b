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

* ``sample_chance``: a uniform choice among the listed chance outcomes, or a shuffle;
* the steps every hand takes, each telling the log: :meth:`TrickGame.deal_shuffle` (a shuffle
  dealt by the schedule), :meth:`TrickGame.play_card` (a card taken from a hand under a follow
  policy) and :meth:`TrickGame.finish_trick`;
* :meth:`TrickGame.play_to_trick`, the two together: one card played to a trick, and the trick
  finished when it is complete;
* ``validate``, raising :class:`~trickcore.errors.InvalidStateError` with every problem the
  game's :meth:`TrickGame.problems` finds (:mod:`trickcore.kit.validation` helps find them, and
  :meth:`TrickGame.replay_problems` plays the hand again).

The rest of the protocol (``initial_state``, ``actor``, ``legal_actions``, ``outcome``,
``determinize``) is the game's own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar, cast

import msgspec

from trickcore.cards import Card
from trickcore.errors import IllegalActionError, InvalidStateError
from trickcore.game import (
    CHANCE,
    Actor,
    Direction,
    DrawDealer,
    Event,
    Seat,
    Shuffle,
    action_text,
)
from trickcore.kit import events
from trickcore.kit.deal import DealSchedule, Dealt, shuffle_problem, take
from trickcore.kit.events import EventLog, GenericEvent
from trickcore.kit.hidden import LastView, Projection
from trickcore.kit.seating import Seating
from trickcore.kit.tricks import FollowSuit, Trick
from trickcore.kit.validation import differences, replay
from trickcore.rng import Rng
from trickcore.typecheck import struct_classes, type_check, type_problem
from trickcore.viewcheck import checked_draws

__all__ = ["Rule", "TrickGame"]

S = TypeVar("S", bound=msgspec.Struct)
A = TypeVar("A")
V = TypeVar("V", bound=msgspec.Struct)
Opt = TypeVar("Opt")

Rule = Callable[[S, A, EventLog | None], S]
"""A rule of one phase: ``(state, action, log) -> state``, as :meth:`TrickGame.transition`."""


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
    event_type: ClassVar[Any] = GenericEvent
    """The game's event union; the kit's generic events unless the game adds its own."""
    deal_phase: ClassVar[Any] = None
    """The phase that follows the draw for the first dealer (:meth:`draw_dealer`)."""

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
        action_type = getattr(self, "action_type", None)  # None: a game still being written
        self._action_problem = (
            type_check(action_type) if action_type is not None else lambda action: None
        )
        self._action_classes = struct_classes(action_type) if action_type is not None else ()
        self.dealer_draws: tuple[DrawDealer, ...] = tuple(
            DrawDealer(seat=seat) for seat in range(seating.seats)
        )
        """The chance outcomes of drawing the first dealer, one per seat."""
        self.phase_rules: Mapping[Any, Rule[S, A]] | None = None
        """The rule of each phase, for a game whose transition is one rule per phase (set in
        its ``__init__``; :meth:`transition` and :meth:`apply` then run the state's phase's
        rule). :meth:`draw_dealer` and :meth:`game_over` are two such rules."""
        self._view_draws: Callable[[V], Callable[[Rng], S]] | None = None

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
        :meth:`illegal` for an action that is not legal. The game's rules: a game writes it, or
        sets :attr:`phase_rules` and this runs the rule of the state's phase."""
        rules = self.phase_rules
        if rules is None:
            raise NotImplementedError(f"{type(self).__name__} writes no transition")
        return rules[state.phase](state, action, log)  # type: ignore[attr-defined]

    def actor(self, state: S) -> Actor:
        """Who acts next (the game's own)."""
        raise NotImplementedError

    def legal_actions(self, state: S) -> tuple[A, ...]:
        """The actor's legal actions (the game's own)."""
        raise NotImplementedError

    def apply(self, state: S, action: A) -> S:
        """The state after ``action``; an illegal action raises
        :class:`~trickcore.errors.IllegalActionError` and ``state`` never changes. An action
        that is not exactly of the game's :attr:`action_type` (a field of the wrong type, such
        as a suit given as text) is illegal too (:func:`trickcore.typecheck.type_problem`)."""
        if type(action) not in self._action_classes:  # an action's fields were checked when
            self.check_action(state, action)  # it was built (Action.__post_init__)
        rules = self.phase_rules
        if rules is not None:  # the phase's rule at once: one call less on the hot path
            return rules[state.phase](state, action, None)  # type: ignore[attr-defined]
        return self.transition(state, action, None)

    def check_action(self, state: S, action: object) -> None:
        """Raise :meth:`illegal` unless ``action`` is exactly of the game's :attr:`action_type`,
        field by field (:func:`trickcore.typecheck.type_problem`): a suit given as text, a
        ``None`` card or a number instead of an action is refused before the rules see it,
        wherever it came from (a caller, a bot, a decoded file). :meth:`apply` and
        :meth:`events` run it first."""
        if (problem := self._action_problem(action)) is not None:
            raise self.illegal(state, action, problem)

    def draw_dealer(self, state: S, action: A, log: EventLog | None) -> S:
        """The rule of the phase in which chance draws the first dealer, for a state with
        ``phase`` and ``dealer`` fields: a :class:`~trickcore.DrawDealer` of a seat at the table
        makes that seat the dealer, moves to :attr:`deal_phase` and tells ``log``; anything
        else is :meth:`illegal`."""
        match action:
            case DrawDealer(seat=seat) if type(seat) is int and 0 <= seat < self.seating.seats:
                if log is not None:
                    log.add(events.DealerDrawn(seat=seat))
                return msgspec.structs.replace(state, phase=self.deal_phase, dealer=seat)
            case _:
                raise self.illegal(state, action)

    def game_over(self, state: S, action: A, log: EventLog | None) -> S:
        """The rule of the phase after the end of the game: every action is :meth:`illegal`."""
        raise self.illegal(state, action)

    def events(self, state: S, action: A, seat: Seat | None) -> tuple[Event, ...]:
        """What ``action`` does to ``state``, as ``seat`` may see it (``None``: public only)."""
        if type(action) not in self._action_classes:
            self.check_action(state, action)
        log = EventLog(seat)
        self.transition(state, action, log)
        return tuple(log.events)

    def view(self, state: S, seat: Seat) -> V:
        """What ``seat`` may see of ``state``; :class:`~trickcore.errors.TableError` naming the
        seats for a seat not at the table."""
        return self.projection.view(state, self.seating.check(seat))

    def checked_views(
        self, prepare: Callable[[V], Callable[[Rng], S]], *, full: bool = False
    ) -> LastView[V, Callable[[Rng], S]]:
        """``prepare`` (a view -> the game's draws of states agreeing with it), each new view
        object checked first (:func:`trickcore.viewcheck.checked_draws`) and the draws kept
        for the last view (:class:`~trickcore.kit.hidden.LastView`). A game builds it once in
        its ``__init__`` and writes ``determinize(view, rng)`` as ``views(view)(rng)``; a
        ``prepare`` that prepares nothing is ``lambda view: functools.partial(determinize,
        game, view)``. :meth:`validate_view` then checks views with ``prepare`` too.

        ``determinize`` so refuses, with :class:`~trickcore.errors.InvalidViewError`, every
        view it cannot serve: of the wrong type, a seat not at the table, sizes or cards that
        no deal fits, hidden cards that contradict what the view shows. It does not prove that
        a legal game reaches the view's public part (scores, tricks, bids), nor that every
        field deep in the view has its exact type: that takes ``validate`` and a deep type
        check, which cost as much as a few dozen draws, so :meth:`validate_view` does it, and
        ``determinize`` only with ``full``."""

        def checked(view: V) -> Callable[[Rng], S]:
            return checked_draws(self, view, prepare, shape=self.view_problems, full=full)

        self._view_draws = prepare
        return LastView(checked)

    def view_problems(self, view: V) -> list[str]:
        """The game's cheap checks of a view's shape, before any state is drawn from it: the
        cards and sizes of the projection's per-seat parts
        (:meth:`~trickcore.kit.hidden.Projection.view_problems`). A game may add its own."""
        return self.projection.view_problems(view, self.seats, self._pack_set)

    def validate_view(self, view: V) -> None:
        """Raise :class:`~trickcore.errors.InvalidViewError`, naming the defect, unless a state
        that a legal game reaches shows exactly ``view`` to its seat (see
        :func:`trickcore.validate_view`): a state drawn from the view by the game's
        preparation of :meth:`checked_views` (or its ``determinize``) must pass ``validate``
        and show the view back."""
        prepare = self._view_draws
        if prepare is None:

            def prepare(view: V) -> Callable[[Rng], S]:
                return lambda rng: cast(S, getattr(self, "determinize")(view, rng))  # noqa: B009

        checked_draws(self, view, prepare, shape=self.view_problems)

    def problems(self, state: S) -> list[str]:
        """Everything that stops a legal game from reaching ``state`` (the game's own)."""
        raise NotImplementedError

    def validate(self, state: S) -> None:
        """Raise :class:`~trickcore.errors.InvalidStateError` naming every problem found by
        :meth:`problems`, unless a legal game can reach ``state``. A state that is not exactly
        of the game's :attr:`state_type` (a field of the wrong type) is refused first."""
        state_type = getattr(self, "state_type", None)
        if state_type is not None and (problem := type_problem(state, state_type)) is not None:
            # A state built in Python (not decoded) may hold anything: refuse it before the
            # game's checks, which rely on its field types.
            raise InvalidStateError(f"invalid {self.name} state: {problem}")
        problems = self.problems(state)
        if problems:
            raise InvalidStateError(f"invalid {self.name} state: " + "; ".join(problems))

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

    def sample_chance(self, state: S, rng: Rng) -> A:
        """Chance's action, drawn from ``rng``: a uniform choice among the outcomes
        ``legal_actions`` lists (the draw for the first dealer), or a shuffle of the pack when
        it lists none. A game whose chance does more (a pile shuffled apart) overrides it."""
        if self.actor(state) is not CHANCE:
            raise self.no_chance(state)
        listed = self.legal_actions(state)
        return rng.choice(listed) if listed else cast(A, self.shuffle(rng))

    def deal_shuffle(
        self, state: S, action: Shuffle, dealer: Seat, hand_number: int, log: EventLog | None
    ) -> Dealt:
        """Deal a supplied shuffle (checked by :meth:`shuffled_pack`) by the game's schedule,
        :attr:`deal`, and tell ``log`` each seat's own hand (:class:`~trickcore.kit.events.Dealt`,
        hand number ``hand_number``)."""
        if self.deal is None:
            raise TypeError(f"{type(self).__name__} declares no deal schedule")
        dealt = self.deal.deal(self.shuffled_pack(state, action), dealer)
        if log is not None:
            own = log.own_entry(dealt.hands)
            log.add(events.Dealt(hand_number=hand_number, dealer=dealer, hand=own))
        return dealt

    def play_card(
        self,
        state: S,
        action: A,
        card: Card,
        *,
        seat: Seat,
        hands: tuple[tuple[Card, ...], ...],
        trick: Sequence[Card],
        policy: FollowSuit,
        log: EventLog | None,
    ) -> tuple[tuple[Card, ...], ...]:
        """``hands`` without ``card``, which ``seat`` plays to ``trick`` (the cards played to it
        so far), telling ``log``; :meth:`illegal` for ``action`` when the seat does not hold the
        card or the follow ``policy`` forbids it."""
        hand = hands[seat]
        if card not in hand:
            raise self.illegal(state, action, f"seat {seat} does not hold {card}")
        if trick and not policy.allows(hand, trick, card):
            raise self.illegal(state, action, policy.refusal(hand, trick, card))
        if log is not None:
            log.add(events.CardPlayed(seat=seat, card=card))
        return take(hands, seat, card)

    def finish_trick(
        self,
        policy: FollowSuit,
        seats: tuple[Seat, ...],
        cards: tuple[Card, ...],
        number: int,
        log: EventLog | None,
    ) -> Trick:
        """The finished trick ``number`` (from 1) of ``cards`` played by ``seats``, its winner
        by ``policy``, told to ``log`` (:class:`~trickcore.kit.events.TrickWon`)."""
        done = policy.finish(seats, cards)
        if log is not None:
            log.add(events.TrickWon(seat=done.winner, number=number, cards=cards))
        return done

    def play_to_trick(
        self,
        state: S,
        action: A,
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
        play, ``trick`` the cards so far: :meth:`play_card`, then :meth:`finish_trick` (trick
        number ``finished + 1``) when it completes the trick. Returns the hands after, the
        trick's cards so far (``()`` once complete) and the finished trick (``None`` until
        then)."""
        seat = seats[len(trick)]
        hands = self.play_card(
            state, action, card, seat=seat, hands=hands, trick=trick, policy=policy, log=log
        )
        trick = (*trick, card)
        if len(trick) < len(seats):
            return hands, trick, None
        return hands, (), self.finish_trick(policy, seats, trick, finished + 1, log)

    def replay_problems(
        self,
        state: S,
        start: S,
        dealer: Seat,
        dealt: Sequence[Sequence[Card]],
        actions: Iterable[A],
        *,
        kick: Sequence[Card] = (),
        stock: Sequence[Card] = (),
        same: Callable[[S], object] = lambda state: state,
    ) -> list[str]:
        """Play ``state``'s hand again: stack the deck that deals ``dealt`` (each seat's cards
        as dealt), the ``kick`` and the ``stock`` for ``dealer`` (:meth:`DealSchedule.stack`),
        shuffle it into ``start`` (the state before the deal) and apply ``actions`` (the hand's
        recorded actions). The problems: a deal the schedule cannot make, an illegal step, or
        an arrival that differs from ``state`` (compared through ``same``, which may drop what
        carries no meaning, such as the order of cards in a hand), naming the fields."""
        if self.deal is None:
            raise TypeError(f"{type(self).__name__} declares no deal schedule")
        try:
            order = self.deal.stack(dealt, dealer, kick=kick, stock=stock)
        except ValueError as error:  # a card twice, a hand of the wrong size ...
            return [str(error)]
        arrived, found = replay(self, start, [cast(A, Shuffle(order=order)), *actions])
        if found or same(arrived) == same(state):
            return found
        wrong = differences(cast(msgspec.Struct, same(state)), cast(msgspec.Struct, same(arrived)))
        return ["the state does not follow from its own hand: " + "; ".join(wrong)]

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
        shown = action_text(action)
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

"""A base class for games built on the kit: the parts of the :class:`~trickcore.Game` protocol
that are the same in every trick-taking game, written once.

A game subclasses :class:`TrickGame`, gives it its options, :class:`~trickcore.kit.seating.Seating`
and :class:`~trickcore.kit.hidden.Projection`, and writes its rules as one transition,
:meth:`TrickGame.transition` (``state``, ``action``, an optional event log) -> next state. From
that the base provides:

* ``options``, ``seats``, ``sides`` and ``side_of`` from the seating;
* ``apply`` (the transition without a log: no event work on the hot path) and ``events`` (the
  same transition with a log for the viewing seat: events come from what the rules did);
  ``apply_with_events`` and ``apply_with_all_events``, both at once from one run (for one
  viewer, or for every seat and a spectator);
* ``view``, the projection of the state for a seat, refusing a seat that is not at the table;
* :meth:`TrickGame.illegal`, the :class:`~trickcore.errors.IllegalActionError` that names the
  seat, the action, the phase and the legal actions, and :meth:`TrickGame.no_chance` (their
  texts, and that of ``validate``'s error, are written in :mod:`trickcore.kit.refusals`, which
  the methods call);
* chance: the pack, the listable dealer draws (:attr:`TrickGame.dealer_draws`), ``sample_chance``
  (a uniform choice among the listed chance outcomes, or a shuffle), a shuffle drawn from a
  stream (:meth:`TrickGame.shuffle`), the check of a supplied one
  (:meth:`TrickGame.shuffled_pack`) and :meth:`TrickGame.deal_shuffle`, a shuffle dealt by the
  schedule, telling the log (how the kit serves chance is :mod:`trickcore.kit.chance`; the
  methods call it);
* the steps of the play, each telling the log: :meth:`TrickGame.play_card` (a card taken from a
  hand under a follow policy) and :meth:`TrickGame.finish_trick`;
* :meth:`TrickGame.play_to_trick`, the two together: one card played to a trick, and the trick
  finished when it is complete;
* ``validate``, raising :class:`~trickcore.errors.InvalidStateError` with every problem the
  game's :meth:`TrickGame.problems` finds (composed of :mod:`trickcore.kit.validation`'s parts:
  :func:`~trickcore.kit.validation.replay_problems` plays the hand again).

The rest of the protocol (``initial_state``, ``actor``, ``legal_actions``, ``outcome``,
``determinize``) is the game's own, unless its state is in the kit's layout.

The kit's layout
----------------

Most trick-taking states look alike: a ``phase``, the ``dealer``, ``scores`` (one per side),
``hands`` (one per seat, hidden), the seat whose ``turn`` it is, the order of play of the trick
in progress (``trick_seats``, the leader first), its cards so far (``trick``), the hand's
finished ``tricks``, the ``trump`` (when the game has :attr:`TrickGame.policies` by trump) and
the ``winner`` once the game is over. A game whose state has these fields declares its
:attr:`TrickGame.play_phase` (and :attr:`TrickGame.over_phase`,
:attr:`TrickGame.chance_phases`, :attr:`TrickGame.draw_phase`, :attr:`TrickGame.play_type`), and
gets from the base:

* ``actor``: nobody once over, chance in the chance phases, else the seat whose turn it is
  (``turn`` means nothing in the over and chance phases: the games keep 0 there, and their
  views show ``None``);
* ``legal_actions``: the draws for the first dealer, or the legal plays
  (:meth:`TrickGame.legal_plays`);
* :meth:`TrickGame.play`, the rule of the play phase: a card checked and played, the trick
  finished when complete, then :meth:`TrickGame.trick_won` (the winner leads the next trick, or
  the hand ends: the game's :meth:`TrickGame.end_hand`); :meth:`TrickGame.lead` starts the play;
* ``outcome`` from ``scores``, the over phase and ``winner``;
* ``determinize`` (:meth:`TrickGame.determinizer`): the unseen cards dealt to the other hands and
  a stock, honouring the voids the tricks revealed (how the kit serves a view, the draws and
  the checks of a fresh one, is :mod:`trickcore.kit.determinizing`; the methods call it);
* and the parts of ``problems`` that :mod:`trickcore.kit.validation` writes for a state in the
  layout: ``hand_problems`` (a hand of a deal and tricks, played again), ``draw_problems`` and
  ``located_cards``.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, ClassVar, Final, Generic, TypeVar, cast

import msgspec
from msgspec.structs import replace

from trickcore._mypyc import mypyc_attr
from trickcore.cards import Card, Suit
from trickcore.errors import IllegalActionError
from trickcore.game import (
    CHANCE,
    Actor,
    Direction,
    DrawDealer,
    Event,
    EventsBySeat,
    Outcome,
    Seat,
    Shuffle,
)
from trickcore.kit import events
from trickcore.kit.chance import WHOLE_PACK, deal_shuffle, sample_chance, shuffle, shuffled_pack
from trickcore.kit.deal import DealSchedule, Dealt, take
from trickcore.kit.determinizing import (
    checked_views,
    draws_for,
    fits_at_once,
    shown_out,
    skeleton,
    skeleton_shows_back,
    validate_view,
    view_problems,
)
from trickcore.kit.events import EventLog, EveryViewerLog, GenericEvent
from trickcore.kit.hidden import LastView, Projection
from trickcore.kit.refusals import illegal, invalid_state, no_chance
from trickcore.kit.seating import Seating
from trickcore.kit.tricks import (
    FollowSuit,
    Trick,
    TrickOrder,
    tricks_by_side,
)
from trickcore.rng import Rng
from trickcore.typecheck import struct_classes, type_check, type_problem

__all__ = ["Rule", "TrickGame"]


S = TypeVar("S", bound=msgspec.Struct)
A = TypeVar("A")
V = TypeVar("V", bound=msgspec.Struct)

OUTCOMES_KEPT: Final = 1024
"""How many outcomes :meth:`TrickGame.outcome` keeps (:data:`_settled`)."""

_settled: dict[tuple[Seating, tuple[int, ...], bool, int | None], Outcome] = {}
"""The outcomes :meth:`TrickGame.outcome` settled, by the game's seating, the scores, whether
the game is over and its winner: the same few again and again (an env asks at every step, a
search at the end of every playout), each settled once; the first :data:`OUTCOMES_KEPT` kept
(not an attribute of the game: one more would take a game past CPython's shared key table)."""

Opt = TypeVar("Opt")

Rule = Callable[[S, A, EventLog | None], S]
"""A rule of one phase: ``(state, action, log) -> state``, as :meth:`TrickGame.transition`."""


@mypyc_attr(allow_interpreted_subclasses=True)
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
    draw_phase: ClassVar[Any] = None
    """The phase in which chance draws the first dealer (the kit's layout: the default
    ``legal_actions`` lists :attr:`dealer_draws` in it)."""
    play_phase: ClassVar[Any] = None
    """The phase in which cards are played to tricks. Declaring it says that the game's state is
    in the kit's layout (see the module text) and turns on the defaults built on it."""
    over_phase: ClassVar[Any] = None
    """The phase once the game is over (the kit's layout: nobody acts)."""
    chance_phases: ClassVar[frozenset[Any]] = frozenset()
    """The phases in which chance acts (the kit's layout)."""
    play_type: ClassVar[Any] = None
    """The game's action that plays a card, a struct with a ``card`` field (the kit's layout:
    :meth:`play` takes it, :attr:`plays` holds one per card)."""
    progress_fields: ClassVar[tuple[str, ...]] = ()
    """The fields of the game's state that carry the game from one hand to the next (the
    phase, the dealer, the scores, the hand number, the last hand's result ...), which
    :meth:`between_hands` keeps."""
    prepared_draws_fit: ClassVar[bool | None] = None
    """Whether the game's :meth:`determinizer` raises, when it prepares a view, for every view
    that no deal fits (as :meth:`~trickcore.kit.hidden.Projection.unseen_dealer` does), so that
    ``determinize`` checks a fresh view by showing back its
    :meth:`~trickcore.kit.hidden.Projection.skeleton` instead of drawing a witness state
    (:func:`~trickcore.viewcheck.checked_draws`). ``None``: true of the kit's own
    :meth:`determinizer`, false of a game's own unless it says so."""

    def __init_subclass__(cls, *, phases: type[enum.Enum] | None = None, **kwargs: Any) -> None:
        """``class MyGame(TrickGame[...], phases=Phase)``: the phases of the kit's layout taken
        from the game's phase enum by their names, ``DRAW_DEALER`` (:attr:`draw_phase`),
        ``DEAL`` (:attr:`deal_phase`), ``PLAY`` (:attr:`play_phase`) and ``OVER``
        (:attr:`over_phase`), chance acting in the first two (:attr:`chance_phases`). What the
        class body declares itself is kept (a game whose chance also acts elsewhere lists its
        :attr:`chance_phases`)."""
        super().__init_subclass__(**kwargs)
        if phases is None:
            return
        members = phases.__members__
        missing = [name for name in ("DRAW_DEALER", "DEAL", "PLAY", "OVER") if name not in members]
        if missing:
            raise TypeError(f"{phases.__name__} has no phases {missing} (the kit's layout)")
        declared = {
            "draw_phase": members["DRAW_DEALER"],
            "deal_phase": members["DEAL"],
            "play_phase": members["PLAY"],
            "over_phase": members["OVER"],
            "chance_phases": frozenset({members["DRAW_DEALER"], members["DEAL"]}),
        }
        for name, value in declared.items():
            if name not in vars(cls):
                setattr(cls, name, value)

    def __init__(
        self,
        options: Opt,
        seating: Seating,
        projection: Projection[S, V],
        pack: Sequence[Card],
        *,
        deal: DealSchedule | None = None,
        policy: FollowSuit | None = None,
        policies: Mapping[Suit, FollowSuit] | None = None,
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
        self._empty_parts = self._required_parts(getattr(self, "state_type", None))
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
        self.policy: FollowSuit | None = policy
        """The follow policy of every trick, for a game whose card order never changes (no
        trumps, or a fixed trump); otherwise ``None`` and :attr:`policies` says."""
        self.policies: dict[Suit, FollowSuit] = dict(policies or {})
        """The follow policy for each trump suit, for a game whose trump changes by hand."""
        self.plays: dict[Card, A] = (
            {card: self.play_type(card=card) for card in self.pack}
            if self.play_type is not None
            else {}
        )
        """One :attr:`play_type` action per card of the pack, shared: legal plays are picked
        from it."""
        # The layout's class attributes, read on every action, copied to the instance: the
        # compiled build reads an instance attribute directly, a class attribute by name. (A
        # game keeps fewer than 30 attributes: from 30 on, CPython 3.11 gives an instance a
        # dictionary of its own, and every method call and attribute read on it takes the slow
        # way, 4 % more instructions a hand in the pure build: tests/test_kit_layout.py.)
        self._play_phase: object = self.play_phase
        self._over_phase: object = self.over_phase
        self._draw_phase: object = self.draw_phase
        self._chance_phases: frozenset[object] = self.chance_phases
        self._play_type: object = self.play_type
        self._view_draws: Callable[[V], Callable[[Rng], S]] | None = None
        self._last_view: LastView[V, Callable[[Rng], S]] = self.checked_views(self.determinizer)

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

    def follow_policy(self, trump: Suit) -> FollowSuit:
        """The follow policy of a trick with ``trump`` as trump: the game's one :attr:`policy`,
        or its policy for that suit (:attr:`policies`)."""
        return self._policy(trump)

    def trick_order(self, trump: Suit) -> TrickOrder:
        """Effective suits and card strengths with ``trump`` as trump (:meth:`follow_policy`)."""
        return self._policy(trump).order

    def _policy(self, trump: Suit | None) -> FollowSuit:
        if self.policy is not None:
            return self.policy
        if trump is None:
            raise ValueError(f"{self.name} has a follow policy per trump suit, and no trump")
        return self.policies[trump]

    def transition(self, state: S, action: A, log: EventLog | None) -> S:
        """The state after ``action``, writing what happens to ``log`` when there is one; raise
        :meth:`illegal` for an action that is not legal. The game's rules: a game writes it, or
        sets :attr:`phase_rules` and this runs the rule of the state's phase."""
        rules = self.phase_rules
        if rules is None:
            raise NotImplementedError(f"{type(self).__name__} writes no transition")
        return rules[state.phase](state, action, log)  # type: ignore[attr-defined]

    def initial_state(self) -> S:
        """Before the first chance action, in the kit's layout: the draw for the first dealer
        (:attr:`draw_phase`) or, when the options fix the ``first_dealer``, the first deal by
        that seat (:attr:`deal_phase`), every other field of :attr:`state_type` at its default.
        Otherwise the game's own."""
        first = getattr(self._options, "first_dealer", None)
        if first is None:
            return self.blank_state(phase=self.draw_phase)
        return self.blank_state(phase=self.deal_phase, dealer=first)

    def _required_parts(self, state_type: Any) -> dict[str, Any]:
        """The fields of the kit's layout that ``state_type`` declares without a default, each
        empty: ``scores`` (a zero per side) and the projection's per-seat parts (an empty
        entry per seat), whose sizes only the table knows."""
        if not (isinstance(state_type, type) and issubclass(state_type, msgspec.Struct)):
            return {}
        empty: dict[str, Any] = {"scores": (0,) * len(self.sides)}
        empty.update({part.field: ((),) * self.seats for part in self.projection.per_seat})
        required = (info.name for info in msgspec.structs.fields(state_type) if info.required)
        return {name: empty[name] for name in required if name in empty}

    def blank_state(self, **fields: Any) -> S:
        """A state of :attr:`state_type` with ``fields``, every other field at its default, and
        in the kit's layout ``scores`` and the per-seat parts empty where the state type gives
        them no default (their sizes depend on the table: a game for 2 to 4 players)."""
        return cast(S, self.state_type(**{**self._empty_parts, **fields}))

    def actor(self, state: S) -> Actor:
        """Who acts next: in the kit's layout, nobody (``None``) in :attr:`over_phase`,
        :data:`~trickcore.CHANCE` in the :attr:`chance_phases`, else the seat whose ``turn`` it
        is. Otherwise the game's own."""
        layout: Any = state
        phase = layout.phase
        if phase is not self._play_phase:  # the usual answer first: a seat playing a card
            if self._play_phase is None:
                raise NotImplementedError(f"{type(self).__name__} declares no play phase")
            if phase is self._over_phase:
                return None
            if phase in self._chance_phases:
                return CHANCE
        turn: Seat = layout.turn
        return turn

    def legal_actions(self, state: S) -> tuple[A, ...]:
        """The actor's legal actions: in the kit's layout, the draws for the first dealer in
        :attr:`draw_phase`, the legal plays in :attr:`play_phase` (:meth:`legal_plays`), else
        none (a shuffle cannot be listed). Otherwise the game's own."""
        if self._play_phase is None:
            raise NotImplementedError(f"{type(self).__name__} declares no play phase")
        phase = getattr(state, "phase")  # noqa: B009 - mypy knows no field of a generic state
        if phase is self._play_phase:
            return self.legal_plays(state)
        if phase is self._draw_phase:
            # No typing.cast: the pure build would make the type tuple[A, ...] every call.
            return self.dealer_draws  # type: ignore[return-value]
        return ()

    def legal_plays(self, state: S) -> tuple[A, ...]:
        """The plays (:attr:`plays`) of the cards the seat whose ``turn`` it is may play to the
        ``trick`` under the follow policy for the ``trump`` (the kit's layout)."""
        layout: Any = state
        policy = self.policy
        if policy is None:
            policy = self.policies[layout.trump]
        return policy.legal_plays(layout.hands[layout.turn], layout.trick, self.plays)

    def outcome(self, state: S) -> Outcome:
        """Scores per side, over in :attr:`over_phase`, won by the state's ``winner`` (``None``
        once over: a draw), with the per-seat returns of :meth:`~trickcore.Outcome.settle`: in
        the kit's layout, where ``scores`` has one entry per side."""
        layout: Any = state
        over = layout.phase is self.over_phase
        scores, winner = layout.scores, layout.winner
        if type(scores) is not tuple:  # (a list cannot be a key)
            return Outcome.settle(self.sides, scores, finished=over, winner=winner)
        key = (self.seating, scores, over, winner)
        known = _settled.get(key)
        if known is None:
            known = Outcome.settle(self.sides, scores, finished=over, winner=winner)
            if len(_settled) < OUTCOMES_KEPT:
                _settled[key] = known
        return known

    def determinize(self, view: V, rng: Rng) -> S:
        """A full state agreeing with everything ``view`` shows, its hidden cards drawn from
        ``rng`` (:meth:`determinizer`; a search bot draws many states from one view, so what
        depends on the view only is prepared once per view object). A view it cannot serve raises
        :class:`~trickcore.errors.InvalidViewError`, checked once per view object
        (:meth:`checked_views`; :meth:`validate_view` checks a view fully)."""
        return self._last_view(view)(rng)

    def determinizer(self, view: V) -> Callable[[Rng], S]:
        """How :meth:`determinize` draws states for ``view``, in the kit's layout with the hands
        and at most one secret field (a stock) hidden: before a deal (:attr:`draw_phase`,
        :attr:`deal_phase`) every hidden part is empty; afterwards the cards the view does not
        show are dealt at random to the other hands and the secret field
        (:meth:`secret_sizes`, which may also name owned fields hidden from the view), never
        giving a seat a suit it showed out of (:meth:`voids`) or a card another seat holds
        (:meth:`held_cards`), uniformly among such deals (:meth:`Projection.unseen_dealer`)."""
        return draws_for(self, view, kit_voids=type(self).voids is TrickGame.voids)

    def voids(self, view: V) -> dict[Seat, set[Suit]]:
        """The suits each seat is known to hold none of, in the kit's layout: those its plays
        to the hand's tricks showed out of under the follow policy
        (:func:`~trickcore.kit.tricks.revealed_voids`); none while the trump that picks the
        policy is not known."""
        out = self.shown_out(view)
        found: dict[Seat, set[Suit]] = {}
        for seat in range(self.seats):
            found[seat] = out.get(seat) or set()
        return found

    def shown_out(self, view: V) -> dict[Seat, set[Suit]]:
        """The suits each seat showed out of in ``view``'s tricks under the follow policy,
        the seats that showed out of nothing left out: the kit's :meth:`voids` without an
        empty set for every other seat, for a caller that asks at every card (a bot's
        playout) and reads absent seats as void in nothing. (A game that overrides
        :meth:`voids` to know more than the tricks tell is asked by :meth:`voids`.)"""
        trump = getattr(view, "trump", None)
        if self.policy is None and trump is None:
            return {}
        return shown_out(self, self._policy(trump), view)

    def seen_cards(self, view: V) -> Collection[Card] | None:
        """Every card ``view`` shows, for :meth:`determinizer`; ``None`` (the default) lets
        :func:`~trickcore.kit.hidden.cards_seen` find them by walking the whole view, which a
        game may spare search bots by naming its fields (Euchre does)."""
        return None

    def held_cards(self, view: V) -> dict[Card, Seat]:
        """Cards that ``view`` showed once and no longer shows, known to be in a seat's hidden
        places (its hand, or a field it owns), for :meth:`determinizer`: none by default;
        Euchre's dealer holds the up-card they took (:meth:`Projection.unseen_dealer`)."""
        return {}

    def seen_and_held(self, view: V) -> tuple[Collection[Card] | None, dict[Card, Seat]]:
        """:meth:`seen_cards` and :meth:`held_cards` of ``view`` at once, as
        :meth:`determinizer` asks them: a game whose two answers read the same fields may
        give both from one walk of the view (Euchre does: the cards played tell both), as
        long as they stay those two answers."""
        return self.seen_cards(view), self.held_cards(view)

    def secret_sizes(self, view: V) -> dict[str, int]:
        """How many cards each secret field of the state holds in a state ``view`` may show,
        for :meth:`determinizer`: by default the one secret field is the stock, what the deal
        schedule leaves of the pack."""
        secret = self.projection.secret
        if not secret:
            return {}
        if len(secret) > 1 or self.deal is None:
            raise TypeError(f"{type(self).__name__} must say how many cards its secrets hold")
        return {secret[0]: len(self.pack) - self.deal.size}

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
                return replace(state, phase=self.deal_phase, dealer=seat)
            case _:
                raise self.illegal(state, action)

    def kit_rules(self) -> dict[Any, Rule[S, A]]:
        """The rules the kit writes, by the phases the game declares, for its
        :attr:`phase_rules`: :meth:`draw_dealer` in :attr:`draw_phase`, :meth:`play` in
        :attr:`play_phase` and :meth:`game_over` in :attr:`over_phase`."""
        rules = {
            self.draw_phase: self.draw_dealer,
            self.play_phase: self.play,
            self.over_phase: self.game_over,
        }
        return {phase: rule for phase, rule in rules.items() if phase is not None}

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

    def apply_with_events(
        self, state: S, action: A, seat: Seat | None
    ) -> tuple[S, tuple[Event, ...]]:
        """:meth:`apply` and :meth:`events` in one run of the transition: the state after
        ``action`` and what it did as ``seat`` sees it (``None``: public only)."""
        if type(action) not in self._action_classes:
            self.check_action(state, action)
        log = EventLog(seat)
        after = self.transition(state, action, log)
        return after, tuple(log.events)

    def apply_with_all_events(self, state: S, action: A) -> tuple[S, EventsBySeat]:
        """:meth:`apply` and every viewer's :meth:`events` in one run of the transition: the
        state after ``action`` and what it did as each seat and a spectator see it
        (:class:`~trickcore.kit.events.EveryViewerLog`)."""
        if type(action) not in self._action_classes:
            self.check_action(state, action)
        log = EveryViewerLog()
        after = self.transition(state, action, log)
        return after, log.by_seat()

    def view(self, state: S, seat: object) -> V:
        """What ``seat`` may see of ``state``; :class:`~trickcore.errors.TableError` naming the
        seats for anything but a seat at the table (typed ``object``: a seat that comes from
        outside is checked here, in the compiled build too)."""
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
        fit = self.prepared_draws_fit
        if fit is None:
            fit = type(self).determinizer is TrickGame.determinizer
        served = fit and prepare == self.determinizer
        # The kit's own checks of a fresh view, told at once when the game keeps them all.
        at_once = (
            served
            and not full
            and type(self).view_problems is TrickGame.view_problems
            and type(self).skeleton_shows_back is TrickGame.skeleton_shows_back
            and type(self).fits_at_once is TrickGame.fits_at_once
        )
        self._view_draws = prepare
        return checked_views(
            self,
            prepare,
            full=full,
            served=served,
            at_once=at_once,
            kit_draws=served and type(self).determinizer is TrickGame.determinizer,
            kit_voids=type(self).voids is TrickGame.voids,
        )

    def skeleton(self, view: V) -> S:
        """A state agreeing with ``view``'s public part, its hidden parts of the sizes the view
        shows but holding arbitrary cards (:meth:`~trickcore.kit.hidden.Projection.skeleton`):
        what ``determinize`` shows back to check a fresh view (:attr:`prepared_draws_fit`).
        Before a deal (:attr:`draw_phase`, :attr:`deal_phase`) every hidden part is empty, as
        :meth:`determinizer` draws it."""
        return skeleton(self, view)

    def skeleton_shows_back(self, view: V) -> bool:
        """Whether :meth:`skeleton` shows ``view`` back to its seat, told without building it
        after a deal (:meth:`~trickcore.kit.hidden.Projection.shows_back`); ``False`` before
        one and when in doubt (``determinize`` then builds the skeleton and compares)."""
        return skeleton_shows_back(self, view)

    def fits_at_once(self, view: V) -> bool:
        """Whether ``view`` passes every check :meth:`determinize` makes of a fresh view before
        it prepares the draws (:func:`~trickcore.viewcheck.checked_draws`: the view's class and
        seat, :meth:`view_problems`, :meth:`skeleton_shows_back`), told in one walk
        (:meth:`~trickcore.kit.hidden.Projection.shows_back` given the pack); ``False`` also
        when in doubt or before a deal, and then ``determinize`` checks the long way, which
        names the defect. Only for a game that keeps the kit's checks."""
        return fits_at_once(self, view)

    def view_problems(self, view: V) -> list[str]:
        """The game's cheap checks of a view's shape, before any state is drawn from it: the
        cards and sizes of the projection's per-seat parts
        (:meth:`~trickcore.kit.hidden.Projection.view_problems`), and a seat that plays twice
        in one of the view's tricks (a hand no deal gives). A game may add its own."""
        return view_problems(self, view)

    def validate_view(self, view: V) -> None:
        """Raise :class:`~trickcore.errors.InvalidViewError`, naming the defect, unless a state
        that a legal game reaches shows exactly ``view`` to its seat (see
        :func:`trickcore.validate_view`): a state drawn from the view by the game's
        preparation of :meth:`checked_views` (or its ``determinize``) must pass ``validate``
        and show the view back."""
        validate_view(self, view)

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
            raise invalid_state(self, [problem])
        problems = self.problems(state)
        if problems:
            raise invalid_state(self, problems)

    def shuffle(self, rng: Rng, cards: Sequence[Card] | None = None) -> Shuffle:
        """A shuffle of the whole pack drawn from ``rng``; given ``cards``, a shuffle of those
        only (a pile gathered during the hand, such as Apples' bidding pile)."""
        return shuffle(self, rng, cards)

    def shuffled_pack(
        self, state: S, action: object, cards: Sequence[Card] | None = None
    ) -> tuple[Card, ...]:
        """The order of a supplied shuffle, if it holds the pack's cards (or, given, ``cards``:
        a pile) once each; otherwise :meth:`illegal` names what is missing, doubled or
        foreign. An ``action`` that is no :class:`~trickcore.Shuffle` is :meth:`illegal` too,
        so that the rule of a phase in which chance shuffles needs no test of its own."""
        return shuffled_pack(self, state, action, cards)

    def sample_chance(self, state: S, rng: Rng) -> A:
        """Chance's action, drawn from ``rng``: a uniform choice among the outcomes
        ``legal_actions`` lists (the draw for the first dealer), or a shuffle of the pack when
        it lists none. A game whose chance does more (a pile shuffled apart) overrides it."""
        return sample_chance(self, state, rng)

    def deal_shuffle(
        self,
        state: S,
        action: object,
        dealer: Seat,
        hand_number: int,
        log: EventLog | None,
        *,
        shown: Callable[[Dealt, Seat], bool] | None = None,
    ) -> Dealt:
        """Deal a supplied shuffle (checked by :meth:`shuffled_pack`) by the game's schedule,
        :attr:`deal`, and tell ``log`` each seat's own hand (:class:`~trickcore.kit.events.Dealt`,
        hand number ``hand_number``), unless ``shown(dealt, seat)`` says that the seat may not
        see it yet (Euchre's dealer, over a turned-up joker: E5)."""
        return deal_shuffle(self, state, action, dealer, hand_number, log=log, shown=shown)

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

    def play(self, state: S, action: A, log: EventLog | None) -> S:
        """The rule of :attr:`play_phase` in the kit's layout. ``action`` must be a
        :attr:`play_type` of a card that the seat whose ``turn`` it is holds and the follow
        policy allows (otherwise :meth:`illegal`); the card leaves the hand for the ``trick``
        and the next seat of ``trick_seats`` is to play, or the trick is finished and
        :meth:`trick_won` goes on. ``log`` is told :class:`~trickcore.kit.events.CardPlayed`
        and :class:`~trickcore.kit.events.TrickWon`. Every card played goes through it: it is
        written out, without a call it can spare."""
        if type(action) is not self._play_type:
            raise self.illegal(state, action)
        layout: Any = state
        played: Any = action
        card = played.card
        seat = layout.turn
        trick = layout.trick
        hand = layout.hands[seat]
        if card not in hand:
            raise self.illegal(state, action, f"seat {seat} does not hold {card}")
        policy = self.policy
        if policy is None:
            policy = self.policies[layout.trump]
        if trick and not policy.allows(hand, trick, card):
            raise self.illegal(state, action, policy.refusal(hand, trick, card))
        if log is not None:
            log.add(events.CardPlayed(seat=seat, card=card))
        hands = take(layout.hands, seat, card)
        trick = (*trick, card)
        seats = layout.trick_seats
        if len(trick) < len(seats):
            return replace(state, hands=hands, trick=trick, turn=seats[len(trick)])
        done = policy.finish(seats, trick)
        tricks = (*layout.tricks, done)
        if log is not None:
            log.add(events.TrickWon(seat=done.winner, number=len(tricks), cards=trick))
        return self.trick_won(state, hands, tricks, log)

    def trick_won(
        self,
        state: S,
        hands: tuple[tuple[Card, ...], ...],
        tricks: tuple[Trick, ...],
        log: EventLog | None,
    ) -> S:
        """What follows the last card of a trick (:meth:`play`): ``hands`` are the hands after
        it and ``tricks`` the hand's finished tricks, the new one last. The winner leads the
        next trick while their hand holds cards (every seat of a trick plays to each one);
        otherwise the hand is over, and :meth:`end_hand` takes the state with the hands, the
        tricks and no trick in progress. A game that counts something per trick overrides it."""
        return self.next_trick(state, hands, tricks, log)

    def next_trick(
        self,
        state: S,
        hands: tuple[tuple[Card, ...], ...],
        tricks: tuple[Trick, ...],
        log: EventLog | None,
        *,
        skip: tuple[Seat, ...] = (),
        **changes: Any,
    ) -> S:
        """:meth:`trick_won`'s steps, for a game that overrides it to count something per
        trick (``changes``, such as the tricks won per side): the winner of the last of
        ``tricks`` leads the next trick, which every seat plays but those in ``skip`` (a
        partner sitting out), while their hand holds cards; otherwise :meth:`end_hand` takes
        the state with ``hands``, ``tricks``, no trick in progress and ``changes``."""
        winner = tricks[-1].winner
        if hands[winner]:
            order = self.seating.order(winner, skip)
            return replace(
                state,
                hands=hands,
                trick=(),
                tricks=tricks,
                turn=winner,
                trick_seats=order,
                **changes,
            )
        end = replace(state, hands=hands, trick=(), trick_seats=(), tricks=tricks, **changes)
        return self.end_hand(end, log)

    def trick_counts(self, state: S, tricks: tuple[Trick, ...]) -> dict[str, Any]:
        """What :meth:`trick_won` counts over a hand's ``tricks`` (those of ``state`` first), as
        the fields it changes, for the fast playout
        (:func:`~trickcore.kit.playout.play_tricks`), which plays the tricks from ``state``
        without calling it. Nothing by default, as the kit's :meth:`trick_won`; a game that
        counts per trick (the tricks won per side) and opts in to the fast playout says here
        what its counts come to."""
        return {}

    def end_hand(self, state: S, log: EventLog | None) -> S:
        """The state after the last trick of a hand (:meth:`trick_won`): the game's scoring."""
        raise NotImplementedError(f"{type(self).__name__} does not end a hand")

    def between_hands(self, state: S, **changes: Any) -> S:
        """``state`` with its :attr:`progress_fields` only (every other field at its default:
        nothing of a hand), then ``changes``: the state before the next deal, and for
        ``validate`` the state a state before a deal must equal
        (:func:`~trickcore.kit.validation.nothing_but`) or the start of a hand played again.
        Fields without a default are empty as in :meth:`blank_state`."""
        kept = {name: getattr(state, name) for name in self.progress_fields}
        return type(state)(**{**self._empty_parts, **kept, **changes})

    def next_hand(
        self,
        state: S,
        log: EventLog | None = None,
        *,
        over: bool,
        winner: int | None = None,
        **changes: Any,
    ) -> S:
        """The end of a hand in the kit's layout, with ``changes`` (the scores, a record of the
        hand ...): when the game is ``over``, ``state`` in :attr:`over_phase` won by ``winner``
        (``None``: a draw); otherwise the state before the next deal (:meth:`between_hands`
        in :attr:`deal_phase`), dealt by the seat after the dealer. ``log`` is told that the
        hand is over (the tricks each side won and the scores) and, with it, the game
        (:func:`~trickcore.kit.events.tell_hand_over`)."""
        layout: Any = state
        if log is not None:
            tricks = tricks_by_side(self.seating, layout.tricks)
            scores = changes.get("scores", layout.scores)
            number = layout.hand_number
            events.tell_hand_over(
                log, hand_number=number, tricks=tricks, scores=scores, over=over, winner=winner
            )
        if over:
            return replace(state, phase=self.over_phase, winner=winner, **changes)
        dealer = self.seating.next(layout.dealer)
        return self.between_hands(state, phase=self.deal_phase, dealer=dealer, **changes)

    def lead(self, state: S, leader: Seat, skip: tuple[Seat, ...] = (), **changes: Any) -> S:
        """``state`` in :attr:`play_phase`, with ``changes``, and ``leader`` to lead the first
        trick, which every seat plays from the leader on but those in ``skip`` (a partner
        sitting out)."""
        order = self.seating.order(leader, skip)
        return replace(state, phase=self.play_phase, turn=leader, trick_seats=order, **changes)

    def no_chance(self, state: S) -> IllegalActionError:
        """The error of ``sample_chance`` when chance is not to act, naming the phase."""
        return no_chance(self, state)

    def chance_text(self, state: S) -> str:
        """What chance may do in ``state`` when its actions cannot be listed, for
        :meth:`illegal`: ``"a shuffle of the whole pack"``; a game whose chance also shuffles a
        pile gathered during the hand says so here."""
        return WHOLE_PACK

    def illegal(self, state: S, action: object, why: str = "") -> IllegalActionError:
        """The error for ``action``, which is not legal in ``state``: it names the seat, the
        action, the phase (a state's ``phase`` field, when it has one), ``why`` and the legal
        actions (:meth:`chance_text` for a shuffle), and carries them as attributes."""
        return illegal(self, state, action, why)

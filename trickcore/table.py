"""The table: one game with its seats, bots and humans, as a frontend holds it (DESIGN 8).

A :class:`Table` keeps the whole history of a game (every action and the state after it),
resolves chance from its seed, asks bots to act, accepts the human seats' actions, gives each
seat its view and its events, takes actions back, records the :class:`~trickcore.replay.Replay`
and saves itself as JSON. Nothing is printed, read or written: the caller does any I/O.

This module is the play loop and the seats; saving and resuming JSON is its own part,
:mod:`trickcore.table_saving` (:func:`~trickcore.table_saving.save_table`,
:func:`~trickcore.table_saving.load_table`, :func:`~trickcore.table_saving.resume_replay`),
which :meth:`Table.to_json`, :meth:`Table.from_json` and :meth:`Table.from_replay` call.

Determinism
-----------

* **Chance.** Chance action *k* of the game (chance actions counted from 0 over the whole
  game) is ``game.sample_chance(state, Rng(seed, "chance", k))`` (see
  :func:`~trickcore.history.chance_rng`). It depends on nothing else, so bots, undo and resume
  never change a deal: after an undo the same cards come out again.
* **Bots.** A bot named by a string is built by its registered factory from
  ``BotSpec(game, seat, Rng(seed, "bot", seat, epoch), options={})`` (see :func:`bot_rng`).
  The *epoch* starts at 0 and grows by one each time the table's bots are rebuilt, which
  happens in two cases only: :meth:`Table.undo` and :meth:`Table.from_json`. Otherwise a bot
  keeps its stream (and whatever else it remembers) from one decision to the next, so a
  bots-only game is a function of the game, its options and the seed alone (a tournament that
  builds its bots with epoch 0 plays exactly the same game).

  Bots are rebuilt on undo because they may have drawn numbers (or learnt things) in the
  actions taken back; rebuilding them puts every bot in a state that is a function of the
  table's data, not of the discarded past. They are rebuilt on resume because a bot's inner
  state cannot be saved (the :class:`~trickcore.Bot` protocol has no such method) and replaying
  every past decision to restore it would run the bots' searches again. The saved data records
  the epoch, and resuming uses the next one, so **resume is exact in this sense**: resuming the
  same saved data always continues the same way (same deals, same bot choices), and so does
  every table that reached the same point through the same actions, undos and resumes. The
  table that was saved keeps its bots, so its bots may choose differently from those of its
  resumed copy after the save point; deals never differ. Since a bot may be rebuilt in the
  middle of a game, it should rely on the view (which holds all its seat may know), not on
  what it remembers of earlier calls.
* **Ready bots.** A :class:`~trickcore.Bot` object given in ``seats`` is used as it is: it is
  never rebuilt (so the epoch does not reseed it) and a table holding one can be saved only if
  it is an instance of the bot factory registered under its ``name`` (it is then rebuilt from
  that factory, with default options, on resume).

A replay (:meth:`Table.replay`) records every action, so it reproduces the game whatever the
bots were; :meth:`Table.from_replay` resumes a game from it (bots by their labels, epoch 1),
which is how ``trickcore play --resume`` goes on with a file written by ``--save``.

Bot faults
----------

A bot that raises, answers with an action that is not legal or, with the opt-in
``time_limit``, answers too late, raises :class:`~trickcore.errors.BotError` by default. With
``bot_faults="forfeit"`` the game ends there instead: :attr:`Table.forfeit` says who and why,
and :attr:`Table.outcome` is the forfeiting side's loss
(:func:`~trickcore.faults.forfeit_outcome`). A bot is never interrupted: a move over the time
limit is refused when it returns. A time limit makes results depend on the machine's speed, so
it is off unless asked for.

Views
-----

A bot is handed its seat's view, built for each move. A bot that never reads it may declare
``reads_view = False`` (the ``random`` bot does); it is then handed ``None`` and no view is built.
"""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Concatenate, Generic, ParamSpec, TypeVar, cast

import msgspec

from trickcore.bots import Bot, BotFactory, BotSpec, check_bot_options
from trickcore.codec import from_json
from trickcore.errors import (
    BotError,
    IllegalActionError,
    TableError,
    UnknownBotError,
    WrongSeatError,
)
from trickcore.faults import BotFaults, FaultKind, Forfeit, check_time_limit, forfeit_outcome
from trickcore.game import (
    CHANCE,
    Actor,
    EventsBySeat,
    Game,
    Outcome,
    Seat,
    apply_with_all_events,
)
from trickcore.history import History, checkpoint, describe_action
from trickcore.plugins import PluginHost, default_host
from trickcore.replay import Replay, from_history
from trickcore.rng import Rng, seed_problem
from trickcore.table_saving import (
    HUMAN,
    SAVE_FORMAT,
    load_table,
    resume_replay,
    save_table,
    saved_table_type,
)
from trickcore.typecheck import TypeCheck, type_check

__all__ = [
    "HUMAN",
    "SAVE_FORMAT",
    "SeatSpec",
    "Table",
    "TableError",
    "bot_rng",
    "saved_table_type",
]

S = TypeVar("S")
A = TypeVar("A")
V = TypeVar("V")

SeatSpec = str | Bot[Any, Any] | None
"""What sits at a seat: a registered bot's name, a ready :class:`~trickcore.Bot`, or ``None``
for a human."""

_MAX_LISTED = 12


def bot_rng(seed: int | str, seat: Seat, epoch: int) -> Rng:
    """The stream a bot at ``seat`` is built with: ``Rng(seed, "bot", seat, epoch)``."""
    return Rng(seed, "bot", seat, epoch)


def _reads_view(bots: Sequence[object]) -> tuple[bool, ...]:
    """Per seat, whether its bot is handed views (all but bots declaring ``reads_view = False``)."""
    return tuple([getattr(bot, "reads_view", True) is not False for bot in bots])


def _bot_label(bot: object) -> str:
    name = getattr(bot, "name", None)
    return name if isinstance(name, str) else type(bot).__name__


P = ParamSpec("P")
R = TypeVar("R")
T = TypeVar("T", bound="Table[Any, Any, Any]")


def _locked(method: Callable[Concatenate[T, P], R]) -> Callable[Concatenate[T, P], R]:
    """``method`` run holding the table's lock, so that threads sharing a table take turns."""

    @functools.wraps(method)
    def locked(self: T, /, *args: P.args, **kwargs: P.kwargs) -> R:
        with self._lock:
            return method(self, *args, **kwargs)

    return locked


def _listing(actions: Sequence[Any]) -> str:
    shown = ", ".join(describe_action(action) for action in actions[:_MAX_LISTED])
    more = len(actions) - _MAX_LISTED
    return f"{shown}, … ({more} more)" if more > 0 else shown or "none"


class Table(Generic[S, A, V]):
    """One game at a table: seats with bots or humans, its history, views and events.

    ``seats`` has one item per seat: a bot name (built through ``host``, default
    :func:`trickcore.default_host`), a ready :class:`~trickcore.Bot`, or ``None`` for a human.
    ``labels`` names the seats in the replay (default: the bot's name, or ``"human"``).

    ``bot_options`` gives options per bot name (``{"pimc": {"iterations": 200}}``), handed to
    each bot of that name in its :class:`~trickcore.BotSpec`. ``bot_faults`` and ``time_limit``
    (seconds per bot move, opt-in) say what a bot's fault does (see the module documentation).
    ``keep_events`` (default ``True``) keeps what each action told every viewer as it is played
    (:meth:`events`); a table that nobody watches (a tournament's) may turn it off, and then
    plays on the game's bare ``apply``.

    A table does not move by itself: call :meth:`advance` to let chance and the bots act until a
    human must (or the game is over), then :meth:`play` that human's action, and so on. Every
    method either succeeds or raises leaving the table unchanged.

    **Threads.** A table may be shared between threads: each method that changes it
    (:meth:`advance`, :meth:`play`, :meth:`play_json`, :meth:`undo`, :meth:`run`) or reads its
    history (:meth:`view`, :meth:`legal_actions`, :meth:`events`, :meth:`history`,
    :meth:`replay`, :meth:`to_json`) holds the table's lock, so the calls take turns and every
    history is one a single thread could have made. A submission that arrives late is refused,
    not applied twice: :meth:`play` raises :class:`~trickcore.errors.WrongSeatError` once the
    turn has passed, and with ``at=`` (the number of :attr:`actions` the player saw) raises
    :class:`~trickcore.errors.TableError` as soon as anything was played since, even by the same
    seat. Bots are asked while the lock is held, so a slow bot delays the other threads.

    >>> table = Table(game, [None, "random"], seed=7)   # doctest: +SKIP
    >>> table.advance(); table.to_act                   # doctest: +SKIP
    0
    """

    def __init__(
        self,
        game: Game[S, A, V, Any],
        seats: Sequence[SeatSpec],
        *,
        seed: int | str = 0,
        host: PluginHost | None = None,
        labels: Sequence[str] | None = None,
        bot_options: Mapping[str, Mapping[str, Any]] | None = None,
        bot_faults: BotFaults = "raise",
        time_limit: float | None = None,
        keep_events: bool = True,
    ) -> None:
        self._setup(
            game,
            seats,
            seed=seed,
            host=host,
            labels=labels,
            epoch=0,
            bot_options=bot_options,
            bot_faults=bot_faults,
            time_limit=time_limit,
            keep_events=keep_events,
        )

    def _setup(
        self,
        game: Game[S, A, V, Any],
        seats: Sequence[SeatSpec],
        *,
        seed: int | str,
        host: PluginHost | None,
        labels: Sequence[str] | None,
        epoch: int,
        bot_options: Mapping[str, Mapping[str, Any]] | None,
        bot_faults: BotFaults,
        time_limit: float | None,
        keep_events: bool = True,
    ) -> None:
        if isinstance(seed, bool) or not isinstance(seed, (int, str)):
            raise TypeError(f"a table's seed must be an int or a str, not {seed!r}")
        if (problem := seed_problem(seed)) is not None:
            raise TableError(problem)
        if bot_faults not in ("raise", "forfeit"):
            raise TableError(f'bot_faults must be "raise" or "forfeit", not {bot_faults!r}')
        self._bot_options = check_bot_options(bot_options)
        self._bot_faults: BotFaults = bot_faults
        self._time_limit = check_time_limit(time_limit)
        self._keep_events = bool(keep_events)
        self._forfeit: Forfeit | None = None
        if isinstance(seats, str):
            raise TableError(f"seats must be a sequence of {game.seats} items, not a string")
        items = tuple(seats)
        if len(items) != game.seats:
            raise TableError(
                f"{game.name} is played by {game.seats} seats, but {len(items)} were given"
            )
        self._lock = threading.RLock()
        self._game = game
        self._seed = seed
        self._host = host
        self._items: tuple[SeatSpec, ...] = items
        self._factories: dict[Seat, BotFactory] = {}
        by_name: dict[str, BotFactory] = {}  # a name seated several times is looked up once
        default_labels = []
        for seat, item in enumerate(items):
            if item is None:
                default_labels.append(HUMAN)
            elif isinstance(item, str):
                factory = by_name.get(item)
                if factory is None:
                    factory = by_name[item] = self._get_host().bot_factory(item, game.name)
                self._factories[seat] = factory
                default_labels.append(item)
            elif callable(getattr(item, "act", None)):
                default_labels.append(_bot_label(item))
            else:
                raise TableError(
                    f"seat {seat}: expected a bot name, a Bot or None (a human), not {item!r}"
                )
        if labels is None:
            self._labels = tuple(default_labels)
        else:
            if isinstance(labels, str) or len(labels) != game.seats:
                raise TableError(f"labels must give one text per seat ({game.seats})")
            self._labels = tuple(labels)
        self._epoch = epoch
        self._undos = 0
        self._states: list[S] = [game.initial_state()]
        self._actions: list[A] = []
        self._told: list[EventsBySeat] = []  # what each action told every viewer
        self._actors: list[Actor] = []
        self._chance = 0
        self._marks: list[str] = []
        root = Rng(seed)  # one seed encoding for both families of streams
        self._chance_streams = root.derive("chance")
        self._bot_streams = root.derive("bot")
        self._bots: tuple[Bot[V, A] | None, ...] = self._build_bots()
        self._reads_view = _reads_view(self._bots)

    def _action_problem(self) -> TypeCheck:
        """The exact type check of the game's actions (built on first use: a bot's answer is
        usually one of the very actions offered, which needs no check)."""
        return type_check(self._game.action_type)

    def _get_host(self) -> PluginHost:
        return self._host if self._host is not None else default_host()

    def _build_bots(self) -> tuple[Bot[V, A] | None, ...]:
        bots: list[Bot[V, A] | None] = []
        streams = self._bot_streams
        for seat, item in enumerate(self._items):
            if isinstance(item, str):
                rng = streams.derive(seat, self._epoch)  # bot_rng(seed, seat, epoch)
                spec = BotSpec(self._game, seat, rng, dict(self._bot_options.get(item, {})))
                try:
                    bots.append(self._factories[seat](spec))
                except Exception as error:
                    raise BotError(
                        f"seat {seat} ({item}): the bot could not be built: "
                        f"{type(error).__name__}: {error}"
                    ) from error
            else:
                bots.append(item)
        return tuple(bots)

    # -- what the table holds ---------------------------------------------------------------

    @property
    def game(self) -> Game[S, A, V, Any]:
        """The game, bound to its options."""
        return self._game

    @property
    def seed(self) -> int | str:
        """The seed chance and bots draw from."""
        return self._seed

    @property
    def labels(self) -> tuple[str, ...]:
        """One label per seat (the bot's name, or ``"human"``), as the replay records them."""
        return self._labels

    @property
    def human_seats(self) -> tuple[Seat, ...]:
        """The seats played by humans, in seat order."""
        return tuple(seat for seat, item in enumerate(self._items) if item is None)

    @property
    def epoch(self) -> int:
        """How many times the bots were rebuilt (by :meth:`undo` or :meth:`from_json`)."""
        return self._epoch

    @property
    def undos(self) -> int:
        """How many times :meth:`undo` took actions back (kept across save and resume)."""
        return self._undos

    @property
    def state(self) -> S:
        """The current state (the whole truth: never show it to a player, use :meth:`view`)."""
        return self._states[-1]

    @property
    def actions(self) -> tuple[A, ...]:
        """Every action so far, chance ones included."""
        return tuple(self._actions)

    @property
    def actor(self) -> Actor:
        """Who acts next: a seat, :data:`~trickcore.CHANCE`, or ``None`` once the game is over
        (by its rules, or by a :attr:`forfeit`)."""
        if self._forfeit is not None:
            return None
        return self._game.actor(self._states[-1])

    @property
    def over(self) -> bool:
        """True once the game is over."""
        return self.actor is None

    @property
    def outcome(self) -> Outcome:
        """Scores per side so far, and the result once the game is over; after a
        :attr:`forfeit`, the forfeiting side's loss."""
        outcome = self._game.outcome(self._states[-1])
        if self._forfeit is None:
            return outcome
        return forfeit_outcome(self._game.sides, outcome.scores, self._forfeit.seat)

    @property
    def forfeit(self) -> Forfeit | None:
        """The bot fault that ended the game (``bot_faults="forfeit"``), or ``None``."""
        return self._forfeit

    @property
    def bot_options(self) -> dict[str, dict[str, Any]]:
        """The options per bot name the bots are built with."""
        return {name: dict(options) for name, options in self._bot_options.items()}

    @property
    def to_act(self) -> Seat | None:
        """The human seat that must act now, or ``None`` (chance, a bot, or the game over)."""
        actor = self.actor
        if actor is None or actor is CHANCE or self._items[actor] is not None:
            return None
        return actor

    @_locked
    def view(self, seat: Seat) -> V:
        """What ``seat`` may see now."""
        self._check_seat(seat)
        return self._game.view(self._states[-1], seat)

    @_locked
    def legal_actions(self, seat: Seat) -> tuple[A, ...]:
        """The legal actions of ``seat``: empty unless it is that seat's turn."""
        self._check_seat(seat)
        if self.actor != seat:
            return ()
        return self._game.legal_actions(self._states[-1])

    @_locked
    def events(self, seat: Seat | None, since: int = 0) -> list[tuple[int, Any]]:
        """``(action index, event)`` for every action from index ``since`` on, as ``seat`` may
        see them (``None``: a spectator, public information only).

        Each action's events were kept when it was played (``game.apply_with_all_events``,
        one run of the transition for every viewer), so asking never plays an action again.
        A frontend keeps the number of actions it has shown and passes it as ``since``.
        """
        if seat is not None:
            self._check_seat(seat)
        if since < 0:
            raise TableError(f"since must be 0 or more, not {since}")
        if not self._keep_events:
            raise TableError("this table keeps no events (it was made with keep_events=False)")
        told = self._told
        found: list[tuple[int, Any]] = []
        for index in range(since, len(told)):
            for event in told[index].seen_by(seat):
                found.append((index, event))
        return found

    def _check_seat(self, seat: Seat) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self._items):
            raise TableError(
                f"there is no seat {seat!r}: {self._game.name} has seats 0 to "
                f"{len(self._items) - 1}"
            )

    def _who(self, seat: Seat) -> str:
        return f"seat {seat} ({self._labels[seat]})"

    # -- moving on --------------------------------------------------------------------------

    def _push(self, actor: Actor, action: A, state: S, told: EventsBySeat | None) -> None:
        self._actions.append(action)
        if told is not None:
            self._told.append(told)
        self._actors.append(actor)
        self._states.append(state)
        if actor is CHANCE:
            self._chance += 1

    @_locked
    def advance(self, max_steps: int | None = None) -> int:
        """Let chance and the bots act until a human must act or the game is over (or
        ``max_steps`` actions were taken); return the number of actions taken.

        Bots receive the seat's view and the legal actions only. A bot that raises, answers
        with an action that is not legal or (with ``time_limit``) answers too late raises
        :class:`~trickcore.errors.BotError` naming the seat and the bot; the actions taken
        before it stay, the failed one changes nothing. With ``bot_faults="forfeit"`` the game
        ends there instead (:attr:`forfeit`).
        """
        if max_steps is not None and max_steps < 0:
            raise TableError(f"max_steps must be 0 or more, not {max_steps}")
        if self._forfeit is not None:
            return 0
        # The loop of every bots-only game and tournament: names bound once, _push and the
        # bot's turn inlined (this loop is most of what a tournament spends beyond the rules).
        game, bots, chance_streams = self._game, self._bots, self._chance_streams
        actor_of, apply, sample_chance = game.actor, game.apply, game.sample_chance
        keep = self._keep_events
        apply_all: Callable[[S, A], tuple[S, EventsBySeat]] = getattr(
            game, "apply_with_all_events", functools.partial(apply_with_all_events, game)
        )
        legal_actions, view_of, reads_view = game.legal_actions, game.view, self._reads_view
        actions, actors, states, told = self._actions, self._actors, self._states, self._told
        limit = self._time_limit
        state = states[-1]
        stop = -1 if max_steps is None else max_steps
        taken = 0
        while taken != stop:
            actor = actor_of(state)
            if actor is None:
                break
            if actor is CHANCE:
                # chance_rng(seed, k), derived from Rng(seed, "chance") (same stream, less work)
                action = sample_chance(state, chance_streams.derive(self._chance))
                self._chance += 1
            else:
                bot = bots[actor]
                if bot is None:
                    break
                legal = legal_actions(state)
                view = view_of(state, actor) if reads_view[actor] else cast(V, None)
                started = time.perf_counter() if limit is not None else 0.0
                try:
                    action = bot.act(view, legal)
                except Exception as error:
                    self._fault(actor, "raised", f"failed: {type(error).__name__}: {error}", error)
                    break
                if limit is not None and (spent := time.perf_counter() - started) > limit:
                    detail = f"took {spent:.3f} s to move, over the time limit of {limit:g} s"
                    self._fault(actor, "timeout", detail)
                    break
                for offered in legal:
                    if offered is action:  # the usual answer: one of the very actions offered
                        break
                else:
                    if not self._legal_answer(actor, action, legal):
                        break
            if keep:  # what every viewer is told, from the one run of the transition
                state, seen = apply_all(state, action)
                told.append(seen)
            else:
                state = apply(state, action)
            actions.append(action)
            actors.append(actor)
            states.append(state)
            taken += 1
        return taken

    def _legal_answer(self, seat: Seat, action: object, legal: tuple[A, ...]) -> bool:
        """Whether a bot's answer that is not one of the very actions offered is still legal:
        of the game's action type in every field (not only equal to a legal action), and
        equal to one. Otherwise the fault is recorded (or raised, see ``bot_faults``)."""
        problem = self._action_problem()(action)  # a forced field too, not only the class
        try:
            ok = problem is None and action in legal
        except Exception:  # an answer that cannot even be compared
            ok = False
        if not ok:
            # the field at fault, for a struct; any other answer is plainly not an action
            why = (
                f" ({problem})"
                if problem is not None and isinstance(action, msgspec.Struct)
                else ""
            )
            detail = (
                f"answered {describe_action(action)!r}, which is not legal{why}; "
                f"legal: {_listing(legal)}"
            )
            self._fault(seat, "illegal", detail)
        return ok

    def _fault(
        self, seat: Seat, kind: FaultKind, detail: str, cause: BaseException | None = None
    ) -> None:
        """Raise :class:`BotError` for the fault, or record the forfeit (``bot_faults``)."""
        if self._bot_faults == "raise":
            error = BotError(f"{self._who(seat)} {detail}", seat=seat, bot=self._labels[seat])
            raise error from cause
        self._forfeit = Forfeit(seat=seat, bot=self._labels[seat], kind=kind, detail=detail)

    @_locked
    def play(self, seat: Seat, action: A, *, at: int | None = None) -> None:
        """Play ``action`` for the human at ``seat``.

        Raises :class:`~trickcore.errors.WrongSeatError` when it is not that seat's turn (the
        message says who is to act), or when ``seat`` is a bot's; the game's
        :class:`~trickcore.errors.IllegalActionError` when the action is not legal. With
        ``at``, the number of :attr:`actions` the player saw when choosing, raises
        :class:`~trickcore.errors.TableError` if the table has moved on since (a duplicate or
        stale submission). Nothing changes on error. Call :meth:`advance` afterwards to let the
        others act.
        """
        self._check_seat(seat)
        if at is not None and at != len(self._actions):
            raise TableError(
                f"seat {seat}'s action was chosen after {at} actions, but the table has "
                f"{len(self._actions)}: it has moved on (a duplicate or late submission)"
            )
        game = self._game
        state = self._states[-1]
        actor = self.actor
        if actor != seat or self._items[seat] is not None:
            raise WrongSeatError(
                self._not_your_turn(seat, actor),
                seat=actor if isinstance(actor, int) else None,
                action=action,
            )
        if (problem := self._action_problem()(action)) is not None:
            raise IllegalActionError(
                f"seat {seat} cannot play {describe_action(action)}: it is not a {game.name} "
                f"action ({problem})",
                seat=seat,
                action=action,
                legal=game.legal_actions(state),
            )
        if self._keep_events:
            self._push(seat, action, *apply_with_all_events(game, state, action))
        else:
            self._push(seat, action, game.apply(state, action), None)

    def _not_your_turn(self, seat: Seat, actor: Actor) -> str:
        if self._items[seat] is not None:
            return f"{self._who(seat)} is played by a bot; only a human seat plays through play()"
        if actor is None:
            return f"seat {seat} cannot act: the game is over"
        if actor is CHANCE:
            return f"it is not seat {seat}'s turn: chance acts next (call advance())"
        if self._items[actor] is not None:
            return f"it is not seat {seat}'s turn: {self._who(actor)} is to act (call advance())"
        return f"it is not seat {seat}'s turn: {self._who(actor)} is to act"

    @_locked
    def play_json(self, seat: Seat, data: bytes | str, *, at: int | None = None) -> None:
        """:meth:`play` an action given as JSON, e.g. ``{"type": "play", "card": "QH"}``
        (``at`` as for :meth:`play`).

        Malformed JSON, or JSON that is no action of the game, raises
        :class:`~trickcore.errors.DecodeError`; nothing changes.
        """
        action: A = from_json(data, self._game.action_type)
        self.play(seat, action, at=at)

    @_locked
    def undo(self, seat: Seat) -> int:
        """Take back the last action of the human at ``seat`` and every action after it
        (chance and bot actions included); return how many actions were removed.

        The table returns to the state before that action (states are immutable, so the stored
        history is simply cut; it is what replaying the remaining actions from the initial
        state gives). Chance will deal the same again; the bots are rebuilt with the next epoch
        (see the module documentation). The table does not advance: call :meth:`advance`.
        """
        self._check_seat(seat)
        if self._items[seat] is not None:
            raise TableError(f"{self._who(seat)} is played by a bot; only a human seat can undo")
        index = next(
            (i for i in range(len(self._actors) - 1, -1, -1) if self._actors[i] == seat), None
        )
        if index is None:
            raise TableError(f"seat {seat} has no action to undo")
        removed = len(self._actions) - index
        epoch = self._epoch
        self._epoch = epoch + 1
        try:
            bots = self._build_bots()
        except BotError:
            self._epoch = epoch
            raise
        self._bots = bots
        del self._actions[index:]
        del self._told[index:]
        del self._actors[index:]
        del self._states[index + 1 :]
        del self._marks[index:]
        self._chance = sum(1 for actor in self._actors if actor is CHANCE)
        self._undos += 1
        self._forfeit = None  # a forfeit ends the history, which is cut before it
        self._reads_view = _reads_view(bots)
        return removed

    @_locked
    def run(self) -> Outcome:
        """Play a bots-only table to the end and return the outcome.

        Raises :class:`TableError` (before acting) if a human seat would have to act.
        """
        humans = self.human_seats
        if humans and not self.over:
            listed = ", ".join(map(str, humans))
            raise TableError(
                f"run() needs a bot at every seat, but seat{'s' if len(humans) > 1 else ''} "
                f"{listed} {'are' if len(humans) > 1 else 'is'} human: use advance() and play()"
            )
        self.advance()
        return self.outcome

    # -- records ----------------------------------------------------------------------------

    def _checkpoints(self) -> list[str]:
        marks = self._marks
        states = self._states
        for index in range(len(marks), len(self._actions)):
            marks.append(checkpoint(states[index + 1]))
        return marks

    @_locked
    def history(self) -> History[S, A]:
        """The :class:`~trickcore.history.History` of the game so far: every action, who took
        it and every state, initial one first (a snapshot: later actions do not change it)."""
        return History(
            game=self._game,
            seed=self._seed,
            actions=tuple(self._actions),
            actors=tuple(self._actors),
            states=tuple(self._states),
            events=tuple(self._told),
        )

    @_locked
    def replay(self) -> Replay:
        """The :class:`~trickcore.replay.Replay` of the game so far (finished or not), built from
        the stored states without applying any action again."""
        return from_history(self.history(), seats=self._labels, checkpoints=self._checkpoints())

    def _saved_name(self, seat: Seat, item: SeatSpec) -> str | None:
        if item is None or isinstance(item, str):
            return item
        name = getattr(type(item), "name", None)
        if isinstance(name, str):
            try:
                factory: object = self._get_host().bot_factory(name, self._game.name)
            except UnknownBotError:
                pass
            else:
                if factory is type(item):
                    return name
        raise TableError(
            f"cannot save the table: {self._who(seat)} is a ready bot object with no registered "
            "name; seat bots by name (registered through a plugin) to save a table"
        )

    @_locked
    def to_json(self) -> bytes:
        """The table as JSON: the game, its options, the seed, the seat specs (bot names, or
        ``null`` for humans), the epoch and undo counters and every action, with their
        checkpoints. :meth:`from_json` resumes it (:func:`trickcore.table_saving.save_table`)."""
        return save_table(self)

    @classmethod
    def from_json(
        cls,
        data: bytes | str,
        *,
        host: PluginHost | None = None,
        game: Game[Any, Any, Any, Any] | None = None,
    ) -> Table[Any, Any, Any]:
        """Resume a table saved by :meth:`to_json`, replaying and checking every action
        (:func:`trickcore.table_saving.load_table`).

        The game is loaded by name from ``host`` (default: :func:`trickcore.default_host`),
        unless ``game`` is given: then the table is resumed with it, provided the saved table
        plays a game of that name with the same options (else a
        :class:`~trickcore.errors.DecodeError` saying which); the bots still come from
        ``host``. Malformed data raises :class:`~trickcore.errors.DecodeError`; actions that do
        not reproduce (an illegal action, a deal that is not the seed's, a state that does not
        match its checkpoint) raise :class:`~trickcore.errors.ReplayMismatchError` naming the
        action. The bots are rebuilt with the next epoch (see the module documentation).
        """
        return load_table(data, host=host, game=game, table_type=cls)

    @classmethod
    def from_replay(
        cls,
        replay: Replay,
        *,
        seats: Sequence[str | None] | None = None,
        host: PluginHost | None = None,
    ) -> Table[Any, Any, Any]:
        """Resume the unfinished (or finished) game of ``replay``, replaying and checking every
        action, as :meth:`from_json` does (:func:`trickcore.table_saving.resume_replay`).

        ``seats`` gives per seat a registered bot's name or ``None`` for a human; by default
        they come from the replay's labels (``"human"`` is a human, any other label a bot of
        that name). The replay must have a seed, so that chance goes on from it. The bots are
        built with epoch 1, so resuming the same replay always continues the same way.
        Raises :class:`~trickcore.errors.DecodeError` for a replay without a seed or of another
        format, :class:`~trickcore.errors.UnknownBotError` for a label that is no bot, and
        :class:`~trickcore.errors.ReplayMismatchError` as :meth:`from_json` does.
        """
        return resume_replay(replay, seats=seats, host=host, table_type=cls)

    # -- what saving needs (trickcore.table_saving) -------------------------------------------

    def _saved_settings(self) -> dict[str, Any]:
        """The seats (bot names, ``None`` for humans), counters and settings a saved table
        keeps beside its replay; a ready bot without a registered name cannot be saved."""
        return {
            "seats": tuple(self._saved_name(seat, item) for seat, item in enumerate(self._items)),
            "epoch": self._epoch,
            "undos": self._undos,
            "bot_options": self.bot_options,
            "bot_faults": self._bot_faults,
            "time_limit": self._time_limit,
            "forfeit": self._forfeit,
        }

    @classmethod
    def _resumed(
        cls,
        game: Game[S, A, V, Any],
        history: History[S, A],
        seats: tuple[str | None, ...],
        *,
        seed: int | str,
        labels: Sequence[str],
        checkpoints: Sequence[str],
        epoch: int,
        undos: int,
        host: PluginHost | None,
        bot_options: Mapping[str, Mapping[str, Any]] | None = None,
        bot_faults: BotFaults = "raise",
        time_limit: float | None = None,
        forfeit: Forfeit | None = None,
    ) -> Table[S, A, V]:
        """A table holding ``history`` (played once, with every viewer's events), its bots
        built with ``epoch``: the end of every resume."""
        table: Table[S, A, V] = cls.__new__(cls)
        table._setup(
            game,
            seats,
            seed=seed,
            host=host,
            labels=labels,
            epoch=epoch,
            bot_options=bot_options,
            bot_faults=bot_faults,
            time_limit=time_limit,
        )
        table._undos = undos
        table._forfeit = forfeit
        table._actions = list(history.actions)
        table._told = list(history.events)
        table._actors = list(history.actors)
        table._states = list(history.states)
        table._marks = list(checkpoints)
        table._chance = history.chance_actions
        return table

    def __repr__(self) -> str:
        actor = self.actor
        now = "over" if actor is None else "chance" if actor is CHANCE else f"seat {actor}"
        return (
            f"<Table {self._game.name} seed={self._seed!r} seats={list(self._labels)} "
            f"actions={len(self._actions)} next={now}>"
        )

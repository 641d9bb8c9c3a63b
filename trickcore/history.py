"""History: ``(game, options, seed, actions)`` played back into states, the one replay loop.

Every place that plays a recorded game again goes through this module:
:func:`trickcore.replay.verify` and :func:`~trickcore.replay.record`,
:meth:`trickcore.Table.from_json` (resume) and ``trickcore replay show`` / ``verify``. It knows
three conventions:

* **Chance from the seed.** Chance action *k* of a game (chance actions counted from 0 over the
  whole game) is ``game.sample_chance(state, chance_rng(seed, k))``, with
  ``chance_rng(seed, k) == Rng(seed, "chance", k)``. A :class:`~trickcore.Table` deals by it;
  playing back with a seed checks every chance action against it. Without a seed (a puzzle, a
  stacked deck) chance actions are only checked for legality.
* **Checkpoints.** The state after each action can be checked against a short digest,
  :func:`checkpoint` (the first :data:`CHECKPOINT_LENGTH` hex digits of
  :func:`trickcore.codec.digest`).
* **Actions in JSON.** :func:`decode_actions` turns the JSON form of actions (as a replay file
  holds them) into the game's action structs.

Anything that does not play back raises :class:`~trickcore.errors.ReplayMismatchError` whose
``index`` and message name the first action at fault. Playing back is pure: nothing is printed,
read or written, and the game is only asked for ``initial_state``, ``actor``, ``apply`` and,
with a seed, ``sample_chance``.

>>> import trickcore
>>> from trickcore.history import History
>>> game = trickcore.load("euchre", first_dealer=0)
>>> table = trickcore.Table(game, ["random"] * 4, seed=7)
>>> table.advance(max_steps=9)
9
>>> played = History.replay(game, table.actions, seed=7)
>>> played.final == table.state, played.actors[:2]
(True, (CHANCE, 1))
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

import msgspec

from trickcore.codec import decode_problem, digest, json_text
from trickcore.errors import IllegalActionError, OptionError, ReplayMismatchError
from trickcore.game import (
    CHANCE,
    Actor,
    AnyGame,
    EventsBySeat,
    Game,
    Outcome,
    action_text,
    apply_with_all_events,
)
from trickcore.plugins import PluginHost, default_host
from trickcore.rng import Rng

__all__ = [
    "CHECKPOINT_LENGTH",
    "History",
    "Step",
    "chance_rng",
    "checkpoint",
    "decode_action",
    "decode_actions",
    "describe_action",
    "load_game",
    "steps",
]

S = TypeVar("S")
A = TypeVar("A")

CHECKPOINT_LENGTH = 16
"""Hex digits of a state's digest kept as the checkpoint after each action."""


def chance_rng(seed: int | str, index: int) -> Rng:
    """The stream chance action ``index`` (counted from 0 over the whole game) is drawn from:
    ``Rng(seed, "chance", index)``. It depends on nothing else, so neither bots nor an undo can
    change a deal."""
    return Rng(seed, "chance", index)


def checkpoint(state: Any) -> str:
    """The short digest recorded after each action: the first :data:`CHECKPOINT_LENGTH` hex
    digits of :func:`trickcore.codec.digest`."""
    return digest(state)[:CHECKPOINT_LENGTH]


def describe_action(action: Any) -> str:
    """A short text for an action in messages: its ``str()`` when the action type defines one
    (``"play QH"``), else its compact JSON (``{"type":"play","card":"QH"}``); never raises
    (:func:`trickcore.game.action_text`); anything else, such as a bot's stray answer, by its
    ``str()``."""
    if isinstance(action, msgspec.Struct):
        return action_text(action)
    try:
        return str(action)
    except Exception:  # an object whose str() fails must still be named
        return object.__repr__(action)


def _who(actor: Actor, action: Any) -> str:
    if actor is CHANCE:
        return f"chance: {describe_action(action)}"
    if actor is None:
        return describe_action(action)
    return f"seat {actor}: {describe_action(action)}"


def load_game(name: str, options: Any, *, host: PluginHost | None = None) -> AnyGame:
    """The game ``name`` bound to ``options`` (a mapping of JSON values, or an options struct
    such as a replay decoded with :func:`~trickcore.replay.replay_type` holds), from ``host``
    (default: :func:`trickcore.default_host`).

    An unknown game or option raises :class:`~trickcore.errors.UnknownGameError` or
    :class:`~trickcore.errors.OptionError`.
    """
    values: Any = msgspec.to_builtins(options)
    if not isinstance(values, Mapping) or not all(isinstance(key, str) for key in values):
        raise OptionError(f"the options of {name} must be an object of names to values")
    return (host if host is not None else default_host()).load(name, **values)


def decode_action(game: Game[Any, A, Any, Any], data: Any, index: int) -> A:
    """Action ``index`` of a game, from its JSON form (``{"type": "play", "card": "QH"}``) to
    ``game.action_type``; anything else raises :class:`~trickcore.errors.ReplayMismatchError`
    naming the index."""
    try:
        action: A = msgspec.convert(data, game.action_type)
    except (msgspec.ValidationError, ValueError) as error:
        problem = decode_problem(str(error), game.action_type, data, at=f"$.actions[{index}]")
        raise ReplayMismatchError(
            f"action {index} ({json_text(data)}) is not a {game.name} action: {problem}",
            index=index,
        ) from None
    return action


def decode_actions(game: Game[Any, A, Any, Any], data: Iterable[Any]) -> tuple[A, ...]:
    """Every action in ``data`` (JSON forms, in order) decoded by :func:`decode_action`; the
    first one that is no action of the game raises, naming its index."""
    return tuple(decode_action(game, item, index) for index, item in enumerate(data))


@dataclass(frozen=True, slots=True)
class Step(Generic[S, A]):
    """One action played back: who took it, and the states before and after it."""

    index: int
    """The action's position in the game, from 0."""
    actor: Actor
    """Who took it: a seat or :data:`~trickcore.CHANCE` (never ``None``)."""
    action: A
    """The action."""
    before: S
    """The state it was taken in."""
    after: S
    """The state it led to."""
    events: EventsBySeat | None = field(default=None, compare=False)
    """What it told each viewer, when :func:`steps` was asked for events (``None``
    otherwise). Not compared."""


def steps(
    game: Game[S, A, Any, Any],
    actions: Iterable[A],
    *,
    seed: int | str | None,
    checkpoints: Sequence[str] | None = None,
    events: bool = False,
) -> Iterator[Step[S, A]]:
    """Play ``actions`` from ``game.initial_state()``, one :class:`Step` at a time.

    Each action is checked before it is played: the game must not be over, a chance action must
    be what ``seed`` deals (:func:`chance_rng`; unchecked when ``seed`` is ``None``), the action
    must be legal, and with ``checkpoints`` (one per action) the state after it must match its
    checkpoint. The first failure raises :class:`~trickcore.errors.ReplayMismatchError` naming
    the action, after the steps before it were yielded, so a caller can narrate a game as far as
    it plays. ``actions`` may be lazy (a generator decoding as it goes). With ``events``, each
    step carries what its action told every viewer (:attr:`Step.events`), from the same run of
    the transition (:func:`~trickcore.game.apply_with_all_events`).
    """
    state = game.initial_state()
    chance = 0
    for index, action in enumerate(actions):
        actor = game.actor(state)
        if actor is None:
            raise ReplayMismatchError(
                f"replay diverges at action {index} ({describe_action(action)}): "
                "the game was already over",
                index=index,
            )
        if actor is CHANCE:
            if seed is not None and action != game.sample_chance(state, chance_rng(seed, chance)):
                raise ReplayMismatchError(
                    f"action {index} ({describe_action(action)}) differs from what seed "
                    f"{seed!r} deals",
                    index=index,
                )
            chance += 1
        told: EventsBySeat | None = None
        try:
            if events:
                after, told = apply_with_all_events(game, state, action)
            else:
                after = game.apply(state, action)
        except IllegalActionError as error:
            raise ReplayMismatchError(
                f"replay diverges at action {index} ({_who(actor, action)}): "
                f"it is not legal there: {error}",
                index=index,
            ) from error
        if checkpoints is not None:
            if index >= len(checkpoints):
                raise ReplayMismatchError(
                    f"action {index} ({_who(actor, action)}) has no checkpoint "
                    f"(only {len(checkpoints)} given)",
                    index=index,
                )
            if checkpoint(after) != checkpoints[index]:
                raise ReplayMismatchError(
                    f"replay diverges at action {index} ({_who(actor, action)}): "
                    "the state after it does not match the recorded checkpoint",
                    index=index,
                )
        yield Step(index, actor, action, state, after, told)
        state = after


@dataclass(frozen=True, slots=True)
class History(Generic[S, A]):
    """A game played from its initial state: every action, who took it, and every state.

    Build one with :meth:`replay` (which checks every action), or directly from states already
    played (a :class:`~trickcore.Table` does so): ``states`` holds the initial state first and
    one state per action after it.
    """

    game: Game[S, A, Any, Any]
    """The game, bound to its options."""
    seed: int | str | None
    """The seed chance actions were drawn from, or ``None`` when they were supplied."""
    actions: tuple[A, ...]
    """Every action, chance ones included."""
    actors: tuple[Actor, ...]
    """Who took each action: a seat or :data:`~trickcore.CHANCE`."""
    states: tuple[S, ...]
    """The initial state, then the state after each action."""
    events: tuple[EventsBySeat, ...] = field(default=(), compare=False)
    """What each action told every viewer, when :meth:`replay` was asked for events (or the
    builder had them); empty otherwise. Not compared: two histories of the same actions and
    states are equal."""

    def __post_init__(self) -> None:
        if len(self.actors) != len(self.actions) or len(self.states) != len(self.actions) + 1:
            raise ValueError(
                f"a history of {len(self.actions)} actions needs as many actors and one state "
                f"more; got {len(self.actors)} actors and {len(self.states)} states"
            )
        if self.events and len(self.events) != len(self.actions):
            raise ValueError(
                f"a history of {len(self.actions)} actions has events for {len(self.events)}"
            )

    @classmethod
    def replay(
        cls,
        game: Game[S, A, Any, Any],
        actions: Iterable[A],
        *,
        seed: int | str | None,
        checkpoints: Sequence[str] | None = None,
        events: bool = False,
    ) -> History[S, A]:
        """Play ``actions`` from the initial state, checking each one as :func:`steps` does,
        and return the whole history (with ``events``, what each action told every viewer,
        from the same run of each transition)."""
        played = list(steps(game, actions, seed=seed, checkpoints=checkpoints, events=events))
        if checkpoints is not None and len(checkpoints) != len(played):
            raise ReplayMismatchError(
                f"{len(played)} actions but {len(checkpoints)} checkpoints "
                "(one per action expected)"
            )
        initial = played[0].before if played else game.initial_state()
        return cls(
            game=game,
            seed=seed,
            actions=tuple(step.action for step in played),
            actors=tuple(step.actor for step in played),
            states=(initial, *(step.after for step in played)),
            events=tuple(step.events for step in played if step.events is not None),
        )

    @property
    def final(self) -> S:
        """The state after the last action (the initial state when there is none)."""
        return self.states[-1]

    @property
    def outcome(self) -> Outcome:
        """The game's outcome in the final state."""
        return self.game.outcome(self.states[-1])

    @property
    def chance_actions(self) -> int:
        """How many actions chance took (the index of the next chance stream)."""
        return sum(1 for actor in self.actors if actor is CHANCE)

    def checkpoints(self) -> tuple[str, ...]:
        """The :func:`checkpoint` of the state after each action."""
        return tuple(checkpoint(state) for state in self.states[1:])

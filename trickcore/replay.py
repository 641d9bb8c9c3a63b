"""Replays: a whole game as ``(game, options, seed, actions)``, checked by digests (DESIGN 7).

A :class:`Replay` lists every action of a game, chance actions included, in their JSON form
(``{"type": "play", "card": "QH"}``), plus a short digest of the state after each action (a
*checkpoint*) and the full digest of the final state. :func:`verify` loads the game by name
with the recorded options, replays the actions from ``initial_state()`` and names the first
action where anything differs:

* an action that does not decode, or is not legal where it is played;
* with a seed, a chance action that is not what the seed deals: chance action *k* (counting
  chance actions from 0) must equal ``game.sample_chance(state, Rng(seed, "chance", k))`` — see
  :func:`chance_rng`, the convention :class:`~trickcore.table.Table` deals by;
* a state that does not match its checkpoint (a rule changed, or the replay was edited);
* a final state that does not match the digest.

Without a seed (``seed: null``, e.g. a puzzle with a stacked deck) chance actions are only
checked for legality. A digest is SHA-256 over the canonical MessagePack encoding of the state
(:func:`trickcore.codec.digest`); a checkpoint is its first 16 hex digits.

Replays are saved as pretty JSON with :func:`dumps` and read back with :func:`loads`;
:func:`replay_type` gives a game-specific struct (typed actions and options) for JSON Schema.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import msgspec

from trickcore._version import __version__
from trickcore.codec import digest as _digest
from trickcore.codec import from_json
from trickcore.errors import IllegalActionError, ReplayMismatchError
from trickcore.game import CHANCE, Actor, AnyGame, Outcome
from trickcore.plugins import PluginHost, default_host
from trickcore.rng import Rng

__all__ = [
    "CHECKPOINT_LENGTH",
    "FORMAT",
    "Replay",
    "chance_rng",
    "checkpoint",
    "describe_action",
    "dumps",
    "loads",
    "record",
    "replay_type",
    "verify",
]

FORMAT = 1
"""The replay format this version of trickcore writes and reads."""

CHECKPOINT_LENGTH = 16
"""Hex digits of a state's digest kept as the checkpoint after each action."""


class Replay(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A recorded game: enough to reproduce it bit for bit and to check that it does.

    Build one with :func:`record` (or :meth:`trickcore.Table.replay`), check it with
    :func:`verify`, save it with :func:`dumps` and read it with :func:`loads`.
    """

    format: int = FORMAT
    """The replay format version (:data:`FORMAT`)."""
    trickcore: str
    """The trickcore version that recorded it (informational)."""
    game: str
    """The game's registry name."""
    options: dict[str, Any]
    """The game's options, every field, in their JSON form."""
    seed: int | str | None
    """The seed chance actions were drawn from, or ``None`` when they were supplied."""
    seats: tuple[str, ...]
    """A label per seat, e.g. ``"heuristic"``, ``"random"``, ``"human"``."""
    actions: tuple[Any, ...]
    """Every action, chance ones included, in JSON form (decode with the game's action type)."""
    checkpoints: tuple[str, ...]
    """Per action, the first :data:`CHECKPOINT_LENGTH` hex digits of the digest of the state
    after it."""
    digest: str
    """The full digest of the final state."""
    outcome: Outcome | None = None
    """The final scores, for display (checked by :func:`verify` when present)."""


def chance_rng(seed: int | str, index: int) -> Rng:
    """The stream chance action ``index`` (counted from 0 over the whole game) is drawn from:
    ``Rng(seed, "chance", index)``. It depends on nothing else, so neither bots nor an undo can
    change a deal."""
    return Rng(seed, "chance", index)


def checkpoint(state: Any) -> str:
    """The short digest recorded after each action: the first :data:`CHECKPOINT_LENGTH` hex
    digits of :func:`trickcore.codec.digest`."""
    return _digest(state)[:CHECKPOINT_LENGTH]


def describe_action(action: Any) -> str:
    """A short text for an action in messages: its ``str()`` when the action type defines one
    (``"play QH"``), else its compact JSON (``{"type":"play","card":"QH"}``)."""
    own_str: object = type(action).__str__
    if own_str is not object.__str__:
        return str(action)
    try:
        return msgspec.json.encode(action).decode()
    except (TypeError, ValueError):
        return repr(action)


def _who(actor: Actor, action: Any) -> str:
    if actor is CHANCE:
        return f"chance: {describe_action(action)}"
    if actor is None:
        return describe_action(action)
    return f"seat {actor}: {describe_action(action)}"


def _json_form(obj: Any) -> Any:
    """``obj`` as plain JSON values (lists, not tuples), exactly as it reads back from JSON."""
    return msgspec.json.decode(msgspec.json.encode(obj))


def _play(
    game: AnyGame,
    actions: Sequence[Any],
    *,
    seed: int | str | None,
    checkpoints: Sequence[str] | None = None,
) -> tuple[list[Any], list[Actor]]:
    """Apply ``actions`` from the initial state, checking chance against ``seed`` and states
    against ``checkpoints``; the states (initial one first) and who took each action."""
    state = game.initial_state()
    states = [state]
    actors: list[Actor] = []
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
        try:
            state = game.apply(state, action)
        except IllegalActionError as error:
            raise ReplayMismatchError(
                f"replay diverges at action {index} ({_who(actor, action)}): "
                f"it is not legal there: {error}",
                index=index,
            ) from error
        if checkpoints is not None and checkpoint(state) != checkpoints[index]:
            raise ReplayMismatchError(
                f"replay diverges at action {index} ({_who(actor, action)}): "
                "the state after it does not match the recorded checkpoint",
                index=index,
            )
        states.append(state)
        actors.append(actor)
    return states, actors


def _assemble(
    game: AnyGame,
    actions: Sequence[Any],
    checkpoints: Sequence[str],
    final: Any,
    *,
    seed: int | str | None,
    seats: Sequence[str],
) -> Replay:
    """A :class:`Replay` from a history already played (no action is applied again)."""
    return Replay(
        trickcore=__version__,
        game=game.name,
        options=_json_form(game.options),
        seed=seed,
        seats=tuple(seats),
        actions=tuple(_json_form(action) for action in actions),
        checkpoints=tuple(checkpoints),
        digest=_digest(final),
        outcome=game.outcome(final),
    )


def record(
    game: AnyGame, actions: Sequence[Any], *, seed: int | str | None, seats: Sequence[str]
) -> Replay:
    """Record ``actions`` (action structs, chance ones included) played from
    ``game.initial_state()``.

    Every action is applied, so an illegal one raises :class:`ReplayMismatchError` naming its
    index (the game's :class:`~trickcore.errors.IllegalActionError` is its cause). With a
    ``seed``, chance actions must be what the seed deals (see :func:`chance_rng`), as
    :func:`verify` will check. ``seats`` holds one label per seat.
    """
    if len(seats) != game.seats:
        raise ValueError(f"{game.name} is played by {game.seats} seats; {len(seats)} labels given")
    states, _ = _play(game, actions, seed=seed)
    marks = [checkpoint(state) for state in states[1:]]
    return _assemble(game, actions, marks, states[-1], seed=seed, seats=seats)


def _decode_actions(game: AnyGame, replay: Replay) -> list[Any]:
    decoded = []
    for index, data in enumerate(replay.actions):
        try:
            decoded.append(msgspec.convert(data, game.action_type))
        except (msgspec.ValidationError, ValueError) as error:
            raise ReplayMismatchError(
                f"action {index} ({_json_text(data)}) is not a {game.name} action: {error}",
                index=index,
            ) from None
    return decoded


def _json_text(data: Any) -> str:
    try:
        return msgspec.json.encode(data).decode()
    except (TypeError, ValueError):
        return repr(data)


def _reproduce(game: AnyGame, replay: Replay) -> tuple[list[Any], list[Any], list[Actor]]:
    """Check ``replay`` against ``game`` (already loaded with its options); the decoded actions,
    the states (initial one first) and who took each action."""
    if len(replay.seats) != game.seats:
        raise ReplayMismatchError(
            f"the replay has {len(replay.seats)} seats but {game.name} is played by {game.seats}"
        )
    if len(replay.checkpoints) != len(replay.actions):
        raise ReplayMismatchError(
            f"the replay has {len(replay.actions)} actions but {len(replay.checkpoints)} "
            "checkpoints (one per action expected)"
        )
    actions = _decode_actions(game, replay)
    states, actors = _play(game, actions, seed=replay.seed, checkpoints=replay.checkpoints)
    final = states[-1]
    if _digest(final) != replay.digest:
        raise ReplayMismatchError(
            f"the final state does not match the recorded digest (all {len(actions)} actions "
            "and their checkpoints matched)"
        )
    if replay.outcome is not None and replay.outcome != game.outcome(final):
        raise ReplayMismatchError(
            f"the recorded outcome {_json_text(replay.outcome)} does not match the game's "
            f"{_json_text(game.outcome(final))}"
        )
    return actions, states, actors


def _load_game(replay: Replay, host: PluginHost | None) -> AnyGame:
    """The replay's game, bound to its options, from ``host`` (default: the default host)."""
    # to_builtins: a replay decoded with replay_type() holds its options as a struct.
    options: dict[str, Any] = msgspec.to_builtins(replay.options)
    return (host if host is not None else default_host()).load(replay.game, **options)


def verify(replay: Replay, *, host: PluginHost | None = None) -> Outcome:
    """Replay ``replay`` and return the outcome it reaches; raise
    :class:`~trickcore.errors.ReplayMismatchError` (with :attr:`index` set to the first
    diverging action where there is one) if anything differs.

    The game is loaded by name with the recorded options through ``host`` (default:
    :func:`trickcore.default_host`), so an unknown game or option raises
    :class:`~trickcore.errors.UnknownGameError` or :class:`~trickcore.errors.OptionError`.
    """
    if replay.format != FORMAT:
        raise ReplayMismatchError(
            f"replay format {replay.format} is not supported (this trickcore reads format {FORMAT})"
        )
    game = _load_game(replay, host)
    _, states, _ = _reproduce(game, replay)
    return game.outcome(states[-1])


def dumps(replay: Replay) -> bytes:
    """``replay`` as JSON bytes for people and diff tools: one field per line, and one action
    (or checkpoint) per line."""

    def compact(value: Any) -> str:
        return msgspec.json.format(msgspec.json.encode(value), indent=0).decode()

    fields = msgspec.structs.asdict(replay)
    lines = []
    for key, value in fields.items():
        if key in ("actions", "checkpoints") and value:
            items = ",\n".join(f"    {compact(item)}" for item in value)
            text = f"[\n{items}\n  ]"
        else:
            text = compact(value)
        lines.append(f"  {compact(key)}: {text}")
    return ("{\n" + ",\n".join(lines) + "\n}\n").encode()


def loads(data: bytes | str) -> Replay:
    """A :class:`Replay` from JSON; malformed input raises :class:`~trickcore.errors.DecodeError`.

    Only the shape is checked here: :func:`verify` checks the contents.
    """
    replay: Replay = from_json(data, Replay)
    return replay


def replay_type(game: AnyGame) -> type[Replay]:
    """A struct type like :class:`Replay` with the game's ``options`` struct and its actions
    typed ``tuple[game.action_type, ...]``, named e.g. ``EuchreReplay``.

    It exists for JSON Schema export (``trickcore schema GAME``) and for typed decoding of a
    replay of that game; :func:`verify` takes the plain :class:`Replay`.
    """
    words = re.split(r"[^A-Za-z0-9]+", game.name)
    name = "".join(word[:1].upper() + word[1:] for word in words) + "Replay"
    actions: Any = tuple[game.action_type, ...]  # type: ignore[name-defined]
    typed: Any = msgspec.defstruct(
        name,
        [("options", game.options_type), ("actions", actions)],
        bases=(Replay,),
        module=__name__,
        frozen=True,
        kw_only=True,
        forbid_unknown_fields=True,
    )
    return typed  # type: ignore[no-any-return]

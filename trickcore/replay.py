"""Replays: a whole game as ``(game, options, seed, actions)``, checked by digests (DESIGN 7).

A :class:`Replay` lists every action of a game, chance actions included, in their JSON form
(``{"type": "play", "card": "QH"}``), plus a short digest of the state after each action (a
*checkpoint*) and the full digest of the final state. :func:`verify` loads the game by name
with the recorded options, replays the actions from ``initial_state()`` and names the first
action where anything differs:

* an action that does not decode, or is not legal where it is played;
* with a seed, a chance action that is not what the seed deals: chance action *k* (counting
  chance actions from 0) must equal ``game.sample_chance(state, Rng(seed, "chance", k))`` — see
  :func:`~trickcore.history.chance_rng`, the convention :class:`~trickcore.table.Table` deals
  by;
* a state that does not match its checkpoint (a rule changed, or the replay was edited);
* a final state that does not match the digest.

Without a seed (``seed: null``, e.g. a puzzle with a stacked deck) chance actions are only
checked for legality. A digest is SHA-256 over the canonical MessagePack encoding of the state
(:func:`trickcore.codec.digest`); a checkpoint is its first 16 hex digits.

Replays are saved as pretty JSON with :func:`dumps` and read back with :func:`loads`;
:func:`replay_type` gives a game-specific struct (typed actions and options) for JSON Schema.

The playing back itself is :mod:`trickcore.history` (:func:`reproduce` returns its
:class:`~trickcore.history.History`); ``chance_rng``, ``checkpoint``, ``CHECKPOINT_LENGTH`` and
``describe_action`` live there and are re-exported here.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Annotated, Any, Final, Literal

import msgspec

from trickcore._version import __version__
from trickcore.codec import MAX_DEPTH, from_json, json_form, json_text, nesting_depth
from trickcore.codec import digest as _digest
from trickcore.errors import ReplayMismatchError
from trickcore.game import AnyGame, GameFactory, Outcome
from trickcore.history import (
    CHECKPOINT_LENGTH,
    History,
    chance_rng,
    checkpoint,
    decode_actions,
    describe_action,
    load_game,
)
from trickcore.plugins import PluginHost, default_host
from trickcore.reading import check_part, game_types, type_prefix
from trickcore.rng import seed_problem

__all__ = [
    "CHECKPOINT_LENGTH",
    "FORMAT",
    "READ_FORMATS",
    "Replay",
    "chance_rng",
    "checkpoint",
    "describe_action",
    "dumps",
    "final_digest",
    "from_history",
    "loads",
    "record",
    "replay_type",
    "reproduce",
    "verify",
]

FORMAT: Final = 2
"""The replay format this version of trickcore writes. Format 2's :attr:`Replay.digest` covers
the game and its options with the final state (:func:`final_digest`); format 1's covered the
final state only."""

READ_FORMATS = (1, 2)
"""The replay formats this version reads and verifies: format 1 files (recorded before the
digest covered the options) still verify, by their own digest."""

ReplayFormat = Literal[1, 2]
"""A replay format this version reads (:data:`READ_FORMATS`)."""

Digest = Annotated[str, msgspec.Meta(pattern="^[0-9a-f]{64}$")]
"""A digest: 64 lowercase hex digits (SHA-256)."""

Checkpoint = Annotated[str, msgspec.Meta(pattern=f"^[0-9a-f]{{{CHECKPOINT_LENGTH}}}$")]
"""A checkpoint: the first :data:`CHECKPOINT_LENGTH` hex digits of a digest."""


class Replay(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A recorded game: enough to reproduce it bit for bit and to check that it does.

    Build one with :func:`record` (or :meth:`trickcore.Table.replay`), check it with
    :func:`verify`, save it with :func:`dumps` and read it with :func:`loads`.
    """

    format: ReplayFormat = FORMAT
    """The replay format version (:data:`FORMAT`; this version reads :data:`READ_FORMATS`)."""
    trickcore: str
    """The trickcore version that recorded it (informational)."""
    game: str
    """The game's registry name."""
    options: dict[str, Any]
    """The game's options, every field, in their JSON form."""
    seed: int | str | None
    """The seed chance actions were drawn from (an integer of at most
    :data:`~trickcore.rng.MAX_SEED_BITS` bits, or a text), or ``None`` when they were
    supplied."""
    seats: tuple[str, ...]
    """A label per seat, e.g. ``"heuristic"``, ``"random"``, ``"human"``."""
    actions: tuple[Any, ...]
    """Every action, chance ones included, in JSON form (decode with the game's action type)."""
    checkpoints: tuple[Checkpoint, ...]
    """Per action, the first :data:`CHECKPOINT_LENGTH` hex digits of the digest of the state
    after it."""
    digest: Digest
    """The full digest of the game: its name and options with the final state
    (:func:`final_digest`; format 1: of the final state only)."""
    outcome: Outcome | None = None
    """The final scores, for display (checked by :func:`verify` when present)."""

    def __post_init__(self) -> None:
        # Free-form parts are bounded so that nothing later recurses or converts without end.
        if nesting_depth(self.options) > MAX_DEPTH or nesting_depth(self.actions) > MAX_DEPTH:
            raise ValueError(f"lists and objects nest more than {MAX_DEPTH} levels deep")
        if self.seed is not None and (problem := seed_problem(self.seed)) is not None:
            raise ValueError(problem)


def from_history(
    history: History[Any, Any],
    *,
    seats: Sequence[str],
    checkpoints: Sequence[str] | None = None,
) -> Replay:
    """The :class:`Replay` of a game already played (no action is applied again).

    ``seats`` holds one label per seat; ``checkpoints`` (one per action) may be given when the
    caller has them already, otherwise they are computed from the history's states.
    """
    game = history.game
    return Replay(
        trickcore=__version__,
        game=game.name,
        options=json_form(game.options),
        seed=history.seed,
        seats=tuple(seats),
        actions=tuple(json_form(action) for action in history.actions),
        checkpoints=tuple(checkpoints) if checkpoints is not None else history.checkpoints(),
        digest=final_digest(game, history.final),
        outcome=history.outcome,
    )


def final_digest(game: AnyGame, final: Any) -> str:
    """A replay's digest (format 2): SHA-256 of the canonical form of the game's name, its
    options (every field, as the bound game holds them) and the final state, so that editing
    an option breaks :func:`verify` even where it changed nothing in the game played (the
    seed is checked by the deals, the actions by their checkpoints)."""
    return _digest({"game": game.name, "options": json_form(game.options), "state": final})


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
    return from_history(History.replay(game, actions, seed=seed), seats=seats)


def reproduce(replay: Replay, game: AnyGame, *, events: bool = False) -> History[Any, Any]:
    """Check ``replay`` against ``game`` (already loaded with the replay's options, e.g. by
    :func:`trickcore.history.load_game`) and return its :class:`~trickcore.history.History`
    (with ``events``, what each action told every viewer, :attr:`History.events
    <trickcore.history.History.events>`).

    Raises :class:`~trickcore.errors.ReplayMismatchError` as :func:`verify` does (without the
    format check).
    """
    if len(replay.seats) != game.seats:
        raise ReplayMismatchError(
            f"the replay has {len(replay.seats)} seats but {game.name} is played by {game.seats}"
        )
    if len(replay.checkpoints) != len(replay.actions):
        raise ReplayMismatchError(
            f"the replay has {len(replay.actions)} actions but {len(replay.checkpoints)} "
            "checkpoints (one per action expected)"
        )
    actions = decode_actions(game, replay.actions)
    history = History.replay(
        game, actions, seed=replay.seed, checkpoints=replay.checkpoints, events=events
    )
    if replay.format == 1:  # the digest of the final state only
        expected = _digest(history.final)
        what = "the final state does not match"
    else:
        expected = final_digest(game, history.final)
        what = "the game, its options or the final state do not match"
    if expected != replay.digest:
        raise ReplayMismatchError(
            f"{what} the recorded digest (all {len(actions)} actions and their checkpoints matched)"
        )
    outcome = history.outcome
    recorded = replay.outcome
    if recorded is not None and not recorded.returns:
        # Replays recorded before outcomes had per-seat returns: compare the rest.
        outcome = msgspec.structs.replace(outcome, returns=())
    if recorded is not None and recorded != outcome:
        raise ReplayMismatchError(
            f"the recorded outcome {json_text(recorded)} does not match the game's "
            f"{json_text(outcome)}"
        )
    return history


def verify(replay: Replay, *, host: PluginHost | None = None) -> Outcome:
    """Replay ``replay`` and return the outcome it reaches; raise
    :class:`~trickcore.errors.ReplayMismatchError` (with :attr:`index` set to the first
    diverging action where there is one) if anything differs.

    The game is loaded by name with the recorded options through ``host`` (default:
    :func:`trickcore.default_host`), so an unknown game or option raises
    :class:`~trickcore.errors.UnknownGameError` or :class:`~trickcore.errors.OptionError`.
    """
    if replay.format not in READ_FORMATS:
        raise ReplayMismatchError(
            f"replay format {replay.format} is not supported (this trickcore reads formats "
            f"{', '.join(map(str, READ_FORMATS))})"
        )
    game = load_game(replay.game, replay.options, host=host)
    return reproduce(replay, game).outcome


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


def loads(data: bytes | str, *, host: PluginHost | None = None, checked: bool = True) -> Replay:
    """A :class:`Replay` from JSON, read by the game's JSON Schema (``trickcore schema GAME
    --part replay``): the game must be registered in ``host`` (default:
    :func:`trickcore.default_host`), and its options and actions must decode with the game's
    types (every option present, cards of the game). Malformed input raises
    :class:`~trickcore.errors.DecodeError`, an unknown game
    :class:`~trickcore.errors.UnknownGameError`.

    With ``checked=False`` only the replay's own fields are read (options and actions as
    plain JSON values, the game not looked up): for tools that show a damaged replay as far
    as it goes. The contents (legal actions, the deals of the seed, the digests) are checked
    by :func:`verify`.
    """
    replay: Replay = from_json(data, Replay)
    if checked:
        factory = (host if host is not None else default_host()).game_factory(replay.game)
        check_part(factory, "replay", from_json(data, replay_type(factory)))
    return replay


def replay_type(game: AnyGame | GameFactory) -> type[Replay]:
    """A struct type like :class:`Replay` with the game's ``options`` struct and its actions
    typed ``tuple[game.action_type, ...]``, named e.g. ``EuchreReplay``.

    It exists for JSON Schema export (``trickcore schema GAME``) and for typed decoding of a
    replay of that game; :func:`verify` takes the plain :class:`Replay`. ``game`` is a loaded
    game or its registered class.
    """
    kinds: Any = game_types(game) if not hasattr(game, "action_type") else game
    typed: type[Replay] = _replay_type(kinds.name, kinds.options_type, kinds.action_type)
    return typed


@functools.lru_cache(maxsize=64)
def _replay_type(game: str, options_type: Any, action_type: Any) -> Any:
    name = type_prefix(game, options_type) + "Replay"
    actions: Any = tuple[action_type, ...]
    typed: Any = msgspec.defstruct(
        name,
        [
            ("game", Literal[game]),
            ("options", options_type),
            ("actions", actions),
        ],
        bases=(Replay,),
        module=__name__,
        frozen=True,
        kw_only=True,
        forbid_unknown_fields=True,
    )
    return typed

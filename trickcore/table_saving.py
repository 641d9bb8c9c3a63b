"""Saving and resuming a :class:`~trickcore.Table` as JSON: the part of the table that is
persistence, apart from its play loop (:mod:`trickcore.table`).

A frontend that keeps its tables elsewhere (a database, a session) composes the two: it plays
with a :class:`~trickcore.Table` and saves it with :func:`save_table` (what
:meth:`Table.to_json <trickcore.Table.to_json>` calls), then resumes it with
:func:`load_table` (:meth:`Table.from_json <trickcore.Table.from_json>`) or from a plain
replay with :func:`resume_replay` (:meth:`Table.from_replay <trickcore.Table.from_replay>`).
A saved table holds the seats (bot names, ``null`` for humans), the bots' epoch and the undo
count, the bot settings and the replay of the game so far; resuming plays every action again
once, checking each against the seed and its checkpoint, and keeps what each told every viewer
(so :meth:`Table.events <trickcore.Table.events>` plays nothing again). Nothing here reads or
writes a file: the caller does any I/O.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, Any, Final, Literal, cast

import msgspec

from trickcore.codec import MAX_DEPTH, from_json, json_form, nesting_depth
from trickcore.errors import DecodeError
from trickcore.faults import BotFaults, Forfeit
from trickcore.game import Game, GameFactory
from trickcore.history import load_game
from trickcore.plugins import PluginHost, default_host
from trickcore.reading import check_part
from trickcore.replay import READ_FORMATS, Replay, replay_type, reproduce

if TYPE_CHECKING:
    from trickcore.table import Table

__all__ = [
    "HUMAN",
    "SAVE_FORMAT",
    "load_table",
    "resume_replay",
    "save_table",
    "saved_table_type",
]

HUMAN = "human"
"""The label of a human seat in replays."""

SAVE_FORMAT: Final = 1
"""The format of :meth:`Table.to_json <trickcore.Table.to_json>` this version writes and
reads."""

_COUNTER_LIMIT = 2**62
"""Saved epoch and undo counters are below it (a bigger one is no table's)."""


class _SavedTable(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A table saved by :meth:`Table.to_json`: its seats, counters and settings, and the
    replay of the game so far (:meth:`Table.from_json` resumes it)."""

    format: Literal[1] = SAVE_FORMAT
    """The saved table format (:data:`SAVE_FORMAT`)."""
    seats: tuple[str | None, ...]
    """Per seat, the bot's registered name, or ``None`` for a human."""
    epoch: Annotated[int, msgspec.Meta(ge=0, lt=_COUNTER_LIMIT)]
    """The bots' epoch when saved (resuming builds them with the next one)."""
    undos: Annotated[int, msgspec.Meta(ge=0, lt=_COUNTER_LIMIT)]
    """How many times a human took an action back."""
    replay: Replay
    """The game so far: every action with its checkpoint."""
    bot_options: dict[str, dict[str, Any]] = {}
    """Options per bot name, as given to the table."""
    bot_faults: BotFaults = "raise"
    """What a bot fault does: ``"raise"`` an error, or ``"forfeit"`` the game."""
    time_limit: Annotated[float, msgspec.Meta(gt=0)] | None = None
    """Seconds a bot may take per move, or ``None`` for no limit."""
    forfeit: Forfeit | None = None
    """The forfeit that ended the game, if one did."""

    def __post_init__(self) -> None:
        if nesting_depth(self.bot_options) > MAX_DEPTH:
            raise ValueError(f"bot options nest more than {MAX_DEPTH} levels deep")


def saved_table_type(game: GameFactory | Game[Any, Any, Any, Any]) -> type[msgspec.Struct]:
    """The struct type of a saved table of ``game`` (a loaded game or its registered
    class) with its replay typed by :func:`~trickcore.replay.replay_type`, named e.g.
    ``EuchreSavedTable``: for JSON Schema export and typed decoding."""
    return _saved_table_type(replay_type(game))


@functools.lru_cache(maxsize=64)
def _saved_table_type(replay: type[Replay]) -> type[msgspec.Struct]:
    name = replay.__name__.removesuffix("Replay") + "SavedTable"
    typed: Any = msgspec.defstruct(
        name,
        [("replay", replay)],
        bases=(_SavedTable,),
        module=__name__,
        frozen=True,
        kw_only=True,
        forbid_unknown_fields=True,
    )
    return typed  # type: ignore[no-any-return]


def _read_formats() -> str:
    return " or ".join(map(str, READ_FORMATS))


def _table_type(table_type: type[Table[Any, Any, Any]] | None) -> type[Table[Any, Any, Any]]:
    if table_type is not None:
        return table_type
    from trickcore.table import Table  # the play loop imports this module  # noqa: PLC0415

    return Table


def save_table(table: Table[Any, Any, Any]) -> bytes:
    """``table`` as JSON: the game, its options, the seed, the seat specs (bot names, or
    ``null`` for humans), the epoch and undo counters, the bot settings and every action with
    its checkpoint. A ready bot object without a registered name cannot be saved
    (:class:`~trickcore.errors.TableError`)."""
    with table._lock:
        saved = _SavedTable(replay=table.replay(), **table._saved_settings())
    return msgspec.json.encode(saved)


def load_table(
    data: bytes | str,
    *,
    host: PluginHost | None = None,
    game: Game[Any, Any, Any, Any] | None = None,
    table_type: type[Table[Any, Any, Any]] | None = None,
) -> Table[Any, Any, Any]:
    """Resume a table saved by :func:`save_table`, replaying and checking every action; the
    bots are rebuilt with the next epoch. ``table_type``: a subclass of
    :class:`~trickcore.Table` to resume as.

    The game is loaded by name from ``host`` (default: :func:`trickcore.default_host`), unless
    ``game`` is given: then the table is resumed with it, provided the saved table plays a game
    of that name with the same options (else a :class:`~trickcore.errors.DecodeError` saying
    which); the bots still come from ``host``. Malformed data raises
    :class:`~trickcore.errors.DecodeError`; actions that do not reproduce raise
    :class:`~trickcore.errors.ReplayMismatchError` naming the action."""
    saved: _SavedTable = from_json(data, _SavedTable, what="a saved table")
    factory: GameFactory
    if game is not None:
        if saved.replay.game != game.name:
            raise DecodeError(f"the saved table plays {saved.replay.game}, not {game.name}")
        factory = cast(GameFactory, type(game))
    else:
        factory = (host if host is not None else default_host()).game_factory(saved.replay.game)
    typed: Any = from_json(data, saved_table_type(factory), what="a saved table")
    check_part(factory, "table", typed)
    replay = saved.replay
    if saved.format != SAVE_FORMAT or replay.format not in READ_FORMATS:
        raise DecodeError(
            f"saved table format {saved.format} (replay format {replay.format}) is not "
            f"supported; this trickcore reads {SAVE_FORMAT} ({_read_formats()})"
        )
    if saved.epoch < 0 or saved.undos < 0:
        raise DecodeError("a saved table's epoch and undo count cannot be negative")
    return _resume(
        _table_type(table_type),
        replay,
        saved.seats,
        epoch=saved.epoch + 1,
        undos=saved.undos,
        host=host,
        game=game,
        bot_options=saved.bot_options,
        bot_faults=saved.bot_faults,
        time_limit=saved.time_limit,
        forfeit=saved.forfeit,
    )


def resume_replay(
    replay: Replay,
    *,
    seats: Sequence[str | None] | None = None,
    host: PluginHost | None = None,
    table_type: type[Table[Any, Any, Any]] | None = None,
) -> Table[Any, Any, Any]:
    """Resume the game of ``replay`` at a table, replaying and checking every action, as
    :func:`load_table` does. ``seats`` gives per seat a registered bot's name or ``None`` for a
    human; by default they come from the replay's labels (``"human"`` is a human). The bots
    are built with epoch 1. A replay without a seed or of another format raises
    :class:`~trickcore.errors.DecodeError`."""
    if replay.format not in READ_FORMATS:
        raise DecodeError(
            f"replay format {replay.format} is not supported; this trickcore reads "
            f"{_read_formats()}"
        )
    if seats is None:
        seats = tuple(None if label == HUMAN else label for label in replay.seats)
    return _resume(_table_type(table_type), replay, tuple(seats), epoch=1, undos=0, host=host)


def _resume(
    table_type: type[Table[Any, Any, Any]],
    replay: Replay,
    seats: tuple[str | None, ...],
    *,
    epoch: int,
    undos: int,
    host: PluginHost | None,
    game: Game[Any, Any, Any, Any] | None = None,
    **settings: Any,
) -> Table[Any, Any, Any]:
    if replay.seed is None:
        raise DecodeError("a saved game must have a seed; this one has none")
    if game is None:
        game = load_game(replay.game, replay.options, host=host)
    elif json_form(game.options) != json_form(replay.options):
        raise DecodeError(
            f"the saved table plays {replay.game} with options {json_form(replay.options)}, "
            f"not {json_form(game.options)}"
        )
    if len(seats) != game.seats:
        raise DecodeError(
            f"the saved table has {len(seats)} seats but {game.name} is played by {game.seats}"
        )
    history = reproduce(replay, game, events=True)  # each action played once, events kept
    return table_type._resumed(
        game,
        history,
        seats,
        seed=replay.seed,
        labels=replay.seats,
        checkpoints=replay.checkpoints,
        epoch=epoch,
        undos=undos,
        host=host,
        **settings,
    )

"""``trickcore replay show`` and ``trickcore replay verify``: a saved replay narrated, or
checked action by action (DESIGN 7, 9)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
import msgspec

from trickcore.cli.errors import CliError
from trickcore.cli.narrate import Narrator
from trickcore.cli.text import outcome_lines
from trickcore.errors import (
    OptionError,
    ReplayMismatchError,
    TrickcoreError,
    UnknownGameError,
)
from trickcore.game import AnyGame
from trickcore.history import History, Step, decode_action, load_game, steps
from trickcore.plugins import PluginHost
from trickcore.replay import READ_FORMATS, Replay, loads, reproduce, verify

__all__ = ["read_replay", "show", "verify_file"]


def read_replay(path: Path, host: PluginHost, *, checked: bool = True) -> Replay:
    """The replay saved in ``path`` (of a game of ``host``; ``checked`` as for
    :func:`trickcore.replay.loads`); a missing or malformed file raises :class:`CliError`."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise CliError(f"cannot read {path}: {error.strerror or error}") from None
    try:
        return loads(data, host=host, checked=checked)
    except TrickcoreError as error:
        raise CliError(f"{path} is not a trickcore replay: {error}") from None


def _game_of(replay: Replay, host: PluginHost) -> AnyGame:
    try:
        return load_game(replay.game, replay.options, host=host)
    except (UnknownGameError, OptionError) as error:
        raise CliError(f"cannot load the replay's game: {error}") from None


def _options_text(game: AnyGame, options: dict[str, Any]) -> str:
    """The options that differ from the game's defaults, as ``key=value`` (values in JSON)."""
    defaults: dict[str, Any] = msgspec.to_builtins(game.options_type())
    changed = [
        f"{key}={msgspec.json.encode(value).decode()}"
        for key, value in options.items()
        if key not in defaults or defaults[key] != value
    ]
    return ", ".join(changed) + " (the others at their defaults)" if changed else "the defaults"


def show(path: Path, host: PluginHost) -> None:
    """Narrate the replay in ``path``: a header, every action as a spectator sees it with
    each dealt hand, and the outcome. A replay that does not verify is narrated as far as
    its actions can be played, after a warning on stderr; an action that cannot be played
    ends it with a :class:`CliError`."""
    replay = read_replay(path, host, checked=False)
    game = _game_of(replay, host)
    click.echo(f"game:      {game.name} ({game.title})")
    click.echo(f"options:   {_options_text(game, replay.options)}")
    click.echo(f"seed:      {'none' if replay.seed is None else replay.seed}")
    seats = ", ".join(f"{seat} {label}" for seat, label in enumerate(replay.seats))
    click.echo(f"seats:     {seats}")
    click.echo(f"trickcore: {replay.trickcore}")
    click.echo(f"actions:   {len(replay.actions)}")
    click.echo(f"digest:    {replay.digest}")
    history: History[Any, Any] | None = None
    try:
        if replay.format not in READ_FORMATS:
            verify(replay, host=host)  # its error names the formats this trickcore reads
        history = reproduce(replay, game, events=True)
    except TrickcoreError as error:
        click.echo(f"warning: this replay does not verify: {error}", err=True)
    narrator = Narrator(game, replay.seats)
    played: Any
    if history is not None:  # verified: narrate what was played then, without playing again
        played = (
            Step(index, actor, action, history.states[index], history.states[index + 1], told)
            for index, (actor, action, told) in enumerate(
                zip(history.actors, history.actions, history.events, strict=True)
            )
        )
    else:  # decoded lazily and unchecked against seed and checkpoints: as far as it plays
        actions = (decode_action(game, data, index) for index, data in enumerate(replay.actions))
        played = steps(game, actions, seed=None, events=True)
    state = game.initial_state()
    try:
        for step in played:
            told = step.events
            assert told is not None
            events = told.seen_by(narrator.viewer(game, step.before))
            narrator.step(step.before, step.action, step.after, events)
            state = step.after
    except ReplayMismatchError as error:
        raise CliError(f"cannot narrate further: {error}") from None
    click.echo("")
    for line in outcome_lines(game, game.outcome(state)):
        click.echo(line)


def verify_file(path: Path, host: PluginHost) -> None:
    """Check the replay in ``path`` (:func:`trickcore.replay.verify`): print ``ok: …`` or raise
    a :class:`CliError` with the first diverging action."""
    replay = read_replay(path, host)
    try:
        verify(replay, host=host)
    except ReplayMismatchError as error:
        raise CliError(f"replay does not verify: {error}") from None
    except (UnknownGameError, OptionError) as error:
        raise CliError(f"cannot load the replay's game: {error}") from None
    count = len(replay.actions)
    click.echo(
        f"ok: {count} action{'s' if count != 1 else ''} reproduce digest {replay.digest[:12]}…"
    )

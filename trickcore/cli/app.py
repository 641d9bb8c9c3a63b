"""The click application: ``trickcore games | bots | plugins | play | match | replay | schema``
(DESIGN 9). :func:`trickcore.cli.main` runs it.

The plugin host is :func:`trickcore.default_host`, unless the group is invoked with another
one as its context object (``CliRunner().invoke(cli, args, obj=host)``, as the tests do).
"""

from __future__ import annotations

import contextlib
import json
import shlex
from pathlib import Path
from typing import Any

import click

from trickcore._build import build_kind
from trickcore._version import __version__
from trickcore.cli import match_verify as _match_verify
from trickcore.cli import matches as _matches
from trickcore.cli import play as _play
from trickcore.cli import replays as _replays
from trickcore.cli.errors import (
    CliError,
    CliUsageError,
    as_cli_error,
    check_writable,
    one_line,
    reader_gone,
)
from trickcore.cli.seating import fresh_seed, load_game, parse_options, parse_seed, plan_seats
from trickcore.cli.text import columns, option_lines, seat_counts_text, terminal_width
from trickcore.errors import BotError, TrickcoreError
from trickcore.game import CHANCE
from trickcore.plugins import PluginHost, default_host
from trickcore.schema import PARTS, game_schema
from trickcore.table import Table

__all__ = ["INTERRUPTED", "SCHEMA_PARTS", "autosave_path", "cli"]

INTERRUPTED = 130
"""The exit status after Ctrl-C (128 + SIGINT, as shells report it)."""

game_options = click.option(
    "--option",
    "options",
    multiple=True,
    metavar="KEY=VALUE",
    help="A game option (repeat for several); 'trickcore games GAME --options' lists them.",
)
"""The ``--option KEY=VALUE`` of the commands that load a game (``play``, ``match``)."""

SCHEMA_PARTS = PARTS
"""What ``trickcore schema GAME --part`` can print (or ``all`` of them)."""


class _Group(click.Group):
    """A group that shows trickcore's errors (and file errors) as one line, without a
    traceback (see :func:`~trickcore.cli.errors.as_cli_error`)."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except BrokenPipeError:  # the reader stopped reading: not an error of ours
            reader_gone()
            ctx.exit(0)
        except KeyboardInterrupt:
            click.echo("", err=True)
            ctx.exit(INTERRUPTED)
        except (TrickcoreError, OSError) as error:
            raise as_cli_error(error) from None


def _host(ctx: click.Context) -> PluginHost:
    obj = ctx.find_root().obj
    return obj if isinstance(obj, PluginHost) else default_host()


def _warn_failures(host: PluginHost) -> None:
    failed = host.failures
    if failed:
        names = ", ".join(failure.plugin for failure in failed)
        click.echo(
            f"warning: plugin{'s' if len(failed) > 1 else ''} failed to load: {names} "
            "(see 'trickcore plugins')",
            err=True,
        )


def _echo_rows(rows: list[list[str]], empty: str) -> None:
    if not rows:
        click.echo(empty, err=True)
    for line in columns(rows, width=terminal_width()):
        click.echo(line)


def _print_version(context: click.Context, asked: bool) -> None:
    """``--version``: ``trickcore 0.1.0 compiled`` or ``trickcore 0.1.0 pure``
    (:func:`trickcore.build_kind`)."""
    if not asked or context.resilient_parsing:
        return
    click.echo(f"trickcore {__version__} {build_kind()}")
    context.exit()


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=lambda context, _, value: _print_version(context, value),
    help="Show the version and the build (compiled or pure), and exit.",
)
def cli() -> None:
    """trickcore: trick-taking card games (Euchre …) in the terminal, with bots and replays.

    Exit codes: 0 success, 1 an error (a bad file, a replay that does not verify, a failing
    bot), 2 a usage error (unknown game, bot or option, bad arguments).
    """


@cli.command()
@click.argument("game_name", metavar="[GAME]", required=False)
@click.option(
    "--options",
    "with_options",
    is_flag=True,
    help="Under each game, its options: name=default, allowed values, description.",
)
@click.pass_context
def games(ctx: click.Context, game_name: str | None, with_options: bool) -> None:
    """List the installed games (all, or GAME).

    One line per game: name, title, seats, plugin. With --options, each game's options
    follow: 'name=default' and the values allowed, then a line describing the option.
    """
    host = _host(ctx)
    if game_name is not None:
        host.game_factory(game_name)  # an unknown game: a usage error listing the games
    registrations = [
        reg for reg in host.registrations if reg.kind == "game" and game_name in (None, reg.name)
    ]
    rows = [
        [
            reg.name,
            str(getattr(reg.target, "title", "")),
            seat_counts_text(getattr(reg.target, "seat_counts", ())),
            f"(plugin {reg.plugin})",
        ]
        for reg in registrations
    ]
    if not rows:
        click.echo("no games installed", err=True)
    for number, (reg, line) in enumerate(zip(registrations, columns(rows), strict=True)):
        if with_options and number:
            click.echo("")
        click.echo(line)
        if with_options:
            for option_line in option_lines(reg.target.options_type):
                click.echo(option_line)
    _warn_failures(host)


@cli.command()
@click.option("--game", "game_name", metavar="GAME", help="Only the bots that play GAME.")
@click.pass_context
def bots(ctx: click.Context, game_name: str | None) -> None:
    """List the installed bots (all, or those that play --game).

    One line per bot: name, the games it plays, description, plugin.
    """
    host = _host(ctx)
    if game_name is not None:
        host.game_factory(game_name)  # an unknown game: a usage error listing the games
    rows = []
    for reg in host.registrations:
        if reg.kind != "bot":
            continue
        plays = reg.target.games
        if game_name is not None and plays is not None and game_name not in plays:
            continue
        rows.append(
            [
                reg.name,
                "all games" if plays is None else ",".join(plays),
                one_line(str(reg.target.description)),
                f"(plugin {reg.plugin})",
            ]
        )
    _echo_rows(rows, "no bots installed" + (f" for {game_name}" if game_name else ""))
    _warn_failures(host)


@cli.command()
@click.pass_context
def plugins(ctx: click.Context) -> None:
    """List the plugins, and those that failed to load.

    One line per plugin: name, "ok" or "FAILED", where it came from, then what it registers
    or the stage that failed and the error (wrapped to the terminal's width). Exits 0 even
    when a plugin failed: this is a report.
    """
    host = _host(ctx)
    registered: dict[str, list[str]] = {}
    for reg in host.registrations:
        registered.setdefault(reg.plugin, []).append(f"{reg.kind} {reg.name}")
    rows: list[tuple[str, list[str]]] = []
    for name, source in host.plugins:
        what = ", ".join(registered.get(name, [])) or "registers nothing"
        rows.append((name, [name, "ok", source, what]))
    for failure in host.failures:
        problem = one_line(f"{failure.stage}: {failure.error}")
        rows.append((failure.plugin, [failure.plugin, "FAILED", failure.source, problem]))
    rows.sort(key=lambda row: row[0])
    _echo_rows([row for _, row in rows], "no plugins installed")


@cli.command()
@click.argument("game_name", metavar="[GAME]", required=False)
@click.option("--seat", type=int, help="Play this seat yourself (0 = first); omit to watch bots.")
@click.option(
    "--bots",
    metavar="B1,B2,...",
    help="Bots per seat, per other seat (with --seat), or one for all; 'human' marks a human.",
)
@click.option("--seed", help="The seed deals and bots draw from (default: a fresh one).")
@game_options
@click.option(
    "--save",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the replay (JSON) here at the end or on quit.",
)
@click.option(
    "--resume",
    type=click.Path(dir_okay=False, path_type=Path),
    metavar="FILE",
    help="Go on with the game saved in FILE (by --save, save, quit or Ctrl-C); saves to FILE.",
)
@click.option(
    "--confirm-forced",
    is_flag=True,
    help="Ask even when a move has one legal action (default: play it and say so).",
)
@click.pass_context
def play(
    ctx: click.Context,
    *,
    game_name: str | None,
    seat: int | None,
    bots: str | None,
    seed: str | None,
    options: tuple[str, ...],
    save: Path | None,
    resume: Path | None,
    confirm_forced: bool,
) -> None:
    """Play GAME at --seat against bots, or watch bots play it; or --resume a saved game.

    Without --seat (and no 'human' in --bots) the bots play alone and every hand is narrated
    with the cards dealt. --bots takes one name per seat, one per other seat (with --seat), or
    one for every bot seat; the default bot is 'heuristic' where it plays the game, else
    'random'. Several 'human' seats play in turn on one device, which is passed between them.

    Leaving an unfinished game (quit, end of input, Ctrl-C) saves it to the --save file, or
    to trickcore-GAME-SEED.json, and says how to resume it. Ctrl-C exits with status 130.
    """
    host = _host(ctx)
    if save is not None:
        check_writable(save, "--save")  # before the game, not after it (issue 21.3)
    if resume is not None:
        if save is None and resume.exists():
            check_writable(resume, "--resume")  # the game is saved back to it
        table = _resumed_table(host, resume, game_name, bots=bots, seed=seed, options=options)
        save = save if save is not None else resume
    elif game_name is None:
        raise CliUsageError("name the GAME to play, or --resume FILE (see 'trickcore games')")
    else:
        table = _new_table(host, game_name, seat=seat, bots=bots, seed=seed, options=options)
    humans = table.human_seats
    if seat is not None and resume is not None and seat not in humans:
        raise CliUsageError(f"--seat {seat} is not a human seat of the saved game")
    finished = False
    try:
        if humans:
            perspective = seat if seat is not None else humans[0]
            game = _play.HumanGame(table, perspective, save=save, confirm_forced=confirm_forced)
            try:
                finished = game.run()
            except BotError as error:
                raise CliError(_play.bot_failure_text(error)) from None
        else:
            _play.play_bots(table)
            finished = True
    except KeyboardInterrupt:
        click.echo("\ninterrupted (Ctrl-C)")
        _save_unfinished(table, save)
        raise
    except BaseException:
        if save is not None and table.actions:
            with contextlib.suppress(CliError):
                _play.save_replay(table, save)
        raise
    if finished:
        if save is not None:
            _play.save_replay(table, save)
    else:
        _save_unfinished(table, save)


def _new_table(
    host: PluginHost,
    game_name: str,
    *,
    seat: int | None,
    bots: str | None,
    seed: str | None,
    options: tuple[str, ...],
) -> Table[Any, Any, Any]:
    game = load_game(host, game_name, parse_options(options))
    plan = plan_seats(host, game, seat=seat, bots=bots)
    chosen = parse_seed(seed)
    if chosen is None:
        chosen = fresh_seed()
    table: Table[Any, Any, Any] = Table(game, plan, seed=chosen, host=host)
    click.echo(f"seed {chosen} — replay it with --seed {shlex.quote(str(chosen))}")
    _echo_seats(table)
    return table


def _resumed_table(
    host: PluginHost,
    path: Path,
    game_name: str | None,
    *,
    bots: str | None,
    seed: str | None,
    options: tuple[str, ...],
) -> Table[Any, Any, Any]:
    given = [flag for flag, value in (("--bots", bots), ("--seed", seed)) if value is not None]
    given += ["--option"] if options else []
    if given:
        raise CliUsageError(
            f"--resume goes on with the saved game, its seats, seed and options: drop "
            f"{' and '.join(given)}"
        )
    replay = _replays.read_replay(path, host)
    if game_name is not None and game_name != replay.game:
        raise CliUsageError(f"{path} holds a game of {replay.game}, not {game_name}")
    table = Table.from_replay(replay, host=host)
    moves = sum(1 for actor in table.history().actors if actor is not CHANCE)
    click.echo(f"resuming {path}: seed {table.seed}, {moves} moves played so far")
    _echo_seats(table)
    return table


def _echo_seats(table: Table[Any, Any, Any]) -> None:
    game = table.game
    players = ", ".join(f"{number} {label}" for number, label in enumerate(table.labels))
    click.echo(f"{game.name} ({game.title}); seats: {players}")


def autosave_path(table: Table[Any, Any, Any]) -> Path:
    """Where an unfinished game without ``--save`` is saved: ``trickcore-GAME-SEED.json`` in
    the current directory (``-2``, ``-3`` … added to keep an existing file)."""
    stem = f"trickcore-{table.game.name}-{table.seed}"
    stem = "".join(c if c.isalnum() or c in "-_." else "_" for c in stem)
    path = Path(f"{stem}.json")
    number = 1
    while path.exists():
        number += 1
        path = Path(f"{stem}-{number}.json")
    return path


def _save_unfinished(table: Table[Any, Any, Any], save: Path | None) -> None:
    """Save a game left before its end, and say how to go on with it."""
    if not table.actions or table.over:
        return
    path = save if save is not None else autosave_path(table)
    try:
        _play.save_replay(table, path)
    except CliError as error:
        click.echo(error.message, err=True)
        return
    click.echo(f"resume it with: trickcore play --resume {shlex.quote(str(path))}")


@cli.command()
@click.argument("game_name", metavar="GAME", required=False)
@click.option(
    "--bots",
    metavar="B1,B2,...",
    help="One bot per seat, or fewer repeated round the table (a,b at four seats: a b a b).",
)
@click.option("--deals", type=int, default=100, show_default=True, help="Deals to play.")
@click.option("--seed", default="0", show_default=True, help="The match seed.")
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Results file (JSON lines), written as games finish; an existing one is resumed.",
)
@click.option("--workers", type=int, help="Play on a local pool of this many processes.")
@click.option("--dask", metavar="ADDRESS", help="Play on the Dask cluster at ADDRESS.")
@game_options
@click.option(
    "--bot-option",
    "bot_options",
    multiple=True,
    metavar="BOT.KEY=VALUE",
    help="A bot option, e.g. pimc.iterations=200 (repeat for several).",
)
@click.option(
    "--time-limit",
    type=float,
    help="Seconds a bot may take per move; a slower move forfeits the game (opt-in).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the result as one JSON object.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@click.option(
    "--verify",
    "verify_file",
    type=click.Path(dir_okay=False, path_type=Path),
    metavar="FILE",
    help="Play every game of the results FILE again and name the first line that does not "
    "reproduce (no GAME or --bots needed).",
)
@click.option(
    "--skip-verify",
    is_flag=True,
    help="Resume --out without playing its games again to check them (faster; trusts the file).",
)
@click.pass_context
def match(
    ctx: click.Context,
    *,
    game_name: str | None,
    bots: str | None,
    deals: int,
    seed: str,
    out: Path | None,
    workers: int | None,
    dask: str | None,
    options: tuple[str, ...],
    bot_options: tuple[str, ...],
    time_limit: float | None,
    as_json: bool,
    quiet: bool,
    verify_file: Path | None,
    skip_verify: bool,
) -> None:
    """Play a duplicate tournament of bots at GAME and print who is better.

    Every deal is played once under each distinct rotation of the seating, so the cards' luck
    cancels out. The table gives each bot's forfeits and crashes, win rate, mean points and
    mean point difference with 95% intervals; the verdict counts forfeits first, then uses the
    paired (per-deal) difference. Interrupt it and run the same command again with the same
    --out to play only the games still missing: the games already in the file are played
    again first and must reproduce (--skip-verify trusts them). 'trickcore match --verify
    FILE' only checks a results file.
    """
    host = _host(ctx)
    if verify_file is not None:
        if game_name is not None or bots is not None:
            raise CliUsageError("--verify FILE reads the match from FILE: give no GAME or --bots")
        _match_verify.verify_results(verify_file, host)
        return
    if game_name is None or bots is None:
        raise CliUsageError("give GAME and --bots (or --verify FILE)")
    game = load_game(host, game_name, parse_options(options))
    chosen = parse_seed(seed)
    _matches.run_match(
        host,
        game,
        bots,
        deals=deals,
        seed=chosen if chosen is not None else 0,
        out=out,
        workers=workers,
        dask=dask,
        bot_options=bot_options,
        time_limit=time_limit,
        as_json=as_json,
        quiet=quiet,
        verify=not skip_verify,
    )


@cli.group()
def replay() -> None:
    """Show or verify a saved replay (written by 'play --save')."""


@replay.command("show")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.pass_context
def replay_show(ctx: click.Context, file: Path) -> None:
    """Narrate the replay in FILE, hand by hand."""
    _replays.show(file, _host(ctx))


@replay.command("verify")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.pass_context
def replay_verify(ctx: click.Context, file: Path) -> None:
    """Check that FILE reproduces its digest.

    Exits 0 when it does, 1 naming the first diverging action otherwise.
    """
    _replays.verify_file(file, _host(ctx))


@cli.command()
@click.argument("game_name", metavar="GAME")
@click.option(
    "--part",
    type=click.Choice([*SCHEMA_PARTS, "all"]),
    default="all",
    show_default=True,
    help="Which part to print, as a self-contained document.",
)
@click.option(
    "--openapi",
    is_flag=True,
    help="Add OpenAPI's discriminator to tagged unions (not JSON Schema; Ajv reads it with its "
    "discriminator option).",
)
@click.option(
    "--option",
    "options",
    multiple=True,
    metavar="KEY=VALUE",
    help="Write the document of games with this option (repeat for several): that pack's "
    "cards, that many seats, the options pinned (e.g. --option deck=32).",
)
@click.pass_context
def schema(
    ctx: click.Context, game_name: str, part: str, openapi: bool, options: tuple[str, ...]
) -> None:
    """Print the JSON Schema (draft 2020-12) of GAME's files.

    Options, actions, views, events, states, replays and saved tables, each a named
    definition (EuchreAction, ...); --part prints one alone. Cards are those of every pack
    the options can choose and seats bounded by the largest table; --option narrows both to
    one table's options. For frontends in other languages: see the API guide.
    """
    host = _host(ctx)
    game = load_game(host, game_name, parse_options(options))  # a usage error when unknown
    factory = host.game_factory(game_name)
    chosen: Any = None if part == "all" else part
    document = game_schema(
        factory, part=chosen, openapi=openapi, options=game.options if options else None
    )
    click.echo(json.dumps(document, indent=2, ensure_ascii=False))

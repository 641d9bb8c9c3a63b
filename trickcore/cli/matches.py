"""``trickcore match``: a duplicate tournament between bots from the command line (DESIGN 8, 9).

It is :class:`trickcore.Match` with a terminal around it: the bots named in ``--bots`` are
seated round the table (``a,b`` at four seats sits ``a b a b``), every deal is played under each
distinct rotation, results go to ``--out`` as they finish (and are read back when the command is
run again: an interrupted match resumes where it stopped), games run in this process, on a local
process pool (``--workers``) or on a Dask cluster (``--dask``, the ``dask`` extra), and the end
is the table of :func:`~trickcore.cli.tables.match_table` with the head-to-head verdict.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import importlib
import json
import math
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import click
import msgspec

from trickcore.bots import BotSpec
from trickcore.cli.errors import CliError, CliUsageError, check_writable
from trickcore.cli.tables import match_table, verdict
from trickcore.codec import json_form
from trickcore.errors import TrickcoreError
from trickcore.game import AnyGame
from trickcore.match import Match, MatchResult
from trickcore.plugins import PluginHost, default_host
from trickcore.rng import Rng

__all__ = ["check_match_arguments", "parse_bot_options", "run_match", "seat_bots"]


def seat_bots(game: AnyGame, bots: str) -> list[str]:
    """``--bots`` as one name per seat: as many names as seats, or fewer repeated round the
    table (``a,b`` at four seats is ``a b a b``: partners play the same bot)."""
    names = [name.strip() for name in bots.split(",")]
    if not all(names):
        raise CliUsageError(f"--bots expects names separated by commas, not {bots!r}")
    if game.seats % len(names):
        raise CliUsageError(
            f"{game.name} has {game.seats} seats: give {game.seats} bots, or a number of bots "
            f"that divides it (they repeat round the table), not {len(names)}"
        )
    return names * (game.seats // len(names))


def _value(text: str) -> Any:
    """A bot option's value: JSON when it reads as JSON (``200``, ``0.5``, ``true``), else
    the text itself (``random``)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def parse_bot_options(pairs: Sequence[str]) -> dict[str, dict[str, Any]]:
    """``--bot-option BOT.KEY=VALUE`` items as options per bot name."""
    options: dict[str, dict[str, Any]] = {}
    for pair in pairs:
        name_key, equals, value = pair.partition("=")
        name, dot, key = name_key.strip().partition(".")
        if not equals or not dot or not name or not key:
            raise CliUsageError(
                f"--bot-option expects BOT.KEY=VALUE (e.g. pimc.iterations=200), not {pair!r}"
            )
        bot = options.setdefault(name, {})
        if key in bot:
            raise CliUsageError(f"--bot-option {name}.{key} is given twice")
        bot[key] = _value(value.strip())
    return options


@contextlib.contextmanager
def _executor(
    workers: int | None, dask: str | None
) -> Iterator[concurrent.futures.Executor | None]:
    """No executor (this process), a process pool of ``workers``, or a Dask cluster's."""
    if workers is not None and dask is not None:
        raise CliUsageError("--workers and --dask cannot be used together")
    if dask is not None:
        try:
            distributed: Any = importlib.import_module("distributed")  # the 'dask' extra
        except ImportError:
            raise CliUsageError(
                "--dask needs the Dask distributed package: pip install 'trickcore[dask]'"
            ) from None
        with distributed.Client(dask) as client:
            yield client.get_executor()
        return
    if workers is None or workers == 1:
        yield None
        return
    with concurrent.futures.ProcessPoolExecutor(max_workers=workers) as pool:
        yield pool


class _Progress:
    """Feeds ``Match.run``'s ``progress(done, total)`` calls to a click progress bar on stderr
    (when ``shown``), and shows games/s: the games played by this run over the time it has
    taken. The bar is made at the first call, so that a resumed match says so on a line of its
    own and its bar starts at the games already done (without an ETA, which would count them
    as played by this run)."""

    def __init__(self, stack: contextlib.ExitStack, shown: bool) -> None:
        self.bar: Any = None  # a click progress bar, or None
        self.first: int | None = None
        self.done = 0
        self.started = time.monotonic()
        self._stack = stack
        self._shown = shown

    def __call__(self, done: int, total: int) -> None:
        if self.first is None:  # the first call: what the out file already held
            self.first = self.done = done
            self.started = time.monotonic()
            if done:
                click.echo(f"resuming: {done} of {total} games are in the out file", err=True)
            if self._shown:
                new_bar: Any = click.progressbar  # typed for iterables; here it counts by hand
                self.bar = self._stack.enter_context(
                    new_bar(
                        length=total,
                        label="games",
                        show_eta=not done,
                        show_pos=True,
                        item_show_func=self.rate,
                        file=sys.stderr,
                    )
                )
                if done:
                    self.bar.update(done)
            return
        if self.bar is not None:
            self.bar.update(done - self.done)
        self.done = done

    def rate(self, _: object) -> str:
        """``"12.3 games/s"`` so far (the bar's item text)."""
        played = self.done - (self.first or 0)
        seconds = time.monotonic() - self.started
        return f"{played / seconds:.1f} games/s" if played > 0 and seconds > 0 else ""


@contextlib.contextmanager
def _progress(shown: bool) -> Iterator[_Progress]:
    """A :class:`_Progress`, with a bar when ``shown`` and standard error is a terminal (a
    log file gets no bar: click would write its label alone)."""
    with contextlib.ExitStack() as stack:
        yield _Progress(stack, shown and _is_terminal(sys.stderr))


def _is_terminal(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False


def check_match_arguments(
    host: PluginHost,
    game: AnyGame,
    seating: Sequence[str],
    *,
    deals: int,
    time_limit: float | None,
    bot_options: dict[str, dict[str, Any]],
) -> None:
    """The checks of ``trickcore match``'s arguments that :class:`~trickcore.Match` makes, and
    more, before a game is played, each a :class:`CliUsageError` (exit 2, one line, docs/cli.md):
    ``--deals`` below 1, a ``--time-limit`` not above 0, a ``--bot-option`` for a bot not in
    the match or one its bot does not take (each bot is built once with its options)."""
    if deals < 1:
        raise CliUsageError(f"--deals must be 1 or more, not {deals}")
    if time_limit is not None and not 0 < time_limit < math.inf:
        raise CliUsageError(f"--time-limit must be a number of seconds above 0, not {time_limit:g}")
    names = list(dict.fromkeys(seating))
    strangers = [name for name in bot_options if name not in names]
    if strangers:
        raise CliUsageError(
            f"--bot-option names {', '.join(strangers)}, which "
            f"{'is' if len(strangers) == 1 else 'are'} not in this match (its bots: "
            f"{', '.join(names)})"
        )
    for name, options in bot_options.items():
        factory = host.bot_factory(name, game.name)
        seat = seating.index(name)
        spec = BotSpec(game, seat, Rng(0, "cli", "check", name), dict(options))
        try:
            factory(spec)
        except TrickcoreError as error:
            raise CliUsageError(f"--bot-option {name}: {error}") from None
        except Exception as error:  # a bot that fails for other reasons: its own bug
            raise CliError(
                f"the {name} bot could not be built: {type(error).__name__}: {error}"
            ) from None


def run_match(
    host: PluginHost,
    game: AnyGame,
    bots: str,
    *,
    deals: int,
    seed: int | str,
    out: Path | None,
    workers: int | None,
    dask: str | None,
    bot_options: Sequence[str],
    time_limit: float | None,
    as_json: bool,
    quiet: bool,
    verify: bool = True,
) -> None:
    """Run the match and print its table (or its JSON), as ``trickcore match`` does; with
    ``verify``, the games already in ``out`` are played again first (:meth:`Match.run`)."""
    if workers is not None and workers < 1:
        raise CliUsageError(f"--workers must be 1 or more, not {workers}")
    seating = seat_bots(game, bots)
    per_bot = parse_bot_options(bot_options)
    for name in dict.fromkeys(seating):
        host.bot_factory(name, game.name)  # an unknown bot first: a usage error naming the bots
    check_match_arguments(
        host, game, seating, deals=deals, time_limit=time_limit, bot_options=per_bot
    )
    if out is not None:
        check_writable(out, "--out")  # before the first game (issue 21.3)
    match = Match(
        game.name,
        seating,
        games=deals,
        seed=seed,
        options=json_form(game.options),
        # Worker processes find the installed plugins themselves; another host travels along.
        host=None if host is default_host() else host,
        bot_options=per_bot,
        time_limit=time_limit,
    )
    try:
        with (
            _executor(workers, dask) as executor,
            _progress(shown=not (quiet or as_json)) as progress,
        ):
            result = match.run(executor, out=out, progress=progress, verify=verify)
    except KeyboardInterrupt:
        saved = f"; finished games are in {out}: run the same command to resume" if out else ""
        click.echo(f"\ninterrupted{saved}", err=True)
        raise SystemExit(130) from None
    _report(result, as_json)


def _report(result: MatchResult, as_json: bool) -> None:
    if as_json:
        click.echo(msgspec.json.encode(result).decode())
        return
    for line in match_table(result):
        click.echo(line)
    for entry in result.entries:
        if entry.forfeits:
            crashed = f", {entry.crashes} of them by crashing" if entry.crashes else ""
            click.echo(f"{entry.name} forfeited {entry.forfeits} game(s) by its own fault{crashed}")
    for line in verdict(result):
        click.echo(line)

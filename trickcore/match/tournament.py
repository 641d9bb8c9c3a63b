"""The :class:`Match` (DESIGN 8): a duplicate tournament between bots, on any executor.

A match plays one game between bots, one bot name per seat (the *entries*), over ``games``
**deals**. Deal *i* is played at a table seeded with :func:`~trickcore.match.deal_seed`
``(seed, i)``, once under every distinct rotation of the seating
(:func:`~trickcore.match.rotations`): the same cards come out in every rotation, the bots move
round the table, and the luck of the cards cancels out (duplicate play). A match therefore plays
``games x len(rotations(bots))`` games.

The match checks everything up front, builds the tasks, and ties together the other concerns of
this package: playing them (:mod:`trickcore.match.runner`), the out file
(:mod:`trickcore.match.results_file`) and the statistics (:mod:`trickcore.match.stats`). The
:class:`MatchResult` sorts the results by ``(deal, rotation)`` before computing anything, so it
is identical however the match was run.

Nothing here performs I/O except :meth:`Match.run` with ``out=``; nothing runs at import.
"""

from __future__ import annotations

import concurrent.futures
import os
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from trickcore._version import __version__
from trickcore.bots import check_bot_options
from trickcore.codec import json_form
from trickcore.errors import MatchError, TableError
from trickcore.faults import check_time_limit
from trickcore.game import AnyGame
from trickcore.match.records import (
    OUT_FORMAT,
    GameResult,
    GameTask,
    MatchHeader,
    MatchResult,
    deal_seed_of,
    deal_streams,
    describe_task,
    result_differences,
    rotations,
)
from trickcore.match.results_file import (
    KnownResults,
    append_result,
    open_results,
    read_header,
    read_results,
)
from trickcore.match.runner import play_tasks
from trickcore.match.stats import entry_stats
from trickcore.plugins import PluginHost, default_host
from trickcore.rng import seed_problem

__all__ = ["Match", "Progress"]

Progress = Callable[[int, int], None]
"""``progress(done, total)``: games in hand (resumed ones included) and games in the match."""


class Match:
    """A duplicate tournament between bots: ``Match("euchre", ["heuristic", "random"] * 2,
    games=50).run()``.

    ``bots`` names one registered bot per seat (the same name may appear several times).
    ``games`` is the number of **deals**: each deal is played under every distinct rotation of
    the seating (:func:`rotations`), so the match plays ``games x rotations`` games
    (:attr:`total`). ``seed`` (an int or a str) names the match; deal *i* is played at a table
    seeded with :func:`deal_seed` ``(seed, i)``. ``options`` are the game's options.

    Everything is checked here, before anything is played: an unknown game
    (:class:`~trickcore.UnknownGameError`), a bad option (:class:`~trickcore.OptionError`), the
    wrong number of bots (:class:`~trickcore.TableError`), a bot that does not play the game
    (:class:`~trickcore.UnknownBotError`) and ``games`` below 1 (:class:`MatchError`).

    ``bot_options`` gives options per bot name (``{"pimc": {"iterations": 200}}``);
    ``time_limit`` (seconds per bot move, opt-in: it makes results depend on the machine) makes a
    slower move a fault. A bot that raises, answers with an illegal action or runs out of time
    loses that game by forfeit (:attr:`GameResult.forfeit`, counted in
    :attr:`EntryStats.forfeits`) and the match goes on.
    """

    def __init__(
        self,
        game: str,
        bots: Sequence[str],
        *,
        games: int,
        seed: int | str = 0,
        options: Mapping[str, Any] | None = None,
        host: PluginHost | None = None,
        bot_options: Mapping[str, Mapping[str, Any]] | None = None,
        time_limit: float | None = None,
    ) -> None:
        if isinstance(seed, bool) or not isinstance(seed, (int, str)):
            raise TypeError(f"a match's seed must be an int or a str, not {seed!r}")
        if (problem := seed_problem(seed)) is not None:
            raise MatchError(problem)
        self._bot_options = check_bot_options(bot_options)
        self._time_limit = check_time_limit(time_limit)
        if isinstance(games, bool) or not isinstance(games, int) or games < 1:
            raise MatchError(f"games (the number of deals) must be an int of 1 or more: {games!r}")
        registry = host if host is not None else default_host()
        bound = registry.load(game, **dict(options or {}))
        if isinstance(bots, str):
            raise TableError(f"bots must be a sequence of {bound.seats} bot names, not a string")
        names = tuple(bots)
        if len(names) != bound.seats:
            raise TableError(
                f"{bound.name} is played by {bound.seats} seats, but {len(names)} bots were given"
            )
        for seat, name in enumerate(names):
            if not isinstance(name, str):
                raise TableError(f"seat {seat}: a match seats bots by name, not {name!r}")
            registry.bot_factory(name, bound.name)
        strangers = sorted(set(self._bot_options) - set(names))
        if strangers:
            raise TableError(
                f"bot_options names {', '.join(map(repr, strangers))}, which "
                f"{'is' if len(strangers) == 1 else 'are'} not in this match: {list(names)}"
            )
        self._game = bound
        self._host = host
        self._bots = names
        self._deals = games
        self._seed = seed
        self._options: dict[str, Any] = json_form(bound.options)
        self._seatings = rotations(names)
        self._tasks: dict[tuple[int, int], GameTask] = {}  # made once each: a deal seed costs
        self._deal_streams = deal_streams(seed)

    @classmethod
    def from_file(cls, out: str | os.PathLike[str], *, host: PluginHost | None = None) -> Match:
        """The match whose results file ``out`` is, rebuilt from its header (game, options,
        seed, bots, bot options, time limit; one deal: :meth:`verify` reads every deal), e.g.
        ``Match.from_file(path).verify(path)``. A file without a header raises
        :class:`MatchError`; a header naming what this installation lacks raises as
        :class:`Match` does."""
        header = read_header(Path(out))
        if header.format != OUT_FORMAT:
            raise MatchError(f"{out} has match format {header.format}; this reads {OUT_FORMAT}")
        return cls(
            header.game,
            header.bots,
            games=1,
            seed=header.seed,
            options=header.options,
            host=host,
            bot_options=header.bot_options,
            time_limit=header.time_limit,
        )

    # -- what the match is ------------------------------------------------------------------

    @property
    def game(self) -> AnyGame:
        """The game, bound to its options."""
        return self._game

    @property
    def bots(self) -> tuple[str, ...]:
        """The bot name at each seat in rotation 0."""
        return self._bots

    @property
    def seed(self) -> int | str:
        """The match seed."""
        return self._seed

    @property
    def options(self) -> dict[str, Any]:
        """Every option of the game, in JSON form."""
        return dict(self._options)

    @property
    def deals(self) -> int:
        """The number of deals (the ``games`` argument)."""
        return self._deals

    @property
    def bot_options(self) -> dict[str, dict[str, Any]]:
        """Options per bot name."""
        return {name: dict(options) for name, options in self._bot_options.items()}

    @property
    def time_limit(self) -> float | None:
        """Seconds a bot may take per move, or ``None``."""
        return self._time_limit

    @property
    def seatings(self) -> tuple[tuple[str, ...], ...]:
        """The distinct seatings, rotation ``r`` at index ``r`` (:func:`rotations`)."""
        return self._seatings

    @property
    def total(self) -> int:
        """The number of games: deals times distinct rotations."""
        return self._deals * len(self._seatings)

    def task(self, deal: int, rotation: int) -> GameTask:
        """The game of ``deal`` under ``rotation``."""
        key = (deal, rotation)
        task = self._tasks.get(key)
        if task is None:
            task = self._tasks[key] = self._new_task(deal, rotation)
        return task

    def _new_task(self, deal: int, rotation: int) -> GameTask:
        return GameTask(
            game=self._game.name,
            options=dict(self._options),
            seats=self._seatings[rotation],
            deal=deal,
            rotation=rotation,
            seed=deal_seed_of(self._deal_streams, deal),
            bot_options=self._bot_options,
            time_limit=self._time_limit,
        )

    @property
    def tasks(self) -> tuple[GameTask, ...]:
        """Every game of the match, ordered by ``(deal, rotation)``."""
        return tuple(
            self.task(deal, rotation)
            for deal in range(self._deals)
            for rotation in range(len(self._seatings))
        )

    def header(self) -> MatchHeader:
        """The out file's first line for this match."""
        return MatchHeader(
            trickcore=__version__,
            game=self._game.name,
            options=self._options,
            seed=self._seed,
            bots=self._bots,
            bot_options=self._bot_options,
            time_limit=self._time_limit,
        )

    # -- running ----------------------------------------------------------------------------

    def run(
        self,
        executor: concurrent.futures.Executor | None = None,
        *,
        out: str | os.PathLike[str] | None = None,
        progress: Progress | None = None,
        verify: bool = True,
    ) -> MatchResult:
        """Play every game not played yet and return the :class:`MatchResult`.

        ``executor``: ``None`` plays the games one after the other in this thread; otherwise
        every game is submitted as ``executor.submit(play_game, task)`` (with the match's
        ``host`` as a second argument when one was given, which must then be picklable for a
        process-based executor) and collected as it completes.

        ``out``: a JSON-lines file. If it exists, it must be this match's (:class:`MatchError`
        otherwise); its results are read back and those games are not played again. Each new
        result is appended as one line, written and flushed as soon as it arrives, so an
        interrupted run loses no finished game. A last line cut short by an interruption is
        dropped; results of deals beyond ``games`` (from a longer run) stay in the file and are
        left out of the result. Before resuming, every result read back is played again
        (on ``executor``) and must reproduce exactly, digest of the final state included
        (:meth:`verify`): a line edited by hand, or written by other bots or another version of
        a game, raises :class:`MatchError` naming it. ``verify=False`` trusts the file instead,
        saving the time of playing those games again.

        ``progress(done, total)`` is called once before playing (``done`` counts the games read
        back) and once after each game played.

        A game that fails (a :class:`~trickcore.BotError`, say) raises here after the games not
        yet started are cancelled; results already written stay in the file.
        """
        path = Path(out) if out is not None else None
        known = (
            read_results(path, self.header(), deals=self._deals, check=self._check)
            if path is not None
            else KnownResults.none()
        )
        if verify and path is not None and known.results:
            self._reproduce(path, known, executor)
        done = known.results
        pending = [task for task in self.tasks if (task.deal, task.rotation) not in done]
        total = self.total
        if progress is not None:
            progress(len(done), total)
        sink = open_results(path, known, self.header()) if path is not None else None
        played = play_tasks(self._game, pending, executor, host=self._host, check=self._check)
        try:
            for result in played:
                done[(result.deal, result.rotation)] = result
                if sink is not None:
                    append_result(sink, result)
                if progress is not None:
                    progress(len(done), total)
        finally:
            played.close()  # cancels the games not started yet
            if sink is not None:
                sink.close()
        # Every result was checked on its way in (read back, or answered by an executor) or was
        # played here from this match's own tasks: only the count is left to check.
        return self._result(done.values(), checked=True)

    def verify(
        self,
        out: str | os.PathLike[str],
        executor: concurrent.futures.Executor | None = None,
    ) -> int:
        """Play again every game of the results file ``out`` (which must be this match's, as
        for :meth:`run`, deals beyond :attr:`deals` included) and return how many results
        reproduce; the first line (in file order) whose game does not reproduce exactly, final
        digest included, raises :class:`MatchError` naming the line and the fields that
        differ. The file is only read. A match with a ``time_limit`` may not reproduce: a move
        that took too long on one machine may not on another."""
        path = Path(out)
        known = read_results(
            path, self.header(), deals=sys.maxsize, check=self._check, repair=False
        )
        self._reproduce(path, known, executor)
        return len(known.results)

    def _reproduce(
        self, path: Path, known: KnownResults, executor: concurrent.futures.Executor | None
    ) -> None:
        """Raise :class:`MatchError` at the first line of ``known`` whose game, played again,
        gives another result."""
        tasks = [
            known.results[key].task
            for key in sorted(known.results, key=lambda key: known.lines.get(key, 0))
        ]
        wrong: dict[int, str] = {}
        played = play_tasks(self._game, tasks, executor, host=self._host, check=self._check)
        try:
            for replayed in played:
                key = (replayed.deal, replayed.rotation)
                if replayed != known.results[key]:
                    wrong[known.lines.get(key, 0)] = result_differences(
                        known.results[key], replayed
                    )
        finally:
            played.close()
        if wrong:
            line = min(wrong)
            raise MatchError(
                f"{path}, line {line} does not reproduce when played again: {wrong[line]}"
                + (f" ({len(wrong) - 1} more line(s) do not either)" if len(wrong) > 1 else "")
            )

    # -- checks and statistics --------------------------------------------------------------

    def _check(self, result: GameResult, where: str) -> None:
        """Raise :class:`MatchError` unless ``result`` answers a game of this match (deals
        beyond :attr:`deals` allowed) and is well formed."""
        if result.deal < 0 or not 0 <= result.rotation < len(self._seatings):
            raise MatchError(
                f"{where}: deal {result.deal}, rotation {result.rotation} is not a game of this "
                f"match (rotations 0 to {len(self._seatings) - 1})"
            )
        expected = self.task(result.deal, result.rotation)
        if result.task != expected:
            raise MatchError(
                f"{where}: the result of {describe_task(result.task)} does not match this match's "
                f"{describe_task(expected)}"
            )
        sides = len(result.sides)
        if (
            len(result.scores) != sides
            or sorted(seat for side in result.sides for seat in side)
            != list(range(len(result.seats)))
            or (result.winner is not None and not 0 <= result.winner < sides)
        ):
            raise MatchError(f"{where}: a malformed result (sides, scores or winner)")

    def summarise(self, results: Iterable[GameResult]) -> MatchResult:
        """The :class:`MatchResult` of ``results``: exactly one per game of the match, in any
        order (:class:`MatchError` otherwise)."""
        return self._result(results, checked=False)

    def _result(self, results: Iterable[GameResult], *, checked: bool) -> MatchResult:
        found: dict[tuple[int, int], GameResult] = {}
        for result in results:
            if not checked:
                self._check(result, "summarise")
            key = (result.deal, result.rotation)
            if result.deal >= self._deals or key in found:
                raise MatchError(
                    f"summarise: unexpected or repeated result for deal {result.deal}, "
                    f"rotation {result.rotation}"
                )
            found[key] = result
        if len(found) != self.total:
            raise MatchError(f"summarise: {len(found)} results for a match of {self.total} games")
        ordered = tuple(found[key] for key in sorted(found))
        return MatchResult(
            game=self._game.name,
            options=self._options,
            seed=self._seed,
            bots=self._bots,
            deals=self._deals,
            rotations=len(self._seatings),
            results=ordered,
            entries=entry_stats(self._bots, ordered),
        )

    def __repr__(self) -> str:
        return (
            f"<Match {self._game.name} bots={list(self._bots)} deals={self._deals} "
            f"rotations={len(self._seatings)} seed={self._seed!r}>"
        )

"""Playing the games of a match (DESIGN 8): one task in-process, or many on any
:class:`concurrent.futures.Executor`.

:func:`play_game` is a top-level function of plain data (a :class:`GameTask` in, a
:class:`GameResult` out), so the results are the same whichever executor runs it: none
(in-process), a thread or process pool, or a Dask cluster (``distributed.Client.get_executor()``).
"""

from __future__ import annotations

import concurrent.futures
from collections.abc import Generator, Sequence

from trickcore.codec import digest
from trickcore.errors import MatchError
from trickcore.game import AnyGame
from trickcore.match.records import GameResult, GameTask, ResultCheck, describe_task
from trickcore.plugins import PluginHost, default_host
from trickcore.table import Table

__all__ = ["play_game", "play_tasks"]


def _play(game: AnyGame, task: GameTask, host: PluginHost | None) -> GameResult:
    table = Table(
        game,
        task.seats,
        seed=task.seed,
        host=host,
        bot_options=task.bot_options,
        bot_faults="forfeit",  # one faulty bot loses its games; the match goes on
        time_limit=task.time_limit,
        keep_events=False,  # nobody watches a tournament's games: the bare apply
    )
    outcome = table.run()
    return GameResult(
        game=task.game,
        options=task.options,
        deal=task.deal,
        rotation=task.rotation,
        seed=task.seed,
        seats=table.labels,
        sides=tuple(tuple(side) for side in game.sides),
        scores=tuple(outcome.scores),
        winner=outcome.winner,
        draw=outcome.draw,
        actions=len(table.actions),
        digest=digest(table.state),  # the final state's, as match files have always held it
        bot_options=task.bot_options,
        time_limit=task.time_limit,
        forfeit=table.forfeit,
    )


def play_game(task: GameTask, host: PluginHost | None = None) -> GameResult:
    """Play one game of a match on a bots-only :class:`~trickcore.Table` and return its result.
    A bot that raises, cheats or (with ``task.time_limit``) runs out of time loses the game by
    forfeit (:attr:`GameResult.forfeit`); nothing is raised.

    A top-level function of plain data, so any executor can run it: the game is loaded by name
    with ``task.options`` from ``host`` (default: :func:`trickcore.default_host`, the installed
    plugins of the process that runs it).
    """
    game = (host if host is not None else default_host()).load(task.game, **task.options)
    return _play(game, task, host)


def play_tasks(
    game: AnyGame,
    tasks: Sequence[GameTask],
    executor: concurrent.futures.Executor | None,
    *,
    host: PluginHost | None,
    check: ResultCheck,
) -> Generator[GameResult, None, None]:
    """Play ``tasks`` of ``game`` and yield each result as it finishes.

    Without an executor the tasks are played in order in this thread, on ``game`` as it is.
    Otherwise each is submitted as ``executor.submit(play_game, task)`` (``host`` added as a
    second argument when given) and yielded as it completes, after ``check(result, where)`` and
    a check that it answers the task it was submitted for (:class:`MatchError` otherwise).
    Closing the generator early cancels the tasks not started yet.
    """
    if executor is None:
        for task in tasks:
            yield _play(game, task, host)
        return
    futures: dict[concurrent.futures.Future[GameResult], GameTask] = {}
    try:
        for task in tasks:
            if host is None:
                futures[executor.submit(play_game, task)] = task
            else:
                futures[executor.submit(play_game, task, host)] = task
        for future in concurrent.futures.as_completed(futures):
            result = future.result()
            check(result, f"the executor's result for {describe_task(futures[future])}")
            if result.task != futures[future]:
                raise MatchError(
                    f"the executor answered {describe_task(futures[future])} with the result of "
                    f"{describe_task(result.task)}"
                )
            yield result
    finally:
        for future in futures:
            future.cancel()

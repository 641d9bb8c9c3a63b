"""Tournaments: many bots-only games with duplicate deals, on any executor (DESIGN 8).

A :class:`Match` plays one game between bots, one bot name per seat (the *entries*), over
``games`` **deals**. Deal *i* is played at a table seeded with :func:`deal_seed` ``(seed, i)``,
once under every distinct rotation of the seating (:func:`rotations`): the same cards come out
in every rotation, the bots move round the table, and the luck of the cards cancels out
(duplicate play). A match therefore plays ``games x len(rotations(bots))`` games.

Each game is a :class:`GameTask` of plain data, played by the top-level function
:func:`play_game` into a :class:`GameResult` of plain data, so the results are the same
whichever :class:`concurrent.futures.Executor` runs them: none (in-process), a thread or process
pool, or a Dask cluster (``distributed.Client.get_executor()``).

With ``out=``, :meth:`Match.run` appends every result to a JSON-lines file as soon as it
finishes (a header line first, then one :class:`GameResult` per line, each written and
flushed on its own), and a later run with the same file skips the games already in it. The
:class:`MatchResult` sorts the results by ``(deal, rotation)`` before computing anything, so it
is identical however the match was run.

Statistics (see :class:`EntryStats`; ``Z95 = 1.96``):

* win rate ``wins / games`` with the **Wilson score interval**
  ``(p + z²/2n ± z·√(p(1-p)/n + z²/4n²)) / (1 + z²/n)`` (:func:`wilson_interval`);
* mean points and mean point difference with the **normal approximation**
  ``mean ± z·sd/√n``, ``sd`` the sample standard deviation (``n - 1``) (:func:`mean_interval`);
* the **paired** (duplicate) point difference: the same mean, with its interval computed over
  the per-deal averages, which are independent of each other while the games of one deal are
  not.

Nothing here performs I/O except :meth:`Match.run` with ``out=``; nothing runs at import.
"""

from __future__ import annotations

import concurrent.futures
import math
import os
from collections.abc import Callable, Generator, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import msgspec

from trickcore._version import __version__
from trickcore.codec import digest
from trickcore.errors import MatchError, TableError
from trickcore.game import AnyGame
from trickcore.plugins import PluginHost, default_host
from trickcore.rng import Rng
from trickcore.table import Table

__all__ = [
    "OUT_FORMAT",
    "Z95",
    "EntryStats",
    "Estimate",
    "GameResult",
    "GameTask",
    "Match",
    "MatchError",
    "MatchHeader",
    "MatchResult",
    "deal_seed",
    "format_table",
    "mean_interval",
    "play_game",
    "rotations",
    "wilson_interval",
]

Z95 = 1.96
"""The normal quantile used for every 95% interval (the usual rounded value)."""

OUT_FORMAT = 1
"""The format of the match header line this version writes and reads."""

Progress = Callable[[int, int], None]
"""``progress(done, total)``: games in hand (resumed ones included) and games in the match."""


# -- plain data ---------------------------------------------------------------------------------


class GameTask(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One game of a match, as plain data (picklable, JSON-able): what :func:`play_game` needs."""

    game: str
    """The game's registry name."""
    options: dict[str, Any]
    """Every option of the game, in JSON form (defaults included)."""
    seats: tuple[str, ...]
    """The bot name at each seat (the seating of this rotation)."""
    deal: int
    """The deal index, 0 to ``games - 1``."""
    rotation: int
    """The rotation: seat *s* holds ``bots[(s - rotation) % n]``."""
    seed: int
    """The table seed, :func:`deal_seed` of the match seed and the deal."""


class GameResult(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="game"):
    """The result of one game, as plain data: one line of the out file (``"type": "game"``)."""

    game: str
    """The game's registry name."""
    options: dict[str, Any]
    """Every option of the game, in JSON form."""
    deal: int
    """The deal index."""
    rotation: int
    """The rotation index."""
    seed: int
    """The table seed."""
    seats: tuple[str, ...]
    """The label (bot name) at each seat."""
    sides: tuple[tuple[int, ...], ...]
    """The seats of each side (``game.sides``)."""
    scores: tuple[int, ...]
    """The final score of each side."""
    winner: int | None
    """The winning side, or ``None`` on a draw."""
    draw: bool
    """True on a draw."""
    actions: int
    """How many actions the game took, chance ones included."""
    digest: str
    """The digest of the final state (the replay's ``digest``)."""

    @property
    def task(self) -> GameTask:
        """The task this result answers."""
        return GameTask(
            game=self.game,
            options=self.options,
            seats=self.seats,
            deal=self.deal,
            rotation=self.rotation,
            seed=self.seed,
        )


class MatchHeader(
    msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="match"
):
    """The first line of an out file (``"type": "match"``): which match the results belong to.

    ``game``, ``options``, ``seed`` and ``bots`` must equal the match's to resume it;
    ``trickcore`` is informational. The number of deals is not recorded: a match may be resumed
    with more deals (deal seeds do not depend on it).
    """

    format: int = OUT_FORMAT
    trickcore: str
    game: str
    options: dict[str, Any]
    seed: int | str
    bots: tuple[str, ...]


class Estimate(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A statistic with its 95% interval: ``value`` in ``[low, high]`` from ``n`` observations.

    ``low`` and ``high`` are ``None`` where no interval can be computed (a normal interval needs
    ``n >= 2``).
    """

    value: float
    low: float | None
    high: float | None
    n: int


class EntryStats(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The results of one entry (a distinct bot name) over a match.

    An *observation* is one game and one side the bot sits on: seats of one side held by the
    same bot count once; a bot that sits on several sides of a game (a mirror match, or two
    copies of a bot in a game without partners) counts once per side.
    """

    name: str
    """The bot name."""
    seats: int
    """How many seats of the seating it holds."""
    games: int
    """Observations: games times the sides it sits on in each."""
    wins: int
    """Observations where its side won."""
    draws: int
    """Observations that were draws."""
    losses: int
    """Observations where another side won."""
    win_rate: Estimate
    """``wins / games``, draws counting as not won, with the Wilson score interval."""
    points: Estimate
    """The mean score of its side per game, with the normal interval."""
    diff: Estimate
    """The mean of (its side's score minus the best other side's), with the normal interval."""
    paired_diff: Estimate
    """The same mean point difference, its interval computed over the per-deal averages (each
    deal's games under every rotation averaged first): the duplicate comparison. ``n`` is the
    number of deals."""


# -- pure functions -----------------------------------------------------------------------------


def rotations(bots: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    """The distinct seatings of ``bots``, rotation ``r`` at index ``r``.

    Rotation ``r`` puts ``bots[(s - r) % n]`` at seat ``s``. A seating repeats with the period
    of the sequence, so the distinct rotations are exactly ``0 … p - 1`` where ``p`` is the
    first rotation giving back rotation 0: ``["A", "B", "A", "B"]`` has 2,
    ``["A", "B", "C", "D"]`` 4 and ``["A", "A"]`` 1.
    """
    names = tuple(bots)
    seatings: list[tuple[str, ...]] = []
    for shift in range(len(names)):
        seating = tuple(names[(seat - shift) % len(names)] for seat in range(len(names)))
        if seatings and seating == seatings[0]:
            break
        seatings.append(seating)
    return tuple(seatings)


def deal_seed(seed: int | str, deal: int) -> int:
    """The table seed of deal ``deal``: the top 53 bits of ``Rng(seed, "match", "deal", deal)``'s
    first word (53 bits, so that the seed survives JSON readers that use doubles)."""
    return Rng(seed, "match", "deal", deal).next_u64() >> 11


def wilson_interval(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``successes / n``.

    With ``p = successes / n``: ``(p + z²/(2n) ± z·√(p(1-p)/n + z²/(4n²))) / (1 + z²/n)``,
    clipped to ``[0, 1]`` (exactly 0 at 0 successes, exactly 1 at n). Unlike the plain
    ``p ± z·√(p(1-p)/n)`` it stays inside ``[0, 1]`` and does not shrink to a point at 0 or n
    successes.
    """
    if n < 1 or not 0 <= successes <= n:
        raise ValueError(f"need 0 <= successes <= n and n >= 1, not {successes} of {n}")
    p = successes / n
    z2 = z * z
    scale = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / scale
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / scale
    # At 0 (or n) successes the bound is 0 (or 1) exactly; rounding would give 1e-17 away.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return low, high


def mean_interval(values: Sequence[float], z: float = Z95) -> Estimate:
    """The mean of ``values`` with the normal-approximation interval ``mean ± z·sd/√n``.

    ``sd`` is the sample standard deviation (divided by ``n - 1``); with fewer than two values
    there is no interval (``low`` and ``high`` are ``None``). Sums use :func:`math.fsum`, so the
    result does not depend on the order of the values.
    """
    mean, half = _mean_and_half_width(values, z)
    if half is None:
        return Estimate(value=mean, low=None, high=None, n=len(values))
    return Estimate(value=mean, low=mean - half, high=mean + half, n=len(values))


def _mean_and_half_width(values: Sequence[float], z: float) -> tuple[float, float | None]:
    """The mean of ``values`` and ``z·sd/√n`` (``None`` with fewer than two values)."""
    n = len(values)
    if n < 1:
        raise ValueError("the mean of no values")
    mean = math.fsum(values) / n
    if n < 2:
        return mean, None
    sd = math.sqrt(math.fsum((value - mean) ** 2 for value in values) / (n - 1))
    return mean, z * sd / math.sqrt(n)


def _json_form(obj: Any) -> Any:
    return msgspec.json.decode(msgspec.json.encode(obj))


def _play(game: AnyGame, task: GameTask, host: PluginHost | None) -> GameResult:
    table = Table(game, task.seats, seed=task.seed, host=host)
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
        digest=digest(table.state),  # what table.replay().digest holds, without the replay
    )


def play_game(task: GameTask, host: PluginHost | None = None) -> GameResult:
    """Play one game of a match on a bots-only :class:`~trickcore.Table` and return its result.

    A top-level function of plain data, so any executor can run it: the game is loaded by name
    with ``task.options`` from ``host`` (default: :func:`trickcore.default_host`, the installed
    plugins of the process that runs it).
    """
    game = (host if host is not None else default_host()).load(task.game, **task.options)
    return _play(game, task, host)


# -- the match ----------------------------------------------------------------------------------


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
    ) -> None:
        if isinstance(seed, bool) or not isinstance(seed, (int, str)):
            raise TypeError(f"a match's seed must be an int or a str, not {seed!r}")
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
        self._game = bound
        self._host = host
        self._bots = names
        self._deals = games
        self._seed = seed
        self._options: dict[str, Any] = _json_form(bound.options)
        self._seatings = rotations(names)

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
    def seatings(self) -> tuple[tuple[str, ...], ...]:
        """The distinct seatings, rotation ``r`` at index ``r`` (:func:`rotations`)."""
        return self._seatings

    @property
    def total(self) -> int:
        """The number of games: deals times distinct rotations."""
        return self._deals * len(self._seatings)

    def task(self, deal: int, rotation: int) -> GameTask:
        """The game of ``deal`` under ``rotation``."""
        return GameTask(
            game=self._game.name,
            options=dict(self._options),
            seats=self._seatings[rotation],
            deal=deal,
            rotation=rotation,
            seed=deal_seed(self._seed, deal),
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
        )

    # -- running ----------------------------------------------------------------------------

    def run(
        self,
        executor: concurrent.futures.Executor | None = None,
        *,
        out: str | os.PathLike[str] | None = None,
        progress: Progress | None = None,
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
        left out of the result.

        ``progress(done, total)`` is called once before playing (``done`` counts the games read
        back) and once after each game played.

        A game that fails (a :class:`~trickcore.BotError`, say) raises here after the games not
        yet started are cancelled; results already written stay in the file.
        """
        path = Path(out) if out is not None else None
        known = self._read(path) if path is not None else _Known({}, False, True)
        done = known.results
        pending = [task for task in self.tasks if (task.deal, task.rotation) not in done]
        total = self.total
        if progress is not None:
            progress(len(done), total)
        sink = None
        if path is not None:
            sink = path.open("ab")
            if known.empty:
                sink.write(msgspec.json.encode(self.header()) + b"\n")
            elif known.needs_newline:
                sink.write(b"\n")
            sink.flush()
        played = self._play_all(pending, executor)
        try:
            for result in played:
                done[(result.deal, result.rotation)] = result
                if sink is not None:
                    sink.write(msgspec.json.encode(result) + b"\n")
                    sink.flush()
                if progress is not None:
                    progress(len(done), total)
        finally:
            played.close()  # cancels the games not started yet
            if sink is not None:
                sink.close()
        return self.summarise(done.values())

    def _play_all(
        self, pending: Sequence[GameTask], executor: concurrent.futures.Executor | None
    ) -> Generator[GameResult, None, None]:
        if executor is None:
            for task in pending:
                yield _play(self._game, task, self._host)
            return
        futures: dict[concurrent.futures.Future[GameResult], GameTask] = {}
        try:
            for task in pending:
                if self._host is None:
                    futures[executor.submit(play_game, task)] = task
                else:
                    futures[executor.submit(play_game, task, self._host)] = task
            for future in concurrent.futures.as_completed(futures):
                result = future.result()
                self._check(result, f"the executor's result for {_name(futures[future])}")
                if result.task != futures[future]:
                    raise MatchError(
                        f"the executor answered {_name(futures[future])} with the result of "
                        f"{_name(result.task)}"
                    )
                yield result
        finally:
            for future in futures:
                future.cancel()

    # -- the out file -----------------------------------------------------------------------

    def _read(self, path: Path) -> _Known:
        """The results already in ``path`` (checked against this match); repairs a last line
        cut short by an interruption."""
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return _Known({}, False, True)
        lines = data.split(b"\n")
        tail = lines.pop()  # b"" when the file ends with a newline
        cut = False  # the last line was cut short by an interruption
        if tail.strip():
            try:
                _decode_line(tail)
            except msgspec.DecodeError:
                cut = True
            else:
                lines.append(tail)  # complete but for its newline
        numbered = [(number, line) for number, line in enumerate(lines, 1) if line.strip()]
        if not numbered:
            if cut and not msgspec.json.encode(self.header()).startswith(tail):
                raise MatchError(f"{path} is not a trickcore match file (no match header)")
            if data:  # blank, or a header cut short: start afresh
                with path.open("r+b") as handle:
                    handle.truncate(0)
            return _Known({}, False, True)
        first_number, first = numbered[0]
        try:
            header = _decode_line(first)
        except msgspec.DecodeError as error:
            raise MatchError(
                f"{path} is not a trickcore match file: line {first_number} is not a match "
                f"header ({error})"
            ) from None
        if not isinstance(header, MatchHeader):
            raise MatchError(
                f"{path} is not a trickcore match file: its first line is a game result, "
                "not a match header"
            )
        self._check_header(path, header)
        found: dict[tuple[int, int], GameResult] = {}
        for number, line in numbered[1:]:
            where = f"{path}, line {number}"
            try:
                result = _decode_line(line)
            except msgspec.DecodeError as error:
                raise MatchError(f"{where}: not a game result: {error}") from None
            if not isinstance(result, GameResult):
                raise MatchError(f"{where}: a second match header")
            self._check(result, where)
            if result.deal >= self._deals:
                continue  # from a run with more deals: kept in the file, left out here
            key = (result.deal, result.rotation)
            if key in found and found[key] != result:
                raise MatchError(
                    f"{where}: deal {result.deal}, rotation {result.rotation} is already in the "
                    "file with a different result (were the bots or the game changed?)"
                )
            found[key] = result
        if cut:  # only now that the file is known to be this match's: drop the broken line
            with path.open("r+b") as handle:
                handle.truncate(len(data) - len(tail))
        return _Known(found, needs_newline=bool(tail.strip()) and not cut, empty=False)

    def _check_header(self, path: Path, header: MatchHeader) -> None:
        if header.format != OUT_FORMAT:
            raise MatchError(
                f"{path} has match format {header.format}; this trickcore reads {OUT_FORMAT}"
            )
        mine = self.header()
        differences = [
            f"{field} {getattr(header, field)!r} (this match: {getattr(mine, field)!r})"
            for field in ("game", "options", "seed", "bots")
            if getattr(header, field) != getattr(mine, field)
        ]
        if differences:
            raise MatchError(
                f"{path} holds the results of another match: " + "; ".join(differences)
            )

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
                f"{where}: the result of {_name(result.task)} does not match this match's "
                f"{_name(expected)}"
            )
        sides = len(result.sides)
        if (
            len(result.scores) != sides
            or sorted(seat for side in result.sides for seat in side)
            != list(range(len(result.seats)))
            or (result.winner is not None and not 0 <= result.winner < sides)
        ):
            raise MatchError(f"{where}: a malformed result (sides, scores or winner)")

    # -- statistics -------------------------------------------------------------------------

    def summarise(self, results: Iterable[GameResult]) -> MatchResult:
        """The :class:`MatchResult` of ``results``: exactly one per game of the match, in any
        order (:class:`MatchError` otherwise)."""
        found: dict[tuple[int, int], GameResult] = {}
        for result in results:
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
            entries=_entries(self._bots, ordered),
        )

    def __repr__(self) -> str:
        return (
            f"<Match {self._game.name} bots={list(self._bots)} deals={self._deals} "
            f"rotations={len(self._seatings)} seed={self._seed!r}>"
        )


class _Known(msgspec.Struct):
    results: dict[tuple[int, int], GameResult]
    needs_newline: bool
    """The file's last line lacks its newline."""
    empty: bool
    """The file holds nothing yet (no header)."""


def _decode_line(line: bytes) -> MatchHeader | GameResult:
    decoded: MatchHeader | GameResult = msgspec.json.decode(line, type=MatchHeader | GameResult)
    return decoded


def _name(task: GameTask) -> str:
    return (
        f"deal {task.deal}, rotation {task.rotation} (seed {task.seed}, seats {list(task.seats)})"
    )


def _entries(bots: Sequence[str], results: Sequence[GameResult]) -> tuple[EntryStats, ...]:
    """Per distinct bot name, in order of first seat, the statistics of ``results`` (sorted by
    ``(deal, rotation)``)."""
    names = list(dict.fromkeys(bots))
    outcomes: dict[str, list[str]] = {name: [] for name in names}
    points: dict[str, list[float]] = {name: [] for name in names}
    diffs: dict[str, list[float]] = {name: [] for name in names}
    per_deal: dict[str, dict[int, list[float]]] = {name: {} for name in names}
    for result in results:
        for side, seats in enumerate(result.sides):
            own = result.scores[side]
            best_other = max(
                (score for other, score in enumerate(result.scores) if other != side), default=0
            )
            if result.winner == side:
                kind = "win"
            elif result.draw or result.winner is None:
                kind = "draw"
            else:
                kind = "loss"
            for name in dict.fromkeys(result.seats[seat] for seat in seats):
                outcomes[name].append(kind)
                points[name].append(float(own))
                diffs[name].append(float(own - best_other))
                per_deal[name].setdefault(result.deal, []).append(float(own - best_other))
    entries = []
    for name in names:
        games = len(outcomes[name])
        wins = outcomes[name].count("win")
        draws = outcomes[name].count("draw")
        low, high = wilson_interval(wins, games)
        diff = mean_interval(diffs[name])
        deal_means = [math.fsum(values) / len(values) for values in per_deal[name].values()]
        entries.append(
            EntryStats(
                name=name,
                seats=bots.count(name),
                games=games,
                wins=wins,
                draws=draws,
                losses=games - wins - draws,
                win_rate=Estimate(value=wins / games, low=low, high=high, n=games),
                points=mean_interval(points[name]),
                diff=diff,
                paired_diff=_paired(diff.value, deal_means),
            )
        )
    return tuple(entries)


def _paired(value: float, deal_means: Sequence[float]) -> Estimate:
    """``value`` (the mean point difference) with the half-width of the normal interval of the
    per-deal means around it."""
    _, half = _mean_and_half_width(deal_means, Z95)
    if half is None:
        return Estimate(value=value, low=None, high=None, n=len(deal_means))
    return Estimate(value=value, low=value - half, high=value + half, n=len(deal_means))


# -- the result ---------------------------------------------------------------------------------


class MatchResult(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The outcome of a :class:`Match`: every game, sorted by ``(deal, rotation)``, and the
    statistics of each entry. Identical however the match was run (in-process, on an executor,
    resumed)."""

    game: str
    """The game's registry name."""
    options: dict[str, Any]
    """Every option of the game, in JSON form."""
    seed: int | str
    """The match seed."""
    bots: tuple[str, ...]
    """The bot name at each seat in rotation 0."""
    deals: int
    """The number of deals (the ``games`` argument of :class:`Match`)."""
    rotations: int
    """The number of distinct rotations each deal was played under."""
    results: tuple[GameResult, ...]
    """Every game, ``deals x rotations`` of them, sorted by ``(deal, rotation)``."""
    entries: tuple[EntryStats, ...]
    """One per distinct bot name, in order of first seat."""

    @property
    def games(self) -> int:
        """The number of games played: ``deals x rotations``."""
        return len(self.results)

    def entry(self, name: str) -> EntryStats:
        """The statistics of the bot ``name`` (:class:`KeyError` if it did not play)."""
        for entry in self.entries:
            if entry.name == name:
                return entry
        raise KeyError(name)

    def table(self) -> list[str]:
        """The statistics as lines of text, one row per entry, for a terminal."""
        return format_table(self)


def _interval(estimate: Estimate, digits: int, sign: bool = False) -> str:
    if estimate.low is None or estimate.high is None:
        return "n/a"
    spec = f"{'+' if sign else ''}.{digits}f"
    return f"[{estimate.low:{spec}}, {estimate.high:{spec}}]"


def format_table(result: MatchResult) -> list[str]:
    """``result`` as lines of text: a title, a header and one row per entry (win rate, mean
    points and mean point difference, each with its 95% interval)."""
    title = (
        f"{result.game}: {result.deals} deal{'s' if result.deals != 1 else ''} x "
        f"{result.rotations} rotation{'s' if result.rotations != 1 else ''} = "
        f"{result.games} game{'s' if result.games != 1 else ''}, seed {result.seed!r}"
    )
    header = (
        "bot",
        "games",
        "wins",
        "draws",
        "losses",
        "win rate",
        "95% CI",
        "points",
        "95% CI",
        "diff",
        "95% CI",
        "paired 95% CI",
    )
    rows = [
        (
            entry.name,
            str(entry.games),
            str(entry.wins),
            str(entry.draws),
            str(entry.losses),
            f"{entry.win_rate.value:.3f}",
            _interval(entry.win_rate, 3),
            f"{entry.points.value:.2f}",
            _interval(entry.points, 2),
            f"{entry.diff.value:+.2f}",
            _interval(entry.diff, 2, sign=True),
            _interval(entry.paired_diff, 2, sign=True),
        )
        for entry in result.entries
    ]
    widths = [max(len(row[column]) for row in [header, *rows]) for column in range(len(header))]

    def line(cells: Sequence[str]) -> str:
        first = cells[0].ljust(widths[0])
        rest = (cell.rjust(width) for cell, width in zip(cells[1:], widths[1:], strict=True))
        return "  ".join([first, *rest]).rstrip()

    return [title, line(header), *(line(row) for row in rows)]

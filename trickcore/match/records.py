"""The plain data of a match (DESIGN 8): its games as tasks, their results, the out file's header,
and the statistics of each entry.

Every record here is a frozen msgspec Struct of plain values, so it pickles (for any
:class:`concurrent.futures.Executor`) and serialises to JSON (for the out file). This module also
defines which game of a match a task is: :func:`rotations` (the distinct seatings) and
:func:`deal_seed` (the table seed of a deal).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from trickcore.faults import Forfeit
from trickcore.rng import Rng

__all__ = [
    "OUT_FORMAT",
    "EntryStats",
    "Estimate",
    "GameResult",
    "GameTask",
    "MatchHeader",
    "MatchResult",
    "ResultCheck",
    "result_differences",
    "deal_seed",
    "deal_seed_of",
    "deal_streams",
    "describe_task",
    "rotations",
]

OUT_FORMAT = 1
"""The format of the match header line this version writes and reads."""


class GameTask(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One game of a match, as plain data (picklable, JSON-able): what
    :func:`~trickcore.match.play_game` needs."""

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
    bot_options: dict[str, dict[str, Any]] = {}
    """Options per bot name (``{"pimc": {"iterations": 200}}``)."""
    time_limit: float | None = None
    """Seconds a bot may take per move (opt-in), or ``None``."""


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
    """The digest of the final state (:func:`trickcore.digest`; a replay's ``digest`` also
    covers the game and its options since replay format 2)."""
    bot_options: dict[str, dict[str, Any]] = {}
    """Options per bot name, as in the task."""
    time_limit: float | None = None
    """The time limit per bot move, as in the task."""
    forfeit: Forfeit | None = None
    """The bot fault that ended the game (its side lost), or ``None``."""

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
            bot_options=self.bot_options,
            time_limit=self.time_limit,
        )


class MatchHeader(
    msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="match"
):
    """The first line of an out file (``"type": "match"``): which match the results belong to.

    ``game``, ``options``, ``seed``, ``bots``, ``bot_options`` and ``time_limit`` must equal the
    match's to resume it; ``trickcore`` is informational. The number of deals is not recorded: a
    match may be resumed with more deals (deal seeds do not depend on it).
    """

    format: int = OUT_FORMAT
    trickcore: str
    game: str
    options: dict[str, Any]
    seed: int | str
    bots: tuple[str, ...]
    bot_options: dict[str, dict[str, Any]] = {}
    time_limit: float | None = None


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
    forfeits: int = 0
    """Games this bot lost by its own fault (it raised, cheated or ran out of time)."""
    crashes: int = 0
    """Of its forfeits, the games in which it raised an exception (crashed)."""
    win_rate: Estimate
    """``wins / games``, draws counting as not won, with the Wilson score interval."""
    points: Estimate
    """The mean score of its side per game, with the bootstrap interval."""
    diff: Estimate
    """The mean of (its side's score minus the best other side's), with the bootstrap
    interval."""
    paired_diff: Estimate
    """The same mean point difference, its interval computed over the per-deal averages (each
    deal's games under every rotation averaged first): the duplicate comparison. ``n`` is the
    number of deals."""


class MatchResult(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The outcome of a :class:`~trickcore.Match`: every game, sorted by ``(deal, rotation)``,
    and the statistics of each entry. Identical however the match was run (in-process, on an
    executor, resumed)."""

    game: str
    """The game's registry name."""
    options: dict[str, Any]
    """Every option of the game, in JSON form."""
    seed: int | str
    """The match seed."""
    bots: tuple[str, ...]
    """The bot name at each seat in rotation 0."""
    deals: int
    """The number of deals (the ``games`` argument of :class:`~trickcore.Match`)."""
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


ResultCheck = Callable[[GameResult, str], None]
"""``check(result, where)``: raise :class:`~trickcore.MatchError` (naming ``where``) unless
``result`` answers a game of the match and is well formed."""


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
    return deal_seed_of(deal_streams(seed), deal)


def deal_streams(seed: int | str) -> Rng:
    """``Rng(seed, "match", "deal")``, the stream every deal seed of a match is derived from:
    keep it to work out many deal seeds with :func:`deal_seed_of`."""
    return Rng(seed, "match", "deal")


def deal_seed_of(streams: Rng, deal: int) -> int:
    """:func:`deal_seed` ``(seed, deal)`` from ``streams = deal_streams(seed)``, with less
    work than naming the stream from the seed every time."""
    return streams.derive(deal).next_u64() >> 11


def describe_task(task: GameTask) -> str:
    """``task`` in the words of an error message: its deal, rotation, seed and seats."""
    return (
        f"deal {task.deal}, rotation {task.rotation} (seed {task.seed}, seats {list(task.seats)})"
    )


def result_differences(written: GameResult, replayed: GameResult) -> str:
    """``"scores is (1, 0), play gives (0, 0)"`` for each field in which a result ``written``
    in a file and the same game ``replayed`` differ."""
    return "; ".join(
        f"{name} is {getattr(written, name)!r}, play gives {getattr(replayed, name)!r}"
        for name in written.__struct_fields__
        if getattr(written, name) != getattr(replayed, name)
    )

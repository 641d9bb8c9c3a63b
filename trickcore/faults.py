"""Bot faults: what happens when a bot raises, answers with an action that is not legal, or takes
longer than an opt-in time limit (DESIGN 6, 8).

A :class:`~trickcore.Table` either raises :class:`~trickcore.errors.BotError` (the default, for
development: the fault is a bug to see) or, with ``bot_faults="forfeit"`` (what a
:class:`~trickcore.Match` uses, so that one bad bot does not stop a tournament), ends the game
there: the bot's side loses by :class:`Forfeit`. :func:`forfeit_outcome` is that result.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from trickcore.errors import TableError
from trickcore.game import Outcome, Seat, SeatField

__all__ = ["BotFaults", "FaultKind", "Forfeit", "check_time_limit", "forfeit_outcome"]

BotFaults = Literal["raise", "forfeit"]
"""What a table does with a bot fault: raise :class:`~trickcore.errors.BotError`, or end the
game with a :class:`Forfeit`."""

FaultKind = Literal["raised", "illegal", "timeout"]
"""The kinds of fault: the bot raised an exception, answered with an action that is not legal,
or answered after the table's time limit."""


class Forfeit(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A game lost by a bot's fault: the seat, the bot's label, the kind of fault and what
    happened, in words."""

    seat: SeatField
    """The seat whose bot failed."""
    bot: str
    """The bot's label."""
    kind: FaultKind
    """The kind of fault: the bot raised, answered with an illegal action, or too late."""
    detail: str
    """What happened, in words."""

    def __str__(self) -> str:
        return f"seat {self.seat} ({self.bot}) forfeits: {self.detail}"


def forfeit_outcome(
    sides: tuple[tuple[Seat, ...], ...], scores: tuple[int, ...], seat: Seat
) -> Outcome:
    """The outcome of a game that ``seat`` forfeits with the ``scores`` reached so far: the game
    is over and the forfeiting side loses. With two sides the other one wins; with more, the
    other side with the highest score wins (the lowest-numbered on a tie), so a forfeit is never
    a draw."""
    loser = next(side for side, members in enumerate(sides) if seat in members)
    others = [side for side in range(len(sides)) if side != loser]
    if not others:  # a game of one side: nobody can win it
        return Outcome.settle(sides, scores, finished=True, winner=None)
    winner = max(others, key=lambda side: (scores[side], -side))
    return Outcome.settle(sides, scores, finished=True, winner=winner)


def check_time_limit(limit: object) -> float | None:
    """A time limit per bot move: ``None`` (none) or seconds above 0, as a float;
    :class:`~trickcore.errors.TableError` for anything else."""
    if limit is None:
        return None
    if isinstance(limit, bool) or not isinstance(limit, (int, float)) or not limit > 0:
        raise TableError(f"time_limit must be a number of seconds above 0, not {limit!r}")
    return float(limit)

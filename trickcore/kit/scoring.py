"""Scores per side: points added to one side, and the side in the lead (DESIGN 4a).

Every trick-taking game keeps numbers per side (scores, tricks won, points in the hand) as a
tuple with one entry per side of its :class:`~trickcore.kit.seating.Seating`, and changes one
entry at a time; and most games end with "the highest score wins, a tie for it is a draw".

>>> add_points((7, 4), 1, 2)
(7, 6)
>>> top_side((3, 5, 5)), top_side((3, 6, 5))
(None, 1)
"""

from __future__ import annotations

from typing import TypeVar

__all__ = ["add_points", "top_side"]

T = TypeVar("T", bound=tuple[int, ...])


def add_points(values: T, side: int, points: int) -> T:
    """``values`` (one entry per side) with ``points`` added to ``side``'s entry: a tuple of
    the same length (so of the same type: ``tuple[int, int]`` stays one)."""
    added: list[int] = list(values)
    added[side] += points
    # The same length, which mypy cannot follow through the list (no cast(): a call at run time).
    return tuple(added)  # type: ignore[return-value]


def top_side(values: tuple[int, ...]) -> int | None:
    """The side with the highest of ``values``, or ``None`` when two or more share it (a
    draw)."""
    best = max(values)
    return values.index(best) if values.count(best) == 1 else None

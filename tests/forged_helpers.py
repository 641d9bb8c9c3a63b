"""Helpers for the forged-state tests (issue 10): a state a real game reached, and the check
that ``validate`` refuses a forgery of it with a message naming the defect."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pytest

import trickcore
from trickcore import InvalidStateError, Table

__all__ = ["reached", "refused"]


def reached(
    name: str, options: Mapping[str, Any], until: Callable[[Any], bool], seed: int = 3
) -> Any:
    """The first state of a game of random bots (``seed``) for which ``until`` holds; it is
    valid."""
    game = trickcore.load(name, **options)
    table = Table(game, ["random"] * game.seats, seed=seed)
    while not until(table.state):
        assert table.advance(max_steps=1) == 1, "the game ended before the state was reached"
    game.validate(table.state)  # the genuine state is valid
    return table.state


def refused(name: str, options: Mapping[str, Any], state: Any, words: str) -> None:
    """``validate`` refuses ``state`` with a message matching ``words``."""
    with pytest.raises(InvalidStateError, match=words):
        trickcore.load(name, **options).validate(state)

"""``validate`` on forged states (issue 10), every game: each field of states from real games
is changed to a value of another type or out of range (a seat 7, a ``None``, a side -1, one
level down in records such as bids, tricks and scores); ``validate`` answers
:class:`InvalidStateError` or accepts, never crashes."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import msgspec
import pytest
from msgspec.structs import fields, replace

import trickcore
from trickcore import InvalidStateError, Table

WRONG_INTS = (7, -1, 10**6)


def _forged_values(value: Any, depth: int = 0) -> Iterator[Any]:
    """Values to put in place of ``value``: wrong numbers, ``None``, and records whose own
    fields are wrong (one level down)."""
    yield None
    if isinstance(value, bool):
        yield not value
    elif isinstance(value, int):
        yield from WRONG_INTS
    elif isinstance(value, msgspec.Struct) and depth < 1:
        for field in fields(value):
            for wrong in _forged_values(getattr(value, field.name), depth + 1):
                yield replace(value, **{field.name: wrong})
    elif isinstance(value, tuple) and value:
        for wrong in _forged_values(value[0], depth):
            yield (wrong, *value[1:])


def _states(name: str, seed: int) -> list[Any]:
    game = trickcore.load(name, first_dealer=0)
    table = Table(game, ["random"] * game.seats, seed=seed)
    table.run()
    return list(table.history().states[1::8])


@pytest.mark.parametrize("name", ["euchre", "allfours", "apples", "high-card"])
def test_validate_refuses_forged_states_without_crashing(name: str) -> None:
    game = trickcore.load(name, first_dealer=0)
    tried = refused = 0
    for state in _states(name, seed=1):
        for field in fields(state):
            for wrong in _forged_values(getattr(state, field.name)):
                forged = replace(state, **{field.name: wrong})
                tried += 1
                try:
                    game.validate(forged)
                except InvalidStateError:
                    refused += 1
    assert tried > 40 and refused > tried // 2

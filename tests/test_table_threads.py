"""A table shared between threads (issue 10): every history is one a single thread could have
made, and a duplicate submission is refused, not applied twice."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import trickcore
from trickcore import Table, TableError, TrickcoreError, WrongSeatError

THREADS = 8


@pytest.fixture(autouse=True)
def eager_switching() -> Iterator[None]:
    """Threads switch as often as the interpreter can, so that races show at once."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(interval)


def _together(work: Callable[[int], Any]) -> list[Any]:
    """Run ``work(i)`` in each of THREADS threads started at once; their results or errors."""
    start = threading.Barrier(THREADS)
    results: list[Any] = [None] * THREADS

    def run(index: int) -> None:
        start.wait()
        try:
            results[index] = work(index)
        except TrickcoreError as error:
            results[index] = error

    threads = [threading.Thread(target=run, args=(i,)) for i in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


@pytest.mark.parametrize("seed", range(5))
def test_threads_advancing_one_table_make_the_single_threaded_history(seed: int) -> None:
    game = trickcore.load("euchre", single_hand=True)
    alone = Table(game, ["random"] * 4, seed=seed)
    alone.run()
    shared = Table(game, ["random"] * 4, seed=seed)

    def step_until_over(index: int) -> int:
        if index % 2:  # half the threads run the table to the end in one call
            return shared.advance()
        taken = 0
        while not shared.over:
            taken += shared.advance(max_steps=1)
            shared.replay()  # readers interleave with writers
        return taken

    taken = _together(step_until_over)
    assert sum(taken) == len(alone.actions)
    assert shared.actions == alone.actions
    assert trickcore.replay.verify(shared.replay()) == alone.outcome


def test_a_duplicate_submission_is_applied_once() -> None:
    game = trickcore.load("euchre", first_dealer=3)
    table = Table(game, [None, "random", "random", "random"], seed=1)
    table.advance()
    seat = table.to_act
    assert seat == 0
    action = table.legal_actions(seat)[0]
    before = len(table.actions)

    results = _together(lambda _: table.play(seat, action, at=before))
    assert results.count(None) == 1  # one submission played
    refused = [r for r in results if r is not None]
    assert len(refused) == THREADS - 1
    assert all(isinstance(r, TableError | WrongSeatError) for r in refused)
    assert len(table.actions) == before + 1


def test_at_refuses_a_stale_submission_even_from_the_seat_to_act() -> None:
    game = trickcore.load("euchre", first_dealer=3)
    table = Table(game, [None, "random", "random", "random"], seed=1)
    table.advance()
    seen = len(table.actions)
    action = table.legal_actions(0)[0]
    with pytest.raises(TableError, match="has moved on"):
        table.play(0, action, at=seen - 1)
    assert len(table.actions) == seen
    table.play_json(0, trickcore.to_json(action), at=seen)
    assert len(table.actions) == seen + 1

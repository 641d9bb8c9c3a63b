"""The soak (``benchmarks/soak.py``, issue 10), a fast slice: 1,500 Euchre hands in one process
(600 in the slice of ``tests/sweeps.py``), some through a saved and resumed ``Table``; the memory
Python holds does not grow after warm-up. ``tox -e soak`` plays 100,000 hands. A leak of 100
bytes a hand would grow the traced memory by 120 KB between the first checkpoint and the last:
well past the tolerance, which leaves room for measurement noise.

The generator keeps the first 1,024 labels it encodes (``trickcore/rng.py``), and every hand's
seed is a new label: a soak started in a fresh process would see that bounded cache fill while
it measures (some 60 KB, about the tolerance), one started after other tests would not. So the
cache is filled first, and the verdict does not depend on what ran before in the process."""

from __future__ import annotations

from typing import Any

import pytest
from benchmark_scripts import benchmark
from sweeps import sweep_size

from trickcore import Rng

TOLERANCE = 64 * 1024
HANDS = sweep_size(1_500, 600)


def _fill_the_label_cache() -> None:
    for label in range(2_048):
        Rng(label, "warm-up")


@pytest.mark.slow_sweep
def test_memory_is_flat_after_warm_up() -> None:
    soak = benchmark("soak")
    _fill_the_label_cache()
    marks = [HANDS // 5, HANDS // 2, HANDS]
    result = soak.soak(HANDS, marks, table_every=50, tolerance=TOLERANCE)
    assert [mark.hands for mark in result.checkpoints] == marks
    assert result.table_hands == HANDS // 50 and result.actions > HANDS * 10
    assert result.flat, result


def test_a_leak_is_seen() -> None:
    """The measure can fail: hands that each keep 400 bytes make it say "not flat"."""
    soak = benchmark("soak")
    kept: list[bytes] = []
    play_hand = soak.play_hand

    def leaking(game: Any, hand_seed: int, players: Any) -> int:
        kept.append(bytes(400))
        actions: int = play_hand(game, hand_seed, players)
        return actions

    soak.play_hand = leaking
    _fill_the_label_cache()
    result = soak.soak(400, [100, 400], table_every=0, tolerance=TOLERANCE)
    assert not result.flat and result.growth_bytes > TOLERANCE

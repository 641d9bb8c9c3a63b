"""The soak (``benchmarks/soak.py``, issue 10), a fast slice: 1,500 Euchre hands in one process,
some through a saved and resumed ``Table``; the memory Python holds does not grow after warm-up.
``tox -e soak`` plays 100,000 hands. A leak of 100 bytes a hand would grow
the traced memory by 120 KB between the first checkpoint and the last: well past the tolerance,
which leaves room for caches that fill once and for measurement noise."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TOLERANCE = 64 * 1024


def _soak_module() -> Any:
    spec = importlib.util.spec_from_file_location("soak", ROOT / "benchmarks" / "soak.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["soak"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_memory_is_flat_after_warm_up() -> None:
    soak = _soak_module()
    result = soak.soak(1_500, [300, 800, 1_500], table_every=50, tolerance=TOLERANCE)
    assert [mark.hands for mark in result.checkpoints] == [300, 800, 1_500]
    assert result.table_hands == 30 and result.actions > 1_500 * 10
    assert result.flat, result


def test_a_leak_is_seen() -> None:
    """The measure can fail: hands that each keep 400 bytes make it say "not flat"."""
    soak = _soak_module()
    kept: list[bytes] = []
    play_hand = soak.play_hand

    def leaking(game: Any, hand_seed: int, players: Any) -> int:
        kept.append(bytes(400))
        actions: int = play_hand(game, hand_seed, players)
        return actions

    soak.play_hand = leaking
    result = soak.soak(400, [100, 400], table_every=0, tolerance=TOLERANCE)
    assert not result.flat and result.growth_bytes > TOLERANCE

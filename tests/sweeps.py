"""Sizes of the slow sweeps: the tests marked ``slow_sweep``, which play many random games.

A sweep plays its full size by default (``pytest``, ``tox -e py311``). CI runs the suite on
four interpreters, and the sweeps would take most of its time four times over, so tox sets
``TRICKCORE_SWEEP_SLICE=1`` for every interpreter but Python 3.11: there each sweep runs as a
fast slice, the same test with the same checks over fewer games, while Python 3.11, which CI
never skips, plays the full sizes. So every CI run keeps its property tests over thousands of
random games: in full on 3.11, each game over 2,000 (Euchre in ``test_euchre_properties.py``,
All Fours in ``test_allfours_properties.py``, Apples in ``test_apples_properties.py``).

A sweep over a list of cases (option combinations, decoders, seats) takes its slice with
:func:`sweep_slice`: a few cases spread evenly over the list, shifted by the interpreter's minor
version, so the sliced interpreters between them check more cases than any one does.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

FAST_SLICE = os.environ.get("TRICKCORE_SWEEP_SLICE", "") not in ("", "0")
"""Whether this run plays the fast slice of each sweep (tox sets it, but not on py311)."""


def sweep_size(full: int, fast: int) -> int:
    """The size of a sweep in this run: ``full``, or ``fast`` under ``TRICKCORE_SWEEP_SLICE``."""
    if not 0 < fast <= full:
        raise ValueError(f"a fast slice of {fast} for a sweep of {full}")
    return fast if FAST_SLICE else full


def spread(cases: Sequence[T], fast: int, shift: int = 0) -> list[T]:
    """``fast`` of ``cases``, evenly spread and in order, the first within the first gap;
    ``shift`` (any integer) picks which of the cases each pick takes within its gap."""
    if fast < 1:
        raise ValueError(f"a fast slice of {fast} cases")
    if fast >= len(cases):
        return list(cases)
    gap = len(cases) // fast
    return [cases[i * len(cases) // fast + shift % gap] for i in range(fast)]


def sweep_slice(cases: Sequence[T], fast: int) -> list[T]:
    """The cases of a sweep in this run: all of ``cases``, or under ``TRICKCORE_SWEEP_SLICE``
    ``fast`` of them (:func:`spread`), shifted by the interpreter's minor version."""
    return spread(cases, fast, sys.version_info.minor) if FAST_SLICE else list(cases)

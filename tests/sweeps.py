"""Sizes of the slow sweeps: the tests marked ``slow_sweep``, which play many random games.

A sweep plays its full size by default (``pytest``, ``tox -e py311``). CI runs the suite on
four interpreters, and the sweeps would take most of its time four times over, so tox sets
``TRICKCORE_SWEEP_SLICE=1`` for every interpreter but Python 3.11: there each sweep runs as a
fast slice, the same test with the same checks over fewer games, while Python 3.11, which CI
never skips, plays the full sizes. So every CI run keeps its property tests over thousands of
random games: in full on 3.11, each game over 2,000 (Euchre in ``test_euchre_properties.py``,
All Fours in ``test_allfours_properties.py``, Apples in ``test_apples_properties.py``).
"""

from __future__ import annotations

import os

FAST_SLICE = os.environ.get("TRICKCORE_SWEEP_SLICE", "") not in ("", "0")
"""Whether this run plays the fast slice of each sweep (tox sets it, but not on py311)."""


def sweep_size(full: int, fast: int) -> int:
    """The size of a sweep in this run: ``full``, or ``fast`` under ``TRICKCORE_SWEEP_SLICE``."""
    if not 0 < fast <= full:
        raise ValueError(f"a fast slice of {fast} for a sweep of {full}")
    return fast if FAST_SLICE else full

"""Hypothesis profiles: ``ci`` (set by tox) replays the same examples on every run, so CI is
never red by luck; locally the default profile explores new examples each run. Neither has a
deadline per example: speed is measured by ``benchmarks/``, not by timed tests, and a loaded
machine must not turn a correct test red. Under ``ci``, a property test that does not set its
own number of examples tries Hypothesis' 100 in full, and 30 in the fast slice of
``tests/sweeps.py`` (the interpreters other than 3.11, and the compiled build)."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings
from sweeps import sweep_size

# A test that runs ``python -m trickcore`` from the checkout must get the installed build (the
# compiled one under tox -e compiled), not the sources that ``-m`` would find in the current
# directory: mixing a compiled plugin with a pure trickcore fails on every native type.
os.environ.setdefault("PYTHONSAFEPATH", "1")

settings.register_profile(
    "ci", derandomize=True, print_blob=True, deadline=None, max_examples=sweep_size(100, 30)
)
settings.register_profile("default", deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "slow_sweep: plays many random games; its size comes from tests/sweeps.py (in full, or a"
        " fast slice on the interpreters where tox sets TRICKCORE_SWEEP_SLICE=1)",
    )

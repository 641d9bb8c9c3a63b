"""Hypothesis profiles: ``ci`` (set by tox) replays the same examples on every run, so CI is
never red by luck; locally the default profile explores new examples each run. Neither has a
deadline per example: speed is measured by ``benchmarks/``, not by timed tests, and a loaded
machine must not turn a correct test red."""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True, deadline=None)
settings.register_profile("default", deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

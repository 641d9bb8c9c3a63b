"""Hypothesis profiles: ``ci`` (set by tox) replays the same examples on every run, so CI is
never red by luck; locally the default profile explores new examples each run."""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

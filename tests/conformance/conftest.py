"""Rule-book scenario tests: make ``tests/`` importable for the shared helpers
(``euchre_helpers``)."""

from __future__ import annotations

import sys
from pathlib import Path

_TESTS = str(Path(__file__).resolve().parent.parent)
if _TESTS not in sys.path:
    sys.path.insert(0, _TESTS)

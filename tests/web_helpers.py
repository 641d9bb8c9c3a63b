"""The browser table (:mod:`trickcore.web`) served on a free loopback port in a thread, for its
tests; they skip when the ``web`` extra is not installed."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest


def web_module() -> Any:
    """:mod:`trickcore.web`, or a skip saying which extra is missing."""
    return pytest.importorskip("trickcore.web", reason="needs the web extra (trickcore[web])")


@contextmanager
def serving(**settings: Any) -> Iterator[Any]:
    """A server made by ``make_server("127.0.0.1", 0, **settings)``, serving in a thread."""
    server = web_module().make_server("127.0.0.1", 0, **settings).start()
    try:
        yield server
    finally:
        server.stop()

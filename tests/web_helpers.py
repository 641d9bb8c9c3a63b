"""The browser table example (``examples/web/server.py``) loaded from its file and served on a
free port, for its tests."""

from __future__ import annotations

import importlib.util
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

SERVER = Path(__file__).resolve().parent.parent / "examples" / "web" / "server.py"


def load_server() -> ModuleType:
    """``examples/web/server.py`` as a module (it is a script, not an installed package)."""
    spec = importlib.util.spec_from_file_location("trickcore_web_example", SERVER)
    assert spec is not None and spec.loader is not None
    module = sys.modules.get(spec.name)
    if module is None:
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # dataclasses look their module up
        spec.loader.exec_module(module)
    return module


@contextmanager
def serving(**settings: Any) -> Iterator[Any]:
    """A server made by ``make_server("127.0.0.1", 0, **settings)``, serving in a thread."""
    server = load_server().make_server("127.0.0.1", 0, **settings)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)

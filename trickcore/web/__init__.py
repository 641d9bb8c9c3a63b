"""The browser table (``pip install 'trickcore[web]'``): a JSON API, server-sent event
streams and one page that play any registered game, on Starlette served by uvicorn.

``python -m trickcore.web`` serves it; :func:`make_server` builds it in Python. The engine
never imports this package; importing it without the extra raises an :class:`ImportError`
that says how to install it (:data:`MISSING_WEB`). See ``docs/web.md``.
"""

from __future__ import annotations

__all__ = ["MISSING_WEB", "WebApp", "WebServer", "WebSettings", "create_app", "main", "make_server"]

MISSING_WEB = "The trickcore web table needs the 'web' extra: pip install 'trickcore[web]'"
"""The message of the :class:`ImportError` raised when Starlette or uvicorn is missing."""

try:
    import starlette  # noqa: F401 (checked here, used by the modules below)
    import uvicorn  # noqa: F401
except ImportError as error:  # pragma: no cover (the web extra's tests have it)
    raise ImportError(MISSING_WEB, name=error.name) from error

from trickcore.web.app import create_app  # noqa: E402
from trickcore.web.server import WebServer, main, make_server  # noqa: E402
from trickcore.web.settings import WebSettings  # noqa: E402
from trickcore.web.tables import WebApp  # noqa: E402

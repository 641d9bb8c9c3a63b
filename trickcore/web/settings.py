"""The web table's limits and checks in one frozen record, :class:`WebSettings`."""

from __future__ import annotations

from dataclasses import dataclass

from trickcore.codec import MAX_INPUT_BYTES

__all__ = ["LOOPBACK_NAMES", "WebSettings"]

LOOPBACK_NAMES: tuple[str, ...] = ("127.0.0.1", "localhost", "::1")
"""The names a server listening on the loopback answers to by default."""


@dataclass(frozen=True)
class WebSettings:
    """What the web table allows. Every bound has a default fit for a small public server.

    ``allowed_hosts`` are the names the ``Host`` header may carry (a port after them is
    ignored); empty: the server's own host (its listening address, and for a loopback address
    its loopback names). ``allowed_origins`` are other origins (``https://cards.example``)
    whose pages may send requests that change something; a page of the server's own origin
    always may.
    """

    allowed_hosts: tuple[str, ...] = ()
    """Names the ``Host`` header may carry; empty: the server's own host."""
    allowed_origins: tuple[str, ...] = ()
    """Other origins whose pages may create tables, claim seats and play."""
    allow_seeds: bool = False
    """Whether clients may choose a table's seed (tests and replays only)."""
    max_tables: int = 1000
    """Tables held at once; a new table past it is refused (503)."""
    idle_seconds: float = 3600.0
    """A table nobody touched for this long is dropped."""
    creations_per_minute: float = 10.0
    """Tables one client (one address) may create per minute, on average."""
    creation_burst: int = 5
    """Tables one client may create at once before its rate applies."""
    max_body_bytes: int = MAX_INPUT_BYTES
    """The largest request body read; a larger one is refused unread (413)."""
    body_seconds: float = 10.0
    """Seconds a client has to send a request's body once its headers arrived."""
    header_seconds: float = 10.0
    """Seconds a connection has to send a whole request line and headers (the slow-client
    timeout: per request, not per read)."""
    keep_alive_seconds: int = 5
    """Seconds an idle keep-alive connection is kept between requests."""
    max_connections: int = 1000
    """Connections and requests in flight before the server answers 503 (uvicorn's
    ``limit_concurrency``)."""
    max_header_bytes: int = 16 * 1024
    """The largest request line and headers (h11's ``max_incomplete_event_size``)."""
    heartbeat: float = 15.0
    """Seconds between keep-alive comments on event streams."""

"""The web table served by uvicorn, with its connection-level bounds.

uvicorn brings the HTTP parser (h11) and its header size limit, the keep-alive timeout and
the connection limit (``limit_concurrency``). :class:`GuardedH11Protocol` adds what uvicorn
leaves out: a deadline for a connection's whole request line and headers (a client trickling
a byte at a time, or sending nothing, is dropped when it passes, however often it sends), and
protocol errors answered in JSON. :class:`WebServer` runs it all on one socket, in the
foreground (:meth:`WebServer.run`) or in a thread (:meth:`WebServer.start`, for tests).
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import logging
import re
import socket
import threading
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

import trickcore
from trickcore.web.app import create_app
from trickcore.web.settings import LOOPBACK_NAMES, WebSettings
from trickcore.web.tables import WebApp

__all__ = ["GuardedH11Protocol", "TokenRedactor", "WebServer", "main", "make_server", "own_hosts"]

_TOKEN = re.compile(r"(token=)[^&\s\"]*", re.IGNORECASE)


class TokenRedactor(logging.Filter):
    """Hide anything that looks like a token in a log record's message and arguments
    (``token=...`` becomes ``token=[redacted]``): tokens are never taken from URLs, and never
    written from one to a log either."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = _TOKEN.sub(r"\1[redacted]", record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(
                _TOKEN.sub(r"\1[redacted]", item) if isinstance(item, str) else item
                for item in record.args
            )
        return True


class _Config(uvicorn.Config):
    """uvicorn's settings and the header deadline."""

    header_seconds: float = 10.0


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline for each request's line and headers, counted
    from the connection's start or the previous answer's end (not from the last byte read),
    and its own 400 answers in JSON."""

    _deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        super().connection_lost(exc)

    def _arm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
        seconds = getattr(self.config, "header_seconds", 10.0)
        self._deadline = self.loop.call_later(seconds, self._expired)

    def _expired(self) -> None:
        self._deadline = None
        # IDLE: no whole request line and headers yet in this cycle (the app has nothing)
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.transport.close()

    def send_400_response(self, msg: str) -> None:
        """A request h11 cannot parse (a bad ``Content-Length`` such as ``²``, headers over
        the limit): answered in JSON, then the connection is closed."""
        body = trickcore.to_json({"error": "ProtocolError", "message": f"invalid HTTP: {msg}"})
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"connection", b"close"),
        ]
        try:
            output = self.conn.send(h11.Response(status_code=400, headers=headers))
            output += self.conn.send(h11.Data(data=body))
            output += self.conn.send(h11.EndOfMessage())
        except h11.LocalProtocolError:  # an answer had begun: nothing more can be said
            output = b""
        if output:
            self.transport.write(output)
        self.transport.close()


def own_hosts(host: str, allowed: tuple[str, ...] = ()) -> frozenset[str]:
    """The names the ``Host`` header may carry for a server listening on ``host``: the
    ``allowed`` ones when given, else the listening address (with the loopback names for a
    loopback address). A wildcard address (``0.0.0.0``, ``::``) has no name of its own: it
    needs ``allowed``."""
    if allowed:
        return frozenset(name.strip("[]").lower() for name in allowed)
    name = host.strip("[]").lower()
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        return frozenset({name} | (set(LOOPBACK_NAMES) if name == "localhost" else set()))
    if address.is_unspecified:
        raise ValueError(
            f"a server listening on {host} (every address) must be told the host names it "
            "answers for (--allowed-host NAME, or WebSettings.allowed_hosts)"
        )
    return frozenset({name} | (set(LOOPBACK_NAMES) if address.is_loopback else set()))


class WebServer:
    """The web table on one listening socket: :attr:`app` holds the tables, :attr:`url` is
    where it listens."""

    def __init__(self, sock: socket.socket, web: WebApp, config: uvicorn.Config) -> None:
        self.socket = sock
        host, port = sock.getsockname()[:2]
        self.address: tuple[str, int] = (str(host), int(port))
        """The listening host and port."""
        self.app = web
        self.server = uvicorn.Server(config)
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        """``http://host:port`` of the listening socket."""
        host, port = self.address
        return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"

    def run(self) -> None:
        """Serve until interrupted (Ctrl-C) or :meth:`stop`."""
        try:
            self.server.run(sockets=[self.socket])
        finally:
            self.app.close()

    def start(self) -> WebServer:
        """Serve in a daemon thread; returns once the server accepts connections."""
        self._thread = threading.Thread(target=self.run, name="trickcore-web", daemon=True)
        self._thread.start()
        while not self.server.started:
            if not self._thread.is_alive():
                raise RuntimeError("the web server failed to start; see its log")
            self._thread.join(0.01)
        return self

    def stop(self) -> None:
        """End the streams, stop serving, close the socket."""
        self.app.close()
        self.server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=10)
        self.socket.close()


def make_server(
    host: str = "127.0.0.1",
    port: int = 8000,
    settings: WebSettings | None = None,
    *,
    plugin_host: trickcore.PluginHost | None = None,
    access_log: bool = False,
    behind_proxy: bool = False,
    **changes: Any,
) -> WebServer:
    """A server bound to ``host``:``port`` (0: a free port), not yet serving: call its
    :meth:`~WebServer.run`, or :meth:`~WebServer.start` then :meth:`~WebServer.stop`.

    ``settings`` (or keyword ``changes`` to the defaults: ``allow_seeds=True``,
    ``max_tables=10``...) bound what clients may do; ``access_log`` logs each request (tokens
    redacted); ``behind_proxy`` trusts ``X-Forwarded-For`` from the loopback (a reverse proxy
    on the same machine), so rate limits apply per real client."""
    settings = WebSettings(**changes) if settings is None else settings
    hosts = own_hosts(host, settings.allowed_hosts)
    web = WebApp(settings, host=plugin_host)
    app = create_app(web, allowed_hosts=hosts)
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host.strip("[]"), port))
    sock.listen(2048)
    sock.setblocking(False)
    config = _Config(
        app,
        http=GuardedH11Protocol,
        ws="none",
        lifespan="off",
        log_config=None,
        access_log=access_log,
        proxy_headers=behind_proxy,
        forwarded_allow_ips="127.0.0.1,::1" if behind_proxy else None,
        server_header=False,
        limit_concurrency=settings.max_connections,
        timeout_keep_alive=settings.keep_alive_seconds,
        h11_max_incomplete_event_size=settings.max_header_bytes,
        timeout_graceful_shutdown=2,
    )
    config.header_seconds = settings.header_seconds
    for name in ("uvicorn.access", "uvicorn.error"):
        logger = logging.getLogger(name)
        if not any(isinstance(item, TokenRedactor) for item in logger.filters):
            logger.addFilter(TokenRedactor())
    return WebServer(sock, web, config)


def main(argv: list[str] | None = None) -> None:
    """``python -m trickcore.web [--host HOST] [--port PORT] ...``: serve the web table."""
    parser = argparse.ArgumentParser(
        prog="python -m trickcore.web", description="A browser table for trickcore games."
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="port (0: any free one)")
    parser.add_argument(
        "--allowed-host",
        action="append",
        default=[],
        metavar="NAME",
        help="a host name clients reach the server by (repeatable; default: its own address)",
    )
    parser.add_argument(
        "--allowed-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="another origin whose pages may play here (repeatable)",
    )
    parser.add_argument("--max-tables", type=int, default=1000, help="tables held at once")
    parser.add_argument(
        "--behind-proxy", action="store_true", help="trust X-Forwarded-For from the loopback"
    )
    parser.add_argument(
        "--allow-seeds", action="store_true", help="let clients choose seeds (for testing)"
    )
    parser.add_argument("--quiet", action="store_true", help="do not log requests")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    try:
        server = make_server(
            args.host,
            args.port,
            access_log=not args.quiet,
            behind_proxy=args.behind_proxy,
            allowed_hosts=tuple(args.allowed_host),
            allowed_origins=tuple(args.allowed_origin),
            max_tables=args.max_tables,
            allow_seeds=args.allow_seeds,
        )
    except (ValueError, OSError) as error:
        parser.error(str(error))
    print(f"trickcore web table on {server.url}/ (Ctrl-C stops it)", flush=True)
    server.run()

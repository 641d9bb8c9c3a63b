"""The web table's ASGI application on Starlette: routes, the host and origin checks, bodies
read within bounds, seat tokens from a header or a cookie, server-sent event streams.

:func:`create_app` builds it around a :class:`~trickcore.web.tables.WebApp`; serve it with
uvicorn through :mod:`trickcore.web.server`, which adds the connection-level bounds.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from http import HTTPStatus
from importlib.resources import files
from typing import Any
from urllib.parse import urlsplit

import anyio
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

import trickcore
from trickcore.web.errors import (
    BadRequestError,
    BodyTooLargeError,
    HostNotAllowedError,
    LengthRequiredError,
    MethodNotAllowedError,
    NotFoundError,
    OriginNotAllowedError,
    RequestTimeoutError,
    SeatTokenError,
    TooManyRequestsError,
    UnsupportedMediaTypeError,
    WebError,
    error_answer,
)
from trickcore.web.tables import LiveTable, WebApp

__all__ = ["SEAT_COOKIE", "create_app", "json_response"]

SEAT_COOKIE = "trickcore_seat"
"""The cookie holding a seat's token, scoped to that seat's path (``HttpOnly``,
``SameSite=Strict``)."""

_PAGE_HEADERS: dict[str, str] = {
    "Content-Security-Policy": (
        "default-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}
_JSON_HEADERS: dict[str, str] = {"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"}
_FILES: dict[str, tuple[str, str]] = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/static/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/static/style.css": ("style.css", "text/css; charset=utf-8"),
}
_NUMBER = re.compile(r"[0-9]{1,9}")
_SAFE_METHODS = frozenset({"GET", "HEAD"})


def json_response(
    status: int, data: bytes | Any, headers: dict[str, str] | None = None
) -> Response:
    """A JSON answer (``data`` already encoded, or encoded here) that no cache keeps."""
    body = data if isinstance(data, bytes) else trickcore.to_json(data)
    return Response(
        body,
        status_code=status,
        media_type="application/json",
        headers=_JSON_HEADERS | (headers or {}),
    )


def _error_response(error: Exception) -> Response:
    status, body = error_answer(error)
    headers = {}
    if isinstance(error, TooManyRequestsError):
        headers["Retry-After"] = str(max(1, round(error.retry_after)))
    return json_response(status, body, headers)


# -- the host and origin checks ----------------------------------------------------------------


def _hostname(netloc: str) -> str:
    """``netloc`` without its port, lower case (``[::1]:80`` -> ``::1``)."""
    netloc = netloc.strip().lower()
    if netloc.startswith("["):
        return netloc[1 : netloc.find("]")] if "]" in netloc else netloc
    return netloc.rsplit(":", 1)[0] if netloc.count(":") == 1 else netloc


class GuardMiddleware:
    """Refuse a ``Host`` the server does not answer for (DNS rebinding reaches the server
    under the attacker's name), and any request but ``GET``/``HEAD`` from a page of another
    origin (``Origin``, or ``Sec-Fetch-Site: cross-site``), in JSON."""

    def __init__(self, app: ASGIApp, hosts: frozenset[str], origins: frozenset[str]) -> None:
        self.app = app
        self.hosts = hosts
        self.origins = origins

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {name.lower(): value for name, value in scope["headers"]}
        host = headers.get(b"host", b"").decode("latin-1")
        refusal: WebError | None = None
        if _hostname(host) not in self.hosts:
            refusal = HostNotAllowedError(
                f"this server does not answer for the host {host!r}"
                if host
                else "a request must name the server's host (a Host header)"
            )
        elif scope["method"] not in _SAFE_METHODS:
            origin = headers.get(b"origin")
            site = headers.get(b"sec-fetch-site", b"").decode("latin-1")
            if origin is not None:
                text = origin.decode("latin-1")
                parts = urlsplit(text)
                same = parts.scheme in ("http", "https") and parts.netloc.lower() == host.lower()
                if not same and text.rstrip("/").lower() not in self.origins:
                    refusal = OriginNotAllowedError(
                        f"pages of {text!r} may not send {scope['method']} requests here"
                    )
            elif site == "cross-site":
                refusal = OriginNotAllowedError(
                    f"pages of other sites may not send {scope['method']} requests here"
                )
        if refusal is None:
            await self.app(scope, receive, send)
            return
        await _error_response(refusal)(scope, receive, send)


# -- reading requests --------------------------------------------------------------------------


async def _body(request: Request, web: WebApp) -> bytes:
    """The request's JSON body, within the size and time bounds (nothing past the limit is
    read)."""
    settings = web.settings
    kind = request.headers.get("content-type", "application/json").split(";")[0].strip().lower()
    if kind != "application/json":
        raise UnsupportedMediaTypeError(
            f"a body must be JSON (Content-Type: application/json), not {kind!r}"
        )
    length = request.headers.get("content-length")
    if length is None and "chunked" not in request.headers.get("transfer-encoding", ""):
        raise LengthRequiredError("a request with a body must give its Content-Length")
    # h11 checked that the length is ASCII digits; thousands of them are no number for int()
    if length is not None and (len(length) > 18 or int(length) > settings.max_body_bytes):
        raise BodyTooLargeError(
            f"the body's Content-Length is more than the {settings.max_body_bytes:,} bytes read"
        )
    chunks: list[bytes] = []
    size = 0
    try:
        with anyio.fail_after(settings.body_seconds):
            async for chunk in request.stream():
                size += len(chunk)
                if size > settings.max_body_bytes:
                    raise BodyTooLargeError(
                        f"the body has more than the {settings.max_body_bytes:,} bytes read"
                    )
                chunks.append(chunk)
    except TimeoutError:
        raise RequestTimeoutError(
            f"the body did not arrive within {settings.body_seconds:g} s "
            "(is it shorter than its Content-Length?)"
        ) from None
    except ClientDisconnect:
        raise BadRequestError("the client left before sending its whole body") from None
    return b"".join(chunks)


def _number(text: str | None, name: str, default: int) -> int:
    """A count of actions from a query or a header: ASCII digits only (``²`` is no digit)."""
    if text is None or text == "":
        return default
    if _NUMBER.fullmatch(text) is None:
        raise BadRequestError(f"{name} must be a whole number of actions, not {text!r}")
    return int(text)


def _token(request: Request) -> str | None:
    if "token" in request.query_params:
        raise SeatTokenError(
            "a seat's token never goes in the URL (URLs reach logs and histories): send it "
            "as Authorization: Bearer <token>, or let the browser send the seat's cookie"
        )
    header = request.headers.get("authorization", "")
    if header.startswith("Bearer "):
        return header.removeprefix("Bearer ").strip()
    return request.cookies.get(SEAT_COOKIE)


def _seat_path(table: str, seat: int) -> str:
    return f"/api/tables/{table}/seats/{seat}"


# -- the application ---------------------------------------------------------------------------


def create_app(web: WebApp, *, allowed_hosts: frozenset[str]) -> Starlette:
    """The ASGI application serving ``web``'s tables and the page, answering for
    ``allowed_hosts`` (plus ``web.settings.allowed_origins``'s pages for changes)."""

    def table_of(request: Request) -> LiveTable:
        return web.table(request.path_params["table"])

    def seat_of(request: Request) -> tuple[LiveTable, int]:
        live = table_of(request)
        seat = web.seat(live, int(request.path_params["seat"]))
        web.check_token(live, seat, _token(request))
        return live, seat

    async def page(request: Request) -> Response:
        name, kind = _FILES[request.url.path]
        data = files("trickcore.web").joinpath("static").joinpath(name).read_bytes()
        return Response(data, media_type=kind, headers=_PAGE_HEADERS)

    async def games(request: Request) -> Response:
        return json_response(200, web.games())

    async def options(request: Request) -> Response:
        body = await _body(request, web)
        return json_response(200, web.game_options(request.path_params["game"], body))

    async def schema(request: Request) -> Response:
        part = request.query_params.get("part")
        return json_response(200, web.schema(request.path_params["game"], part))

    async def create(request: Request) -> Response:
        body = await _body(request, web)
        client = request.client.host if request.client else ""
        return json_response(201, await run_in_threadpool(web.create, body, client))

    async def public(request: Request) -> Response:
        live = table_of(request)
        return json_response(200, await run_in_threadpool(web.public_json, live))

    async def replay(request: Request) -> Response:
        live = table_of(request)
        return json_response(200, await run_in_threadpool(web.replay_json, live))

    async def claim(request: Request) -> Response:
        live = table_of(request)
        seat = web.seat(live, int(request.path_params["seat"]))
        answer = await run_in_threadpool(web.claim, live, seat)
        response = json_response(201, answer)
        response.set_cookie(
            SEAT_COOKIE,
            answer["token"],
            path=_seat_path(live.id, seat),
            httponly=True,
            samesite="strict",
            secure=request.url.scheme == "https",
        )
        return response

    async def seat_state(request: Request) -> Response:
        live, seat = seat_of(request)
        return json_response(200, await run_in_threadpool(web.seat_json, live, seat))

    async def play(request: Request) -> Response:
        live, seat = seat_of(request)
        body = await _body(request, web)
        return json_response(200, await run_in_threadpool(web.play, live, seat, body))

    async def events(request: Request) -> Response:
        live, seat = seat_of(request)
        since = _number(request.query_params.get("since"), "since", 0)
        # encoded under the table's lock, written after it is released
        return json_response(200, await run_in_threadpool(web.events_json, live, seat, since))

    async def stream(request: Request) -> Response:
        live, seat = seat_of(request)
        last = request.headers.get("last-event-id")
        if last is not None:
            since = _number(last, "Last-Event-ID", 0)
        else:
            since = _number(request.query_params.get("since"), "since", 0)
        return StreamingResponse(
            _stream(web, live, seat, since),
            media_type="text/event-stream; charset=utf-8",
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        )

    async def on_error(request: Request, error: Exception) -> Response:
        return _error_response(error)

    async def on_http(request: Request, error: Exception) -> Response:
        code = getattr(error, "status_code", 500)
        if code == HTTPStatus.METHOD_NOT_ALLOWED:
            return _error_response(
                MethodNotAllowedError(f"{request.method} is not allowed on {request.url.path}")
            )
        if code == HTTPStatus.NOT_FOUND:
            return _error_response(NotFoundError(f"there is nothing at {request.url.path}"))
        return json_response(code, {"error": "HTTPError", "message": HTTPStatus(code).phrase})

    async def on_bug(request: Request, error: Exception) -> Response:
        return json_response(
            500, {"error": "InternalError", "message": "the server failed; see its log"}
        )

    table = "/api/tables/{table:str}"
    seat = table + "/seats/{seat:int}"
    handlers: list[tuple[str, Callable[[Request], Awaitable[Response]], str]] = [
        *((path, page, "GET") for path in _FILES),
        ("/api/games", games, "GET"),
        ("/api/games/{game:str}/options", options, "POST"),
        ("/schema/{game:str}", schema, "GET"),
        ("/api/tables", create, "POST"),
        (table, public, "GET"),
        (table + "/replay", replay, "GET"),
        (seat + "/claim", claim, "POST"),
        (seat, seat_state, "GET"),
        (seat + "/actions", play, "POST"),
        (seat + "/events", events, "GET"),
        (seat + "/stream", stream, "GET"),
    ]
    routes = [Route(path, handler, methods=[method]) for path, handler, method in handlers]
    app = Starlette(
        routes=routes,
        exception_handlers={
            WebError: on_error,
            trickcore.TrickcoreError: on_error,
            HTTPException: on_http,
            Exception: on_bug,
        },
    )
    origins = frozenset(origin.rstrip("/").lower() for origin in web.settings.allowed_origins)
    app.add_middleware(GuardMiddleware, hosts=allowed_hosts, origins=origins)
    return app


async def _stream(web: WebApp, live: LiveTable, seat: int, since: int) -> AsyncIterator[bytes]:
    """``seat``'s server-sent events: an ``update`` at once and each time the table moves on,
    a comment every heartbeat, ``over`` with the game. Each message is encoded under the
    table's lock (in a worker thread) and written after it is released."""
    loop = asyncio.get_running_loop()
    changed = asyncio.Event()

    def wake() -> None:
        loop.call_soon_threadsafe(changed.set)

    live.waiters.add(wake)
    try:
        yield b"retry: 2000\n\n"
        first = True
        while not web.closing.is_set() and not live.dropped:
            changed.clear()
            update = await run_in_threadpool(web.stream_update, live, seat, since, first)
            first = False
            since = update.next
            if update.data:
                yield update.data
                if update.over:
                    return
                continue
            try:
                await asyncio.wait_for(changed.wait(), web.settings.heartbeat)
            except asyncio.TimeoutError:
                web.sweep()  # a table nobody plays at is dropped even while watched
                yield b": keep-alive\n\n"
    finally:
        live.waiters.discard(wake)

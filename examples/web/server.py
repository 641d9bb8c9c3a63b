"""A browser table for any trickcore game: a JSON API, server-sent events and one static page.

Run it with ``python examples/web/server.py --port 8000`` and open http://127.0.0.1:8000/.
It uses the standard library's :class:`~http.server.ThreadingHTTPServer` and trickcore only.
Tests build it with :func:`make_server` (port 0 picks a free port).

What it serves (``docs/web.md`` has the request and response of each):

* ``GET /api/games``: the registered games and the bots that play each;
* ``POST /api/games/<game>/options``: options checked, with the seat count they give;
* ``GET /schema/<game>[?part=PART]``: ``trickcore schema`` output;
* ``POST /api/tables``: a new table (game, options, seats: a bot name or ``null`` for a human);
* ``GET /api/tables/<id>``: what anyone at the table may know (no cards);
* ``POST /api/tables/<id>/seats/<seat>/claim``: a human seat's token, once;
* ``GET /api/tables/<id>/seats/<seat>``: that seat's view and legal actions (token needed);
* ``POST /api/tables/<id>/seats/<seat>/actions``: play ``{"action": ..., "at": n}``;
* ``GET /api/tables/<id>/seats/<seat>/events?since=n``: that seat's events;
* ``GET /api/tables/<id>/seats/<seat>/stream?token=...``: the same as server-sent events;
* ``GET /api/tables/<id>/replay``: the replay, once the game is over.

Every error is ``{"error": <class name>, "message": <text>}`` with an HTTP status, and nothing
changes. A seat's view, legal actions and events go to the holder of that seat's token only;
states, replays of unfinished games and bots' fault details never leave the server.
"""

from __future__ import annotations

import argparse
import hmac
import re
import secrets
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Annotated, Any, ClassVar
from urllib.parse import parse_qs, urlsplit

import msgspec

import trickcore
from trickcore.codec import MAX_DEPTH, MAX_INPUT_BYTES, MAY_BE_ABSENT, nesting_depth
from trickcore.history import describe_action
from trickcore.render import menu_order, renderer_for
from trickcore.replay import dumps as replay_json
from trickcore.schema import PARTS, game_schema

__all__ = ["WebApp", "WebError", "WebServer", "main", "make_server", "public_message"]

STATIC = Path(__file__).resolve().parent / "static"
_FILES: Mapping[str, tuple[str, str]] = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/static/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/static/style.css": ("style.css", "text/css; charset=utf-8"),
}
_PAGE_HEADERS: Mapping[str, str] = {
    "Content-Security-Policy": (
        "default-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


# -- errors ------------------------------------------------------------------------------------


class WebError(Exception):
    """An error of the web layer itself; its class name is the ``error`` of the answer."""

    status: ClassVar[HTTPStatus] = HTTPStatus.BAD_REQUEST


class BadRequestError(WebError):
    """A request the API cannot read (a bad query, a missing length)."""


class NotFoundError(WebError):
    """No such page or endpoint."""

    status = HTTPStatus.NOT_FOUND


class MethodNotAllowedError(WebError):
    """The endpoint exists, but not for this method."""

    status = HTTPStatus.METHOD_NOT_ALLOWED


class UnknownTableError(WebError):
    """No table has this id (never had, or it was dropped)."""

    status = HTTPStatus.NOT_FOUND


class UnknownSeatError(WebError):
    """The table has no such seat."""

    status = HTTPStatus.NOT_FOUND


class SeatTokenError(WebError):
    """No token, or a token that does not hold this seat."""

    status = HTTPStatus.FORBIDDEN


class SeatTakenError(WebError):
    """The seat is a bot's, or was claimed already."""

    status = HTTPStatus.CONFLICT


class GameNotOverError(WebError):
    """The replay of a game is served once the game is over only."""

    status = HTTPStatus.CONFLICT


class BodyTooLargeError(WebError):
    """A request body over :data:`~trickcore.codec.MAX_INPUT_BYTES`."""

    status = HTTPStatus.REQUEST_ENTITY_TOO_LARGE


class LengthRequiredError(WebError):
    """A request with a body must say its length."""

    status = HTTPStatus.LENGTH_REQUIRED


class StaleActionError(WebError):
    """An action chosen before the table moved on (its ``at`` is behind): a duplicate or a
    late submission, refused."""

    status = HTTPStatus.CONFLICT


class ServerBusyError(WebError):
    """The server holds as many tables as it may."""

    status = HTTPStatus.SERVICE_UNAVAILABLE


_STATUS: Mapping[type[Exception], HTTPStatus] = {
    trickcore.WrongSeatError: HTTPStatus.CONFLICT,  # before IllegalActionError, its base
    trickcore.IllegalActionError: HTTPStatus.UNPROCESSABLE_ENTITY,
}

_JSON_PATH = re.compile(r"\$((?:\.[A-Za-z_]\w*|\[\d+\])*)")
_TYPE_PATH = re.compile(r"(?<![\w.$])(?:[a-z_][a-z0-9_]*\.)+([A-Z]\w*)\b")


def public_message(text: str, *, root: str = "body") -> str:
    """``text`` (an error message) without Python's vocabulary: JSON paths (``$.card``) become
    paths from ``root`` (``action.card``), dotted type paths (``trickcore_euchre.actions.Call``)
    their last name, and ``msgspec`` and its backquotes are gone."""

    def path(found: re.Match[str]) -> str:
        return root + found.group(1)

    text = _TYPE_PATH.sub(lambda found: found.group(1), text)
    text = _JSON_PATH.sub(path, text)
    text = re.sub(r"\bmsgspec\b", "the decoder", text)
    return text.replace("`", "")


def _error_answer(error: Exception) -> tuple[HTTPStatus, dict[str, str]]:
    if isinstance(error, WebError):
        status = error.status
    else:
        status = next(
            (code for kind, code in _STATUS.items() if isinstance(error, kind)),
            HTTPStatus.BAD_REQUEST,
        )
    return status, {"error": type(error).__name__, "message": public_message(str(error))}


# -- requests ----------------------------------------------------------------------------------


class NewTable(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The body of ``POST /api/tables``."""

    game: str
    """The registered game's name."""
    seats: list[str | None]
    """Per seat, a bot's name, or ``null`` for a human."""
    options: Annotated[dict[str, Any], MAY_BE_ABSENT] = {}
    """The game's options; unset ones keep their defaults."""
    seed: Annotated[int | str | None, MAY_BE_ABSENT] = None
    """The seed (only where the server allows chosen seeds); ``null``: a fresh one."""


class GameOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The body of ``POST /api/games/<game>/options``."""

    options: Annotated[dict[str, Any], MAY_BE_ABSENT] = {}
    """The game's options; unset ones keep their defaults."""


class Move(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The body of ``POST /api/tables/<id>/seats/<seat>/actions``."""

    action: msgspec.Raw
    """One action of the game, as JSON (``{"type": "play", "card": "QH"}``)."""
    at: int
    """How many actions the table had when the seat chose (its state's ``at``)."""


# -- tables ------------------------------------------------------------------------------------


@dataclass
class LiveTable:
    """A table in the server's memory: the :class:`~trickcore.Table`, the tokens of the
    claimed seats and the condition (holding the table's lock) that streams wait on."""

    id: str
    table: trickcore.Table[Any, Any, Any]
    humans: tuple[int, ...]
    tokens: dict[int, str] = field(default_factory=dict)
    changed: threading.Condition = field(default_factory=threading.Condition)
    touched: float = field(default_factory=time.monotonic)

    def public(self) -> dict[str, Any]:
        """What anyone who knows the table's id may see: no card, no state."""
        table = self.table
        forfeit = table.forfeit
        return {
            "table": self.id,
            "game": table.game.name,
            "title": getattr(table.game, "title", table.game.name),
            "seats": list(table.labels),
            "humans": list(self.humans),
            "claimed": sorted(self.tokens),
            "at": len(table.actions),
            "to_act": table.to_act,
            "over": table.over,
            "outcome": table.outcome,
            # a forfeit's detail may list the bot's legal actions, its cards: never sent
            "forfeit": None
            if forfeit is None
            else {"seat": forfeit.seat, "bot": forfeit.bot, "kind": forfeit.kind},
        }

    def seat_state(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see now: its view, its legal actions (with labels, in the
        renderer's menu order) and the public part."""
        table = self.table
        game = table.game
        view = table.view(seat)
        legal = menu_order(game, view, table.legal_actions(seat))
        renderer = renderer_for(game)
        return {
            **self.public(),
            "seat": seat,
            "view": view,
            "hand": renderer.sorted_hand(view),
            "description": renderer.describe_view(view),
            "legal": [{"action": action, "label": describe_action(action)} for action in legal],
        }

    def events(self, seat: int, since: int) -> dict[str, Any]:
        """``seat``'s events from action ``since`` on, and the index to ask from next."""
        table = self.table
        found = table.events(seat, since) if since <= len(table.actions) else []
        return {
            "events": [{"action": index, "event": event} for index, event in found],
            "next": max(since, len(table.actions)),
        }


class WebApp:
    """The tables and what the API does with them, apart from HTTP (one lock per table)."""

    def __init__(
        self,
        *,
        host: trickcore.PluginHost | None = None,
        allow_seeds: bool = False,
        max_tables: int = 1000,
        idle_seconds: float = 3600.0,
        heartbeat: float = 15.0,
    ) -> None:
        self.host = host if host is not None else trickcore.default_host()
        self.allow_seeds = allow_seeds
        self.max_tables = max_tables
        self.idle_seconds = idle_seconds
        self.heartbeat = heartbeat
        self.closing = threading.Event()
        self._tables: dict[str, LiveTable] = {}
        self._lock = threading.Lock()

    # games

    def games(self) -> dict[str, Any]:
        """Every registered game with its seat counts and the bots that play it."""
        return {
            "games": [
                {
                    "name": name,
                    "title": factory.title,
                    "seat_counts": list(factory.seat_counts),
                    "bots": [
                        {"name": bot.name, "description": bot.description}
                        for bot in self.host.bots(name)
                    ],
                }
                for name, factory in self.host.games.items()
            ]
        }

    def load(self, name: str, options: Mapping[str, Any]) -> Any:
        """The game bound to ``options`` (``UnknownGameError``, ``OptionError``)."""
        if nesting_depth(options) > MAX_DEPTH:
            raise trickcore.OptionError(f"options nest more than {MAX_DEPTH} levels deep")
        return self.host.load(name, **options)

    def game_options(self, name: str, body: bytes) -> dict[str, Any]:
        """The options checked: the whole set (defaults filled in) and the seat count."""
        request: GameOptions = trickcore.from_json(body, GameOptions, what="the options")
        game = self.load(name, request.options)
        return {"game": game.name, "seats": game.seats, "options": game.options}

    def schema(self, name: str, part: str | None) -> dict[str, Any]:
        """``trickcore schema NAME [--part PART]``."""
        factory = self.host.game_factory(name)
        if part is not None and part not in PARTS:
            raise BadRequestError(f"unknown part {part!r}; parts: {', '.join(PARTS)}")
        chosen: Any = part
        return game_schema(factory, part=chosen)

    # tables

    def create(self, body: bytes) -> dict[str, Any]:
        """A new table from a :class:`NewTable` body; chance and bots act until a human must."""
        request: NewTable = trickcore.from_json(body, NewTable, what="a new table")
        if request.seed is not None and not self.allow_seeds:
            raise BadRequestError(
                "this server draws every seed itself (a seed decides every deal, so whoever "
                "knows it knows every hand); leave the seed out"
            )
        seed = secrets.randbits(128) if request.seed is None else request.seed
        game = self.load(request.game, request.options)
        humans = tuple(seat for seat, item in enumerate(request.seats) if item is None)
        if not humans:
            raise BadRequestError("a table needs at least one human seat (null in seats)")
        table: trickcore.Table[Any, Any, Any] = trickcore.Table(
            game, request.seats, seed=seed, host=self.host, bot_faults="forfeit"
        )
        live = LiveTable(id=secrets.token_urlsafe(18), table=table, humans=humans)
        with self._lock:
            self._drop_idle()
            if len(self._tables) >= self.max_tables:
                raise ServerBusyError(
                    f"the server holds {self.max_tables} tables already; try again later"
                )
            self._tables[live.id] = live
        with live.changed:
            table.advance()
            live.changed.notify_all()
            return live.public()

    def _drop_idle(self) -> None:
        limit = time.monotonic() - self.idle_seconds
        for key in [key for key, live in self._tables.items() if live.touched < limit]:
            del self._tables[key]

    def table(self, table_id: str) -> LiveTable:
        """The live table ``table_id``, or :class:`UnknownTableError`."""
        with self._lock:
            live = self._tables.get(table_id)
        if live is None:
            raise UnknownTableError(f"there is no table {table_id!r} (unknown, or dropped)")
        live.touched = time.monotonic()
        return live

    def seat(self, live: LiveTable, seat: int) -> int:
        """``seat`` when the table has it, else :class:`UnknownSeatError`."""
        seats = live.table.game.seats
        if not 0 <= seat < seats:
            raise UnknownSeatError(f"the table has seats 0 to {seats - 1}, not {seat}")
        return seat

    def claim(self, live: LiveTable, seat: int) -> dict[str, Any]:
        """A new token for a human seat nobody holds yet."""
        with live.changed:
            if seat not in live.humans:
                raise SeatTakenError(f"seat {seat} is played by a bot ({live.table.labels[seat]})")
            if seat in live.tokens:
                raise SeatTakenError(f"seat {seat} is taken: someone claimed it already")
            token = live.tokens[seat] = secrets.token_urlsafe(32)
            live.changed.notify_all()
            return {"table": live.id, "seat": seat, "token": token}

    @staticmethod
    def check_token(live: LiveTable, seat: int, token: str | None) -> None:
        """Raise :class:`SeatTokenError` unless ``token`` holds ``seat``."""
        if not token:
            raise SeatTokenError(
                f"seat {seat} needs its token (Authorization: Bearer <token>): claim the seat"
            )
        held = live.tokens.get(seat)
        if held is None or not hmac.compare_digest(held.encode(), token.encode()):
            raise SeatTokenError(f"this token does not hold seat {seat}")

    def play(self, live: LiveTable, seat: int, body: bytes) -> dict[str, Any]:
        """Play a :class:`Move` for ``seat``, let chance and the bots act, and return the
        seat's state."""
        move: Move = trickcore.from_json(body, Move, what="a move")
        with live.changed:
            try:
                live.table.play_json(seat, bytes(move.action), at=move.at)
            except trickcore.DecodeError as error:
                raise trickcore.DecodeError(public_message(str(error), root="action")) from None
            except trickcore.TableError as error:  # the "at" check: the table moved on
                raise StaleActionError(str(error)) from None
            try:
                live.table.advance()
            finally:
                live.changed.notify_all()
            return live.seat_state(seat)

    def stream(self, live: LiveTable, seat: int, since: int) -> Iterator[bytes]:
        """Server-sent events for ``seat``: an ``update`` (its new events and its state) each
        time the table moves on, a comment every :attr:`heartbeat` seconds, and ``over`` once
        the game is."""
        yield b"retry: 2000\n\n"
        first = True
        while not self.closing.is_set():
            with live.changed:
                table = live.table
                since = min(since, len(table.actions))
                if not first and since == len(table.actions) and not table.over:
                    live.changed.wait(self.heartbeat)
                moved = first or since < len(table.actions) or table.over
                payload = (
                    {**live.events(seat, since), "state": live.seat_state(seat)} if moved else None
                )
                over = table.over
            first = False
            if payload is None:
                yield b": keep-alive\n\n"
                continue
            since = payload["next"]
            yield b"id: %d\nevent: update\ndata: %s\n\n" % (since, trickcore.to_json(payload))
            if over:
                yield b"event: over\ndata: {}\n\n"
                return

    def close(self) -> None:
        """End every stream (the server is shutting down)."""
        self.closing.set()
        with self._lock:
            tables = list(self._tables.values())
        for live in tables:
            with live.changed:
                live.changed.notify_all()


# -- HTTP --------------------------------------------------------------------------------------

_TABLE = r"/api/tables/(?P<table>[A-Za-z0-9_-]{1,64})"
_SEAT = _TABLE + r"/seats/(?P<seat>[0-9]{1,3})"
Route = tuple[str, "re.Pattern[str]", str]
_ROUTES: tuple[Route, ...] = tuple(
    (method, re.compile(pattern + r"\Z"), name)
    for method, pattern, name in (
        ("GET", r"/api/games", "games"),
        ("POST", r"/api/games/(?P<game>[^/]{1,64})/options", "options"),
        ("GET", r"/schema/(?P<game>[^/]{1,64})", "schema"),
        ("POST", r"/api/tables", "create"),
        ("GET", _TABLE, "public"),
        ("GET", _TABLE + r"/replay", "replay"),
        ("POST", _SEAT + r"/claim", "claim"),
        ("GET", _SEAT, "seat_state"),
        ("POST", _SEAT + r"/actions", "play"),
        ("GET", _SEAT + r"/events", "events"),
        ("GET", _SEAT + r"/stream", "stream"),
    )
)


class Handler(BaseHTTPRequestHandler):
    """One HTTP request: routed to :class:`WebApp`, answered in JSON (or the page's files)."""

    server: WebServer
    server_version = "trickcore-web"
    timeout = 60  # seconds a client may take to send its request

    def log_message(self, format: str, *args: Any) -> None:
        if self.server.verbose:
            super().log_message(format, *args)

    def do_GET(self) -> None:
        """Answer a GET."""
        self._dispatch("GET")

    def do_POST(self) -> None:
        """Answer a POST."""
        self._dispatch("POST")

    def do_other(self) -> None:
        """Answer another method: 405 where the path exists, else 404."""
        self._dispatch(self.command)

    do_PUT = do_DELETE = do_PATCH = do_other  # noqa: N815 (the base class reads these names)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """The base class's own refusals (a malformed request line, an unknown method, a URL
        too long) in JSON too."""
        status = HTTPStatus(code)
        self.close_connection = True
        self._send_json(status, {"error": "ProtocolError", "message": message or status.phrase})

    def _dispatch(self, method: str) -> None:
        parts = urlsplit(self.path)
        path, query = parts.path, parse_qs(parts.query)
        try:
            if method == "GET" and path in _FILES:
                self._send_file(*_FILES[path])
                return
            allowed = False
            for verb, pattern, name in _ROUTES:
                found = pattern.match(path)
                if found is None:
                    continue
                if verb != method:
                    allowed = True
                    continue
                handler: Callable[[dict[str, str], dict[str, list[str]]], None] = getattr(
                    self, "_" + name
                )
                handler(found.groupdict(), query)
                return
            if allowed:
                raise MethodNotAllowedError(f"{method} is not allowed on {path}")
            raise NotFoundError(f"there is nothing at {path}")
        except (WebError, trickcore.TrickcoreError) as error:
            self._send_json(*_error_answer(error))
        except (BrokenPipeError, ConnectionResetError):
            pass
        except Exception:  # a bug: logged here, never shown to the client
            self.server.handle_error(self.request, self.client_address)
            self._send_json(
                HTTPStatus.INTERNAL_SERVER_ERROR,
                {"error": "InternalError", "message": "the server failed; see its log"},
            )

    # reading

    def _body(self) -> bytes:
        length = self.headers.get("Content-Length")
        if length is None:
            raise LengthRequiredError("a request with a body must give its Content-Length")
        if not length.isdigit():
            raise BadRequestError(f"Content-Length must be a number of bytes, not {length!r}")
        size = int(length)
        if size > MAX_INPUT_BYTES:
            self.close_connection = True  # the body is not read
            raise BodyTooLargeError(
                f"the body has {size:,} bytes, more than the {MAX_INPUT_BYTES:,} read"
            )
        return self.rfile.read(size)

    def _token(self, query: dict[str, list[str]] | None = None) -> str | None:
        header = self.headers.get("Authorization", "")
        if header.startswith("Bearer "):
            return header.removeprefix("Bearer ").strip()
        if query is not None and query.get("token"):
            return query["token"][0]
        return None

    @staticmethod
    def _number(query: dict[str, list[str]], name: str, default: int) -> int:
        values = query.get(name)
        if not values:
            return default
        if not values[0].isdigit() or len(values[0]) > 9:
            raise BadRequestError(f"{name} must be a whole number of actions, not {values[0]!r}")
        return int(values[0])

    def _seat(
        self, groups: dict[str, str], query: dict[str, list[str]] | None = None
    ) -> tuple[LiveTable, int]:
        app = self.server.app
        live = app.table(groups["table"])
        seat = app.seat(live, int(groups["seat"]))
        app.check_token(live, seat, self._token(query))
        return live, seat

    # endpoints

    def _games(self, groups: dict[str, str], query: dict[str, list[str]]) -> None:
        self._send_json(HTTPStatus.OK, self.server.app.games())

    def _options(self, groups: dict[str, str], query: dict[str, list[str]]) -> None:
        self._send_json(HTTPStatus.OK, self.server.app.game_options(groups["game"], self._body()))

    def _schema(self, groups: dict[str, str], query: dict[str, list[str]]) -> None:
        part = query.get("part", [None])[0]
        try:
            document = self.server.app.schema(groups["game"], part)
        except trickcore.UnknownGameError as error:
            raise NotFoundError(str(error)) from None
        self._send_json(HTTPStatus.OK, document)

    def _create(self, groups: dict[str, str], query: dict[str, list[str]]) -> None:
        self._send_json(HTTPStatus.CREATED, self.server.app.create(self._body()))

    def _public(self, groups: dict[str, str], query: dict[str, list[str]]) -> None:
        live = self.server.app.table(groups["table"])
        with live.changed:
            self._send_json(HTTPStatus.OK, live.public())

    def _replay(self, groups: dict[str, str], query: dict[str, list[str]]) -> None:
        live = self.server.app.table(groups["table"])
        with live.changed:
            if not live.table.over:
                raise GameNotOverError(
                    "the replay holds every card and the seed: it is served once the game is over"
                )
            data = replay_json(live.table.replay())
        self._send_bytes(HTTPStatus.OK, data, "application/json")

    def _claim(self, groups: dict[str, str], query: dict[str, list[str]]) -> None:
        app = self.server.app
        live = app.table(groups["table"])
        self._send_json(HTTPStatus.CREATED, app.claim(live, app.seat(live, int(groups["seat"]))))

    def _seat_state(self, groups: dict[str, str], query: dict[str, list[str]]) -> None:
        live, seat = self._seat(groups)
        with live.changed:
            self._send_json(HTTPStatus.OK, live.seat_state(seat))

    def _play(self, groups: dict[str, str], query: dict[str, list[str]]) -> None:
        live, seat = self._seat(groups)
        self._send_json(HTTPStatus.OK, self.server.app.play(live, seat, self._body()))

    def _events(self, groups: dict[str, str], query: dict[str, list[str]]) -> None:
        live, seat = self._seat(groups)
        since = self._number(query, "since", 0)
        with live.changed:
            self._send_json(HTTPStatus.OK, live.events(seat, since))

    def _stream(self, groups: dict[str, str], query: dict[str, list[str]]) -> None:
        # EventSource cannot send headers: this endpoint alone takes the token in the query.
        live, seat = self._seat(groups, query)
        last = self.headers.get("Last-Event-ID", "")
        since = int(last) if last.isdigit() and len(last) < 10 else self._number(query, "since", 0)
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Accel-Buffering", "no")
        self.end_headers()
        self.close_connection = True
        for chunk in self.server.app.stream(live, seat, since):
            self.wfile.write(chunk)
            self.wfile.flush()

    # writing

    def _send_json(self, status: HTTPStatus, payload: Any) -> None:
        self._send_bytes(status, trickcore.to_json(payload), "application/json")

    def _send_bytes(
        self,
        status: HTTPStatus,
        data: bytes,
        kind: str,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def _send_file(self, name: str, kind: str) -> None:
        self._send_bytes(HTTPStatus.OK, (STATIC / name).read_bytes(), kind, _PAGE_HEADERS)


class WebServer(ThreadingHTTPServer):
    """The HTTP server holding a :class:`WebApp` (its :attr:`url` is where it listens)."""

    daemon_threads = True

    def __init__(self, address: tuple[str, int], app: WebApp, *, verbose: bool = False) -> None:
        super().__init__(address, Handler)
        self.app = app
        self.verbose = verbose

    @property
    def url(self) -> str:
        """``http://host:port`` of the listening socket."""
        host, port = self.server_address[:2]
        return f"http://{host!s}:{port}"

    def server_close(self) -> None:
        """Stop the streams, then close the socket."""
        self.app.close()
        super().server_close()


def make_server(
    host: str = "127.0.0.1",
    port: int = 8000,
    *,
    plugin_host: trickcore.PluginHost | None = None,
    allow_seeds: bool = False,
    max_tables: int = 1000,
    heartbeat: float = 15.0,
    verbose: bool = False,
) -> WebServer:
    """A server bound to ``host``:``port`` (0: a free port), not yet serving: call its
    ``serve_forever()`` (in a thread, for tests), then ``shutdown()`` and ``server_close()``.

    ``allow_seeds`` lets clients choose a table's seed (tests, replays; whoever knows the seed
    knows every deal); ``max_tables`` bounds the tables held (idle ones are dropped after an
    hour); ``heartbeat`` is the seconds between keep-alive comments on event streams."""
    app = WebApp(
        host=plugin_host, allow_seeds=allow_seeds, max_tables=max_tables, heartbeat=heartbeat
    )
    return WebServer((host, port), app, verbose=verbose)


def main(argv: list[str] | None = None) -> None:
    """``python examples/web/server.py [--host HOST] [--port PORT]``."""
    parser = argparse.ArgumentParser(description="A browser table for trickcore games.")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="port (0: any free one)")
    parser.add_argument(
        "--allow-seeds", action="store_true", help="let clients choose seeds (for testing)"
    )
    parser.add_argument("--quiet", action="store_true", help="do not log requests")
    args = parser.parse_args(argv)
    server = make_server(args.host, args.port, allow_seeds=args.allow_seeds, verbose=not args.quiet)
    print(f"trickcore web table on {server.url}/ (Ctrl-C stops it)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()

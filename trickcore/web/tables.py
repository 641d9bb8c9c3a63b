"""The tables of the web table and what the API does with them, apart from HTTP.

Each :class:`LiveTable` has one lock. Everything that reads or changes a table takes it, and
everything an answer needs is encoded *under* it, so the answer is written to the client
*outside* it: a client that does not read its answer never holds a table.
"""

from __future__ import annotations

import hmac
import secrets
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any

import msgspec

import trickcore
from trickcore.codec import MAX_DEPTH, MAY_BE_ABSENT, nesting_depth
from trickcore.history import describe_action
from trickcore.render import menu_order, renderer_for
from trickcore.replay import dumps as replay_json
from trickcore.schema import PARTS, game_schema
from trickcore.web.errors import (
    BadRequestError,
    GameNotOverError,
    NotFoundError,
    SeatTakenError,
    SeatTokenError,
    ServerBusyError,
    StaleActionError,
    TooManyRequestsError,
    UnknownSeatError,
    UnknownTableError,
    public_message,
)
from trickcore.web.settings import WebSettings

__all__ = ["GameOptions", "LiveTable", "Move", "NewTable", "RateLimiter", "StreamUpdate", "WebApp"]


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


# -- rate limits -------------------------------------------------------------------------------


class RateLimiter:
    """A token bucket per client: ``burst`` at once, then ``per_minute`` on average. At most
    ``max_clients`` buckets are kept (the fullest are forgotten first, which costs a
    forgotten client nothing). Thread-safe."""

    def __init__(self, per_minute: float, burst: int, *, max_clients: int = 10_000) -> None:
        self.per_second = per_minute / 60.0
        self.burst = float(burst)
        self.max_clients = max_clients
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def take(self, client: str, now: float | None = None) -> float:
        """Take one token for ``client``: 0.0 when it had one, else the seconds until it
        will (nothing is taken then)."""
        now = time.monotonic() if now is None else now
        with self._lock:
            tokens, then = self._buckets.get(client, (self.burst, now))
            tokens = min(self.burst, tokens + (now - then) * self.per_second)
            if tokens < 1.0:
                self._buckets[client] = (tokens, now)
                return (1.0 - tokens) / self.per_second if self.per_second > 0 else float("inf")
            self._buckets[client] = (tokens - 1.0, now)
            if len(self._buckets) > self.max_clients:
                self._forget(now)
            return 0.0

    def _forget(self, now: float) -> None:
        def fullness(item: tuple[str, tuple[float, float]]) -> float:
            tokens, then = item[1]
            return tokens + (now - then) * self.per_second

        ordered = sorted(self._buckets.items(), key=fullness, reverse=True)
        for key, _ in ordered[: len(self._buckets) - self.max_clients]:
            del self._buckets[key]


# -- tables ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class StreamUpdate:
    """One step of a seat's event stream, encoded under the table's lock: the bytes to send
    (``b""`` when nothing moved), the ``since`` of the next step, and whether the game is
    over."""

    data: bytes
    next: int
    over: bool


@dataclass
class LiveTable:
    """A table in the server's memory: the :class:`~trickcore.Table`, the tokens of the
    claimed seats, its lock, and the wakers of the streams waiting for it to move on."""

    id: str
    table: trickcore.Table[Any, Any, Any]
    humans: tuple[int, ...]
    tokens: dict[int, str] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)
    touched: float = field(default_factory=time.monotonic)
    waiters: set[Callable[[], None]] = field(default_factory=set)
    dropped: bool = False
    """Whether the server dropped the table (idle too long): its streams end."""

    def drop(self) -> None:
        """Mark the table dropped and wake its streams, which end."""
        self.dropped = True
        self.notify()

    def notify(self) -> None:
        """Wake every stream of the table (each waker must be safe to call from any thread)."""
        for wake in list(self.waiters):
            wake()

    def public(self) -> dict[str, Any]:
        """What anyone who knows the table's id may see: no card, no state."""
        table = self.table
        forfeit = table.forfeit
        return {
            "table": self.id,
            "game": table.game.name,
            "title": getattr(table.game, "title", table.game.name),
            "seats": list(table.labels),
            "sides": [list(side) for side in table.game.sides],
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
    """The tables and what the API does with them, apart from HTTP: thread-safe, one lock
    per table, every answer encoded under the lock and returned as bytes."""

    def __init__(
        self,
        settings: WebSettings | None = None,
        *,
        host: trickcore.PluginHost | None = None,
    ) -> None:
        self.settings = settings if settings is not None else WebSettings()
        self.host = host if host is not None else trickcore.default_host()
        self.closing = threading.Event()
        self.creations = RateLimiter(
            self.settings.creations_per_minute, self.settings.creation_burst
        )
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
        try:
            factory = self.host.game_factory(name)
        except trickcore.UnknownGameError as error:
            raise NotFoundError(str(error)) from None
        if part is not None and part not in PARTS:
            raise BadRequestError(f"unknown part {part!r}; parts: {', '.join(PARTS)}")
        chosen: Any = part
        return game_schema(factory, part=chosen)

    # tables

    @property
    def table_count(self) -> int:
        """How many tables the server holds now."""
        with self._lock:
            return len(self._tables)

    def create(self, body: bytes, client: str = "") -> dict[str, Any]:
        """A new table from a :class:`NewTable` body for ``client`` (its address, for the
        rate limit); chance and bots act until a human must."""
        request: NewTable = trickcore.from_json(body, NewTable, what="a new table")
        if request.seed is not None and not self.settings.allow_seeds:
            raise BadRequestError(
                "this server draws every seed itself (a seed decides every deal, so whoever "
                "knows it knows every deal); leave the seed out"
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
            if len(self._tables) >= self.settings.max_tables:
                raise ServerBusyError(
                    f"the server holds {self.settings.max_tables} tables already; try again later"
                )
            wait = self.creations.take(client)
            if wait > 0:
                raise TooManyRequestsError(
                    f"this client created tables too fast; try again in {wait:.0f} s", wait
                )
            self._tables[live.id] = live
        with live.lock:
            table.advance()
            return live.public()

    def sweep(self) -> None:
        """Drop the tables idle for longer than ``settings.idle_seconds`` (their streams
        end)."""
        with self._lock:
            self._drop_idle()

    def _drop_idle(self) -> None:
        limit = time.monotonic() - self.settings.idle_seconds
        for key in [key for key, live in self._tables.items() if live.touched < limit]:
            self._tables.pop(key).drop()

    def table(self, table_id: str) -> LiveTable:
        """The live table ``table_id``, or :class:`UnknownTableError` (also once idle too
        long)."""
        now = time.monotonic()
        with self._lock:
            self._drop_idle()
            live = self._tables.get(table_id)
        if live is None:
            raise UnknownTableError(f"there is no table {table_id!r} (unknown, or dropped)")
        live.touched = now
        return live

    @staticmethod
    def seat(live: LiveTable, seat: int) -> int:
        """``seat`` when the table has it, else :class:`UnknownSeatError`."""
        seats = live.table.game.seats
        if not 0 <= seat < seats:
            raise UnknownSeatError(f"the table has seats 0 to {seats - 1}, not {seat}")
        return seat

    def claim(self, live: LiveTable, seat: int) -> dict[str, Any]:
        """A new token for a human seat nobody holds yet."""
        with live.lock:
            if seat not in live.humans:
                raise SeatTakenError(f"seat {seat} is played by a bot ({live.table.labels[seat]})")
            if seat in live.tokens:
                raise SeatTakenError(f"seat {seat} is taken: someone claimed it already")
            token = live.tokens[seat] = secrets.token_urlsafe(32)
        live.notify()
        return {"table": live.id, "seat": seat, "token": token}

    @staticmethod
    def check_token(live: LiveTable, seat: int, token: str | None) -> None:
        """Raise :class:`SeatTokenError` unless ``token`` holds ``seat``."""
        if not token:
            raise SeatTokenError(
                f"seat {seat} needs its token (Authorization: Bearer <token>, or the seat's "
                "cookie): claim the seat"
            )
        held = live.tokens.get(seat)
        if held is None or not hmac.compare_digest(held.encode(), token.encode()):
            raise SeatTokenError(f"this token does not hold seat {seat}")

    def public_json(self, live: LiveTable) -> bytes:
        """The public part, encoded under the table's lock."""
        with live.lock:
            return trickcore.to_json(live.public())

    def seat_json(self, live: LiveTable, seat: int) -> bytes:
        """``seat``'s state, encoded under the table's lock."""
        with live.lock:
            return trickcore.to_json(live.seat_state(seat))

    def events_json(self, live: LiveTable, seat: int, since: int) -> bytes:
        """``seat``'s events from ``since`` on, encoded under the table's lock (and written
        by the caller after it is released)."""
        with live.lock:
            return trickcore.to_json(live.events(seat, since))

    def replay_json(self, live: LiveTable) -> bytes:
        """The replay of a finished game."""
        with live.lock:
            if not live.table.over:
                raise GameNotOverError(
                    "the replay holds every card and the seed: it is served once the game is over"
                )
            return replay_json(live.table.replay())

    def play(self, live: LiveTable, seat: int, body: bytes) -> bytes:
        """Play a :class:`Move` for ``seat``, let chance and the bots act, and return the
        seat's state."""
        move: Move = trickcore.from_json(body, Move, what="a move")
        try:
            with live.lock:
                try:
                    live.table.play_json(seat, bytes(move.action), at=move.at)
                except trickcore.DecodeError as error:
                    message = public_message(str(error), root="action")
                    raise trickcore.DecodeError(message) from None
                except trickcore.TableError as error:  # the "at" check: the table moved on
                    raise StaleActionError(str(error)) from None
                live.table.advance()
                return trickcore.to_json(live.seat_state(seat))
        finally:
            live.notify()

    def stream_update(self, live: LiveTable, seat: int, since: int, first: bool) -> StreamUpdate:
        """The next message of ``seat``'s event stream, encoded under the table's lock: an
        ``update`` (its events from ``since`` on and its state) when the table moved on (or
        ``first``), then an ``over`` event once the game is."""
        with live.lock:
            table = live.table
            since = min(since, len(table.actions))
            over = table.over
            if not first and since == len(table.actions) and not over:
                return StreamUpdate(b"", since, False)
            payload = {**live.events(seat, since), "state": live.seat_state(seat)}
            data = trickcore.to_json(payload)
        after: int = payload["next"]
        message = b"id: %d\nevent: update\ndata: %s\n\n" % (after, data)
        if over:
            message += b"event: over\ndata: {}\n\n"
        return StreamUpdate(message, after, over)

    def close(self) -> None:
        """End every stream (the server is shutting down)."""
        self.closing.set()
        with self._lock:
            tables = list(self._tables.values())
        for live in tables:
            live.drop()

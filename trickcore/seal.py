"""Sealed states: a game's state or a whole table as a signed token, for stateless servers.

:func:`seal` turns a state (with its game) or a :class:`~trickcore.Table` into a text token;
:func:`unseal` gives it back, but only if the token was sealed with one of the keys given and
not changed since. A server may keep the token in a store, a queue or a database it does not
fully trust not to alter data, and rebuild the game from it on the next request.

**The token is signed, not encrypted.** Anyone holding it can read every card in it: the hidden
hands, the undealt cards and, for a table, the seed, which decides every deal to come. Never
send a token to a player (see ``docs/security.md``): keep it server-side, or in a store that
encrypts it. The standard library offers no cipher, and the core depends on nothing else, so
trickcore does not encrypt; a server that must hand the game to clients encrypts the token with
a vetted library of its own choice (an AEAD such as AES-GCM), or keeps the game and sends views.

The token, in text (URL-safe base64 without padding, so it fits a URL, a cookie or JSON)::

    tc1.<payload>.<tag>

``tc1`` names the format (version 1, :data:`SEAL_FORMAT`); the payload is the MessagePack form
of the format, what was sealed (a state or a table), the game's name, its options, the
trickcore version and the sealed thing itself; the tag is HMAC-SHA-256 over ``tc1.<payload>``
with a key derived from the caller's key, compared in constant time
(:func:`hmac.compare_digest`). So the game, its options and the format are bound into the
signature: a token sealed for one game cannot be passed off as another's, and a token of
another format is refused, not misread.

Keys are random bytes, at least :data:`MIN_KEY_BYTES` long (``secrets.token_bytes(32)``). To
rotate them, give a list: :func:`seal` signs with the first, :func:`unseal` accepts any.
Whatever goes wrong when opening a token (a wrong key, a changed or truncated token, garbage,
another format, another game) raises :class:`~trickcore.errors.SealError` and nothing else;
the state inside is checked with ``game.validate`` before it is returned.

A signature proves that the server sealed the token, not that it is the latest one: a client
that holds tokens can hand back an older one. A server that lets tokens travel keeps, per game,
the number of actions (``len(table.actions)``) or a version of its own, and refuses an older
token.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeAlias

import msgspec

from trickcore._version import __version__
from trickcore.codec import MAX_DEPTH, from_msgpack, json_form, nesting_depth
from trickcore.errors import SealError, TrickcoreError, UnknownGameError
from trickcore.game import AnyGame
from trickcore.history import load_game
from trickcore.plugins import PluginHost
from trickcore.table import Table
from trickcore.typecheck import type_problem

__all__ = [
    "MAX_TOKEN_CHARS",
    "MIN_KEY_BYTES",
    "SEAL_FORMAT",
    "Key",
    "Unsealed",
    "seal",
    "unseal",
]

SEAL_FORMAT = 1
"""The token format this version writes and reads (the ``tc1`` in front of a token)."""
MIN_KEY_BYTES = 16
"""The shortest key accepted, in bytes; 32 random bytes are recommended."""
MAX_TOKEN_CHARS = 1 << 24
"""The longest token read (16 MiB of text); a longer one is refused before any work."""

Key: TypeAlias = bytes | bytearray
"""A secret key: random bytes, at least :data:`MIN_KEY_BYTES` long."""

_PREFIX = f"tc{SEAL_FORMAT}."
_TAG_BYTES = hashlib.sha256().digest_size
_KEY_CONTEXT = b"trickcore seal key v1"
_TOO_DEEP = f"lists and objects nest too deeply (at most {MAX_DEPTH} levels are read)"


class _Payload(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """What a token carries, signed."""

    format: int
    kind: Literal["state", "table"]
    game: str
    options: dict[str, Any]
    trickcore: str
    """The version that sealed it (for the record; the format decides what is read)."""
    body: bytes
    """The state as MessagePack, or the table as :meth:`Table.to_json` saves it."""


@dataclass(frozen=True)
class Unsealed:
    """What :func:`unseal` opened: the game bound to the sealed options, its validated state
    and, when a table was sealed, the table resumed (``None`` for a state)."""

    game: AnyGame
    """The game the token was sealed for, bound to its options."""
    state: Any
    """The sealed state, checked by ``game.validate`` (for a table: its current state)."""
    table: Table[Any, Any, Any] | None = None
    """The sealed table, resumed as :meth:`Table.from_json` resumes a saved one."""


def seal(obj: Any, key: Key | Sequence[Key], *, game: AnyGame | None = None) -> str:
    """A signed token holding ``obj``: a :class:`~trickcore.Table`, or a state of ``game``
    (required for a state). With a list of keys, the first signs. The state is checked with
    ``game.validate`` first (:class:`~trickcore.errors.InvalidStateError`); a table is saved
    as :meth:`Table.to_json` saves it (its bots seated by name). **Signed, not encrypted:**
    the token shows every card to whoever holds it; never send it to a player."""
    signing = _keys(key)[0]
    if isinstance(obj, Table):
        if game is not None and not _same_game(game, obj.game.name, json_form(obj.game.options)):
            raise SealError(f"the table plays {obj.game.name}, not {game.name}")
        kind: Literal["state", "table"] = "table"
        bound, body = obj.game, obj.to_json()
    else:
        if game is None:
            raise SealError("sealing a state needs its game: seal(state, key, game=game)")
        if (problem := type_problem(obj, game.state_type)) is not None:
            raise SealError(f"not a {game.name} state: {problem}")
        game.validate(obj)
        kind, bound, body = "state", game, msgspec.msgpack.encode(obj)
    payload = _Payload(
        format=SEAL_FORMAT,
        kind=kind,
        game=bound.name,
        options=json_form(bound.options),
        trickcore=__version__,
        body=body,
    )
    signed = _PREFIX + _b64encode(msgspec.msgpack.encode(payload))
    return signed + "." + _b64encode(_tag(signing, signed))


def unseal(
    token: str | bytes,
    key: Key | Sequence[Key],
    *,
    game: AnyGame | None = None,
    host: PluginHost | None = None,
) -> Unsealed:
    """Open a token made by :func:`seal` with ``key`` or one of a list of keys (rotation).

    With ``game``, the token must have been sealed for a game of that name with the same
    options, and is opened with ``game`` whichever plugin host loaded it (a sealed table's bots
    still come from ``host``). The game is otherwise loaded by name from ``host`` (default:
    :func:`trickcore.default_host`).
    The state is checked with ``game.validate``; a table is resumed, every action replayed and
    checked. Anything wrong raises :class:`~trickcore.errors.SealError`, saying what."""
    keys = _keys(key)
    signed, tag = _split(token)
    if not any(hmac.compare_digest(_tag(each, signed), tag) for each in keys):
        raise SealError(
            "the token's signature matches none of the keys: a wrong key, or the token was changed"
        )
    try:
        payload = msgspec.msgpack.decode(_b64decode(signed[len(_PREFIX) :]), type=_Payload)
    except (msgspec.DecodeError, binascii.Error, ValueError) as error:
        # Signed by a holder of the key, yet unreadable: not a token this version made.
        raise SealError(f"the token's content cannot be read: {error}") from None
    except RecursionError:
        raise SealError(f"the token's content cannot be read: {_TOO_DEEP}") from None
    if nesting_depth(payload.options) > MAX_DEPTH:
        # seal writes a game's options, never this deep: reading on would exhaust the stack.
        raise SealError(f"the token's options cannot be read: {_TOO_DEEP}")
    if payload.format != SEAL_FORMAT:
        raise SealError(f"token format {payload.format} is not supported; this reads {SEAL_FORMAT}")
    if game is not None and not _same_game(game, payload.game, payload.options):
        raise SealError(
            f"the token was sealed for {payload.game} with options {payload.options}, not for "
            f"{game.name} with options {json_form(game.options)}"
        )
    try:
        return _open(payload, game, host)
    except Exception as error:  # a state or table this version cannot restore, whatever the cause
        detail = str(error) if isinstance(error, TrickcoreError) else repr(error)
        if isinstance(error, UnknownGameError):
            detail += " (give unseal the game, or the plugin host that registers it)"
        raise SealError(
            f"the sealed {payload.kind} of {payload.game} cannot be restored: {detail}"
        ) from error


def _open(payload: _Payload, game: AnyGame | None, host: PluginHost | None) -> Unsealed:
    if payload.kind == "table":
        # A game given is the one to resume with, whichever host loaded it (same name and
        # options: checked by unseal).
        table = Table.from_json(payload.body, host=host, game=game)
        table.game.validate(table.state)
        return Unsealed(game=table.game, state=table.state, table=table)
    bound = game if game is not None else load_game(payload.game, payload.options, host=host)
    state: Any = from_msgpack(payload.body, bound.state_type, what=f"a sealed {bound.name} state")
    bound.validate(state)
    return Unsealed(game=bound, state=state)


def _same_game(game: AnyGame, name: str, options: dict[str, Any]) -> bool:
    return game.name == name and json_form(game.options) == options


def _keys(key: object) -> list[bytes]:
    """The keys given (one, or a non-empty list), each checked."""
    keys = [key] if isinstance(key, bytes | bytearray | str) else key
    if not isinstance(keys, Sequence) or isinstance(keys, str) or not keys:
        raise SealError("give a key (bytes) or a non-empty list of keys, the first one to seal")
    checked = []
    for each in keys:
        if not isinstance(each, bytes | bytearray):
            raise SealError(
                f"a key must be bytes (secrets.token_bytes(32)), not {type(each).__name__}"
            )
        if len(each) < MIN_KEY_BYTES:
            raise SealError(f"a key must be at least {MIN_KEY_BYTES} bytes long")
        checked.append(bytes(each))
    return checked


def _tag(key: bytes, signed: str) -> bytes:
    derived = hmac.new(key, _KEY_CONTEXT, hashlib.sha256).digest()
    return hmac.new(derived, signed.encode("ascii"), hashlib.sha256).digest()


def _split(token: object) -> tuple[str, bytes]:
    """The signed part of a token and its tag, or :class:`SealError` for anything that is not
    the shape of a token."""
    if isinstance(token, bytes | bytearray):
        if len(token) > MAX_TOKEN_CHARS:
            raise SealError(f"a token is at most {MAX_TOKEN_CHARS} characters long")
        try:
            token = bytes(token).decode("ascii")
        except UnicodeDecodeError:
            raise SealError("not a sealed token: it is not ASCII text") from None
    if not isinstance(token, str):
        raise SealError(f"a token is text, not {type(token).__name__}")
    if len(token) > MAX_TOKEN_CHARS:
        raise SealError(f"a token is at most {MAX_TOKEN_CHARS} characters long")
    if not token.isascii():
        raise SealError("not a sealed token: it is not ASCII text")
    version, dot, _ = token.partition(".")
    if not dot or not version.startswith("tc") or not version[2:].isdigit():
        raise SealError("not a sealed token: it does not start with tc<format>.")
    if version != _PREFIX[:-1]:
        raise SealError(
            f"token format {version[2:]} is not supported; this trickcore reads {SEAL_FORMAT}"
        )
    signed, dot, tag_text = token.rpartition(".")
    if signed == version or not tag_text:
        raise SealError("not a sealed token: the content or the signature is missing (truncated?)")
    try:
        tag = _b64decode(tag_text)
    except (binascii.Error, ValueError):
        raise SealError("not a sealed token: its signature is not base64") from None
    if len(tag) != _TAG_BYTES:
        raise SealError("not a sealed token: its signature has the wrong length (truncated?)")
    return signed, tag


def _b64encode(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def _b64decode(text: str) -> bytes:
    """Strict URL-safe base64 without padding, as :func:`_b64encode` writes it: any other
    character, or another spelling of the same bytes, is an error (``ValueError``)."""
    if not _ALPHABET.issuperset(text):
        raise ValueError("a character outside URL-safe base64")
    data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    if _b64encode(data) != text:
        raise ValueError("not the canonical base64 of its bytes")
    return data

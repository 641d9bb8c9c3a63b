"""JSON and MessagePack for states, actions, views, events, options and replays.

Everything trickcore exchanges is a msgspec struct, so encoding is msgspec's; this module adds
trickcore's errors, a canonical encoding for digests and the JSON Schema export. Decoding a state
checks its shape only: call ``game.validate(state)`` (or let :class:`~trickcore.Table` do it) to
check that a legal game can reach it.
"""

from __future__ import annotations

import hashlib
from typing import Any, TypeVar

import msgspec

from trickcore.errors import DecodeError

__all__ = [
    "digest",
    "json_form",
    "json_text",
    "from_json",
    "from_msgpack",
    "json_schema",
    "to_json",
    "to_msgpack",
]

T = TypeVar("T")

_canonical = msgspec.msgpack.Encoder(order="deterministic")


def to_json(obj: Any, *, pretty: bool = False) -> bytes:
    """``obj`` as JSON bytes (cards as text, actions and events tagged by ``type``)."""
    data = msgspec.json.encode(obj)
    return msgspec.json.format(data, indent=2) if pretty else data


def from_json(data: bytes | str, type: type[T] | Any) -> T:
    """Decode JSON into ``type``; malformed or mistyped input raises
    :class:`~trickcore.errors.DecodeError` naming the offending path."""
    try:
        result: T = msgspec.json.decode(data, type=type)
    except msgspec.DecodeError as error:
        raise DecodeError(f"cannot decode {_type_name(type)} from JSON: {error}") from None
    return result


def to_msgpack(obj: Any) -> bytes:
    """``obj`` as MessagePack bytes (the same shape as the JSON form)."""
    return msgspec.msgpack.encode(obj)


def from_msgpack(data: bytes, type: type[T] | Any) -> T:
    """Decode MessagePack into ``type``; bad input raises :class:`~trickcore.errors.DecodeError`."""
    try:
        result: T = msgspec.msgpack.decode(data, type=type)
    except msgspec.DecodeError as error:
        raise DecodeError(f"cannot decode {_type_name(type)} from MessagePack: {error}") from None
    return result


def json_form(obj: Any) -> Any:
    """``obj`` as plain JSON values (dicts, lists, strings, numbers), exactly as it reads back
    from JSON: how replays and tournaments store options and actions."""
    return msgspec.json.decode(msgspec.json.encode(obj))


def json_text(obj: Any) -> str:
    """``obj`` as compact JSON text for messages (``True`` -> ``true``, a card -> ``"QH"``);
    its ``repr`` when it cannot be encoded."""
    try:
        return msgspec.json.encode(obj).decode()
    except (TypeError, ValueError):
        return repr(obj)


def digest(obj: Any) -> str:
    """SHA-256 (hex) of the canonical MessagePack encoding of ``obj`` (sorted map keys), the
    same on every platform and Python version."""
    return hashlib.sha256(_canonical.encode(obj)).hexdigest()


def json_schema(types: dict[str, Any]) -> dict[str, Any]:
    """A JSON Schema document with one entry per named type, sharing ``$defs``.

    ``json_schema({"action": game.action_type, "view": game.view_type})`` returns
    ``{"$defs": {...}, "properties": {"action": {"$ref": ...}, ...}}``.
    """
    names = list(types)
    refs, defs = msgspec.json.schema_components(
        [types[name] for name in names], ref_template="#/$defs/{name}"
    )
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "properties": dict(zip(names, refs, strict=True)),
        "$defs": defs,
    }


def _type_name(type: Any) -> str:
    return getattr(type, "__name__", None) or str(type)

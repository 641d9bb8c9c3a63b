"""JSON and MessagePack for states, actions, views, events, options and replays.

Everything trickcore exchanges is a msgspec struct, so encoding is msgspec's; this module adds
trickcore's errors, a canonical encoding for digests and the JSON Schema export. Decoding a state
checks its shape only: call ``game.validate(state)`` (or let :class:`~trickcore.Table` do it) to
check that a legal game can reach it.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import re
from typing import Any, TypeVar

import msgspec
import msgspec.inspect as mi

from trickcore.cards import CARD_TEXT, Card
from trickcore.errors import DecodeError

__all__ = [
    "MAX_DEPTH",
    "MAX_INPUT_BYTES",
    "MAY_BE_ABSENT",
    "nesting_depth",
    "decode_problem",
    "digest",
    "json_form",
    "json_text",
    "from_json",
    "from_msgpack",
    "json_schema",
    "may_be_absent",
    "missing_field",
    "plain_text",
    "to_json",
    "to_msgpack",
]

T = TypeVar("T")

_canonical = msgspec.msgpack.Encoder(order="deterministic")

MAY_BE_ABSENT = msgspec.Meta(extra={"trickcore": "may be absent"})
"""Marks a field that files written by older versions lack (``returns: Annotated[tuple[float,
...], MAY_BE_ABSENT] = ()``): trickcore's readers fill in its default and the JSON Schema does
not require it. Every other field must be present (see :func:`from_json`)."""

MAX_DEPTH = 32
"""The deepest nesting of lists and objects trickcore reads in free-form parts of its files
(a replay's options and actions, a saved table's bot options): far more than any game writes,
far less than would exhaust the stack."""

MAX_INPUT_BYTES = 8 * 1024 * 1024
"""The largest input :func:`from_json` and :func:`from_msgpack` read: 8 MiB, a hundred times a
long game's replay with its checkpoints. Larger input is refused before it is parsed, so no
input makes the reader build more than a bounded amount of memory."""


def nesting_depth(value: Any, limit: int = MAX_DEPTH) -> int:
    """How deeply lists, tuples and dicts nest in ``value`` (a scalar is 0, ``[]`` is 1),
    counted without recursion and without looking further than ``limit + 1`` levels."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            item = item.values()
        elif not isinstance(item, (list, tuple)):
            continue
        depth += 1
        deepest = max(deepest, depth)
        if depth > limit:
            return depth
        stack.extend((child, depth) for child in item)
    return deepest


def to_json(obj: Any, *, pretty: bool = False) -> bytes:
    """``obj`` as JSON bytes (cards as text, actions and events tagged by ``type``)."""
    data = msgspec.json.encode(obj)
    return msgspec.json.format(data, indent=2) if pretty else data


def from_json(data: bytes | str, type: type[T] | Any, *, what: str | None = None) -> T:
    """Decode JSON into ``type``; malformed or mistyped input raises
    :class:`~trickcore.errors.DecodeError` saying what was expected where, e.g.
    ``cannot read a replay from JSON: at $.actions[3].suit: "X" is not one of "C", "D", "H",
    "S"`` (see :func:`decode_problem`). ``what`` names the thing read, for the message
    (default: from ``type``, such as ``a replay``).

    The rules are those of the game's JSON Schema (``trickcore schema GAME``): every field
    trickcore writes must be present (fields with defaults included), cards are written in
    their canonical text only (``"TH"``, not ``"10h"``), and a number without a fractional
    part is an integer wherever an integer is expected (``10.0`` reads as ``10``, as JSON
    Schema and JavaScript see it).
    """
    return _decode(msgspec.json.decode, data, type, what, "JSON")  # type: ignore[no-any-return]


_TOO_DEEP = f"lists and objects nest too deeply (at most {MAX_DEPTH} levels are read)"


def _decode(decode: Any, data: Any, type: Any, what: str | None, form: str) -> Any:
    """``data`` decoded by ``decode`` (msgspec's JSON or MessagePack decoder) into ``type``
    by the rules of :func:`from_json`, or :class:`~trickcore.errors.DecodeError`."""
    if isinstance(data, (bytes, bytearray, memoryview, str)) and len(data) > MAX_INPUT_BYTES:
        raise DecodeError(
            f"cannot read {what or _what(type)} from {form}: {len(data):,} bytes is more than"
            f" the {MAX_INPUT_BYTES:,} trickcore reads"
        )
    raw: Any = None
    try:
        try:
            result = decode(data, type=type)
        except msgspec.DecodeError as error:
            if "got `float`" not in str(error):
                raise
            raw = _raw(decode, data)
            integral = _integral(raw)
            if integral is raw:
                raise
            result = msgspec.convert(integral, type)
    except RecursionError:
        raise DecodeError(f"cannot read {what or _what(type)} from {form}: {_TOO_DEEP}") from None
    except msgspec.DecodeError as error:
        raw = _raw(decode, data) if raw is None else raw
        problem = decode_problem(str(error), type, raw)
        raise DecodeError(f"cannot read {what or _what(type)} from {form}: {problem}") from None
    if (missing := missing_field(type, _raw(decode, data) if raw is None else raw)) is not None:
        raise DecodeError(f"cannot read {what or _what(type)} from {form}: {missing}")
    return result


def may_be_absent(field: mi.Field) -> bool:
    """Whether a struct field is marked :data:`MAY_BE_ABSENT`."""
    kind = field.type
    while isinstance(kind, mi.Metadata):
        if (kind.extra or {}).get("trickcore") == "may be absent":
            return True
        kind = kind.type
    return False


def _integral(value: Any) -> Any:
    """``value`` (plain JSON values) with every number that has no fractional part (``10.0``)
    as an integer; ``value`` itself when there is none."""
    if isinstance(value, float):
        return int(value) if value.is_integer() else value
    if isinstance(value, list):
        items = [_integral(item) for item in value]
        return items if any(a is not b for a, b in zip(items, value, strict=True)) else value
    if isinstance(value, dict):
        pairs = {key: _integral(item) for key, item in value.items()}
        return pairs if any(pairs[key] is not value[key] for key in value) else value
    return value


def missing_field(type: Any, data: Any) -> str | None:
    """Where ``data`` (plain JSON values that decode as ``type``) lacks a field that trickcore
    always writes, as ``at <path>: the field "<name>" is missing``; ``None`` when none is
    missing. msgspec fills a missing field that has a default; trickcore's readers refuse it,
    as the JSON Schema does (every field is required), so that what a frontend checks with
    the schema is what trickcore reads."""
    try:
        kind = _type_info(type)
    except (TypeError, ValueError):
        return None
    stack: list[tuple[Any, Any, str]] = [(kind, data, "$")]
    while stack:
        kind, value, path = stack.pop()
        kind = _pick(_unwrap(kind), value)
        if isinstance(kind, mi.StructType) and isinstance(value, dict):
            for field in kind.fields:
                if field.encode_name not in value and not may_be_absent(field):
                    return f'at {path}: the field "{field.encode_name}" is missing'
            stack.extend(
                (field.type, value[field.encode_name], f"{path}.{field.encode_name}")
                for field in reversed(kind.fields)
                if field.encode_name in value
            )
        elif isinstance(kind, (mi.ListType, mi.VarTupleType, mi.SetType, mi.FrozenSetType)):
            if isinstance(value, list):
                stack.extend((kind.item_type, item, f"{path}[{i}]") for i, item in enumerate(value))
        elif isinstance(kind, mi.TupleType) and isinstance(value, list):
            stack.extend(
                (item_type, item, f"{path}[{i}]")
                for i, (item_type, item) in enumerate(zip(kind.item_types, value, strict=False))
            )
        elif isinstance(kind, mi.DictType) and isinstance(value, dict):
            stack.extend((kind.value_type, item, f"{path}.{key}") for key, item in value.items())
    return None


def to_msgpack(obj: Any) -> bytes:
    """``obj`` as MessagePack bytes (the same shape as the JSON form)."""
    return msgspec.msgpack.encode(obj)


def from_msgpack(data: bytes, type: type[T] | Any, *, what: str | None = None) -> T:
    """Decode MessagePack into ``type`` by the rules of :func:`from_json`; bad input raises
    :class:`~trickcore.errors.DecodeError` worded as :func:`from_json` words it."""
    return _decode(msgspec.msgpack.decode, data, type, what, "MessagePack")  # type: ignore[no-any-return]


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
    ``{"$defs": {...}, "properties": {"action": {"$ref": ...}, ...}}``. Descriptions come from
    the types' docstrings and ``Meta(description=...)``, as plain text with Markdown code
    spans: Sphinx markup (``:class:`~pkg.Name```, double backquotes) is turned into
    ```Name```, for readers in other languages. Bounds (``Meta(ge=..., le=...)``) are
    ``minimum`` and ``maximum``.
    """
    names = list(types)
    refs, defs = msgspec.json.schema_components(
        [types[name] for name in names], ref_template="#/$defs/{name}"
    )
    document: dict[str, Any] = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "properties": dict(zip(names, refs, strict=True)),
        "$defs": defs,
    }
    plain: dict[str, Any] = _plain_descriptions(document)
    return plain


_ROLE = re.compile(r":[a-z]+(?::[a-z]+)?:`(?:([^`<]*?)\s*<[^`>]*>|~?([^`]*))`")
_LITERAL = re.compile(r"``(.+?)``")


def plain_text(text: str) -> str:
    """Docstring text without Sphinx markup: ``:class:`~trickcore.Card``` and ``:meth:`a.b```
    become ```Card``` and ```a.b```, a role with a title (``:ref:`the guide <guide>```) its
    title, and a double-backquoted literal a single-backquoted one.

    >>> plain_text("Raises :class:`~trickcore.errors.CardError`; see ``Card(text)``.")
    'Raises `CardError`; see `Card(text)`.'
    """

    def role(found: re.Match[str]) -> str:
        titled, target = found.group(1), found.group(2)
        if titled is not None:
            return titled
        return f"`{target.rsplit('.', 1)[-1] if found.group(0).count('~') else target}`"

    return _LITERAL.sub(r"`\1`", _ROLE.sub(role, text))


def _plain_descriptions(node: Any) -> Any:
    if isinstance(node, dict):
        return {
            key: plain_text(value)
            if key == "description" and isinstance(value, str)
            else _plain_descriptions(value)
            for key, value in node.items()
        }
    if isinstance(node, list):
        return [_plain_descriptions(item) for item in node]
    return node


_AT = re.compile(r"^(?P<problem>.*?)(?: - at `(?P<path>\$[^`]*)`)?$", re.DOTALL)
_EXPECTED = re.compile(
    r"^Expected `(?P<wanted>[^`]*)`(?P<bounds>[^,]*)(?:, got `(?P<got>[^`]*)`)?$"
)
_INVALID = re.compile(r"^Invalid (?:enum )?value (?P<value>.*)$")
_MISSING = re.compile(r"^Object missing required field `(?P<field>[^`]*)`$")
_UNKNOWN = re.compile(r"^Object contains unknown field `(?P<field>[^`]*)`$")
_STEP = re.compile(r"\.([^.\[]+)|\[(-?[0-9]+)\]")
_WORDS = {
    "str": "a string",
    "int": "an integer",
    "float": "a number",
    "bool": "true or false",
    "null": "null",
    "object": "an object",
    "array": "an array",
    "bytes": "bytes",
}
_MAX_LISTED = 16
_CARDS = [msgspec.json.encode(card).decode() for card in Card]


def decode_problem(message: str, type: Any, data: Any = None, *, at: str = "$") -> str:
    """msgspec's decoding ``message`` in the user's terms: ``at <path>: <what was wrong>``.

    The path is a JSON path (``$.actions[3].suit``), relative to ``at`` (the path of the
    decoded value in a larger document). Type names become words (``an integer``, ``an
    object``); a value that is not one of a fixed set (an enumeration, a literal, an action
    ``type``) lists the allowed values when ``data`` (the same input decoded without a type)
    shows which type the path leads to. No Python type name appears.
    """
    found = _AT.match(message.strip())
    problem = found.group("problem") if found else message
    relative = (found.group("path") if found else None) or "$"
    path = at + relative[1:]
    words = problem
    if problem.startswith(("JSON is malformed", "MessagePack data is malformed")):
        return f"not valid {problem.split()[0]}: {problem.partition(': ')[2] or problem}"
    if problem == "Input data was truncated":
        return "the input ends too early (truncated)"
    if expected := _EXPECTED.match(problem):
        wanted = " or ".join(
            _WORDS.get(name.strip(), name.strip()) for name in expected["wanted"].split("|")
        )
        words = f"expected {wanted}{expected['bounds'].rstrip()}"
        if expected["got"]:
            words += f", got {_WORDS.get(expected['got'], expected['got'])}"
    elif invalid := _INVALID.match(problem):
        value = _json_value(invalid["value"].strip())
        allowed = _allowed_at(type, data, _steps(relative))
        words = f"{value} is not allowed here"
        if allowed == _CARDS:
            words = f"{value} is not a card: {CARD_TEXT}"
        elif allowed:
            listed = ", ".join(allowed[:_MAX_LISTED])
            more = " …" if len(allowed) > _MAX_LISTED else ""
            words = f"{value} is not one of {listed}{more}"
    elif missing := _MISSING.match(problem):
        words = f'the field "{missing["field"]}" is missing'
    elif unknown := _UNKNOWN.match(problem):
        words = f'there is no field "{unknown["field"]}" here'
    return f"at {path}: {words}"


def _json_value(text: str) -> str:
    """A value as msgspec quotes it (Python's ``repr``) as JSON text."""
    try:
        return json_text(ast.literal_eval(text))
    except (ValueError, SyntaxError):
        return text


def _raw(decode: Any, data: Any) -> Any:
    """``data`` decoded without a type, or ``None`` when it is malformed."""
    try:
        return decode(data)
    except (msgspec.DecodeError, TypeError, ValueError, RecursionError):
        return None


def _steps(path: str) -> list[str | int]:
    return [
        name if name is not None and name != "" else int(index)
        for name, index in _STEP.findall(path)
    ]


def _item(data: Any, step: str | int) -> Any:
    """Item ``step`` of the list ``data``, or ``None``. The plain decoding that explains an
    error may not hold the item msgspec refused: with a key given twice, msgspec refuses the
    first value and the plain decoding keeps the last."""
    if isinstance(data, list) and isinstance(step, int) and 0 <= step < len(data):
        return data[step]
    return None


def _allowed_at(type: Any, data: Any, steps: list[str | int]) -> list[str]:
    """The allowed values (as JSON text) of the value at ``steps`` in ``data`` decoded as
    ``type``: an enumeration's or a literal's values, or a tagged union's tags."""
    try:
        kind: Any = _type_info(type)
    except (TypeError, ValueError):
        return []
    for step in steps:
        kind = _pick(_unwrap(kind), data)
        if isinstance(kind, mi.StructType) and isinstance(step, str):
            if step == kind.tag_field:
                return []
            fields = {f.encode_name: f.type for f in kind.fields}
            if step not in fields:
                return []
            kind = fields[step]
            data = data.get(step) if isinstance(data, dict) else None
        elif isinstance(kind, (mi.ListType, mi.VarTupleType, mi.SetType, mi.FrozenSetType)):
            kind = kind.item_type
            data = _item(data, step)
        elif isinstance(kind, mi.TupleType) and isinstance(step, int):
            kind = kind.item_types[step] if step < len(kind.item_types) else None
            data = _item(data, step)
        elif isinstance(kind, mi.DictType) and isinstance(step, str):
            kind = kind.value_type
            data = data.get(step) if isinstance(data, dict) else None
        elif isinstance(kind, mi.UnionType) and step == _tag_field(kind):
            return [
                msgspec.json.encode(member.tag).decode()
                for member in kind.types
                if isinstance(member, mi.StructType) and member.tag is not None
            ]
        else:
            return []
        if kind is None:
            return []
    kind = _unwrap(kind)
    if isinstance(kind, mi.EnumType):
        return [msgspec.json.encode(member).decode() for member in kind.cls]
    if isinstance(kind, mi.LiteralType):
        return [msgspec.json.encode(value).decode() for value in kind.values]
    return []


def _unwrap(kind: Any) -> Any:
    while isinstance(kind, mi.Metadata):
        kind = kind.type
    return kind


def _tag_field(union: mi.UnionType) -> str | None:
    fields = {getattr(m, "tag_field", None) for m in union.types if isinstance(m, mi.StructType)}
    return fields.pop() if len(fields) == 1 else None


def _pick(kind: Any, data: Any) -> Any:
    """The member of a union that ``data`` is (by its tag, or the only non-null member)."""
    if not isinstance(kind, mi.UnionType):
        return kind
    members = [_unwrap(m) for m in kind.types if not isinstance(m, mi.NoneType)]
    tag_field = _tag_field(kind)
    if tag_field is not None and isinstance(data, dict):
        for member in members:
            if isinstance(member, mi.StructType) and member.tag == data.get(tag_field):
                return member
    return members[0] if len(members) == 1 else kind


def _type_info(type: Any) -> Any:
    """``msgspec.inspect.type_info(type)``, kept for the types met before: building it takes
    milliseconds, and every refused input needs it for its message."""
    try:
        return _cached_type_info(type)
    except TypeError:  # an unhashable type (an Annotated with a dict, say): not kept
        return mi.type_info(type)


@functools.lru_cache(maxsize=256)
def _cached_type_info(type: Any) -> Any:
    return mi.type_info(type)


def _what(type: Any) -> str:
    """The thing a type decodes, in words: ``a replay``, ``an action``, ``a saved table``."""
    try:
        kind = _unwrap(_type_info(type))
    except (TypeError, ValueError):
        return "the data"
    if isinstance(kind, mi.UnionType) and _tag_field(kind) is not None:
        classes = [member.cls for member in kind.types if isinstance(member, mi.StructType)]
        shared = [base for base in classes[0].__mro__ if all(issubclass(c, base) for c in classes)]
        name = shared[0].__name__ if shared and shared[0] is not msgspec.Struct else "value"
    elif isinstance(kind, (mi.StructType, mi.EnumType)):
        name = kind.cls.__name__
    else:
        return "the data"
    words = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", name.lstrip("_")).lower().split()
    noun = words[-1] if words and words[-1] not in ("struct", "object") else "value"
    if noun == "table" and len(words) > 1:
        noun = " ".join(words)
    if noun == "options":
        return "options"
    return f"{'an' if noun[:1] in 'aeiou' else 'a'} {noun}"

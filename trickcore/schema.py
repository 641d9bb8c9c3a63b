"""The JSON Schema of a game's files, for frontends in other languages (DESIGN 9).

``trickcore schema GAME`` prints :func:`game_schema`: one JSON Schema (draft 2020-12)
document per game, with a named definition per part (``EuchreOptions``, ``EuchreAction``,
``EuchreView``, ``EuchreEvent``, ``EuchreState``, ``EuchreReplay``, ``EuchreSavedTable``).
It is written for the tools a frontend developer reaches for (json-schema-to-typescript, Ajv
in strict mode, quicktype), and :func:`read` reads by the same rules, so that the schema and
trickcore refuse the same inputs:

* Tagged unions are ``oneOf`` whose members carry a ``const`` tag; OpenAPI's
  ``discriminator`` only with ``openapi=True``.
* Every field trickcore writes is ``required`` (trickcore writes every field, defaults
  included, and reads none that is missing).
* A fixed-length array (a score per side) is ``items`` with ``minItems`` = ``maxItems``,
  which generators turn into a tuple type.
* A card is one of the game's cards (``EuchreCard``: every card of every pack its options
  choose), in its canonical text (``"TH"``, never ``"10h"``); a shuffle holds each card once.
  Where an option chooses the pack, each pack's cards are named too (``EuchreCard24``).
* A seat (a field typed :data:`~trickcore.game.SeatField`) is an integer from 0 to the last
  seat of the game's largest table (:func:`~trickcore.reading.game_seats`).
* With ``options`` (``trickcore schema GAME --option KEY=VALUE``), the document is that of
  games with those options: ``EuchreCard`` is their pack alone, seats end at their table's
  last, and the options are pinned (``const``). Seats are bounded by the largest table in the
  plain document rather than by ``if``/``then`` on the options because views and events
  carry no options to branch on, and replays would repeat every seat in each branch: a
  frontend that knows its table's options takes that table's document instead, whose names
  are the same.
* Digests and checkpoints are lowercase hex of their length; a seed is an integer of at most
  256 bits or a text; option bounds and allowed values come from the options' metadata.
* Checks across options (a seat below the number of players) are ``if``/``then``/``else``
  keywords, from the options type's ``json_schema_extra`` attribute (see
  :func:`trickcore.kit.options.seat_below`).
* Every property has a plain-text description, taken from the attribute's docstring (read
  from the source with :mod:`ast` when the schema is built) or its ``Meta(description=...)``.
* The document is bundled: the core types (cards, outcomes, replays, forfeits) are defined
  in each game's document rather than in a shared one, so that a tool needs no resolver and
  the card enumeration is the game's own.

The document carries the schema format (:data:`SCHEMA_FORMAT`, in its ``$id``) and the
trickcore version that wrote it (``$comment`` and the ``TrickcoreVersion`` definition).
"""

from __future__ import annotations

import ast
import functools
import inspect
import itertools
import json
import re
import textwrap
from collections.abc import Mapping
from typing import Any, Final

import msgspec
import msgspec.inspect as mi

from trickcore._version import __version__
from trickcore.codec import from_json, json_form, may_be_absent, plain_text
from trickcore.game import CHANCE, SEAT_MARK, GameFactory, Shuffle
from trickcore.history import CHECKPOINT_LENGTH, History, chance_rng
from trickcore.kit.options import INT64_MAX, INT64_MIN
from trickcore.reading import (
    PARTS,
    Part,
    check_part,
    game_cards,
    game_packs,
    game_seats,
    game_types,
    type_prefix,
)
from trickcore.replay import FORMAT, READ_FORMATS, from_history, replay_type
from trickcore.rng import MAX_SEED_BITS
from trickcore.table import SAVE_FORMAT, saved_table_type

__all__ = [
    "PARTS",
    "SCHEMA_FORMAT",
    "SCHEMA_ID",
    "Part",
    "attribute_docs",
    "game_schema",
    "part_name",
    "part_type",
    "read",
]

SCHEMA_FORMAT: Final = 2
"""The version of the schema's layout (names, shapes, rules). It changes when a frontend's
generated code could break: a definition renamed or removed, a rule tightened."""

SCHEMA_ID = "https://github.com/trickcore/trickcore/schema/{format}/{game}.json"
"""The ``$id`` of a game's document; a part's is ``.../{game}/{part}.json``."""

_DRAFT = "https://json-schema.org/draft/2020-12/schema"
_SUFFIX: Mapping[str, str] = {
    "options": "Options",
    "action": "Action",
    "view": "View",
    "event": "Event",
    "state": "State",
    "replay": "Replay",
    "table": "SavedTable",
}
_PART_TEXT: Mapping[str, str] = {
    "options": "The game's options, every one written (the defaults are given as `default`).",
    "action": "An action of the game, chance's included, tagged by `type`.",
    "view": "What one seat may see of a game.",
    "event": "Something that just happened, told to one seat, tagged by `type`.",
    "state": "A whole game: every hand, hidden cards included. Never show it to a player.",
    "replay": "A recorded game (as `trickcore play --save` writes it).",
    "table": "A saved table, which trickcore's `Table` resumes.",
}
_SEAT_KEYWORD = "x-trickcore"
"""Where msgspec writes the mark of a :data:`~trickcore.game.SeatField`."""
_SEED_LIMIT = (1 << MAX_SEED_BITS) - 1
_EXAMPLE_SEED = 7
_EXAMPLE_MOVES = 8


def part_name(factory: GameFactory, part: Part) -> str:
    """The name of ``part``'s definition in the game's schema: ``EuchreAction``,
    ``AllFoursSavedTable``."""
    return type_prefix(factory.name, factory.options_type) + _SUFFIX[part]


def part_type(factory: GameFactory, part: Part) -> Any:
    """The msgspec type of ``part`` of a game; the replay and the saved table are the game's
    typed forms (:func:`~trickcore.replay.replay_type`,
    :func:`~trickcore.table.saved_table_type`)."""
    if part == "replay":
        return replay_type(factory)
    if part == "table":
        return saved_table_type(factory)
    kinds: Any = game_types(factory)
    return {
        "options": kinds.options_type,
        "action": kinds.action_type,
        "view": kinds.view_type,
        "event": kinds.event_type,
        "state": kinds.state_type,
    }[part]


def read(factory: GameFactory, part: Part, data: bytes | str, *, options: Any = None) -> Any:
    """``part`` of the game ``factory`` from JSON, refusing (with
    :class:`~trickcore.errors.DecodeError`) what the game's JSON Schema refuses; with
    ``options`` (the game's options struct), what the schema of those options
    (``game_schema(factory, options=options)``) refuses.

    >>> import trickcore
    >>> euchre = trickcore.default_host().game_factory("euchre")
    >>> read(euchre, "action", '{"type": "play", "card": "QH"}')
    Play(card=Card('QH'))
    >>> read(euchre, "action", '{"type": "play", "card": "2C"}')
    Traceback (most recent call last):
    ...
    trickcore.errors.DecodeError: cannot read an action from JSON: at $.card: "2C" is not a ...
    """
    what = "a saved table" if part == "table" else None
    value = from_json(data, part_type(factory, part), what=what)
    check_part(factory, part, value, options)
    return value


def attribute_docs(cls: type) -> dict[str, str]:
    """The docstrings of a class's attributes (a string right after an annotated
    assignment), its bases' included, read from the source with :mod:`ast`; a class whose
    source cannot be found contributes nothing."""
    docs: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        docs.update(_own_attribute_docs(klass))
    return docs


@functools.lru_cache(maxsize=512)
def _own_attribute_docs(cls: type) -> Mapping[str, str]:
    if cls.__module__ == "builtins" or cls.__module__.startswith("msgspec"):
        return {}
    try:
        source = textwrap.dedent(inspect.getsource(cls))
    except (OSError, TypeError):
        return {}
    tree = ast.parse(source)
    body = next((node.body for node in tree.body if isinstance(node, ast.ClassDef)), [])
    docs: dict[str, str] = {}
    for node, after in itertools.pairwise(body):
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            docs[node.target.id] = inspect.cleandoc(after.value.value)
    return docs


def game_schema(
    factory: GameFactory,
    *,
    part: Part | None = None,
    openapi: bool = False,
    options: Any = None,
) -> dict[str, Any]:
    """The JSON Schema document of a game (see the module documentation), or with ``part``
    the self-contained document of that part alone (its definition at the root, and the
    definitions it uses). ``openapi=True`` adds OpenAPI's ``discriminator`` to tagged unions
    (not JSON Schema; Ajv reads it with its ``discriminator`` option). With ``options`` (the
    game's options struct), the document of games with those options: their pack's cards,
    their number of seats, the options part pinned to them, its ``$id`` naming the options
    that are not the defaults (``.../euchre.json?deck=32``, or ``?defaults`` when all are)."""
    defs = _definitions(factory, openapi=openapi, options=options)
    version = {
        "$comment": f"Written by trickcore {__version__}; schema format {SCHEMA_FORMAT}.",
    }
    base = SCHEMA_ID.format(format=SCHEMA_FORMAT, game=factory.name)
    chosen = "" if options is None else (_chosen_options(options) or _DEFAULTS_QUERY)
    names = [part_name(factory, each) for each in PARTS]
    if part is None:
        return {
            "$schema": _DRAFT,
            "$id": base + chosen,
            "title": type_prefix(factory.name, factory.options_type) + "File",
            "description": _plain(
                f"The JSON files of {factory.title} (trickcore game `{factory.name}`): any of "
                f"its parts, each a definition here ({', '.join(names)})."
            ),
            **version,
            "anyOf": [{"$ref": f"#/$defs/{name}"} for name in names],
            "$defs": defs,
        }
    name = part_name(factory, part)
    used = _reachable(defs, name)
    card = type_prefix(factory.name, factory.options_type) + "Card"
    if card in used:  # each pack's enumeration beside the game's (EuchreCard24, ...)
        used |= {key for key in defs if re.fullmatch(re.escape(card) + r"\d+", key)}
    root = {key: value for key, value in defs[name].items() if key != "title"}
    return {
        "$schema": _DRAFT,
        "$id": base.removesuffix(".json") + f"/{part}.json" + chosen,
        "title": name,
        **version,
        **root,
        "$defs": {key: defs[key] for key in sorted(used) if key != name},
    }


def _within_64_bits(node: Any) -> None:
    """Bound every integer of an option's schema to the signed 64 bits the readers accept
    (options are digested as MessagePack: :func:`trickcore.kit.options.check_value`)."""
    if isinstance(node, dict):
        if node.get("type") == "integer":
            node.setdefault("minimum", INT64_MIN)
            node.setdefault("maximum", INT64_MAX)
        for key in ("anyOf", "oneOf"):
            for member in node.get(key, ()):
                _within_64_bits(member)


_DEFAULTS_QUERY = "?defaults"
"""The query of the ``$id`` of a document for options that are all the defaults: it differs
from the plain document (one pack, seats of one table, options pinned), so it has its own."""


def _chosen_options(options: Any) -> str:
    """The query naming the options that are not the defaults (``?deck=32``), or nothing."""
    written = json_form(options)
    defaults = json_form(type(options)())
    changed = [
        f"{name}={json.dumps(value)}" if not isinstance(value, str) else f"{name}={value}"
        for name, value in written.items()
        if defaults.get(name) != value
    ]
    return "?" + "&".join(changed) if changed else ""


def _reachable(defs: Mapping[str, Any], name: str) -> set[str]:
    found = {name, "SchemaFormat", "TrickcoreVersion"}
    stack = [defs[name]]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/$defs/"):
                target = ref.removeprefix("#/$defs/")
                if target not in found:
                    found.add(target)
                    stack.append(defs[target])
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return found


def _definitions(factory: GameFactory, *, openapi: bool, options: Any) -> dict[str, Any]:
    kinds = {part: part_type(factory, part) for part in PARTS}
    refs, defs = msgspec.json.schema_components(kinds.values(), ref_template="#/$defs/{name}")
    structs = _structs(kinds.values())
    unions: dict[frozenset[str], str] = {}
    for part, ref in zip(PARTS, refs, strict=True):
        name = part_name(factory, part)
        if "$ref" in ref:
            old = ref["$ref"].removeprefix("#/$defs/")
            _rename(defs, old, name)
            if old in structs:
                structs[name] = structs.pop(old)
        else:
            members = ref.get("anyOf", [])
            unions[frozenset(member["$ref"] for member in members)] = name
            defs[name] = {"title": name, "oneOf": members}
        own = defs[name].get("description")
        defs[name]["description"] = _PART_TEXT[part] + (f"\n\n{own}" if own else "")
    state_docs = attribute_docs(kinds["state"])
    for name, definition in list(defs.items()):
        info = structs.get(name)
        if info is not None:
            keep = name == part_name(factory, "options")
            borrowed = state_docs if name == part_name(factory, "view") else {}
            _struct(definition, info, keep_defaults=keep, borrowed=borrowed)
    card_name = type_prefix(factory.name, factory.options_type) + "Card"
    defs.pop("Card", None)
    defs.update(_card_definitions(factory, card_name, options))
    options_def = defs[part_name(factory, "options")]
    options_def.update(getattr(factory.options_type, "json_schema_extra", {}))
    for written in options_def.get("properties", {}).values():
        _within_64_bits(written)
    if options is not None:
        for key, value in json_form(options).items():
            written = options_def["properties"][key]
            options_def["properties"][key] = {"description": written["description"], "const": value}
    result: dict[str, Any] = _rewrite(
        defs,
        unions=unions,
        card_ref=f"#/$defs/{card_name}",
        last_seat=game_seats(factory, options) - 1,
    )
    _special_rules(result, factory)
    _for_readers(result, factory)
    _sides_as_in_views(result, factory)
    _examples(result, factory, options)
    if openapi:
        _discriminators(result, structs)
    result = _described_refs(result)
    result["SchemaFormat"] = {
        "title": "SchemaFormat",
        "description": "The format of this schema (see `$id`).",
        "const": SCHEMA_FORMAT,
    }
    result["TrickcoreVersion"] = {
        "title": "TrickcoreVersion",
        "description": "The trickcore version that wrote this schema.",
        "const": __version__,
    }
    return {key: result[key] for key in sorted(result)}


_CARD_TEXT = (
    'as text: rank then suit, ranks 2-9 T J Q K A, suits C D H S ("AS", "TD", "9H"), "JK" '
    'for the joker. Only this canonical text is read (not "10H" or "qh").'
)


def _card_definitions(factory: GameFactory, name: str, options: Any) -> dict[str, Any]:
    """The game's card enumeration ``name``: the cards of every pack its options can choose,
    or with ``options`` of their pack alone. Without ``options``, a game whose options choose
    among packs also gets each pack's enumeration, named by its size (``EuchreCard24``), for
    a frontend that knows its table's options."""
    cards = game_cards(factory, options)
    which = "" if options is None else f" with the options {_chosen_options(options)[1:]}"
    found = {
        name: {
            "title": name,
            "description": f"A card of {factory.title}{which.rstrip()}, {_CARD_TEXT}",
            "enum": [card.value for card in cards],
        }
    }
    packs = game_packs(factory) if options is None else ()
    if len(packs) < 2:
        return found
    for pack, chosen in packs:
        named = f"{name}{len(pack)}"
        choice = ", ".join(f"{key}={json.dumps(json_form(value))}" for key, value in chosen.items())
        found[named] = {
            "title": named,
            "description": (
                f"A card of the {len(pack)}-card pack of {factory.title} ({choice}; "
                f"`trickcore schema {factory.name} --option {choice.replace(', ', ' --option ')}` "
                f"writes the document of that pack), {_CARD_TEXT}"
            ),
            "enum": [card.value for card in pack],
        }
    return found


def _structs(types: Any) -> dict[str, mi.StructType]:
    """Every struct type reachable from ``types``, by class name."""
    found: dict[str, mi.StructType] = {}
    stack: list[Any] = list(mi.multi_type_info(list(types)))
    seen: set[int] = set()
    while stack:
        kind = stack.pop()
        if id(kind) in seen:
            continue
        seen.add(id(kind))
        if isinstance(kind, mi.Metadata):
            stack.append(kind.type)
        elif isinstance(kind, mi.StructType):
            found.setdefault(kind.cls.__name__, kind)
            stack.extend(field.type for field in kind.fields)
        elif isinstance(kind, mi.UnionType):
            stack.extend(kind.types)
        elif isinstance(kind, (mi.ListType, mi.VarTupleType, mi.SetType, mi.FrozenSetType)):
            stack.append(kind.item_type)
        elif isinstance(kind, mi.TupleType):
            stack.extend(kind.item_types)
        elif isinstance(kind, mi.DictType):
            stack.extend((kind.key_type, kind.value_type))
    return found


def _rename(defs: dict[str, Any], old: str, new: str) -> None:
    if old == new:
        return
    defs[new] = defs.pop(old)
    defs[new]["title"] = new
    target = f"#/$defs/{old}"

    def visit(node: Any) -> None:
        if isinstance(node, dict):
            if node.get("$ref") == target:
                node["$ref"] = f"#/$defs/{new}"
            for value in node.values():
                visit(value)
        elif isinstance(node, list):
            for value in node:
                visit(value)

    visit(defs)


def _struct(
    definition: dict[str, Any],
    info: mi.StructType,
    *,
    keep_defaults: bool,
    borrowed: Mapping[str, str],
) -> None:
    """Every property required and described (by its docstring, its ``Meta`` description,
    or the docstring of the ``borrowed`` field of that name: a view's fields are the
    state's); the tag a ``const``."""
    docs = {**borrowed, **attribute_docs(info.cls)}
    properties: dict[str, Any] = definition.get("properties", {})
    names = {field.encode_name: field for field in info.fields}
    for key, schema in properties.items():
        if key == info.tag_field:
            properties[key] = {
                "description": f'Always "{info.tag}": what this object is.',
                "const": info.tag,
            }
            continue
        field = names[key]
        text = (
            schema.get("description")
            or docs.get(field.name)
            or _COMMON.get(field.name)
            or _humanised(field.name)
        )
        if not keep_defaults:
            schema.pop("default", None)
        text = _structs_as_json(text, info.cls)
        properties[key] = {"description": _plain(text), **_without(schema, "description")}
    definition["required"] = [
        key for key in properties if key not in names or not may_be_absent(names[key])
    ]
    if definition.get("description"):
        definition["description"] = _plain(_structs_as_json(definition["description"], info.cls))


_COMMON: Mapping[str, str] = {
    "phase": "Where the game stands.",
    "dealer": "The dealer's seat, or null before the first dealer is drawn.",
    "scores": "The scores, one per side.",
    "hand_number": "The current hand's number (hands dealt so far).",
    "hands": "Each seat's cards (hidden: each seat sees its own).",
    "hand": "This seat's own cards.",
    "hand_sizes": "How many cards each seat holds.",
    "seat": "Whose view this is.",
    "leader": "The seat that led the trick in progress (or leads the next one).",
    "tricks": "The finished tricks of this hand.",
    "trick": "The cards played to the trick in progress.",
    "card": "The card.",
}
"""Descriptions of the fields most games share, for a field without a docstring (a view's
``seat``, ``hand`` and ``hand_sizes`` are the kit's)."""


def _without(schema: Mapping[str, Any], key: str) -> dict[str, Any]:
    return {name: value for name, value in schema.items() if name != key}


def _humanised(name: str) -> str:
    return name.replace("_", " ").capitalize() + "."


_NONE = re.compile(r"`?\bNone\b`?")
_TRUE = re.compile(r"`(True|False)`")


_CONSTANT = re.compile(r"`[A-Z][A-Z0-9_]{4,}`")
"""A Python constant in backquotes (`PROJECTION`, `MAX_SEED_BITS`): never a JSON value."""
_LOAD = re.compile(r"`trickcore\.load\((\"[\w-]+\"(?:, [^`]*)?)\)`")


def _plain(text: str) -> str:
    """Docstring text as plain text for readers in other languages: no Sphinx markup,
    JSON's words for Python's constants (null, true, false), a ``trickcore.load`` call as
    the JSON of its options, and no paragraph about Python internals (one naming a Python
    constant)."""
    text = _LOAD.sub(_options_json, plain_text(text))
    paragraphs = [part for part in text.split("\n\n") if not _CONSTANT.search(part)]
    text = "\n\n".join(paragraphs)
    text = _NONE.sub("null", text)
    return _TRUE.sub(lambda found: found.group(1).lower(), text)


_CONSTRUCTED = re.compile(r"`([A-Z]\w*\([^`]*\))`")


def _structs_as_json(text: str, cls: type) -> str:
    """A struct built in Python in a docstring (```Bid(number=2, suit=Suit.DIAMONDS)```,
    names from the module of ``cls``) as the JSON trickcore writes for it; text that is not
    such a construction stays as it is."""
    namespace = vars(inspect.getmodule(cls) or object)

    def value(node: ast.expr) -> Any:
        if isinstance(node, ast.Name):
            return namespace[node.id]
        if isinstance(node, ast.Attribute):
            return getattr(value(node.value), node.attr)
        return ast.literal_eval(node)

    def written(found: re.Match[str]) -> str:
        try:
            call = ast.parse(found.group(1), mode="eval").body
            assert isinstance(call, ast.Call)
            kind = value(call.func)
            if not (isinstance(kind, type) and issubclass(kind, msgspec.Struct)):
                return found.group(0)
            built = kind(
                *(value(arg) for arg in call.args),
                **{str(keyword.arg): value(keyword.value) for keyword in call.keywords},
            )
        except (AssertionError, KeyError, AttributeError, TypeError, ValueError, SyntaxError):
            return found.group(0)
        return f"`{json.dumps(json_form(built))}`"

    return _CONSTRUCTED.sub(written, text)


def _options_json(found: re.Match[str]) -> str:
    """```trickcore.load("euchre", deck=32)``` as ```{"deck": 32}```: the options as JSON."""
    call = ast.parse(f"load({found.group(1)})", mode="eval").body
    assert isinstance(call, ast.Call)
    options = {keyword.arg: ast.literal_eval(keyword.value) for keyword in call.keywords}
    return f"`{json.dumps(options)}`"


def _for_readers(defs: dict[str, Any], factory: GameFactory) -> None:
    """Descriptions of the replay's and the saved table's fields in words a reader in another
    language can use (the docstrings name Python constants and functions), and the outcome's
    ``returns`` required as trickcore writes it: only replays recorded before per-seat returns
    existed lack it, and those are a :data:`FormerOutcome` of their own."""
    replay = defs[part_name(factory, "replay")]["properties"]
    formats = ", ".join(map(str, READ_FORMATS))
    texts = {
        "format": f"The replay format version ({FORMAT} when written by this version, which "
        f"reads formats {formats}).",
        "seed": f"The seed chance actions were drawn from (an integer of at most "
        f"{MAX_SEED_BITS} bits, or a text), or null when they were supplied.",
        "checkpoints": f"Per action, the first {CHECKPOINT_LENGTH} hex digits of the digest of "
        "the state after it.",
        "digest": "The full digest of the game: its name and options with the final state "
        "(format 1: of the final state only).",
    }
    for key, text in texts.items():
        replay[key]["description"] = text
    table = defs[part_name(factory, "table")]["properties"]
    table["format"]["description"] = f"The saved table format ({SAVE_FORMAT})."
    outcome = defs.get("Outcome")
    if outcome is None or "returns" in outcome["required"]:
        return
    outcome["description"] = _OUTCOME_TEXT
    returns = outcome["properties"]["returns"]
    returns["description"] = _RETURNS_TEXT
    former = json.loads(json.dumps(outcome))
    outcome["required"].append("returns")
    former["title"] = "FormerOutcome"
    former["description"] = (
        "The outcome of a replay recorded before per-seat returns existed (format 1): an "
        "Outcome that may lack `returns`. trickcore still reads such replays; it never "
        "writes one."
    )
    defs["FormerOutcome"] = former
    branches = replay["outcome"]["anyOf"]
    at = branches.index({"$ref": "#/$defs/Outcome"})
    branches.insert(at + 1, {"$ref": "#/$defs/FormerOutcome"})


_OUTCOME_TEXT = (
    "Scores and result of a game so far. `scores[i]` belongs to side `i` (a partnership, or "
    "a player in games without partners). `winner` is the winning side once the game is "
    "over, or null while it goes on and on a draw. `returns[s]` is seat `s`'s result, what "
    "tournaments and reinforcement-learning libraries consume."
)
_RETURNS_TEXT = (
    "Each seat's result once the game is over: +1 per seat of the winning side, -1 shared out "
    "among the losing sides (-1 each with two sides, -1/3 each with four players for "
    "themselves); 0 on a draw and while the game goes on."
)


def _sides_as_in_views(defs: dict[str, Any], factory: GameFactory) -> None:
    """Per-side numbers (``scores``, and ``tricks`` where it counts each side's tricks) have
    the length of the view's ``scores`` wherever that is fixed (two sides): in the events and
    the outcome, as in the view."""
    scores = defs[part_name(factory, "view")]["properties"].get("scores", {})
    sides = scores.get("maxItems")
    if sides is None or scores.get("minItems") != sides:
        return
    events = defs[part_name(factory, "event")].get("oneOf", [])
    names = [member["$ref"].removeprefix("#/$defs/") for member in events]
    for name in [*names, "Outcome"]:
        properties = defs.get(name, {}).get("properties", {})
        for key in ("scores", "tricks"):
            field = properties.get(key)
            if (
                field is not None
                and field.get("type") == "array"
                and field.get("items") == {"type": "integer"}
                and "maxItems" not in field
            ):
                field.update(minItems=sides, maxItems=sides)


def _described_refs(node: Any) -> Any:
    """``{"description": ..., "$ref": ...}`` as ``{"description": ..., "allOf": [{"$ref":
    ...}]}``: json-schema-to-typescript drops the description of a ``$ref`` with siblings and
    declares a numbered copy of the target (``EuchreCard1``); under ``allOf`` it keeps both
    the description and the target's name."""
    if isinstance(node, list):
        return [_described_refs(item) for item in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node and len(node) > 1:
        node = {**_without(node, "$ref"), "allOf": [{"$ref": node["$ref"]}]}
    return {key: _described_refs(value) for key, value in node.items()}


def _rewrite(
    node: Any, *, unions: Mapping[frozenset[str], str], card_ref: str, last_seat: int
) -> Any:
    """Standard JSON Schema for what msgspec writes: named ``oneOf`` unions, tuples as
    ``items`` with a length, the game's cards, its seats ``0..last_seat``."""
    if isinstance(node, list):
        return [
            _rewrite(item, unions=unions, card_ref=card_ref, last_seat=last_seat) for item in node
        ]
    if not isinstance(node, dict):
        return node
    if node.get(_SEAT_KEYWORD) == SEAT_MARK:
        node = {**_without(node, _SEAT_KEYWORD), "maximum": last_seat}
    if node.get("$ref") == "#/$defs/Card":
        node = {**node, "$ref": card_ref}
    if "discriminator" in node and "anyOf" in node:
        members = node["anyOf"]
        name = unions.get(frozenset(member["$ref"] for member in members))
        rest = _without(_without(node, "anyOf"), "discriminator")
        if name is not None:
            node = {**rest, "$ref": f"#/$defs/{name}"}
        else:
            node = {**rest, "oneOf": members}
    if isinstance(node.get("enum"), list) and len(node["enum"]) == 1:
        node = {**_without(node, "enum"), "const": node["enum"][0]}
    items = node.get("prefixItems")
    if isinstance(items, list) and items and all(item == items[0] for item in items):
        node = {
            **_without(_without(node, "prefixItems"), "items"),
            "items": items[0],
            "minItems": len(items),
            "maxItems": len(items),
        }
    return {
        key: _rewrite(value, unions=unions, card_ref=card_ref, last_seat=last_seat)
        for key, value in node.items()
    }


def _discriminators(node: Any, structs: Mapping[str, mi.StructType]) -> None:
    """OpenAPI's ``discriminator`` beside every ``oneOf`` of tagged structs, in the form Ajv
    reads with its ``discriminator`` option: the tag property's name, each member naming its
    tag with ``const``."""
    if isinstance(node, list):
        for item in node:
            _discriminators(item, structs)
        return
    if not isinstance(node, dict):
        return
    members = node.get("oneOf")
    if isinstance(members, list) and members:
        infos = [
            structs.get(str(member.get("$ref", "")).removeprefix("#/$defs/")) for member in members
        ]
        if all(info is not None and info.tag is not None for info in infos):
            # Each member's tag is the const of its tag property; no ``mapping`` (Ajv's
            # discriminator refuses one) and the ``type`` Ajv's strict mode asks for.
            node["type"] = "object"
            node["discriminator"] = {"propertyName": infos[0].tag_field}  # type: ignore[union-attr]
    for value in node.values():
        _discriminators(value, structs)


def _special_rules(defs: dict[str, Any], factory: GameFactory) -> None:
    """What the types cannot say and the readers check: a shuffle holds each card at most
    once; a seed has at most :data:`~trickcore.rng.MAX_SEED_BITS` bits."""
    shuffle = defs.get("Shuffle", {}).get("properties", {}).get("order")
    if shuffle is not None:
        shuffle["uniqueItems"] = True  # with the card enumeration, at most every card once
    seed = defs[part_name(factory, "replay")]["properties"]["seed"]
    for branch in seed.get("anyOf", []):
        if branch.get("type") == "integer":
            branch.update(minimum=-_SEED_LIMIT, maximum=_SEED_LIMIT)


def _examples(defs: dict[str, Any], factory: GameFactory, options: Any) -> None:
    """Examples from a real game: the first moves of a seeded game with ``options`` (or the
    default options), each seat choosing its first legal action; the view and the events
    are seat 0's."""
    game: Any = factory(factory.options_type() if options is None else options)
    state = game.initial_state()
    actions: list[Any] = []
    events: list[Any] = []
    chance = moves = 0
    while moves < _EXAMPLE_MOVES:
        actor = game.actor(state)
        if actor is None:
            break
        if actor is CHANCE:
            action = game.sample_chance(state, chance_rng(_EXAMPLE_SEED, chance))
            chance += 1
        else:
            action = game.legal_actions(state)[0]
        after = game.apply(state, action)
        events.extend(game.events(state, action, 0))
        actions.append(action)
        state = after
        moves += actor is not CHANCE
    history = History.replay(game, actions, seed=_EXAMPLE_SEED)
    replay = from_history(history, seats=("random",) * game.seats)
    typed_replay = msgspec.convert(json_form(replay), replay_type(factory))
    table = saved_table_type(factory)(
        seats=("random",) * game.seats, epoch=0, undos=0, replay=typed_replay
    )
    shown: dict[Part, list[Any]] = {
        "options": [game.options],
        "action": [action for action in actions if not isinstance(action, Shuffle)][-2:],
        "view": [game.view(state, 0)],
        "event": events[-3:],
        "state": [state],
        "replay": [replay],
        "table": [table],
    }
    for part, values in shown.items():
        defs[part_name(factory, part)]["examples"] = [json_form(value) for value in values]

"""JSON / MessagePack encoding, decoding errors, digests and JSON Schema (trickcore/codec.py)."""

from __future__ import annotations

import hashlib
import json
from typing import Any, Literal

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

import trickcore
from trickcore import (
    DecodeError,
    DrawDealer,
    Shuffle,
    TrickcoreError,
    cards,
    digest,
    from_json,
    from_msgpack,
    json_schema,
    to_json,
    to_msgpack,
)
from trickcore.cards import Card, standard_deck
from trickcore.replay import replay_type

Chance = Shuffle | DrawDealer


class TableOptions(trickcore.Options, frozen=True):
    target: int = 10
    stick_the_dealer: bool = False
    deck: Literal[24, 32] = 24
    names: tuple[str, ...] = ()


SHUFFLE = Shuffle(order=cards("AS TD 9H JK"))
DEALER = DrawDealer(seat=2)


# -- round trips -----------------------------------------------------------------------------


def test_json_form_of_chance_actions() -> None:
    assert to_json(SHUFFLE) == b'{"type":"shuffle","order":["AS","TD","9H","JK"]}'
    assert to_json(DEALER) == b'{"type":"dealer","seat":2}'
    pretty = to_json(DEALER, pretty=True)
    assert pretty == b'{\n  "type": "dealer",\n  "seat": 2\n}'
    assert json.loads(pretty) == json.loads(to_json(DEALER))


@pytest.mark.parametrize("action", [SHUFFLE, DEALER, Shuffle(order=()), DrawDealer(seat=0)])
def test_round_trips(action: Shuffle | DrawDealer) -> None:
    kind = type(action)
    assert from_json(to_json(action), kind) == action
    assert from_json(to_json(action), Chance) == action
    assert from_json(to_json(action).decode(), Chance) == action  # str input too
    assert from_msgpack(to_msgpack(action), kind) == action
    assert from_msgpack(to_msgpack(action), Chance) == action
    assert type(from_json(to_json(action), Chance)) is kind


def test_msgpack_has_the_json_shape() -> None:
    assert msgspec.msgpack.decode(to_msgpack(SHUFFLE)) == json.loads(to_json(SHUFFLE))


def test_full_deck_shuffle_round_trip() -> None:
    shuffle = Shuffle(order=trickcore.Rng(1, "deal").shuffled(standard_deck(joker=True)))
    assert from_json(to_json(shuffle), Chance) == shuffle
    assert from_msgpack(to_msgpack(shuffle), Chance) == shuffle
    assert len(json.loads(to_json(shuffle))["order"]) == 53


def test_options_round_trip() -> None:
    options = TableOptions(target=11, stick_the_dealer=True, deck=32, names=("N", "E"))
    data = to_json(options)
    assert json.loads(data) == {
        "target": 11,
        "stick_the_dealer": True,
        "deck": 32,
        "names": ["N", "E"],
    }
    assert from_json(data, TableOptions) == options
    assert from_msgpack(to_msgpack(options), TableOptions) == options
    assert msgspec.json.decode(b"{}", type=TableOptions) == TableOptions()  # defaults fill in
    with pytest.raises(DecodeError, match='the field "target" is missing'):
        from_json(b"{}", TableOptions)  # trickcore's reader wants every field, as the schema


# -- decode errors ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        (b"{", "the input ends too early (truncated)"),
        (b"", "truncated"),
        (b'{"type": "dealer", "seat": 1,}', "not valid JSON: "),
        (b"[]", "at $: expected an object, got an array"),
        (b'{"type": "shuffle"}', 'at $: the field "order" is missing'),
        (b'{"type": "deal", "seat": 1}', 'at $.type: "deal" is not one of "shuffle", "dealer"'),
        (b'{"type": "dealer", "seat": "x"}', "at $.seat: expected an integer, got a string"),
        (b'{"type": "dealer", "seat": 1, "extra": 2}', 'at $: there is no field "extra" here'),
        (b'{"type": "shuffle", "order": ["AS", "ZZ"]}', 'at $.order[1]: "ZZ" is not a card: '),
    ],
)
def test_from_json_errors_name_the_problem(data: bytes, problem: str) -> None:
    with pytest.raises(DecodeError) as caught:
        from_json(data, Chance)
    message = str(caught.value)
    assert message.startswith("cannot read an action from JSON: ")
    assert problem in message
    for internal in ("`", "Struct", "Union", "typing", "trickcore.", "Expected"):
        assert internal not in message
    assert isinstance(caught.value, TrickcoreError)
    assert isinstance(caught.value, ValueError)
    assert caught.value.__cause__ is None  # the msgspec traceback is not chained


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        (b'{"target": "11"}', "at $.target: expected an integer, got a string"),
        (b'{"deck": 52}', "at $.deck: 52 is not one of"),
        (b'{"colour": "red"}', 'there is no field "colour"'),
        (b'{"names": "NE"}', "at $.names: "),
    ],
)
def test_options_decode_errors(data: bytes, problem: str) -> None:
    with pytest.raises(DecodeError, match="cannot read options from JSON") as caught:
        from_json(data, TableOptions)
    assert problem in str(caught.value)


def test_from_msgpack_errors() -> None:
    with pytest.raises(DecodeError, match=r"from MessagePack: not valid MessagePack: "):
        from_msgpack(b"\xc1", Chance)
    with pytest.raises(DecodeError, match=r"cannot read a dealer from MessagePack: at \$\.seat: "):
        from_msgpack(msgspec.msgpack.encode({"type": "dealer", "seat": "north"}), DrawDealer)
    with pytest.raises(DecodeError, match="truncated"):
        from_msgpack(to_msgpack(SHUFFLE)[:-1], Shuffle)


class Hands(msgspec.Struct):
    hands: list[list[Card]]


def _key_twice(form: str) -> bytes:
    """``{"hands": [["AS", "XX"]], "hands": [["AS"]]}``, the key written twice."""
    if form == "json":
        return b'{"hands": [["AS", "XX"]], "hands": [["AS"]]}'
    key = msgspec.msgpack.encode("hands")
    first, last = msgspec.msgpack.encode([["AS", "XX"]]), msgspec.msgpack.encode([["AS"]])
    return b"\x82" + key + first + key + last  # a map of two entries


@pytest.mark.parametrize("form", ["json", "msgpack"])
def test_a_key_given_twice_is_a_decode_error(form: str) -> None:
    """msgspec refuses the first value of a key given twice, the plain decoding that explains
    the error keeps the last: the explanation must not index past it (found by tox -e fuzz)."""
    decode = from_json if form == "json" else from_msgpack
    with pytest.raises(DecodeError, match=r'at \$\.hands\[0\]\[1\]: "XX" is not a card'):
        decode(_key_twice(form), Hands)


# -- digest ----------------------------------------------------------------------------------


def test_digest_is_sha256_of_canonical_msgpack() -> None:
    # {"type": "dealer", "seat": 2} as MessagePack, written out by hand (struct field order)
    encoded = b"\x82\xa4type\xa6dealer\xa4seat\x02"
    expected = "395b2f3e6241110a0b65dcf1c7b15f7ccf12fe195d3643903780421731b321c4"
    assert hashlib.sha256(encoded).hexdigest() == expected
    assert digest(DEALER) == expected


def test_digest_sorts_map_keys() -> None:
    # {"a": 1, "b": [true, nil, "JK"]}: keys sorted whatever the insertion order
    encoded = b"\x82\xa1a\x01\xa1b\x93\xc3\xc0\xa2JK"
    expected = "a044682e639026c65b2362e475b7758772aef8c92da4dcd36b9c845296413466"
    assert hashlib.sha256(encoded).hexdigest() == expected
    assert digest({"b": [True, None, Card.JOKER], "a": 1}) == expected
    assert digest({"a": 1, "b": [True, None, Card.JOKER]}) == expected


@given(st.dictionaries(st.text(max_size=5), st.integers(-(2**63), 2**64 - 1), max_size=8))
def test_digest_is_order_independent(mapping: dict[str, int]) -> None:
    reordered = dict(reversed(list(mapping.items())))
    nested_a = {"outer": mapping, "x": [mapping]}
    nested_b = {"x": [reordered], "outer": reordered}
    assert digest(mapping) == digest(reordered)
    assert digest(nested_a) == digest(nested_b)


def test_digest_tells_values_apart() -> None:
    assert digest(DrawDealer(seat=1)) != digest(DrawDealer(seat=2))
    assert digest(Shuffle(order=cards("AS KS"))) != digest(Shuffle(order=cards("KS AS")))
    value = digest(SHUFFLE)
    assert len(value) == 64
    assert int(value, 16) >= 0
    assert digest(from_json(to_json(SHUFFLE), Chance)) == value


# -- JSON Schema -----------------------------------------------------------------------------


def test_json_schema_shape() -> None:
    schema = json_schema({"action": Chance, "options": TableOptions})
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["type"] == "object"
    assert list(schema["properties"]) == ["action", "options"]
    assert schema["properties"]["options"] == {"$ref": "#/$defs/TableOptions"}
    action = schema["properties"]["action"]
    assert action["anyOf"] == [{"$ref": "#/$defs/Shuffle"}, {"$ref": "#/$defs/DrawDealer"}]
    assert action["discriminator"]["propertyName"] == "type"
    assert action["discriminator"]["mapping"] == {
        "shuffle": "#/$defs/Shuffle",
        "dealer": "#/$defs/DrawDealer",
    }
    defs = schema["$defs"]
    assert {"Shuffle", "DrawDealer", "Card", "TableOptions"} <= set(defs)
    assert sorted(defs["Card"]["enum"]) == sorted(card.value for card in Card)
    assert defs["Shuffle"]["properties"]["order"]["items"] == {"$ref": "#/$defs/Card"}
    assert defs["Shuffle"]["required"] == ["type", "order"]
    assert defs["DrawDealer"]["additionalProperties"] is False
    options = defs["TableOptions"]["properties"]
    assert options["target"] == {"type": "integer", "default": 10}
    assert options["deck"]["enum"] == [24, 32]
    # every reference resolves inside the document
    for name in set(_refs(schema)):
        assert name.startswith("#/$defs/")
        assert name.removeprefix("#/$defs/") in defs, name
    assert json.loads(json.dumps(schema))["$defs"]["TableOptions"]["properties"]["names"] == {
        "type": "array",
        "items": {"type": "string"},
        "default": [],
    }


def _refs(node: Any) -> list[str]:
    if isinstance(node, dict):
        found = [node["$ref"]] if "$ref" in node else []
        return found + [ref for value in node.values() for ref in _refs(value)]
    if isinstance(node, list):
        return [ref for value in node for ref in _refs(value)]
    return []


def test_a_replay_error_names_the_json_path_of_the_action() -> None:
    game = trickcore.load("euchre", single_hand=True)
    table = trickcore.Table(game, ["random"] * 4, seed=3)
    table.run()
    data = json.loads(to_json(table.replay()))
    data["actions"][3] = {"type": "call", "suit": "X"}
    with pytest.raises(DecodeError) as caught:
        from_json(json.dumps(data), replay_type(game))
    assert str(caught.value) == (
        'cannot read a replay from JSON: at $.actions[3].suit: "X" is not one of "C", "D", "H", "S"'
    )
    with pytest.raises(DecodeError, match=r"at \$\.actions\[3\]\.suit: "):
        trickcore.replay.loads(json.dumps(data))

"""The JSON Schema export (issue 14, Deliver 1 and 4): its shape, for the tools frontends use,
and a snapshot per game.

A snapshot (``tests/data/schema/<game>.json``, with the trickcore version written as
``{version}``) fails this test on any change of a game's schema. After an intended change,
regenerate the snapshots with::

    TRICKCORE_UPDATE_SCHEMA=1 pytest tests/test_schema.py

and review the diff (a change of names or shapes also bumps ``SCHEMA_FORMAT``).
"""

from __future__ import annotations

import doctest
import json
import os
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner

import trickcore.schema
from trickcore import default_host
from trickcore._version import __version__
from trickcore.cli.app import cli
from trickcore.replay import Replay
from trickcore.schema import (
    PARTS,
    SCHEMA_FORMAT,
    _humanised,
    attribute_docs,
    game_schema,
    part_name,
)

SNAPSHOTS = Path(__file__).parent / "data" / "schema"
GAMES = sorted(default_host().games)
FACTORIES = {name: default_host().game_factory(name) for name in GAMES}


def _nodes(node: Any) -> Any:
    """Every dict in a JSON document."""
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from _nodes(value)
    elif isinstance(node, list):
        for value in node:
            yield from _nodes(value)


def _snapshot_text(document: dict[str, Any]) -> str:
    text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    return text.replace(__version__, "{version}")


@pytest.mark.parametrize("name", GAMES)
def test_snapshot(name: str) -> None:
    path = SNAPSHOTS / f"{name}.json"
    text = _snapshot_text(game_schema(FACTORIES[name]))
    if os.environ.get("TRICKCORE_UPDATE_SCHEMA"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no snapshot for {name}: TRICKCORE_UPDATE_SCHEMA=1 pytest {__file__}"
    assert path.read_text(encoding="utf-8") == text, (
        f"the schema of {name} changed; if intended, regenerate the snapshot with "
        f"TRICKCORE_UPDATE_SCHEMA=1 pytest tests/test_schema.py and review the diff"
    )


@pytest.mark.parametrize("name", GAMES)
def test_document_is_valid_draft_2020_12(name: str) -> None:
    document = game_schema(FACTORIES[name])
    jsonschema.Draft202012Validator.check_schema(document)
    assert document["$id"].endswith(f"/{SCHEMA_FORMAT}/{name}.json")
    assert __version__ in document["$comment"]
    assert document["$defs"]["TrickcoreVersion"]["const"] == __version__
    assert document["$defs"]["SchemaFormat"]["const"] == SCHEMA_FORMAT
    assert document["title"]


@pytest.mark.parametrize("name", GAMES)
def test_every_part_is_named_and_addressable(name: str) -> None:
    factory = FACTORIES[name]
    document = game_schema(factory)
    wanted = [f"#/$defs/{part_name(factory, part)}" for part in PARTS]
    assert [ref["$ref"] for ref in document["anyOf"]] == wanted
    prefix = part_name(factory, "options").removesuffix("Options")
    assert part_name(factory, "action") == f"{prefix}Action"
    assert part_name(factory, "table") == f"{prefix}SavedTable"
    validator = jsonschema.Draft202012Validator(document)
    assert not validator.is_valid({"type": "bogus"})


@pytest.mark.parametrize("name", GAMES)
def test_tagged_unions_are_standard_one_of(name: str) -> None:
    document = game_schema(FACTORIES[name])
    text = json.dumps(document)
    assert "discriminator" not in text
    union = document["$defs"][part_name(FACTORIES[name], "action")]
    assert union["oneOf"]
    for member in union["oneOf"]:
        target = document["$defs"][member["$ref"].removeprefix("#/$defs/")]
        assert target["properties"]["type"]["const"]
        assert "type" in target["required"]
    openapi = game_schema(FACTORIES[name], openapi=True)
    events = openapi["$defs"][part_name(FACTORIES[name], "event")]
    # Issue 21.10: the form Ajv's discriminator reads (a type, no mapping).
    assert events["discriminator"] == {"propertyName": "type"}
    assert events["type"] == "object"


@pytest.mark.parametrize("name", GAMES)
def test_every_field_is_required_and_described(name: str) -> None:
    document = game_schema(FACTORIES[name])
    for title, definition in document["$defs"].items():
        properties = definition.get("properties", {})
        optional = set(properties) - set(definition.get("required", []))
        assert optional <= {"returns"}, f"{title}: only fields older files lack are optional"
        for key, schema in properties.items():
            text = schema.get("description", "")
            assert text and text != _humanised(key), f"{title}.{key} has no description"
            assert not re.search(r":[a-z]+:`|``|\bNone\b", text), f"{title}.{key}: {text}"
        assert definition.get("description"), title


@pytest.mark.parametrize("name", GAMES)
def test_tuples_have_a_length_and_one_item_schema(name: str) -> None:
    document = game_schema(FACTORIES[name])
    for node in _nodes(document):
        assert "prefixItems" not in node
        assert node.get("items") is not False
        if "minItems" in node and node.get("minItems") == node.get("maxItems"):
            assert isinstance(node["items"], dict)


def test_game_specific_rules() -> None:
    euchre = game_schema(FACTORIES["euchre"])
    cards = euchre["$defs"]["EuchreCard"]["enum"]
    assert "2C" not in cards and {"9C", "7C", "JK", "AS"} <= set(cards)
    options = euchre["$defs"]["EuchreOptions"]["properties"]
    assert options["target"]["minimum"] == 1
    assert options["first_dealer"]["anyOf"][0]["maximum"] == 3
    replay = euchre["$defs"]["EuchreReplay"]["properties"]
    assert replay["game"]["const"] == "euchre"
    assert replay["digest"]["pattern"] == "^[0-9a-f]{64}$"
    assert euchre["$defs"]["Shuffle"]["properties"]["order"]["uniqueItems"] is True
    allfours = game_schema(FACTORIES["allfours"])
    assert len(allfours["$defs"]["AllFoursCard"]["enum"]) == 52


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("part", PARTS)
def test_parts_are_self_contained_and_their_examples_valid(name: str, part: Any) -> None:
    factory = FACTORIES[name]
    document = game_schema(factory, part=part)
    jsonschema.Draft202012Validator.check_schema(document)
    assert document["title"] == part_name(factory, part)
    refs = {n["$ref"] for n in _nodes(document) if "$ref" in n}
    assert all(ref.removeprefix("#/$defs/") in document["$defs"] for ref in refs)
    assert document["examples"], "examples from a real game"
    validator = jsonschema.Draft202012Validator(document)
    for example in document["examples"]:
        assert not list(validator.iter_errors(example))


def test_the_module_examples_run() -> None:
    results = doctest.testmod(trickcore.schema, optionflags=doctest.ELLIPSIS)
    assert results.attempted >= 2 and results.failed == 0


def test_attribute_docs_read_the_source() -> None:
    docs = attribute_docs(Replay)
    assert docs["game"] == "The game's registry name."
    assert "digest" in docs


def test_cli_prints_the_schema() -> None:
    result = CliRunner().invoke(cli, ["schema", "euchre", "--part", "action"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == game_schema(FACTORIES["euchre"], part="action")
    result = CliRunner().invoke(cli, ["schema", "euchre", "--openapi"])
    assert "discriminator" in result.output

"""The JSON Schema as json-schema-to-typescript and Ajv read it (issue 21, point 10), checked on
the documents themselves; ``tests/test_ts_client.py`` (``tox -e ts``) checks what the tools
make of them.

- No ``{"description": ..., "$ref": ...}``: json-schema-to-typescript drops such a
  description and declares a numbered copy of the target (``EuchreCard1``, ``Suit1``).
- A part's document that uses the game's cards carries each pack's enumeration
  (``EuchreCard24``), so that the generated types have them.
- Descriptions name no Python constant, call or keyword argument.
- An event's ``scores`` and ``tricks`` have the view's length (two sides).
- ``Outcome.returns`` is required (trickcore always writes it); a replay recorded before it
  existed holds a ``FormerOutcome``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from trickcore import default_host
from trickcore.schema import PARTS, game_schema, part_name

GAMES = sorted(default_host().games)
FACTORIES = {name: default_host().game_factory(name) for name in GAMES}
GOLDEN = Path(__file__).parent / "data" / "euchre_random_seed7.json"


def _nodes(node: Any) -> Any:
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from _nodes(value)
    elif isinstance(node, list):
        for value in node:
            yield from _nodes(value)


def _documents(name: str) -> list[dict[str, Any]]:
    factory = FACTORIES[name]
    return [
        game_schema(factory),
        game_schema(factory, openapi=True),
        *(game_schema(factory, part=part) for part in PARTS),
    ]


@pytest.mark.parametrize("name", GAMES)
def test_no_ref_has_siblings(name: str) -> None:
    for document in _documents(name):
        for node in _nodes(document):
            if "$ref" in node:
                assert set(node) == {"$ref"}, node


def test_a_described_card_keeps_its_description_and_its_target() -> None:
    play = game_schema(FACTORIES["euchre"])["$defs"]["Play"]["properties"]["card"]
    assert play["description"]
    assert play["allOf"] == [{"$ref": "#/$defs/EuchreCard"}]


@pytest.mark.parametrize("part", ["action", "view", "event", "state", "replay", "table"])
def test_a_parts_document_names_each_packs_cards(part: Any) -> None:
    document = game_schema(FACTORIES["euchre"], part=part)
    assert {"EuchreCard", "EuchreCard24", "EuchreCard25", "EuchreCard32"} <= set(document["$defs"])


_PYTHON = re.compile(
    r"`[A-Z][A-Z0-9_]{4,}`"  # a constant: `MAX_SEED_BITS`
    r"|\b[a-z_]+=(True|False|None)\b"  # a keyword argument: stick_the_dealer=True
    r"|`[\w.]*\w\([^`]*\)`"  # a call: `trickcore.load("euchre")`, `game.view(state, seat)`
    r"|`[A-Za-z_]\w*\.[a-z_]\w*`"  # an attribute: `Table.to_json`, `Game.sides`
    r"|\bfinal_digest\b|\bREAD_FORMATS\b|\bMAX_SEED_BITS\b"
)


@pytest.mark.parametrize("name", GAMES)
def test_descriptions_name_no_python(name: str) -> None:
    for node in _nodes(game_schema(FACTORIES[name])):
        text = node.get("description")
        if isinstance(text, str):
            found = _PYTHON.search(text)
            assert found is None, f"{found and found.group(0)!r} in {text!r}"


def test_options_examples_are_json() -> None:
    text = game_schema(FACTORIES["euchre"])["$defs"]["EuchreOptions"]["description"]
    assert '`{"deck": 32, "stick_the_dealer": true}`' in text


@pytest.mark.parametrize("name", GAMES)
def test_event_scores_and_tricks_have_the_views_length(name: str) -> None:
    factory = FACTORIES[name]
    defs = game_schema(factory)["$defs"]
    scores = defs[part_name(factory, "view")]["properties"]["scores"]
    fixed = scores.get("maxItems") if scores.get("minItems") == scores.get("maxItems") else None
    for member in defs[part_name(factory, "event")]["oneOf"]:
        properties = defs[member["$ref"].removeprefix("#/$defs/")]["properties"]
        for key in ("scores", "tricks"):
            if properties.get(key, {}).get("items") == {"type": "integer"}:
                assert properties[key].get("minItems") == fixed, (member, key)
                assert properties[key].get("maxItems") == fixed, (member, key)
    assert name not in ("euchre", "allfours") or fixed == 2


@pytest.mark.parametrize("name", GAMES)
def test_outcome_returns_are_required(name: str) -> None:
    defs = game_schema(FACTORIES[name])["$defs"]
    assert "returns" in defs["Outcome"]["required"]
    assert "returns" not in defs["FormerOutcome"]["required"]
    outcome = defs[part_name(FACTORIES[name], "replay")]["properties"]["outcome"]
    assert outcome["anyOf"][:2] == [
        {"$ref": "#/$defs/Outcome"},
        {"$ref": "#/$defs/FormerOutcome"},
    ]


def test_a_format_1_replay_without_returns_is_still_valid() -> None:
    document = game_schema(FACTORIES["euchre"], part="replay")
    replay = json.loads(GOLDEN.read_text())
    assert "returns" not in replay["outcome"]
    assert not list(jsonschema.Draft202012Validator(document).iter_errors(replay))
    outcome = document["$defs"]["Outcome"]
    assert list(jsonschema.Draft202012Validator(outcome).iter_errors(replay["outcome"]))

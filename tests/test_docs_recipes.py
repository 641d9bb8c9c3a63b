"""The docs' recipes work when copied as shown (issue 11): the API guide's examples run as
doctests, ``build_host`` recipes have games, and the JSON Schema reads as plain text with the
options' bounds. (That the bot plugin's ``pyproject.toml`` installs as shown needs the
network, so ``tests/test_dist.py`` checks it.)"""

from __future__ import annotations

import doctest
import importlib.util
import re
from pathlib import Path
from typing import Any

import pytest

import trickcore
from trickcore.codec import json_schema
from trickcore.kit.options import options_info
from trickcore.replay import replay_type

DOCS = Path(__file__).resolve().parent.parent / "docs"


def _blocks(page: str, language: str, after: str = "") -> list[str]:
    text = (DOCS / page).read_text()
    text = text[text.index(after) :] if after else text
    return re.findall(rf"^```{language}\n(.*?)^```", text, flags=re.M | re.S)


def test_the_api_guide_examples_are_doctests_that_pass() -> None:
    results = doctest.testfile(
        str(DOCS / "api.md"), module_relative=False, optionflags=doctest.ELLIPSIS
    )
    assert results.attempted >= 5
    assert results.failed == 0


def test_the_api_guide_build_host_recipe_has_games() -> None:
    (code,) = [block for block in _blocks("api.md", "python") if "build_host(" in block]
    scope: dict[str, Any] = {"trickcore": trickcore}
    exec(compile(code, "docs/api.md", "exec"), scope)
    assert scope["game"].name == "euchre"
    scope["table"].run()
    assert scope["table"].over


@pytest.mark.skipif(
    importlib.util.find_spec("trickcore_example_bot") is None,
    reason="the example bot plugin is not installed",
)
def test_the_bot_plugin_testing_recipes_run() -> None:
    blocks = _blocks("bot-plugins.md", "python", after="## 4. Testing it")
    assert any("build_host(" in block for block in blocks)
    scope: dict[str, Any] = {}
    for block in blocks:
        code = block.replace(
            "from my_package import plugin", "from trickcore_example_bot import plugin"
        )
        exec(compile(code, "docs/bot-plugins.md", "exec"), scope)
    assert scope["table"].over


def test_the_bots_listings_in_the_docs_say_what_the_command_prints() -> None:
    for page in ("bot-plugins.md", "cli.md"):
        text = (DOCS / page).read_text()
        assert "any game  " not in text, page
        assert "first-legal  all games  " in text, page


def _schemas() -> list[tuple[str, dict[str, Any]]]:
    found = []
    for registration in trickcore.default_host().registrations:
        if registration.kind != "game":
            continue
        game = trickcore.load(registration.name)
        types = {
            "options": game.options_type,
            "action": game.action_type,
            "view": game.view_type,
            "event": game.event_type,
            "state": game.state_type,
            "replay": replay_type(game),
        }
        found.append((registration.name, json_schema(types)))
    return found


def _descriptions(node: Any) -> list[str]:
    if isinstance(node, dict):
        own = [node["description"]] if isinstance(node.get("description"), str) else []
        return own + [text for value in node.values() for text in _descriptions(value)]
    if isinstance(node, list):
        return [text for item in node for text in _descriptions(item)]
    return []


@pytest.mark.parametrize(("name", "schema"), _schemas())
def test_schema_descriptions_have_no_sphinx_markup(name: str, schema: dict[str, Any]) -> None:
    texts = _descriptions(schema)
    assert texts
    for text in texts:
        assert not re.search(r":[a-z]+:`|``", text), f"{name}: {text!r}"


@pytest.mark.parametrize(("name", "schema"), _schemas())
def test_schema_bounds_of_every_bounded_option(name: str, schema: dict[str, Any]) -> None:
    game = trickcore.load(name)
    properties = schema["$defs"][game.options_type.__name__]["properties"]
    for info in options_info(game.options_type):
        text = str(properties[info.name])
        if info.minimum is not None:
            assert f"'minimum': {info.minimum}" in text or "exclusiveMinimum" in text, info.name
        if info.maximum is not None:
            assert f"'maximum': {info.maximum}" in text or "exclusiveMaximum" in text, info.name

"""The docs cannot fall behind Apples: every action's JSON form and every event in the API
guide, every option on the rules page, and every rule-book section there by its number."""

from __future__ import annotations

from pathlib import Path

import msgspec

import trickcore

DOCS = Path(__file__).resolve().parent.parent / "docs"
GAME = trickcore.load("apples")


def _tags(union: object) -> list[str]:
    members = getattr(union, "__args__", (union,))
    return [msgspec.inspect.type_info(member).tag for member in members]  # type: ignore[attr-defined]


def test_every_apples_action_json_form_is_in_the_api_guide() -> None:
    api = (DOCS / "api.md").read_text()
    for tag in _tags(GAME.action_type):
        assert f'{{"type": "{tag}"' in api, f"docs/api.md lacks the JSON form of {tag!r}"


def test_every_apples_event_is_in_the_api_guide() -> None:
    api = (DOCS / "api.md").read_text()
    for tag in _tags(GAME.event_type):
        assert f"`{tag}`" in api, f"docs/api.md does not list the event {tag!r}"


def test_every_apples_option_and_section_is_on_the_rules_page() -> None:
    rules = (DOCS / "rules" / "apples.md").read_text()
    for field in msgspec.structs.fields(GAME.options_type):
        assert f"`{field.name}`" in rules, f"docs/rules/apples.md lacks the option {field.name}"
    for number in range(1, 11):
        assert f"## A{number}. " in rules

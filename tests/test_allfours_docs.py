"""The All Fours pages: every option in the rules page, every action and event in the API guide,
and their Python examples run (the bots page's example gives the figure it states)."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import msgspec

import trickcore

DOCS = Path(__file__).resolve().parent.parent / "docs"
GAME = trickcore.load("allfours")


def python_blocks(text: str) -> list[str]:
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


def members(union: object) -> tuple[object, ...]:
    return tuple(getattr(union, "__args__", (union,)))


def test_every_option_is_in_the_rules_page() -> None:
    rules = (DOCS / "rules" / "allfours.md").read_text()
    for field in msgspec.structs.fields(GAME.options_type):
        assert f"`{field.name}`" in rules, f"docs/rules/allfours.md lacks the option {field.name}"
    for section in range(1, 9):
        assert f"## F{section}." in rules


def test_every_action_and_event_is_in_the_api_guide() -> None:
    api = (DOCS / "api.md").read_text()
    section = api[api.index("## All Fours") :]
    for member in members(GAME.action_type):
        tag = msgspec.inspect.type_info(member).tag  # type: ignore[attr-defined]
        assert f'{{"type": "{tag}"' in section, f"docs/api.md lacks the JSON form of {tag!r}"
    for member in members(GAME.event_type):
        tag = msgspec.inspect.type_info(member).tag  # type: ignore[attr-defined]
        assert f"`{tag}`" in api, f"docs/api.md does not list the event {tag!r}"


def test_the_rules_page_examples_run() -> None:
    blocks = python_blocks((DOCS / "rules" / "allfours.md").read_text())
    assert blocks
    for block in blocks:
        exec(compile(block, "docs/rules/allfours.md", "exec"), {})


def test_the_bots_page_example_gives_the_figure_it_states() -> None:
    text = (DOCS / "bots.md").read_text()
    (block,) = [b for b in python_blocks(text) if '"allfours"' in b]
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(block, "docs/bots.md", "exec"), {})
    stated = re.search(r"# (\d\.\d+)", block)
    assert stated is not None and printed.getvalue().strip() == stated.group(1)
    assert f"{float(stated.group(1)):.1%}" in text

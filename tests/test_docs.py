"""The docs cannot fall behind the code: every hook, every Euchre action and option is there."""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import pkgutil
import re
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from types import ModuleType

import msgspec
import pytest

import trickcore
from trickcore import hookspecs, kit

DOCS = Path(__file__).resolve().parent.parent / "docs"


def _hook_names() -> list[str]:
    return sorted(
        name
        for name in dir(hookspecs)
        if name.startswith("trickcore_") and callable(getattr(hookspecs, name))
    )


def test_there_are_hooks_to_document() -> None:
    assert _hook_names() == ["trickcore_register_bots", "trickcore_register_games"]


@pytest.mark.parametrize("hook", _hook_names())
def test_plugin_hook_is_documented(hook: str) -> None:
    """Each hook has its own heading in docs/plugins.md (as datasette does)."""
    headings = re.findall(r"^## (\S+)", (DOCS / "plugins.md").read_text(), flags=re.M)
    assert hook in headings


def _union_members(union: object) -> tuple[type[msgspec.Struct], ...]:
    return tuple(getattr(union, "__args__", (union,)))


def test_every_euchre_action_json_form_is_in_the_api_guide() -> None:
    api = (DOCS / "api.md").read_text()
    game = trickcore.load("euchre")
    for member in _union_members(game.action_type):
        tag = msgspec.inspect.type_info(member).tag  # type: ignore[attr-defined]
        assert f'{{"type": "{tag}"' in api, f"docs/api.md lacks the JSON form of {tag!r}"


def test_every_euchre_event_is_in_the_api_guide() -> None:
    api = (DOCS / "api.md").read_text()
    game = trickcore.load("euchre")
    for member in _union_members(game.event_type):
        tag = msgspec.inspect.type_info(member).tag  # type: ignore[attr-defined]
        assert f"`{tag}`" in api, f"docs/api.md does not list the event {tag!r}"


def test_every_euchre_option_is_in_the_rules_page() -> None:
    rules = (DOCS / "rules" / "euchre.md").read_text()
    game = trickcore.load("euchre")
    for field in msgspec.structs.fields(game.options_type):
        assert f"`{field.name}`" in rules, f"docs/rules/euchre.md lacks the option {field.name}"


def _with_docstrings(name: str) -> ModuleType:
    """The module ``name``, or in the compiled build, where it is a C extension whose docstring
    examples doctest cannot find, its Python source beside it loaded as a module of its own."""
    module = importlib.import_module(name)
    location = str(getattr(module, "__file__", ""))
    if not location.endswith(tuple(EXTENSION_SUFFIXES)):
        return module
    source = Path(location).with_name(name.rsplit(".", 1)[-1] + ".py")
    spec = importlib.util.spec_from_file_location(f"_source_of_{name.replace('.', '_')}", source)
    assert spec is not None and spec.loader is not None
    loaded = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = loaded  # dataclasses look their module up
    spec.loader.exec_module(loaded)
    return loaded


def _kit_modules() -> list[str]:
    return sorted(info.name for info in pkgutil.iter_modules(kit.__path__, "trickcore.kit."))


def test_the_kit_modules_with_examples_are_found() -> None:
    assert {"trickcore.kit.seating", "trickcore.kit.deal"} <= set(_kit_modules())


@pytest.mark.parametrize("name", _kit_modules())
def test_kit_docstring_examples_run(name: str) -> None:
    """Every ``>>>`` example in the kit's docstrings runs and shows what it prints."""
    results = doctest.testmod(_with_docstrings(name), optionflags=doctest.ELLIPSIS)
    assert results.failed == 0, f"{results.failed} docstring examples of {name} fail"


@pytest.mark.parametrize("name", ["trickcore.kit.seating", "trickcore.kit.deal"])
def test_kit_modules_show_examples(name: str) -> None:
    assert doctest.testmod(_with_docstrings(name)).attempted > 0

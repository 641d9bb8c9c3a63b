"""The example bot plugin package of the docs (docs/examples/trickcore-example-bot).

tox installs it into every test environment; elsewhere install it with
``pip install -e docs/examples/trickcore-example-bot`` or these tests are skipped.
"""

from __future__ import annotations

import importlib.metadata
import importlib.resources
import re
from pathlib import Path
from typing import Any

import pytest

import trickcore
from trickcore import BotSpec, Rng, build_host

example = pytest.importorskip("trickcore_example_bot")
from trickcore_example_bot.plugin import FirstLegalBot  # noqa: E402

EXAMPLE_DIR = Path(__file__).resolve().parents[1] / "docs" / "examples" / "trickcore-example-bot"


def test_default_host_lists_first_legal_from_example_bot() -> None:
    trickcore.default_host.cache_clear()
    host = trickcore.default_host()
    assert "example_bot" not in {failure.plugin for failure in host.failures}
    registrations = [r for r in host.registrations if r.kind == "bot" and r.name == "first-legal"]
    assert [(r.plugin, r.target) for r in registrations] == [("example_bot", FirstLegalBot)]
    source = dict(host.plugins)["example_bot"]
    # the module and the distribution it came from (name spelled as the installer wrote it)
    assert re.fullmatch(
        r"trickcore_example_bot\.plugin \(trickcore[-_]example[-_]bot \S+\)", source
    )
    assert FirstLegalBot in host.bots()
    assert host.bot_factory("first-legal", "any-game-at-all") is FirstLegalBot


def test_installed_metadata() -> None:
    (point,) = importlib.metadata.entry_points(group="trickcore", name="example_bot")
    assert point.value == "trickcore_example_bot.plugin"
    requires = importlib.metadata.requires("trickcore-example-bot") or []
    assert any(re.match(r"trickcore\b(?!-)", requirement) for requirement in requires)
    assert importlib.resources.files("trickcore_example_bot").joinpath("py.typed").is_file()


def test_bot_attributes_and_play() -> None:
    assert FirstLegalBot.name == "first-legal"
    assert FirstLegalBot.description == "always plays the first legal action (example plugin)"
    assert FirstLegalBot.games is None
    assert example.FirstLegalBot is FirstLegalBot
    game: Any = object()  # the bot never looks at the game
    spec = BotSpec(game=game, seat=1, rng=Rng(0, "bot", 1))
    bot = FirstLegalBot(spec)
    assert bot.spec is spec
    assert bot.act(None, ("first", "second")) == "first"
    assert bot.act({"hand": ["AS"]}, (trickcore.Card("AS"),)) is trickcore.Card("AS")


def test_plugin_module_registers_in_process() -> None:
    host = build_host(entry_points=False, plugins=[("example", example.plugin)])
    assert host.failures == ()
    assert [(r.kind, r.name, r.plugin) for r in host.registrations] == [
        ("bot", "first-legal", "example")
    ]


def test_readme_shows_the_plugin_module_verbatim() -> None:
    readme = EXAMPLE_DIR / "README.md"
    if not readme.is_file():
        pytest.skip("not running from a source checkout")
    code = (EXAMPLE_DIR / "src" / "trickcore_example_bot" / "plugin.py").read_text()
    blocks = re.findall(r"```python\n(.*?)```", readme.read_text(), flags=re.DOTALL)
    assert code in blocks, "README.md must show src/trickcore_example_bot/plugin.py as it is"

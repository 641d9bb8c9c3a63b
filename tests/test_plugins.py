"""The plugin host of ``trickcore/plugins.py``: registration, failures, duplicates, options.

Every game here is a minimal fake defined in this file: the tests do not depend on the real
games, which live in their own plugins.
"""

from __future__ import annotations

import importlib
import sys
import textwrap
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest

import trickcore
from trickcore import (
    BotSpec,
    OptionError,
    PluginError,
    PluginFailure,
    PluginHost,
    TrickcoreError,
    UnknownBotError,
    UnknownGameError,
    build_host,
)
from trickcore.plugins import bind_options, option_help

# -- fakes -----------------------------------------------------------------------------------


class TinyOptions(trickcore.Options, frozen=True):
    size: int = 2
    label: str = "x"
    fast: bool = False


class TinyGame:
    name: ClassVar[str] = "tiny"
    title: ClassVar[str] = "A tiny game"
    seat_counts: ClassVar[tuple[int, ...]] = (2, 4)
    options_type: ClassVar[type[Any]] = TinyOptions

    def __init__(self, options: TinyOptions) -> None:
        self.options = options


TINY: Any = TinyGame  # for the functions typed for a GameFactory: the fake is not a full Game


class OtherGame(TinyGame):
    name: ClassVar[str] = "other"
    title: ClassVar[str] = "Another game"


class EchoBot:
    name: ClassVar[str] = "echo"
    description: ClassVar[str] = "plays the first legal action"
    games: ClassVar[tuple[str, ...] | None] = None

    def __init__(self, spec: BotSpec) -> None:
        self.spec = spec

    def act(self, view: object, legal: tuple[Any, ...]) -> Any:
        return legal[0]


def make_bot(name: str, games: tuple[str, ...] | None) -> type[EchoBot]:
    return type(f"Bot_{name}", (EchoBot,), {"name": name, "games": games})


def game_plugin(*games: Any) -> object:
    """An in-process plugin (a module) registering ``games``."""
    module = types.ModuleType("fake_game_plugin")

    @trickcore.hookimpl
    def trickcore_register_games(register: trickcore.GameRegistrar) -> None:
        for game in games:
            register(game)

    module.trickcore_register_games = trickcore_register_games  # type: ignore[attr-defined]
    return module


def bot_plugin(*bots: Any) -> object:
    """An in-process plugin (an object with a hook method) registering ``bots``."""

    class Plugin:
        @trickcore.hookimpl
        def trickcore_register_bots(self, register: trickcore.BotRegistrar) -> None:
            for bot in bots:
                register(bot)

    return Plugin()


def failures_by_name(host: PluginHost) -> dict[str, PluginFailure]:
    return {failure.plugin: failure for failure in host.failures}


# -- registration --------------------------------------------------------------------------


def test_games_and_bots_are_registered_with_their_plugin() -> None:
    class Both:
        @trickcore.hookimpl
        def trickcore_register_games(self, register: Any) -> None:  # fakes: not full Games
            register(OtherGame)

        @trickcore.hookimpl
        def trickcore_register_bots(self, register: trickcore.BotRegistrar) -> None:
            register(make_bot("other-bot", ("other",)))

    host = build_host(
        entry_points=False,
        plugins=[("games", game_plugin(TinyGame)), ("bots", bot_plugin(EchoBot)), ("both", Both())],
    )
    assert host.failures == ()
    assert host.plugins == (("games", "in-process"), ("bots", "in-process"), ("both", "in-process"))
    assert dict(host.games) == {"other": OtherGame, "tiny": TINY}
    assert list(host.games) == ["other", "tiny"]  # name order
    assert [(r.kind, r.name, r.plugin) for r in host.registrations] == [
        ("game", "other", "both"),
        ("game", "tiny", "games"),
        ("bot", "echo", "bots"),
        ("bot", "other-bot", "both"),
    ]
    assert host.game_factory("tiny") is TINY
    assert host.bot_factory("echo", "tiny") is EchoBot
    assert [bot.name for bot in host.bots()] == ["echo", "other-bot"]
    assert [bot.name for bot in host.bots("tiny")] == ["echo"]
    assert [bot.name for bot in host.bots("other")] == ["echo", "other-bot"]
    with pytest.raises(UnknownBotError, match="bots for tiny: echo"):
        host.bot_factory("other-bot", "tiny")


def test_add_plugin_after_building() -> None:
    host = build_host(entry_points=False)
    assert host.games == {}
    assert host.add_plugin(game_plugin(TinyGame), "late", source="test") is True
    assert host.plugins == (("late", "test"),)
    assert host.game_factory("tiny") is TINY


def test_hosts_are_independent() -> None:
    first = build_host(entry_points=False, plugins=[("p", game_plugin(TinyGame))])
    second = build_host(entry_points=False)
    assert "tiny" in first.games
    assert "tiny" not in second.games


# -- failures --------------------------------------------------------------------------------


def test_raising_hook_is_a_recorded_failure_and_others_still_work() -> None:
    class Broken:
        @trickcore.hookimpl
        def trickcore_register_games(self, register: Any) -> None:  # fakes: not full Games
            register(OtherGame)  # staged, then dropped with the failure
            raise RuntimeError("boom in games")

    host = build_host(
        entry_points=False,
        plugins=[
            ("before", game_plugin(TinyGame)),
            ("broken", Broken()),
            ("after", bot_plugin(EchoBot)),
        ],
    )
    assert [name for name, _ in host.plugins] == ["before", "after"]
    (failure,) = host.failures
    assert failure.plugin == "broken"
    assert failure.stage == "trickcore_register_games"
    assert failure.source == "in-process"
    assert failure.error == "RuntimeError: boom in games"
    assert str(failure) == (
        "broken: trickcore_register_games failed: RuntimeError: boom in games [in-process]"
    )
    assert "other" not in host.games  # nothing of a failed plugin is kept
    assert host.game_factory("tiny") is TINY
    assert host.bot_factory("echo", "tiny") is EchoBot


def test_failure_in_second_hook_drops_the_first_hooks_registrations() -> None:
    class HalfBroken:
        @trickcore.hookimpl
        def trickcore_register_games(self, register: Any) -> None:  # fakes: not full Games
            register(TinyGame)

        @trickcore.hookimpl
        def trickcore_register_bots(self, register: trickcore.BotRegistrar) -> None:
            raise ValueError("no bots today")

    host = build_host(entry_points=False, plugins=[("half", HalfBroken())])
    assert host.games == {}
    assert host.plugins == ()
    assert [(f.plugin, f.stage, f.error) for f in host.failures] == [
        ("half", "trickcore_register_bots", "ValueError: no bots today")
    ]
    # the failed plugin was unregistered: the name can be used again
    assert host.add_plugin(game_plugin(TinyGame), "half") is True
    assert host.game_factory("tiny") is TINY


def test_strict_raises_plugin_error_naming_the_plugin() -> None:
    class Broken:
        @trickcore.hookimpl
        def trickcore_register_bots(self, register: trickcore.BotRegistrar) -> None:
            raise RuntimeError("boom in bots")

    with pytest.raises(
        PluginError, match=r"^broken: trickcore_register_bots failed: .*boom"
    ) as caught:
        build_host(entry_points=False, strict=True, plugins=[("broken", Broken())])
    assert isinstance(caught.value, TrickcoreError)
    assert isinstance(caught.value.__cause__, RuntimeError)
    # a clean plugin set is fine in strict mode
    host = build_host(entry_points=False, strict=True, plugins=[("ok", game_plugin(TinyGame))])
    assert host.failures == ()


def test_misspelled_hook_is_a_recorded_failure() -> None:
    class Typo:
        @trickcore.hookimpl
        def trickcore_register_gamez(self, register: Any) -> None:
            register(TinyGame)

    host = build_host(entry_points=False, plugins=[("typo", Typo()), ("good", bot_plugin(EchoBot))])
    failure = failures_by_name(host)["typo"]
    assert failure.stage == "register"
    assert "trickcore_register_gamez" in failure.error
    assert host.games == {}
    assert [name for name, _ in host.plugins] == ["good"]
    with pytest.raises(PluginError, match=r"typo.*trickcore_register_gamez"):
        build_host(entry_points=False, strict=True, plugins=[("typo", Typo())])


def test_hook_with_wrong_argument_name_is_a_recorded_failure() -> None:
    class WrongArg:
        @trickcore.hookimpl
        def trickcore_register_games(self, registrar: Any) -> None:
            registrar(TinyGame)

    host = build_host(entry_points=False, plugins=[("wrong", WrongArg())])
    (failure,) = host.failures
    assert (failure.plugin, failure.stage) == ("wrong", "register")
    assert "registrar" in failure.error
    assert host.games == {}


def test_duplicate_plugin_name_is_refused() -> None:
    host = build_host(
        entry_points=False,
        plugins=[("same", game_plugin(TinyGame)), ("same", game_plugin(OtherGame))],
    )
    assert host.plugins == (("same", "in-process"),)
    (failure,) = host.failures
    assert failure.plugin == "same"
    assert "already loaded" in failure.error
    assert list(host.games) == ["tiny"]


def test_duplicate_game_name_names_both_plugins() -> None:
    class Impostor(TinyGame):
        title: ClassVar[str] = "Not the tiny game"

    host = build_host(
        entry_points=False,
        plugins=[("first", game_plugin(TinyGame)), ("second", game_plugin(Impostor))],
    )
    (failure,) = host.failures
    assert failure.plugin == "second"
    assert "'tiny'" in failure.error
    assert "'first'" in failure.error
    assert "'second'" in failure.error
    assert host.game_factory("tiny") is TINY  # the first one keeps the name
    # within one plugin too
    host = build_host(entry_points=False, plugins=[("twice", game_plugin(TinyGame, Impostor))])
    assert "both 'twice' and 'twice'" in host.failures[0].error
    assert host.games == {}


@pytest.mark.parametrize(
    ("first", "second"),
    [(None, None), (None, ("tiny",)), (("tiny",), None), (("tiny", "other"), ("other",))],
)
def test_duplicate_bot_for_overlapping_games_names_both_plugins(
    first: tuple[str, ...] | None, second: tuple[str, ...] | None
) -> None:
    host = build_host(
        entry_points=False,
        plugins=[
            ("alpha", bot_plugin(make_bot("clone", first))),
            ("beta", bot_plugin(make_bot("clone", second))),
        ],
    )
    (failure,) = host.failures
    assert failure.plugin == "beta"
    assert "bot 'clone' is registered by both 'alpha' and 'beta'" in failure.error
    assert [r.plugin for r in host.registrations] == ["alpha"]
    with pytest.raises(PluginError, match="both 'alpha' and 'beta'"):
        build_host(
            entry_points=False,
            strict=True,
            plugins=[
                ("alpha", bot_plugin(make_bot("clone", first))),
                ("beta", bot_plugin(make_bot("clone", second))),
            ],
        )


def test_same_bot_name_for_different_games_is_allowed() -> None:
    for_tiny = make_bot("smart", ("tiny",))
    for_other = make_bot("smart", ("other",))
    host = build_host(
        entry_points=False,
        plugins=[("t", bot_plugin(for_tiny)), ("o", bot_plugin(for_other))],
    )
    assert host.failures == ()
    assert host.bot_factory("smart", "tiny") is for_tiny
    assert host.bot_factory("smart", "other") is for_other
    assert host.bots("tiny") == (for_tiny,)
    with pytest.raises(UnknownBotError, match="unknown bot 'smart' for third"):
        host.bot_factory("smart", "third")


class _NoName:
    title = "No name"
    seat_counts = (2,)
    options_type = TinyOptions


def _game_without(attribute: str) -> type:
    attributes = {
        "name": "broken-game",
        "title": "t",
        "seat_counts": (2,),
        "options_type": TinyOptions,
    }
    del attributes[attribute]
    return type("BrokenGame", (), attributes)


INVALID_GAMES: list[tuple[str, Callable[[], Any], str]] = [
    ("no name", lambda: _NoName, "without a valid name"),
    ("bad name", lambda: type("G", (TinyGame,), {"name": "Bad Name"}), "without a valid name"),
    ("name not str", lambda: type("G", (TinyGame,), {"name": 3}), "without a valid name"),
    ("no title", lambda: _game_without("title"), "lacks title"),
    ("no seat_counts", lambda: _game_without("seat_counts"), "lacks seat_counts"),
    ("no options_type", lambda: _game_without("options_type"), "lacks options_type"),
    ("not callable", lambda: types.SimpleNamespace(**vars(_NoName), name="inst"), "__call__"),
]


@pytest.mark.parametrize(
    ("target", "message"),
    [(make, message) for _, make, message in INVALID_GAMES],
    ids=[case for case, _, _ in INVALID_GAMES],
)
def test_invalid_game_registration_fails_cleanly(target: Callable[[], Any], message: str) -> None:
    host = build_host(
        entry_points=False,
        plugins=[("bad", game_plugin(target())), ("good", game_plugin(TinyGame))],
    )
    (failure,) = host.failures
    assert failure.plugin == "bad"
    assert failure.stage == "trickcore_register_games"
    assert failure.error.startswith("PluginError: ")
    assert message in failure.error
    assert "'bad'" in failure.error
    assert list(host.games) == ["tiny"]


INVALID_BOTS: list[tuple[str, Callable[[], Any], str]] = [
    ("no name", lambda: type("B", (), {"description": "d", "games": None}), "valid name"),
    ("no description", lambda: type("B", (), {"name": "b", "games": None}), "lacks description"),
    ("no games", lambda: type("B", (), {"name": "b", "description": "d"}), "lacks games"),
    ("games is a str", lambda: make_bot("b", "tiny"), "games must be None or a tuple"),  # type: ignore[arg-type]
    ("games not names", lambda: make_bot("b", (1, 2)), "games must be None or a tuple"),  # type: ignore[arg-type]
    (
        "not callable",
        lambda: types.SimpleNamespace(name="b", description="d", games=None),
        "__call__",
    ),
]


@pytest.mark.parametrize(
    ("target", "message"),
    [(make, message) for _, make, message in INVALID_BOTS],
    ids=[case for case, _, _ in INVALID_BOTS],
)
def test_invalid_bot_registration_fails_cleanly(target: Callable[[], Any], message: str) -> None:
    host = build_host(
        entry_points=False,
        plugins=[("bad", bot_plugin(target())), ("good", bot_plugin(EchoBot))],
    )
    (failure,) = host.failures
    assert failure.plugin == "bad"
    assert failure.stage == "trickcore_register_bots"
    assert message in failure.error
    assert [bot.name for bot in host.bots()] == ["echo"]


# -- load and options ------------------------------------------------------------------------


@pytest.fixture
def host() -> PluginHost:
    return build_host(
        entry_points=False,
        plugins=[("games", game_plugin(TinyGame, OtherGame)), ("bots", bot_plugin(EchoBot))],
    )


def test_load_binds_validated_options(host: PluginHost) -> None:
    game: Any = host.load("tiny", size=5, fast=True)
    assert isinstance(game, TinyGame)
    assert game.options == TinyOptions(size=5, fast=True)
    assert host.load("tiny").options == TinyOptions()


def test_unknown_option_lists_options_with_defaults(host: PluginHost) -> None:
    with pytest.raises(OptionError) as caught:
        host.load("tiny", sise=3)
    message = str(caught.value)
    assert "unknown option 'sise' for tiny" in message
    assert "size=2, label='x', fast=False" in message
    assert isinstance(caught.value, TrickcoreError)
    assert isinstance(caught.value, ValueError)
    with pytest.raises(OptionError, match="unknown options 'a', 'b' for tiny"):
        host.load("tiny", b=1, a=2)


@pytest.mark.parametrize(
    ("options", "problem"),
    [
        ({"size": "3"}, "size='3' for tiny: size must be an integer"),
        ({"label": 4}, "label=4 for tiny: label must be a string"),
        ({"fast": 1}, "fast=1 for tiny: fast must be true or false"),
    ],
)
def test_invalid_option_value_names_it_and_lists_options(
    host: PluginHost, options: dict[str, Any], problem: str
) -> None:
    with pytest.raises(OptionError) as caught:
        host.load("tiny", **options)
    assert str(caught.value) == (
        f"invalid option {problem}; options: size=2, label='x', fast=False"
    )


def test_bind_options_from_text() -> None:
    assert bind_options(TINY, {"size": "7", "fast": "true"}, from_text=True) == TinyOptions(
        size=7, fast=True
    )
    with pytest.raises(OptionError, match=r"^invalid option size=seven for tiny: size must be"):
        bind_options(TINY, {"size": "seven"}, from_text=True)
    assert option_help(TINY) == "size=2, label='x', fast=False"
    assert option_help(TINY, as_text=True) == "size=2, label=x, fast=false"


def test_unknown_game_lists_games(host: PluginHost) -> None:
    with pytest.raises(
        UnknownGameError, match=r"unknown game 'chess'; games: other, tiny$"
    ) as caught:
        host.load("chess")
    assert isinstance(caught.value, LookupError)
    assert isinstance(caught.value, TrickcoreError)
    with pytest.raises(UnknownGameError, match="none"):
        build_host(entry_points=False).load("tiny")


def test_trickcore_load_unknown_game() -> None:
    with pytest.raises(UnknownGameError, match="unknown game 'no-such-game'"):
        trickcore.load("no-such-game")


# -- installed distributions (entry points) -------------------------------------------------

BROKEN_MODULE = "trickcore_fake_broken_plugin"
GOOD_MODULE = "trickcore_fake_good_plugin"


@pytest.fixture
def fake_distribution(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A distribution 'fake-plugin 1.0' installed in tmp_path with two trickcore entry points:
    one whose module raises on import and one that registers a game."""
    info = tmp_path / "fake_plugin-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: fake-plugin\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        f"[trickcore]\naaa_fake_good = {GOOD_MODULE}\naaa_fake_broken = {BROKEN_MODULE}\n"
    )
    (tmp_path / f"{BROKEN_MODULE}.py").write_text(
        'raise RuntimeError("this plugin is broken on purpose")\n'
    )
    (tmp_path / f"{GOOD_MODULE}.py").write_text(
        textwrap.dedent(
            """
            import trickcore


            class FakeOptions(trickcore.Options):
                level: int = 1


            class FakeDistGame:
                name = "zz-fake-dist-game"
                title = "A game from an installed distribution"
                seat_counts = (2,)
                options_type = FakeOptions

                def __init__(self, options):
                    self.options = options


            @trickcore.hookimpl
            def trickcore_register_games(register):
                register(FakeDistGame)
            """
        )
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.invalidate_caches()
    yield tmp_path
    for module in (BROKEN_MODULE, GOOD_MODULE):
        sys.modules.pop(module, None)


def test_installed_plugins_load_and_broken_ones_are_recorded(fake_distribution: Path) -> None:
    host = build_host()
    failures = failures_by_name(host)
    broken = failures["aaa_fake_broken"]
    assert broken.stage == "import"
    assert broken.error == "RuntimeError: this plugin is broken on purpose"
    assert broken.source == f"{BROKEN_MODULE} (fake-plugin 1.0)"
    assert "aaa_fake_good" not in failures
    sources = dict(host.plugins)
    assert sources["aaa_fake_good"] == f"{GOOD_MODULE} (fake-plugin 1.0)"
    game = host.load("zz-fake-dist-game", level=3)
    assert game.options.level == 3
    registration = next(r for r in host.registrations if r.name == "zz-fake-dist-game")
    assert registration.plugin == "aaa_fake_good"
    # entry points load in a stable order: by name
    loaded = [name for name, _ in host.plugins]
    assert loaded == sorted(loaded)
    assert [failure.plugin for failure in host.failures] == sorted(
        failure.plugin for failure in host.failures
    )


def test_installed_broken_plugin_in_strict_mode(fake_distribution: Path) -> None:
    # "aaa_fake_broken" sorts before every other installed plugin, so it is the first failure
    with pytest.raises(PluginError, match=r"^aaa_fake_broken: import failed: .*broken on purpose"):
        build_host(strict=True)


def test_without_entry_points_nothing_installed_is_loaded(fake_distribution: Path) -> None:
    host = build_host(entry_points=False)
    assert host.plugins == ()
    assert host.failures == ()

"""Broken plugins and bad seats (issue 10): a plugin calling ``sys.exit()`` is a recorded
failure like any other, a broken game raises :class:`PluginError` naming its plugin from
``load``, and a view for a seat that is not at the table is a :class:`TableError`."""

from __future__ import annotations

import inspect
import sys
from collections.abc import Iterator
from typing import Any, ClassVar

import pytest
from test_plugins import TinyGame, TinyOptions, game_plugin

import trickcore
from trickcore import PluginError, TableError, build_host, plugins


@pytest.fixture
def exiting_entry_point(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """An installed plugin whose import calls ``sys.exit(3)``, before the real ones."""
    real = plugins._entry_point_candidates

    def exits() -> object:
        sys.exit(3)

    def candidates() -> list[Any]:
        return [plugins._Candidate("exits", "exits:plugin (exiting 1.0)", exits), *real()]

    monkeypatch.setattr(plugins, "_entry_point_candidates", candidates)
    plugins.default_host.cache_clear()
    yield
    plugins.default_host.cache_clear()


@pytest.mark.usefixtures("exiting_entry_point")
def test_a_plugin_calling_sys_exit_at_import_is_a_recorded_failure() -> None:
    host = build_host()
    (failure,) = [f for f in host.failures if f.plugin == "exits"]
    assert (failure.stage, failure.error) == ("import", "SystemExit: 3")
    assert {"euchre", "allfours", "apples"} <= set(host.games)
    with pytest.raises(PluginError, match="exits: import failed: SystemExit: 3"):
        build_host(strict=True)


@pytest.mark.usefixtures("exiting_entry_point")
def test_trickcore_games_survives_a_plugin_calling_sys_exit() -> None:
    pytest.importorskip("click")
    from click.testing import CliRunner  # noqa: PLC0415 - click is optional

    from trickcore.cli.app import cli  # noqa: PLC0415

    separate: dict[str, Any] = (
        {"mix_stderr": False} if "mix_stderr" in inspect.signature(CliRunner).parameters else {}
    )
    result = CliRunner(**separate).invoke(cli, ["games"])
    assert result.exit_code == 0 and "euchre" in result.stdout, result.output


def test_a_plugin_hook_calling_sys_exit_is_a_recorded_failure() -> None:
    class Exiting:
        @trickcore.hookimpl
        def trickcore_register_games(self, register: trickcore.GameRegistrar) -> None:
            sys.exit("bye")

    host = build_host(entry_points=False, plugins=[("exiting", Exiting())])
    (failure,) = host.failures
    assert failure.stage == "trickcore_register_games" and "SystemExit: bye" in failure.error


class RaisingGame(TinyGame):
    name: ClassVar[str] = "raising"

    def __init__(self, options: TinyOptions) -> None:
        raise RuntimeError("no pack")


class NoStructGame(TinyGame):
    name: ClassVar[str] = "nostruct"
    options_type: ClassVar[type[Any]] = int


@pytest.mark.parametrize(
    ("game", "cause"), [(RaisingGame, "RuntimeError: no pack"), (NoStructGame, "TypeError")]
)
def test_a_broken_game_raises_a_plugin_error_naming_its_plugin(game: Any, cause: str) -> None:
    host = build_host(entry_points=False, plugins=[("shaky", game_plugin(game))])
    with pytest.raises(PluginError, match=f"game '{game.name}' of plugin 'shaky' is broken") as e:
        host.load(game.name)
    assert cause in str(e.value)


@pytest.mark.parametrize("name", ["euchre", "allfours", "apples", "high-card"])
@pytest.mark.parametrize("seat", [7, -1, "1", None, True, 1.0])
def test_a_view_for_a_seat_not_at_the_table_is_a_table_error(name: str, seat: Any) -> None:
    game = trickcore.load(name)
    last = game.seats - 1
    with pytest.raises(TableError, match=f"^seats are 0-{last}, not {seat!r}$"):
        game.view(game.initial_state(), seat)

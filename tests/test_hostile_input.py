"""Hostile input (issue 10): option names that are parameter names, deep nesting and huge
numbers in saved games and replays. Every one gets a trickcore error, never a bare
``TypeError``, ``RecursionError`` or ``ValueError``, and the command line prints no traceback."""

from __future__ import annotations

import inspect
import json
from pathlib import Path
from typing import Any

import msgspec
import pytest

import trickcore
from trickcore import OptionError, Table
from trickcore.replay import verify

click = pytest.importorskip("click")
from click.testing import CliRunner, Result  # noqa: E402

from trickcore.cli.app import cli  # noqa: E402

_SEPARATE: dict[str, Any] = (
    {"mix_stderr": False} if "mix_stderr" in inspect.signature(CliRunner).parameters else {}
)
GAMES = sorted(trickcore.default_host().games)
PARAMETER_NAMES = ["name", "self", "host", "options"]


def _finished(name: str) -> Table[Any, Any, Any]:
    game = trickcore.load(name)
    table = Table(game, ["random"] * game.seats, seed=11)
    table.advance(max_steps=40)
    return table


def _cli(*args: str) -> Result:
    result: Result = CliRunner(**_SEPARATE).invoke(cli, list(args))
    assert isinstance(result.exception, SystemExit | None), result.exception  # no traceback
    assert "Traceback" not in result.output + result.stderr
    return result


@pytest.mark.parametrize("option", PARAMETER_NAMES)
@pytest.mark.parametrize("name", GAMES)
def test_an_option_named_like_a_parameter_is_an_unknown_option(name: str, option: str) -> None:
    with pytest.raises(OptionError, match=f"unknown option '{option}' for {name}"):
        trickcore.load(name, **{option: 1})
    with pytest.raises(OptionError, match=f"unknown option '{option}'"):
        trickcore.default_host().load(name, **{option: 1})


@pytest.mark.parametrize("option", ["name", "self"])
def test_replays_and_saved_tables_with_such_an_option_are_refused(
    option: str, tmp_path: Path
) -> None:
    table = _finished("euchre")
    replay = table.replay()
    forged = msgspec.structs.replace(replay, options={**replay.options, option: 1})
    with pytest.raises(OptionError, match=f"unknown option '{option}'"):
        verify(forged)
    saved = json.loads(table.to_json())
    saved["replay"]["options"][option] = 1
    with pytest.raises(OptionError, match=f"unknown option '{option}'"):
        Table.from_json(json.dumps(saved))
    path = tmp_path / "forged.json"
    path.write_bytes(trickcore.to_json(forged))
    result = _cli("replay", "verify", str(path))
    assert result.exit_code != 0 and f"unknown option '{option}'" in result.stderr


def test_options_that_are_not_an_object_are_an_option_error() -> None:
    replay = _finished("euchre").replay()
    for options in ([1, 2], "target", {1: 2}):
        forged = msgspec.structs.replace(replay, options=options)
        with pytest.raises(OptionError, match="must be an object"):
            verify(forged)

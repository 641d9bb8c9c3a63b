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
from trickcore import DecodeError, OptionError, Table
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
    with pytest.raises(DecodeError, match=f'no field "{option}"'):
        Table.from_json(json.dumps(saved))
    path = tmp_path / "forged.json"
    path.write_bytes(trickcore.to_json(forged))
    result = _cli("replay", "verify", str(path))
    assert result.exit_code != 0 and f'no field "{option}"' in result.stderr


def test_options_that_are_not_an_object_are_an_option_error() -> None:
    replay = _finished("euchre").replay()
    for options in ([1, 2], "target", {1: 2}):
        forged = msgspec.structs.replace(replay, options=options)
        with pytest.raises(OptionError, match="must be an object"):
            verify(forged)


# -- deep nesting and huge numbers ---------------------------------------------------------------


def _with_placeholder(table: Table[Any, Any, Any], where: str) -> dict[str, Any]:
    """The saved table as JSON values, with ``"X"`` put in the replay's ``where``."""
    saved: dict[str, Any] = json.loads(table.to_json())
    replay = saved["replay"]
    if where == "options":
        replay["options"] = {**replay["options"], "target": "X"}
    else:
        replay["actions"] = [*replay["actions"][:3], "X"]
    return saved


@pytest.mark.parametrize("levels", [33, 1_000, 100_000])
@pytest.mark.parametrize("where", ["options", "actions"])
def test_deep_nesting_is_a_decode_error_everywhere(where: str, levels: int, tmp_path: Path) -> None:
    table = _finished("euchre")
    saved = _with_placeholder(table, where)
    deep = "[" * levels + "]" * levels
    replay_text = json.dumps(saved["replay"]).replace('"X"', deep)
    saved_text = json.dumps(saved).replace('"X"', deep)
    # Past 32 levels the check refuses it; very deep input may first overflow the decoder
    # (how deep depends on the Python version), which is refused as nesting too deeply.
    nest = (
        "nest more than 32 levels deep"
        if levels < 1_000
        else "nest (more than 32 levels deep|too deeply)"
    )
    with pytest.raises(trickcore.DecodeError, match=nest):
        trickcore.replay.loads(replay_text)
    with pytest.raises(trickcore.DecodeError, match=nest):
        Table.from_json(saved_text)
    packed = msgspec.msgpack.encode(saved["replay"])
    deep_packed = packed.replace(b"\xa1X", b"\x91" * levels + b"\xc0")
    with pytest.raises(trickcore.DecodeError, match=nest):
        trickcore.from_msgpack(deep_packed, trickcore.Replay)
    path = tmp_path / "deep.json"
    path.write_text(replay_text)
    for command in ("verify", "show"):
        result = _cli("replay", command, str(path))
        assert result.exit_code != 0 and "nest" in result.stderr


def test_input_larger_than_the_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    table = _finished("euchre")
    padding = b" " * trickcore.codec.MAX_INPUT_BYTES
    saved = table.to_json() + padding  # valid JSON, only too large
    replay_text = trickcore.replay.dumps(table.replay()) + padding
    with pytest.raises(trickcore.DecodeError, match="more than the 8,388,608 trickcore reads"):
        Table.from_json(saved)
    with pytest.raises(trickcore.DecodeError, match="more than the"):
        trickcore.replay.loads(replay_text)
    packed = msgspec.msgpack.encode([0] * (trickcore.codec.MAX_INPUT_BYTES + 1))
    with pytest.raises(trickcore.DecodeError, match="more than the"):
        trickcore.from_msgpack(packed, trickcore.Replay)
    assert Table.from_json(table.to_json()).replay() == table.replay()  # under the limit: read


def test_the_depth_is_counted_without_recursion() -> None:
    value: Any = 0
    for _ in range(100_000):
        value = [value]
    assert trickcore.codec.nesting_depth(value) == 33  # it stops looking past the limit
    assert trickcore.codec.nesting_depth(value, limit=200_000) == 100_000
    assert trickcore.codec.nesting_depth({"a": [1, {"b": ()}]}) == 4
    assert trickcore.codec.nesting_depth("text") == 0


def test_huge_integers_are_refused_with_trickcore_errors(tmp_path: Path) -> None:
    table = _finished("euchre")
    huge = "9" * 4_300
    replay_text = trickcore.to_json(table.replay()).decode().replace('"seed":11', f'"seed":{huge}')
    with pytest.raises(trickcore.DecodeError, match="integer seed may have at most 256 bits"):
        trickcore.replay.loads(replay_text)
    path = tmp_path / "huge.json"
    path.write_text(replay_text)
    result = _cli("replay", "verify", str(path))
    assert result.exit_code != 0 and "at most 256 bits" in result.stderr
    for field in ("epoch", "undos"):
        saved = table.to_json().decode().replace(f'"{field}":0', f'"{field}":{huge}')
        with pytest.raises(trickcore.DecodeError, match=f"at \\$.{field}"):
            Table.from_json(saved)
    with pytest.raises(trickcore.TableError, match="at most 256 bits"):
        Table(table.game, ["random"] * 4, seed=10**4_300)
    assert Table(table.game, ["random"] * 4, seed=2**255).seed == 2**255


def test_a_match_refuses_a_huge_seed() -> None:
    with pytest.raises(trickcore.MatchError, match="at most 256 bits"):
        trickcore.Match("euchre", ["random"] * 4, games=1, seed=-(10**4_300))


@pytest.mark.parametrize("name", GAMES)
def test_option_integers_beyond_64_bits_are_option_errors(name: str) -> None:
    """Found by the 10^5-input fuzz run: a replay or saved table whose ``target`` was 10^30 was
    accepted, then failed with a bare ``OverflowError`` when its digest encoded the options as
    MessagePack; an integer of more than 4,300 digits even made loading blame the plugin."""
    for value, shown in ((2**63, str(2**63)), (10**5_000, "<an integer of 16610 bits>")):
        with pytest.raises(OptionError, match=f"target={shown}.*fit in 64 bits"):
            trickcore.load(name, target=value)
    assert trickcore.load(name, target=2**63 - 1).options.target == 2**63 - 1


def test_replays_and_saved_tables_with_a_64_bit_overflowing_option_are_refused() -> None:
    table = _finished("euchre")
    replay = table.replay()
    forged = msgspec.structs.replace(replay, options={**replay.options, "target": 10**30})
    with pytest.raises(OptionError, match="fit in 64 bits"):
        verify(forged)
    with pytest.raises(DecodeError, match="fit in 64 bits"):
        trickcore.replay.loads(trickcore.to_json(forged))
    saved = json.loads(table.to_json())
    saved["replay"]["options"]["target"] = 2**64
    with pytest.raises(DecodeError, match="fit in 64 bits"):
        Table.from_json(json.dumps(saved))

"""The replay digest covers the game's options (issue 10): format 2 replays refuse an edited
option even where it changed nothing in the game played; format 1 files still verify."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest

import trickcore
from trickcore import ReplayMismatchError, Table
from trickcore import replay as replays

DATA = Path(__file__).parent / "data"
# An option per game that the first steps of a game never look at, with another allowed value.
UNUSED_OPTION: dict[str, tuple[str, Any]] = {
    "euchre": ("target", 11),
    "allfours": ("target", 11),
    "apples": ("target", 300),
    "high-card": ("target", 6),
}
EUCHRE_UNUSED_IN_A_HAND = [("stick_the_dealer", True), ("lone_defender_bonus", True)]


def _replay(name: str, steps: int = 12, **options: Any) -> replays.Replay:
    game = trickcore.load(name, **options)
    table = Table(game, ["random"] * game.seats, seed=5)
    table.advance(max_steps=steps)
    return table.replay()


@pytest.mark.parametrize("name", sorted(UNUSED_OPTION))
def test_an_edited_option_does_not_verify(name: str) -> None:
    replay = _replay(name)
    assert replay.format == replays.FORMAT == 2
    assert replays.verify(replay) is not None
    option, value = UNUSED_OPTION[name]
    edited = msgspec.structs.replace(replay, options={**replay.options, option: value})
    with pytest.raises(ReplayMismatchError, match="options or the final state do not match"):
        replays.verify(edited)


@pytest.mark.parametrize(("option", "value"), EUCHRE_UNUSED_IN_A_HAND)
def test_the_options_of_the_issue_do_not_verify_once_edited(option: str, value: Any) -> None:
    replay = _replay("euchre", steps=3, single_hand=True)
    edited = msgspec.structs.replace(replay, options={**replay.options, option: value})
    with pytest.raises(ReplayMismatchError, match="options"):
        replays.verify(edited)
    saved = Table(trickcore.load("euchre", single_hand=True), ["random"] * 4, seed=5)
    saved.advance(max_steps=3)
    text = saved.to_json().decode().replace(f'"{option}":false', f'"{option}":true')
    with pytest.raises(ReplayMismatchError, match="options"):
        Table.from_json(text)


@pytest.mark.parametrize("golden", sorted(DATA.glob("*_seed7.json")), ids=lambda p: p.name)
def test_format_1_files_still_verify_and_resume(golden: Path) -> None:
    recorded = replays.loads(golden.read_bytes())
    assert recorded.format == 1
    assert replays.verify(recorded).finished
    resumed = Table.from_replay(recorded)
    assert resumed.over and resumed.replay().format == 2
    assert replays.verify(resumed.replay()).scores == recorded.outcome.scores  # type: ignore[union-attr]

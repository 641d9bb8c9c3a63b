"""Checks come first (issue 21.3): a file the command line is to write (``play --save``, the
``--resume`` file a game is saved back to, ``match --out``) is refused before the game or the
match starts, not after it ends."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("click")
from click.testing import CliRunner
from toygame import toy_host

from trickcore.cli.app import cli
from trickcore.cli.errors import CliError, check_writable


def _run(*args: str, input: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), obj=toy_host(), input=input)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def nowhere(tmp_path: Path) -> Path:
    """A path that cannot be written: its directory is a file."""
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("")
    return blocker / "game.json"


def test_play_save_to_an_unwritable_path_is_refused_before_the_game(nowhere: Path) -> None:
    code, out, err = _run("play", "high-card", "--seed", "1", "--save", str(nowhere))
    assert code == 1
    assert out == ""  # no seed line, no game narrated
    assert err.splitlines() == [err.strip()] and "--save" in err and str(nowhere) in err


def test_a_human_game_is_not_played_for_nothing(nowhere: Path) -> None:
    code, out, _ = _run(
        "play", "high-card", "--seat", "0", "--seed", "1", "--save", str(nowhere), input="1\n" * 9
    )
    assert code == 1
    assert "seat 0>" not in out


def test_match_out_to_an_unwritable_path_is_refused_before_the_first_game(nowhere: Path) -> None:
    code, out, err = _run(
        "match", "high-card", "--bots", "first,toy-random", "--deals", "3", "--out", str(nowhere)
    )
    assert code == 1
    assert out == ""
    assert "--out" in err and "Error:" in err


def test_the_check_leaves_no_file_and_keeps_an_existing_one(tmp_path: Path) -> None:
    fresh = tmp_path / "fresh.json"
    check_writable(fresh, "--save")
    assert not fresh.exists()
    kept = tmp_path / "kept.json"
    kept.write_text("keep me")
    check_writable(kept, "--out")
    assert kept.read_text() == "keep me"
    with pytest.raises(CliError, match="is a directory"):
        check_writable(tmp_path, "--out")


def test_a_good_save_path_still_gets_the_replay(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, out, _ = _run("play", "high-card", "--seed", "1", "--save", str(path))
    assert code == 0, out
    assert path.exists() and f"replay saved to {path}" in out

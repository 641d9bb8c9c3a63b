"""``trickcore match`` keeps the command line's error contract (docs/cli.md: a bad value exits 2
with one ``Error:`` line) and its progress output (issue 21.2)."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

import pytest

pytest.importorskip("click")
from click.testing import CliRunner
from toygame import toy_host

from trickcore.cli import matches
from trickcore.cli.app import cli

HOST = toy_host()
EUCHRE = ("match", "euchre", "--option", "single_hand=true")


def _run(*args: str, host: object = HOST) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), obj=host)
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(
    ("extra", "needles"),
    [
        (("--deals", "0"), ("--deals must be 1 or more, not 0",)),
        (("--deals", "-3"), ("--deals must be 1 or more",)),
        (("--time-limit", "-1"), ("--time-limit must be a number of seconds above 0, not -1",)),
        (("--time-limit", "0"), ("--time-limit",)),
        (("--time-limit", "nan"), ("--time-limit",)),
        (("--bot-option", "pimc.bogus=1"), ("--bot-option pimc:", "bogus", "iterations")),
        (
            ("--bot-option", "heuristic.iterations=5"),
            ("--bot-option names heuristic, which is not in this match", "random, pimc"),
        ),
    ],
)
def test_bad_values_exit_2_with_one_error_line(
    extra: tuple[str, ...], needles: tuple[str, ...]
) -> None:
    code, out, err = _run(*EUCHRE, "--bots", "random,pimc", "--deals", "1", *extra, host=None)
    assert code == 2, (out, err)
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), err
    for needle in needles:
        assert needle in lines[0]
    assert "[" not in lines[0] and "Error:" not in lines[0][7:]  # no Python list, no class name
    assert out == ""


def test_no_stray_games_line_when_stderr_is_not_a_terminal() -> None:
    code, out, err = _run("match", "high-card", "--bots", "first,toy-random", "--deals", "2")
    assert code == 0
    assert err == ""
    assert out.splitlines()[0].startswith("high-card: 2 deals")


def test_a_resumed_match_says_so_on_its_own_line_and_its_bar_starts_at_the_games_done() -> None:
    with contextlib.ExitStack() as stack:
        progress = matches._Progress(stack, shown=True)
        progress(6, 12)
        assert progress.bar is not None
        assert progress.bar.pos == 6
        assert progress.rate(None) == ""  # nothing played by this run yet: no rate at all
        progress(8, 12)
        assert progress.bar.pos == 8
        assert not progress.rate(None).startswith("-")


def test_the_bar_is_shown_on_a_terminal_only(monkeypatch: pytest.MonkeyPatch) -> None:
    with matches._progress(shown=True) as progress:
        progress(0, 4)
        assert progress.bar is None  # tests' stderr is not a terminal
    monkeypatch.setattr(matches, "_is_terminal", lambda stream: stream is sys.stderr)
    with matches._progress(shown=True) as progress:
        progress(0, 4)
        assert progress.bar is not None
    with matches._progress(shown=False) as progress:
        progress(0, 4)
        assert progress.bar is None


def test_resuming_prints_its_line_before_any_bar(tmp_path: Path) -> None:
    out = tmp_path / "m.jsonl"
    base = ("match", "high-card", "--bots", "first,toy-random", "--out", str(out))
    assert _run(*base, "--deals", "2")[0] == 0
    code, _, err = _run(*base, "--deals", "4")
    assert code == 0
    assert err.splitlines() == ["resuming: 4 of 8 games are in the out file"]

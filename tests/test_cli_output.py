"""The command line's output meets pipes and narrow terminals (issue 11): a reader that stops
early is no error, and a long plugin error does not widen the ``plugins`` table."""

from __future__ import annotations

import inspect
import os
import subprocess
import sys
from typing import Any

import pytest

click = pytest.importorskip("click")
from click.testing import CliRunner  # noqa: E402

import trickcore  # noqa: E402
from trickcore.cli.app import cli  # noqa: E402
from trickcore.cli.text import columns  # noqa: E402

_SEPARATE: dict[str, Any] = (
    {"mix_stderr": False} if "mix_stderr" in inspect.signature(CliRunner).parameters else {}
)


@pytest.mark.parametrize(
    "args",
    [
        ("games",),  # a little output: the pipe breaks when it is flushed at the end
        ("play", "euchre", "--seed", "1", "--bots", "random"),  # a lot: it breaks mid-game
    ],
)
def test_a_reader_that_stops_early_is_no_error(args: tuple[str, ...]) -> None:
    read, write = os.pipe()
    os.close(read)  # the reader has gone before the first line (`| head -0`)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "trickcore", *args],
            stdout=write,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            check=False,
        )
    finally:
        os.close(write)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""


def test_head_1_gets_the_first_line_and_the_exit_code_is_0() -> None:
    with subprocess.Popen(
        [sys.executable, "-m", "trickcore", "play", "euchre", "--seed", "2", "--bots", "random"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as process:
        assert process.stdout is not None and process.stderr is not None
        first = process.stdout.readline()
        process.stdout.close()
        errors = process.stderr.read()
    assert first.startswith(b"seed 2")
    assert process.returncode == 0
    assert errors == b""


class _Failing:
    """A plugin whose registration fails with a very long message."""

    @trickcore.hookimpl
    def trickcore_register_games(self, register: Any) -> None:
        raise RuntimeError("the reason is long: " + "and it goes on " * 30)


def test_a_long_plugin_error_is_wrapped_to_the_terminal_width() -> None:
    host = trickcore.build_host(plugins=[("zz_failing", _Failing())])
    wide = CliRunner(**_SEPARATE).invoke(cli, ["plugins"], obj=host)
    narrow = CliRunner(**_SEPARATE).invoke(cli, ["plugins"], obj=host, env={"COLUMNS": "90"})
    assert narrow.exit_code == 0
    lines = narrow.stdout.splitlines()
    assert all(len(line) <= 90 for line in lines), narrow.stdout
    ok = [line for line in lines if " ok " in line]
    # The other rows keep the width they have without the failure.
    assert max(map(len, ok)) < 100
    assert " ".join(narrow.stdout.split()) == " ".join(wide.stdout.split())  # nothing lost
    failed = next(i for i, line in enumerate(lines) if line.startswith("zz_failing"))
    assert "FAILED" in lines[failed] and lines[failed + 1].startswith(" ")


def test_columns_wrap_only_the_last_cell() -> None:
    rows = [["a", "bb", "one two three four five six"], ["ccc", "d", "x"]]
    assert columns(rows) == ["a    bb  one two three four five six", "ccc  d   x"]
    assert columns(rows, width=20) == [
        "a    bb  one two",
        "         three four",
        "         five six",
        "ccc  d   x",
    ]
    # Too little room after the other columns: the last cell goes under the row.
    assert columns([["a" * 15, "word " * 6]], width=20)[1:] == [
        "    word word word",
        "    word word word",
    ]


def test_ctrl_c_in_any_command_exits_130_without_a_traceback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def interrupted(*args: Any, **kwargs: Any) -> list[str]:
        raise KeyboardInterrupt

    monkeypatch.setattr("trickcore.cli.app.columns", interrupted)
    result = CliRunner(**_SEPARATE).invoke(cli, ["games"])
    assert result.exit_code == 130
    assert "Traceback" not in result.output
    assert "Aborted" not in result.output

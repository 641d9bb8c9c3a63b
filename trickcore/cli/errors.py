"""The command line's errors: one line on stderr and an exit code, never a traceback.

Commands raise :class:`CliError` (exit 1) or :class:`CliUsageError` (exit 2); the group turns
trickcore's own errors into them (:func:`as_cli_error`), so a mistake of the user never shows
a traceback.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path

import click

from trickcore.errors import OptionError, TrickcoreError, UnknownBotError, UnknownGameError

__all__ = [
    "CliError",
    "CliUsageError",
    "as_cli_error",
    "check_writable",
    "one_line",
    "reader_gone",
]


def one_line(text: str) -> str:
    """``text`` on one line: every run of whitespace (newlines included) becomes one space."""
    return " ".join(text.split())


class CliError(click.ClickException):
    """An error shown as ``Error: <message>`` on one line of stderr; exit code 1."""

    exit_code = 1

    def __init__(self, message: str) -> None:
        super().__init__(one_line(message))


class CliUsageError(CliError):
    """A mistake in the command's arguments (unknown game, bot or option); exit code 2.

    Unlike :class:`click.UsageError` it prints one line, without the usage text.
    """

    exit_code = 2


def as_cli_error(error: Exception) -> CliError:
    """The :class:`CliError` to show for one of trickcore's errors or an :class:`OSError`."""
    if isinstance(error, (UnknownGameError, UnknownBotError, OptionError)):
        return CliUsageError(str(error))
    if isinstance(error, OSError):
        where = f"{error.filename}: " if error.filename else ""
        return CliError(f"{where}{error.strerror or error}")
    if isinstance(error, TrickcoreError):
        return CliError(str(error))
    return CliError(f"{type(error).__name__}: {error}")


def reader_gone() -> None:
    """Standard output's reader has gone (``trickcore games | head -1``): send what is left
    to the null device, so that neither this write nor the flush at exit complains."""
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, sys.stdout.fileno())
    finally:
        os.close(null)


def check_writable(path: Path, what: str) -> None:
    """Raise :class:`CliError` (exit 1) unless a file can be written at ``path``: checked
    before a game or a match starts, so that its end is not lost to a bad path (issue 21.3).

    The file is opened for appending (an existing file is left as it is) and, when the check
    created it, removed again. ``what`` names the option in the message (``"--save"``)."""
    if path.is_dir():
        raise CliError(f"{what} {path} is a directory, not a file")
    existed = path.exists()
    try:
        with path.open("ab"):
            pass
    except OSError as error:
        raise CliError(f"{what}: cannot write {path}: {error.strerror or error}") from None
    if not existed:
        with contextlib.suppress(OSError):
            path.unlink()

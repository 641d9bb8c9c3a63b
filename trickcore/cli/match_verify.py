"""``trickcore match --verify FILE``: play every game of a results file again and name the
first line that does not reproduce (issue 22). The match is rebuilt from the file's header."""

from __future__ import annotations

from pathlib import Path

import click

from trickcore.cli.errors import CliError
from trickcore.errors import MatchError
from trickcore.match import Match
from trickcore.plugins import PluginHost, default_host

__all__ = ["verify_results"]


def verify_results(path: Path, host: PluginHost) -> None:
    """Print ``ok: …`` when every result in ``path`` reproduces; otherwise raise a
    :class:`CliError` (exit status 1) naming the first line that does not."""
    match = Match.from_file(path, host=None if host is default_host() else host)
    try:
        count = match.verify(path)
    except MatchError as error:
        raise CliError(f"the results do not verify: {error}") from None
    click.echo(f"ok: {count} game{'s' if count != 1 else ''} in {path} reproduce when played again")

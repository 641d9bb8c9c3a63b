"""The ``trickcore`` command line (DESIGN 9), an optional extra: ``pip install 'trickcore[cli]'``.

Importing this package imports nothing but the standard library; :func:`main` imports click
(and the commands in :mod:`trickcore.cli.app`) when it runs, and says how to install the extra
when click is missing.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

__all__ = ["MISSING_CLICK", "main"]

MISSING_CLICK = "The trickcore command line needs the 'cli' extra: pip install 'trickcore[cli]'"
"""What :func:`main` prints (on stderr, exit code 1) when click is not installed."""


def main(argv: Sequence[str] | None = None) -> None:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); exits the process.

    Exit codes: 0 success, 1 an error (a bad file, a replay that does not verify, a failing
    bot, click missing), 2 a usage error (unknown game, bot or option, bad arguments), 130
    interrupted (Ctrl-C). Output piped into a reader that stops early (``| head -1``) is no
    error: the rest is dropped quietly.
    """
    try:
        from trickcore.cli.app import cli  # noqa: PLC0415 (lazy on purpose: click is optional)
    except ImportError as error:
        if error.name is None or error.name.split(".")[0] != "click":
            raise
        print(MISSING_CLICK, file=sys.stderr)
        raise SystemExit(1) from None
    try:
        cli.main(args=list(argv) if argv is not None else None, prog_name="trickcore")
    except SystemExit:
        try:
            sys.stdout.flush()  # what is still buffered, while the exit can still be chosen
        except BrokenPipeError:
            from trickcore.cli.errors import reader_gone  # noqa: PLC0415 (click is loaded)

            reader_gone()
            raise SystemExit(0) from None
        raise

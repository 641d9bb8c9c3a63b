"""``python -m trickcore``: the command line (needs the ``cli`` extra, see :mod:`trickcore.cli`)."""

from __future__ import annotations

from trickcore.cli import main

if __name__ == "__main__":
    main()

"""The one-command demo of the browser table: ``python examples/web/server.py --port 8000``,
then open http://127.0.0.1:8000/.

The table itself is :mod:`trickcore.web` (``pip install 'trickcore[web]'``): Starlette served
by uvicorn. This script only runs :func:`trickcore.web.main`, as ``python -m trickcore.web``
does; ``docs/web.md`` has its options and API.
"""

from __future__ import annotations

import sys

try:
    from trickcore.web import main
except ImportError as error:  # the web extra is missing: say how to install it
    raise SystemExit(str(error)) from None

if __name__ == "__main__":
    main(sys.argv[1:])

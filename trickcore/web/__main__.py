"""``python -m trickcore.web``: serve the browser table (see :func:`trickcore.web.main`)."""

from trickcore.web import main

main()

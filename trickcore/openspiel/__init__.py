"""Every registered trickcore game as an OpenSpiel game (the ``openspiel`` extra).

Importing this package registers each game with ``pyspiel.register_game`` as
``trickcore_<name>`` (``trickcore_euchre``, ``trickcore_high_card``, ...), so that
``pyspiel.load_game("trickcore_euchre")`` and OpenSpiel's Python algorithms can play it:

* sequential, imperfect information, ``EXPLICIT_STOCHASTIC`` chance, ``TERMINAL`` rewards (the
  game's :attr:`trickcore.Outcome.returns`);
* the game's options as OpenSpiel parameters (an option whose default is null takes the text
  ``"null"``); ``single_hand`` defaults to true where a game has it, because OpenSpiel needs a
  bound on a game's length (:func:`trickcore.openspiel.bridge.most_actions`): the game's own,
  or :data:`DEFAULT_MAX_LENGTH` actions (after which the game ends as a draw) for a game
  without one, so that every game loads with its defaults;
* actions numbered by the game's action encoding (:mod:`trickcore.encoding`); observation and
  information-state tensors are its view encoding, and the strings are the view as JSON (the
  information state adds every event the seat has seen, for perfect recall);
* the first dealer is one chance node; a shuffle is dealt card by card, each chance node
  offering the undealt cards uniformly, until the deal schedule says the rest are never seen;
* ``resample_from_infostate`` draws from the game's ``determinize`` with its own seeded stream.

See the "OpenSpiel" page of the documentation (and its warning about the C++
``pyspiel.ISMCTSBot``).
"""

from __future__ import annotations

try:
    import numpy  # noqa: F401
    import pyspiel  # noqa: F401
except ModuleNotFoundError as missing:  # pragma: no cover - the extra is installed in CI
    raise ModuleNotFoundError(
        f"trickcore.openspiel needs {missing.name}, which the openspiel extra installs "
        "(OpenSpiel 2.0.2, Python 3.11 or later): pip install 'trickcore[openspiel]'",
        name=missing.name,
    ) from missing

from trickcore.openspiel.bridge import (
    DEFAULT_MAX_LENGTH,
    GAME_PREFIX,
    MAX_LENGTH,
    LengthBounded,
    OpenSpielGame,
    OpenSpielState,
    game_type,
    most_actions,
    register_games,
    short_name,
)

__all__ = [
    "DEFAULT_MAX_LENGTH",
    "GAME_PREFIX",
    "MAX_LENGTH",
    "LengthBounded",
    "OpenSpielGame",
    "OpenSpielState",
    "game_type",
    "most_actions",
    "register_games",
    "short_name",
]

register_games()

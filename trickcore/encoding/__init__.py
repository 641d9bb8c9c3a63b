"""Fixed, versioned encodings of a game's actions and views, for learning libraries.

Reinforcement-learning libraries see actions as integers in a fixed range and observations as
fixed-length vectors. This package gives every game both, in pure Python (no numpy), so that any
bridge (PettingZoo in :mod:`trickcore.rl`, or another) is built on the same numbering:

* :func:`action_encoding` — the game's :class:`ActionEncoding`: its own when the game offers an
  ``action_encoding()`` method (a compact numbering), else the one derived from its action union
  (:func:`derive_action_encoding`).
* :func:`view_encoding` — the game's :class:`ViewEncoding`: its own when the game offers a
  ``view_encoding()`` method (built with a :class:`LayoutBuilder`), else
  :func:`default_view_encoding` of its view type.
* :func:`encodings` — both, with the version that names them (``"1.1"``: the action encoding's
  version, then the view encoding's) and the name ``"<game>_v<version>"`` that environments
  built on them carry.

Trained policies depend on these numberings: a change to either bumps its version. See the
"Reinforcement learning" page of the documentation for the layouts of the built-in games.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

import msgspec

from trickcore.encoding.actions import (
    ALL_CARDS,
    DERIVED_ACTION_VERSION,
    ActionEncoding,
    EncodingError,
    derive_action_encoding,
    field_values,
)
from trickcore.encoding.views import (
    DEFAULT_VIEW_VERSION,
    LayoutBuilder,
    Part,
    ViewEncoding,
    ViewLayout,
    Writer,
    default_view_encoding,
)
from trickcore.game import AnyGame

__all__ = [
    "DEFAULT_VIEW_VERSION",
    "DERIVED_ACTION_VERSION",
    "ActionEncoded",
    "ActionEncoding",
    "EncodingError",
    "Encodings",
    "LayoutBuilder",
    "Part",
    "ViewEncoded",
    "ViewEncoding",
    "ViewLayout",
    "Writer",
    "action_encoding",
    "default_view_encoding",
    "derive_action_encoding",
    "encodings",
    "field_values",
    "pack_of",
    "view_encoding",
]


@runtime_checkable
class ActionEncoded(Protocol):
    """A game with its own action numbering (optional)."""

    def action_encoding(self) -> ActionEncoding[Any]:
        """This game's numbering of its seat actions (every action any seat may ever take)."""
        ...


@runtime_checkable
class ViewEncoded(Protocol):
    """A game with its own view encoding (optional)."""

    def view_encoding(self) -> ViewEncoding[Any]:
        """This game's encoding of its views as fixed-length vectors in ``[0, 1]``."""
        ...


class Encodings(msgspec.Struct, frozen=True, kw_only=True):
    """A game's action and view encodings, and the version and name they go by."""

    game: str
    """The game's registry name."""
    action: ActionEncoding[Any]
    view: ViewEncoding[Any]

    @property
    def version(self) -> str:
        """``"<action version>.<view version>"``, e.g. ``"1.1"``."""
        return f"{self.action.version}.{self.view.version}"

    @property
    def name(self) -> str:
        """``"<game>_v<version>"``, e.g. ``"euchre_v1.1"``: the name of an environment built
        on these encodings."""
        return f"{self.game}_v{self.version}"


def pack_of(game: AnyGame) -> tuple[Any, ...]:
    """The cards of ``game`` (its ``pack`` attribute, as games on the kit have), in order; all
    52 cards and the joker for a game that does not say."""
    pack = getattr(game, "pack", None)
    return tuple(pack) if pack is not None else ALL_CARDS


def action_encoding(game: AnyGame) -> ActionEncoding[Any]:
    """``game``'s own ``action_encoding()`` if it offers one, else
    ``derive_action_encoding(game.action_type, pack_of(game))``."""
    if isinstance(game, ActionEncoded):
        return game.action_encoding()
    return derive_action_encoding(game.action_type, pack_of(game))


def view_encoding(game: AnyGame) -> ViewEncoding[Any]:
    """``game``'s own ``view_encoding()`` if it offers one, else
    ``default_view_encoding(game.view_type, pack_of(game))``."""
    if isinstance(game, ViewEncoded):
        return game.view_encoding()
    return default_view_encoding(game.view_type, pack_of(game))


def encodings(game: AnyGame) -> Encodings:
    """Both of ``game``'s encodings (:func:`action_encoding`, :func:`view_encoding`)."""
    return Encodings(game=game.name, action=action_encoding(game), view=view_encoding(game))

"""trickcore: a strictly typed engine for trick-taking card games.

Load a game with :func:`load`, drive it with its pure functions (``initial_state``, ``actor``,
``legal_actions``, ``apply``, ``view`` …) or hand it to a :class:`Table` that seats bots and
humans and records a :class:`Replay`.
"""

from __future__ import annotations

from typing import Any

from trickcore._build import build_kind
from trickcore._version import __version__
from trickcore.bots import Bot, BotFactory, BotSpec
from trickcore.cards import Card, Rank, Suit, cards
from trickcore.codec import digest, from_json, from_msgpack, json_schema, to_json, to_msgpack
from trickcore.errors import (
    BotError,
    CardError,
    DecodeError,
    EgnError,
    IllegalActionError,
    InvalidStateError,
    InvalidViewError,
    MatchError,
    OptionError,
    PluginError,
    ReplayMismatchError,
    SealError,
    TableError,
    TrickcoreError,
    UnknownBotError,
    UnknownGameError,
    WrongSeatError,
)
from trickcore.game import (
    CHANCE,
    Action,
    Actor,
    AnyGame,
    Direction,
    DrawDealer,
    Event,
    EventsBySeat,
    Game,
    GameFactory,
    Options,
    Outcome,
    Seat,
    Shuffle,
    apply_with_all_events,
    apply_with_events,
)
from trickcore.hookspecs import BotRegistrar, GameRegistrar, hookimpl
from trickcore.match import (
    EntryStats,
    Estimate,
    GameResult,
    GameTask,
    Match,
    MatchResult,
)
from trickcore.plugins import PluginFailure, PluginHost, build_host, default_host
from trickcore.replay import Replay
from trickcore.rng import Rng
from trickcore.seal import Unsealed, seal, unseal
from trickcore.table import Table
from trickcore.viewcheck import ViewValidator, validate_view

__all__ = [
    "CHANCE",
    "Action",
    "Actor",
    "AnyGame",
    "Bot",
    "BotError",
    "BotFactory",
    "BotRegistrar",
    "BotSpec",
    "Card",
    "CardError",
    "DecodeError",
    "Direction",
    "EgnError",
    "DrawDealer",
    "EntryStats",
    "Estimate",
    "Event",
    "EventsBySeat",
    "Game",
    "GameFactory",
    "GameRegistrar",
    "GameResult",
    "GameTask",
    "IllegalActionError",
    "InvalidStateError",
    "InvalidViewError",
    "Match",
    "MatchError",
    "MatchResult",
    "OptionError",
    "Options",
    "Outcome",
    "PluginError",
    "PluginFailure",
    "PluginHost",
    "Rank",
    "Replay",
    "ReplayMismatchError",
    "Rng",
    "SealError",
    "Seat",
    "Shuffle",
    "Suit",
    "Table",
    "TableError",
    "TrickcoreError",
    "UnknownBotError",
    "UnknownGameError",
    "Unsealed",
    "ViewValidator",
    "WrongSeatError",
    "__version__",
    "apply_with_all_events",
    "apply_with_events",
    "build_host",
    "build_kind",
    "cards",
    "default_host",
    "digest",
    "from_json",
    "from_msgpack",
    "hookimpl",
    "json_schema",
    "load",
    "seal",
    "to_json",
    "to_msgpack",
    "unseal",
    "validate_view",
]


def load(name: str, /, **options: Any) -> AnyGame:
    """The game ``name`` bound to ``options``: ``trickcore.load("euchre", deck=32)``.

    An unknown game raises :class:`UnknownGameError` listing the installed games; an unknown or
    invalid option raises :class:`OptionError` listing every option and its default. Games come
    from the installed plugins (:func:`default_host`); pass ``host=`` … to
    :meth:`PluginHost.load` to use another registry.
    """
    return default_host().load(name, **options)

"""All Fours (Trinidad rules) for trickcore (rule book ``shared/rules/allfours.md``, F1-F8).

Load it with ``trickcore.load("allfours", **options)`` (``players=2`` for All Twos); the types
are exported here for typed code and for decoding: ``msgspec.json.decode(data,
type=AllFoursAction)``.
"""

from __future__ import annotations

from trickcore.kit.tricks import Trick
from trickcore_allfours.actions import AllFoursAction, Beg, GiveOne, Play, RunPack, Stand
from trickcore_allfours.deal import HAND_SIZE, PACK, RUN_SIZE, TABLES, Table
from trickcore_allfours.determinize import seen_cards, voids
from trickcore_allfours.events import AllFoursEvent
from trickcore_allfours.options import AllFoursOptions
from trickcore_allfours.rules import AllFours
from trickcore_allfours.scoring import GAME_VALUES, card_points, kick_points
from trickcore_allfours.state import AllFoursState, HandResult, Kick, Phase, Score
from trickcore_allfours.view import AllFoursView

__all__ = [
    "GAME_VALUES",
    "HAND_SIZE",
    "PACK",
    "RUN_SIZE",
    "TABLES",
    "AllFours",
    "AllFoursAction",
    "AllFoursEvent",
    "AllFoursOptions",
    "AllFoursState",
    "AllFoursView",
    "Beg",
    "GiveOne",
    "HandResult",
    "Kick",
    "Phase",
    "Play",
    "RunPack",
    "Score",
    "Stand",
    "Table",
    "Trick",
    "card_points",
    "kick_points",
    "seen_cards",
    "voids",
]

"""Apples for trickcore (rule book ``shared/rules/apples.md``, sections A1-A10).

Load it with ``trickcore.load("apples", **options)``; the types are exported here for typed
code and for decoding: ``msgspec.json.decode(data, type=ApplesAction)``.
"""

from __future__ import annotations

from trickcore.kit.tricks import Trick
from trickcore_apples.actions import ApplesAction, Bid, Give, Pass, Play, SetTarget
from trickcore_apples.auction import BID_SUITS, highest, passed, strength
from trickcore_apples.deal import DEAL, HAND_SIZE, PACK, SEATING, TRICKS, pile_schedule
from trickcore_apples.determinize import bid_minimums, voids
from trickcore_apples.events import ApplesEvent
from trickcore_apples.options import ApplesOptions
from trickcore_apples.rules import Apples
from trickcore_apples.scoring import (
    VALUES,
    groups,
    points,
    points_added,
    rank_counts,
    value,
    winnings_pile,
)
from trickcore_apples.state import ApplesState, Call, Group, Phase, RoundResult, SeatScore
from trickcore_apples.view import ApplesView

__all__ = [
    "BID_SUITS",
    "DEAL",
    "HAND_SIZE",
    "PACK",
    "SEATING",
    "TRICKS",
    "VALUES",
    "Apples",
    "ApplesAction",
    "ApplesEvent",
    "ApplesOptions",
    "ApplesState",
    "ApplesView",
    "Bid",
    "Call",
    "Give",
    "Group",
    "Pass",
    "Phase",
    "Play",
    "RoundResult",
    "SeatScore",
    "SetTarget",
    "Trick",
    "bid_minimums",
    "groups",
    "highest",
    "passed",
    "pile_schedule",
    "points",
    "points_added",
    "rank_counts",
    "strength",
    "value",
    "voids",
    "winnings_pile",
]

"""Euchre for trickcore (rule book ``shared/rules/euchre.md``, sections E1-E10).

Load it with ``trickcore.load("euchre", **options)``; the types are exported here for typed
code and for decoding: ``msgspec.json.decode(data, type=EuchreAction)``.
"""

from __future__ import annotations

from trickcore.kit.tricks import Trick
from trickcore_euchre.actions import (
    Call,
    Discard,
    EuchreAction,
    GoAlone,
    OrderUp,
    Pass,
    Play,
    WithPartner,
)
from trickcore_euchre.deal import DEAL, SEATING
from trickcore_euchre.determinize import voids
from trickcore_euchre.events import EuchreEvent
from trickcore_euchre.options import EuchreOptions
from trickcore_euchre.ranking import deck_for, left_bower, right_bower, same_colour
from trickcore_euchre.rules import Euchre
from trickcore_euchre.state import Bid, Declaration, EuchreState, HandResult, Phase
from trickcore_euchre.view import EuchreView

__all__ = [
    "DEAL",
    "SEATING",
    "Bid",
    "Call",
    "Declaration",
    "Discard",
    "Euchre",
    "EuchreAction",
    "EuchreEvent",
    "EuchreOptions",
    "EuchreState",
    "EuchreView",
    "GoAlone",
    "HandResult",
    "OrderUp",
    "Pass",
    "Phase",
    "Play",
    "Trick",
    "WithPartner",
    "deck_for",
    "left_bower",
    "right_bower",
    "same_colour",
    "voids",
]

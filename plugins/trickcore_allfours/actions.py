"""All Fours actions: one tagged union, chance actions included.

JSON forms: ``{"type": "stand"}``, ``{"type": "beg"}``, ``{"type": "give_one"}``,
``{"type": "run_pack"}``, ``{"type": "play", "card": "QH"}``, and the chance actions
``{"type": "dealer", "seat": 2}`` and ``{"type": "shuffle", "order": ["9C", ...]}``.
"""

from __future__ import annotations

from trickcore.cards import Card
from trickcore.game import Action, DrawDealer, Shuffle

__all__ = ["AllFoursAction", "Beg", "GiveOne", "Play", "RunPack", "Stand"]


class Stand(Action, frozen=True, tag="stand"):
    """The player on the dealer's right keeps the kick's suit as trump: play begins (F3)."""

    text = "stand"


class Beg(Action, frozen=True, tag="beg"):
    """The player on the dealer's right begs: the dealer gives one or runs the pack (F3)."""

    text = "beg"


class GiveOne(Action, frozen=True, tag="give_one"):
    """The dealer answers a beg by giving one: the beggar's side scores 1 (F3)."""

    text = "give one"


class RunPack(Action, frozen=True, tag="run_pack"):
    """The dealer answers a beg by running the pack: 3 more cards each and a new kick (F3)."""

    text = "run the pack"


class Play(Action, frozen=True, tag="play"):
    """Play a card to the trick (F4)."""

    text = "play {card}"
    card: Card
    """The card played."""


AllFoursAction = DrawDealer | Shuffle | Stand | Beg | GiveOne | RunPack | Play
"""Every All Fours action; ``msgspec.json.decode(data, type=AllFoursAction)`` decodes any."""

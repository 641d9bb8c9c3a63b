"""The trick-taking kit: what every trick-taking game shares, written once (DESIGN 4a).

A game plugin imports its pieces from here and is left with its rule book's differences:

* :mod:`trickcore.kit.seating` — who sits where, who is next, partners and sides;
* :mod:`trickcore.kit.deal` — deal schedules: a shuffle order into hands, a kick and a stock,
  and back (stacking a deck from intended hands);
* :mod:`trickcore.kit.tricks` — tricks, card order for a trump and the follow policies (what
  may be played, who wins, what a play revealed);
* :mod:`trickcore.kit.hidden` — a state's public and hidden parts: views and determinization;
* :mod:`trickcore.kit.events` — the generic events and the log transitions write them to;
* :mod:`trickcore.kit.options` — option metadata (descriptions, bounds, allowed values);
* :mod:`trickcore.kit.records` — :class:`~trickcore.kit.records.Record`, the base of a state's
  records (a bid, a hand's result) and of the state itself;
* :mod:`trickcore.kit.scoring` — numbers per side: points added to a side, the side in the lead;
* :mod:`trickcore.kit.validation` — helpers for ``validate``: cards, seats and tricks of a
  decoded state, and replaying its hand;
* :mod:`trickcore.kit.base` — :class:`~trickcore.kit.base.TrickGame`, the protocol methods every
  game on the kit shares, and the defaults for a state in the kit's layout (who acts, the legal
  plays, the play of a trick, the outcome, ``determinize``), whose methods call
  :mod:`trickcore.kit.chance` (chance: the draws, the shuffles and the deal),
  :mod:`trickcore.kit.determinizing` (how ``determinize`` serves a view) and
  :mod:`trickcore.kit.refusals` (the words of the errors for bad input);
* :mod:`trickcore.kit.solver` — exact play of the rest of a hand in a full state, for the
  search bots' endgame (``from trickcore.kit.solver import solve``);
* :mod:`trickcore.kit.playout` — the fast random playout a game in the kit's layout opts in to
  (the tricks played on lists, for search bots), by inheriting
  :class:`~trickcore.kit.playout_method.FastPlayoutMethod`.

Everything a game usually needs is importable from here at once:
``from trickcore.kit import Seating, DealSchedule, FollowSuit, TrickGame, events``.
"""

from trickcore.kit import events, scoring, validation
from trickcore.kit.base import TrickGame
from trickcore.kit.deal import DealSchedule, give, take
from trickcore.kit.events import EventLog
from trickcore.kit.hidden import (
    Computed,
    HiddenDeal,
    LastView,
    OwnedBy,
    Projection,
    SeatPart,
    ShownWhile,
    cards_seen,
    deal_hidden,
    shown_turn,
    unseen_cards,
)
from trickcore.kit.playout_method import FastPlayoutMethod
from trickcore.kit.records import Record
from trickcore.kit.scoring import add_points, top_side
from trickcore.kit.seating import SeatField, Seating
from trickcore.kit.tricks import (
    FollowOrTrump,
    FollowPolicy,
    FollowSuit,
    Trick,
    TrickOrder,
    hand_plays,
    revealed_voids,
    tricks_by_side,
)

__all__ = [
    "Computed",
    "DealSchedule",
    "EventLog",
    "FastPlayoutMethod",
    "FollowOrTrump",
    "FollowPolicy",
    "FollowSuit",
    "HiddenDeal",
    "LastView",
    "OwnedBy",
    "Projection",
    "Record",
    "SeatField",
    "SeatPart",
    "Seating",
    "ShownWhile",
    "Trick",
    "TrickGame",
    "TrickOrder",
    "add_points",
    "cards_seen",
    "deal_hidden",
    "events",
    "give",
    "hand_plays",
    "revealed_voids",
    "scoring",
    "shown_turn",
    "take",
    "top_side",
    "tricks_by_side",
    "unseen_cards",
    "validation",
]

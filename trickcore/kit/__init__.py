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
* :mod:`trickcore.kit.validation` — helpers for ``validate``: cards, seats and tricks of a
  decoded state, and replaying its hand;
* :mod:`trickcore.kit.base` — :class:`~trickcore.kit.base.TrickGame`, the protocol methods every
  game on the kit shares.
"""

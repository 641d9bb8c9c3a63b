"""The all-knowing narrator of a bots-only game or a saved replay: public events, hand by hand,
with every seat's dealt hand (DESIGN 9: ``play`` without ``--seat``, ``replay show``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import click

from trickcore.cli.text import describe, hand_of
from trickcore.game import CHANCE, AnyGame, Event, Shuffle

__all__ = ["Narrator"]


class Narrator:
    """Prints what each action did, as its actor sees it (the events kept when the action was
    applied, :meth:`~trickcore.Game.apply_with_all_events`: no action is played again to be
    told; chance actions as a spectator sees them, ``None``), and after each shuffle the hand
    of every seat (from each seat's view, see :func:`~trickcore.cli.text.hand_of`), again
    whenever every seat was dealt more cards without a shuffle (All Fours' run of the pack).
    A blank line starts each deal."""

    def __init__(
        self,
        game: AnyGame,
        labels: Sequence[str],
        echo: Callable[[str], None] = click.echo,
    ) -> None:
        self._game = game
        self._labels = tuple(labels)
        self._echo = echo

    @staticmethod
    def viewer(game: AnyGame, before: Any) -> int | None:
        """Whose events the narrator tells for the action taken in ``before``: its actor's (a
        seat's own action as that seat sees it: the narrator knows every card anyway, so a card
        given face down, Apples' pile or a discard, is named), or a spectator's for chance."""
        actor = game.actor(before)
        return None if actor is CHANCE or actor is None else actor

    def step(self, before: Any, action: Any, after: Any, events: Sequence[Event]) -> None:
        """Narrate ``action``, which took ``before`` to ``after`` and told its actor
        (:meth:`viewer`) ``events``."""
        game = self._game
        dealt = isinstance(action, Shuffle)
        if dealt:
            self._echo("")
        actor = game.actor(before)
        for event in events:
            self._echo(describe(event))
        if not events:
            who = "chance" if actor is CHANCE else f"seat {actor}"
            self._echo(f"{who}: {describe(action)}")
        if dealt or self._dealt_more(before, after):
            self.hands(after)

    def _dealt_more(self, before: Any, after: Any) -> bool:
        """Whether every seat holds more cards after the action than before it."""
        game = self._game
        for seat in range(game.seats):
            old, new = hand_of(game, before, seat), hand_of(game, after, seat)
            if old is None or new is None or len(new) <= len(old):
                return False
        return True

    def hands(self, state: Any) -> None:
        """Every seat's hand in ``state``, one line each (nothing if views have no hand)."""
        game = self._game
        rows = []
        for seat in range(game.seats):
            hand = hand_of(game, state, seat)
            if hand is None:
                return
            label = self._labels[seat] if seat < len(self._labels) else ""
            who = f"seat {seat} ({label}):" if label else f"seat {seat}:"
            rows.append((who, " ".join(str(card) for card in hand) or "(no cards)"))
        width = max(len(who) for who, _ in rows)
        for who, cards in rows:
            self._echo(f"  {who.ljust(width)} {cards}")

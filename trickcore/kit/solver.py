"""Exact play of the rest of a hand in a full-information world: the endgame solver the search
bots use once few cards remain (issue 23).

Search bots sample *worlds*, full states in which every hand is known. Near the end of a hand
the few cards left can be played out exactly instead of by a playout bot: every seat chooses,
knowing every card, the play that is best for it (a "double-dummy" solution). The solver knows
no game: it walks the :class:`~trickcore.game.Game` protocol (``actor``, ``legal_actions``,
``apply``) until the hand is over, which is where chance would act next (the next deal) or
nobody acts (the game is over), and asks the caller what such a state is worth to each seat.

* :func:`cards_left` says how far a state in the kit's layout is from the end of its hand: the
  cards in the hand of the seat to play, during the play of the tricks.
* :func:`solve` returns what the rest of the hand is worth to each seat under best play. With
  two sides whose values cancel (``zero_sum``: what one side gains the other loses, as the
  search bots' values do between two partnerships) it runs alpha-beta on the first side's
  value; otherwise every seat maximises its own value (*max^n*), ties going to the first legal
  action, so that the answer never depends on anything but the state.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from trickcore.game import CHANCE, Actor, Game

__all__ = ["Values", "cards_left", "solve"]

Values = Callable[[Any], Sequence[float]]
"""What a state at the end of the hand is worth, one number per seat."""


def cards_left(game: Game[Any, Any, Any, Any], state: Any) -> int | None:
    """The cards in the hand of the seat to play, when ``state`` is in the play of the tricks of
    a game in the kit's layout (:attr:`~trickcore.kit.base.TrickGame.play_phase`, ``hands``,
    ``turn``); ``None`` for any other state or game."""
    play_phase = getattr(game, "play_phase", None)
    if play_phase is None or getattr(state, "phase", None) is not play_phase:
        return None
    hands = getattr(state, "hands", None)
    turn = getattr(state, "turn", None)
    if hands is None or not isinstance(turn, int):
        return None
    return len(hands[turn])


def solve(
    game: Game[Any, Any, Any, Any], state: Any, values: Values, *, zero_sum: bool
) -> tuple[float, ...]:
    """What the rest of the hand from ``state`` is worth to each seat when every seat plays its
    best with every card known: ``values`` of the state where the hand ends under that play.
    ``zero_sum`` (two sides, each seat's value its side's, the sides' values opposite): solved
    by alpha-beta on side 0's value, the same answer as max^n with fewer states visited."""
    if zero_sum:
        first = game.sides[0]
        side_value = _AlphaBeta(game, values, first).value(state, -math.inf, math.inf)
        return tuple(side_value if seat in first else -side_value for seat in range(game.seats))
    return tuple(_max_n(game, state, values))


def _seat(actor: Actor) -> int | None:
    """The seat acting at a state whose actor is ``actor``; ``None`` once the hand is over."""
    if actor is None or actor is CHANCE:
        return None
    return int(actor)


class _AlphaBeta:
    """Alpha-beta search on the value of one side (the maximising side, ``first``)."""

    def __init__(
        self, game: Game[Any, Any, Any, Any], values: Values, first: tuple[int, ...]
    ) -> None:
        self._game = game
        self._values = values
        self._first = first

    def value(self, state: Any, alpha: float, beta: float) -> float:
        """The side's value of ``state`` under best play, exact when it lies in
        ``(alpha, beta)`` (a bound beyond them otherwise)."""
        game, first = self._game, self._first
        seat = _seat(game.actor(state))
        if seat is None:
            return float(self._values(state)[first[0]])
        maximising = seat in first
        best = -math.inf if maximising else math.inf
        for action in game.legal_actions(state):
            value = self.value(game.apply(state, action), alpha, beta)
            if maximising:
                best = max(best, value)
                alpha = max(alpha, value)
            else:
                best = min(best, value)
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best


def _max_n(game: Game[Any, Any, Any, Any], state: Any, values: Values) -> Sequence[float]:
    """Every seat's value of ``state`` when each seat picks the action best for itself (ties:
    the first legal)."""
    seat = _seat(game.actor(state))
    if seat is None:
        return values(state)
    best: Sequence[float] | None = None
    for action in game.legal_actions(state):
        result = _max_n(game, game.apply(state, action), values)
        if best is None or result[seat] > best[seat]:
            best = result
    if best is None:
        raise ValueError(f"{game.name}: seat {seat} has no legal action")
    return best

"""Euchre's fast random playout (:class:`trickcore.playout.FastPlayout`), for search bots.

The tricks of a hand are played on lists, without building a state per card or checking the
plays (they are drawn from the legal ones); everything else (bidding, the alone question, the
scoring, the next deals) goes through the public rules. Each random choice is drawn exactly as
:func:`trickcore.playout.random_playout` draws it, from the legal plays in the same order (the
hand's order, filtered by the suit led, E7), so both reach the same final state from the same
state and stream; ``tests/test_euchre_playout.py`` checks it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from msgspec.structs import replace

from trickcore.cards import Card
from trickcore.game import CHANCE
from trickcore.kit.tricks import Trick
from trickcore.rng import Rng
from trickcore_euchre.deal import SEATING
from trickcore_euchre.state import EuchreState, Phase

if TYPE_CHECKING:
    from trickcore_euchre.rules import Euchre

__all__ = ["random_playout"]


def random_playout(
    game: Euchre, state: EuchreState, rng: Rng, *, until_chance: bool = False
) -> EuchreState:
    """The state at the end of the game (with ``until_chance``: before the next deal once a
    seat has acted), every choice drawn at random from ``rng``."""
    acted = False
    while (actor := game.actor(state)) is not None:
        if state.phase is Phase.PLAY:
            state = _play_tricks(game, state, rng)
            acted = True
            continue
        if actor is CHANCE:
            if until_chance and acted:
                break
            action = game.sample_chance(state, rng)
        else:
            legal = game.legal_actions(state)
            action = legal[rng.below(len(legal))]
            acted = True
        state = game.apply(state, action)
    return state


def _play_tricks(game: Euchre, state: EuchreState, rng: Rng) -> EuchreState:
    """The rest of the hand's tricks at random (E7), then the hand scored by the rules (E8)."""
    assert state.trump is not None
    policy = game.follow_policy(state.trump)
    suit_of = policy.order.suit_of
    hands: list[list[Card]] = [list(hand) for hand in state.hands]
    tricks: list[Trick] = list(state.tricks)
    won = list(state.tricks_won)
    trick = list(state.trick)
    seats = state.trick_seats
    size = len(seats)
    turn = state.turn
    led = suit_of[trick[0]] if trick else None
    below = rng.below
    finish = policy.finish
    while True:
        hand = hands[turn]
        legal = hand if led is None else [c for c in hand if suit_of[c] is led] or hand
        card = legal[below(len(legal))]
        hand.remove(card)
        trick.append(card)
        played = len(trick)
        if played == 1:
            led = suit_of[card]
        if played < size:
            turn = seats[played]
            continue
        done = finish(seats, tuple(trick))
        tricks.append(done)
        winner = done.winner
        won[SEATING.side(winner)] += 1
        if not hands[winner]:  # every active hand is empty: the five tricks are played
            break
        trick = []
        led = None
        turn = winner
        seats = SEATING.order(turn, skip=state.sitting_out)
        size = len(seats)
    end = replace(
        state,
        hands=tuple(map(tuple, hands)),
        trick=(),
        trick_seats=(),
        tricks=tuple(tricks),
        tricks_won=(won[0], won[1]),
    )
    return game.score_hand(end)

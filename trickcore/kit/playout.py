"""A fast random playout for games in the kit's layout (:class:`trickcore.playout.FastPlayout`),
for search bots.

The tricks of a hand are played on lists, without building a state per card or checking the
plays (they are drawn from the legal ones); everything else (bidding, the scoring, the next
deals) goes through the game's public rules. Each random choice is drawn exactly as
:func:`trickcore.playout.random_playout` draws it, from the legal plays in the same order (the
hand's order, filtered by the follow policy), so both reach the same final state from the same
state and stream.

A game opts in by inheriting :class:`~trickcore.kit.playout_method.FastPlayoutMethod`, whose
``random_playout`` calls :func:`fast_playout` (not ``random_playout = fast_playout`` in the
class body: in the compiled build this module is compiled, and its function would not bind to
the game), once its :meth:`~trickcore.kit.base.TrickGame.trick_counts` says what its
``trick_won`` counts per trick (the kit's default ``trick_won`` counts nothing).
"""

from __future__ import annotations

from typing import Any, TypeVar

from msgspec.structs import replace

from trickcore.cards import Card
from trickcore.game import CHANCE
from trickcore.kit.base import TrickGame
from trickcore.kit.tricks import FollowSuit, Trick
from trickcore.rng import Rng

__all__ = ["fast_playout", "play_tricks"]

S = TypeVar("S")


def fast_playout(
    game: TrickGame[Any, Any, Any, Any], state: S, rng: Rng, *, until_chance: bool = False
) -> S:
    """The state at the end of the game (with ``until_chance``: before the next deal once a
    seat has acted), every choice drawn at random from ``rng``; the tricks by
    :func:`play_tricks`."""
    acted = False
    layout: Any = state
    while (actor := game.actor(layout)) is not None:
        if layout.phase is game.play_phase:
            layout = play_tricks(game, layout, rng)
            acted = True
            continue
        if actor is CHANCE:
            if until_chance and acted:
                break
            action = game.sample_chance(layout, rng)
        else:
            legal = game.legal_actions(layout)
            action = legal[rng.below(len(legal))]
            acted = True
        layout = game.apply(layout, action)
    end: S = layout
    return end


def play_tricks(game: TrickGame[Any, Any, Any, Any], state: S, rng: Rng) -> S:
    """The rest of the hand's tricks played at random from ``state`` (in the play phase), then
    the hand ended by the game (``end_hand``) from the state with the hands, the tricks, no
    trick in progress (the turn of its last card) and the game's
    :meth:`~trickcore.kit.base.TrickGame.trick_counts`."""
    layout: Any = state
    policy = game.policy or game.follow_policy(layout.trump)
    suit_of = policy.order.suit_of
    plain = type(policy) is FollowSuit  # its legal cards are written out below
    hands: list[list[Card]] = [list(hand) for hand in layout.hands]
    tricks: list[Trick] = list(layout.tricks)
    trick: list[Card] = list(layout.trick)
    seats: tuple[int, ...] = layout.trick_seats
    size = len(seats)
    turn = layout.turn
    led = suit_of[trick[0]] if trick else None
    below = rng.below
    finish = policy.finish
    while True:
        hand = hands[turn]
        if led is None:
            legal = hand
        elif plain:
            legal = [card for card in hand if suit_of[card] is led] or hand
        else:
            legal = list(policy.legal(hand, trick))
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
        turn = done.winner
        if not hands[turn]:  # every hand that plays is empty: the hand is over
            break
        trick = []
        led = None
        at = seats.index(turn)  # the winner leads; the same seats play, in the same order
        seats = seats[at:] + seats[:at]
    played_tricks = tuple(tricks)
    end = replace(
        layout,
        hands=tuple(map(tuple, hands)),
        turn=seats[-1],  # as after ``play``: the turn of the trick's last card
        trick=(),
        trick_seats=(),
        tricks=played_tricks,
        **game.trick_counts(layout, played_tricks),
    )
    ended: S = game.end_hand(end, None)
    return ended

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

from trickcore.cards import Card, Suit
from trickcore.game import CHANCE, Seat
from trickcore.kit.base import TrickGame
from trickcore.kit.tricks import TRUMP_BASE, FollowSuit, Trick
from trickcore.rng import Rng

__all__ = ["PlayedTrick", "fast_playout", "play_on_lists", "play_tricks"]

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
    """The rest of the hand's tricks played at random from ``state`` (in the play phase) by
    :func:`play_on_lists`, then the hand ended by the game (``end_hand``) from the state with
    the hands, the tricks, no trick in progress (the turn of its last card) and the game's
    :meth:`~trickcore.kit.base.TrickGame.trick_counts`."""
    layout: Any = state
    policy = game.policy or game.follow_policy(layout.trump)
    hands: list[list[Card]] = [list(hand) for hand in layout.hands]
    played = play_on_lists(policy, hands, list(layout.trick), layout.trick_seats, rng)
    finished = tuple(
        Trick(leader=seats[0], seats=seats, cards=cards, winner=winner)
        for seats, cards, winner in played
    )
    played_tricks = (*layout.tricks, *finished)
    end = replace(
        layout,
        hands=tuple(map(tuple, hands)),
        turn=played[-1][0][-1],  # as after ``play``: the turn of the trick's last card
        trick=(),
        trick_seats=(),
        tricks=played_tricks,
        **game.trick_counts(layout, played_tricks),
    )
    ended: S = game.end_hand(end, None)
    return ended


PlayedTrick = tuple[tuple[Seat, ...], tuple[Card, ...], Seat]
"""A trick finished by :func:`play_on_lists`: its seats in their order of play (the leader
first), its cards and the seat that won it."""


def play_on_lists(
    policy: FollowSuit,
    hands: list[list[Card]],
    trick: list[Card],
    seats: tuple[Seat, ...],
    rng: Rng,
) -> list[PlayedTrick]:
    """The rest of a hand's tricks played at random on lists, for a game's fast playout: from
    the trick in progress (``trick``, the cards so far, played by the first of ``seats``) until
    the hands of the seats that play are empty, the cards taken out of ``hands`` (changed in
    place). Each card is ``legal[rng.below(len(legal))]`` over the legal cards in the hand's order
    (``policy``), as ``legal_actions`` lists them; the winner of a trick leads the next, which
    the same seats play in the same order. The finished tricks, in order; the turn after the
    last one is the last of its seats (as after the public ``play``)."""
    order = policy.order
    suit_of = order.suit_of
    strength = order.strength
    plain = type(policy) is FollowSuit  # its legal cards and winner are written out below
    played: list[PlayedTrick] = []
    size = len(seats)
    position = len(trick)  # the place of the next card in its trick
    turn = seats[position]
    # the trick so far: the suit led, and the strongest card that can win it and its place
    led: Suit | None = None
    best = -1
    best_at = -1
    for place, card in enumerate(trick):
        power = strength[card]
        if place == 0:
            led = suit_of[card]
        elif not (power > best and (power >= TRUMP_BASE or suit_of[card] is led)):
            continue
        best, best_at = power, place
    while True:
        held = hands[turn]
        if led is None:
            card = held.pop(rng.below(len(held)))
            led = suit_of[card]
            best, best_at = strength[card], 0
        else:
            if len(held) == 1:  # the last card is legal, whether it follows or not
                rng.next_u64()  # below(1) takes any word and gives 0: the word alone, untested
                card = held.pop()
                follows = suit_of[card] is led
            else:
                if plain:
                    # the cards that follow, if any: the card drawn follows exactly when some do
                    # (a loop: a comprehension here would be a call a card, and cells of the
                    # locals it reads for the whole playout, in the pure build)
                    legal = []
                    for candidate in held:
                        if suit_of[candidate] is led:
                            legal.append(candidate)
                else:
                    legal = list(policy.legal(held, trick))
                count = len(legal)
                if 0 < count < len(held):
                    card = legal[rng.below(count)]
                    held.remove(card)
                else:  # every card is legal: drawn by its place in the hand
                    card = held.pop(rng.below(len(held)))
                follows = count > 0
            power = strength[card]
            # (the plain policy's winner; another policy tells its own)
            if power > best and (power >= TRUMP_BASE or follows):
                best, best_at = power, position
        trick.append(card)
        position += 1
        if position < size:
            turn = seats[position]
            continue
        cards = tuple(trick)
        at = best_at if plain else policy.winner(cards)
        winner = seats[at]
        played.append((seats, cards, winner))
        if not hands[winner]:  # every hand that plays is empty: the hand is over
            return played
        trick.clear()
        position = 0
        led = None
        seats = seats[at:] + seats[:at]  # the winner leads; the same seats, in the same order
        turn = winner

"""Helpers for the Apples tests: stacked decks (rule book A2), a stacked bidding pile (A4) and
whole rounds built from their tricks.

* :func:`stacked_order` builds the shuffle that deals given hands exactly as A2 says: for the
  shuffled order c0 ... c51, the player on the dealer's left gets c0, c4, ..., the next player
  clockwise c1, c5, ..., the dealer c3, c7, .... :func:`stacked_pile` does the same for the
  bidding pile's 4N cards. Both are written from the rule book, independently of the plugin's
  deal code.
* :func:`deal` applies a stacked shuffle; :func:`run` applies ``(seat, action)`` steps, checking
  each is legal and each state valid.
* :func:`play_round` plays a whole round whose twelve tricks are given trick by trick, each trick
  four cards of one suit (so every play follows suit whatever else the hands hold); the hands
  are derived from the tricks and the targets, and the tricks the scenario does not name are
  filled so that the seat it watches wins none of them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import trickcore
from trickcore import Card, Shuffle, Suit
from trickcore.cards import standard_deck
from trickcore.testing import run_script
from trickcore_apples import ApplesState, Bid, Give, Pass, Phase, Play, SetTarget

__all__ = [
    "HANDS",
    "PASS",
    "C",
    "apples",
    "bid",
    "cs",
    "deal",
    "play_round",
    "run",
    "stacked_order",
    "start_play",
    "stacked_pile",
]

PACK = standard_deck()


HANDS = {
    0: "AS KS QS JS TS 2H 3H 4H 2D 3D 2C 3C 4C",
    1: "9S 8S AH KH QH JH TH 9H 4D 5D 5C 6C 7C",
    2: "7S 6S 5S 8H 7H 6H AD KD QD JD TD 9D 8C",
    3: "4S 3S 2S 5H AC KC QC JC TC 9C 8D 7D 6D",
}
"""A deal for the auction and play scenarios. Seat 0 holds 5 spades, 3 hearts, 2 diamonds and
3 clubs; seat 1 six hearts, seat 2 six diamonds, seat 3 six clubs."""


def cs(text: str | Sequence[Card]) -> tuple[Card, ...]:
    """Cards from text (``cs("AS KH")``) or from a sequence of cards."""
    return trickcore.cards(text) if isinstance(text, str) else tuple(text)


def C(text: str) -> Card:  # noqa: N802 - short on purpose, reads like a card literal
    """One card from text: ``C("JH")``."""
    return Card(text)


def apples(dealer: int | None = 0, **options: Any) -> Any:
    """``trickcore.load("apples", first_dealer=dealer, **options)``."""
    return trickcore.load("apples", first_dealer=dealer, **options)


def _clockwise_from_left(dealer: int) -> list[int]:
    return [(dealer + k) % 4 for k in range(1, 5)]


def stacked_order(dealer: int, hands: Mapping[int, str | Sequence[Card]]) -> tuple[Card, ...]:
    """The whole pack in the order that deals ``hands`` (A2); seats not given, or given fewer
    than 13 cards, are filled from the rest of the pack in pack order."""
    wanted = {seat: list(cs(cards)) for seat, cards in hands.items()}
    named = {card for cards in wanted.values() for card in cards}
    spare = iter(card for card in PACK if card not in named)
    full = {seat: wanted.get(seat, []) for seat in range(4)}
    for seat in range(4):
        while len(full[seat]) < 13:
            full[seat].append(next(spare))
    receivers = _clockwise_from_left(dealer)
    return tuple(full[receivers[k % 4]][k // 4] for k in range(52))


def stacked_pile(dealer: int, received: Mapping[int, str | Sequence[Card]]) -> Shuffle:
    """The bidding pile's shuffle that deals each seat the cards ``received`` (A2, A4)."""
    got = {seat: cs(cards) for seat, cards in received.items()}
    size = len(got[0])
    receivers = _clockwise_from_left(dealer)
    return Shuffle(order=tuple(got[receivers[k % 4]][k // 4] for k in range(4 * size)))


def deal(
    game: Any, hands: Mapping[int, str | Sequence[Card]], state: ApplesState | None = None
) -> ApplesState:
    """Deal ``hands`` from a stacked shuffle, from ``state`` (default: the game's start)."""
    state = game.initial_state() if state is None else state
    assert state.phase is Phase.DEAL and state.dealer is not None, state.phase
    after: ApplesState = game.apply(state, Shuffle(order=stacked_order(state.dealer, hands)))
    return after


def run(game: Any, state: ApplesState, steps: Iterable[tuple[int | None, Any]]) -> ApplesState:
    """Apply ``(seat, action)`` steps (seat ``None``: chance), each legal, each state valid."""
    after: ApplesState = run_script(game, state, list(steps))
    return after


def bid(number: int, suit: str) -> Bid:
    """``bid(3, "D")``: three diamonds."""
    return Bid(number=number, suit=Suit(suit))


PASS = Pass()


def _filler(
    used: set[Card], watched: int | None, count: int, sink: int | None = None
) -> list[dict[int, Card]]:
    """Tricks of one suit each from the cards not ``used``, highest cards to seats other than
    ``watched``, which plays the lowest card of each (to ``sink`` when given)."""
    tricks = []
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        left = sorted((c for c in PACK if c.suit is suit and c not in used), key=lambda c: -c.index)
        assert len(left) % 4 == 0, f"{len(left)} {suit.name.lower()} left: not whole tricks"
        for start in range(0, len(left), 4):
            four = left[start : start + 4]
            first = [sink] if sink is not None else []
            seats = first + [s for s in range(4) if s != watched and s not in first]
            seats += [watched] if watched is not None else []
            tricks.append(dict(zip(seats[:4], four, strict=True)))
    assert len(tricks) == count, f"{len(tricks)} tricks filled, {count} wanted"
    return tricks


def play_round(
    game: Any,
    tricks: Sequence[Mapping[int, str]],
    targets: Mapping[int, str],
    *,
    watched: int | None = None,
    sink: int | None = None,
    declarer: int = 0,
    trump: str = "S",
    state: ApplesState | None = None,
) -> ApplesState:
    """Play a whole round: ``declarer`` wins the auction with One of ``trump``, everyone gets
    their own pile card back, the ``targets`` are set aside and the tricks are played, the named
    ones first (the others are won by ``sink``, when given, never by ``watched``); the state
    after the round is returned."""
    named = [{seat: C(text) for seat, text in trick.items()} for trick in tricks]
    aside = {seat: C(text) for seat, text in targets.items()}
    used = {card for trick in named for card in trick.values()} | set(aside.values())
    all_tricks = named + _filler(used, watched, 12 - len(named), sink)
    hands = {s: [trick[s] for trick in all_tricks] + [aside[s]] for s in range(4)}
    state = start_play(game, hands, targets, declarer=declarer, trump=trump, state=state)
    for trick in all_tricks:
        for _ in range(4):
            seat = game.actor(state)
            state = run(game, state, [(seat, Play(card=trick[seat]))])
    return state


def start_play(
    game: Any,
    hands: Mapping[int, str | Sequence[Card]],
    targets: Mapping[int, str],
    *,
    declarer: int = 0,
    trump: str = "S",
    state: ApplesState | None = None,
) -> ApplesState:
    """Deal ``hands``; ``declarer`` wins the auction with One of ``trump`` (the others pass),
    gives its first trump and the others their first card, the pile deals each its own card
    back, and everyone sets its ``targets`` card aside: the state when the first trick is led."""
    state = deal(game, hands, state)
    while state.phase is Phase.AUCTION:
        seat = game.actor(state)
        state = run(game, state, [(seat, bid(1, trump) if seat == declarer else PASS)])
    assert state.declarer == declarer and state.trump is Suit(trump)
    gifts = {}
    while state.phase is Phase.PILE:
        seat = game.actor(state)
        hand = state.hands[seat]
        card = next(c for c in hand if c.suit is Suit(trump)) if seat == declarer else hand[0]
        gifts[seat] = [card]
        state = run(game, state, [(seat, Give(card=card))])
    assert state.dealer is not None
    state = run(game, state, [(None, stacked_pile(state.dealer, gifts))])
    while state.phase is Phase.TARGET:
        seat = game.actor(state)
        state = run(game, state, [(seat, SetTarget(card=C(targets[seat])))])
    return state

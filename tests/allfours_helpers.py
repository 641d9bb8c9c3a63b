"""Helpers for the All Fours tests: stacked decks (rule book F2) and short action scripts.

* :func:`stacked` builds the shuffle that deals given hands and kicks exactly as F2 says: cards
  one at a time from the top, starting with the player on the dealer's right and going
  anticlockwise (seat s - 1), the dealer last; then the kick; a run of the pack deals the next
  cards the same way, 3 each, then kicks. It is written from the rule book, independently of
  the plugin's deal code. Seats not given get the remaining cards in pack order.
* :func:`deal` loads a game with a fixed first dealer and applies such a shuffle.
* :func:`run` applies a script such as ``"1=beg 0=run_pack 1=AH 0=KH"`` (``trickcore.testing``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from msgspec.structs import replace

import trickcore
from trickcore import Card, Shuffle, Suit, testing
from trickcore_allfours import PACK, AllFours, AllFoursState, HandResult, Kick, Phase
from trickcore_allfours.deal import HAND_SIZE

__all__ = ["C", "allfours", "cs", "deal", "play_out", "run", "stacked"]


def cs(text: str) -> tuple[Card, ...]:
    """Cards from text: ``cs("AS KH")``."""
    return trickcore.cards(text)


def C(text: str) -> Card:  # noqa: N802 - reads like a card literal
    """One card from text: ``C("JH")``."""
    return Card(text)


def allfours(dealer: int = 0, **options: Any) -> AllFours:
    """``trickcore.load("allfours", first_dealer=dealer, **options)``."""
    game = trickcore.load("allfours", first_dealer=dealer, **options)
    assert isinstance(game, AllFours)
    return game


def _receivers(seats: int, dealer: int) -> list[int]:
    """F1, F2: the dealer's right first (seat - 1, anticlockwise), the dealer last."""
    return [(dealer - k) % seats for k in range(1, seats + 1)]


def stacked(
    seats: int,
    dealer: int,
    hands: Mapping[int, str],
    kick: str,
    runs: Sequence[tuple[Mapping[int, str], str]] = (),
    *,
    stock: str = "",
) -> Shuffle:
    """The shuffle dealing ``hands`` (6 cards per seat given) and ``kick``, then for each run
    of the pack its 3 cards per seat given and its kick; ``stock`` goes on top of what is left.
    Every seat not given is filled from the unused cards in pack order."""
    rounds = [(dict(hands), kick, 6), *((dict(more), k, 3) for more, k in runs)]
    named = [c for given, k, _ in rounds for c in [*cs(" ".join(given.values())), Card(k)]]
    named += cs(stock)
    assert len(set(named)) == len(named), "a card is named twice"
    spare = [card for card in PACK if card not in set(named)]
    order: list[Card] = []
    for given, k, size in rounds:
        full = {s: list(cs(given[s])) if s in given else [] for s in range(seats)}
        for s in range(seats):
            while len(full[s]) < size:
                full[s].append(spare.pop(0))
            assert len(full[s]) == size, f"seat {s} is given {len(full[s])} cards, not {size}"
        for i in range(size):
            order += [full[s][i] for s in _receivers(seats, dealer)]
        order.append(Card(k))
    order += [*cs(stock), *spare]
    assert sorted(order, key=lambda c: c.index) == list(PACK)
    return Shuffle(order=tuple(order))


def nothing_scored(game: AllFours, dealer: int, number: int) -> HandResult:
    """A whole hand that scored nothing, as the state's record keeps it: ``3H`` kicked (trump,
    no points), the player on the dealer's right stood and led every trick with the highest
    card of a plain suit, only 2s to 9s played (no trump in play: no High, Low or Jack; no card
    points: Game tied, F5)."""
    leader = game.beggar(dealer)
    seats = game.seating.order(leader)
    policy = game.follow_policy(Suit.HEARTS)
    ranks = "98765432"
    tricks = []
    for number_in_hand in range(HAND_SIZE):
        suit = "CDS"[number_in_hand % 3]
        start = (number_in_hand // 3) * len(seats)
        cards = tuple(Card(rank + suit) for rank in ranks[start : start + len(seats)])
        tricks.append(policy.finish(seats, cards))
    return HandResult(
        hand_number=number,
        dealer=dealer,
        trump=Suit.HEARTS,
        scored=(),
        game_points=(0, 0),
        hand_points=(0, 0),
        kicks=(Kick(card=Card("3H")),),
        call="stand",
        tricks=tuple(tricks),
    )


def deal(
    hands: Mapping[int, str],
    kick: str,
    runs: Sequence[tuple[Mapping[int, str], str]] = (),
    *,
    dealer: int = 0,
    stock: str = "",
    scores: tuple[int, int] | None = None,
    **options: Any,
) -> tuple[AllFours, AllFoursState]:
    """A game (first dealer ``dealer``) dealt from :func:`stacked`; ``scores`` starts the game
    at a given score (the state before the deal carries it: as if a hand per seat had been
    played, the dealer's turn come round again, the last of them scoring nothing)."""
    game = allfours(dealer, **options)
    start = game.initial_state()
    if scores is not None:
        played = game.seats
        last = nothing_scored(game, game.seating.ahead(dealer, played - 1), played)
        start = replace(start, scores=scores, hand_number=played, last_hand=last)
        game.validate(start)
    shuffle = stacked(game.seats, dealer, hands, kick, runs, stock=stock)
    return game, game.apply(start, shuffle)


def run(game: AllFours, state: AllFoursState, text: str) -> AllFoursState:
    """Apply a script (every action legal, every state valid)."""
    result: AllFoursState = testing.run_script(game, state, text)
    return result


def play_out(game: AllFours, state: AllFoursState) -> AllFoursState:
    """Play the deal in progress to its end, each seat playing its first legal card: the state
    after the count (the next deal, or the game over)."""
    start = state.hand_number, state.redeals
    while game.actor(state) is not None and state.phase is Phase.PLAY:
        state = game.apply(state, game.legal_actions(state)[0])
        game.validate(state)
    assert (state.hand_number, state.redeals) == start or state.phase is Phase.DEAL
    return state

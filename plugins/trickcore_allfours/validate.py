"""Checks on a state decoded from outside: can a legal game of All Fours reach it?

Two stages. First the plain facts: seats in range, every card of the pack exactly once in a
dealt state, nothing dealt before the deal, the trump the last kick's suit, scores below the
target while the game goes on. Then the history: the state records the current deal's kicks,
the stand or beg, the dealer's answer and the tricks, so the shuffle that started the deal can
be rebuilt (each seat's cards in hand plus those it played, the first 6 for the deal and 3 for
each run of the pack, F2) and the deal replayed through :meth:`AllFours.apply` from the state
before it. The state is valid when that replay is legal at every step and arrives at exactly the
given state (the order of cards within a hand aside).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from msgspec.structs import replace

from trickcore.cards import Card
from trickcore.game import Shuffle
from trickcore.kit.validation import (
    card_problems,
    dealt_cards,
    differences,
    replay,
    seat_problems,
    trick_problems,
)
from trickcore_allfours.actions import Beg, GiveOne, Play, RunPack, Stand
from trickcore_allfours.deal import HAND_SIZE, PACK, RUN_SIZE
from trickcore_allfours.state import AllFoursState, Phase

if TYPE_CHECKING:
    from trickcore_allfours.rules import AllFours

__all__ = ["problems"]

_BEFORE_THE_DEAL = (Phase.DRAW_DEALER, Phase.DEAL)


def problems(game: AllFours, state: AllFoursState) -> list[str]:
    """What stops a game from reaching ``state``: nothing when it is valid."""
    found = _fact_problems(game, state)
    if found:
        return found
    if state.phase in _BEFORE_THE_DEAL:
        return _before_deal_problems(game, state)
    return _history_problems(game, state)


def _fact_problems(game: AllFours, state: AllFoursState) -> list[str]:
    found = seat_problems(
        game.seating, dealer=state.dealer, turn=state.turn, trick_seats=state.trick_seats
    )
    found += trick_problems(game.seating, state.tricks)
    if len(state.hands) != game.seats:
        found.append(f"{len(state.hands)} hands instead of {game.seats}")
    if min(state.scores) < 0 or min(state.hand_points) < 0:
        found.append(f"negative points: scores {state.scores}, hand {state.hand_points}")
    if state.winner not in (None, 0, 1):
        found.append(f"winner {state.winner} is not a side")
    if any(score.side not in (0, 1) for score in state.scored):
        found.append(f"points scored for a side that does not exist: {state.scored}")
    target = game.options.target
    if state.phase is not Phase.OVER and max(state.scores) >= target:
        found.append(f"a side has reached the target {target} but play goes on")
    if state.phase is Phase.DRAW_DEALER and state.dealer is not None:
        found.append("there is no dealer before the first dealer is drawn")
    elif state.phase is not Phase.DRAW_DEALER and state.dealer is None:
        found.append(f"no dealer in the {state.phase.value} phase")
    first = game.options.first_dealer
    if first is not None and state.dealer is not None:
        dealt = state.phase not in _BEFORE_THE_DEAL or state.redeals > 0
        expected = game.seating.ahead(first, state.hand_number - dealt)
        if state.dealer != expected:
            found.append(f"seat {first} dealt first, so seat {state.dealer} cannot deal now")
    return found


def _before_deal_problems(game: AllFours, state: AllFoursState) -> list[str]:
    found = []
    clean = AllFoursState(
        phase=state.phase,
        dealer=state.dealer,
        scores=state.scores,
        hand_number=state.hand_number,
        redeals=state.redeals,
        hand_points=state.hand_points,
        hands=((),) * game.seats,
        last_hand=state.last_hand,
    )
    if state != clean:
        found.append(f"nothing may be dealt or played in the {state.phase.value} phase")
    if state.phase is Phase.DRAW_DEALER and (state.hand_number or state.scores != (0, 0)):
        found.append("the first dealer is drawn before the first hand only")
    if state.redeals == 0 and state.hand_points != (0, 0):
        found.append("a new hand has no points yet")
    if state.redeals > 0 and state.hand_number < 1:
        found.append("a redeal belongs to a hand already dealt")
    return found


def _card_problems(state: AllFoursState) -> list[str]:
    located: list[Card] = [card for hand in state.hands for card in hand]
    located += state.stock
    located += [kick.card for kick in state.kicks]
    located += [card for trick in state.tricks for card in trick.cards]
    located += state.trick
    return card_problems(located, PACK)


def _history(state: AllFoursState) -> list[Any]:
    """The actions of the current deal after the shuffle, as the state records them."""
    actions: list[Any] = []
    if state.call is not None:
        actions.append(Stand() if state.call == "stand" else Beg())
    if state.answer is not None:
        actions.append(GiveOne() if state.answer == "give_one" else RunPack())
    actions += [Play(card=card) for trick in state.tricks for card in trick.cards]
    actions += [Play(card=card) for card in state.trick]
    return actions


def _shuffle(game: AllFours, state: AllFoursState) -> tuple[Shuffle | None, list[str]]:
    """The shuffle that dealt this deal: each seat's cards split into the fresh deal's 6 and 3
    per run (which of its cards came when changes nothing that the state records)."""
    assert state.dealer is not None
    plays = [(trick.seats, trick.cards) for trick in state.tricks]
    dealt = dealt_cards(state.hands, [*plays, (state.trick_seats, state.trick)])
    runs = len(state.kicks) - 1
    size = HAND_SIZE + RUN_SIZE * runs
    wrong = [f"seat {seat} was dealt {len(cards)} cards" for seat, cards in enumerate(dealt)]
    if any(len(cards) != size for cards in dealt):
        return None, [f"{'; '.join(wrong)}: {len(state.kicks)} kicks deal {size} each"]
    held = [sorted(cards, key=lambda card: card.index) for cards in dealt]
    try:
        stock: tuple[Card, ...] = state.stock
        for run in range(runs, 0, -1):
            start = HAND_SIZE + RUN_SIZE * (run - 1)
            more = [cards[start : start + RUN_SIZE] for cards in held]
            stock = game.run.stack(more, state.dealer, kick=(state.kicks[run].card,), stock=stock)
        first = [cards[:HAND_SIZE] for cards in held]
        order = game.first_deal.stack(first, state.dealer, kick=(state.kicks[0].card,), stock=stock)
    except ValueError as error:
        return None, [str(error)]
    return Shuffle(order=order), []


def _start_of_deal(state: AllFoursState) -> AllFoursState:
    """The state just before this deal's shuffle: the points scored in the deal taken back."""
    taken = [0, 0]
    for score in state.scored:
        taken[score.side] += score.points
    return AllFoursState(
        phase=Phase.DEAL,
        dealer=state.dealer,
        scores=(state.scores[0] - taken[0], state.scores[1] - taken[1]),
        hand_number=state.hand_number - (state.redeals == 0),
        redeals=state.redeals,
        hand_points=(state.hand_points[0] - taken[0], state.hand_points[1] - taken[1]),
        hands=((),) * len(state.hands),
        last_hand=state.last_hand,
    )


def _normalised(state: AllFoursState) -> AllFoursState:
    # The order of cards within a hand carries no meaning; the rest must match exactly.
    return replace(
        state, hands=tuple(tuple(sorted(hand, key=lambda c: c.index)) for hand in state.hands)
    )


def _history_problems(game: AllFours, state: AllFoursState) -> list[str]:
    found = _card_problems(state)
    if not state.kicks:
        found.append(f"no kick in the {state.phase.value} phase: no hand was dealt")
    elif state.trump is not state.kicks[-1].card.suit:
        found.append(f"trump {state.trump} is not the suit of the last kick")
    if state.hand_number < 1:
        found.append(f"hand number {state.hand_number} during a hand")
    if found:
        return found
    shuffle, found = _shuffle(game, state)
    if shuffle is None:
        return found
    start = _start_of_deal(state)
    if min(start.scores) < 0 or min(start.hand_points) < 0:
        return [f"the points scored in this deal {state.scored} exceed the scores"]
    before = _before_deal_problems(game, start)
    if before:
        return before
    replayed, found = replay(game, start, [shuffle, *_history(state)])
    if found:
        return found
    expected, actual = _normalised(replayed), _normalised(state)
    if expected == actual:
        return []
    return [
        "the state does not follow from its own deal: " + "; ".join(differences(actual, expected))
    ]

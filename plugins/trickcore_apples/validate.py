"""Checks on a state decoded from outside: can a legal game of Apples reach it?

Two stages. First the plain facts: seats in range, every card of the pack exactly once, nothing
out between rounds, totals that let the game go on. Then the history: the state records the
current round's auction, bidding-pile contributions and returns, targets and tricks, so the
deal that started the round can be rebuilt (each seat's cards now, played and set aside, with
the pile exchange undone) and the round replayed through :meth:`Apples.apply` from a stacked
deck and a stacked pile (A2, A4). The state is valid when that replay is legal at every step
(bids within the bidders' suits, the auction winner giving trumps, suits followed) and arrives
at exactly the given state.
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
    undo_exchange,
)
from trickcore_apples.actions import Bid, Give, Pass, Play, SetTarget
from trickcore_apples.deal import DEAL, HAND_SIZE, PACK, SEATING, pile_schedule
from trickcore_apples.state import ApplesState, Phase

if TYPE_CHECKING:
    from trickcore_apples.rules import Apples

__all__ = ["problems"]

_BETWEEN_ROUNDS = (Phase.DRAW_DEALER, Phase.DEAL, Phase.OVER)
_PILE_OUT = (Phase.PILE, Phase.PILE_DEAL)
_PILE_BACK = (Phase.TARGET, Phase.PLAY)


def problems(game: Apples, state: ApplesState) -> list[str]:
    """What stops a game from reaching ``state``: nothing when it is valid."""
    found = _fact_problems(game, state)
    if not found and state.phase not in _BETWEEN_ROUNDS:
        found = _history_problems(game, state)
    return found


def _progress_problems(game: Apples, state: ApplesState) -> list[str]:
    """The game so far: nothing is scored before the first round ends (A7)."""
    in_first_round = state.round_number == 1 and state.phase not in _BETWEEN_ROUNDS
    if in_first_round and (any(state.scores) or state.last_round is not None):
        return [f"scores {state.scores} before the first round is scored"]
    return []


def _fact_problems(game: Apples, state: ApplesState) -> list[str]:
    phase = state.phase
    problems = seat_problems(
        SEATING,
        dealer=state.dealer,
        declarer=state.declarer,
        winner=state.winner,
        turn=state.turn,
        trick_seats=state.trick_seats,
    )
    problems += trick_problems(SEATING, state.tricks)
    per_seat = {
        "hands": state.hands,
        "given": state.given,
        "received": state.received,
        "targets": state.targets,
        "scores": state.scores,
    }
    for name, entries in per_seat.items():
        if len(entries) != SEATING.seats:
            problems.append(f"{len(entries)} entries in {name} instead of {SEATING.seats}")
    if problems:
        return problems
    problems += _total_problems(game, state) + _progress_problems(game, state)
    if phase is Phase.DRAW_DEALER and state.dealer is not None:
        problems.append("before the first dealer is drawn there is no dealer")
    elif phase is not Phase.DRAW_DEALER and state.dealer is None:
        problems.append(f"no dealer in the {phase.value} phase")
    out = (
        any(state.hands)
        or any(state.given)
        or any(state.received)
        or any(state.targets)
        or state.tricks
        or state.trick
        or state.auction
    )
    if phase in _BETWEEN_ROUNDS:
        if out or state.trump is not None or state.declarer is not None:
            problems.append(f"cards are out between rounds ({phase.value} phase)")
        if phase is Phase.OVER and state.last_round is None:
            problems.append("the game is over without a round played")
        return problems
    if state.round_number < 1:
        problems.append(f"round number {state.round_number} during a round")
    located: list[Card] = [card for hand in state.hands for card in hand]
    located += [card for target in state.targets for card in target]
    located += [card for trick in state.tricks for card in trick.cards]
    located += state.trick
    if phase in _PILE_OUT:
        located += [card for given in state.given for card in given]
    return problems + card_problems(located, PACK)


def _total_problems(game: Apples, state: ApplesState) -> list[str]:
    """Totals that should have ended the game, or a winner while it goes on (A8, A9)."""
    if state.phase is Phase.OVER:
        return []
    problems = []
    if state.winner is not None:
        problems.append(f"seat {state.winner} has won but play goes on")
    top = max(state.scores)
    alone = state.scores.count(top) == 1
    options = game.options
    if options.single_hand and (any(state.scores) or state.overtime):
        problems.append("a single round is being played, yet there are totals")
    elif state.overtime and alone:
        problems.append("rounds go on past the target, but one player alone is highest")
    elif not state.overtime and top >= options.target:
        problems.append(f"a total has reached the target {options.target} but play goes on")
    return problems


def _history(state: ApplesState) -> list[Any]:
    """The actions of the current round after the deal's shuffle, as the state records them."""
    actions: list[Any] = []
    for call in state.auction:
        if call.number is None or call.suit is None:
            actions.append(Pass())
        else:
            actions.append(Bid(number=call.number, suit=call.suit))
    if state.declarer is None:
        return actions
    for seat in SEATING.order(state.declarer):
        actions += [Give(card=card) for card in state.given[seat]]
    if state.phase not in _PILE_BACK:
        return actions
    assert state.dealer is not None
    order = pile_schedule(state.number).stack(state.received, state.dealer)
    actions.append(Shuffle(order=order))
    for seat in SEATING.order(state.declarer):
        actions += [SetTarget(card=card) for card in state.targets[seat]]
    actions += [Play(card=card) for trick in state.tricks for card in trick.cards]
    actions += [Play(card=card) for card in state.trick]
    return actions


def _dealt_hands(state: ApplesState) -> tuple[list[list[Card]], list[str]]:
    """Each seat's 13 dealt cards: held, set aside and played, the pile exchange undone."""
    plays = [(trick.seats, trick.cards) for trick in state.tricks]
    held = [hand + target for hand, target in zip(state.hands, state.targets, strict=True)]
    held_after = dealt_cards(held, [*plays, (state.trick_seats, state.trick)])
    dealt, problems = undo_exchange(held_after, state.given, state.received)
    if state.declarer is not None and not 1 <= state.number <= HAND_SIZE:
        problems.append(f"a winning bid of {state.number} cards")
    for seat, hand in enumerate(dealt):
        if len(hand) != HAND_SIZE:
            problems.append(f"seat {seat} was dealt {len(hand)} cards by this state's history")
    if state.phase in _PILE_BACK and not (state.number and all(state.received)):
        problems.append(f"nothing came back from the bidding pile in the {state.phase.value} phase")
    if state.phase not in _PILE_BACK and any(state.received):
        problems.append(f"cards came back from the pile in the {state.phase.value} phase")
    return dealt, problems


def _start_of_round(state: ApplesState) -> ApplesState:
    """The state just before this round's shuffle."""
    return ApplesState(
        phase=Phase.DEAL,
        dealer=state.dealer,
        scores=state.scores,
        round_number=state.round_number - 1,
        overtime=state.overtime,
        last_round=state.last_round,
    )


def _normalised(state: ApplesState) -> ApplesState:
    # The order of cards within a hand carries no meaning; the rest must match exactly.
    return replace(
        state, hands=tuple(tuple(sorted(hand, key=lambda c: c.index)) for hand in state.hands)
    )


def _history_problems(game: Apples, state: ApplesState) -> list[str]:
    dealt, problems = _dealt_hands(state)
    if problems:
        return problems
    dealer = state.dealer
    assert dealer is not None
    start = game.apply(_start_of_round(state), Shuffle(order=DEAL.stack(dealt, dealer)))
    try:
        actions = _history(state)
    except ValueError as error:  # received cards that no pile deal gives
        return [f"the cards got back from the pile cannot be dealt: {error}"]
    replayed, problems = replay(game, start, actions)
    if problems:
        return problems
    expected, actual = _normalised(replayed), _normalised(state)
    if expected == actual:
        return []
    return [
        "the state does not follow from its own round: " + "; ".join(differences(actual, expected))
    ]

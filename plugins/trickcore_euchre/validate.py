"""Checks on a state decoded from outside: can a legal game of Euchre reach it?

Two stages. First the plain facts: seats in range, every card of the pack exactly once, nothing
dealt before the deal, scores below the target while the game goes on. Then the history: the
state records the current hand's auction, declarations and tricks, so the deal that started the
hand can be rebuilt (each seat's cards in hand plus those it played, the dealer's exchange
undone) and the hand replayed through :meth:`Euchre.apply` from a stacked deck (E3). The state
is valid when that replay is legal at every step and arrives at exactly the given state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from msgspec.structs import replace

from trickcore.cards import Card
from trickcore.kit.tricks import hand_plays, tricks_by_side
from trickcore.kit.validation import (
    card_problems,
    dealt_cards,
    differences,
    seat_problems,
    trick_problems,
)
from trickcore_euchre.actions import Call, Discard, GoAlone, OrderUp, Pass, Play, WithPartner
from trickcore_euchre.deal import DEAL, SEATING
from trickcore_euchre.state import EuchreState, HandResult, Phase

if TYPE_CHECKING:
    from trickcore_euchre.rules import Euchre

__all__ = ["problems"]

_BEFORE_THE_DEAL = (Phase.DRAW_DEALER, Phase.DEAL)
_BIDDING = (Phase.BID_FIRST, Phase.BID_SECOND, Phase.JOKER_CALL)
_TRUMP_SET = (Phase.DISCARD, Phase.ALONE, Phase.PLAY)
_MOST_POINTS = 4
"""The most a hand scores: a lone march, or a lone defender's euchre (E8)."""


def problems(game: Euchre, state: EuchreState) -> list[str]:
    """What stops a game from reaching ``state``: nothing when it is valid."""
    found = _fact_problems(game, state)
    if not found and state.phase not in _BEFORE_THE_DEAL:
        found = _phase_problems(game, state) or _history_problems(game, state)
    return found


def _fact_problems(game: Euchre, state: EuchreState) -> list[str]:
    phase = state.phase
    problems = seat_problems(
        SEATING,
        dealer=state.dealer,
        maker=state.maker,
        winner=state.winner,
        turn=state.turn,
        pending=state.pending,
        sitting_out=state.sitting_out,
        trick_seats=state.trick_seats,
    )
    problems += trick_problems(SEATING, state.tricks)
    if len(state.hands) != 4:
        problems.append(f"{len(state.hands)} hands instead of 4")
    if min(state.scores) < 0:
        problems.append(f"negative score {state.scores}")
    if phase is not Phase.OVER and max(state.scores) >= game.options.target:
        problems.append(f"a side has reached the target {game.options.target} but play goes on")
    if phase is Phase.DRAW_DEALER and (state.dealer is not None or state.scores != (0, 0)):
        problems.append("before the first dealer is drawn there is no dealer and no score")
    elif phase is not Phase.DRAW_DEALER and state.dealer is None:
        problems.append(f"no dealer in the {phase.value} phase")
    if not problems:  # the progress checks use the seats
        problems += _record_problems(state) + _progress_problems(game, state)
    if phase in _BEFORE_THE_DEAL:
        if any(state.hands) or state.up_card is not None or state.undealt or state.tricks:
            problems.append(f"cards are out before the deal ({phase.value} phase)")
        problems += _before_the_deal_problems(state)
        return problems
    if state.up_card is None:
        problems.append(f"no up-card in the {phase.value} phase: no hand was dealt")
        return problems
    if state.hand_number < 1:
        problems.append(f"hand number {state.hand_number} during a hand")
    return problems + _card_problems(game, state)


def _before_the_deal_problems(state: EuchreState) -> list[str]:
    """Before a deal, the state holds the game's progress only: no hand's trump, auction,
    turn, tricks or winner."""
    between_hands = EuchreState(
        phase=state.phase,
        dealer=state.dealer,
        scores=state.scores,
        hand_number=state.hand_number,
        last_hand=state.last_hand,
    )
    if state == between_hands:
        return []
    wrong = differences(state, between_hands)
    return [
        f"nothing of a hand exists before the deal ({state.phase.value} phase): " + "; ".join(wrong)
    ]


def _record_problems(state: EuchreState) -> list[str]:
    """The auction's bids and the declarations: seats of the table, a suit for a call and
    none for a pass (an order-up records the up-card's suit, which the replay checks)."""
    problems = seat_problems(
        SEATING,
        **{"a bidder": tuple(bid.seat for bid in state.auction)},
        **{"a declarer": tuple(declaration.seat for declaration in state.declarations)},
    )
    for bid in state.auction:
        if (bid.kind == "call" and bid.suit is None) or (bid.kind == "pass" and bid.suit):
            problems.append(f"a {bid.kind} bid of seat {bid.seat} with suit {bid.suit}")
    return problems


def _progress_problems(game: Euchre, state: EuchreState) -> list[str]:
    """The game so far: the hand number, the scores it allows, the last hand's result, the
    dealer it gives (E1, E8) and the winner."""
    phase, last = state.phase, state.last_hand
    completed = state.hand_number - (phase not in (Phase.DEAL, Phase.OVER, Phase.DRAW_DEALER))
    problems = []
    if completed < 0 or (phase is Phase.DRAW_DEALER and state.hand_number != 0):
        return [f"hand number {state.hand_number} in the {phase.value} phase"]
    if sum(state.scores) > _MOST_POINTS * completed:
        problems.append(
            f"scores {state.scores} after {completed} hands (at most {_MOST_POINTS} points "
            "a hand, E8)"
        )
    if (last is None) != (completed == 0):
        problems.append(f"{'no' if last is None else 'a'} last hand after {completed} hands")
    if last is not None:
        problems += _last_hand_problems(game, state, last, completed)
    problems += _dealer_problems(game, state, completed)
    problems += _winner_problems(game, state)
    return problems


def _last_hand_problems(
    game: Euchre, state: EuchreState, last: HandResult, completed: int
) -> list[str]:
    seats = seat_problems(
        SEATING,
        **{"the last hand's dealer": last.dealer, "the last hand's maker": last.maker},
        **{"the last hand's lone seats": last.alone},
    )
    if seats:
        return seats
    problems = []
    if last.hand_number != completed:
        problems.append(f"the last hand is hand {last.hand_number}, not {completed}")
    dealer = state.dealer
    if dealer is not None:
        expected = dealer if state.phase is Phase.OVER else SEATING.ahead(dealer, SEATING.seats - 1)
        if last.dealer != expected:
            problems.append(f"the last hand was dealt by seat {last.dealer}, not {expected}")
    if last.thrown_in:
        nothing = HandResult(hand_number=last.hand_number, dealer=last.dealer, thrown_in=True)
        if last != nothing:
            problems.append("a thrown-in hand has no makers, tricks or points (E4)")
        return problems
    if last.maker is None or last.makers != SEATING.side(last.maker):
        return [*problems, f"the last hand's makers {last.makers} are not the maker's side"]
    if min(last.tricks) < 0 or sum(last.tricks) != DEAL.hand_size:
        return [*problems, f"the last hand's tricks {last.tricks} do not make {DEAL.hand_size}"]
    side, points, _ = game.hand_score(last.makers, last.alone, last.tricks)
    if (last.scoring_side, last.points) != (side, points):
        problems.append(
            f"the last hand scores {points} for side {side} (E8), not {last.points} for "
            f"side {last.scoring_side}"
        )
    elif state.scores[side] < points:
        problems.append(
            f"side {side} scored {points} in the last hand but has {state.scores[side]}"
        )
    return problems


def _dealer_problems(game: Euchre, state: EuchreState, completed: int) -> list[str]:
    """E1: with the first dealer fixed by the options, the deal passes left from it."""
    first, dealer = game.options.first_dealer, state.dealer
    if first is None:
        return []
    if state.phase is Phase.DRAW_DEALER:
        return [f"no dealer is drawn when first_dealer is {first}"]
    expected = SEATING.ahead(
        first, completed if state.phase is Phase.DEAL else state.hand_number - 1
    )
    if dealer is not None and dealer != expected:
        return [f"seat {dealer} deals hand {state.hand_number}, but seat {expected} does (E1)"]
    return []


def _winner_problems(game: Euchre, state: EuchreState) -> list[str]:
    """The winner: none until the game is over; then the side that reached the target with
    the last hand (the first to reach it, E9), or the last hand's scorer with single_hand."""
    winner, last, scores = state.winner, state.last_hand, state.scores
    if state.phase is not Phase.OVER:
        return [] if winner is None else [f"winner {winner} while the game goes on"]
    scorer = None if last is None or last.thrown_in else last.scoring_side
    if game.options.single_hand:
        return [] if winner == scorer else [f"winner {winner}, but the hand was won by {scorer}"]
    target = game.options.target
    if winner is None or winner != scorer or scores[winner] < target:
        return [f"winner {winner} did not reach the target {target} with the last hand"]
    problems = []
    if scores[1 - winner] >= target:
        problems.append(f"both sides reached the target {target}")
    if last is not None and scores[winner] - last.points >= target:
        problems.append(f"side {winner} had reached the target {target} before the last hand")
    return problems


def _card_problems(game: Euchre, state: EuchreState) -> list[str]:
    located: list[Card] = [card for hand in state.hands for card in hand]
    located += state.undealt
    located += [card for trick in state.tricks for card in trick.cards]
    located += state.trick
    if state.discard is not None:
        located.append(state.discard)
    if state.up_card is not None and not state.picked_up:
        located.append(state.up_card)
    problems = card_problems(located, game.deck)
    if state.picked_up and state.up_card not in game.deck:
        problems.append(f"the up-card {state.up_card} is not in the {len(game.deck)}-card pack")
    if len(state.undealt) != len(game.deck) - 21:
        problems.append(f"{len(state.undealt)} undealt cards instead of {len(game.deck) - 21}")
    return problems


def _phase_problems(game: Euchre, state: EuchreState) -> list[str]:
    """The phase's own facts: hand sizes, whose turn, trump set or not (E4-E7)."""
    phase, dealer = state.phase, state.dealer
    assert dealer is not None
    problems = []
    sizes = [len(hand) for hand in state.hands]
    if (phase in _BIDDING or phase is Phase.ALONE) and sizes != [5, 5, 5, 5]:
        problems.append(f"hand sizes {sizes} in the {phase.value} phase (5 each expected)")
    if phase is Phase.DISCARD and sizes != [6 if s == dealer else 5 for s in range(4)]:
        problems.append(f"hand sizes {sizes} while the dealer discards")
    if phase in _BIDDING and (state.trump is not None or state.maker is not None):
        problems.append(f"trump is already set in the {phase.value} phase")
    if phase in _TRUMP_SET and (state.trump is None or state.maker is None):
        problems.append(f"no trump or maker in the {phase.value} phase")
    if state.up_card is Card.JOKER and phase is Phase.BID_FIRST:
        problems.append("the joker is turned up, so there is no bidding (E5)")
    if phase is Phase.JOKER_CALL and (state.up_card is not Card.JOKER or state.turn != dealer):
        problems.append("the dealer names trump only over a turned-up joker")
    if phase is Phase.BID_FIRST and state.turn != SEATING.ahead(dealer, 1 + len(state.auction)):
        problems.append(f"seat {state.turn} cannot be bidding after {len(state.auction)} bids")
    if phase is Phase.DISCARD and (state.turn != dealer or not state.picked_up):
        problems.append("only the dealer discards, after taking the up-card")
    if (state.discard is not None) != (
        state.picked_up and phase in (Phase.ALONE, Phase.PLAY, Phase.OVER)
    ):
        problems.append("a discard exists exactly when the dealer took the up-card")
    if phase is Phase.ALONE and (not state.pending or state.turn != state.pending[0]):
        problems.append("the seat asked about going alone must be the first pending one")
    if phase is Phase.PLAY and state.trump is not None:
        problems += _play_problems(game, state, sizes)
    return problems


def _play_problems(game: Euchre, state: EuchreState, sizes: list[int]) -> list[str]:
    problems = []
    seats = state.trick_seats
    if not seats or len(state.trick) >= len(seats) or state.turn != seats[len(state.trick)]:
        problems.append("the seat to play does not match the order of the trick")
        return problems
    if any(seat in state.sitting_out for seat in seats):
        problems.append("a seat sitting out is in the order of play")
    done = len(state.tricks)
    if done >= 5:
        problems.append(f"{done} tricks finished but play goes on")
    for seat in range(4):
        if seat in state.sitting_out:
            continue
        in_trick = seat in seats[: len(state.trick)]
        expected = 5 - done - in_trick
        if sizes[seat] != expected:
            problems.append(f"seat {seat} holds {sizes[seat]} cards, {expected} expected")
    assert state.trump is not None
    # The cards are known to be of the pack here.
    problems += trick_problems(SEATING, state.tricks, game.follow_policy(state.trump))
    won = tricks_by_side(SEATING, state.tricks)
    if won != state.tricks_won:
        problems.append(f"tricks_won {state.tricks_won} does not match the tricks {won}")
    return problems


def _dealt_hands(state: EuchreState) -> tuple[list[list[Card]], list[str]]:
    """Each seat's five dealt cards: what it holds and what it played, the exchange undone."""
    dealt = dealt_cards(state.hands, hand_plays(state.tricks, state.trick_seats, state.trick))
    problems = []
    dealer = state.dealer
    assert dealer is not None and state.up_card is not None
    if state.picked_up:
        if state.discard is not None:
            dealt[dealer].append(state.discard)
        if state.up_card in dealt[dealer]:
            dealt[dealer].remove(state.up_card)
        else:
            problems.append(f"the up-card {state.up_card} was taken but is not the dealer's")
    for seat, hand in enumerate(dealt):
        if len(hand) != DEAL.hand_size:
            problems.append(f"seat {seat} was dealt {len(hand)} cards by this state's history")
    return dealt, problems


def _history(state: EuchreState) -> list[Any]:
    """The actions of the current hand after the shuffle, as the state records them."""
    actions: list[Any] = []
    for bid in state.auction:
        if bid.kind == "pass":
            actions.append(Pass())
        elif bid.kind == "order_up":
            actions.append(OrderUp())
        else:
            assert bid.suit is not None
            actions.append(Call(suit=bid.suit))
    if state.discard is not None:
        actions.append(Discard(card=state.discard))
    actions += [GoAlone() if d.alone else WithPartner() for d in state.declarations]
    actions += [Play(card=card) for trick in state.tricks for card in trick.cards]
    actions += [Play(card=card) for card in state.trick]
    return actions


def _start_of_hand(state: EuchreState) -> EuchreState:
    """The state just before this hand's shuffle (scores before the hand was scored)."""
    scores = state.scores
    result = state.last_hand
    if state.phase is Phase.OVER and result is not None and result.scoring_side is not None:
        if result.scoring_side == 0:
            scores = (scores[0] - result.points, scores[1])
        else:
            scores = (scores[0], scores[1] - result.points)
        result = None
    return EuchreState(
        phase=Phase.DEAL,
        dealer=state.dealer,
        scores=scores,
        hand_number=state.hand_number - 1,
        last_hand=None if state.phase is Phase.OVER else result,
    )


def _history_problems(game: Euchre, state: EuchreState) -> list[str]:
    dealt, problems = _dealt_hands(state)
    if problems:
        return problems
    dealer, up_card = state.dealer, state.up_card
    assert dealer is not None and up_card is not None
    return game.replay_problems(
        state,
        _start_of_hand(state),
        dealer,
        dealt,
        _history(state),
        kick=(up_card,),
        stock=state.undealt,
        same=lambda reached: _comparable(reached, state),
    )


def _comparable(reached: EuchreState, state: EuchreState) -> EuchreState:
    """``reached`` without what carries no meaning: the order of cards within a hand."""
    return replace(
        reached, hands=tuple(tuple(sorted(hand, key=lambda c: c.index)) for hand in reached.hands)
    )

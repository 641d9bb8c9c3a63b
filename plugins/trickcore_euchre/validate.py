"""Checks on a state decoded from outside: can a legal game of Euchre reach it?

Two stages. First the plain facts: seats in range, every card of the pack exactly once, nothing
dealt before the deal, the game so far (scores, hand number, dealer, last hand, winner) and each
phase's own facts. Then the history: the state records the current hand's auction, declarations
and tricks, so the deal that started the hand can be rebuilt (each seat's cards in hand plus
those it played, the dealer's exchange undone) and the hand played again from a stacked deck
(E3, :func:`~trickcore.kit.validation.replay_problems`). The state is valid when that replay
is legal at every step and arrives at exactly the given state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from trickcore.cards import Card, Suit
from trickcore.game import Shuffle
from trickcore.kit import validation as check
from trickcore.kit.tricks import hand_plays
from trickcore_euchre.actions import (
    Call,
    EuchreAction,
    GoAlone,
    OrderUp,
    Pass,
    WithPartner,
)
from trickcore_euchre.deal import DEAL, SEATING
from trickcore_euchre.state import Bid, EuchreState, HandResult, Phase

if TYPE_CHECKING:
    from trickcore_euchre.rules import Euchre

__all__ = ["hand_history", "problems"]

_BEFORE_THE_DEAL = (Phase.DRAW_DEALER, Phase.DEAL)
_BIDDING = (Phase.BID_FIRST, Phase.BID_SECOND, Phase.JOKER_CALL)
_TRUMP_SET = (Phase.DISCARD, Phase.ALONE, Phase.PLAY)
_MOST_POINTS = 4
"""The most a hand scores: a lone march, or a lone defender's euchre (E8)."""
_PASS = Pass()
_ORDER_UP = OrderUp()
_CALLS = {suit: Call(suit=suit) for suit in Suit}
_GO_ALONE = GoAlone()
_WITH_PARTNER = WithPartner()


def problems(game: Euchre, state: EuchreState) -> list[str]:
    """What stops a game from reaching ``state``: nothing when it is valid."""
    found = _fact_problems(game, state)
    if not found and state.phase not in _BEFORE_THE_DEAL:
        found = _phase_problems(game, state) or _history_problems(game, state)
    return found


def _fact_problems(game: Euchre, state: EuchreState) -> list[str]:
    phase = state.phase
    problems = check.seat_problems(
        SEATING,
        dealer=state.dealer,
        maker=state.maker,
        winner=state.winner,
        turn=state.turn,
        pending=state.pending,
        sitting_out=state.sitting_out,
        trick_seats=state.trick_seats,
    )
    problems += check.trick_problems(SEATING, state.tricks)
    if len(state.hands) != 4:
        problems.append(f"{len(state.hands)} hands instead of 4")
    if min(state.scores) < 0:
        problems.append(f"negative score {state.scores}")
    if phase is not Phase.OVER and max(state.scores) >= game.options.target:
        problems.append(f"a side has reached the target {game.options.target} but play goes on")
    problems += check.draw_problems(game, state)  # the scores before the draw: _progress_problems
    if not problems:  # the progress checks use the seats
        problems += _record_problems(state) + _progress_problems(game, state)
    if phase in _BEFORE_THE_DEAL:
        if any(state.hands) or state.up_card is not None or state.undealt or state.tricks:
            problems.append(f"cards are out before the deal ({phase.value} phase)")
        where = f"before the deal ({phase.value} phase)"
        return problems + check.nothing_but(state, game.between_hands(state), where)
    if state.up_card is None:
        problems.append(f"no up-card in the {phase.value} phase: no hand was dealt")
        return problems
    if state.hand_number < 1:
        problems.append(f"hand number {state.hand_number} during a hand")
    return problems + _card_problems(game, state)


def _record_problems(state: EuchreState) -> list[str]:
    """The auction's bids and the declarations: seats of the table, a suit for a call and
    none for a pass (an order-up records the up-card's suit, which the replay checks)."""
    problems = check.seat_problems(
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
    dealer it gives (E1, E8) and the winner (E9)."""
    phase, last = state.phase, state.last_hand
    completed = state.hand_number - (phase not in (Phase.DEAL, Phase.OVER, Phase.DRAW_DEALER))
    if completed < 0 or (phase is Phase.DRAW_DEALER and state.hand_number != 0):
        return [f"hand number {state.hand_number} in the {phase.value} phase"]
    problems = check.reach_problems(
        state.scores, completed, most=_MOST_POINTS, together=_MOST_POINTS, rule="E8"
    )
    if (last is None) != (completed == 0):
        problems.append(f"{'no' if last is None else 'a'} last hand after {completed} hands")
    first = game.options.first_dealer
    hand = completed + 1 if phase is Phase.DEAL else state.hand_number
    problems += check.dealer_problems(SEATING, state.dealer, first=first, hand=hand, rule="E1")
    before, scored = check.before_last_hand(state.scores, _points(last))
    if last is not None:
        problems += scored or _last_hand_problems(game, state, last, completed)
        # The scores before the last hand are those of one hand fewer: none after one (E8).
        problems += check.reach_problems(
            before, completed - 1, most=_MOST_POINTS, together=_MOST_POINTS, rule="E8"
        )
    if phase is Phase.OVER and game.options.single_hand:
        scorer = None if last is None or last.thrown_in else last.scoring_side
        if state.winner != scorer:
            problems.append(f"winner {state.winner}, but the hand was won by {scorer}")
        return problems
    over = phase is Phase.OVER
    target = game.options.target
    return problems + check.winner_problems(
        state.winner, over=over, scores=state.scores, before=before, target=target
    )


def _points(last: HandResult | None) -> tuple[int, int]:
    """What each side scored in the last hand."""
    if last is None or last.scoring_side is None:
        return (0, 0)
    return (last.points, 0) if last.scoring_side == 0 else (0, last.points)


def _last_hand_problems(
    game: Euchre, state: EuchreState, last: HandResult, completed: int
) -> list[str]:
    seats = check.seat_problems(
        SEATING,
        **{"the last hand's dealer": last.dealer, "the last hand's maker": last.maker},
        **{"the last hand's lone seats": last.alone},
    )
    if seats:
        return seats
    problems = check.last_dealer_problems(
        SEATING, last.dealer, state.dealer, passed=state.phase is not Phase.OVER
    )
    if last.hand_number != completed:
        problems.append(f"the last hand is hand {last.hand_number}, not {completed}")
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
    return problems


def _card_problems(game: Euchre, state: EuchreState) -> list[str]:
    # the hands, the undealt cards, the discard, the tricks
    located = check.located_cards(game, state)
    if state.up_card is not None and not state.picked_up:
        located.append(state.up_card)
    problems = check.card_problems(located, game.deck)
    if state.picked_up and state.up_card not in game.deck:
        problems.append(f"the up-card {state.up_card} is not in the {len(game.deck)}-card pack")
    if len(state.undealt) != len(game.deck) - 21:
        problems.append(f"{len(state.undealt)} undealt cards instead of {len(game.deck) - 21}")
    return problems


def _phase_problems(game: Euchre, state: EuchreState) -> list[str]:
    """The phase's own facts: hand sizes, whose turn, trump set or not (E4-E7), and who won
    the tricks; the replay checks the rest."""
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
    if phase is Phase.PLAY and state.trump is not None:  # the cards are of the pack here
        problems += check.trick_problems(SEATING, state.tricks, game.follow_policy(state.trump))
    return problems


def _action(bid: Bid) -> EuchreAction:
    """The action that made ``bid`` (E4, E5): one built once, shared (actions are immutable,
    and building one checks its fields: inference rebuilds a history for every world)."""
    if bid.kind == "call" and bid.suit is not None:
        return _CALLS[bid.suit]
    return _ORDER_UP if bid.kind == "order_up" else _PASS


def _history(game: Euchre, state: EuchreState) -> list[EuchreAction]:
    """The actions of the current hand after the shuffle and before the plays, as the state
    records them."""
    actions = [_action(bid) for bid in state.auction]
    if state.discard is not None:
        actions.append(game.discard_action(state.discard))
    return actions + [_GO_ALONE if d.alone else _WITH_PARTNER for d in state.declarations]


def _dealt_hands(state: EuchreState) -> tuple[list[list[Card]], list[str]]:
    """Each seat's dealt cards: what it holds and what it played, the exchange undone (the
    hand sizes are the deal schedule's to check)."""
    dealt = check.dealt_cards(state.hands, hand_plays(state.tricks, state.trick_seats, state.trick))
    dealer, up_card = state.dealer, state.up_card
    assert dealer is not None and up_card is not None
    if not state.picked_up:
        return dealt, []
    if state.discard is not None:
        dealt[dealer].append(state.discard)
    if up_card not in dealt[dealer]:
        return dealt, [f"the up-card {up_card} was taken but is not the dealer's"]
    dealt[dealer].remove(up_card)
    return dealt, []


def _start_of_hand(game: Euchre, state: EuchreState) -> EuchreState:
    """The state just before this hand's shuffle (scores before the hand was scored)."""
    if state.phase is not Phase.OVER:
        return game.between_hands(state, phase=Phase.DEAL, hand_number=state.hand_number - 1)
    scores, _ = check.before_last_hand(state.scores, _points(state.last_hand))
    return game.between_hands(
        state, phase=Phase.DEAL, scores=scores, hand_number=state.hand_number - 1, last_hand=None
    )


def _history_problems(game: Euchre, state: EuchreState) -> list[str]:
    dealt, problems = _dealt_hands(state)
    if problems or state.up_card is None:
        return problems
    start, kick = _start_of_hand(game, state), (state.up_card,)
    return check.hand_problems(
        game,
        state,
        start,
        actions=_history(game, state),
        kick=kick,
        dealt=dealt,
        same=check.unordered_hands,
    )


def hand_history(game: Euchre, state: EuchreState) -> tuple[EuchreState, tuple[EuchreAction, ...]]:
    """The state just before the current hand's shuffle and the hand's actions since, in order:
    the shuffle that dealt it (E3), the bids (E4, E5), the discard, the declarations (E6) and
    the cards played (E7). Applied to that state, they give ``state`` back (up to the order of
    the cards in a hand). A ``ValueError`` for a state with no hand dealt, or one whose cards do
    not make a deal."""
    if state.phase in _BEFORE_THE_DEAL or state.dealer is None or state.up_card is None:
        raise ValueError(f"no hand has been dealt in the {state.phase.value} phase")
    dealt, problems = _dealt_hands(state)
    if problems:
        raise ValueError("; ".join(problems))
    order = DEAL.stack(dealt, state.dealer, kick=(state.up_card,), stock=state.undealt)
    plays = hand_plays(state.tricks, state.trick_seats, state.trick)
    played = check.play_actions(game.plays, (card for _, cards in plays for card in cards))
    return _start_of_hand(game, state), (Shuffle(order=order), *_history(game, state), *played)

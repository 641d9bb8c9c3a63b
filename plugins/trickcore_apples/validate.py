"""Checks on a state decoded from outside: can a legal game of Apples reach it?

Two stages. First the plain facts: seats in range, every card of the pack exactly once, nothing
out between rounds, totals that let the game go on. Then the history: the state records the
current round's auction, bidding-pile contributions and returns, targets and tricks, so the
deal that started the round can be rebuilt (each seat's cards now, played and set aside, with
the pile exchange undone) and the round replayed through :meth:`Apples.apply` from a stacked
deck and a stacked pile (A2, A4). The state is valid when that replay is legal at every step
(bids within the bidders' suits, the auction winner giving trumps, suits followed) and arrives
at exactly the given state. The game before the round is checked apart (:func:`_progress_problems`):
the last round's scoring from its piles and targets (A7), the totals the rounds so far allow, the
dealer (A1) and the winner (A8). The last round's record (its auction and tricks, and each
seat's pile exchange ``last_given`` / ``last_received``) is played again the same way, from the
deal it implies, and must give back exactly that record (:func:`_record_problems`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from msgspec.structs import replace

from trickcore.cards import Card, Rank
from trickcore.game import Shuffle
from trickcore.kit.validation import (
    before_last_hand,
    card_problems,
    dealer_problems,
    dealt_cards,
    differences,
    draw_problems,
    last_dealer_problems,
    nothing_but,
    play_actions,
    reach_problems,
    replay,
    seat_problems,
    trick_problems,
    undo_exchange,
    unordered_hands,
    winner_problems,
)
from trickcore_apples.actions import Bid, Give, Pass, SetTarget
from trickcore_apples.deal import DEAL, HAND_SIZE, PACK, SEATING, pile_schedule
from trickcore_apples.scoring import groups, points
from trickcore_apples.state import ApplesState, Call, Phase, RoundResult

if TYPE_CHECKING:
    from trickcore_apples.rules import Apples

__all__ = ["hand_history", "problems"]

_BETWEEN_ROUNDS = (Phase.DRAW_DEALER, Phase.DEAL, Phase.OVER)
_PILE_OUT = (Phase.PILE, Phase.PILE_DEAL)
_PILE_BACK = (Phase.TARGET, Phase.PLAY)


def _group_points(rank: Rank) -> tuple[list[int], list[int]]:
    """What 1 to 4 cards of ``rank`` score in a round: without and with the target among them
    (A7); ``[0]`` first for none."""
    cards = [card for card in PACK if card.rank is rank]
    other = next(card for card in PACK if card.rank is not rank)
    plain = [0] + [points(cards[:n], other) - points((), other) for n in range(1, 5)]
    target = [0] + [points(cards[: n - 1], cards[n - 1]) for n in range(1, 5)]
    return plain, target


_GROUPS = [_group_points(rank) for rank in {card.rank for card in PACK if card.rank is not None}]
_MOST = sum(max(plain) for plain, _ in _GROUPS) + max(
    max(target) - max(plain) for plain, target in _GROUPS
)
"""The most one player scores in a round: every rank's best group, one of them the target's."""
_LEAST = sum(min(plain) for plain, _ in _GROUPS)
"""The least one player scores in a round: every rank's worst group (A7)."""
_UNIT = math.gcd(*(value for plain, target in _GROUPS for value in (*plain, *target)))
"""Every group scores a multiple of this (5, A7), so every total is one."""


def problems(game: Apples, state: ApplesState) -> list[str]:
    """What stops a game from reaching ``state``: nothing when it is valid."""
    found = _fact_problems(game, state)
    if not found and state.phase not in _BETWEEN_ROUNDS:
        found = _history_problems(game, state)
    return found


def _progress_problems(game: Apples, state: ApplesState) -> list[str]:
    """The game so far: the totals the rounds allow, the last round, the dealer (A1) and the
    winner (A8). Nothing is scored before the first round ends (A7)."""
    phase, last, first = state.phase, state.last_round, game.options.first_dealer
    deals = state.round_number - (phase not in _BETWEEN_ROUNDS)
    if deals < 0 or (phase is Phase.DRAW_DEALER and state.round_number):
        return [f"round number {state.round_number} in the {phase.value} phase"]
    if last is None:
        if any(state.scores) or state.overtime:
            return [f"scores {state.scores} before the first round is scored"]
        if any(state.last_given) or any(state.last_received):
            return ["a pile exchange of a last round before the first round is scored"]
        return dealer_problems(SEATING, state.dealer, first=first, hand=1, rule="A1")
    found = _last_round_problems(game, state, last, deals)
    if found:
        return found
    if phase is Phase.OVER and state.overtime:
        found.append("the game is over, yet rounds go on past the target (A8)")
    scored = tuple(seat.points for seat in last.seats)
    before, _ = before_last_hand(state.scores, scored, negative=True, hand="round")
    rounds = last.round_number
    found += reach_problems(
        before, rounds - 1, most=_MOST, least=_LEAST, rule="A7", hand="round", unit=_UNIT
    )
    if game.options.single_hand:
        return found + _single_round_problems(state, scored, before)
    return found + winner_problems(
        state.winner,
        over=phase is Phase.OVER,
        scores=state.scores,
        before=before,
        target=game.options.target,
        ties_play_on=True,
        hand="round",
    )


def _single_round_problems(
    state: ApplesState, scored: tuple[int, ...], before: tuple[int, ...]
) -> list[str]:
    """With ``single_hand``, the first round played out ends the game: the highest round
    score wins, a tie is a draw (A9)."""
    if state.phase is not Phase.OVER or any(before):
        return [f"scores {state.scores} after a single round that scored {scored}"]
    top = max(scored)
    winner = scored.index(top) if scored.count(top) == 1 else None
    if state.winner != winner:
        return [f"winner {state.winner}, but the round's highest score {top} gives {winner}"]
    return []


def _last_round_problems(
    game: Apples, state: ApplesState, last: RoundResult, deals: int
) -> list[str]:
    """The last round played out: its number, dealer and scoring, each player's from their
    winnings pile and target card (A7); every card of the pack is in one of them."""
    found = seat_problems(SEATING, **{"the last round's dealer": last.dealer})
    found += seat_problems(SEATING, **{"the last round's declarer": last.declarer})
    if len(last.seats) != SEATING.seats or any(
        seat.seat != number for number, seat in enumerate(last.seats)
    ):
        found.append(f"the last round scores seats {[seat.seat for seat in last.seats]}")
    if found:
        return found
    over = state.phase is Phase.OVER
    if not 1 <= last.round_number <= deals:  # fewer after redeals (A3)
        found.append(f"the last round is round {last.round_number}, after {deals} deals")
    found += last_dealer_problems(SEATING, last.dealer, state.dealer, passed=not over, hand="round")
    first = game.options.first_dealer
    possible = range(1, min(last.round_number, SEATING.seats) + 1)
    if all(dealer_problems(SEATING, last.dealer, first=first, hand=n, rule="A1") for n in possible):
        found.append(f"seat {last.dealer} cannot have dealt round {last.round_number} (A1)")
    if not 1 <= last.number <= HAND_SIZE:
        found.append(f"the last round's winning bid of {last.number} cards")
    located = [card for seat in last.seats for card in (*seat.winnings, seat.target)]
    misplaced = card_problems(located, PACK)
    if misplaced:
        # Scoring piles that hold cards twice or outside the pack would be meaningless.
        return found + [f"the last round's piles and targets: {problem}" for problem in misplaced]
    for seat in last.seats:
        tricks = len(seat.winnings) // SEATING.seats
        if len(seat.winnings) != tricks * SEATING.seats:
            found.append(f"seat {seat.seat} won {len(seat.winnings)} cards, not whole tricks")
        expected = groups(seat.winnings, seat.target)
        total = sum(group.points for group in expected)
        if seat.groups != expected or seat.points != total:
            found.append(
                f"seat {seat.seat}'s last round scores {total} (A7), not {seat.points} "
                "from its groups"
            )
    return found or _record_problems(game, state, last)


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
        "last_given": state.last_given,
        "last_received": state.last_received,
    }
    for name, entries in per_seat.items():
        if len(entries) != SEATING.seats:
            problems.append(f"{len(entries)} entries in {name} instead of {SEATING.seats}")
    if problems:
        return problems
    problems += _total_problems(game, state) + _progress_problems(game, state)
    problems += draw_problems(game, state)
    if phase in _BETWEEN_ROUNDS:
        if phase is Phase.OVER and state.last_round is None:
            problems.append("the game is over without a round played")
        return problems + nothing_but(
            state, _between_rounds(state), f"between rounds ({phase.value} phase)"
        )
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


def _history(game: Apples, state: ApplesState) -> list[Any]:
    """The actions of the current round after the deal's shuffle, as the state records them (the
    card plays as the game's own play actions, built once per game)."""
    actions = _calls(state.auction)
    if state.declarer is None:
        return actions
    actions += _gifts(state.declarer, state.given)
    if state.phase not in _PILE_BACK:
        return actions
    assert state.dealer is not None
    actions.append(_pile_shuffle(state.number, state.received, state.dealer))
    actions += _set_targets(state.declarer, state.targets)
    actions += play_actions(game.plays, (card for trick in state.tricks for card in trick.cards))
    actions += play_actions(game.plays, state.trick)
    return actions


def _calls(auction: Sequence[Call]) -> list[Any]:
    """The auction's bids and passes as actions (A3)."""
    return [
        Pass()
        if call.number is None or call.suit is None
        else Bid(number=call.number, suit=call.suit)
        for call in auction
    ]


def _gifts(declarer: int, given: Sequence[Sequence[Card]]) -> list[Give]:
    """The cards put into the bidding pile, the auction winner's first, then clockwise (A4)."""
    return [Give(card=card) for seat in SEATING.order(declarer) for card in given[seat]]


def _pile_shuffle(number: int, received: Sequence[Sequence[Card]], dealer: int) -> Shuffle:
    """The bidding pile's shuffle that deals each seat its ``received`` cards (A2, A4); a
    ``ValueError`` when no shuffle does."""
    return Shuffle(order=pile_schedule(number).stack(received, dealer))


def _set_targets(declarer: int, targets: Sequence[Sequence[Card]]) -> list[SetTarget]:
    """The target cards set aside, the auction winner's first, then clockwise (A5)."""
    return [SetTarget(card=card) for seat in SEATING.order(declarer) for card in targets[seat]]


def _record_problems(game: Apples, state: ApplesState, last: RoundResult) -> list[str]:
    """The last round's record played again from the deal it implies (A2-A7): each seat was
    dealt the cards it played and its target, with its exchange with the bidding pile undone
    (``last_given``, ``last_received``). The record is whole when that replay is legal at every
    step and gives back exactly the record and the exchange."""
    found = trick_problems(SEATING, last.tricks)
    if found:  # seats out of range or unpaired cards: no deal to rebuild
        return ["the last round's record: " + "; ".join(found)]
    plays = [(trick.seats, trick.cards) for trick in last.tricks]
    held = dealt_cards([[seat.target] for seat in last.seats], plays)
    dealt, found = undo_exchange(held, state.last_given, state.last_received)
    found += [
        f"seat {seat} was dealt {len(hand)} cards, not {HAND_SIZE}"
        for seat, hand in enumerate(dealt)
        if len(hand) != HAND_SIZE
    ]
    if found:
        return ["the last round's record: " + "; ".join(found)]
    try:
        actions: list[Any] = [
            Shuffle(order=DEAL.stack(dealt, last.dealer)),
            *_calls(last.auction),
            *_gifts(last.declarer, state.last_given),
            _pile_shuffle(last.number, state.last_received, last.dealer),
            *_set_targets(last.declarer, [(seat.target,) for seat in last.seats]),
            *play_actions(game.plays, (card for trick in last.tricks for card in trick.cards)),
        ]
    except ValueError as error:
        return [f"the last round's record cannot be dealt: {error}"]
    replayed, found = replay(game, ApplesState(phase=Phase.DEAL, dealer=last.dealer), actions)
    if found:
        return ["the last round's record: " + "; ".join(found)]
    if replayed.last_round is None:
        return ["the last round's record does not play out to the end of a round (A6)"]
    expected = replace(replayed.last_round, round_number=last.round_number)
    found = _record_differences(last, expected)
    if (replayed.last_given, replayed.last_received) != (state.last_given, state.last_received):
        found.append("the pile exchange is not the record's (A4)")
    if found:
        return ["the last round's record does not follow from its own play: " + "; ".join(found)]
    return []


def _record_differences(last: RoundResult, expected: RoundResult) -> list[str]:
    """Where a round's record differs from its replay: the first differing call or trick of
    the auction and the tricks, any other field whole."""
    found = []
    for name, (actual, replayed) in {
        "call": (last.auction, expected.auction),
        "trick": (last.tricks, expected.tricks),
    }.items():
        pairs = enumerate(zip(actual, replayed, strict=False))
        at = next((n for n, (mine, theirs) in pairs if mine != theirs), None)
        if at is not None:
            found.append(f"{name} {at + 1} is {actual[at]}, play gives {replayed[at]}")
        elif len(actual) != len(replayed):
            found.append(f"{len(actual)} {name}s, play gives {len(replayed)}")
    whole = replace(expected, auction=last.auction, tricks=last.tricks)
    return found + differences(last, whole)


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


def _between_rounds(state: ApplesState, phase: Phase | None = None) -> ApplesState:
    """``state`` without anything of a round: the game's progress only."""
    return ApplesState(
        phase=phase or state.phase,
        dealer=state.dealer,
        scores=state.scores,
        round_number=state.round_number - (state.phase not in _BETWEEN_ROUNDS),
        overtime=state.overtime,
        last_round=state.last_round,
        winner=state.winner,
        last_given=state.last_given,
        last_received=state.last_received,
    )


def _history_problems(game: Apples, state: ApplesState) -> list[str]:
    dealt, problems = _dealt_hands(state)
    if problems:
        return problems
    dealer = state.dealer
    assert dealer is not None
    try:  # a card dealt twice (held and also given, say) is no deal
        order = DEAL.stack(dealt, dealer)
    except ValueError as error:
        return [f"no deal gives the cards of this round: {error}"]
    start = game.apply(_between_rounds(state, Phase.DEAL), Shuffle(order=order))
    try:
        actions = _history(game, state)
    except ValueError as error:  # received cards that no pile deal gives
        return [f"the cards got back from the pile cannot be dealt: {error}"]
    replayed, problems = replay(game, start, actions)
    if problems:
        return problems
    expected, actual = unordered_hands(replayed), unordered_hands(state)
    if expected == actual:
        return []
    return [
        "the state does not follow from its own round: " + "; ".join(differences(actual, expected))
    ]


def hand_history(game: Apples, state: ApplesState) -> tuple[ApplesState, tuple[Any, ...]]:
    """The state just before the current round's shuffle and the round's actions since, in
    order: the shuffle that dealt it (A2), the calls (A3), the cards given to the bidding pile
    and the pile's shuffle (A4), the targets (A5) and the cards played (A6). Applied to that
    state, they give ``state`` back (up to the order of the cards in a hand). A ``ValueError``
    for a state between rounds, or one whose cards do not make a deal."""
    if state.phase in _BETWEEN_ROUNDS or state.dealer is None:
        raise ValueError(f"no round is being played in the {state.phase.value} phase")
    dealt, problems = _dealt_hands(state)
    if problems:
        raise ValueError("; ".join(problems))
    shuffle = Shuffle(order=DEAL.stack(dealt, state.dealer))
    return _between_rounds(state, Phase.DEAL), (shuffle, *_history(game, state))

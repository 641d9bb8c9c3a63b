"""Checks on a state decoded from outside: can a legal game of Euchre reach it?

Two stages. First the plain facts: seats in range, every card of the pack exactly once, nothing
dealt before the deal, scores below the target while the game goes on. Then the history: the
state records the current hand's auction, declarations and tricks, so the deal that started the
hand can be rebuilt (each seat's cards in hand plus those it played, the dealer's exchange
undone) and the hand replayed through :meth:`Euchre.apply` from a stacked deck (E3). The state
is valid when that replay is legal at every step and arrives at exactly the given state.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from msgspec.structs import fields, replace

from trickcore.cards import Card
from trickcore.errors import IllegalActionError, InvalidStateError
from trickcore.game import Shuffle
from trickcore_euchre.actions import Call, Discard, GoAlone, OrderUp, Pass, Play, WithPartner
from trickcore_euchre.deal import DEAL, SEATING
from trickcore_euchre.state import EuchreState, Phase

if TYPE_CHECKING:
    from trickcore_euchre.rules import Euchre

__all__ = ["validate"]

_BEFORE_THE_DEAL = (Phase.DRAW_DEALER, Phase.DEAL)
_BIDDING = (Phase.BID_FIRST, Phase.BID_SECOND, Phase.JOKER_CALL)
_TRUMP_SET = (Phase.DISCARD, Phase.ALONE, Phase.PLAY)


def validate(game: Euchre, state: EuchreState) -> None:
    """Raise :class:`InvalidStateError` naming what is wrong unless a game can reach ``state``."""
    problems = _fact_problems(game, state)
    if not problems and state.phase not in _BEFORE_THE_DEAL:
        problems = _phase_problems(game, state) or _history_problems(game, state)
    if problems:
        raise InvalidStateError("invalid Euchre state: " + "; ".join(problems))


def _is_seat(value: object) -> bool:
    return isinstance(value, int) and 0 <= value < 4


def _fact_problems(game: Euchre, state: EuchreState) -> list[str]:
    problems: list[str] = []
    phase = state.phase
    for name in ("dealer", "maker", "winner"):
        value = getattr(state, name)
        if value is not None and not _is_seat(value):
            problems.append(f"{name} {value} is not a seat 0-3")
    if not _is_seat(state.turn):
        problems.append(f"turn {state.turn} is not a seat 0-3")
    seat_lists = {
        "pending": state.pending,
        "sitting_out": state.sitting_out,
        "trick_seats": state.trick_seats,
    }
    for trick in state.tricks:
        seat_lists["the seats of a trick"] = trick.seats
        if not _is_seat(trick.winner) or trick.winner not in trick.seats:
            problems.append(f"trick winner {trick.winner} did not play in the trick")
        if len(trick.cards) != len(trick.seats):
            problems.append(
                f"a trick of {len(trick.cards)} cards played by {len(trick.seats)} seats"
            )
    for name, seats in seat_lists.items():
        if not all(_is_seat(seat) for seat in seats):
            problems.append(f"{name} {list(seats)} holds something that is not a seat 0-3")
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
    if phase in _BEFORE_THE_DEAL:
        if any(state.hands) or state.up_card is not None or state.undealt or state.tricks:
            problems.append(f"cards are out before the deal ({phase.value} phase)")
        return problems
    if state.up_card is None:
        problems.append(f"no up-card in the {phase.value} phase: no hand was dealt")
        return problems
    if state.hand_number < 1:
        problems.append(f"hand number {state.hand_number} during a hand")
    return problems + _card_problems(game, state)


def _card_problems(game: Euchre, state: EuchreState) -> list[str]:
    located: list[Card] = [card for hand in state.hands for card in hand]
    located += state.undealt
    located += [card for trick in state.tricks for card in trick.cards]
    located += state.trick
    if state.discard is not None:
        located.append(state.discard)
    if state.up_card is not None and not state.picked_up:
        located.append(state.up_card)
    counts = Counter(located)
    problems = []
    twice = sorted(str(card) for card, n in counts.items() if n > 1)
    if twice:
        problems.append("cards held more than once: " + " ".join(twice))
    deck = frozenset(game.deck)
    foreign = sorted(str(card) for card in counts if card not in deck)
    if state.up_card is not None and state.up_card not in deck:
        foreign.append(str(state.up_card))
    if foreign:
        problems.append(f"cards not in the {len(deck)}-card pack: " + " ".join(foreign))
    missing = sorted(str(card) for card in game.deck if card not in counts)
    if missing and not foreign:
        problems.append("cards missing: " + " ".join(missing))
    if len(state.undealt) != len(deck) - 21:
        problems.append(f"{len(state.undealt)} undealt cards instead of {len(deck) - 21}")
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
    if phase is Phase.BID_FIRST and state.turn != SEATING.next(dealer, 1 + len(state.auction)):
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
    policy = game.follow_policy(state.trump)  # the cards are known to be of the pack here
    won = [0, 0]
    for number, trick in enumerate(state.tricks, start=1):
        if trick.winner != trick.seats[policy.winner(trick.cards)]:
            problems.append(f"trick {number} was not won by seat {trick.winner}")
        won[SEATING.side(trick.winner)] += 1
    if tuple(won) != state.tricks_won:
        problems.append(f"tricks_won {state.tricks_won} does not match the tricks {tuple(won)}")
    return problems


def _dealt_hands(state: EuchreState) -> tuple[list[list[Card]], list[str]]:
    """Each seat's five dealt cards: what it holds and what it played, the exchange undone."""
    dealt = [list(hand) for hand in state.hands]
    plays = [(trick.seats, trick.cards) for trick in state.tricks]
    plays.append((state.trick_seats[: len(state.trick)], state.trick))
    for trick_seats, trick_cards in plays:
        for seat, card in zip(trick_seats, trick_cards, strict=False):
            dealt[seat].append(card)
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
        if len(hand) != 5:
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


def _normalised(state: EuchreState) -> EuchreState:
    # The order of cards within a hand carries no meaning; the rest must match exactly.
    return replace(
        state, hands=tuple(tuple(sorted(hand, key=lambda c: c.index)) for hand in state.hands)
    )


def _history_problems(game: Euchre, state: EuchreState) -> list[str]:
    dealt, problems = _dealt_hands(state)
    if problems:
        return problems
    dealer = state.dealer
    assert dealer is not None and state.up_card is not None
    order = DEAL.stack(dealt, dealer, kick=(state.up_card,), stock=state.undealt)
    replayed = game.apply(_start_of_hand(state), Shuffle(order=order))
    for number, action in enumerate(_history(state), start=1):
        try:
            replayed = game.apply(replayed, action)
        except IllegalActionError as error:
            return [f"step {number} of the recorded hand ({action}) is not legal: {error}"]
    expected, actual = _normalised(replayed), _normalised(state)
    if expected == actual:
        return []
    if state.phase is Phase.OVER and expected.last_hand != actual.last_hand:
        expected = replace(expected, last_hand=actual.last_hand)  # last hand may predate this one
        if expected == actual:
            return []
    differing = [
        f"{name} is {getattr(actual, name)!r}, play gives {getattr(expected, name)!r}"
        for name in (field.name for field in fields(EuchreState))
        if getattr(actual, name) != getattr(expected, name)
    ]
    return ["the state does not follow from its own hand: " + "; ".join(differing)]

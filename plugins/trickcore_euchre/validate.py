"""Checks on a state decoded from outside: can a legal game of Euchre reach it?"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from trickcore.cards import Card
from trickcore.errors import InvalidStateError
from trickcore_euchre.state import EuchreState, Phase

if TYPE_CHECKING:
    from trickcore_euchre.rules import Euchre

__all__ = ["validate"]

_BIDDING = (Phase.BID_FIRST, Phase.BID_SECOND, Phase.JOKER_CALL)
_TRUMP_SET = (Phase.DISCARD, Phase.ALONE, Phase.PLAY)


def validate(game: Euchre, state: EuchreState) -> None:
    """Raise :class:`InvalidStateError` listing every inconsistency found in ``state``."""
    problems = _problems(game, state)
    if problems:
        raise InvalidStateError("invalid Euchre state: " + "; ".join(problems))


def _seat_ok(value: int | None) -> bool:
    return value is None or 0 <= value < 4


def _problems(game: Euchre, state: EuchreState) -> list[str]:
    problems: list[str] = []
    phase = state.phase
    target = game.options.target
    for name in ("dealer", "maker", "turn", "winner"):
        if not _seat_ok(getattr(state, name)):
            problems.append(f"{name} {getattr(state, name)} is not a seat 0-3")
    if len(state.hands) != 4:
        problems.append(f"{len(state.hands)} hands instead of 4")
        return problems
    if min(state.scores) < 0:
        problems.append(f"negative score {state.scores}")
    if phase is not Phase.OVER and max(state.scores) >= target:
        problems.append(f"a side has reached the target {target} but the game is not over")
    if phase is Phase.DRAW_DEALER:
        if state.dealer is not None or state.hand_number or state.scores != (0, 0):
            problems.append("before the dealer is drawn there is no dealer, hand or score")
    elif state.dealer is None:
        problems.append(f"no dealer in the {phase.value} phase")
        return problems
    if phase in (Phase.DRAW_DEALER, Phase.DEAL):
        if any(state.hands) or state.up_card is not None or state.undealt or state.tricks:
            problems.append(f"cards are out before the deal ({phase.value} phase)")
        return problems
    if phase is Phase.OVER and state.up_card is None:
        return problems  # a game that ended before any deal cannot happen; nothing to count
    problems += _card_problems(game, state)
    problems += _phase_problems(game, state)
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
    counts = Counter(located)
    problems = []
    twice = sorted(str(card) for card, n in counts.items() if n > 1)
    if twice:
        problems.append("cards held more than once: " + " ".join(twice))
    foreign = sorted(str(card) for card in counts if card not in game.deck)
    if foreign:
        problems.append(f"cards not in the {len(game.deck)}-card pack: " + " ".join(foreign))
    missing = sorted(str(card) for card in game.deck if card not in counts)
    if missing:
        problems.append("cards missing: " + " ".join(missing))
    if len(state.undealt) != len(game.deck) - 21:
        problems.append(f"{len(state.undealt)} undealt cards instead of {len(game.deck) - 21}")
    return problems


def _phase_problems(game: Euchre, state: EuchreState) -> list[str]:
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
    if phase is Phase.BID_FIRST and state.turn != (dealer + 1 + len(state.auction)) % 4:
        problems.append(f"seat {state.turn} cannot be bidding after {len(state.auction)} bids")
    if phase is Phase.DISCARD and (state.turn != dealer or not state.picked_up):
        problems.append("only the dealer discards, after taking the up-card")
    if (state.discard is not None) != (
        state.picked_up and phase in (Phase.ALONE, Phase.PLAY, Phase.OVER)
    ):
        problems.append("a discard exists exactly when the dealer took the up-card")
    if phase is Phase.ALONE and (not state.pending or state.turn != state.pending[0]):
        problems.append("the seat asked about going alone must be the first pending one")
    if phase is Phase.PLAY:
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
    order = game.trick_order(state.trump)
    won = [0, 0]
    for number, trick in enumerate(state.tricks, start=1):
        if trick.winner != trick.seats[order.winner(trick.cards)]:
            problems.append(f"trick {number} was not won by seat {trick.winner}")
        won[trick.winner % 2] += 1
    if tuple(won) != state.tricks_won:
        problems.append(f"tricks_won {state.tricks_won} does not match the tricks {tuple(won)}")
    return problems

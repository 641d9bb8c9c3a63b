"""Checks on a state decoded from outside: can a legal game of All Fours reach it?

Two stages. First the plain facts: seats in range, every card of the pack exactly once in a
dealt state, nothing dealt before the deal, the trump the last kick's suit, scores below the
target while the game goes on. Then the history: the state records the current deal's kicks,
the stand or beg, the dealer's answer and the tricks, so the shuffle that started the deal can
be rebuilt (each seat's cards in hand plus those it played, the first 6 for the deal and 3 for
each run of the pack, F2) and the deal replayed through :meth:`AllFours.apply` from the state
before it. The state is valid when that replay is legal at every step and arrives at exactly the
given state (the order of cards within a hand aside). The game before the deal is checked apart
(:func:`_progress_problems`): scores that the hands so far give, the last hand's count point by
point (F2, F3, F5), its dealer and the first dealer (F1). The last hand's record is checked
against itself: its last deal's kicks, stand or beg and answer, tricks and count (the count of
High, Low, Jack and Game is worked out again from its tricks), and the points of earlier deals
of a redeal (the dealer's side's kicks only, F3), which a hand in progress keeps in
``earlier_scored``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from trickcore.cards import Card, Rank, Suit
from trickcore.game import Shuffle
from trickcore.kit.validation import (
    before_last_hand,
    card_problems,
    dealer_problems,
    dealt_cards,
    differences,
    draw_problems,
    last_dealer_problems,
    located_cards,
    nothing_but,
    play_actions,
    replay,
    seat_problems,
    trick_problems,
    unordered_hands,
)
from trickcore_allfours.actions import Beg, GiveOne, RunPack, Stand
from trickcore_allfours.deal import HAND_SIZE, PACK, RUN_SIZE
from trickcore_allfours.scoring import card_points, count, game_points, kick_points
from trickcore_allfours.state import AllFoursState, HandResult, Phase, Score

if TYPE_CHECKING:
    from trickcore_allfours.rules import AllFours

__all__ = ["hand_history", "problems"]

_BEFORE_THE_DEAL = (Phase.DRAW_DEALER, Phase.DEAL)
_COUNT_ORDER = {"kick": 0, "give_one": 1, "high": 2, "low": 3, "jack": 4, "hang_jack": 4, "game": 5}
"""The order in which a deal scores (F2, F3, F5): kicks first (any number), then each once."""
_ALL_GAME_POINTS = card_points(PACK)


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
    found += draw_problems(game, state)
    first = game.options.first_dealer
    dealt = state.phase not in _BEFORE_THE_DEAL or state.redeals > 0
    hand = state.hand_number + (not dealt)
    found += dealer_problems(game.seating, state.dealer, first=first, hand=hand, rule="F1")
    return found


def _before_deal_problems(
    game: AllFours, state: AllFoursState, *, last_known: bool = True
) -> list[str]:
    """A state before a deal holds the game's progress only, and that progress must be one a
    game reaches (``last_known``: its last hand is the one before this hand)."""
    clean = AllFoursState(
        phase=state.phase,
        dealer=state.dealer,
        scores=state.scores,
        hand_number=state.hand_number,
        redeals=state.redeals,
        hand_points=state.hand_points,
        hands=((),) * game.seats,
        last_hand=state.last_hand,
        earlier_scored=state.earlier_scored,
    )
    found = nothing_but(state, clean, f"before the deal ({state.phase.value} phase)")
    if found:
        return [f"nothing may be dealt or played in the {state.phase.value} phase: {found[0]}"]
    if state.phase is Phase.DRAW_DEALER and (state.hand_number or state.scores != (0, 0)):
        found.append("the first dealer is drawn before the first hand only")
    if state.redeals == 0 and state.hand_points != (0, 0):
        found.append("a new hand has no points yet")
    if state.redeals > 0 and state.hand_number < 1:
        found.append("a redeal belongs to a hand already dealt")
    return found or _progress_problems(game, state, last_known=last_known)


def _progress_problems(game: AllFours, state: AllFoursState, *, last_known: bool) -> list[str]:
    """The game before a deal: the scores, the hand number, the last hand and the points of
    the current hand, scored by earlier deals of a redeal (kicks for the dealer's side, F3)."""
    assert state.dealer is not None or state.phase is Phase.DRAW_DEALER
    completed = state.hand_number - (state.redeals > 0)
    target, last = game.options.target, state.last_hand
    if max(state.scores) >= target:
        return [f"a side has reached the target {target} but play goes on"]
    if game.options.single_hand and completed > 0:
        return [f"{completed} hands played, but single_hand stops after one (F7)"]
    earlier, found = before_last_hand(state.scores, state.hand_points)
    if state.dealer is not None:
        found += _earlier_problems(game, state.dealer, state.redeals, state.earlier_scored)
        summed = [0, 0]
        for score in state.earlier_scored:
            summed[score.side] += score.points
        if not found and tuple(summed) != state.hand_points:
            found.append(
                f"hand points {state.hand_points} before redeal {state.redeals} are not the "
                f"points of the earlier deals {state.earlier_scored} (F3)"
            )
    if state.dealer is not None and state.redeals:
        dealer_side = game.side_of(state.dealer)
        if (
            state.hand_points[1 - dealer_side]
            or state.hand_points[dealer_side] > _most_kicked(game) * state.redeals
        ):
            found.append(
                f"hand points {state.hand_points} before redeal {state.redeals}: only kicks "
                f"score before a redeal, for the dealer's side (F3)"
            )
    if not last_known or found:
        return found
    if (last is None) != (completed == 0):
        return [f"{'no' if last is None else 'a'} last hand after {completed} hands"]
    if last is None:
        return [] if earlier == (0, 0) else [f"scores {state.scores} before any hand is over"]
    found = _last_hand_problems(game, state, last, completed)
    before, found2 = before_last_hand(earlier, last.hand_points)
    if completed == 1 and before != (0, 0):
        found2.append(f"scores {earlier} after one hand that scored {last.hand_points}")
    return found + found2


def _earlier_problems(
    game: AllFours, dealer: int, redeals: int, earlier: tuple[Score, ...]
) -> list[str]:
    """The points of a hand's deals before a redeal: none without a redeal; otherwise kicks
    only, each scoring its points for the dealer's side (F2, F3)."""
    if not redeals:
        return [] if not earlier else [f"points of earlier deals {earlier} without a redeal"]
    side = game.side_of(dealer)
    for score in earlier:
        card = score.card
        points = 0 if card is None else kick_points(card, tobago=game.options.tobago)
        if score.reason != "kick" or score.side != side or not points or score.points != points:
            return [f"{score} of an earlier deal is not a kick scoring for the dealer's side (F3)"]
    return []


def _record_problems(game: AllFours, last: HandResult) -> list[str]:
    """The last hand's record of its last deal against itself (F2-F5): the kicks (runs of the
    pack while the begged suit repeats), the stand or beg and the answer, the tricks (every
    card dealt played once, none kicked) and the count worked out again from them, after the
    points of earlier deals (the dealer's side's kicks, F3)."""
    kicks = last.kicks
    if not kicks or last.trump is not kicks[-1].card.suit:
        return [f"the last hand's trump {last.trump} is not the suit of its last kick {kicks}"]
    tobago = game.options.tobago
    found = [
        f"the last hand's kick {kick.card} scores {kick_points(kick.card, tobago=tobago)}, "
        f"not {kick.points} (F2)"
        for kick in kicks
        if kick.points != kick_points(kick.card, tobago=tobago)
    ]
    runs = len(kicks) - 1
    begged = kicks[0].card.suit
    if last.call is None or (last.call == "stand") != (last.answer is None):
        found.append(f"the last hand's call {last.call} and answer {last.answer} (F3)")
    elif (last.answer == "run_pack") != (runs > 0) or any(
        kick.card.suit is not begged for kick in kicks[:-1]
    ):
        found.append(f"the last hand's kicks {kicks} after answer {last.answer} (F3)")
    elif runs and kicks[-1].card.suit is begged:
        found.append(f"the last hand's last kick repeats the begged suit {begged} (F3)")
    policy = game.follow_policy(last.trump)
    tricks_found = trick_problems(game.seating, last.tricks, policy)
    found += tricks_found or _play_problems(game, last)  # the play needs seats at the table
    played = [card for trick in last.tricks for card in trick.cards]
    per_seat = HAND_SIZE + RUN_SIZE * runs
    if len(last.tricks) != per_seat or len(set(played)) != len(played):
        found.append(f"the last hand has {len(last.tricks)} tricks, not {per_seat} (F3, F4)")
    if set(played) & {kick.card for kick in kicks}:
        found.append("a card of the last hand was both kicked and played (F2)")
    found += _earlier_problems(game, last.dealer, last.redeals, last.scored[: _earlier(last)])
    if found:
        return found
    if last.game_points != game_points(game.seating, last.tricks):
        found.append(f"the last hand's card points for Game {last.game_points} (F5)")
    counted = [
        (award.side, award.points, award.reason, award.card)
        for award in count(game.seating, last.tricks, last.trump, hang_jack=game.options.hang_jack)
    ]
    tail = [
        (score.side, score.points, score.reason, score.card)
        for score in last.scored
        if score.reason not in ("kick", "give_one")
    ]
    if tail != counted:  # the game went on: the whole count was scored
        found.append(f"the last hand's count {tail} is not its tricks' count {counted} (F5)")
    if ("give_one" in [score.reason for score in last.scored]) != (last.answer == "give_one"):
        found.append(f"the last hand's given point and its answer {last.answer} (F3)")
    return found


def _play_problems(game: AllFours, last: HandResult) -> list[str]:
    """The last hand's tricks as played (F4): the dealer's right leads the first, each winner
    the next, in the order of play, every card one its player could play from what it held
    (every card a seat played was dealt to it before the play)."""
    policy = game.follow_policy(last.trump)
    held = dealt_cards([()] * game.seats, [(t.seats, t.cards) for t in last.tricks])
    leader = game.beggar(last.dealer)
    for number, trick in enumerate(last.tricks, start=1):
        if trick.seats != game.seating.order(leader):
            return [f"the last hand's trick {number} is not led by seat {leader} (F4)"]
        for place, (seat, card) in enumerate(zip(trick.seats, trick.cards, strict=True)):
            so_far = trick.cards[:place]
            if so_far and not policy.allows(tuple(held[seat]), so_far, card):
                return [f"the last hand's trick {number}: seat {seat} may not play {card} (F4)"]
            held[seat].remove(card)
        leader = trick.winner
    return []


def _earlier(last: HandResult) -> int:
    """How many of the last hand's points were scored before its last deal: its kick points
    before those of the last deal's kicks."""
    kicked = sum(1 for kick in last.kicks if kick.points)
    kick_scores = 0
    for score in last.scored:
        if score.reason != "kick":
            break
        kick_scores += 1
    return max(kick_scores - kicked, 0)


def _most_kicked(game: AllFours) -> int:
    """The most a deal that ends in a redeal scores: kicks of one suit only (F2, F3)."""
    tobago = game.options.tobago
    return sum(kick_points(card, tobago=tobago) for card in PACK if card.suit is Suit.SPADES)


def _last_hand_problems(
    game: AllFours, state: AllFoursState, last: HandResult, completed: int
) -> list[str]:
    """The last hand, played out (the game went on): its number, dealer and count."""
    found = seat_problems(game.seating, **{"the last hand's dealer": last.dealer})
    if found:
        return found
    found = last_dealer_problems(game.seating, last.dealer, state.dealer, passed=True)
    found += _record_problems(game, last)
    if last.hand_number != completed:
        found.append(f"the last hand is hand {last.hand_number}, not {completed}")
    if min(last.game_points) < 0 or sum(last.game_points) > _ALL_GAME_POINTS:
        found.append(f"the last hand's card points for Game {last.game_points} (F5)")
    found += _count_problems(game, last)
    if found:
        return found
    dealer_side = game.side_of(last.dealer)
    scored = [0, 0]
    for score in last.scored:
        scored[score.side] += score.points
    other = 1 - dealer_side
    if (
        last.hand_points[other] != scored[other]
        or last.hand_points[dealer_side] != scored[dealer_side]
    ):
        found.append(
            f"the last hand's points {last.hand_points} do not add up from its count "
            f"{tuple(scored)} (only the dealer's side scores in a redeal, F3)"
        )
    return found


def _count_problems(game: AllFours, last: HandResult) -> list[str]:
    """Each point of a played-out deal: its side, points and card by the rule that scored it,
    in the order of F5, and High, Low and Game present when they must be."""
    found = []
    reasons = [score.reason for score in last.scored]
    places = [_COUNT_ORDER.get(reason, -1) for reason in reasons]
    later = [place for place in places if place > 0]
    if places != sorted(places) or len(later) != len(set(later)) or -1 in places:
        found.append(f"the last hand's count {reasons} is not in the order of F2, F3 and F5")
    for score in last.scored:
        expected = _expected(game, last, score)
        if expected != (score.side, score.points):
            found.append(
                f"the last hand's {score.reason} {score.card} scores {expected[1]} for side "
                f"{expected[0]}, not {score.points} for side {score.side}"
            )
    if ("high" in reasons) != ("low" in reasons):
        found.append("the last hand scored one of High and Low without the other (F5)")
    if ("game" in reasons) == (last.game_points[0] == last.game_points[1]):
        found.append(f"the last hand's Game does not follow its card points {last.game_points}")
    return found


def _expected(game: AllFours, last: HandResult, score: Score) -> tuple[int | None, int]:
    """The side and points ``score`` must have (``None``: whichever side held or took it)."""
    card, trump, dealer = score.card, last.trump, last.dealer
    side: int | None = score.side if score.side in (0, 1) else None
    if score.reason == "kick":
        points = 0 if card is None else kick_points(card, tobago=game.options.tobago)
        return game.side_of(dealer), points or -1
    if score.reason == "give_one":
        return game.side_of(game.beggar(dealer)), 1 if card is None else -1
    if score.reason == "game":
        leader = int(last.game_points[1] > last.game_points[0])
        return leader, 1 if card is None else -1
    if card is None or card.suit is not trump:
        return side, -1  # High, Low and the jack are trumps
    if score.reason in ("high", "low"):
        return side, 1
    if card.rank is not Rank.JACK:
        return side, -1
    return side, 1 if score.reason == "jack" else game.options.hang_jack


def _card_problems(game: AllFours, state: AllFoursState) -> list[str]:
    located = located_cards(game, state)  # the hands, the stock, the tricks
    return card_problems([*located, *(kick.card for kick in state.kicks)], PACK)


def _history(game: AllFours, state: AllFoursState) -> list[Any]:
    """The actions of the current deal after the shuffle, as the state records them (the card
    plays as the game's own play actions, built once per game)."""
    actions: list[Any] = []
    if state.call is not None:
        actions.append(Stand() if state.call == "stand" else Beg())
    if state.answer is not None:
        actions.append(GiveOne() if state.answer == "give_one" else RunPack())
    actions += play_actions(game.plays, (card for trick in state.tricks for card in trick.cards))
    actions += play_actions(game.plays, state.trick)
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


def _counted(state: AllFoursState) -> bool:
    """Whether the state's last hand is its own hand: the game ended in its count (F5)."""
    return state.last_hand is not None and state.last_hand.hand_number == state.hand_number


def _start_of_deal(state: AllFoursState) -> AllFoursState:
    """The state just before this deal's shuffle: the points scored in the deal taken back (and
    the last hand unknown when the game ended in this hand's count, which replaced it)."""
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
        last_hand=None if _counted(state) else state.last_hand,
        earlier_scored=state.earlier_scored,
    )


def _history_problems(game: AllFours, state: AllFoursState) -> list[str]:
    found = _card_problems(game, state)
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
    unknown = _counted(state) and state.hand_number > 1
    before = _before_deal_problems(game, start, last_known=not unknown)
    if before:
        return before
    replayed, found = replay(game, start, [shuffle, *_history(game, state)])
    if found:
        return found
    expected, actual = unordered_hands(replayed), unordered_hands(state)
    if expected == actual:
        return []
    return [
        "the state does not follow from its own deal: " + "; ".join(differences(actual, expected))
    ]


def hand_history(game: AllFours, state: AllFoursState) -> tuple[AllFoursState, tuple[Any, ...]]:
    """The state just before the current deal's shuffle and the deal's actions since, in order:
    the shuffle that dealt it, with the runs of the pack (F2, F3), the stand or beg and the
    answer (F3), and the cards played (F4). Applied to that state, they give ``state`` back
    (up to the order of the cards in a hand). A ``ValueError`` for a state with no deal, or one
    whose cards do not make a deal."""
    if state.phase in _BEFORE_THE_DEAL or state.dealer is None or not state.kicks:
        raise ValueError(f"nothing has been dealt in the {state.phase.value} phase")
    shuffle, problems = _shuffle(game, state)
    if shuffle is None:
        raise ValueError("; ".join(problems))
    return _start_of_deal(state), (shuffle, *_history(game, state))

"""Helpers for ``validate``: checking a state decoded from outside (DESIGN 4).

The surest check that a legal game can reach a state is to play its hand again: the state holds
each seat's cards and the tricks played, so the deal that started the hand can be rebuilt
(:func:`dealt_cards`, then :meth:`~trickcore.kit.deal.DealSchedule.stack`) and the hand's
recorded actions applied to it (:func:`replay`); the state is valid when that arrives exactly at
it (:func:`differences` names what does not). :func:`card_problems` counts the cards first, so
that a card held twice or foreign to the pack gets a message of its own.

A state also carries the game so far, which no replay of the current hand checks: the scores,
the hand number, the dealer, the last hand's result and the winner. :func:`reach_problems`
bounds the scores by the hands played, :func:`dealer_problems` and :func:`last_dealer_problems`
tie the dealer to the first dealer and the last hand, :func:`before_last_hand` takes the last
hand's points back, :func:`winner_problems` ties the winner to the end of the game, and
:func:`nothing_but` finds anything else in a state that holds the game's progress only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar, cast

import msgspec
from msgspec.structs import replace

from trickcore.cards import Card
from trickcore.errors import IllegalActionError
from trickcore.game import Seat, Shuffle
from trickcore.kit.seating import Seating
from trickcore.kit.tricks import FollowSuit, Trick, hand_plays

if TYPE_CHECKING:
    from trickcore.kit.base import TrickGame

__all__ = [
    "before_last_hand",
    "card_problems",
    "dealer_of_hand",
    "dealer_problems",
    "dealt_cards",
    "differences",
    "draw_problems",
    "hand_problems",
    "located_cards",
    "last_dealer_problems",
    "nothing_but",
    "play_actions",
    "reach_problems",
    "replay",
    "replay_problems",
    "seat_problems",
    "trick_problems",
    "undo_exchange",
    "unordered_hands",
    "winner_problems",
]

S = TypeVar("S")
A = TypeVar("A")
StateT = TypeVar("StateT", bound=msgspec.Struct)


def card_problems(located: Iterable[Card], pack: Sequence[Card]) -> list[str]:
    """What is wrong with the cards of a state (``located``: every card in every place, once per
    place): cards held more than once, cards not in the pack, and (when none is foreign) cards
    missing."""
    counts = Counter(located)
    problems = []
    twice = sorted(str(card) for card, n in counts.items() if n > 1)
    if twice:
        problems.append("cards held more than once: " + " ".join(twice))
    known = frozenset(pack)
    foreign = sorted(str(card) for card in counts if card not in known)
    if foreign:
        problems.append(f"cards not in the {len(known)}-card pack: " + " ".join(foreign))
    missing = sorted(str(card) for card in pack if card not in counts)
    if missing and not foreign:
        problems.append("cards missing: " + " ".join(missing))
    return problems


def _is_seat(seating: Seating, value: object) -> bool:
    return type(value) is int and 0 <= value < seating.seats


def seat_problems(seating: Seating, **fields: int | Sequence[int] | None) -> list[str]:
    """A problem for each named field that should hold a seat of the table (or ``None``) or a
    sequence of seats and holds anything else: ``seat_problems(SEATING, turn=5)`` gives
    ``["turn 5 is not a seat 0-3"]``."""
    seats = f"a seat 0-{seating.seats - 1}"
    problems = []
    for name, value in fields.items():
        if value is None or _is_seat(seating, value):
            continue
        if isinstance(value, tuple | list):
            if not all(_is_seat(seating, seat) for seat in value):
                problems.append(f"{name} {list(value)} holds something that is not {seats}")
        else:
            problems.append(f"{name} {value} is not {seats}")
    return problems


def trick_problems(
    seating: Seating, tricks: Sequence[Trick], policy: FollowSuit | None = None
) -> list[str]:
    """What is wrong with finished tricks: seats that are not seats of the table, cards and
    seats that do not pair up, a winner who did not play and, given the ``policy`` (whose
    order must know every card), a winner the cards do not make."""
    problems = []
    for number, trick in enumerate(tricks, start=1):
        problems += seat_problems(seating, **{f"the seats of trick {number}": trick.seats})
        if len(trick.cards) != len(trick.seats) or not trick.cards:
            problems.append(
                f"a trick of {len(trick.cards)} cards played by {len(trick.seats)} seats"
            )
        elif not _is_seat(seating, trick.winner) or trick.winner not in trick.seats:
            problems.append(f"trick winner {trick.winner} did not play in the trick")
        elif policy is not None and trick.winner != trick.seats[policy.winner(trick.cards)]:
            problems.append(f"trick {number} was not won by seat {trick.winner}")
    return problems


def dealt_cards(
    hands: Sequence[Sequence[Card]], plays: Iterable[tuple[Sequence[Seat], Sequence[Card]]]
) -> list[list[Card]]:
    """Each seat's cards before play: what it holds now and what it played (``plays``: pairs
    of the seats in their order of play and the cards they played, as for tricks)."""
    held = [list(hand) for hand in hands]
    for seats, cards in plays:
        for seat, card in zip(seats, cards, strict=False):
            held[seat].append(card)
    return held


def play_actions(plays: Mapping[Card, A], cards: Iterable[Card]) -> list[A]:
    """The actions that played ``cards``, in order: the game's own play action of each card
    (``plays``: :attr:`TrickGame.plays <trickcore.kit.TrickGame.plays>`, built once per game),
    so that a history rebuilt for every world a search bot judges builds no action. A
    ``ValueError`` names a card that is not of the pack."""
    try:
        return [plays[card] for card in cards]
    except KeyError as error:
        raise ValueError(f"{error.args[0]} was played but is not a card of the pack") from None


def undo_exchange(
    held: Sequence[Sequence[Card]],
    given: Sequence[Sequence[Card]],
    received: Sequence[Sequence[Card]],
) -> tuple[list[list[Card]], list[str]]:
    """Each seat's cards before an exchange of cards between hands (Apples' bidding pile, a
    pass in Hearts): what it holds after it (``held``, by seat), less what it ``received``, plus
    what it ``given``. A problem for each received card that the seat does not hold."""
    before = [list(cards) for cards in held]
    problems = []
    for seat, (cards, back, out) in enumerate(zip(before, received, given, strict=True)):
        for card in back:
            if card in cards:
                cards.remove(card)
            else:
                problems.append(f"seat {seat} received {card} but does not hold it")
        cards.extend(out)
    return before, problems


def replay(game: Any, start: S, actions: Iterable[Any]) -> tuple[S, list[str]]:
    """Apply ``actions`` to ``start`` through ``game.apply``: the state reached and no problem,
    or the state before the first illegal step and a problem naming it."""
    state = start
    for number, action in enumerate(actions, start=1):
        try:
            state = game.apply(state, action)
        except IllegalActionError as error:
            return state, [f"step {number} of the recorded hand ({action}) is not legal: {error}"]
    return state, []


def differences(actual: msgspec.Struct, expected: msgspec.Struct) -> list[str]:
    """``"name is X, play gives Y"`` for each field in which ``actual`` and ``expected`` (two
    structs of one type) differ."""
    return [
        f"{name} is {getattr(actual, name)!r}, play gives {getattr(expected, name)!r}"
        for name in actual.__struct_fields__
        if getattr(actual, name) != getattr(expected, name)
    ]


def unordered_hands(state: S) -> S:
    """``state`` (a Struct with a ``hands`` field of card tuples) with each hand in pack order:
    the order of cards within a hand carries no meaning, so two states are compared through it."""
    hands = getattr(state, "hands")  # noqa: B009 - any game's state Struct
    ordered = tuple(tuple(sorted(hand, key=lambda card: card.index)) for hand in hands)
    return replace(state, hands=ordered)  # type: ignore[type-var]


def nothing_but(state: msgspec.Struct, clean: msgspec.Struct, where: str) -> list[str]:
    """A state that may hold the game's progress only (before a deal, between hands) against
    ``clean``, the same state built from those fields alone: one problem naming, ``where``, every
    field that holds more."""
    if state == clean:
        return []
    return [f"nothing of a hand exists {where}: " + "; ".join(differences(state, clean))]


def dealer_of_hand(seating: Seating, first: Seat, hand: int) -> Seat:
    """The dealer of hand ``hand`` (1 for the first) when ``first`` dealt the first and the deal
    passes on one seat, in the direction of play, after every hand."""
    return seating.ahead(first, (hand - 1) % seating.seats)


def dealer_problems(
    seating: Seating, dealer: Seat | None, *, first: Seat | None, hand: int, rule: str
) -> list[str]:
    """With the first dealer fixed (``first``; ``None`` when it was drawn: nothing to check),
    ``dealer`` must be the dealer of hand ``hand`` (:func:`dealer_of_hand`); ``rule`` is the rule
    book's section."""
    if first is None or dealer is None:
        return []
    expected = dealer_of_hand(seating, first, hand)
    if dealer == expected:
        return []
    return [f"seat {dealer} deals hand {hand}, but seat {expected} does ({rule})"]


def last_dealer_problems(
    seating: Seating, last_dealer: Seat, dealer: Seat | None, *, passed: bool, hand: str = "hand"
) -> list[str]:
    """The last hand's dealer: the seat before ``dealer`` when the deal has passed on since
    (``passed``), else ``dealer`` itself. ``hand`` is the game's word for a hand ("round")."""
    if dealer is None:
        return []
    expected = seating.ahead(dealer, seating.seats - 1) if passed else dealer
    if last_dealer == expected:
        return []
    return [f"the last {hand} was dealt by seat {last_dealer}, not {expected}"]


def reach_problems(
    scores: Sequence[int],
    hands: int,
    *,
    most: int,
    least: int = 0,
    together: int | None = None,
    rule: str,
    hand: str = "hand",
    unit: int = 1,
) -> list[str]:
    """Scores no game reaches in ``hands`` scored hands when a hand gives each side between
    ``least`` and ``most`` points, and all sides ``together`` at most that many (``None``: no
    bound but each side's), always a multiple of ``unit`` points; ``rule`` is the rule book's
    section on scoring, ``hand`` the game's word for a hand."""
    hands = max(hands, 0)
    problems = []
    if unit > 1 and any(score % unit for score in scores):
        problems.append(f"scores {tuple(scores)} are not all multiples of {unit} ({rule})")
    low, high = least * hands, most * hands
    if not all(low <= score <= high for score in scores):
        problems.append(
            f"scores {tuple(scores)} after {hands} {hand}s (each side {least} to {most} points "
            f"a {hand}, {rule})"
        )
    if together is not None and sum(scores) > together * hands:
        problems.append(
            f"scores {tuple(scores)} after {hands} {hand}s (at most {together} points a {hand}, "
            f"{rule})"
        )
    return problems


def before_last_hand(
    scores: Sequence[int], points: Sequence[int], *, negative: bool = False, hand: str = "hand"
) -> tuple[tuple[int, ...], list[str]]:
    """The scores before the last hand, given the points each side scored in it (both by
    side), and a problem for each side that would have had less than nothing (unless scores may
    be ``negative``); ``hand`` is the game's word for a hand."""
    before = tuple(score - scored for score, scored in zip(scores, points, strict=True))
    problems = [
        f"side {side} scored {points[side]} in the last {hand} but has {scores[side]}"
        for side, score in enumerate(before)
        if score < 0 and not negative
    ]
    return before, problems


def winner_problems(
    winner: int | None,
    *,
    over: bool,
    scores: Sequence[int],
    before: Sequence[int],
    target: int,
    ties_play_on: bool = False,
    hand: str = "hand",
) -> list[str]:
    """The winner agrees with the end of a game played to ``target``: nobody had won before the
    last hand (``before``: the scores before it); no winner while the game goes on; once it is
    over, the side alone highest, which reached the target. With ``ties_play_on``, sides tied
    for the highest score at or past the target play on (the winner then breaks the tie,
    possibly below the target). ``hand`` is the game's word for a hand."""
    top_before = max(before)
    if top_before >= target and (not ties_play_on or before.count(top_before) == 1):
        leader = before.index(top_before)
        return [f"side {leader} had reached the target {target} before the last {hand}"]
    if not over:
        return [] if winner is None else [f"winner {winner} while the game goes on"]
    if winner is None or not 0 <= winner < len(scores):
        return [f"no winner of a game over at scores {tuple(scores)}"]
    if scores[winner] < target and not ties_play_on:
        return [f"winner {winner} did not reach the target {target} with the last {hand}"]
    top = max(scores)
    if scores[winner] != top or scores.count(top) > 1:
        return [f"winner {winner} is not alone highest at scores {tuple(scores)}"]
    return []


# -- a hand played again: the parts of ``problems`` a game in the kit's layout composes ---------


def hand_problems(
    game: TrickGame[StateT, Any, Any, Any],
    state: StateT,
    start: StateT,
    *,
    actions: Sequence[Any] = (),
    kick: Sequence[Card] = (),
    dealt: Sequence[Sequence[Card]] | None = None,
    same: Callable[[StateT], object] = lambda state: state,
) -> list[str]:
    """For ``game.problems`` in the kit's layout: what stops ``start`` (the state before the
    hand's deal, which the game works out) from leading to ``state``. The seats and the tricks
    are checked first (:func:`seat_problems`, :func:`trick_problems`); then the hand is played
    again (:func:`replay_problems`) from the deal its hands, tricks and secret fields imply.

    A hand that is more than a deal and its tricks says the rest: ``actions``, the hand's
    actions before its plays (bids, a discard ...), ``kick``, the cards turned after the deal,
    ``dealt``, each seat's cards as dealt when cards changed hands since (by default each
    seat's hand and the cards it played, :func:`dealt_cards`), and ``same``, as
    :func:`replay_problems` takes it."""
    layout: Any = state
    dealer = layout.dealer
    found = seat_problems(
        game.seating, dealer=dealer, turn=layout.turn, trick_seats=layout.trick_seats
    )
    found += trick_problems(game.seating, layout.tricks)
    if found or dealer is None:
        return found or ["no dealer during a hand"]
    plays = hand_plays(layout.tricks, layout.trick_seats, layout.trick)
    if dealt is None:
        dealt = dealt_cards(layout.hands, plays)
    played = [game.play_type(card=card) for _, cards in plays for card in cards]
    stock = [card for name in game.projection.secret for card in getattr(state, name)]
    return replay_problems(
        game,
        state,
        start,
        dealer=dealer,
        dealt=dealt,
        actions=[*actions, *played],
        kick=kick,
        stock=stock,
        same=same,
    )


def draw_problems(game: TrickGame[StateT, Any, Any, Any], state: StateT) -> list[str]:
    """For ``game.problems`` in the kit's layout: the dealer against the draw for the first
    dealer. No dealer while it is drawn (the game's ``draw_phase``), and no draw at all when
    the options fix the ``first_dealer``; a dealer in every other phase."""
    layout: Any = state
    phase, dealer = layout.phase, layout.dealer
    first = getattr(game.options, "first_dealer", None)
    if phase is not game.draw_phase:
        return [] if dealer is not None else [f"no dealer in the {phase.value} phase"]
    if dealer is not None:
        return ["there is no dealer before the first dealer is drawn"]
    return [] if first is None else [f"no dealer is drawn when first_dealer is {first}"]


def located_cards(game: TrickGame[StateT, Any, Any, Any], state: StateT) -> list[Card]:
    """Every card of ``state`` in the places of the kit's layout, once per place, for
    :func:`card_problems`: the game's projection's per-seat parts, its secret fields and its
    owned fields (a card, or ``None``), the hand's finished tricks and the trick in progress.
    A game adds the places of its own (a kick, an up-card)."""
    layout: Any = state
    projection = game.projection
    found = [
        card
        for part in projection.per_seat
        for entry in getattr(state, part.field)
        for card in entry
    ]
    for name in projection.secret:
        found += getattr(state, name)
    found += [card for name in projection.owned if (card := getattr(state, name)) is not None]
    found += [card for trick in layout.tricks for card in trick.cards]
    found += layout.trick
    return found


def replay_problems(
    game: TrickGame[StateT, Any, Any, Any],
    state: StateT,
    start: StateT,
    *,
    dealer: Seat,
    dealt: Sequence[Sequence[Card]],
    actions: Iterable[Any],
    kick: Sequence[Card] = (),
    stock: Sequence[Card] = (),
    same: Callable[[StateT], object] = lambda state: state,
) -> list[str]:
    """Play ``state``'s hand again: stack the deck that deals ``dealt`` (each seat's cards as
    dealt), the ``kick`` and the ``stock`` for ``dealer`` (the game's
    :meth:`DealSchedule.stack <trickcore.kit.deal.DealSchedule.stack>`), shuffle it into
    ``start`` (the state before the deal) and apply ``actions`` (the hand's recorded actions).
    The problems: a deal the schedule cannot make, an illegal step, or an arrival that differs
    from ``state`` (compared through ``same``, which may drop what carries no meaning, such as
    the order of cards in a hand), naming the fields."""
    if game.deal is None:
        raise TypeError(f"{type(game).__name__} declares no deal schedule")
    try:
        order = game.deal.stack(dealt, dealer, kick=kick, stock=stock)
    except ValueError as error:  # a card twice, a hand of the wrong size ...
        return [str(error)]
    arrived, found = replay(game, start, [Shuffle(order=order), *actions])
    if found or same(arrived) == same(state):
        return found
    wrong = differences(cast(msgspec.Struct, same(state)), cast(msgspec.Struct, same(arrived)))
    return ["the state does not follow from its own hand: " + "; ".join(wrong)]

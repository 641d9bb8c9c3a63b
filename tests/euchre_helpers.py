"""Helpers for the Euchre tests: stacked decks (rule book E3), a tiny action language and
card text.

* :func:`stacked_order` builds the shuffle that deals given hands exactly as E3 says: for the
  shuffled order c0, c1, ..., the player on the dealer's left gets c0, c4, c8, c12, c16, the next
  player clockwise c1, c5, ..., the dealer c3, c7, ...; c20 is the up-card and the rest stay
  undealt in order. It is written from the rule book, independently of the plugin's deal code.
* :func:`deal` applies that shuffle (after the dealer draw when the game draws one).
* :func:`run` applies a script such as ``"1=pass 2=order_up 3=discard:9S 2=alone 3=QH"``.
* :func:`tricks` / :func:`hands_from_tricks` describe a whole hand's play trick by trick; the
  hands that play it are derived from the script, so a scenario fixes the play and the deal
  follows from it.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import trickcore
from trickcore import Card, DrawDealer, Shuffle, Suit, testing
from trickcore_euchre.actions import Play
from trickcore_euchre.deal import DEAL
from trickcore_euchre.ranking import deck_for
from trickcore_euchre.state import EuchreState, Phase

__all__ = [
    "ALIASES",
    "C",
    "CardsLike",
    "S",
    "actions",
    "assert_cards_accounted",
    "ARRANGED_UP",
    "arranged",
    "cards_in_view",
    "clockwise",
    "cs",
    "deal",
    "euchre",
    "hands_from_tricks",
    "parse_action",
    "run",
    "stacked_order",
    "tricks",
]

CardsLike = str | Sequence[Card]


def cs(text: CardsLike) -> tuple[Card, ...]:
    """Cards from text (``cs("AS KH")``) or from a sequence of cards."""
    if isinstance(text, str):
        return trickcore.cards(text)
    return tuple(text)


def C(text: str) -> Card:  # noqa: N802 - short on purpose, reads like a card literal
    """One card from text: ``C("JH")``."""
    return Card(text)


def S(letter: str) -> Suit:  # noqa: N802
    """A suit from its letter: ``S("H")``."""
    return Suit(letter)


def euchre(dealer: int | None = 0, **options: Any) -> Any:
    """``trickcore.load("euchre", first_dealer=dealer, **options)``."""
    return trickcore.load("euchre", first_dealer=dealer, **options)


# -- the stacked deck (E3) -------------------------------------------------------------------


def stacked_order(
    game: Any,
    dealer: int,
    hands: Mapping[int, CardsLike],
    up: str | Card | None = None,
    rest: CardsLike | None = None,
) -> tuple[Card, ...]:
    """The shuffle (whole pack, in order) that deals ``hands`` with ``up`` as the up-card.

    Seats missing from ``hands`` (or given fewer than 5 cards) are filled with the pack's
    remaining cards in pack order, so the result is deterministic; so is the up-card when
    ``up`` is None. ``rest`` puts the first undealt cards in that order; the others follow in
    pack order.
    """
    wanted = {seat: cs(cards) for seat, cards in hands.items()}
    kick = (C(up) if isinstance(up, str) else up,) if up is not None else ()
    rest_cards = cs(rest) if rest is not None else ()
    return DEAL.stack(wanted, dealer, kick=kick, stock=rest_cards, pack=game.deck)


def deal(
    game: Any,
    dealer: int,
    hands: Mapping[int, CardsLike],
    up: str | Card | None = None,
    *,
    rest: CardsLike | None = None,
    state: EuchreState | None = None,
) -> EuchreState:
    """Deal ``hands`` (and ``up``) from a stacked shuffle; ``state`` defaults to the game's
    initial state (its dealer is drawn as ``dealer`` when the game draws one)."""
    if state is None:
        state = game.initial_state()
    if state.phase is Phase.DRAW_DEALER:
        state = game.apply(state, DrawDealer(seat=dealer))
    assert state.phase is Phase.DEAL, state.phase
    assert state.dealer == dealer, f"the dealer is seat {state.dealer}, not {dealer}"
    order = stacked_order(game, dealer, hands, up, rest)
    after: EuchreState = game.apply(state, Shuffle(order=order))
    return after


def assert_cards_accounted(game: Any, state: EuchreState) -> None:
    """Every card of the pack exactly once, counted from the state's fields directly."""
    if state.phase in (Phase.DRAW_DEALER, Phase.DEAL):
        return
    located = [card for hand in state.hands for card in hand]
    located += state.undealt
    located += [card for trick in state.tricks for card in trick.cards]
    located += state.trick
    if state.discard is not None:
        located.append(state.discard)
    if state.up_card is not None and not state.picked_up:
        located.append(state.up_card)
    assert sorted(located, key=lambda c: c.index) == sorted(
        deck_for(game.options.deck), key=lambda c: c.index
    ), f"cards not accounted for exactly once: {sorted(str(c) for c in located)}"


# -- a small action language (read by trickcore.testing) -------------------------------------

# Short words the Euchre tests use beside the action tags.
ALIASES = {"order": "order_up", "partner": "with_partner"}


@functools.cache
def _any_euchre() -> Any:
    return trickcore.load("euchre")  # the action union does not depend on the options


def parse_action(token: str) -> Any:
    """``pass``, ``order_up``, ``call:H``, ``discard:9S``, ``alone``, ``with_partner``,
    ``play:QH`` or just ``QH`` (a play); see :func:`trickcore.testing.parse_action`."""
    return testing.parse_action(_any_euchre(), token, aliases=ALIASES)


def actions(script: str) -> list[tuple[int | None, Any]]:
    """The script's actions, each with the seat that must act (``None``: not stated)."""
    return testing.script(_any_euchre(), script, aliases=ALIASES)


def run(game: Any, state: EuchreState, script: str, *, check: bool = True) -> EuchreState:
    """Apply the script's actions in order. A token ``N=...`` first checks that seat N acts.

    With ``check`` every action must be in ``legal_actions`` and every state must validate
    (see :func:`trickcore.testing.run_script`)."""
    after: EuchreState = testing.run_script(game, state, script, check=check, aliases=ALIASES)
    return after


# -- hands described by their play -----------------------------------------------------------


def tricks(*lines: str) -> str:
    """Join trick lines (``"0=AD 1=9D 2=TD 3=KD"``) into one script for :func:`run`."""
    return " ".join(lines)


def hands_from_tricks(*lines: str, extra: Mapping[int, CardsLike] | None = None) -> dict[int, Any]:
    """The hands that play the given tricks: each seat holds the cards it plays. ``extra``
    adds cards a seat holds without playing them (a sitting-out partner's hand, say)."""
    hands: dict[int, list[Card]] = {}
    for line in lines:
        for seat, action in actions(line):
            assert seat is not None and isinstance(action, Play), line
            hands.setdefault(seat, []).append(action.card)
    for seat, cards in (extra or {}).items():
        hands.setdefault(seat, []).extend(cs(cards))
    return {seat: tuple(cards) for seat, cards in hands.items()}


def cards_in_view(obj: Iterable[Any] | Any) -> set[str]:
    """Every card text found anywhere in ``msgspec.to_builtins`` output (nested)."""
    found: set[str] = set()
    pack = {card.value for card in Card}

    def walk(value: Any) -> None:
        if isinstance(value, str):
            if value in pack:
                found.add(value)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, (list, tuple)):
            for item in value:
                walk(item)

    walk(obj)
    return found


# -- arranged hands: a whole hand whose trick winners are fixed in advance -------------------

# Trump hearts; the 9H is turned up, ordered up and discarded by the dealer. Each of the first
# four tricks is played in one suit that every active seat holds (clubs, spades, diamonds, then
# trumps), so every play follows suit and the highest card of the block wins; in the fifth
# trick the chosen winner holds the only trump left in play.
ARRANGED_UP = "9H"
_BLOCKS = (
    ("C", "AC KC QC JC TC 9C"),  # clubs are plain: A K Q J 10 9
    ("S", "AS KS QS JS TS 9S"),
    ("D", "AD KD QD TD 9D"),  # the JD is the left bower, a heart
    ("H", "JH JD AH KH QH TH"),  # trumps, high to low (the 9H is the up-card)
)


def clockwise(leader: int, active: Sequence[int]) -> list[int]:
    """The active seats in playing order from ``leader`` (E7)."""
    return [seat for seat in ((leader + k) % 4 for k in range(4)) if seat in active]


def arranged(
    winners: Sequence[int], leader: int, active: Sequence[int] = (0, 1, 2, 3)
) -> tuple[dict[int, tuple[Card, ...]], str]:
    """Hands for the active seats and the script of the five tricks, with trick ``k`` won by
    ``winners[k]`` and the first trick led by ``leader``. Hearts must be trump (order up the
    :data:`ARRANGED_UP` card and let the dealer discard it). Seats not in ``active`` are left
    out of the hands: :func:`stacked_order` fills them from the unused cards."""
    assert len(winners) == 5 and all(w in active for w in winners) and leader in active
    pools = {suit: list(cs(text)) for suit, text in _BLOCKS}
    size = len(active)
    hands: dict[int, list[Card]] = {seat: [] for seat in active}
    lines: list[str] = []
    current = leader
    for k, (suit, _) in enumerate(_BLOCKS):
        order = clockwise(current, active)
        top = pools[suit][:size]
        del pools[suit][:size]
        others = [seat for seat in order if seat != winners[k]]
        assign = {winners[k]: top[0], **dict(zip(others, top[1:], strict=True))}
        lines.append(" ".join(f"{seat}={assign[seat]}" for seat in order))
        for seat, card in assign.items():
            hands[seat].append(card)
        current = winners[k]
    order = clockwise(current, active)
    low = [pools[suit].pop() for suit in ("C", "S", "D")]
    assign = {winners[4]: pools["H"].pop(0)}
    for seat in order:
        if seat != winners[4]:
            assign[seat] = low.pop(0)
    lines.append(" ".join(f"{seat}={assign[seat]}" for seat in order))
    for seat, card in assign.items():
        hands[seat].append(card)
    return {seat: tuple(cards) for seat, cards in hands.items()}, " ".join(lines)

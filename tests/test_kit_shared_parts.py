"""Kit parts that games shared by copying before (issue 6): ``TrickGame.initial_state``,
``between_hands`` and ``next_trick`` (``trickcore/kit/base.py``), the ``Record`` base
(``trickcore/kit/records.py``), the table parts of a view layout
(``LayoutBuilder.table``) and the render helpers ``trick_text`` and ``trumps_first``.

Euchre is the game under test where a game's layout is needed: its state keeps the dealer,
the scores, the hand number and the last hand between hands (E1, E3, E8).
"""

from __future__ import annotations

import gc

import msgspec
import pytest

import trickcore
from trickcore import Rng, Suit, Table, cards
from trickcore.encoding import LayoutBuilder
from trickcore.kit.records import Record
from trickcore.kit.tricks import Trick, TrickOrder
from trickcore.render import trick_text, trumps_first
from trickcore_euchre.state import EuchreState, Phase
from trickcore_euchre.view import EuchreView


def _reached(until: str, seed: int = 3, **options: object) -> EuchreState:
    game = trickcore.load("euchre", **options)
    table = Table(game, ["random"] * 4, seed=seed)
    while table.state.phase.value != until:
        assert table.advance(max_steps=1) == 1, "the game ended first"
    state: EuchreState = table.state
    return state


def test_initial_state_draws_the_dealer_or_deals_from_the_first_dealer() -> None:
    assert trickcore.load("euchre").initial_state() == EuchreState(phase=Phase.DRAW_DEALER)
    fixed = trickcore.load("euchre", first_dealer=2).initial_state()
    assert fixed == EuchreState(phase=Phase.DEAL, dealer=2)
    apples = trickcore.load("apples", first_dealer=1).initial_state()
    assert (apples.phase.value, apples.dealer, apples.scores) == ("deal", 1, (0, 0, 0, 0))


def test_between_hands_keeps_the_progress_fields_only_then_the_changes() -> None:
    game = trickcore.load("euchre", first_dealer=0)
    state = _reached("play", first_dealer=0)
    kept = game.between_hands(state)
    assert kept == EuchreState(
        phase=state.phase,
        dealer=state.dealer,
        scores=state.scores,
        hand_number=state.hand_number,
        last_hand=state.last_hand,
    )
    assert state.hands != kept.hands and kept.tricks == () and kept.trump is None
    moved = game.between_hands(state, phase=Phase.DEAL, hand_number=7)
    assert (moved.phase, moved.hand_number, moved.dealer) == (Phase.DEAL, 7, state.dealer)


def test_next_trick_has_the_winner_lead_skipping_seats_and_applies_the_changes() -> None:
    game = trickcore.load("euchre", first_dealer=0)
    state = _reached("play", first_dealer=0)
    done = Trick(leader=1, seats=(1, 2, 3, 0), cards=cards("9C TC JC QC"), winner=2)
    hands = tuple(hand[1:] for hand in state.hands)
    after = game.next_trick(state, hands, (done,), None, skip=(0,), tricks_won=(3, 1))
    assert (after.turn, after.trick_seats, after.trick) == (2, (2, 3, 1), ())
    assert (after.hands, after.tricks, after.tricks_won) == (hands, (done,), (3, 1))
    plain = game.next_trick(state, hands, (done,), None)
    assert plain.trick_seats == (2, 3, 0, 1) and plain.tricks_won == state.tricks_won


def test_next_trick_ends_the_hand_when_the_winner_holds_no_card() -> None:
    game = trickcore.load("euchre", first_dealer=0, single_hand=True)
    state = _reached("play", first_dealer=0, single_hand=True)
    assert state.maker is not None
    done = Trick(leader=1, seats=(1, 2, 3, 0), cards=cards("9C TC JC QC"), winner=1)
    makers = game.seating.side(state.maker)
    won = (5, 0) if makers == 0 else (0, 5)
    over = game.next_trick(state, ((),) * 4, (done,), None, tricks_won=won)
    assert over.phase is Phase.OVER and over.winner == makers  # E8: a march scores
    assert over.last_hand is not None and over.last_hand.tricks == won


class _Bid(Record, frozen=True):
    seat: int
    suit: Suit | None = None


def test_a_record_is_frozen_untracked_and_refuses_unknown_fields() -> None:
    bid = _Bid(seat=1)
    with pytest.raises(AttributeError):
        bid.seat = 2  # type: ignore[misc]
    assert not gc.is_tracked(_Bid(seat=1, suit=Suit.CLUBS))
    with pytest.raises(msgspec.ValidationError, match="unknown field"):
        msgspec.json.decode(b'{"seat": 1, "colour": "red"}', type=_Bid)
    decoded = msgspec.json.decode(b'{"seat": 3, "suit": "H"}', type=_Bid)
    assert decoded == _Bid(seat=3, suit=Suit.HEARTS)
    with pytest.raises(TypeError):  # the states on it stay keyword-only
        EuchreState(Phase.DEAL)  # type: ignore[misc]


def test_layout_table_parts_come_in_order_from_the_kit_layout_fields() -> None:
    game = trickcore.load("euchre", first_dealer=0)
    state = _reached("play", first_dealer=0)
    for _ in range(5):  # a finished trick and a card of the next
        state = game.apply(state, game.legal_actions(state)[0])
    view = game.view(state, 1)
    builder: LayoutBuilder[EuchreView] = LayoutBuilder(game.seating, viewer=lambda v: v.seat)
    builder.table(game.pack, tuple(Phase), won=True)
    layout = builder.build(version=1)
    slices = layout.part_slices()
    assert list(slices) == ["played", "won", "trick", "leader", "phase", "dealer", "turn"]
    vector = layout.encode(view)
    played = [card for trick in view.tricks for card in trick.cards]
    assert sum(vector[slices["played"]]) == len(played) == sum(vector[slices["won"]]) == 4
    assert sum(vector[slices["trick"]]) == len(view.trick) == 1
    pack = len(game.pack)
    (leader_rank,) = [i for i, flag in enumerate(vector[slices["leader"]]) if flag]
    assert game.seating.order(1)[leader_rank] == view.trick_seats[0]
    assert vector[slices["phase"]][list(Phase).index(Phase.PLAY)] == 1.0
    assert sum(vector[slices["dealer"]]) == sum(vector[slices["turn"]]) == 1.0
    assert len(vector[slices["trick"]]) == 4 * pack


def test_trick_text_names_each_card_by_its_seat() -> None:
    assert trick_text((1, 2), cards("QH 9H")) == "Trick: seat 1 QH, seat 2 9H"


def test_trumps_first_then_suit_by_suit_strongest_first() -> None:
    hand = cards("9C AH JD KS TH QC")
    order = TrickOrder.plain(hand, Suit.HEARTS)
    assert trumps_first(hand, order) == cards("AH TH QC 9C JD KS")
    shuffled = Rng(4, "hand").shuffled(hand)
    assert trumps_first(shuffled, order) == trumps_first(hand, order)

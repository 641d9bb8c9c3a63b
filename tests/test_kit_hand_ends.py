"""The kit's steps between hands (:class:`trickcore.kit.base.TrickGame`): the phases taken from
a phase enum (``phases=``), ``blank_state`` and ``between_hands`` for state types whose per-seat
parts and scores have no default, and ``next_hand``, which ends a hand and tells the log."""

from __future__ import annotations

import enum

import pytest
from trickcore_example_game.game import HighCard, HighCardOptions, Phase

from trickcore import Card, kit
from trickcore.kit import events as ev
from trickcore_apples import Apples
from trickcore_euchre import Euchre, EuchreState
from trickcore_euchre import Phase as EuchrePhase


def test_phases_are_taken_from_the_enum_by_name_and_declared_ones_kept() -> None:
    assert (HighCard.draw_phase, HighCard.deal_phase) == (Phase.DRAW_DEALER, Phase.DEAL)
    assert (HighCard.play_phase, HighCard.over_phase) == (Phase.PLAY, Phase.OVER)
    assert HighCard.chance_phases == {Phase.DRAW_DEALER, Phase.DEAL}
    assert Euchre.play_phase is EuchrePhase.PLAY
    assert len(Apples.chance_phases) == 3  # its own list: the pile is dealt by chance too


def test_an_enum_without_the_layouts_phases_is_refused() -> None:
    class Incomplete(enum.Enum):
        DRAW_DEALER = "draw_dealer"
        DEAL = "deal"
        PLAY = "play"

    with pytest.raises(TypeError, match=r"Incomplete has no phases \['OVER'\]"):

        class Broken(HighCard, phases=Incomplete):
            pass


def test_blank_states_fill_only_what_has_no_default() -> None:
    game = HighCard(HighCardOptions(players=3))
    state = game.initial_state()
    assert state.phase is Phase.DRAW_DEALER
    assert (state.scores, state.hands) == ((0, 0, 0), ((), (), ()))
    assert game.blank_state(phase=Phase.DEAL, dealer=2, scores=(1, 2, 0)).scores == (1, 2, 0)
    assert Euchre().initial_state() == EuchreState(phase=EuchrePhase.DRAW_DEALER)


@pytest.mark.parametrize("over", [False, True])
def test_next_hand_ends_the_hand_and_tells_the_log(over: bool) -> None:
    game = HighCard(HighCardOptions(players=2, first_dealer=0))
    trick = kit.Trick(leader=1, seats=(1, 0), cards=(Card("KS"), Card("AS")), winner=0)
    ended = game.blank_state(
        phase=Phase.PLAY, dealer=0, scores=(1, 0), hand_number=1, tricks=(trick,)
    )
    log = kit.EventLog(None)
    after = game.next_hand(ended, log, over=over, winner=0 if over else None, scores=(2, 0))
    hand_over = ev.HandOver(hand_number=1, tricks=(1, 0), scores=(2, 0))
    if over:
        assert (after.phase, after.winner, after.tricks) == (Phase.OVER, 0, (trick,))
        assert log.events == [hand_over, ev.GameOver(winner=0, scores=(2, 0))]
    else:
        assert after == game.blank_state(phase=Phase.DEAL, dealer=1, scores=(2, 0), hand_number=1)
        assert log.events == [hand_over]
    assert game.next_hand(ended, over=over, scores=(2, 0)).phase is after.phase  # no log: fine

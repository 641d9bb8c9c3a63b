"""Rule book F6 (out-of-turn cards): an action out of turn or not legal is refused with a clear
error and changes nothing (this replaces the calling penalty)."""

from __future__ import annotations

import pytest
from allfours_helpers import C, deal, run

import trickcore
from trickcore import IllegalActionError, Table, WrongSeatError
from trickcore_allfours import GiveOne, Play, Stand


def test_a_card_out_of_turn_is_refused_and_changes_nothing() -> None:
    """F6: seat 2 tries to play while seat 3 is to lead: refused, naming the seat to act, the
    phase and the legal actions; the state is unchanged."""
    game, state = deal({2: "AS 2C 3C 4C 5C 6C"}, "3H")
    state = run(game, state, "3=stand")
    encoded = trickcore.to_json(state)
    with pytest.raises(IllegalActionError, match="seat 3 does not hold AS") as error:
        game.apply(state, Play(card=C("AS")))
    assert error.value.seat == 3
    assert trickcore.to_json(state) == encoded


def test_a_table_refuses_a_human_acting_out_of_turn() -> None:
    """F6: at a table, a human at seat 1 cannot stand for seat 3 (the dealer's right), nor play
    before the beg is settled."""
    game = trickcore.load("allfours", first_dealer=0)
    table = Table(game, ["random", None, "random", None], seed=3)
    table.advance()
    assert table.to_act == 3
    before = table.actions
    with pytest.raises(WrongSeatError, match="it is not seat 1's turn"):
        table.play(1, Stand())
    with pytest.raises(IllegalActionError, match="stand_or_beg phase"):
        table.play(3, GiveOne())
    assert table.actions == before
    table.play(3, Stand())
    assert table.actions[-1] == Stand()


def test_errors_name_what_is_wrong_and_change_nothing() -> None:
    """F6: a card not held, an action after the game is over, chance asked while a player is to
    act, and a seat that is not at the table are each refused with a clear error."""
    game, state = deal({}, "3H", players=2)
    with pytest.raises(ValueError, match="seats are 0-1, not 2"):
        game.view(state, 2)
    with pytest.raises(IllegalActionError, match="no chance action is due"):
        game.sample_chance(state, trickcore.Rng(0))
    with pytest.raises(IllegalActionError, match=r"legal: stand, beg"):
        game.apply(state, Play(card=C("AS")))
    four, over = deal({}, "JH", scores=(11, 0))
    with pytest.raises(IllegalActionError, match="the game is over"):
        four.apply(over, Stand())

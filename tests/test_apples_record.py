"""Issue 21 point 9: a scored Apples round keeps its whole record, in the state and in the
events (``round_recorded``): the auction and the tricks (A3, A6), public once the round is
scored, and each seat's exchange with the bidding pile (A4), which stays its own (A10).
``validate`` checks the record against itself by playing the round again."""

from __future__ import annotations

from typing import Any

import pytest
from forged_helpers import reached
from msgspec.structs import replace

import trickcore
from trickcore import InvalidStateError, Rng, Table
from trickcore.cards import standard_deck
from trickcore_apples import ApplesState, Phase
from trickcore_apples.events import RoundRecorded

PACK = frozenset(standard_deck())
OPTIONS: dict[str, Any] = {"first_dealer": 0, "target": 100}


def _rounds_scored(seeds: range, **options: Any) -> list[tuple[Any, Any, Any, Any]]:
    """(game, state before, state after, events by viewer) of every action that scored a
    round."""
    game = trickcore.load("apples", **{**OPTIONS, **options})
    found = []
    for seed in seeds:
        table = Table(game, ["random"] * 4, seed=seed)
        table.run()
        states = table.history().states
        told = {viewer: table.events(viewer) for viewer in (None, 0, 1, 2, 3)}
        for index in range(len(table.actions)):
            before, after = states[index], states[index + 1]
            if after.last_round is not None and after.last_round is not before.last_round:
                events = {
                    viewer: [event for at, event in seen if at == index]
                    for viewer, seen in told.items()
                }
                found.append((game, before, after, events))
    return found


@pytest.mark.parametrize("options", [{}, {"pass_is_final": True}])
def test_the_last_round_keeps_its_auction_tricks_and_pile(options: dict[str, Any]) -> None:
    scored = _rounds_scored(range(3), **options)
    assert scored
    for game, before, after, events in scored:
        last = after.last_round
        assert last.auction == before.auction and last.auction  # A3
        assert len(last.tricks) == 12 and last.tricks[: len(before.tricks)] == before.tricks
        # every card is in a trick or set aside as a target, once (A5, A6)
        cards = [card for trick in last.tricks for card in trick.cards]
        cards += [seat.target for seat in last.seats]
        assert len(cards) == len(set(cards)) == 52 and set(cards) == PACK
        for seat in last.seats:  # the scores are those of the tricks won (A7)
            won = [
                card for trick in last.tricks if trick.winner == seat.seat for card in trick.cards
            ]
            assert sorted(won, key=str) == sorted(seat.winnings, key=str)
        # the pile exchange (A4): N cards in and out per seat, the winner's all trumps
        assert after.last_given == before.given and after.last_received == before.received
        assert all(len(cards) == last.number for cards in (*after.last_given, *after.last_received))
        assert all(card.suit is last.trump for card in after.last_given[last.declarer])
        pile_in = sorted((card for cards in after.last_given for card in cards), key=str)
        assert pile_in == sorted((c for cards in after.last_received for c in cards), key=str)
        for viewer, told in events.items():
            (recorded,) = [event for event in told if isinstance(event, RoundRecorded)]
            assert recorded.result == last
            assert recorded.seat == viewer
            if viewer is None:  # a spectator sees no one's pile exchange (A10)
                assert (recorded.given, recorded.received) == (None, None)
            else:
                own = (after.last_given[viewer], after.last_received[viewer])
                assert (recorded.given, recorded.received) == own
                view = game.view(after, viewer)
                assert view.last_round == last
                assert (view.last_given, view.last_received) == own


def _after_first_round() -> tuple[Any, ApplesState]:
    for game, _, after, _ in _rounds_scored(range(5)):
        if after.phase is Phase.DEAL and after.last_round.round_number == 1:
            game.validate(after)
            return game, after
    raise AssertionError("no game went on after its first round")


def test_the_pile_exchange_stays_each_seats_own() -> None:
    """A10: two states that differ only in one seat's last exchange look the same to every
    other seat, and different to that seat."""
    game, state = _after_first_round()
    for seat in range(4):
        emptied = tuple(
            () if owner == seat else cards for owner, cards in enumerate(state.last_given)
        )
        back = tuple(
            () if owner == seat else cards for owner, cards in enumerate(state.last_received)
        )
        changed = replace(state, last_given=emptied, last_received=back)
        for viewer in range(4):
            same = game.view(changed, viewer) == game.view(state, viewer)
            assert same is (viewer != seat)


def test_the_record_survives_into_the_next_round() -> None:
    def in_round_two(state: ApplesState) -> bool:
        return state.phase is Phase.PLAY and state.last_round is not None

    later = reached("apples", OPTIONS, in_round_two, seed=4)  # validated
    game = trickcore.load("apples", **OPTIONS)
    assert later.last_received != ((),) * 4
    for seat in range(4):
        view = game.view(later, seat)
        assert (view.last_given, view.last_received) == (
            later.last_given[seat],
            later.last_received[seat],
        )
        found = game.determinize(view, Rng(3, "later", seat))
        assert game.view(found, seat) == view
        game.validate(found)


def _forged(game: Any, state: ApplesState, **changes: Any) -> str:
    assert state.last_round is not None
    record = {name: value for name, value in changes.items() if name in ("auction", "tricks")}
    rest = {name: value for name, value in changes.items() if name not in record}
    bad = replace(state, last_round=replace(state.last_round, **record), **rest)
    with pytest.raises(InvalidStateError) as caught:
        game.validate(bad)
    return str(caught.value)


def test_validate_plays_the_record_again() -> None:
    game, state = _after_first_round()
    last = state.last_round
    assert last is not None
    tricks = last.tricks
    other = next(s for s in tricks[0].seats if s != tricks[0].winner)
    assert "last round" in _forged(
        game, state, tricks=(replace(tricks[0], winner=other), *tricks[1:])
    )
    assert "last round" in _forged(game, state, tricks=tricks[:-1])
    assert "last round" in _forged(game, state, auction=())
    assert "last round" in _forged(game, state, auction=last.auction[:-1])
    # the pile exchange: its size, and cards a seat did not hold after it
    given, received = state.last_given, state.last_received
    assert "last round" in _forged(game, state, last_given=((),) * 4)
    assert "last round" in _forged(
        game, state, last_received=(received[1], received[0], *received[2:])
    )
    assert "last_given" in _forged(game, state, last_given=given[:3])
    # the auction winner gave a plain card (A4): swap one of its gifts with another's
    declarer = last.declarer
    giver = next(
        s for s in range(4) if s != declarer and any(c.suit is not last.trump for c in given[s])
    )
    plain = next(c for c in given[giver] if c.suit is not last.trump)
    swapped = list(given)
    swapped[declarer] = (plain, *given[declarer][1:])
    swapped[giver] = tuple(given[declarer][0] if c == plain else c for c in given[giver])
    assert "last round" in _forged(game, state, last_given=tuple(swapped))


def test_determinize_draws_the_others_last_exchange() -> None:
    game, state = _after_first_round()
    for seat in range(4):
        view = game.view(state, seat)
        drawn = {game.determinize(view, Rng(5, "record", k)).last_given for k in range(12)}
        for given in drawn:
            assert given[seat] == state.last_given[seat]
        assert len(drawn) > 1  # drawn, not copied from the true state
        for k in range(3):
            found = game.determinize(view, Rng(6, "record", k))
            assert game.view(found, seat) == view
            game.validate(found)

"""Errors a Euchre user meets, and what their messages say: unknown games and options, invalid
option values, illegal actions, actions after the end, malformed JSON, and inconsistent states
that ``validate`` refuses."""

from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest
from euchre_helpers import C, deal, euchre, run

import trickcore
from trickcore import (
    DecodeError,
    IllegalActionError,
    InvalidStateError,
    OptionError,
    Rng,
    Shuffle,
    TrickcoreError,
    UnknownGameError,
    digest,
    from_json,
    to_json,
)
from trickcore_euchre.actions import Call, OrderUp, Pass, Play
from trickcore_euchre.state import EuchreState, Phase

HANDS = {
    1: "AC KC 9S TS JH",
    2: "QC AS KS KH 9D",
    3: "AD KD QD JS QH",
    0: "JC TC 9C AH TH",
}


def _bidding() -> tuple[Any, EuchreState]:
    game = euchre(0)
    return game, deal(game, 0, HANDS, up="9H")


def _playing() -> tuple[Any, EuchreState]:
    game, state = _bidding()
    return game, run(game, state, "1=order_up 0=discard:TC 1=partner 2=partner 3=partner 0=partner")


# -- loading -------------------------------------------------------------------------------


def test_unknown_game_lists_the_games() -> None:
    """DESIGN 9: an unknown game names itself and lists the installed games."""
    with pytest.raises(UnknownGameError) as error:
        trickcore.load("eucre")
    message = str(error.value)
    assert "'eucre'" in message
    assert "euchre" in message.replace("'eucre'", "")
    assert isinstance(error.value, LookupError) and isinstance(error.value, TrickcoreError)


def test_unknown_option_names_it_and_lists_the_options() -> None:
    """E9: an unknown option is named, and every real option is listed with its default."""
    with pytest.raises(OptionError) as error:
        trickcore.load("euchre", trumps="H")
    message = str(error.value)
    assert "'trumps'" in message and "euchre" in message
    for name in ("target=10", "deck=24", "stick_the_dealer=False", "who_may_go_alone='anyone'"):
        assert name in message
    assert isinstance(error.value, ValueError)


@pytest.mark.parametrize(
    ("options", "allowed"),
    [
        ({"deck": 33}, "one of 24, 25, 32"),
        ({"target": 0}, "an integer >= 1"),
        (
            {"who_may_go_alone": "all"},
            'one of "anyone", "maker", "maker_or_defenders", "makers", "nobody"',
        ),
        ({"first_dealer": 7}, "an integer from 0 to 3, or null"),
        ({"lone_lead": 1}, '"dealer_left" or "lone_left"'),
        ({"single_hand": "yes"}, "true or false"),
    ],
)
def test_invalid_option_value(options: dict[str, Any], allowed: str) -> None:
    """E9: an invalid value names the option, the value refused and the values allowed."""
    ((name, value),) = options.items()
    with pytest.raises(OptionError) as error:
        trickcore.load("euchre", **options)
    head = str(error.value).split("; options:", maxsplit=1)[0]
    assert head == f"invalid option {name}={value!r} for euchre: {name} must be {allowed}"


# -- illegal actions -----------------------------------------------------------------------


def test_illegal_bid_names_seat_action_and_legal_set() -> None:
    """DESIGN 4: an illegal action raises IllegalActionError naming the seat, the action and
    the legal ones, with the same on its attributes; the state is unchanged."""
    game, state = _bidding()
    before = digest(state)
    action = Play(card=C("AC"))
    with pytest.raises(IllegalActionError) as error:
        game.apply(state, action)
    message = str(error.value)
    assert "seat 1" in message
    assert "AC" in message and "play" in message.lower()
    assert "legal: pass, order up" in message
    assert error.value.seat == 1
    assert error.value.action == action
    assert error.value.legal == (Pass(), OrderUp())
    assert digest(state) == before


def test_revoke_names_the_rule_and_the_legal_cards() -> None:
    """E7: not following suit is refused with the reason and the legal plays."""
    game, state = _playing()
    state = run(game, state, "1=AC")
    with pytest.raises(IllegalActionError) as error:
        game.apply(state, Play(card=C("AS")))
    message = str(error.value)
    assert "seat 2" in message and "AS" in message
    assert "followed" in message
    assert "legal: play QC" in message
    assert error.value.legal == (Play(card=C("QC")),)


def test_card_not_held_is_named() -> None:
    """E7: playing a card the seat does not hold names the card."""
    game, state = _playing()
    with pytest.raises(IllegalActionError, match="seat 1 does not hold JC"):
        game.apply(state, Play(card=C("JC")))


def test_turned_down_suit_reason() -> None:
    """E4: naming the turned-down suit is refused with that reason."""
    game, state = _bidding()
    state = run(game, state, "1=pass 2=pass 3=pass 0=pass")
    with pytest.raises(IllegalActionError, match="turned-down suit"):
        game.apply(state, Call(suit=trickcore.Suit.HEARTS))


def test_action_after_game_over() -> None:
    """E1, E9: once the game is over no action is legal; the message says so."""
    game = euchre(0, single_hand=True)
    state = deal(game, 0, HANDS, up="9H")
    state = run(game, state, " ".join(["pass"] * 8))
    assert state.phase is Phase.OVER
    for action in (Pass(), Shuffle(order=game.deck), Play(card=C("AC"))):
        with pytest.raises(IllegalActionError, match="game is over") as error:
            game.apply(state, action)
        assert error.value.legal == ()
    with pytest.raises(IllegalActionError, match="no chance action"):
        game.sample_chance(state, Rng(1))


def test_sample_chance_when_a_player_acts() -> None:
    """DESIGN 4: sample_chance only resolves chance; otherwise it names the phase."""
    game, state = _bidding()
    with pytest.raises(IllegalActionError, match="bid_first"):
        game.sample_chance(state, Rng(0))


def test_view_of_a_seat_that_does_not_exist() -> None:
    """E1: seats are 0-3."""
    game, state = _bidding()
    with pytest.raises(ValueError, match="0-3"):
        game.view(state, 4)


# -- decoding ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "needles"),
    [
        (b'{"type": "play", "card": "ZZ"}', ["ZZ", "card"]),
        (b'{"type": "bid"}', ["bid", "type"]),
        (b'{"type": "play"}', ["card"]),
        (b'{"type": "pass", "x": 1}', ["x"]),
        (b'{"type": "call", "suit": "X"}', ["X", "suit"]),
        (b'{"type": "shuffle", "order": ["AS", 3]}', ["order"]),
        (b"{", ["truncated"]),
        (b"[1]", ["array"]),
    ],
)
def test_malformed_action_json(data: bytes, needles: list[str]) -> None:
    """DESIGN 9: malformed or mistyped action JSON raises DecodeError naming the problem."""
    game = euchre()
    with pytest.raises(DecodeError) as error:
        from_json(data, game.action_type)
    message = str(error.value)
    for needle in needles:
        assert needle in message, message
    assert isinstance(error.value, ValueError)


def test_malformed_state_json() -> None:
    """DESIGN 9: a state of the wrong shape is a DecodeError naming the field."""
    game, state = _bidding()
    data = msgspec.to_builtins(state)
    data["phase"] = "bidding"
    with pytest.raises(DecodeError, match="phase"):
        from_json(msgspec.json.encode(data), game.state_type)


# -- inconsistent states -------------------------------------------------------------------


def _decoded(state: EuchreState, change: Any) -> tuple[EuchreState, Any]:
    data = json.loads(to_json(state))
    change(data)
    decoded: EuchreState = from_json(msgspec.json.encode(data), EuchreState)
    return decoded, data


def _refused(game: Any, state: EuchreState) -> str:
    with pytest.raises(InvalidStateError) as error:
        game.validate(state)
    return str(error.value)


def test_duplicated_card_is_named() -> None:
    """DESIGN 4: a decoded state holding a card twice is refused, naming the card (and the one
    missing)."""
    game, state = _bidding()
    game.validate(from_json(to_json(state), game.state_type))  # the real one is fine

    def duplicate(data: Any) -> None:
        data["hands"][2][0] = data["hands"][1][0]  # QC replaced by AC

    bad, _ = _decoded(state, duplicate)
    message = _refused(game, bad)
    assert "more than once: AC" in message
    assert "missing: QC" in message


def test_duplicate_between_hand_and_undealt() -> None:
    """DESIGN 4: a card both in a hand and among the undealt cards is named."""
    game, state = _bidding()

    def duplicate(data: Any) -> None:
        data["undealt"][0] = "JH"

    message = _refused(game, _decoded(state, duplicate)[0])
    assert "JH" in message and "more than once" in message


def test_foreign_card_is_named() -> None:
    """E2: a card not in the pack (an 8 in the 24-card pack) is named."""
    game, state = _bidding()

    def foreign(data: Any) -> None:
        data["hands"][1][0] = "8C"

    message = _refused(game, _decoded(state, foreign)[0])
    assert "not in the 24-card pack: 8C" in message


def test_wrong_hand_sizes() -> None:
    """E3: five cards each while bidding: a card moved from one hand to another is refused."""
    game, state = _bidding()

    def move(data: Any) -> None:
        data["hands"][2].append(data["hands"][1].pop())

    message = _refused(game, _decoded(state, move)[0])
    assert "hand sizes [5, 4, 6, 5]" in message


@pytest.mark.parametrize(
    ("name", "change", "needle"),
    [
        ("trump while bidding", lambda d: d.update(trump="S"), "trump is already set"),
        ("wrong bidder", lambda d: d.update(turn=3), "seat 3 cannot be bidding"),
        ("no dealer", lambda d: d.update(dealer=None), "no dealer"),
        ("seat 5", lambda d: d.update(turn=5), "turn 5 is not a seat"),
        ("joker call without joker", lambda d: d.update(phase="joker_call"), "joker"),
        ("play without trump", lambda d: d.update(phase="play"), "no trump or maker"),
        ("deal with cards out", lambda d: d.update(phase="deal"), "cards are out"),
        ("discard phase sizes", lambda d: d.update(phase="discard", turn=0), "discards"),
        ("target reached", lambda d: d.update(scores=[10, 3]), "target 10"),
        ("negative score", lambda d: d.update(scores=[-1, 0]), "negative score"),
        ("undealt missing", lambda d: d.update(undealt=d["undealt"][:2]), "2 undealt"),
    ],
)
def test_phase_mismatches(name: str, change: Any, needle: str) -> None:
    """DESIGN 4: states no legal game can reach are refused, each with a message naming what
    is wrong."""
    game, state = _bidding()
    message = _refused(game, _decoded(state, change)[0])
    assert needle in message, message


def test_tricks_won_mismatch() -> None:
    """E7: the trick count must match the tricks played, and the winners the cards."""
    game, state = _playing()
    state = run(game, state, "1=AC 2=QC 3=AD 0=JC")  # seat 1 wins with the AC
    game.validate(state)

    def miscount(data: Any) -> None:
        data["tricks_won"] = [1, 0]

    assert "tricks_won" in _refused(game, _decoded(state, miscount)[0])

    def wrong_winner(data: Any) -> None:
        data["tricks"][0]["winner"] = 2

    assert "trick 1 was not won by seat 2" in _refused(game, _decoded(state, wrong_winner)[0])


# -- states no legal game can reach (DESIGN 4: validate raises InvalidStateError, and no other
# exception, unless a legal game can reach the state) ------------------------------------


def _alone_phase() -> tuple[Any, EuchreState]:
    game, state = _bidding()
    return game, run(game, state, "1=order_up 0=discard:TC")


def _one_trick_played() -> tuple[Any, EuchreState]:
    game, state = _playing()
    return game, run(game, state, "1=AC 2=QC 3=AD 0=JC")


def test_play_phase_without_trump_is_an_invalid_state() -> None:
    """E4, E7: play starts only once trump is fixed, so a state in the play phase without
    trump is refused, naming the missing trump and maker."""
    game, state = _playing()
    bad, _ = _decoded(state, lambda d: d.update(trump=None))
    assert "no trump or maker" in _refused(game, bad)


def test_finished_trick_without_cards_is_an_invalid_state() -> None:
    """E7: a finished trick holds a card from every active seat; one with no cards is
    refused."""
    game, state = _one_trick_played()

    def empty(data: Any) -> None:
        data["tricks"][0]["cards"] = []

    _refused(game, _decoded(state, empty)[0])


def test_foreign_card_in_a_finished_trick_is_an_invalid_state() -> None:
    """E2: a card not in the pack (an 8C in the 24-card pack) played to a finished trick is
    refused, naming the card."""
    game, state = _one_trick_played()

    def foreign(data: Any) -> None:
        data["tricks"][0]["cards"][1] = "8C"

    assert "8C" in _refused(game, _decoded(state, foreign)[0])


def test_finished_trick_with_too_few_seats_is_refused() -> None:
    """E7: a finished trick lists the active seats, one per card, clockwise from its leader;
    a trick of 4 cards listing 2 seats is refused."""
    game, state = _one_trick_played()

    def short(data: Any) -> None:
        data["tricks"][0]["seats"] = data["tricks"][0]["seats"][:2]

    _refused(game, _decoded(state, short)[0])


def test_picked_up_card_must_be_with_the_dealer() -> None:
    """E4: after the pick-up the up-card is in the dealer's hand, or is the dealer's discard,
    or was played by the dealer; an up-card held by seat 1 (AC), or not in the pack at all
    (8C), is refused."""
    game, state = _playing()
    for card in ("AC", "8C"):
        _refused(game, _decoded(state, lambda d, c=card: d.update(up_card=c))[0])


def test_pending_seat_out_of_range_is_refused() -> None:
    """E1, E6: the players still to declare alone or with partner are seats of the table
    (0-3); ``pending=[1, 5]`` is refused."""
    game, state = _alone_phase()
    _refused(game, _decoded(state, lambda d: d.update(pending=[1, 5]))[0])


def test_sitting_out_must_match_the_lone_declarations() -> None:
    """E6: the partner of a lone player sits out; after seat 1 declared alone, a state in
    which seat 3 does not sit out (``sitting_out=[]``) is refused."""
    game, state = _bidding()
    state = run(game, state, "1=order_up 0=discard:TC 1=alone 2=partner 0=partner")
    assert state.sitting_out == (3,)
    _refused(game, _decoded(state, lambda d: d.update(sitting_out=[]))[0])


def test_game_over_before_any_deal_is_refused() -> None:
    """E1, E8, E9: a game ends only after a hand (a side reached the target, or the single
    hand was played or thrown in); a game over before any deal is refused."""
    game = euchre()
    bad = msgspec.json.decode(b'{"phase": "over", "dealer": 2}', type=game.state_type)
    _refused(game, bad)

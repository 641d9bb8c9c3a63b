"""EGN (Euchre Game Notation 1.x): dumps/loads round trips, recovery of deals, refusals."""

from __future__ import annotations

import doctest
import json
from pathlib import Path
from typing import Any

import pytest

import trickcore
from trickcore import EgnError, testing
from trickcore.egn import dumps, loads
from trickcore.replay import Replay, record, verify
from trickcore.replay import loads as load_replay

GOLDEN = Path(__file__).parent / "data" / "euchre_random_seed7.json"
SEATS = ("north", "east", "south", "west")


def golden() -> Replay:
    return load_replay(GOLDEN.read_bytes())


def one_hand(hands: dict[int, str], up: str, script: list[dict[str, Any]]) -> Replay:
    """A single hand dealt by seat 0 from a stacked deck (E3): ``script`` (as JSON forms) is
    played first, then each seat's first legal action until the hand is over."""
    game = trickcore.load("euchre", first_dealer=0, single_hand=True)
    state = game.initial_state()
    actions: list[Any] = [testing.stacked_shuffle(game, hands, dealer=0, kick=up)]
    state = game.apply(state, actions[0])
    for form in script:
        action = trickcore.from_json(json.dumps(form), game.action_type)
        actions.append(action)
        state = game.apply(state, action)
    while game.actor(state) is not None:
        action = game.legal_actions(state)[0]
        actions.append(action)
        state = game.apply(state, action)
    return record(game, actions, seed=None, seats=SEATS)


def lone_hand() -> Replay:
    # Seat 1 (left of the dealer) orders up hearts and plays alone (E4, E6): its partner,
    # seat 3, sits out and is not asked; seats 2 and 0 play with their partners.
    hands = {1: "JH JD AH KH QH", 2: "9C TC JC QC KC", 3: "9S TS JS QS KS", 0: "9D TD QD KD AD"}
    script = [
        {"type": "order_up"},
        {"type": "discard", "card": "9D"},
        {"type": "alone"},
        {"type": "with_partner"},
        {"type": "with_partner"},
    ]
    return one_hand(hands, "9H", script)


def thrown_in_hand() -> Replay:
    # Everybody passes twice (E4): the hand is thrown in; single_hand ends it as a draw (E9).
    hands = {1: "9C TC JC QC KC", 2: "9S TS JS QS KS", 3: "9D TD QD KD AD", 0: "AC AS TH 9H QH"}
    return one_hand(hands, "KH", [{"type": "pass"}] * 8)


def assert_round_trip(replay: Replay, **options: Any) -> Replay:
    back: Replay = loads(dumps(replay), options=options)
    assert (back.game, back.options, back.actions) == (replay.game, replay.options, replay.actions)
    assert back.seats == replay.seats
    assert verify(back) == verify(replay)
    return back


def test_golden_seed_7_round_trips_with_its_seed() -> None:
    back = assert_round_trip(golden())
    assert back.seed == 7


def test_without_the_seed_the_deals_are_stacked_and_play_the_same_game() -> None:
    replay = golden()
    data = json.loads(dumps(replay))
    del data["metadata"]["gameId"]
    back = loads(json.dumps(data))
    assert back.seed is None
    assert verify(back) == verify(replay)

    def decisions(r: Replay) -> list[Any]:
        return [a for a in r.actions if a["type"] != "shuffle"]

    assert decisions(back) == decisions(replay)


def test_a_seed_that_deals_other_cards_is_dropped() -> None:
    data = json.loads(dumps(golden()))
    data["metadata"]["gameId"] = "trickcore-seed:8"
    back = loads(json.dumps(data))
    assert back.seed is None
    assert verify(back).scores == verify(golden()).scores


def test_lone_hand_round_trips() -> None:
    replay = lone_hand()
    data = json.loads(dumps(replay))
    bidding = data["deals"][0]["phases"][0]
    assert bidding["isAlone"] is True and bidding["discard"] == "9d"
    assert all(len(trick) == 3 for trick in data["deals"][0]["phases"][1]["tricks"])
    assert data["metadata"]["ruleset"]["num_deals"] == 1
    assert_round_trip(replay, first_dealer=0)


def test_lone_hand_without_the_isalone_flag_is_read_from_the_hands() -> None:
    data = json.loads(dumps(lone_hand()))
    data["deals"][0]["phases"][0]["isAlone"] = False
    back = loads(json.dumps(data), options={"first_dealer": 0})
    assert {"type": "alone"} in back.actions


def test_thrown_in_hand_round_trips() -> None:
    replay = thrown_in_hand()
    data = json.loads(dumps(replay))
    assert data["deals"][0]["phases"][0]["calls"] == ["Pass"] * 8
    assert len(data["deals"][0]["phases"]) == 1
    back = assert_round_trip(replay, first_dealer=0)
    assert verify(back).draw


def test_a_deal_without_its_hands_names_what_is_missing() -> None:
    data = json.loads(dumps(thrown_in_hand()))
    del data["deals"][0]["initialState"]["playerCards"]
    with pytest.raises(EgnError, match="deal 0 has no playerCards"):
        loads(json.dumps(data), options={"first_dealer": 0})


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(fileType="Hearts Game Notation"), "fileType"),
        (lambda d: d.update(version="2.0.0"), "version '2.0.0'"),
        (lambda d: d["metadata"]["ruleset"].update(canadian=True), "canadian"),
        (lambda d: d["metadata"]["ruleset"].update(allow_no_trump=True), "allow_no_trump"),
        (lambda d: d["metadata"]["ruleset"].update(min_rank=8), "min_rank 8"),
        (lambda d: d["metadata"]["ruleset"].update(loner_march_score=5), "lone march"),
        (lambda d: d["metadata"].update(initialScore=[4, 2]), "scores"),
        (lambda d: d.update(deals=["VNMUUiCJNJCjiEpHF1A"]), "condensed"),
        (lambda d: d["deals"][0]["initialState"].update(upCard="Xx"), "'Xx'"),
        (lambda d: d["deals"][0]["phases"][0].update(calls=["n"]), "'n'"),
        (lambda d: d.update(extra=1), "not an EGN file"),
        (lambda d: d["deals"][1]["initialState"].update(dealer=0), "deal 1: dealer 0"),
        (lambda d: d["deals"][0]["phases"][1]["tricks"][0].reverse(), "deal 0"),
    ],
)
def test_refused_files_raise_egn_error(change: Any, message: str) -> None:
    data = json.loads(dumps(golden()))
    change(data)
    with pytest.raises(EgnError, match=message):
        loads(json.dumps(data))


def test_malformed_json_is_an_egn_error_and_a_decode_error() -> None:
    with pytest.raises(trickcore.DecodeError, match="not an EGN file"):
        loads("{not json")


def test_only_euchre_replays_are_written() -> None:
    replay = load_replay((GOLDEN.parent / "apples_random_seed7.json").read_bytes())
    with pytest.raises(EgnError, match="apples"):
        dumps(replay)


def test_the_egn_page_examples_pass() -> None:
    page = Path(__file__).parent.parent / "docs" / "egn.md"
    failures, tried = doctest.testfile(str(page), module_relative=False)
    assert tried > 0 and failures == 0


def test_deals_without_player_cards_are_recovered_from_the_cards_played() -> None:
    replay = golden()
    data = json.loads(dumps(replay))
    del data["metadata"]["gameId"]
    stripped = 0
    for deal in data["deals"]:
        phases = deal["phases"]
        full = len(phases) == 2 and all(len(trick) == 4 for trick in phases[1]["tricks"])
        if full and len(phases[1]["tricks"]) == 5:
            del deal["initialState"]["playerCards"]
            stripped += 1
    assert stripped >= 1
    back = loads(json.dumps(data))
    assert verify(back) == verify(replay)
    assert [a for a in back.actions if a["type"] != "shuffle"] == [
        a for a in replay.actions if a["type"] != "shuffle"
    ]
    # The recovered hands are the hands the seed dealt, seat by seat (E3).
    again = json.loads(dumps(back))
    for recovered, original in zip(again["deals"], json.loads(dumps(replay))["deals"], strict=True):
        assert [sorted(h) for h in recovered["initialState"]["playerCards"]] == [
            sorted(h) for h in original["initialState"]["playerCards"]
        ]


def test_a_lone_hand_without_player_cards_names_the_seat_sitting_out() -> None:
    data = json.loads(dumps(lone_hand()))
    del data["deals"][0]["initialState"]["playerCards"]
    with pytest.raises(EgnError, match="seat 3 sat out"):
        loads(json.dumps(data), options={"first_dealer": 0})


def test_a_picked_up_deal_without_hands_or_discard_names_the_discard() -> None:
    data = json.loads(dumps(golden()))
    del data["metadata"]["gameId"]
    del data["deals"][1]["initialState"]["playerCards"]
    del data["deals"][1]["phases"][0]["discard"]
    with pytest.raises(EgnError, match="deal 1 has no playerCards and no discard"):
        loads(json.dumps(data))


def test_a_plain_hand_without_player_cards_plays_the_same_hand() -> None:
    # A hand recovered from its plays (no one alone, E6) holds the same cards; only the order
    # within each hand (which EGN does not record then) may differ.
    hands = {1: "JH JD AH KH QH", 2: "9C TC JC QC KC", 3: "9S TS JS QS KS", 0: "9D TD QD KD AD"}
    script = [{"type": "order_up"}, {"type": "discard", "card": "9D"}]
    script += [{"type": "with_partner"}] * 4
    replay = one_hand(hands, "9H", script)
    data = json.loads(dumps(replay))
    del data["deals"][0]["initialState"]["playerCards"]
    back = loads(json.dumps(data), options={"first_dealer": 0})
    assert (back.options, back.actions[1:]) == (replay.options, replay.actions[1:])
    assert verify(back) == verify(replay)
    dealt = json.loads(dumps(back))["deals"][0]["initialState"]["playerCards"]
    assert [sorted(h) for h in dealt] == [
        sorted(h) for h in json.loads(dumps(replay))["deals"][0]["initialState"]["playerCards"]
    ]


def test_golden_tricks_are_grouped_by_who_plays() -> None:
    # E6/E7: a seat behind a lone partner plays nothing, so its tricks hold fewer cards, and
    # the file says which side played alone.
    for deal in json.loads(dumps(golden()))["deals"]:
        bidding, *play = deal["phases"]
        if not play:
            continue
        sizes = {len(trick) for trick in play[0]["tricks"]}
        assert len(play[0]["tricks"]) == 5 and len(sizes) == 1
        loners = int(bidding.get("isAlone", False)) + int("aloneDefender" in bidding)
        assert sizes == {4 - loners}


def test_cards_may_be_written_with_n_for_nine_and_either_case_of_suit() -> None:
    replay = golden()
    text = dumps(replay)
    data = json.loads(text)
    hand = data["deals"][0]["initialState"]["playerCards"][0]
    data["deals"][0]["initialState"]["playerCards"][0] = [
        ("N" + card[1] if card[0] == "9" else card[0] + card[1].upper()) for card in hand
    ]
    assert data != json.loads(text)
    assert loads(json.dumps(data)).actions == replay.actions

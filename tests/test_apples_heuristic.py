"""The Apples ``heuristic`` bot: registration, its habits at decision points set up from
stacked decks (rule book A2), and its edge over ``random`` measured with ``trickcore.Match`` over
duplicate deals (``benchmarks/apples_heuristic.py``)."""

from __future__ import annotations

from typing import Any

import pytest
from apples_helpers import HANDS, PASS, C, apples, bid, deal, run, stacked_pile, start_play
from benchmark_scripts import benchmark

import trickcore
from trickcore import Rng
from trickcore.bots import BotSpec
from trickcore_apples import ApplesState, Give, Pass, Play, SetTarget
from trickcore_bots import ApplesHeuristicBot, EuchreHeuristicBot


def choice(game: Any, state: ApplesState) -> Any:
    seat = game.actor(state)
    bot = ApplesHeuristicBot(BotSpec(game=game, seat=seat, rng=Rng(0, "bot", seat)))
    return bot.act(game.view(state, seat), game.legal_actions(state))


def test_registered_for_apples_beside_the_euchre_heuristic() -> None:
    host = trickcore.default_host()
    assert host.bot_factory("heuristic", "apples") is ApplesHeuristicBot
    assert host.bot_factory("heuristic", "euchre") is EuchreHeuristicBot
    assert ApplesHeuristicBot.games == ("apples",)
    with pytest.raises(TypeError, match="plays apples"):
        ApplesHeuristicBot(BotSpec(game=trickcore.load("euchre"), seat=0, rng=Rng(0)))


def test_bids_its_longest_suit_without_over_reaching() -> None:
    game = apples(3)
    state = deal(game, HANDS)
    # seat 0: five spades; it keeps three trumps after the pile, so bids at most two
    assert choice(game, state) == bid(1, "S")
    state = run(game, state, [(0, bid(1, "S"))])
    assert choice(game, state) == bid(2, "H")  # seat 1: six hearts, the cheapest bid over 1S
    state = run(game, state, [(1, bid(2, "H"))])
    assert choice(game, state) == bid(3, "D")  # seat 2: six diamonds, three at most
    state = run(game, state, [(2, bid(3, "D"))])
    assert choice(game, state) == bid(3, "C")  # seat 3: six clubs
    state = run(game, state, [(3, bid(3, "C"))])
    assert isinstance(choice(game, state), Pass)  # seat 0 would need 4 spades: too many
    state = run(game, state, [(0, PASS)])
    assert isinstance(choice(game, state), Pass)  # seat 1 would need 4 hearts: too many


def test_the_auction_winner_keeps_its_highest_and_lowest_trumps() -> None:
    game = apples(3)
    state = run(game, deal(game, HANDS), [(0, bid(1, "S")), (1, PASS), (2, PASS), (3, PASS)])
    given = choice(game, state)
    assert isinstance(given, Give) and given.card.suit is not None
    assert given.card not in (C("AS"), C("TS")) and given.card.value.endswith("S")


def test_the_others_clear_a_short_suit_and_keep_a_low_card_in_each() -> None:
    game = apples(3)
    state = run(game, deal(game, HANDS), [(0, bid(1, "S")), (1, PASS), (2, PASS), (3, PASS)])
    state = run(game, state, [(0, Give(card=C("QS")))])
    # seat 1: 9S 8S | six hearts | 4D 5D | 5C 6C 7C; shortest plain suit diamonds, keeps 4D
    assert choice(game, state) == Give(card=C("5D"))


def test_the_target_is_a_rank_it_can_win_with_a_trump() -> None:
    """Seat 0 (trumps spades) holds KS and KH, 3S and 3H: it sets the KH aside (it can bring
    in another king by trumping with the KS), not the 3H (its low heart) nor a spade."""
    game = apples(3)
    hands = {0: "AS KS QS 7S 3S KH 9H 3H 2D 5D 2C 4C 6C"}
    state = run(game, deal(game, hands), [(0, bid(1, "S")), (1, PASS), (2, PASS), (3, PASS)])
    gifts: dict[int, list[Any]] = {}
    for _ in range(4):
        seat = game.actor(state)
        card = C("7S") if seat == 0 else state.hands[seat][0]
        gifts[seat] = [card]
        state = run(game, state, [(seat, Give(card=card))])
    state = run(game, state, [(None, stacked_pile(3, gifts))])
    assert choice(game, state) == SetTarget(card=C("KH"))


def test_play_ducks_a_trick_of_low_cards_and_takes_a_valuable_one_last() -> None:
    game = apples(3)
    state = start_play(game, HANDS, {0: "4C", 1: "7C", 2: "8C", 3: "9C"}, declarer=0)
    # trick 1: 2H led; seat 1 (hearts A K Q J T 9) must follow; 8H and 5H follow it
    state = run(game, state, [(0, Play(card=C("2H")))])
    ducked = choice(game, state)
    assert ducked == Play(card=C("9H"))  # its lowest heart: winning 2H for nothing is no gain
    # last to play on a trick with an ace led, it wins when it can (an ace is half a pair)
    state = run(game, state, [(1, Play(card=C("TH"))), (2, Play(card=C("8H")))])
    assert choice(game, state) == Play(card=C("5H"))  # seat 3: its only heart


def test_beats_random_by_a_margin_whose_interval_excludes_zero() -> None:
    """A smaller sample than the recorded figure (40 deals, 160 rounds for the heuristic), and
    one that can fail: the interval of the per-deal difference must lie above zero."""
    figures = benchmark("apples_heuristic").measure(40, seed="test")
    assert figures["heuristic_rounds"] == 160
    assert figures["low"] > 0, figures
    assert figures["heuristic_mean"] > figures["random_mean"]

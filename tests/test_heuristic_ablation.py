"""benchmarks/heuristic_ablation.py: each variant takes back exactly its rule of the Euchre
``heuristic`` (E4, E6, E7), and the heuristic beats the variant without its likely march over
a seeded match (issue 23.3).

Not a statistical claim that could flake: the match is seeded (seed 1, :data:`DEALS` deals, both
seatings of each), so the games and the interval are the same on every run."""

from __future__ import annotations

from typing import Any

import pytest
from benchmark_scripts import benchmark
from euchre_helpers import C, deal, euchre

from trickcore import BotSpec, Rng
from trickcore_euchre.actions import Discard, GoAlone, OrderUp, Play, WithPartner
from trickcore_euchre.state import Phase

DEALS = 200
ALL_FOURS_DEALS = 1000
"""All Fours hands vary more: its interval needs more deals to clear zero."""
SEED = 1


@pytest.fixture(scope="module")
def ablation() -> Any:
    return benchmark("heuristic_ablation")


def choice(factory: Any, game: Any, state: Any) -> Any:
    seat = game.actor(state)
    bot = factory(BotSpec(game, seat, Rng(0, seat)))
    legal = game.legal_actions(state)
    action = bot.act(game.view(state, seat), legal)
    assert action in legal
    return action


def test_the_variants_are_registered(ablation: Any) -> None:
    host = ablation.host_with_variants()
    for game, variants in ablation.VARIANTS.items():
        for variant in variants:
            assert host.bot_factory(variant.name, game) is variant


def test_sure_march_only_takes_back_the_likely_march(ablation: Any) -> None:
    # The right bower, ace and king of hearts and two off-suit aces, the left bower out.
    game = euchre()
    state = deal(game, 0, {1: "JH AH KH AS AC"}, "9H")
    state = game.apply(state, OrderUp())
    heuristic = ablation.host_with_variants().bot_factory("heuristic", "euchre")
    state = game.apply(state, choice(heuristic, game, state))  # the dealer discards
    assert state.phase is Phase.ALONE and game.actor(state) == 1
    assert choice(heuristic, game, state) == GoAlone()
    assert choice(ablation.SureMarchOnly, game, state) == WithPartner()
    assert choice(ablation.BeforeRules, game, state) == WithPartner()


def test_no_second_hand_low_trumps_a_lead_that_may_be_beaten(ablation: Any) -> None:
    # Clubs made by seat 1; seat 2, void in spades, holds the ten of clubs (E7).
    hands = {1: "KS AS QS 9H JC", 2: "TC 9D TD QD TH", 3: "9S TS JS AH KH", 0: "AC KC QC AD KD"}
    game = euchre(who_may_go_alone="nobody")
    state = deal(game, 0, hands, "9C")
    state = game.apply(state, OrderUp())
    state = game.apply(state, Discard(card=C("KD")))
    state = game.apply(state, Play(card=C("KS")))
    heuristic = ablation.host_with_variants().bot_factory("heuristic", "euchre")
    assert choice(heuristic, game, state) == Play(card=C("9D"))
    assert choice(ablation.NoSecondHandLow, game, state) == Play(card=C("TC"))
    assert choice(ablation.BeforeRules, game, state) == Play(card=C("TC"))


def test_up_card_six_tenths_is_the_earlier_share(ablation: Any) -> None:
    assert ablation.UpCardSixTenths.UP_CARD_SHARE == ablation.EARLIER_UP_CARD_SHARE == 0.6
    assert ablation.BeforeRules.UP_CARD_SHARE == 0.6
    heuristic = ablation.host_with_variants().bot_factory("heuristic", "euchre")
    assert heuristic.UP_CARD_SHARE > 0.6


def test_the_likely_march_is_worth_points(ablation: Any) -> None:
    row = ablation.compare("sure-march-only", DEALS, SEED)
    assert row.low is not None and row.low > 0, ablation.table([row])


def test_the_all_fours_variants_take_back_their_thresholds(ablation: Any) -> None:
    heuristic = ablation.host_with_variants().bot_factory("heuristic", "allfours")
    earlier = {"STAND_THRESHOLD": 3.0, "GIVE_THRESHOLD": 5.0, "WORTH_TRUMPING": 4}
    for variant, attribute in [
        (ablation.StandAtThree, "STAND_THRESHOLD"),
        (ablation.GiveAtFive, "GIVE_THRESHOLD"),
        (ablation.TrumpForFour, "WORTH_TRUMPING"),
    ]:
        for name, value in earlier.items():
            changed = name == attribute
            assert (getattr(variant, name) == value) is changed
            assert (getattr(ablation.AllFoursBeforeRules, name) == value) is True
            assert getattr(heuristic, name) != value


def test_the_all_fours_heuristic_beats_its_earlier_self(ablation: Any) -> None:
    row = ablation.compare("before-rules", ALL_FOURS_DEALS, SEED, game="allfours")
    assert row.game == "allfours"
    assert row.low is not None and row.low > 0, ablation.table([row])


def test_options_reach_the_game_and_bad_ones_are_refused(ablation: Any, capsys: Any) -> None:
    row = ablation.compare("before-rules", 4, SEED, {"deck": 25})
    assert row.options == {"deck": 25} and row.deals == 4
    with pytest.raises(SystemExit):
        ablation.main(["--deals", "4", "--option", "deck"])
    assert "KEY=VALUE" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        ablation.main(["nonsense"])
    with pytest.raises(SystemExit):
        ablation.main(["--game", "allfours", "sure-march-only"])  # a Euchre variant

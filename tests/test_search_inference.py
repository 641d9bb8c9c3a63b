"""Inference from the hand so far (``inference=auction`` and ``inference=hand`` of ``pimc`` and
``ismcts``, issue 23 point 2; plugins/trickcore_bots/inference.py): each game's
``hand_history``, the model's exact weights in a stacked deal (Euchre E3, E4), the card play
judged too with ``hand`` (E7), worlds drawn closer to the bids and the plays, the options,
reproducibility and views only."""

from __future__ import annotations

import itertools
import math
import statistics
from typing import Any

import pytest
from euchre_helpers import deal, run
from hypothesis import given
from hypothesis import strategies as st
from msgspec.structs import replace

import trickcore
from trickcore import CHANCE, BotSpec, Rng
from trickcore.cards import Card
from trickcore.errors import OptionError
from trickcore.kit.validation import unordered_hands
from trickcore.plugins import default_host
from trickcore_bots import IsmctsBot, PimcBot
from trickcore_bots.inference import AuctionModel, resample
from trickcore_bots.search import TIMED_BATCH
from trickcore_euchre.actions import OrderUp, Pass
from trickcore_euchre.state import Phase

SEARCH = (PimcBot, IsmctsBot)
INFERENCES = ("auction", "hand")
STRONG = "JH JD AH KH QH"
"""Both bowers and the top hearts: with hearts turned up, the heuristic orders up (E4)."""
WEAK = "9S TS 9C TC 9D"
"""Nothing in hearts and no ace: the heuristic passes."""
UP = "9H"


def random_states(name: str, seeds: range, **options: Any) -> list[Any]:
    """Every state where a seat acts, in random games of ``name`` with ``options``."""
    game = trickcore.load(name, **options)
    found = []
    for seed in seeds:
        state, rng = game.initial_state(), Rng(seed, "history")
        while (actor := game.actor(state)) is not None:
            if actor is CHANCE:
                state = game.apply(state, game.sample_chance(state, rng))
            else:
                found.append(state)
                legal = game.legal_actions(state)
                state = game.apply(state, legal[rng.below(len(legal))])
    return found


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("euchre", {"single_hand": True}),
        ("euchre", {"target": 5, "stick_the_dealer": True}),
        ("allfours", {"single_hand": True}),
        ("allfours", {"players": 2, "target": 3}),
        ("apples", {"single_hand": True}),
    ],
)
def test_the_hand_history_plays_back_to_the_state(name: str, options: dict[str, Any]) -> None:
    game = trickcore.load(name, **options)
    states = random_states(name, range(4), **options)
    assert len(states) > 20
    for state in states:
        start, actions = game.hand_history(state)
        assert game.actor(start) is CHANCE
        replayed = start
        for action in actions:
            replayed = game.apply(replayed, action)
        assert unordered_hands(replayed) == unordered_hands(state)


@pytest.mark.parametrize("name", ["euchre", "allfours", "apples"])
def test_there_is_no_hand_history_before_a_deal(name: str) -> None:
    game = trickcore.load(name)
    with pytest.raises(ValueError, match="phase"):
        game.hand_history(game.initial_state())


@pytest.mark.parametrize(
    ("name", "foreign"), [("euchre", Card("2C")), ("allfours", Card.JOKER), ("apples", Card.JOKER)]
)
def test_a_card_played_that_is_not_of_the_pack_is_refused(name: str, foreign: Card) -> None:
    # (E1, F1, A1: the pack) The history's plays are the game's own play actions, so a card
    # foreign to the pack in the trick is named, not looked up blindly.
    game = trickcore.load(name, single_hand=True)
    state = next(state for state in random_states(name, range(4), single_hand=True) if state.trick)
    assert game.hand_history(state)[1][-1] == game.plays[state.trick[-1]]
    spoiled = replace(state, trick=(*state.trick[:-1], foreign))
    with pytest.raises(ValueError, match=f"{foreign} was played but is not a card of the pack"):
        game.hand_history(spoiled)


def euchre_bids(script: str, hands: dict[int, str]) -> tuple[Any, Any]:
    """Single-hand Euchre dealt by seat 0 with ``hands`` and 9H up (E3), then ``script``."""
    game = trickcore.load("euchre", single_hand=True, first_dealer=0)
    return game, run(game, deal(game, 0, hands, UP), script)


def heuristic_bid(game: Any, state: Any) -> Any:
    """What the ``heuristic`` would bid in the seat to act in ``state``."""
    seat = game.actor(state)
    bot = default_host().bot_factory("heuristic", "euchre")(BotSpec(game, seat, Rng(0)))
    return bot.act(game.view(state, seat), game.legal_actions(state))


def test_the_model_weights_a_stacked_deal_exactly() -> None:
    # Seat 1 (the dealer's left) passed; seat 3 has not bid yet. In the true state seat 1 holds
    # the weak hand; in another world with the same view for seat 2 it holds the strong one.
    game, true = euchre_bids("1=pass", {1: WEAK, 3: STRONG})
    before = deal(game, 0, {1: WEAK, 3: STRONG}, UP)
    assert heuristic_bid(game, before) == Pass()
    swapped = replace(true, hands=(true.hands[0], true.hands[3], true.hands[2], true.hands[1]))
    assert heuristic_bid(game, deal(game, 0, {1: STRONG, 3: WEAK}, UP)) == OrderUp()
    assert game.view(swapped, 2) == game.view(true, 2)
    game.validate(swapped)
    for noise in (0.1, 0.3):
        model = AuctionModel(game, 2, Rng(0), noise=noise, pool=4)
        weight, judged = model.likelihood(true)
        assert (weight, judged) == (pytest.approx(1 - noise), 1)  # E4: the pass it would make
        weight, judged = model.likelihood(swapped)
        assert (weight, judged) == (pytest.approx(noise), 1)  # it would have ordered up


def test_a_seat_trusted_less_is_partly_read_as_choosing_at_random() -> None:
    # The same pass as above; with trust t seat 1 plays like the heuristic with probability t,
    # else picks pass or order up (E4: two legal actions) at random: t * model + (1 - t) / 2.
    game, true = euchre_bids("1=pass", {1: WEAK, 3: STRONG})
    swapped = replace(true, hands=(true.hands[0], true.hands[3], true.hands[2], true.hands[1]))
    noise = 0.1
    for trust in (1.0, 0.5, 0.1):
        model = AuctionModel(game, 2, Rng(0), noise=noise, pool=4, trust=trust)
        fits, misfits = model.likelihood(true)[0], model.likelihood(swapped)[0]
        assert fits == pytest.approx(trust * (1 - noise) + (1 - trust) / 2)
        assert misfits == pytest.approx(trust * noise + (1 - trust) / 2)
    # The less the seat is trusted, the less its pass says: the weights draw together.
    ratios = [
        AuctionModel(game, 2, Rng(0), noise=noise, pool=4, trust=trust).likelihood(true)[0]
        / AuctionModel(game, 2, Rng(0), noise=noise, pool=4, trust=trust).likelihood(swapped)[0]
        for trust in (1.0, 0.5, 0.1)
    ]
    assert ratios[0] > ratios[1] > ratios[2] > 1


@pytest.mark.parametrize(
    ("noise", "trust", "pool"),
    [(0.0, 0.5, 4), (1.0, 0.5, 4), (0.1, 0.0, 4), (0.1, 1.5, 4), (0.1, 0.5, 0)],
)
def test_the_model_refuses_settings_out_of_range(noise: float, trust: float, pool: int) -> None:
    game = trickcore.load("euchre", single_hand=True)
    with pytest.raises(OptionError, match=f"not noise={noise}, trust={trust}, pool={pool}"):
        AuctionModel(game, 0, Rng(0), noise=noise, pool=pool, trust=trust)


def test_trust_mixes_each_seat_apart() -> None:
    # Seats 1 and 2 both passed (E4). Each seat's factor mixes its own decisions: with two
    # seats the likelihood is the product of two mixtures, not a mixture of the products.
    game, state = euchre_bids("1=pass 2=pass", {1: WEAK, 2: "TD QS QC JS JC", 3: STRONG})
    trust, noise = 0.5, 0.1
    model = AuctionModel(game, 3, Rng(0), noise=noise, pool=4, trust=trust)
    each = trust * (1 - noise) + (1 - trust) / 2
    assert model.likelihood(state) == (pytest.approx(each * each), 2)


def test_the_seat_s_own_decisions_are_not_judged() -> None:
    game, state = euchre_bids("1=pass 2=pass", {1: WEAK, 2: "TD QS QC JS JC", 3: STRONG})
    for seat, judged in [(1, 1), (2, 1), (3, 2), (0, 2)]:
        model = AuctionModel(game, seat, Rng(0), noise=0.1, pool=4)
        weight, count = model.likelihood(state)
        assert count == judged
        assert weight == pytest.approx(0.9**judged)


def test_before_any_other_decision_every_world_weighs_the_same() -> None:
    game, state = euchre_bids("", {1: STRONG})
    model = AuctionModel(game, 1, Rng(0), noise=0.1, pool=4)
    assert model.likelihood(state) == (1.0, 0)
    view = game.view(state, 1)
    drawn, plain = Rng(5), Rng(5)
    assert model.draw(view, drawn, 3) == [game.determinize(view, plain) for _ in range(3)]
    assert drawn.next_u64() == plain.next_u64()  # three worlds drawn, not a pool


def trumps_of(game: Any, world: Any, seat: int) -> int:
    """How many trumps ``seat`` holds in ``world`` (E2: the left bower counts)."""
    order = game.trick_order(world.trump)
    return sum(order.is_trump(card) for card in world.hands[seat])


def test_worlds_where_the_maker_holds_trumps_are_drawn_more_often() -> None:
    # Seat 1 orders up with the strong hand; seat 2 (an opponent) plays later and infers it.
    game, state = euchre_bids("", {1: STRONG})
    heuristic = default_host().bot_factory("heuristic", "euchre")
    bots = [heuristic(BotSpec(game, seat, Rng(0, seat))) for seat in range(4)]
    while state.phase is not Phase.PLAY or game.actor(state) != 2:
        actor = game.actor(state)
        state = game.apply(
            state, bots[actor].act(game.view(state, actor), game.legal_actions(state))
        )
    assert state.maker == 1
    view = game.view(state, 2)
    model = AuctionModel(game, 2, Rng(0), noise=0.1, pool=8)
    uniform = [trumps_of(game, game.determinize(view, Rng(9, n)), 1) for n in range(150)]
    inferred = [trumps_of(game, world, 1) for world in model.draw(view, Rng(9), 150)]
    assert statistics.fmean(inferred) > statistics.fmean(uniform) + 0.3


def heuristic_hand(seed: int, until: int) -> tuple[Any, Any, int]:
    """Single-hand Euchre from ``Rng(seed)``'s deal, the ``heuristic`` at every seat, up to the
    first time seat ``until`` is to play a card after three or more cards were played (E7);
    the game, the state and how many decisions with a choice the other seats made."""
    found = heuristic_hand_if_played(seed, until)
    assert found is not None, "the hand ended before the seat's turn"
    return found


def heuristic_hands(count: int, until: int) -> list[tuple[Any, Any, int]]:
    """:func:`heuristic_hand` of the first ``count`` seeds from 0 where seat ``until`` plays
    that late (not sitting out, E6, nor its side's hand over before)."""
    hands = []
    for seed in itertools.count():
        found = heuristic_hand_if_played(seed, until)
        if found is not None:
            hands.append(found)
            if len(hands) == count:
                return hands
    raise AssertionError("unreachable")


def heuristic_hand_if_played(seed: int, until: int) -> tuple[Any, Any, int] | None:
    """:func:`heuristic_hand`, or ``None`` when the hand ends before that turn."""
    game = trickcore.load("euchre", single_hand=True)
    heuristic = default_host().bot_factory("heuristic", "euchre")
    bots = [heuristic(BotSpec(game, seat, Rng(seed, seat))) for seat in range(4)]
    state, chance, choices = game.initial_state(), Rng(seed, "chance"), 0
    while True:
        actor = game.actor(state)
        if actor is None:
            return None
        if actor is CHANCE:
            state = game.apply(state, game.sample_chance(state, chance))
            continue
        played = sum(len(trick.cards) for trick in state.tricks) + len(state.trick)
        if actor == until and state.phase is Phase.PLAY and played >= 3:
            return game, state, choices
        legal = game.legal_actions(state)
        choices += actor != until and len(legal) > 1
        state = game.apply(state, bots[actor].act(game.view(state, actor), legal))


def test_with_the_hand_the_card_plays_are_judged_too() -> None:
    # Every decision of the true state is the heuristic's: each weighs 1 - noise (E4-E7).
    game, state, choices = heuristic_hand(3, until=2)
    before_play = AuctionModel(game, 2, Rng(0), noise=0.1, pool=4).likelihood(state)[1]
    weight, judged = AuctionModel(game, 2, Rng(0), noise=0.1, pool=4, plays=True).likelihood(state)
    assert judged == choices > before_play
    assert weight == pytest.approx(0.9**choices)


def test_worlds_drawn_by_the_hand_fit_the_card_plays_better() -> None:
    # Seat 2 has seen three cards or more played by the heuristic (E7): worlds resampled by the
    # whole hand fit those plays better, judged by the whole hand, than uniform worlds and than
    # worlds resampled by the auction alone.
    fits: dict[str, list[float]] = {"off": [], "auction": [], "hand": []}
    for seed, (game, state, _) in enumerate(heuristic_hands(6, until=2)):
        view = game.view(state, 2)
        judge = AuctionModel(game, 2, Rng(0), noise=0.1, pool=1, plays=True)
        for inference, found in fits.items():
            model = AuctionModel(game, 2, Rng(1), noise=0.1, pool=12, plays=inference == "hand")
            if inference == "off":
                worlds = [game.determinize(view, Rng(9, seed, n)) for n in range(12)]
            else:
                worlds = model.draw(view, Rng(9, seed), 12)
            found.extend(judge.likelihood(world)[0] for world in worlds)
    mean = {inference: statistics.fmean(found) for inference, found in fits.items()}
    assert mean["hand"] > 1.5 * mean["auction"]
    assert mean["auction"] > mean["off"]


def test_the_worlds_of_a_move_share_one_pool() -> None:
    # One pool of 12 x 4 worlds for the 12 worlds of a move finds likelier worlds than a pool
    # of 4 for each world (the same number of worlds judged).
    shared, separate = [], []
    for seed, (game, state, _) in enumerate(heuristic_hands(16, until=2)):
        view = game.view(state, 2)
        model = AuctionModel(game, 2, Rng(1), noise=0.1, pool=4, plays=True)
        for world in model.draw(view, Rng(9, seed), 12):
            shared.append(model.likelihood(world)[0])
        for n in range(12):
            (world,) = model.draw(view, Rng(9, seed, n))
            separate.append(model.likelihood(world)[0])
    assert statistics.fmean(shared) > 1.3 * statistics.fmean(separate)


class CountingModel(AuctionModel):
    """The model, counting how many worlds each call of ``draw`` asks for (a subclass: the
    compiled build's model takes no attribute set on an instance)."""

    counts: list[int]

    def draw(self, view: Any, rng: Rng, count: int = 1) -> list[Any]:
        self.counts.append(count)
        return super().draw(view, rng, count)


def counted_draws(bot: Any, view: Any, legal: tuple[Any, ...]) -> list[int]:
    """How many worlds each of ``bot``'s calls of its model's ``draw`` asked for in one move."""
    model = CountingModel(bot._game, bot._seat, Rng(3), noise=0.1, pool=4, plays=True)
    model.counts = []
    bot._inference = model
    assert bot.act(view, legal) in legal
    return model.counts


@pytest.mark.parametrize("cls", SEARCH)
def test_a_move_s_worlds_are_resampled_together(cls: Any) -> None:
    # As many worlds as the playouts need at once (iterations / legal actions, rounded up);
    # with a time budget, TIMED_BATCH at a time, as long as the budget lasts.
    game, state, _ = heuristic_hand(3, until=2)
    view, legal = game.view(state, 2), game.legal_actions(state)
    counted = counted_draws(
        cls(BotSpec(game, 2, Rng(4), {"inference": "hand", "iterations": 10})), view, legal
    )
    assert counted == [-(-10 // len(legal))]
    timed = {"inference": "hand", "time_budget": 0.05}
    counted = counted_draws(cls(BotSpec(game, 2, Rng(4), timed)), view, legal)
    assert set(counted) == {TIMED_BATCH}


def test_resampling_keeps_each_world_by_its_weight() -> None:
    assert resample([1.0, 0.0, 3.0], 4, 0.0) == [0, 2, 2, 2]
    assert resample([1.0, 0.0, 3.0], 4, 0.99) == [0, 2, 2, 2]
    assert resample([1.0, 1.0, 1.0, 1.0], 2, 0.5) == [1, 3]
    assert resample([0.0, 0.0, 5.0], 3, 0.3) == [2, 2, 2]


@given(
    st.lists(st.floats(0.0, 1.0), min_size=1, max_size=30).filter(lambda w: sum(w) > 1e-6),
    st.integers(1, 40),
    st.floats(0.0, 1.0, exclude_max=True),
)
def test_resampling_keeps_each_world_about_count_times_its_share(
    weights: list[float], count: int, uniform: float
) -> None:
    kept = resample(weights, count, uniform)
    assert len(kept) == count and kept == sorted(kept)
    total = sum(weights)
    for index, weight in enumerate(weights):
        expected = count * weight / total
        assert math.floor(expected - 1e-9) <= kept.count(index) <= math.ceil(expected + 1e-9)


@pytest.mark.parametrize("cls", SEARCH)
@pytest.mark.parametrize("inference", INFERENCES)
def test_the_inference_options_are_checked(cls: Any, inference: str) -> None:
    game = trickcore.load("euchre", single_hand=True)
    text = {
        "inference": inference,
        "inference_noise": "0.2",
        "inference_pool": "3",
        "inference_trust": "0.5",
    }
    options = cls(BotSpec(game, 0, Rng(1), text))._options
    assert (options.inference_pool, options.inference_trust) == (3, 0.5)
    default = cls(BotSpec(game, 0, Rng(1), {"inference": inference}))
    assert default._options.inference_trust == 0.5  # each seat half trusted by default
    assert default._inference._trust == 0.5  # and the model reads the seats so
    for bad, named in [
        ({"inference": "bids"}, "inference"),
        ({"inference_noise": 0}, "inference_noise"),
        ({"inference_noise": 1}, "inference_noise"),
        ({"inference_pool": 0}, "inference_pool"),
        ({"inference_trust": 0}, "inference_trust"),
        ({"inference_trust": 1.5}, "inference_trust"),
    ]:
        with pytest.raises(OptionError, match=named):
            cls(BotSpec(game, 0, Rng(1), bad))
    high_card = trickcore.load("high-card")
    with pytest.raises(OptionError, match="hand_history"):
        cls(BotSpec(high_card, 0, Rng(1), {"inference": inference}))


def play_hand(cls: Any, seed: int, options: dict[str, Any]) -> list[Any]:
    """The actions of one single hand of Euchre with ``cls`` at every seat."""
    game = trickcore.load("euchre", single_hand=True)
    bots = [cls(BotSpec(game, seat, Rng(seed, "bot", seat), options)) for seat in range(4)]
    state, chance, taken = game.initial_state(), Rng(seed, "chance"), []
    while (actor := game.actor(state)) is not None:
        if actor is CHANCE:
            action = game.sample_chance(state, chance)
        else:
            action = bots[actor].act(game.view(state, actor), game.legal_actions(state))
        taken.append(action)
        state = game.apply(state, action)
    return taken


@pytest.mark.parametrize("cls", SEARCH)
@pytest.mark.parametrize("inference", INFERENCES)
def test_the_same_seed_makes_the_same_choices(cls: Any, inference: str) -> None:
    options = {"inference": inference, "iterations": 12}
    first = play_hand(cls, 3, options)
    assert first == play_hand(cls, 3, options)
    assert len(first) > 25


@pytest.mark.parametrize("cls", SEARCH)
@pytest.mark.parametrize("inference", INFERENCES)
def test_two_true_states_with_one_view_give_one_choice(cls: Any, inference: str) -> None:
    # The bot sees views only: two true states that show seat 2 the same view, but hold the
    # other seats' cards differently, give the same choice from the same seed.
    game, state = euchre_bids("1=order_up", {1: STRONG})
    state = run(game, state, f"0=discard:{game.view(state, 0).hand[0]}")
    while game.actor(state) != 2 or state.phase is not Phase.PLAY:
        state = game.apply(state, game.legal_actions(state)[0])
    view = game.view(state, 2)
    other = game.determinize(view, Rng(11))
    assert other != state and game.view(other, 2) == view
    options = {"inference": inference, "iterations": 20}
    choices = {
        cls(BotSpec(game, 2, Rng(4), options)).act(game.view(true, 2), game.legal_actions(true))
        for true in (state, other)
    }
    assert len(choices) == 1

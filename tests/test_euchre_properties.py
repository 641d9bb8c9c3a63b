"""Property tests over random Euchre games (rule book E1-E10).

Games are driven by seeds from hypothesis: each player's choice is a uniformly random legal
action drawn from ``Rng(seed, "play")``, each chance action is
``game.sample_chance(state, Rng(seed, "chance", k))``. Options vary over the packs (24, 32, 25),
stick the dealer, who may go alone, the lone lead, the lone defender bonus, single hands and
small targets (short games). Each test counts the games it plays to their end and checks that
it played its share of ``GAMES_PER_TEST``; the full shares add up to well over 2,000 games.
The tests are slow sweeps: the fast slice of ``tests/sweeps.py`` plays a fifth of each share.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import msgspec
import pytest
from euchre_helpers import assert_cards_accounted, cards_in_view
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sweeps import sweep_size

import trickcore
from trickcore import (
    CHANCE,
    Card,
    DrawDealer,
    IllegalActionError,
    Rng,
    Shuffle,
    Suit,
    digest,
    from_json,
    to_json,
)
from trickcore_euchre.actions import (
    Call,
    Discard,
    GoAlone,
    OrderUp,
    Pass,
    Play,
    WithPartner,
)
from trickcore_euchre.ranking import same_colour
from trickcore_euchre.state import EuchreState, HandResult, Phase
from trickcore_euchre.view import EuchreView

GAMES: list[int] = [0]
"""Random games played to their end in this process (read through :func:`games_played`)."""

FULL_GAMES_PER_TEST = {"invariants": 700, "heavy": 200, "replays": 500, "seeded": 1500}
"""How many random games each test plays at least in full (hypothesis examples, or loop rounds)."""

GAMES_PER_TEST = {
    test: sweep_size(full, fast)
    for (test, full), fast in zip(FULL_GAMES_PER_TEST.items(), (140, 40, 100, 300), strict=True)
}
"""The games of this run: in full, or a fifth of them in a fast slice (``tests/sweeps.py``)."""

OPTIONS = st.fixed_dictionaries(
    {
        "deck": st.sampled_from([24, 32, 25]),
        "stick_the_dealer": st.booleans(),
        "who_may_go_alone": st.sampled_from(
            ["anyone", "maker_or_defenders", "makers", "maker", "nobody"]
        ),
        "lone_lead": st.sampled_from(["lone_left", "dealer_left"]),
        "lone_defender_bonus": st.booleans(),
        "single_hand": st.booleans(),
        "target": st.sampled_from([1, 3, 4, 5, 10]),
        "first_dealer": st.one_of(st.none(), st.integers(0, 3)),
    }
)
SEEDS = st.integers(0, 2**32)
FAST = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])


def load(options: dict[str, Any]) -> Any:
    return trickcore.load("euchre", **options)


def steps(game: Any, seed: int) -> Iterator[tuple[EuchreState, Any, EuchreState]]:
    """(before, action, after) for every action of one random game, to its end."""
    state = game.initial_state()
    chooser = Rng(seed, "play")
    chances = 0
    while (actor := game.actor(state)) is not None:
        legal = game.legal_actions(state)
        if actor is CHANCE:
            action = game.sample_chance(state, Rng(seed, "chance", chances))
            chances += 1
        else:
            action = chooser.choice(legal)
        after = game.apply(state, action)
        yield state, action, after
        state = after
    GAMES[0] += 1


def games_played(run: Callable[[], None]) -> int:
    """Call ``run`` and return how many random games it played to their end."""
    before = GAMES[0]
    run()
    return GAMES[0] - before


# -- what the rule book says, written independently of the plugin ------------------------------


def effective_suit(card: Card, trump: Suit) -> Suit:
    """E2: the joker and both bowers are trumps; every other card is of its printed suit."""
    if card is Card.JOKER:
        return trump
    assert card.suit is not None and card.rank is not None
    if card.rank.value == "J" and card.suit is same_colour(trump):
        return trump
    return card.suit


def table_points(result: HandResult, bonus: bool) -> tuple[int, int]:
    """E8: (scoring side, points) for a hand's makers, loners and tricks."""
    assert result.makers is not None
    makers, defenders = result.makers, 1 - result.makers
    made = result.tricks[makers]
    makers_alone = any(seat % 2 == makers for seat in result.alone)
    defender_alone = any(seat % 2 == defenders for seat in result.alone)
    if made >= 3:
        if made == 5:
            return makers, 4 if makers_alone else 2
        return makers, 1
    if defender_alone and (made == 0 or bonus):
        return defenders, 4
    return defenders, 2


def public_cards(state: EuchreState) -> set[Card]:
    played = {card for trick in state.tricks for card in trick.cards} | set(state.trick)
    return played | ({state.up_card} if state.up_card is not None else set())


def check_view(game: Any, state: EuchreState, seat: int) -> EuchreView:
    """E10: the view shows the seat's own hand and public cards only."""
    view: EuchreView = game.view(state, seat)
    hidden_own = state.phase is Phase.JOKER_CALL and seat == state.dealer
    assert view.hand == (() if hidden_own else state.hands[seat])
    allowed = public_cards(state) | set(view.hand)
    if seat == state.dealer and state.discard is not None:
        allowed.add(state.discard)
        assert view.discard == state.discard
    else:
        assert view.discard is None
    seen = cards_in_view(msgspec.to_builtins(view))
    assert seen <= {str(card) for card in allowed}, (seat, seen)
    return view


def voids_in(view: EuchreView) -> dict[int, set[Suit]]:
    """E7: the suits each seat showed out of (did not follow), from the view's tricks."""
    found: dict[int, set[Suit]] = {seat: set() for seat in range(4)}
    if view.trump is None:
        return found
    rows = [(trick.seats, trick.cards) for trick in view.tricks]
    rows.append((view.trick_seats[: len(view.trick)], view.trick))
    for seats, cards in rows:
        if not cards:
            continue
        led = effective_suit(cards[0], view.trump)
        for seat, card in zip(seats[1:], cards[1:], strict=True):
            if effective_suit(card, view.trump) is not led:
                found[seat].add(led)
    return found


def check_determinize(game: Any, state: EuchreState, seat: int, rng: Rng) -> None:
    """DESIGN 4: a determinized state validates, gives back the same view, keeps the seat's own
    hand and respects every void the view reveals."""
    view = game.view(state, seat)
    drawn = game.determinize(view, rng)
    game.validate(drawn)
    assert game.view(drawn, seat) == view
    if view.hand:
        assert drawn.hands[seat] == state.hands[seat]
    if view.trump is not None:
        for other, suits in voids_in(view).items():
            held = {effective_suit(card, view.trump) for card in drawn.hands[other]}
            assert not held & suits, (other, suits, drawn.hands[other])


def all_actions(game: Any) -> list[Any]:
    """Every action of the game, legal or not somewhere."""
    actions: list[Any] = [Pass(), OrderUp(), GoAlone(), WithPartner()]
    actions += [Call(suit=suit) for suit in Suit]
    actions += [Play(card=card) for card in game.deck]
    actions += [Discard(card=card) for card in game.deck]
    actions += [DrawDealer(seat=seat) for seat in range(4)]
    actions += [Shuffle(order=game.deck[:-1]), Shuffle(order=(*game.deck[1:], game.deck[1]))]
    return actions


# -- the properties ------------------------------------------------------------------------


def play_and_check(options: dict[str, Any], seed: int, *, heavy_every: int = 0) -> EuchreState:
    """Play one random game checking the invariants at every step; every ``heavy_every``-th
    step (0: never) also determinize, JSON round trips and an illegal action."""
    game = load(options)
    bonus = options.get("lone_defender_bonus", False)
    target = options.get("target", 10)
    single = options.get("single_hand", False)
    universe = all_actions(game) if heavy_every else []
    pick = Rng(seed, "checks")
    final: EuchreState = game.initial_state()
    for index, (before, action, after) in enumerate(steps(game, seed)):
        game.validate(after)
        assert_cards_accounted(game, after)
        actor = game.actor(after)
        over = after.phase is Phase.OVER
        assert (actor is None) == over == game.outcome(after).finished
        legal = game.legal_actions(after)
        if actor is CHANCE:
            expected = (
                tuple(DrawDealer(seat=s) for s in range(4))
                if after.phase is Phase.DRAW_DEALER
                else ()
            )
            assert legal == expected
        elif actor is not None:
            assert legal and len(set(legal)) == len(legal)
            assert 0 <= actor < 4 and actor not in after.sitting_out
        # scores only grow, by the E8 amount, for one side
        gained = (after.scores[0] - before.scores[0], after.scores[1] - before.scores[1])
        if after.last_hand != before.last_hand and after.last_hand is not None:
            result = after.last_hand
            if result.thrown_in:
                assert gained == (0, 0)
            else:
                assert sum(result.tricks) == 5
                side, points = table_points(result, bonus)
                assert (result.scoring_side, result.points) == (side, points)
                assert gained[side] == points and gained[1 - side] == 0
        else:
            assert gained == (0, 0)
        for seat in range(4):
            check_view(game, after, seat)
        if heavy_every and index % heavy_every == 0:
            seat = actor if isinstance(actor, int) else pick.below(4)
            check_determinize(game, after, seat, Rng(seed, "determinize", index))
            assert from_json(to_json(after), game.state_type) == after
            assert from_json(to_json(action), game.action_type) == action
            view = game.view(after, seat)
            assert from_json(to_json(view), game.view_type) == view
            illegal = [a for a in universe if a not in legal]
            snapshot = digest(after)
            wrong = pick.choice(illegal)
            with pytest.raises(IllegalActionError):
                game.apply(after, wrong)
            assert digest(after) == snapshot
        final = after
    outcome = game.outcome(final)
    assert outcome.finished
    if outcome.draw:
        assert single and final.scores == (0, 0) and final.last_hand is not None
        assert final.last_hand.thrown_in
    else:
        winner = outcome.winner
        assert winner is not None
        if single:
            assert final.last_hand is not None and final.last_hand.scoring_side == winner
        else:
            assert final.scores[winner] >= target > final.scores[1 - winner]
    with pytest.raises(IllegalActionError):
        game.apply(final, Pass())
    return final


@settings(FAST, max_examples=GAMES_PER_TEST["invariants"])
@given(options=OPTIONS, seed=SEEDS)
def random_games_keep_every_invariant(options: dict[str, Any], seed: int) -> None:
    play_and_check(options, seed)


@pytest.mark.slow_sweep
def test_random_games_keep_every_invariant() -> None:
    """E1-E10: validate, cards, actors, legal sets, E8 scores, outcome, views at every step."""
    played = games_played(random_games_keep_every_invariant)
    assert played >= GAMES_PER_TEST["invariants"], played


@settings(FAST, max_examples=GAMES_PER_TEST["heavy"])
@given(options=OPTIONS, seed=SEEDS)
def determinize_json_and_illegal_actions(options: dict[str, Any], seed: int) -> None:
    play_and_check(options, seed, heavy_every=3)


@pytest.mark.slow_sweep
def test_determinize_json_and_illegal_actions() -> None:
    """DESIGN 4, E10: determinize agrees with views and voids; JSON round trips of states,
    actions and views; an illegal action raises and changes nothing (sampled steps)."""
    played = games_played(determinize_json_and_illegal_actions)
    assert played >= GAMES_PER_TEST["heavy"], played


@settings(FAST, max_examples=GAMES_PER_TEST["replays"])
@given(options=OPTIONS, seed=SEEDS)
def replays_reproduce(options: dict[str, Any], seed: int) -> None:
    game = load(options)
    recorded = []
    final = game.initial_state()
    for _, action, after in steps(game, seed):
        recorded.append(action)
        final = after
    again = game.initial_state()
    for action in recorded:
        again = game.apply(again, from_json(to_json(action), game.action_type))
    assert again == final
    assert digest(again) == digest(final)
    assert from_json(to_json(final), game.state_type) == final


@pytest.mark.slow_sweep
def test_replays_reproduce() -> None:
    """DESIGN 7: re-applying the recorded actions gives an equal state and an equal digest,
    also when the actions go through JSON."""
    played = games_played(replays_reproduce)
    assert played >= GAMES_PER_TEST["replays"], played


@pytest.mark.slow_sweep
def test_many_seeded_games_default_and_varied_options() -> None:
    """E1-E9: a fixed loop of 1,500 short games (cheap invariants at every step); 300 in the
    fast slice."""
    played = games_played(many_seeded_games)
    assert played >= GAMES_PER_TEST["seeded"], played


def many_seeded_games() -> None:
    choices = Rng(2024, "options")
    for seed in range(GAMES_PER_TEST["seeded"]):
        target = choices.choice([1, 2, 3, 5])
        options: dict[str, Any] = {
            "target": target,
            "deck": choices.choice([24, 32, 25]),
            "stick_the_dealer": choices.below(2) == 1,
            "who_may_go_alone": choices.choice(
                ["anyone", "maker_or_defenders", "makers", "maker", "nobody"]
            ),
            "lone_lead": choices.choice(["lone_left", "dealer_left"]),
            "lone_defender_bonus": choices.below(2) == 1,
            "single_hand": choices.below(3) == 0,
        }
        game = load(options)
        final = None
        for _, _, after in steps(game, seed):
            final = after
        assert final is not None and final.phase is Phase.OVER
        game.validate(final)
        outcome = game.outcome(final)
        if not outcome.draw:
            assert outcome.winner is not None
            assert options["single_hand"] or final.scores[outcome.winner] >= target


def test_the_property_tests_play_over_2000_games() -> None:
    """The full shares of the tests above (each checked by its test) add up to over 2,000 games."""
    assert sum(FULL_GAMES_PER_TEST.values()) > 2000, FULL_GAMES_PER_TEST

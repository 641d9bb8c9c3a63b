"""Words (issue 21.8): cards written one way everywhere the command line shows them, the hand
printed once per deal, Apples bids written as the action reads, Apples' round number counting
rounds (not deals), and EGN's reader saying when a file is of another game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("click")
from apples_helpers import HANDS, PASS, apples, deal, play_round, run
from click.testing import CliRunner

import trickcore
from trickcore import Suit, egn
from trickcore.cli.app import cli
from trickcore.errors import EgnError
from trickcore_apples import Bid
from trickcore_apples.events import BidMade
from trickcore_apples.render import ApplesRenderer, describe_round, round_of
from trickcore_apples.state import Phase

SYMBOLS = re.compile("[\u2660\u2665\u2666\u2663\u2661\u2662\u2664\u2667]")
DATA = Path(__file__).parent / "data"


@pytest.fixture(autouse=True)
def _in_a_scratch_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Games left unfinished are saved in the current directory: keep it out of the repo."""
    monkeypatch.chdir(tmp_path)


def _play(game: str, *extra: str) -> str:
    result = CliRunner().invoke(
        cli,
        ["play", game, "--seat", "0", "--seed", "3", "--bots", "random", *extra],
        input="1\n" * 60,
    )
    return result.stdout


@pytest.mark.parametrize(
    "game", [("euchre", "--option", "single_hand=true"), ("allfours",), ("apples",)]
)
def test_cards_are_shown_in_one_form(game: tuple[str, ...]) -> None:
    out = _play(*game)
    assert "Your hand: " in out
    assert not SYMBOLS.search(out), SYMBOLS.findall(out)[:5]
    # The hand line uses the same form as the menu: every card it lists reads as text.
    hand = next(line for line in out.splitlines() if line.startswith("Your hand: "))
    for card in hand.removeprefix("Your hand: ").split():
        assert str(trickcore.Card(card)) == card


def test_a_card_is_still_typed_in_every_form() -> None:
    for typed in ("10\u2666", "10d", "TD", "td"):
        assert str(trickcore.Card(typed)) == "TD"


@pytest.mark.parametrize(
    "game", [("euchre", "--option", "single_hand=true"), ("allfours",), ("apples",)]
)
def test_the_hand_is_printed_once_before_the_first_move_of_a_deal(game: tuple[str, ...]) -> None:
    out = _play(*game)
    first_turn = out.split("seat 0>", 1)[0]
    assert first_turn.count("Your hand:") == 1, first_turn


def test_apples_bids_read_the_same_in_the_menu_the_events_and_the_view() -> None:
    action = Bid(number=2, suit=Suit.DIAMONDS)
    event = BidMade(seat=1, number=2, suit=Suit.DIAMONDS)
    assert str(action) == "bid 2 diamonds"
    assert str(event) == "Seat 1 bids 2 diamonds."
    game = apples(3)
    state = run(game, deal(game, HANDS), [(0, Bid(number=1, suit=Suit.SPADES))])
    text = ApplesRenderer().describe_view(game.view(state, 2))
    assert "Auction: 0 bid 1 spades" in text
    assert not re.search(r"\b(one|two|three|four|five)\b", text)


def test_apples_round_number_counts_rounds_not_redeals() -> None:
    """A3: everyone passed, the same dealer deals again: still round 1, not "Round 2"."""
    game = apples(0)
    state = deal(game, HANDS)
    while state.phase is Phase.AUCTION:
        state = run(game, state, [(game.actor(state), PASS)])
    assert state.phase is Phase.DEAL and state.round_number == 1  # one deal so far
    scored = play_round(game, [], {0: "2S", 1: "2H", 2: "2D", 3: "2C"}, state=state)
    assert scored.round_number == 2  # deals, the redeal included
    last = scored.last_round
    assert last is not None and last.round_number == 1
    assert describe_round(last)[0].startswith("Round 1: ")
    view = game.view(scored, 0)
    assert round_of(view) == 2  # the next round
    assert "round 2," in ApplesRenderer().describe_view(view)


def test_egn_loads_of_another_games_file_says_so() -> None:
    with pytest.raises(EgnError, match="trickcore replay of 'apples', not an EGN file"):
        egn.loads((DATA / "apples_random_seed7.json").read_bytes())
    with pytest.raises(EgnError, match="trickcore replay of euchre, not an EGN file"):
        egn.loads((DATA / "euchre_random_seed7.json").read_bytes())
    table = trickcore.Table(trickcore.load("allfours"), [None, "random"] * 2, seed=1)
    table.advance()
    with pytest.raises(EgnError, match="saved table of 'allfours'"):
        egn.loads(table.to_json())
    with pytest.raises(EgnError, match="not an EGN file"):
        egn.loads(b"[1]")

"""Bot faults at a table and in a match (issue 9, item 5), bot options, and views built only for
bots that read them (item 6)."""

from __future__ import annotations

import time
from typing import Any, ClassVar

import pytest
from toygame import ToyPlugin
from trickcore_example_game.game import HighCard, HighCardOptions, HighCardView

from trickcore import BotError, BotSpec, Match, Rng, Table, TableError, build_host, hookimpl
from trickcore.faults import Forfeit, forfeit_outcome


class FaultyBot:
    """Misbehaves as its option ``fault`` says: ``raise``, ``illegal`` or ``slow``; otherwise
    plays the first legal action. Records what it was handed."""

    name: ClassVar[str] = "faulty"
    description: ClassVar[str] = "misbehaves on request"
    games: ClassVar[tuple[str, ...] | None] = None

    def __init__(self, spec: BotSpec) -> None:
        self.fault = spec.options.get("fault")
        self.views: list[object] = []

    def act(self, view: object, legal: tuple[Any, ...]) -> Any:
        self.views.append(view)
        if self.fault == "raise":
            raise RuntimeError("boom")
        if self.fault == "illegal":
            return "a card up my sleeve"
        if self.fault == "slow":
            time.sleep(0.05)
        return legal[0]


class BlindBot(FaultyBot):
    """Declares that it never reads the view."""

    name: ClassVar[str] = "blind"
    reads_view: ClassVar[bool] = False


class FaultyPlugin:
    @hookimpl
    def trickcore_register_bots(self, register: Any) -> None:
        register(FaultyBot)
        register(BlindBot)


HOST = build_host(
    entry_points=False, plugins=[("toy", ToyPlugin()), ("faulty", FaultyPlugin())], strict=True
)
GAME = HighCard(HighCardOptions(players=2, first_dealer=0))


def _table(fault: str | None, **kwargs: Any) -> Table[Any, Any, Any]:
    options = {"faulty": {"fault": fault}} if fault else {}
    return Table(GAME, ["faulty", "first"], seed=4, host=HOST, bot_options=options, **kwargs)


@pytest.mark.parametrize(
    ("fault", "kind", "words"),
    [
        ("raise", "raised", "failed: RuntimeError: boom"),
        ("illegal", "illegal", "answered 'a card up my sleeve', which is not legal; legal: play"),
    ],
)
def test_a_fault_raises_by_default_and_forfeits_on_request(
    fault: str, kind: str, words: str
) -> None:
    raising = _table(fault)
    with pytest.raises(BotError, match="seat 0 \\(faulty\\) " + words.split(";", maxsplit=1)[0]):
        raising.advance()
    assert not raising.over and raising.forfeit is None  # the failed move changed nothing
    table = _table(fault, bot_faults="forfeit")
    table.advance()
    forfeit = table.forfeit
    assert forfeit is not None and (forfeit.seat, forfeit.bot, forfeit.kind) == (0, "faulty", kind)
    assert words in forfeit.detail and str(forfeit).startswith("seat 0 (faulty) forfeits: ")
    assert table.over and table.actor is None and table.advance() == 0
    outcome = table.outcome
    assert outcome.finished and outcome.winner == 1 and outcome.returns == (-1.0, 1.0)
    assert table.legal_actions(1) == ()
    # The history stops where the fault happened: chance dealt, seat 1 led, seat 0 failed.
    assert [type(action).__name__ for action in table.actions] == ["Shuffle", "Play"]


def test_a_move_over_the_time_limit_is_a_fault_and_the_limit_is_opt_in() -> None:
    table = _table("slow", bot_faults="forfeit", time_limit=0.01)
    table.advance()
    assert table.forfeit is not None and table.forfeit.kind == "timeout"
    assert "over the time limit of 0.01 s" in table.forfeit.detail
    with pytest.raises(BotError, match="over the time limit"):
        _table("slow", time_limit=0.01).advance()
    unlimited = _table("slow")
    assert unlimited.run().finished and unlimited.forfeit is None


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"bot_faults": "ignore"}, 'bot_faults must be "raise" or "forfeit"'),
        ({"time_limit": 0}, "time_limit must be a number of seconds above 0"),
        ({"time_limit": "1"}, "time_limit must be a number of seconds above 0"),
        ({"bot_options": {"faulty": 3}}, "bot_options must map bot names to option mappings"),
        ({"bot_options": {"faulty": {1: 2}}}, "the options of bot 'faulty' must have text names"),
    ],
)
def test_bad_fault_settings_are_refused(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(TableError, match=message):
        Table(GAME, ["faulty", "first"], host=HOST, **kwargs)


def test_a_forfeit_and_the_settings_survive_save_and_resume() -> None:
    table = _table("raise", bot_faults="forfeit", time_limit=2.5)
    table.advance()
    resumed = Table.from_json(table.to_json(), host=HOST)
    assert resumed.forfeit == table.forfeit and resumed.over
    assert resumed.outcome == table.outcome
    assert resumed.bot_options == {"faulty": {"fault": "raise"}}


def test_undoing_past_a_forfeit_lifts_it() -> None:
    table = Table(
        HighCard(HighCardOptions(players=2, first_dealer=1)),  # seat 0 leads
        [None, "faulty"],
        seed=4,
        host=HOST,
        bot_options={"faulty": {"fault": "raise"}},
        bot_faults="forfeit",
    )
    table.advance()
    (card,) = table.legal_actions(0)[:1]
    table.play(0, card)
    table.advance()
    assert table.forfeit is not None and table.forfeit.seat == 1
    table.undo(0)
    assert table.forfeit is None and table.to_act == 0


def test_views_are_built_only_for_bots_that_read_them() -> None:
    table = Table(GAME, ["faulty", "blind"], seed=4, host=HOST)
    table.run()
    reader, blind = table._bots
    assert isinstance(reader, FaultyBot) and isinstance(blind, BlindBot)
    assert reader.views and all(isinstance(view, HighCardView) for view in reader.views)
    assert blind.views and all(view is None for view in blind.views)


def test_forfeit_outcome_with_more_than_two_sides() -> None:
    sides = ((0,), (1,), (2,))
    outcome = forfeit_outcome(sides, (3, 5, 5), seat=0)
    assert outcome.winner == 1 and outcome.returns == (-0.5, 1.0, -0.5)  # tie: the lower side
    assert forfeit_outcome(sides, (3, 1, 5), seat=2).winner == 0
    assert forfeit_outcome(((0, 2), (1, 3)), (0, 9), seat=3).winner == 0


def test_a_match_hands_out_bot_options_and_records_forfeits() -> None:
    options = {"faulty": {"fault": "illegal"}}
    match = Match("high-card", ["faulty", "first"], games=2, host=HOST, bot_options=options)
    result = match.run()
    assert all(isinstance(game.forfeit, Forfeit) for game in result.results)
    assert {game.forfeit.kind for game in result.results if game.forfeit} == {"illegal"}
    assert all(game.bot_options == options for game in result.results)
    assert result.entry("faulty").forfeits == 4
    with pytest.raises(TableError, match="bot_options names 'pimc', which is not in this match"):
        Match("high-card", ["faulty", "first"], games=1, host=HOST, bot_options={"pimc": {}})


def test_derived_streams_are_the_streams_of_the_whole_path() -> None:
    base = Rng(7, "bot")
    for labels in [(0, 0), (3, 12), ("x",), (b"\x00",)]:
        derived, fresh = base.derive(*labels), Rng(7, "bot", *labels)
        assert derived.path == fresh.path
        assert [derived.next_u64() for _ in range(10)] == [fresh.next_u64() for _ in range(10)]
    # (the compiled build words a type refused at its boundary its own way)
    with pytest.raises(TypeError, match=r"must be an int, str or bytes|union\[int, str, bytes\]"):
        base.derive(1.5)  # type: ignore[arg-type]

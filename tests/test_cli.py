"""The command line (``trickcore.cli``, DESIGN 9): listings, play, replays, schema, errors.

Most tests run the click application in-process with :class:`click.testing.CliRunner`; a few
run the real ``python -m trickcore`` in a subprocess (the missing-plugin report needs a fake
installed distribution on ``PYTHONPATH``).
"""

from __future__ import annotations

import inspect
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

click = pytest.importorskip("click")
from click.testing import CliRunner, Result  # noqa: E402
from toygame import toy_host  # noqa: E402

import trickcore  # noqa: E402
from trickcore.cli import MISSING_CLICK, main  # noqa: E402
from trickcore.cli.app import cli  # noqa: E402
from trickcore.cli.errors import CliUsageError  # noqa: E402
from trickcore.cli.play import match_action  # noqa: E402
from trickcore.cli.seating import parse_options, parse_seed, plan_seats  # noqa: E402
from trickcore.cli.text import order_legal  # noqa: E402
from trickcore_euchre import Call, GoAlone, OrderUp, Pass, Play, WithPartner  # noqa: E402
from trickcore_euchre.render import EuchreRenderer  # noqa: E402

EUCHRE_BOTS = [bot.name for bot in trickcore.default_host().bots("euchre")]


# click 8.1 mixes stderr into stdout unless told not to; click 8.2 always keeps them apart.
_SEPARATE: dict[str, Any] = (
    {"mix_stderr": False} if "mix_stderr" in inspect.signature(CliRunner).parameters else {}
)


@pytest.fixture(autouse=True)
def _in_a_scratch_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Games left unfinished are saved in the current directory: keep it out of the repo."""
    monkeypatch.chdir(tmp_path)


def run(*args: str, input: str | None = None, obj: Any = None) -> Result:
    """Invoke the application in-process (never raising: check ``exit_code``)."""
    return CliRunner(**_SEPARATE).invoke(cli, list(args), input=input, obj=obj)


def run_process(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``python -m trickcore ARGS`` for real."""
    return subprocess.run(
        [sys.executable, "-m", "trickcore", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=60,
        check=False,
    )


def no_traceback(result: Result) -> None:
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def one_error_line(result: Result, code: int, *needles: str) -> None:
    """A user error: exit ``code``, one ``Error:`` line on stderr naming every needle."""
    no_traceback(result)
    assert result.exit_code == code, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    for needle in needles:
        assert needle in lines[0]


# -- listings ------------------------------------------------------------------------------


def test_games_lists_one_line_per_game_name_first() -> None:
    result = run("games")
    assert result.exit_code == 0
    line = next(line for line in result.stdout.splitlines() if line.startswith("euchre "))
    assert line.split()[:1] == ["euchre"]
    assert "Euchre (North American)" in line
    assert "4 seats" in line
    assert line.endswith("(plugin euchre)")


def test_games_options_lists_every_option_with_default_allowed_values_and_description() -> None:
    result = run("games", "euchre", "--options")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("euchre ") and lines[0].endswith("(plugin euchre)")
    options = trickcore.default_host().game_factory("euchre").options_type
    pairs = list(zip(lines[1::2], lines[2::2], strict=True))
    assert [head.split("=")[0].strip() for head, _ in pairs] == list(options.__struct_fields__)
    by_name = {head.split()[0]: (head, described) for head, described in pairs}
    target, described = by_name["target=10"]
    assert target.endswith("  an integer >= 1")
    assert described.strip() == "Points that win the game (E1)."
    assert by_name["first_dealer=null"][0].endswith("  an integer from 0 to 3, or null")
    assert by_name["stick_the_dealer=false"][0].endswith("  true or false")
    assert by_name["deck=24"][0].endswith("  one of 24, 25, 32")


def test_games_without_a_game_lists_all_and_options_only_when_asked() -> None:
    host = toy_host()
    assert (
        run("games", "high-card", obj=host).stdout.splitlines()
        == run("games", obj=host).stdout.splitlines()
    )
    assert len(run("games", obj=host).stdout.splitlines()) == 1
    listed = run("games", "--options", obj=host).stdout.splitlines()
    assert listed[0].startswith("high-card ")
    assert listed[1].split() == ["players=2", "an", "integer", "from", "2", "to", "4"]
    assert listed[2].strip() == "Number of players (H1)."


def test_games_with_an_unknown_game_is_a_usage_error() -> None:
    one_error_line(run("games", "eucher", "--options"), 2, "unknown game 'eucher'", "euchre")


def test_play_help_tells_where_the_options_are_listed() -> None:
    assert "trickcore games GAME --options" in " ".join(run("play", "--help").stdout.split())


def test_bots_lists_name_games_description_and_plugin(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "300")  # every column fits, whatever terminal runs the tests
    result = run("bots")
    assert result.exit_code == 0
    lines = {line.split()[0]: line for line in result.stdout.splitlines()}
    assert "random" in lines
    assert "all games" in lines["random"]
    assert lines["random"].endswith("(plugin bots)")
    only = run("bots", "--game", "euchre")
    assert only.exit_code == 0
    assert {line.split()[0] for line in only.stdout.splitlines()} == set(EUCHRE_BOTS)


def test_bots_for_an_unknown_game_is_a_usage_error() -> None:
    one_error_line(run("bots", "--game", "eucher"), 2, "unknown game 'eucher'", "euchre")


def test_plugins_lists_the_builtin_plugins_as_ok() -> None:
    result = run("plugins")
    assert result.exit_code == 0
    lines = {line.split()[0]: line.split() for line in result.stdout.splitlines()}
    assert lines["euchre"][1] == "ok"
    assert lines["bots"][1] == "ok"
    assert "trickcore_euchre.plugin" in " ".join(lines["euchre"])


def test_listings_work_for_any_host() -> None:
    host = toy_host()
    assert run("games", obj=host).stdout.split()[0] == "high-card"
    assert "2, 3 or 4 seats" in run("games", obj=host).stdout
    assert run("bots", obj=host).stdout.split()[0] == "first"
    assert run("plugins", obj=host).stdout.split()[:3] == ["toy", "ok", "in-process"]


def _broken_distribution(root: Path) -> None:
    info = root / "broken_plugin-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken_plugin\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[trickcore]\nbroken = broken_mod\n")
    (root / "broken_mod.py").write_text('raise RuntimeError("this plugin is broken on purpose")\n')


def test_a_plugin_that_fails_to_import_is_reported_and_games_still_work(tmp_path: Path) -> None:
    _broken_distribution(tmp_path)
    env = dict(os.environ)
    env["COLUMNS"] = "300"  # every column fits, whatever terminal runs the tests
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(tmp_path), env.get("PYTHONPATH")]))
    report = run_process("plugins", env=env)
    assert report.returncode == 0, report.stderr
    line = next(line for line in report.stdout.splitlines() if line.startswith("broken "))
    assert line.split()[1] == "FAILED"
    assert "import: RuntimeError: this plugin is broken on purpose" in line
    assert "broken_mod" in line
    assert any(line.split()[:2] == ["euchre", "ok"] for line in report.stdout.splitlines())
    games = run_process("games", env=env)
    assert games.returncode == 0
    assert any(line.startswith("euchre ") for line in games.stdout.splitlines())
    assert "broken" in games.stderr  # a warning pointing at 'trickcore plugins'
    assert "Traceback" not in games.stderr + report.stderr


# -- the console script ----------------------------------------------------------------------


def test_python_dash_m_trickcore_version_and_games() -> None:
    version = run_process("--version")
    assert version.returncode == 0
    assert version.stdout.strip() == f"trickcore {trickcore.__version__} {trickcore.build_kind()}"
    assert version.stdout.split()[-1] in ("compiled", "pure")
    names = [line.split()[0] for line in run_process("games").stdout.splitlines()]
    assert names[:3] == ["allfours", "apples", "euchre"]


def test_a_usage_error_from_the_real_command_is_one_line_without_traceback() -> None:
    done = run_process("play", "eucher")
    assert done.returncode == 2
    (line,) = done.stderr.strip().splitlines()
    # the games installed: allfours, apples, euchre, and the docs' example game where it is
    # installed (tox)
    games = r"allfours, apples, euchre(, high-card)?"
    assert re.fullmatch(rf"Error: unknown game 'eucher'; games: {games}", line)
    assert "Traceback" not in done.stderr


def test_main_without_click_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "click", None)
    for name in list(sys.modules):
        if name.startswith("trickcore.cli."):
            monkeypatch.delitem(sys.modules, name)
    with pytest.raises(SystemExit) as exit_info:
        main(["games"])
    assert exit_info.value.code == 1
    assert capsys.readouterr().err.strip() == MISSING_CLICK
    assert "pip install 'trickcore[cli]'" in MISSING_CLICK


def test_importing_the_cli_package_does_not_import_click() -> None:
    code = "import sys, trickcore.cli, trickcore.__main__; print('click' in sys.modules)"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.strip() == "False"


# -- play: bots only --------------------------------------------------------------------------


def test_bots_only_play_narrates_hands_and_result_and_saves_a_replay_that_verifies(
    tmp_path: Path,
) -> None:
    saved = tmp_path / "r.json"
    result = run("play", "euchre", "--bots", "random", "--seed", "7", "--save", str(saved))
    no_traceback(result)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.splitlines()[0] == "seed 7 — replay it with --seed 7"
    assert "Hand 1: seat" in out
    for seat in range(4):
        assert f"  seat {seat} (random): " in out  # every dealt hand is shown
    assert "Game over" in out
    assert "Result: side " in out
    assert f"replay saved to {saved}" in out
    replay = trickcore.replay.loads(saved.read_bytes())
    assert replay.seed == 7 and replay.seats == ("random",) * 4
    assert replay.outcome is not None and replay.outcome.finished
    assert max(replay.outcome.scores) >= 10
    verified = run("replay", "verify", str(saved))
    assert verified.exit_code == 0, verified.output
    count = len(replay.actions)
    assert verified.stdout.startswith(f"ok: {count} actions reproduce digest {replay.digest[:12]}")


def _saved_game(tmp_path: Path) -> tuple[Path, Any, int]:
    """A bots-only game saved by ``play --save``: its path, its JSON, and the index of its
    first card played."""
    saved = tmp_path / "r.json"
    assert (
        run("play", "euchre", "--bots", "random", "--seed", "7", "--save", str(saved)).exit_code
        == 0
    )
    data = json.loads(saved.read_text())
    index = next(i for i, action in enumerate(data["actions"]) if action["type"] == "play")
    return saved, data, index


def test_a_replay_with_one_card_changed_fails_verify_naming_the_action(tmp_path: Path) -> None:
    _, data, index = _saved_game(tmp_path)
    deck = next(a["order"] for a in data["actions"] if a["type"] == "shuffle")
    original = data["actions"][index]["card"]
    data["actions"][index]["card"] = next(card for card in deck if card != original)
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(data))
    result = run("replay", "verify", str(tampered))
    one_error_line(result, 1, f"action {index}")


def test_the_same_seed_plays_the_same_game(tmp_path: Path) -> None:
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    for path in (first, second):
        bots = "random,heuristic,random,random" if "heuristic" in EUCHRE_BOTS else "random"
        assert (
            run("play", "euchre", "--bots", bots, "--seed", "11", "--save", str(path)).exit_code
            == 0
        )
    a, b = json.loads(first.read_text()), json.loads(second.read_text())
    assert a["actions"] == b["actions"]
    assert a["digest"] == b["digest"]


def test_without_seed_a_fresh_one_is_printed_and_recorded(tmp_path: Path) -> None:
    saved = tmp_path / "r.json"
    result = run(
        "play", "euchre", "--bots", "random", "--option", "single_hand=true", "--save", str(saved)
    )
    assert result.exit_code == 0
    first = result.stdout.splitlines()[0]
    seed = int(first.split()[1])
    assert first == f"seed {seed} — replay it with --seed {seed}"
    assert json.loads(saved.read_text())["seed"] == seed


def test_heuristic_command_line_from_the_brief_plays_a_whole_game(tmp_path: Path) -> None:
    if "heuristic" not in EUCHRE_BOTS:
        pytest.skip("the heuristic Euchre bot is not registered")
    saved = tmp_path / "r.json"
    args = ["--bots", "heuristic,random,heuristic,random", "--seed", "7", "--save", str(saved)]
    result = run("play", "euchre", *args)
    no_traceback(result)
    assert result.exit_code == 0, result.output
    assert "  seat 0 (heuristic): " in result.stdout
    assert "  seat 1 (random):" in result.stdout
    assert "Game over" in result.stdout and "Result: side" in result.stdout
    replay = trickcore.replay.loads(saved.read_bytes())
    assert replay.outcome is not None and max(replay.outcome.scores) >= 10
    assert run("replay", "verify", str(saved)).exit_code == 0


def test_the_example_third_party_bot_is_listed_and_seated() -> None:
    pytest.importorskip("trickcore_example_bot")
    listed = run("bots", "--game", "euchre")
    assert any(line.startswith("first-legal ") for line in listed.stdout.splitlines())
    result = run(
        "play", "euchre", "--bots", "first-legal,random,random,random", "--seed", "3",
        "--option", "single_hand=true",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "seats: 0 first-legal, 1 random, 2 random, 3 random" in result.stdout
    assert "  seat 0 (first-legal): " in result.stdout


def test_bots_only_play_of_another_game_uses_its_first_bot_by_default() -> None:
    result = run("play", "high-card", "--seed", "5", obj=toy_host())
    assert result.exit_code == 0, result.output
    assert "seats: 0 first, 1 first" in result.stdout  # neither heuristic nor random plays it
    assert "  seat 0 (first): " in result.stdout
    assert "Result: seat " in result.stdout


# -- play: a human at the terminal -----------------------------------------------------------

HUMAN = ("play", "euchre", "--seat", "0", "--seed", "3", "--bots", "random")
SHORT = ("--option", "single_hand=true")


def test_a_human_picking_1_plays_a_hand_to_the_end(tmp_path: Path) -> None:
    saved = tmp_path / "h.json"
    result = run(*HUMAN, *SHORT, "--save", str(saved), input="1\n" * 40)
    no_traceback(result)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Your hand:" in out
    assert "  1) " in out and "seat 0> " in out
    assert "Game over" in out
    assert "You (seat 0) " in out
    replay = trickcore.replay.loads(saved.read_bytes())
    assert replay.seats == ("human", "random", "random", "random")
    assert replay.outcome is not None and replay.outcome.finished
    assert run("replay", "verify", str(saved)).exit_code == 0


def test_invalid_input_re_prompts() -> None:
    result = run(*HUMAN, *SHORT, input="x\n99\nplay ZZ\n\n?\n" + "1\n" * 40)
    no_traceback(result)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "'x' is not a legal action here" in out
    assert "there is no action 99: choose 1 to" in out
    assert "'play ZZ' is not a legal action here" in out
    assert "u, undo" in out  # the help
    assert "Game over" in out


def test_end_of_input_quits_cleanly_and_saves(tmp_path: Path) -> None:
    saved = tmp_path / "h.json"
    result = run(*HUMAN, "--save", str(saved), input="")
    no_traceback(result)
    assert result.exit_code == 0
    assert "You left the game after" in result.stdout
    assert "Result: not finished" in result.stdout
    assert run("replay", "verify", str(saved)).exit_code == 0


def test_quit_and_save_commands(tmp_path: Path) -> None:
    other = tmp_path / "other.json"
    result = run(*HUMAN, input=f"s\nsave {other}\nq\n")
    assert result.exit_code == 0
    assert "save FILE" in result.stdout  # no --save: the game says how
    assert f"replay saved to {other}" in result.stdout
    assert other.exists()
    assert "You left the game" in result.stdout


def test_undo_takes_back_the_last_human_action() -> None:
    result = run(*HUMAN, *SHORT, input="u\n1\nu\n" + "1\n" * 40)
    no_traceback(result)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "cannot undo: seat 0 has no action to undo" in out
    assert "Took back seat 0's move: " in out
    assert "Game over" in out


def test_text_and_json_input_name_actions() -> None:
    legal = (Play(card=trickcore.Card("QH")), Play(card=trickcore.Card("9S")))
    assert match_action("QH", legal) == legal[0]
    assert match_action("play 9s", legal) == legal[1]
    assert match_action("2", legal) == legal[1]
    with pytest.raises(ValueError, match="could be any of"):
        match_action("play", legal)
    with pytest.raises(ValueError, match="no action 3"):
        match_action("3", legal)
    bids = (Pass(), OrderUp())
    assert match_action("pass", bids) == Pass()
    assert match_action("order", bids) == OrderUp()
    assert match_action("hearts", (Pass(), Call(suit=trickcore.Suit("H")))) == Call(
        suit=trickcore.Suit("H")
    )
    assert match_action("alone", (GoAlone(), WithPartner())) == GoAlone()
    result = run(*HUMAN, *SHORT, input='{"type": "nope"}\n' + "1\n" * 40)
    assert "cannot read an action from JSON: at $.type" in result.stdout
    assert result.exit_code == 0


def test_legal_cards_follow_the_sorted_hand() -> None:
    game = trickcore.load("euchre")
    table = trickcore.Table(game, [None, "random", "random", "random"], seed=3)
    table.advance()
    while table.to_act is not None and not any(isinstance(a, Play) for a in table.legal_actions(0)):
        table.play(0, table.legal_actions(0)[-1])  # with partner, or name something
        table.advance()
    if table.to_act is None:
        pytest.skip("seat 0 never had to play a card with this seed")
    view = table.view(0)
    ordered = order_legal(game, view, table.legal_actions(0))
    cards = [a.card for a in ordered]
    assert cards == [c for c in EuchreRenderer().sorted_hand(view) if c in cards]


def test_a_human_plays_another_game_too() -> None:
    result = run(
        "play", "high-card", "--seat", "1", "--seed", "5", input="1\n" * 40, obj=toy_host()
    )
    assert result.exit_code == 0, result.output
    assert "Seat 1, your move:" in result.stdout
    assert "You (seat 1) " in result.stdout


# -- play: argument errors ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("option", "needles"),
    [
        ("deck", ("KEY=VALUE", "'deck'")),
        ("decks=32", ("unknown option 'decks'", "deck=24")),
        ("deck=33", ("invalid option", "deck")),
        ("single_hand=perhaps", ("invalid option", "single_hand")),
    ],
)
def test_option_errors_are_one_clear_line(option: str, needles: tuple[str, ...]) -> None:
    one_error_line(run("play", "euchre", "--option", option), 2, *needles)


def test_options_are_given_to_the_game(tmp_path: Path) -> None:
    saved = tmp_path / "r.json"
    args = ("--option", "deck=32", "--option", "target=3", "--bots", "random", "--seed", "1")
    assert run("play", "euchre", *args, "--save", str(saved)).exit_code == 0
    options = json.loads(saved.read_text())["options"]
    assert (options["deck"], options["target"]) == (32, 3)


def test_unknown_game_and_bot_are_usage_errors() -> None:
    one_error_line(
        run("play", "eucher"), 2, "unknown game 'eucher'", "games: allfours, apples, euchre"
    )
    one_error_line(run("schema", "eucher"), 2, "unknown game 'eucher'")
    one_error_line(run("play", "euchre", "--bots", "nobody"), 2, "unknown bot 'nobody'", "random")
    one_error_line(run("play", "euchre", "--bots", "a,b"), 2, "--bots lists 2 names")
    one_error_line(run("play", "euchre", "--seat", "4"), 2, "--seat", "0 to 3")


def test_seat_plans() -> None:
    host = trickcore.default_host()
    game = host.load("euchre")
    default = "heuristic" if "heuristic" in EUCHRE_BOTS else "random"
    assert plan_seats(host, game, seat=None, bots=None) == [default] * 4
    assert plan_seats(host, game, seat=1, bots=None) == [default, None, default, default]
    assert plan_seats(host, game, seat=2, bots="random") == ["random", "random", None, "random"]
    # one per seat: the --seat entry is ignored
    four = "random,first-legal,random,random" if "first-legal" in EUCHRE_BOTS else "random"
    assert plan_seats(host, game, seat=1, bots=four)[1] is None
    assert plan_seats(host, game, seat=0, bots="human,random,random,random")[0] is None
    # one per other seat, in order
    assert plan_seats(host, game, seat=3, bots="random, Random ,random") == [
        "random", "random", "random", None,
    ]  # fmt: skip
    # 'human' marks more human seats; without --seat too
    assert plan_seats(host, game, seat=None, bots="human,random,human,random") == [
        None, "random", None, "random",
    ]  # fmt: skip
    with pytest.raises(CliUsageError, match="empty name"):
        plan_seats(host, game, seat=None, bots="random,,random,random")


def test_seed_and_option_parsing() -> None:
    assert parse_seed("42") == 42 and parse_seed("-3") == -3
    assert parse_seed("monday game") == "monday game"
    assert parse_seed(None) is None
    assert parse_options(["a=1", "b = x=y"]) == {"a": "1", "b": "x=y"}
    with pytest.raises(CliUsageError, match="twice"):
        parse_options(["a=1", "a=2"])
    with pytest.raises(CliUsageError, match="KEY=VALUE"):
        parse_options(["=1"])


# -- replay show / verify -------------------------------------------------------------------


def test_replay_show_narrates_header_hands_and_outcome(tmp_path: Path) -> None:
    saved = tmp_path / "r.json"
    played = run("play", "euchre", "--bots", "random", "--seed", "7", "--save", str(saved))
    result = run("replay", "show", str(saved))
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.splitlines()[0] == "game:      euchre (Euchre (North American))"
    assert "seed:      7" in out
    assert "seats:     0 random, 1 random, 2 random, 3 random" in out
    assert f"trickcore: {trickcore.__version__}" in out
    assert "options:   the defaults" in out
    assert "  seat 3 (random): " in out
    # the same narration as the game itself
    narration = played.stdout.split("\n", 2)[2].split("\nreplay saved")[0]
    assert narration.strip() in out


@pytest.mark.parametrize("content", ["", "not json", '{"game": "euchre"}', "[1, 2]"])
def test_malformed_replays_are_clear_errors(tmp_path: Path, content: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    one_error_line(run("replay", "verify", str(path)), 1, "bad.json")
    one_error_line(run("replay", "show", str(path)), 1, "bad.json")


def test_replay_show_narrates_up_to_an_action_that_cannot_be_played(tmp_path: Path) -> None:
    saved, data, index = _saved_game(tmp_path)
    full = run("replay", "show", str(saved)).stdout
    data["actions"][index] = {"type": "play", "card": "ZZ"}
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(data))
    result = run("replay", "show", str(broken))
    no_traceback(result)
    assert result.exit_code == 1
    warning, error = result.stderr.strip().splitlines()
    assert warning.startswith(f"warning: this replay does not verify: action {index} ")
    assert error.startswith(f"Error: cannot narrate further: action {index} ")
    assert "is not a euchre action" in error
    # the narration stops before that action: a strict prefix of the full one
    assert result.stdout and full.startswith(result.stdout) and len(result.stdout) < len(full)


def test_a_missing_replay_file_is_a_clear_error(tmp_path: Path) -> None:
    one_error_line(run("replay", "verify", str(tmp_path / "none.json")), 1, "cannot read")


# -- schema ------------------------------------------------------------------------------------


def test_schema_prints_json_with_the_action_tags() -> None:
    result = run("schema", "euchre")
    assert result.exit_code == 0
    schema = json.loads(result.stdout)
    parts = ["Options", "Action", "View", "Event", "State", "Replay", "SavedTable"]
    assert [ref["$ref"] for ref in schema["anyOf"]] == [f"#/$defs/Euchre{p}" for p in parts]
    assert '"play"' in result.stdout and '"shuffle"' in result.stdout
    assert "EuchreReplay" in schema["$defs"]
    action = json.loads(run("schema", "euchre", "--part", "action").stdout)
    assert action["title"] == "EuchreAction" and "oneOf" in action
    assert "Play" in action["$defs"]


def test_schema_of_the_options_shows_their_descriptions_and_bounds() -> None:
    result = run("schema", "euchre", "--part", "options")
    assert result.exit_code == 0
    properties = json.loads(result.stdout)["properties"]
    assert properties["target"]["minimum"] == 1
    assert properties["target"]["description"] == "Points that win the game (E1)."
    assert properties["deck"]["enum"] == [24, 25, 32]


def test_schema_rejects_an_unknown_part() -> None:
    result = run("schema", "euchre", "--part", "nope")
    assert result.exit_code == 2
    assert "Traceback" not in result.output


def test_help_is_there_for_every_command() -> None:
    result = run("--help")
    assert result.exit_code == 0
    for command in ("games", "bots", "plugins", "play", "match", "replay", "schema"):
        assert f"  {command} " in result.stdout
    replay_help = run("replay", "--help").stdout
    assert "  show " in replay_help and "  verify " in replay_help

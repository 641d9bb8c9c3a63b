"""CPU time per move of the search bots at their defaults, per game: the figures behind
docs/bots.md's "Time per move" table and issue 23's "a move within 0.1 s CPU".

Single hands (``single_hand=true``), each dealt from its own seeded chance streams, the search
bot at the even seats and the game's ``heuristic`` at the others. Each move of the search bot
with more than one legal action is timed with ``time.process_time()`` around ``act`` (CPU time,
which other load moves far less than wall time); a move with one legal action is not searched
and not counted. The table gives the mean and the slowest move, per game and bot, and which
build ran (``trickcore.build_kind()``).

    python benchmarks/bot_moves.py                      # pimc and ismcts, every game, 10 hands
    python benchmarks/bot_moves.py --hands 20 --bots pimc --games euchre
    python benchmarks/bot_moves.py --json               # one JSON line per row
    python benchmarks/bot_moves.py --instructions --hands 2 --bots pimc
    python benchmarks/bot_moves.py --games euchre --bots pimc --options inference=hand

``--options`` gives the search bots options other than their defaults (``KEY=VALUE``, comma-
separated, as ``BotSpec.options``), in both modes.

``--instructions`` counts instead, with valgrind's callgrind (load-proof, for comparing two
versions on a noisy machine): the script runs itself under callgrind for ``--hands`` hands and
for none, per game and bot, and prints the difference per hand and per searched move (the
hand's other moves, the ``heuristic``'s and the forced ones, counted in: they are a few
percent of it).
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import time
from dataclasses import asdict, dataclass
from typing import Any

from callgrind import counted_run

import trickcore
from trickcore import CHANCE, BotSpec, Rng

GAMES: dict[str, dict[str, Any]] = {
    "euchre": {},
    "allfours": {},
    "apples": {},
}
"""The games measured, with the options they are loaded with (besides one hand)."""


@dataclass
class Row:
    """One game and bot: its searched moves and their CPU time."""

    game: str
    bot: str
    build: str
    hands: int
    moves: int
    mean_s: float
    slowest_s: float


def measure(
    game_name: str, bot: str, hands: int, seed: int, options: dict[str, str] | None = None
) -> Row:
    """Play ``hands`` single hands of ``game_name`` with ``bot`` at the even seats (the
    ``heuristic`` elsewhere, ``bot`` with ``options``) and time the bot's moves with a
    choice."""
    game = trickcore.load(game_name, single_hand=True, **GAMES[game_name])
    host = trickcore.default_host()
    search = host.bot_factory(bot, game.name)
    heuristic = host.bot_factory("heuristic", game.name)
    times: list[float] = []
    for hand in range(hands):
        bots = [
            search(BotSpec(game, seat, Rng(seed, "bot", hand, seat), options=options or {}))
            if seat % 2 == 0
            else heuristic(BotSpec(game, seat, Rng(seed, "bot", hand, seat)))
            for seat in range(game.seats)
        ]
        state = game.initial_state()
        chance = 0
        while (actor := game.actor(state)) is not None:
            if actor is CHANCE:
                action = game.sample_chance(state, Rng(seed, "chance", hand, chance))
                chance += 1
            else:
                legal = game.legal_actions(state)
                view = game.view(state, actor)
                started = time.process_time()
                action = bots[actor].act(view, legal)
                if actor % 2 == 0 and len(legal) > 1:
                    times.append(time.process_time() - started)
            state = game.apply(state, action)
    mean = sum(times) / len(times) if times else 0.0
    return Row(
        game_name, bot, trickcore.build_kind(), hands, len(times), mean, max(times, default=0)
    )


def counted(game: str, bot: str, hands: int, seed: int, options: str = "") -> tuple[int, int]:
    """Instructions callgrind counts for a run of this script playing ``hands`` hands of
    ``game`` (``bot`` at the even seats, with ``options`` as ``--options`` gives them), and
    the moves it searched."""
    arguments = ["--count", game, bot, str(hands), "--seed", str(seed), "--options", options]
    instructions, printed = counted_run(__file__, arguments)
    return instructions, int(printed.split()[-1])


def instructions_line(game: str, bot: str, hands: int, seed: int, options: str = "") -> str:
    """The instructions per hand and per searched move of ``bot`` in ``game``."""
    played, moves = counted(game, bot, hands, seed, options)
    base, _ = counted(game, bot, 0, seed, options)
    per_hand = (played - base) / hands
    return (
        f"{game} `{bot}` ({trickcore.build_kind()}): {per_hand:,.0f} instructions a hand, "
        f"{(played - base) / max(moves, 1):,.0f} a searched move ({hands} hands, {moves} moves)"
    )


def line(row: Row) -> str:
    """The row in docs/bots.md's table."""
    return (
        f"| {row.game} | `{row.bot}` | {row.build} | {row.hands} | {row.moves} | "
        f"{row.mean_s:.4f} s | {row.slowest_s:.3f} s |"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10, help="hands per game (default 10)")
    parser.add_argument("--seed", type=int, default=1, help="the seed (default 1)")
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated games")
    parser.add_argument("--bots", default="pimc,ismcts", help="comma-separated search bots")
    parser.add_argument("--json", action="store_true", help="one JSON line per row")
    parser.add_argument(
        "--instructions", action="store_true", help="count instructions with callgrind instead"
    )
    parser.add_argument(
        "--options", default="", help="the search bots' options, KEY=VALUE,... (default: none)"
    )
    parser.add_argument("--count", nargs=3, help=argparse.SUPPRESS)  # the run under valgrind
    args = parser.parse_args(argv)
    try:
        options = dict(item.split("=", 1) for item in args.options.split(",") if item)
    except ValueError:
        parser.error("--options takes KEY=VALUE pairs, comma-separated")
    if args.count is not None:
        game, bot, hands = args.count
        print(measure(game, bot, int(hands), args.seed, options).moves)
        return 0
    games = [name for name in args.games.split(",") if name]
    unknown = [name for name in games if name not in GAMES]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}; one of {', '.join(GAMES)}")
    bots = [name for name in args.bots.split(",") if name]
    if args.instructions:
        if shutil.which("valgrind") is None:
            print("valgrind is not installed (apt-get install valgrind)", file=sys.stderr)
            return 1
        for game in games:
            for bot in bots:
                line_ = instructions_line(game, bot, args.hands, args.seed, args.options)
                print(line_, flush=True)
        return 0
    if not args.json:
        print("| game | bot | build | hands | moves searched | CPU per move, mean | slowest move |")
        print("| --- | --- | --- | --- | --- | --- | --- |")
    for game in games:
        for bot in bots:
            row = measure(game, bot, args.hands, args.seed, options)
            print(json.dumps(asdict(row)) if args.json else line(row), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Instructions per random Euchre hand, counted by valgrind's callgrind: a figure that does not
move with the machine's load, for comparing two versions of trickcore on a noisy machine.

The hands are played as in ``euchre_playouts.py`` (chance action k of hand i from
``Rng(seed * 1_000_000 + i, "chance", k)``, players uniformly at random from ``Rng(seed,
"bench")``). The script runs itself under ``valgrind --tool=callgrind`` twice, for ``--hands``
hands and for none, and prints the difference divided by the hands: interpreter start-up and
imports cancel out. Needs valgrind (``apt-get install valgrind``); wall-clock rates and the
comparison with OpenSpiel are ``euchre_playouts.py``'s.

With ``--openspiel`` it also counts OpenSpiel's random hands of its ``euchre`` as
``euchre_playouts.py`` times them (chance by probability, random legal actions, a Python loop
over pyspiel calls): the instructions each engine executes for the same figure of
``benchmarks/speed.py``. (Equal instructions are not equal time: OpenSpiel's, most of them in
its pybind11 layer and the driver's loop, run at more instructions a cycle.)

With ``--bot NAME`` the registered bot ``NAME`` plays every seat instead, from the seat's view
(``game.view`` then ``bot.act``), as the search bots' playouts with ``playout=heuristic`` (their
default) play each world: what one such playout of a hand costs. ``--game`` picks another
registered game for it (single hands, chance drawn as above).

    python benchmarks/instructions.py --hands 200
    python benchmarks/instructions.py --hands 200 --openspiel
    python benchmarks/instructions.py --hands 50 --bot heuristic
    python benchmarks/instructions.py --hands 20 --bot heuristic --game allfours
"""

from __future__ import annotations

import argparse
import importlib.util
import shutil
import sys

from callgrind import counted_run

import trickcore
from trickcore import CHANCE, BotSpec, Rng

HAND_SEED_STRIDE = 1_000_000


def play(hands: int, seed: int, bot: str | None = None, game_name: str = "euchre") -> None:
    """Play ``hands`` single hands of ``game_name``: random moves, or with ``bot`` at every
    seat, each acting on its seat's view."""
    game = trickcore.load(game_name, single_hand=True)
    rng = Rng(seed, "bench")
    bots = None
    if bot is not None:
        factory = trickcore.default_host().bot_factory(bot, game.name)
        bots = [factory(BotSpec(game, seat, Rng(seed, "bot", seat))) for seat in range(game.seats)]
    for hand in range(hands):
        state = game.initial_state()
        chance = 0
        while (actor := game.actor(state)) is not None:
            if actor is CHANCE:
                stream = Rng(seed * HAND_SEED_STRIDE + hand, "chance", chance)
                action = game.sample_chance(state, stream)
                chance += 1
            else:
                legal = game.legal_actions(state)
                if bots is None:
                    action = legal[rng.below(len(legal))]
                else:
                    action = bots[actor].act(game.view(state, actor), legal)
            state = game.apply(state, action)


def instructions(
    hands: int,
    seed: int,
    engine: str = "trickcore",
    bot: str | None = None,
    game_name: str = "euchre",
) -> int:
    """Instructions callgrind counts for a run of this script playing ``hands`` hands of
    ``engine`` (``trickcore`` or ``openspiel``), by random moves or by ``bot`` (trickcore, in
    ``game_name``)."""
    arguments = ["--play", str(hands), "--seed", str(seed), "--engine", engine]
    if bot is not None:
        arguments += ["--bot", bot, "--game", game_name]
    return counted_run(__file__, arguments)[0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200, help="hands to count (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="base seed (default 1)")
    parser.add_argument(
        "--openspiel", action="store_true", help="count OpenSpiel's euchre hands as well"
    )
    parser.add_argument(
        "--bot", metavar="NAME", help="a registered bot plays every seat (trickcore only)"
    )
    parser.add_argument(
        "--game",
        default="euchre",
        help="the game --bot plays (default euchre; random hands are Euchre's)",
    )
    parser.add_argument("--play", type=int, help=argparse.SUPPRESS)  # the run under valgrind
    parser.add_argument("--engine", default="trickcore", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.play is not None:
        if args.engine == "openspiel":
            from euchre_playouts import load_pyspiel, openspiel_driver  # noqa: PLC0415

            openspiel_driver(load_pyspiel())(args.play, args.seed)
        else:
            play(args.play, args.seed, args.bot, args.game)
        return 0
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind)", file=sys.stderr)
        return 1
    if args.openspiel and importlib.util.find_spec("pyspiel") is None:
        print("OpenSpiel is not installed (pip install open_spiel)", file=sys.stderr)
        return 1
    if args.game != "euchre" and args.bot is None:
        parser.error("--game needs --bot (random hands and OpenSpiel's are Euchre's)")
    if args.bot is not None:
        counted = instructions(args.hands, args.seed, bot=args.bot, game_name=args.game)
        empty = instructions(0, args.seed, bot=args.bot, game_name=args.game)
        per_hand = (counted - empty) / args.hands
        print(
            f"{per_hand:,.0f} instructions per {args.game} hand of {args.bot} ({args.hands} hands)"
        )
        return 0
    engines = ["trickcore", "openspiel"] if args.openspiel else ["trickcore"]
    for engine in engines:
        counted = instructions(args.hands, args.seed, engine)
        per_hand = (counted - instructions(0, args.seed, engine)) / args.hands
        print(f"{per_hand:,.0f} instructions per random Euchre hand ({args.hands} hands, {engine})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

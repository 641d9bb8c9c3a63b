"""A fingerprint of what this trickcore build computes, to compare the pure and the compiled
build bit for bit (``tests/test_builds.py``): the RNG's draws, random games of every built-in
game (every state on the way, as MessagePack, and every list of legal actions), the states
``determinize`` draws from their views, those views' encodings (``trickcore.encoding``) and
the ends of the games' own random playouts, and the built-in bots' choices (``heuristic`` at
every seat; ``pimc``, with and without ``prune``, and ``ismcts``, which play their worlds out
with it, at two seats), which the compiled build compiles too.

``python tests/build_fingerprint.py`` prints it as one JSON object: one SHA-256 per part.
"""

from __future__ import annotations

import hashlib
import json
import sys
from typing import Any

import trickcore
from trickcore import CHANCE, BotSpec, Rng
from trickcore.encoding import encodings
from trickcore.playout import playout_of

GAMES: dict[str, dict[str, Any]] = {
    "euchre": {},
    "euchre-stick-25": {"stick_the_dealer": True, "deck": 25},
    "allfours": {},
    "allfours-2": {"players": 2},
    "apples": {},
}
"""The games fingerprinted: a name and the options (the game is the name's first word)."""

GAMES_EACH = 4
"""Random whole games per game."""


def rng_part(digest: Any) -> None:
    for seed in (0, 1, 2**63 + 5, "text seed"):
        stream = Rng(seed, "fingerprint", 3)
        draws = [stream.below(bound) for bound in (1, 2, 3, 52, 2**32, 2**40 + 7, 2**64)]
        draws += [stream.next_u64(), stream.randint(-5, 5)]
        draws += list(stream.shuffled(range(52)))
        draws += list(stream.derive("child", 7).shuffled(range(24)))
        digest.update(repr((draws, stream.random())).encode())


def game_part(name: str, options: dict[str, Any], digest: Any) -> None:
    game = trickcore.load(name.split("-", maxsplit=1)[0], **options)
    playout = playout_of(game)
    layout = encodings(game).view
    for number in range(GAMES_EACH):
        players = Rng(number, name, "players")
        state = game.initial_state()
        chance = 0
        steps = 0
        while (actor := game.actor(state)) is not None:
            if actor is CHANCE:
                action = game.sample_chance(state, Rng(number, name, "chance", chance))
                chance += 1
            else:
                legal = game.legal_actions(state)
                digest.update(trickcore.to_msgpack(list(legal)))
                if steps % 7 == 3:  # a world drawn from the view, and a playout from it
                    view = game.view(state, actor)
                    digest.update(repr(layout.encode(view)).encode())
                    world = game.determinize(view, Rng(number, name, "world", steps))
                    digest.update(trickcore.to_msgpack(world))
                    end = playout(world, Rng(number, name, "playout", steps))
                    digest.update(trickcore.to_msgpack(end))
                action = legal[players.below(len(legal))]
            state = game.apply(state, action)
            steps += 1
            digest.update(trickcore.to_msgpack(state))
        digest.update(trickcore.to_msgpack(game.outcome(state)))


SEARCH_OPTIONS = {"iterations": 6}
BOTS: tuple[tuple[str, int, dict[str, Any]], ...] = (
    ("heuristic", 6, {}),
    ("pimc", 1, SEARCH_OPTIONS),
    ("pimc", 1, {"iterations": 40, "prune": 1}),  # two actions: 20 worlds, a check at 16
    ("ismcts", 1, SEARCH_OPTIONS),
)
"""Each bot with its single hands per game and its options."""


def bot_part(name: str, options: dict[str, Any], digest: Any) -> None:
    game = trickcore.load(name.split("-", maxsplit=1)[0], single_hand=True, **options)
    host = trickcore.default_host()
    heuristic = host.bot_factory("heuristic", game.name)
    for bot, hands, bot_options in BOTS:
        factory = host.bot_factory(bot, game.name)
        for hand in range(hands):
            bots = [
                (factory if seat % 2 == 0 else heuristic)(
                    BotSpec(game, seat, Rng(hand, name, bot, seat), bot_options)
                )
                for seat in range(game.seats)
            ]
            state = game.initial_state()
            chance = 0
            while (actor := game.actor(state)) is not None:
                if actor is CHANCE:
                    action = game.sample_chance(state, Rng(hand, name, "chance", chance))
                    chance += 1
                else:
                    legal = game.legal_actions(state)
                    action = bots[actor].act(game.view(state, actor), legal)
                    digest.update(trickcore.to_msgpack(action))
                state = game.apply(state, action)


def fingerprint() -> dict[str, str]:
    """One SHA-256 per part: ``rng``, each of :data:`GAMES` and its bots' choices."""
    parts = {}
    digest = hashlib.sha256()
    rng_part(digest)
    parts["rng"] = digest.hexdigest()
    for name, options in GAMES.items():
        digest = hashlib.sha256()
        game_part(name, options, digest)
        parts[name] = digest.hexdigest()
        digest = hashlib.sha256()
        bot_part(name, options, digest)
        parts[f"{name} bots"] = digest.hexdigest()
    return parts


if __name__ == "__main__":
    json.dump(fingerprint(), sys.stdout)

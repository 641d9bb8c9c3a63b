"""Play one seeded game with random bots and write what a frontend reads, for the TypeScript
client: ``python record.py GAME OUT_DIR [--seed N] [--seat S]``.

``OUT_DIR`` receives ``replay.json`` (the replay, as ``trickcore.replay.dumps`` writes it),
``views.json`` (seat ``S``'s view before the first action and after each action: one more view
than actions) and ``events.json`` (every event seat ``S`` may see, as
``{"action": index, "event": {...}}``). Options are the game's defaults.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import trickcore
from trickcore.codec import json_form, to_json
from trickcore.replay import dumps


def record(game_name: str, out: Path, *, seed: int = 7, seat: int = 0) -> trickcore.Outcome:
    """Play the game, write the three files into ``out`` and return the outcome."""
    game = trickcore.load(game_name)
    table = trickcore.Table(game, ["random"] * game.seats, seed=seed)
    table.run()
    views = [json_form(game.view(state, seat)) for state in table.history().states]
    events = [{"action": index, "event": event} for index, event in table.events(seat)]
    out.mkdir(parents=True, exist_ok=True)
    (out / "replay.json").write_bytes(dumps(table.replay()))
    (out / "views.json").write_bytes(to_json(views, pretty=True))
    (out / "events.json").write_bytes(to_json(events, pretty=True))
    return table.outcome


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("out", type=Path)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--seat", type=int, default=0)
    arguments = parser.parse_args()
    outcome = record(arguments.game, arguments.out, seed=arguments.seed, seat=arguments.seat)
    print(f"{arguments.game}: scores {list(outcome.scores)}, written to {arguments.out}")


if __name__ == "__main__":
    main()

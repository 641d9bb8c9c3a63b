"""The speed table: the pure and the compiled build of trickcore next to OpenSpiel, in one run.

Every figure is measured in a worker process per build (``--worker``), each worker timing
OpenSpiel's counterpart in the same process right beside trickcore's, so that a ratio never
compares runs far apart in time. The workers of the two builds alternate ``--repeat`` times
and each figure reports the median of its runs (CPU time, ``time.process_time``).

* **random hands/s**: random single hands of Euchre, chance as ``Table`` draws it
  (``euchre_playouts.py``); OpenSpiel's ``euchre`` with chance by probability.
* **apply ns/call** and **legal_actions ns/call**: the actions of recorded random hands applied
  again (a loop over ``apply``; OpenSpiel ``apply_action`` on a fresh state per hand), and
  ``legal_actions`` asked of every state on the way.
* **determinize µs, fresh view** and **repeated**: the first sample drawn from a new view
  object (nothing prepared for it; timed after one untimed pass over other copies, which warms
  the caches of deal shapes as a search does) and the mean of 40 samples of one view;
  OpenSpiel ``resample_from_infostate`` (it prepares nothing).
* **determinize µs, fresh view in play order**: the first sample of each view of 200 more
  hands, met in the order of play with the caches as they come, as a bot that draws one
  world a decision meets them: the shapes of the views that no cache holds are prepared
  there (about a quarter of them in Euchre; the warm figure above meets known shapes only).
  OpenSpiel's figure is its fresh one.
* **PIMC iterations/s**: 40 worlds per view, each a sample, a random playout to the end of
  the hand and its returns (the game's own fast path, as the search bots' random playouts:
  ``trickcore.playout.playout_outcome_of``, Euchre's ``random_playout_outcome``); OpenSpiel a
  resample, a random playout with ``apply_action`` and ``returns()``.
* **playouts/s from a true state**: random playouts from full states (one world drawn per
  view, played out 40 times), without determinizing each time.
* **PettingZoo turns/s**: ``trickcore.rl.env`` driven as PettingZoo's ``performance_benchmark``
  drives an env (random legal action from the mask); OpenSpiel's ``rl_environment`` steps
  with random legal actions.
* **Match games/s** against bare playouts of the same deals (``match_overhead.py``).

The builds: ``pure`` runs the sources of this checkout (``PYTHONPATH``); ``compiled`` runs
``--compiled-python`` (an interpreter whose environment has the compiled wheel,
``TRICKCORE_MYPYC=1 pip install .``) or ``--compiled-path`` (a tree built in place with
``TRICKCORE_MYPYC=1 python setup.py build_ext --inplace``). Without either, only the build
installed in this environment is measured.

    python benchmarks/speed.py --compiled-python .venv-compiled/bin/python
    python benchmarks/speed.py --json
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

import trickcore
from trickcore import CHANCE, Rng
from trickcore.playout import playout_of

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
import rl_env  # noqa: E402
import search  # noqa: E402
from euchre_playouts import (  # noqa: E402
    load_pyspiel,
    openspiel_driver,
    trickcore_per_action_chance,
)
from match_overhead import bare, match  # noqa: E402

SEED = 2026
WORLDS = 40

FIGURES: list[tuple[str, str, bool]] = [
    ("hands", "random Euchre hands/s", True),
    ("apply", "apply ns/call", False),
    ("legal", "legal_actions ns/call", False),
    ("fresh", "determinize µs, fresh view", False),
    ("fresh_play", "determinize µs, fresh view in play order", False),
    ("repeated", "determinize µs/sample, repeated", False),
    ("pimc", "PIMC iterations/s (40 worlds a view)", True),
    ("playouts", "playouts/s from a true state", True),
    ("env", "PettingZoo env turns/s", True),
    ("match", "Match games/s", True),
]
"""Each figure's key, its label and whether higher is better."""


def cpu(run: Callable[[], int]) -> tuple[float, int]:
    """CPU seconds of ``run()`` and the count it returns."""
    start = time.process_time()
    count = run()
    return time.process_time() - start, count


# --- trickcore ------------------------------------------------------------------------------


def recorded_hands(game: Any, hands: int) -> list[list[Any]]:
    """The actions of ``hands`` random single hands (chance as Table draws it)."""
    records = []
    below = Rng(SEED, "record").below
    for number in range(hands):
        state, actions, chance = game.initial_state(), [], 0
        while (actor := game.actor(state)) is not None:
            if actor is CHANCE:
                action = game.sample_chance(state, Rng(SEED, number, "chance", chance))
                chance += 1
            else:
                legal = game.legal_actions(state)
                action = legal[below(len(legal))]
            actions.append(action)
            state = game.apply(state, action)
        records.append(actions)
    return records


def per_call(
    records: list[list[Any]], initial: Any, apply: Any, legal: Any, keep: Any = None
) -> tuple[float, float]:
    """ns per ``apply`` call replaying ``records`` from ``initial()``, and ns per ``legal``
    call on the states on the way where a seat acts (``legal(state, probe=True)`` says), each
    kept as ``keep(state)`` (a copy, for an engine whose ``apply`` changes the state)."""

    def replay_all() -> int:
        count = 0
        for actions in records:
            state = initial()
            for action in actions:
                state = apply(state, action)
            count += len(actions)
        return count

    seconds, count = cpu(replay_all)
    states = []
    for actions in records:
        state = initial()
        for action in actions:
            state = apply(state, action)
            states.append(keep(state) if keep is not None else state)
    asked = [state for state in states if legal(state, probe=True)]

    def legal_all() -> int:
        for state in asked:
            legal(state)
        return len(asked)

    legal_seconds, asked_count = cpu(legal_all)
    return seconds / count * 1e9, legal_seconds / asked_count * 1e9


def trickcore_figures(scale: float) -> dict[str, float]:
    game: Any = trickcore.load("euchre", single_hand=True)
    out: dict[str, float] = {}
    hands = int(2000 * scale)
    seconds, _ = cpu(lambda: trickcore_per_action_chance(hands, SEED).hands)
    out["hands"] = hands / seconds

    def legal(state: Any, probe: bool = False) -> Any:
        if probe:
            return game.actor(state) not in (None, CHANCE)
        return game.legal_actions(state)

    def apply(state: Any, action: Any) -> Any:
        return game.apply(state, action)

    records = recorded_hands(game, int(400 * scale))
    out["apply"], out["legal"] = per_call(records, game.initial_state, apply, legal)
    views = search.trickcore_positions(game, int(40 * scale), SEED)[::5]
    search.trickcore_cold_samples(game, views, 1, SEED)  # warm-up: the deal shapes' caches
    out["fresh"] = search.trickcore_cold_samples(game, views, 1, SEED) / len(views) * 1e6
    played = search.trickcore_positions(game, int(200 * scale), SEED + 1)
    out["fresh_play"] = search.trickcore_cold_samples(game, played, 1, SEED) / len(played) * 1e6
    search.trickcore_samples(game, views, WORLDS, SEED + 1)  # warm-up: the tables' cuts
    out["repeated"] = search.trickcore_samples(game, views, WORLDS, SEED) / len(views) / WORLDS
    out["repeated"] *= 1e6
    few = views[: max(1, len(views) // 4)]
    seconds = search.trickcore_iterations(game, few, WORLDS, SEED, fast=True)
    out["pimc"] = len(few) * WORLDS / seconds
    true_states = [game.determinize(view, Rng(SEED, "true")) for view in few]
    playout = playout_of(game)
    rng = Rng(SEED, "playouts")

    def playouts() -> int:
        for state in true_states:
            for _ in range(WORLDS):
                playout(state, rng)
        return len(true_states) * WORLDS

    seconds, count = cpu(playouts)
    out["playouts"] = count / seconds
    turns = int(3000 * scale)
    env_driver = rl_env.trickcore_driver("euchre")
    env_driver(100, SEED)  # the env built and warmed up outside the timing
    seconds, played = cpu(lambda: env_driver(turns, SEED))
    out["env"] = played / seconds
    games = int(300 * scale)
    seconds, _ = cpu(lambda: bare(game, games, SEED))
    out["bare"] = games / seconds
    seconds, _ = cpu(lambda: match(game, games, SEED, {"single_hand": True}))
    out["match"] = games / seconds
    return out


# --- OpenSpiel ------------------------------------------------------------------------------


def openspiel_figures(scale: float) -> dict[str, float]:
    pyspiel = load_pyspiel()
    if pyspiel is None:
        return {}
    out: dict[str, float] = {}
    hands = int(2000 * scale)
    seconds, _ = cpu(lambda: openspiel_driver(pyspiel)(hands, SEED).hands)
    out["hands"] = hands / seconds
    game = pyspiel.load_game("euchre")
    rng = random.Random(SEED)
    records: list[list[int]] = []
    for _ in range(int(400 * scale)):
        state, actions = game.new_initial_state(), []
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                action = rng.choices(outcomes, weights)[0]
            else:
                action = rng.choice(state.legal_actions())
            actions.append(action)
            state.apply_action(action)
        records.append(actions)

    def apply(state: Any, action: int) -> Any:
        state.apply_action(action)
        return state

    def legal(state: Any, probe: bool = False) -> Any:
        if probe:
            return not state.is_terminal() and not state.is_chance_node()
        return state.legal_actions()

    out["apply"], out["legal"] = per_call(
        records, game.new_initial_state, apply, legal, keep=lambda state: state.clone()
    )
    positions = search.openspiel_positions(pyspiel, int(40 * scale), SEED)[::5]
    out["fresh"] = search.openspiel_samples(positions, 1, SEED) / len(positions) * 1e6
    out["fresh_play"] = out["fresh"]  # (it prepares nothing: every view is met afresh)
    out["repeated"] = search.openspiel_samples(positions, WORLDS, SEED) / len(positions)
    out["repeated"] *= 1e6 / WORLDS
    few = positions[: max(1, len(positions) // 4)]
    out["pimc"] = len(few) * WORLDS / search.openspiel_iterations(few, WORLDS, SEED)

    def playouts() -> int:
        for state, player in few:
            world = state.resample_from_infostate(player, rng.random)
            for _ in range(WORLDS):
                search.play_out_openspiel(world.clone(), rng)
        return len(few) * WORLDS

    seconds, count = cpu(playouts)
    out["playouts"] = count / seconds
    driver = rl_env.openspiel_driver()
    if driver is not None:
        steps = int(3000 * scale)
        seconds, played = cpu(lambda: driver(steps, SEED))
        out["env"] = played / seconds
    return out


# --- the two builds -------------------------------------------------------------------------


def worker(scale: float) -> dict[str, Any]:
    return {
        "build": trickcore.build_kind(),
        "trickcore": trickcore_figures(scale),
        "openspiel": openspiel_figures(scale),
    }


def run_worker(python: str, path: str | None, scale: float) -> dict[str, Any]:
    env = dict(os.environ)
    if path is not None:
        env["PYTHONPATH"] = os.pathsep.join([path, str(Path(path) / "plugins")])
    command = [python, __file__, "--worker", "--scale", str(scale)]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"the worker {command} failed:\n{done.stderr[-3000:]}")
    return dict(json.loads(done.stdout))


def measure(args: argparse.Namespace) -> dict[str, Any]:
    builds: dict[str, tuple[str, str | None]] = {"pure": (sys.executable, str(ROOT))}
    if args.compiled_python:
        builds["compiled"] = (args.compiled_python, None)
    elif args.compiled_path:
        builds["compiled"] = (sys.executable, args.compiled_path)
    runs: dict[str, list[dict[str, Any]]] = {name: [] for name in builds}
    for repeat in range(args.repeat):
        order = list(builds) if repeat % 2 == 0 else list(reversed(builds))
        for name in order:
            found = run_worker(*builds[name], args.scale)
            if found["build"] != name:
                raise SystemExit(f"the {name} worker ran the {found['build']} build")
            runs[name].append(found)
    table: dict[str, Any] = {}
    for name, found in runs.items():
        table[name] = median_of([run["trickcore"] for run in found])
        table[f"openspiel ({name} runs)"] = median_of([run["openspiel"] for run in found])
    return table


def median_of(runs: list[dict[str, float]]) -> dict[str, float]:
    keys = runs[0].keys() if runs else []
    return {key: statistics.median(run[key] for run in runs) for key in keys}


def show(value: float | None) -> str:
    if value is None or math.isnan(value):
        return "n/a"
    return f"{value:,.0f}" if value >= 100 else f"{value:,.2f}"


def print_table(table: dict[str, Any], args: argparse.Namespace) -> None:
    builds = [name for name in ("pure", "compiled") if name in table]
    print(
        f"trickcore speed, {date.today()}, {platform.python_implementation()} "
        f"{platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores; "
        f"medians of {args.repeat} runs per build (CPU time), scale {args.scale}"
    )
    head = ["figure", *builds, "OpenSpiel", *(f"{name} ÷ OpenSpiel" for name in builds)]
    print("| " + " | ".join(head) + " |")
    print("|" + " --- |" * len(head))
    openspiel = table.get(f"openspiel ({builds[0]} runs)", {})
    for key, label, higher in FIGURES:
        theirs = openspiel.get(key)
        cells = [label, *(show(table[name].get(key)) for name in builds), show(theirs)]
        for name in builds:
            ours = table[name].get(key)
            if key == "match":
                bare_rate = table[name].get("bare")
                ratio = ours / bare_rate if ours and bare_rate else None
                cells.append(f"{show(ratio)} of bare" if ratio else "n/a")
                continue
            theirs_here = table.get(f"openspiel ({name} runs)", {}).get(key)
            if not ours or not theirs_here:
                cells.append("n/a")
            else:
                cells.append(show(ours / theirs_here if higher else theirs_here / ours))
        print("| " + " | ".join(cells) + " |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compiled-python", help="an interpreter with the compiled build")
    parser.add_argument("--compiled-path", help="a source tree built in place with mypyc")
    parser.add_argument("--repeat", type=int, default=3, help="runs per build (default 3)")
    parser.add_argument("--scale", type=float, default=1.0, help="work per run (default 1)")
    parser.add_argument("--json", action="store_true", help="one JSON object, not a table")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        json.dump(worker(args.scale), sys.stdout)
        return 0
    table = measure(args)
    if args.json:
        json.dump(table, sys.stdout)
        print()
    else:
        print_table(table, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())

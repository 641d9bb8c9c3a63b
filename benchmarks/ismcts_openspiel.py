"""Our ``ismcts`` bot against OpenSpiel's ISMCTS at equal time per move, on one-hand Euchre
(issue 9, "Must hold"; issue 13, the opt-in strength runs).

Both bots play ``trickcore_euchre`` (one hand, the default options) through the OpenSpiel
bridge (:mod:`trickcore.openspiel`), so both see the same game and the same chance outcomes:

* **ours**: the registered ``ismcts`` bot, built from a :class:`~trickcore.BotSpec` with its
  opt-in ``time_budget`` option set to ``--seconds-per-move`` and its other options at their
  defaults. It is handed ``game.view(state, seat)`` and the legal actions, as a ``Table`` does:
  views only, never the state.
* **theirs**: OpenSpiel's Python ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` (not the C++
  ``pyspiel.ISMCTSBot``, which crashes on games written in Python), with the settings OpenSpiel's
  own examples and tests use for imperfect-information games: ``RandomRolloutEvaluator`` with
  one rollout, ``uct_c=2.0`` (the MCTS example's constant for returns in [-1, 1]),
  ``ChildSelectionPolicy.UCT`` (``PUCT`` needs priors, and a random evaluator's are uniform),
  ``final_policy_type=MAX_VISIT_COUNT`` (the most visited move, not a sampled one),
  ``max_world_samples=-1`` (a fresh world every simulation), tree nodes keyed by the
  information-state string (``use_observation_string=False``: the bridge's information state is
  perfect recall, so one key never mixes information sets) and so
  ``allow_inconsistent_action_sets=False`` (the legal actions of an information set are the same
  in every world). Its search is over the bridge's ``resample_from_infostate`` (our
  ``determinize``) and its rollouts are through the bridge: the speed of the bridge is part of
  its strength, as it would be for anyone running it on our games.

**Equal time per move.** ``ISMCTSBot`` has no time budget: ``run_search`` loops over a fixed
``max_simulations``, and no part of its API can stop it at a deadline. So its simulation count
is *calibrated* before each of its moves: a time for the move over its seconds per simulation
in its last :data:`WINDOW` searches (a warm-up hand, not counted, gives the first; a window
rather than the whole run, because the load of a shared machine changes and the estimate must
follow it). The time for the move is what brings its mean seconds per move to our bot's
*measured* mean so far (our bot stops after the sampled world in which the deadline passes, so
it overruns the budget a little; matching the measured means, not the nominal budget, gives
neither side extra time), within half to twice our mean. Only moves with a choice are timed
and counted, for both bots (each returns a forced move without searching).

**Duplicate deals.** Deal *d* is played twice, with the same chance outcomes (the *k*-th chance
node draws from ``Rng(seed, "deal", d, "chance", k)``): ours at seats 0 and 2 against theirs at
1 and 3, then the other way round. The figure is the mean, over deals, of the per-deal mean of
(points our side scored minus points their side scored) in the two games, with the 95% normal
interval of those per-deal values (:func:`trickcore.match.stats.mean_interval`, what
:func:`~trickcore.match.stats.head_to_head` computes from a match's results). Time budgets make
a run irreproducible move for move; the deals are reproducible from ``--seed``.

    python benchmarks/ismcts_openspiel.py --deals 100   # 7 minutes here, load average 13 to 17
    python benchmarks/ismcts_openspiel.py --deals 20 --seconds-per-move 0.05 --json
    python benchmarks/ismcts_openspiel.py --deals 4 --profile      # where each bot's time goes
"""

from __future__ import annotations

import argparse
import cProfile
import importlib
import io
import json
import math
import os
import pstats
import sys
import time
from collections import deque
from dataclasses import asdict, dataclass, field
from typing import Any

import trickcore
from trickcore import BotSpec, Rng
from trickcore.encoding import encodings
from trickcore.match.stats import mean_interval

OURS, THEIRS = "ours", "theirs"
UCT_C = 2.0
"""OpenSpiel's UCT constant (its MCTS example's, for returns in [-1, 1])."""
WARM_UP_SIMULATIONS = 20
"""OpenSpiel's simulations per move in the uncounted warm-up hand."""
WINDOW = 30
"""OpenSpiel's last searches its seconds per simulation are estimated from."""
PROFILE_TOP = 20


@dataclass
class Clock:
    """Seconds spent on moves with a choice, and how many (and OpenSpiel's simulations)."""

    seconds: float = 0.0
    moves: int = 0
    simulations: int = 0

    def per_move(self) -> float:
        """Mean seconds per counted move (0 before the first)."""
        return self.seconds / self.moves if self.moves else 0.0


@dataclass
class Report:
    """The outcome of a run."""

    deals: int
    seed: int
    seconds_per_move: float
    diff: float
    """Mean points per hand, ours minus theirs, over paired deals."""
    low: float | None
    high: float | None
    ours_seconds_per_move: float
    theirs_seconds_per_move: float
    theirs_simulations_per_move: float
    ours_moves: int
    theirs_moves: int
    verdict: str
    load_average: tuple[float, float, float]
    settings: dict[str, Any] = field(default_factory=dict)


def apply_chance(state: Any, seed: int, deal: int, index: int) -> None:
    """Apply the ``index``-th chance outcome of deal ``deal``: drawn uniformly from
    ``Rng(seed, "deal", deal, "chance", index)``, so both games of a duplicate deal (and any
    benchmark using this) see the same chance outcomes."""
    outcomes = state.chance_outcomes()
    draw = Rng(seed, "deal", deal, "chance", index).below(len(outcomes))
    state.apply_action(outcomes[draw][0])


def openspiel_ismcts(
    spiel_game: Any, seed: int, simulations: int, *, consistent: bool = True
) -> tuple[Any, dict[str, Any]]:
    """OpenSpiel's Python ``ISMCTSBot`` on ``spiel_game`` with the settings of the module text,
    its streams drawn from ``seed``, and those settings as a dict for a report. Also used by
    ``benchmarks/strength.py``. ``consistent=False`` sets ``allow_inconsistent_action_sets``,
    for a game whose resampled worlds can offer other actions under one information-state key
    (OpenSpiel 2.0.2's C++ ``euchre``: without it the search stops on a ``KeyError``)."""
    import numpy as np  # noqa: PLC0415 - the openspiel extra, only when run
    from open_spiel.python.algorithms import ismcts, mcts  # noqa: PLC0415

    evaluator = mcts.RandomRolloutEvaluator(
        n_rollouts=1, random_state=np.random.RandomState(Rng(seed, "rollouts").below(2**31))
    )
    bot = ismcts.ISMCTSBot(
        spiel_game,
        evaluator,
        uct_c=UCT_C,
        max_simulations=simulations,
        max_world_samples=ismcts.UNLIMITED_NUM_WORLD_SAMPLES,
        random_state=np.random.RandomState(Rng(seed, "ismcts").below(2**31)),
        final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
        use_observation_string=False,
        allow_inconsistent_action_sets=not consistent,
        child_selection_policy=ismcts.ChildSelectionPolicy.UCT,
    )
    settings = {
        "openspiel": "open_spiel.python.algorithms.ismcts.ISMCTSBot",
        "evaluator": "RandomRolloutEvaluator(n_rollouts=1)",
        "uct_c": UCT_C,
        "child_selection_policy": "UCT",
        "final_policy_type": "MAX_VISIT_COUNT",
        "max_world_samples": -1,
        "use_observation_string": False,
        "allow_inconsistent_action_sets": not consistent,
    }
    return bot, settings


class Arena:
    """The two bots and their clocks, for one run."""

    def __init__(self, seconds_per_move: float, seed: int) -> None:
        import pyspiel  # noqa: PLC0415 - the openspiel extra, only when run

        importlib.import_module("trickcore.openspiel")  # registers trickcore_euchre

        self.spiel_game = pyspiel.load_game("trickcore_euchre")
        self.game = self.spiel_game.trickcore_game
        self.seconds = seconds_per_move
        self.seed = seed
        self.ours, self.theirs = Clock(), Clock()
        self.recent: deque[tuple[float, int]] = deque(maxlen=WINDOW)
        """OpenSpiel's last searches, warm-up included: (seconds, simulations)."""
        self.factory = trickcore.default_host().bot_factory("ismcts", "euchre")
        self.encode = encodings(self.game).action.indices
        """Our bot's action as the bridge's action number."""
        self.bot, self.settings = openspiel_ismcts(self.spiel_game, seed, WARM_UP_SIMULATIONS)
        self.settings |= {
            "ours": f"ismcts time_budget={seconds_per_move} (other options default)",
        }

    def warm_up(self) -> None:
        """One uncounted hand, OpenSpiel's bot at every seat (at :data:`WARM_UP_SIMULATIONS`),
        for the first estimate of its time per simulation."""
        self.play(-1, dict.fromkeys(range(4), THEIRS), rotation=0, counted=False)

    def _calibrate(self) -> None:
        """OpenSpiel's simulations for its next move (see the module text). ``ISMCTSBot`` takes
        the count at construction only, so it is set on the attribute its ``run_search``
        reads."""
        ours = self.ours.per_move() or self.seconds
        target = ours * (self.theirs.moves + 1) - self.theirs.seconds
        target = min(max(target, ours / 2), ours * 2)
        seconds = math.fsum(spent for spent, _ in self.recent)
        simulations = sum(count for _, count in self.recent)
        self.bot._max_simulations = max(1, round(target * simulations / seconds))

    def play(
        self, deal: int, seats: dict[int, str], *, rotation: int, counted: bool = True
    ) -> tuple[int, ...]:
        """One hand of deal ``deal``, ``seats[s]`` naming who plays seat ``s`` (``rotation``
        tells the two games of a deal apart); the points each side scored. Moves of an
        uncounted hand only feed the calibration."""
        game = self.game
        state = self.spiel_game.new_initial_state()
        ours = {
            seat: self.factory(
                BotSpec(
                    game,
                    seat,
                    Rng(self.seed, "deal", deal, "bot", seat, rotation),
                    options={"time_budget": self.seconds},
                )
            )
            for seat, who in seats.items()
            if who == OURS
        }
        chance = 0
        while not state.is_terminal():
            if state.is_chance_node():
                apply_chance(state, self.seed, deal, chance)
                chance += 1
                continue
            seat = state.current_player()
            legal = state.legal_actions()
            if len(legal) == 1:
                state.apply_action(legal[0])
                continue
            if seats[seat] == OURS:
                tc_state = state.trickcore_state
                view, tc_legal = game.view(tc_state, seat), game.legal_actions(tc_state)
                started = time.perf_counter()
                action = ours[seat].act(view, tc_legal)
                spent = time.perf_counter() - started
                clock = self.ours
                number = self.encode((action,))[0]
            else:
                if counted:
                    self._calibrate()
                started = time.perf_counter()
                number = int(self.bot.step(state))
                spent = time.perf_counter() - started
                clock = self.theirs
                simulations = self.bot._max_simulations
                self.recent.append((spent, simulations))
                if counted:
                    clock.simulations += simulations
            if counted:
                clock.seconds += spent
                clock.moves += 1
            state.apply_action(number)
        return game.outcome(state.trickcore_state).scores


def compare(deals: int, seed: int, seconds_per_move: float) -> Report:
    """Play ``deals`` duplicate deals and report (see the module text)."""
    arena = Arena(seconds_per_move, seed)
    arena.warm_up()
    side_of = arena.game.side_of
    per_deal = []
    for deal in range(deals):
        margins = []
        for rotation in (0, 1):
            seats = {seat: OURS if (side_of(seat) == rotation) else THEIRS for seat in range(4)}
            scores = arena.play(deal, seats, rotation=rotation)
            our_side = side_of(next(seat for seat, who in seats.items() if who == OURS))
            margins.append(scores[our_side] - scores[1 - our_side])
        per_deal.append(sum(margins) / len(margins))
    estimate = mean_interval(per_deal)
    low, high = estimate.low, estimate.high
    if low is not None and low > 0:
        verdict = "ours is stronger (95% interval above zero)"
    elif high is not None and high < 0:
        verdict = "OpenSpiel's is stronger (95% interval below zero)"
    else:
        verdict = "no difference shown (95% interval includes zero)"
    theirs = arena.theirs
    return Report(
        deals=deals,
        seed=seed,
        seconds_per_move=seconds_per_move,
        diff=estimate.value,
        low=low,
        high=high,
        ours_seconds_per_move=arena.ours.per_move(),
        theirs_seconds_per_move=theirs.per_move(),
        theirs_simulations_per_move=theirs.simulations / max(theirs.moves, 1),
        ours_moves=arena.ours.moves,
        theirs_moves=theirs.moves,
        verdict=verdict,
        load_average=os.getloadavg(),
        settings=arena.settings,
    )


def _interval(report: Report) -> str:
    if report.low is None or report.high is None:
        return "(no interval)"
    return f"[{report.low:+.3f}, {report.high:+.3f}]"


def print_report(report: Report) -> None:
    """The report as a few lines of text."""
    print(
        f"ismcts vs OpenSpiel ISMCTSBot, trickcore_euchre (one hand), {report.deals} duplicate "
        f"deals (seed {report.seed}), {report.seconds_per_move} s per move"
    )
    print(f"  points per hand, ours - theirs: {report.diff:+.3f}  95% CI {_interval(report)}")
    print(
        f"  seconds per move: ours {report.ours_seconds_per_move:.4f} "
        f"({report.ours_moves} moves), theirs {report.theirs_seconds_per_move:.4f} "
        f"({report.theirs_moves} moves, {report.theirs_simulations_per_move:.1f} simulations)"
    )
    print(f"  load average at the end: {', '.join(f'{v:.2f}' for v in report.load_average)}")
    print(f"  verdict: {report.verdict}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=100, help="duplicate deals (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="the deals' seed (default 1)")
    parser.add_argument(
        "--seconds-per-move", type=float, default=0.1, help="each bot's time per move (0.1)"
    )
    parser.add_argument("--json", action="store_true", help="one JSON line instead of text")
    parser.add_argument(
        "--profile", action="store_true", help=f"cProfile the run, top {PROFILE_TOP} by own time"
    )
    args = parser.parse_args(argv)
    if args.deals < 2 or args.seconds_per_move <= 0:
        parser.error("need --deals >= 2 (for an interval) and --seconds-per-move > 0")
    profiler = cProfile.Profile() if args.profile else None
    if profiler is not None:
        profiler.enable()
    report = compare(args.deals, args.seed, args.seconds_per_move)
    if profiler is not None:
        profiler.disable()
        text = io.StringIO()
        pstats.Stats(profiler, stream=text).sort_stats("tottime").print_stats(PROFILE_TOP)
        print(text.getvalue(), file=sys.stderr)
    if args.json:
        print(json.dumps(asdict(report)))
    else:
        print_report(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())

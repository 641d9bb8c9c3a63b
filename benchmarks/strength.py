"""Our bots against an outside reference in every game (issue 23, point 1): OpenSpiel's Python
``ISMCTSBot`` in Euchre, All Fours and Apples, and in Euchre also on OpenSpiel's own C++ game.

**The reference.** ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` with a
``RandomRolloutEvaluator`` (one rollout), tree nodes keyed by the information-state string the
game gives; every setting is that of ``benchmarks/ismcts_openspiel.py``
(:func:`ismcts_openspiel.openspiel_ismcts`, shared, not copied). It plays:

* ``--reference bridge`` (default, every game): our game registered with OpenSpiel by the bridge
  (:mod:`trickcore.openspiel`: ``trickcore_euchre``, ``trickcore_allfours``,
  ``trickcore_apples``), its simulations running our engine. Our bot is handed
  ``game.view(state, seat)`` and the legal actions, as a ``Table`` does.
* ``--reference cpp`` (Euchre only): OpenSpiel's C++ ``euchre`` (its defaults:
  ``stick_the_dealer=true``, ``allow_lone_defender=false``), searched at C++ speed. Our bot acts
  in a **mirrored** trickcore state (:func:`mirror_euchre`): our Euchre with the options that
  give OpenSpiel's rules (``stick_the_dealer``, ``who_may_go_alone=maker``,
  ``lone_lead=dealer_left``, ``single_hand``, the dealer OpenSpiel drew), dealt the same hands
  and up-card, and every OpenSpiel action since translated to ours; it chooses among the
  translations of OpenSpiel's legal actions (OpenSpiel forbids discarding the up-card, which
  E4 allows). A position that cannot be mirrored raises :class:`MirrorError`. Points are ours
  (E8: only the scoring side scores), read from the mirrored final state.

**Duplicate deals.** Deal *d* is played twice with the same chance outcomes
(:func:`ismcts_openspiel.apply_chance`): ours at the even seats and theirs at the odd ones,
then the other way round (in Euchre and All Fours the two partnerships; in Apples, where each
seat is its own side, two seats each). A game's margin is the mean score of our sides minus
the mean score of theirs; a deal's, the mean of its two games; the figure is the mean over
deals with the percentile bootstrap interval of the per-deal margins
(:func:`trickcore.match.stats.bootstrap_interval`, 95%).

**CPU.** ``time.process_time()`` around each decision with a choice, of each side (forced moves
are applied without asking either bot). Each search bot is reported twice:

* ``sims``: theirs at ``--sims`` simulations, ours at the same count of playouts
  (``iterations``);
* ``cpu``: theirs again at ``--sims``; ours at the iterations that bring its CPU per decision to
  no more than theirs, scaled from the ``sims`` run (theirs measured first): ``iterations =
  ⌊0.9 · sims · theirs / ours⌋``. The report gives both sides' measured CPU per decision and
  says whether ours stayed under.

``heuristic`` has no budget: it is reported once (``fixed``), against theirs at ``--sims``.
``--modes`` picks a search bot's runs (``sims``, ``cpu`` or both); ``--iterations`` fixes ours in
the ``cpu`` run instead of scaling it (when only ``cpu`` is asked for and no ``--iterations``
given, a ``sims`` run of :data:`CALIBRATION_DEALS` deals scales it, and is reported too).

**Long runs.** Each game gives OpenSpiel's bot streams of its own (drawn from the seed, the deal
and the rotation), so a deal plays the same in any process and order: ``--workers N`` plays the
deals in ``N`` processes, and ``--out FILE`` appends each finished deal to a JSON-lines file
(its run named in each line), from which a later run with the same settings reads the deals
already played instead of playing them again.

    python benchmarks/strength.py --game euchre --deals 20 --sims 100
    python benchmarks/strength.py --game euchre --reference cpp --deals 20 --sims 500
    python benchmarks/strength.py --deals 2 --sims 20 --bots heuristic,pimc --json
    python benchmarks/strength.py --game euchre --deals 20 --bots pimc --options inference=hand
    python benchmarks/strength.py --game euchre --reference cpp --bots pimc --modes cpu \
        --iterations 200 --deals 1000 --workers 2 --out pimc-cpp-500.jsonl
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import json
import math
import multiprocessing
import sys
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import trickcore
from trickcore import BotSpec, Rng
from trickcore.cards import Card, Suit
from trickcore.game import CHANCE, Shuffle
from trickcore.match.stats import bootstrap_interval

GAMES = ("euchre", "allfours", "apples")
BOTS = ("heuristic", "pimc", "ismcts")
SEARCH_BOTS = frozenset({"pimc", "ismcts"})
REFERENCES = ("bridge", "cpp")
CPU_MARGIN = 0.9
"""The share of OpenSpiel's CPU per decision our search is scaled to in the ``cpu`` run."""


def _sibling(name: str) -> Any:
    """``benchmarks/<name>.py`` as a module (the benchmarks are scripts, not a package)."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name(f"{name}.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


# ---------------------------------------------------------------------------------------------
# Mirroring OpenSpiel's C++ euchre in our Euchre

OS_SUITS = "CDHS"
"""OpenSpiel's suits in its card numbering (card = rank * 4 + suit)."""
OS_RANKS = "9TJQKA"
OS_PASS, OS_FIRST_SUIT, OS_ALONE, OS_PARTNER = 24, 25, 29, 30
OS_DEALT = 20
"""Cards OpenSpiel deals to the players before the up-card."""
SEATS = 4


class MirrorError(ValueError):
    """An OpenSpiel ``euchre`` position that our Euchre cannot reproduce."""


def os_card(number: int) -> Card:
    """OpenSpiel's card ``number`` as ours."""
    if not 0 <= number < len(OS_RANKS) * len(OS_SUITS):
        raise MirrorError(f"OpenSpiel card number {number} is not a Euchre card")
    return Card(OS_RANKS[number // 4] + OS_SUITS[number % 4])


def _translate(number: int, legal: Sequence[Any], where: str) -> Any:
    """Our legal action that OpenSpiel's action ``number`` means, or :class:`MirrorError`."""
    actions = importlib.import_module("trickcore_euchre.actions")
    wanted: list[Any]
    if number == OS_PASS:
        wanted = [actions.Pass()]
    elif OS_FIRST_SUIT <= number < OS_ALONE:
        # OpenSpiel names the up-card's suit to order it up, another suit to call it (E4).
        wanted = [actions.OrderUp(), actions.Call(suit=Suit(OS_SUITS[number - OS_FIRST_SUIT]))]
    elif number == OS_ALONE:
        wanted = [actions.GoAlone()]
    elif number == OS_PARTNER:
        wanted = [actions.WithPartner()]
    else:
        card = os_card(number)
        wanted = [actions.Discard(card=card), actions.Play(card=card)]
    for action in wanted:
        if action in legal:
            return action
    shown = ", ".join(str(action) for action in legal) or "none"
    raise MirrorError(
        f"cannot mirror OpenSpiel's euchre {where}: its action {number} has no counterpart among "
        f"trickcore's legal actions ({shown}); OpenSpiel's rules differ here from any options "
        "of trickcore's Euchre (e.g. allow_lone_defender=true asks the defenders to go alone "
        "in an order E6 does not have)"
    )


@functools.cache
def _mirror_game(dealer: int, stick_the_dealer: bool) -> Any:
    """Our Euchre with OpenSpiel's rules and dealer (see the module text); one game object per
    dealer, so that a seat keeps one bot for the whole hand."""
    return trickcore.load(
        "euchre",
        stick_the_dealer=stick_the_dealer,
        who_may_go_alone="maker",
        lone_lead="dealer_left",
        first_dealer=dealer,
        single_hand=True,
    )


def _shuffle(dealer: int, dealt: Sequence[int], upcard: int) -> Shuffle:
    """The pack order that deals our seats OpenSpiel's hands (E3: ``c0, c4 …`` to the dealer's
    left) with its up-card; OpenSpiel gives its *i*-th card to seat ``(dealer + i) % 4``."""
    hands: dict[int, list[Card]] = {seat: [] for seat in range(SEATS)}
    for index, number in enumerate(dealt):
        hands[(dealer + index) % SEATS].append(os_card(number))
    order = [hands[(dealer + 1 + k % SEATS) % SEATS][k // SEATS] for k in range(OS_DEALT)]
    order.append(os_card(upcard))
    rest = sorted(set(map(os_card, range(24))) - set(order), key=lambda card: card.value)
    return Shuffle(order=(*order, *rest))


def mirror_euchre(spiel_state: Any) -> tuple[Any, Any]:
    """Our Euchre game and state that mirror an OpenSpiel ``euchre`` state (after its deal),
    every OpenSpiel action since translated to ours with the same actor; raises
    :class:`MirrorError` where that is not possible."""
    history = [(int(item.player), int(item.action)) for item in spiel_state.full_history()]
    if len(history) < 2 + OS_DEALT:
        raise MirrorError(
            f"cannot mirror OpenSpiel's euchre before its deal is complete "
            f"({max(len(history) - 1, 0)} of {OS_DEALT + 1} cards dealt)"
        )
    parameters = spiel_state.get_game().get_parameters()
    dealer = history[0][1]
    game = _mirror_game(dealer, bool(parameters.get("stick_the_dealer", True)))
    state = game.initial_state()
    if game.actor(state) is not CHANCE:
        raise MirrorError("our Euchre does not start with the shuffle")
    dealt = [action for _, action in history[1 : 1 + OS_DEALT]]
    state = game.apply(state, _shuffle(dealer, dealt, history[1 + OS_DEALT][1]))
    for step, (player, number) in enumerate(history[2 + OS_DEALT :], start=1):
        if game.actor(state) != player:
            raise MirrorError(
                f"cannot mirror OpenSpiel's euchre at its action {step} after the deal: seat "
                f"{player} acts there, trickcore's Euchre asks {game.actor(state)}"
            )
        legal = game.legal_actions(state)
        state = game.apply(state, _translate(number, legal, f"action {step} after the deal"))
    return game, state


def mirrored_legal(spiel_state: Any, game: Any, state: Any) -> dict[Any, int]:
    """Our action for each of OpenSpiel's legal actions at the mirrored ``state``."""
    player = spiel_state.current_player()
    if game.actor(state) != player:
        raise MirrorError(
            f"cannot mirror OpenSpiel's euchre: seat {player} acts there, trickcore's Euchre "
            f"asks {game.actor(state)}"
        )
    legal = game.legal_actions(state)
    return {
        _translate(number, legal, f"at seat {player}'s decision"): number
        for number in spiel_state.legal_actions()
    }


# ---------------------------------------------------------------------------------------------
# Playing


@dataclass
class Clock:
    """CPU seconds (``time.process_time``) of one side's decisions with a choice."""

    seconds: float = 0.0
    decisions: int = 0

    def add(self, seconds: float) -> None:
        self.seconds += seconds
        self.decisions += 1

    def per_decision(self) -> float:
        """Mean CPU seconds per decision (0 before the first)."""
        return self.seconds / self.decisions if self.decisions else 0.0


@dataclass
class GameRecord:
    """One game of a duplicate deal."""

    deal: int
    rotation: int
    ours_seats: tuple[int, ...]
    scores: tuple[int, ...]
    """Our points per side (the trickcore game's ``Outcome.scores``)."""
    margin: float
    """Mean score of our sides minus mean score of theirs."""
    ours_cpu: float
    ours_decisions: int
    theirs_cpu: float
    theirs_decisions: int


@dataclass
class Pairing:
    """One bot against OpenSpiel's ISMCTS, in one game, one setting."""

    game: str
    reference: str
    bot: str
    mode: str
    """``sims`` (equal simulations), ``cpu`` (equal CPU) or ``fixed`` (heuristic)."""
    ours_options: dict[str, Any]
    theirs_simulations: int
    deals: int
    seed: int
    diff: float
    low: float | None
    high: float | None
    ours_cpu_per_decision: float
    theirs_cpu_per_decision: float
    ours_decisions: int
    theirs_decisions: int
    cpu_within: bool
    """Whether our CPU per decision was no more than theirs."""
    games: list[GameRecord] = field(default_factory=list)


def margin(game: Any, scores: Sequence[int], ours_seats: Sequence[int]) -> float:
    """Mean score of the sides holding ``ours_seats`` minus the mean of the other sides."""
    ours = {game.side_of(seat) for seat in ours_seats}
    theirs = [side for side in range(len(scores)) if side not in ours]
    return math.fsum(scores[side] for side in ours) / len(ours) - math.fsum(
        scores[side] for side in theirs
    ) / len(theirs)


class Arena:
    """Our bot against OpenSpiel's in one game and reference, the clocks of both."""

    def __init__(self, name: str, reference: str, simulations: int, seed: int) -> None:
        import pyspiel  # noqa: PLC0415 - the openspiel extra, only when run

        importlib.import_module("trickcore.openspiel")  # registers trickcore_<name>
        if reference == "cpp" and name != "euchre":
            raise ValueError(f"--reference cpp exists for euchre only, not {name}")
        self.name, self.reference, self.seed = name, reference, seed
        self.simulations = simulations
        self._spiel_name = "euchre" if reference == "cpp" else f"trickcore_{name}"
        self._load = pyspiel.load_game
        self.spiel_game = self._load(self._spiel_name)
        self.host = trickcore.default_host()
        self._encode: Any = None

    def _theirs(self, deal: int, rotation: int) -> Any:
        """OpenSpiel's bot for one game, its streams drawn from the seed, the deal and the
        rotation, so that a game plays the same whichever worker plays it and in any order."""
        seed = Rng(self.seed, "theirs", deal, rotation).below(2**31)
        bot, _ = _sibling("ismcts_openspiel").openspiel_ismcts(
            self.spiel_game, seed, self.simulations, consistent=self.reference != "cpp"
        )
        bot._max_simulations = self.simulations  # the attribute run_search reads
        return bot

    def _ours(
        self, game: Any, bot: str, options: dict[str, Any], seat: int, key: tuple[int, ...]
    ) -> Any:
        factory = self.host.bot_factory(bot, self.name)
        return factory(BotSpec(game, seat, Rng(self.seed, "bot", *key, seat), options=options))

    def play(
        self, deal: int, rotation: int, bot: str, options: dict[str, Any]
    ) -> tuple[Any, Any, Clock, Clock, tuple[int, ...]]:
        """One game of deal ``deal``, ours at the seats ``seat % 2 == rotation``; the trickcore
        game and final state, the two clocks and our seats."""
        ours_seats = tuple(
            seat for seat in range(self.spiel_game.num_players()) if seat % 2 == rotation
        )
        if self.reference == "bridge":
            # A bridge game draws its resampled worlds from a stream of its own, numbered from
            # its first resample: a new game for each game played keeps the games independent
            # of the order they are played in. (OpenSpiel's C++ euchre draws them from an
            # unseeded stream of its own: its games do not replay.)
            self.spiel_game = self._load(self._spiel_name)
        ours_clock, theirs_clock = Clock(), Clock()
        bots: dict[tuple[int, int], Any] = {}
        theirs_bot = self._theirs(deal, rotation)
        state = self.spiel_game.new_initial_state()
        chance = 0
        apply_chance = _sibling("ismcts_openspiel").apply_chance
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
            if seat in ours_seats:
                game, tc_state, numbers = self._position(state)
                key = (id(game), seat)
                if key not in bots:
                    bots[key] = self._ours(game, bot, options, seat, (deal, rotation))
                view, choices = game.view(tc_state, seat), tuple(numbers)
                started = time.process_time()
                action = bots[key].act(view, choices)
                ours_clock.add(time.process_time() - started)
                number = numbers[action]
            else:
                started = time.process_time()
                number = int(theirs_bot.step(state))
                theirs_clock.add(time.process_time() - started)
            state.apply_action(number)
        game, final = self._final(state)
        return game, final, ours_clock, theirs_clock, ours_seats

    def _position(self, state: Any) -> tuple[Any, Any, dict[Any, int]]:
        """Our game and state at ``state``, and our action for each legal action number."""
        if self.reference == "cpp":
            game, tc_state = mirror_euchre(state)
            return game, tc_state, mirrored_legal(state, game, tc_state)
        game, tc_state = self.spiel_game.trickcore_game, state.trickcore_state
        if self._encode is None:  # the bridge's action numbers (its action encoding)
            from trickcore.encoding import encodings  # noqa: PLC0415

            self._encode = encodings(game).action.indices
        encode = self._encode
        legal = game.legal_actions(tc_state)
        return game, tc_state, dict(zip(legal, encode(legal), strict=True))

    def _final(self, state: Any) -> tuple[Any, Any]:
        if self.reference == "cpp":
            return mirror_euchre(state)
        return self.spiel_game.trickcore_game, state.trickcore_state


def play_deal(arena: Arena, deal: int, bot: str, options: dict[str, Any]) -> list[GameRecord]:
    """Both games of duplicate deal ``deal`` (ours at the even seats, then the odd ones)."""
    records = []
    for rotation in (0, 1):
        game, final, ours, theirs, seats = arena.play(deal, rotation, bot, options)
        scores = tuple(game.outcome(final).scores)
        records.append(
            GameRecord(
                deal=deal,
                rotation=rotation,
                ours_seats=seats,
                scores=scores,
                margin=margin(game, scores, seats),
                ours_cpu=ours.seconds,
                ours_decisions=ours.decisions,
                theirs_cpu=theirs.seconds,
                theirs_decisions=theirs.decisions,
            )
        )
    return records


@dataclass(frozen=True)
class Run:
    """What a pairing's games depend on: a deal's games are the same under the same run."""

    game: str
    reference: str
    simulations: int
    seed: int
    bot: str
    mode: str
    options: tuple[tuple[str, Any], ...]

    def key(self) -> dict[str, Any]:
        """The run as a JSON object (a line of ``--out`` names its run with it)."""
        return {**asdict(self), "options": dict(self.options)}


_WORKER_ARENAS: dict[tuple[str, str, int, int], Arena] = {}


def _deal_of_run(run: Run, deal: int) -> list[GameRecord]:
    """One deal of ``run``, in whatever process plays it (each keeps an arena per game)."""
    where = (run.game, run.reference, run.simulations, run.seed)
    if where not in _WORKER_ARENAS:
        _WORKER_ARENAS[where] = Arena(*where)
    return play_deal(_WORKER_ARENAS[where], deal, run.bot, dict(run.options))


def _recorded(out: Path | None, run: Run) -> dict[int, list[GameRecord]]:
    """The deals of ``run`` already in the ``--out`` file."""
    done: dict[int, list[GameRecord]] = {}
    if out is None or not out.exists():
        return done
    key = run.key()
    for line in out.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        entry = json.loads(line)
        if entry.get("run") == key:
            done[int(entry["deal"])] = [
                GameRecord(
                    **{
                        **game,
                        "ours_seats": tuple(game["ours_seats"]),
                        "scores": tuple(game["scores"]),
                    }
                )
                for game in entry["games"]
            ]
    return done


def play_pairing(run: Run, deals: int, *, workers: int = 1, out: Path | None = None) -> Pairing:
    """``deals`` duplicate deals of ``run``: the deals already in ``out`` are read, the others
    played (in ``workers`` processes) and appended to it as each finishes."""
    played = _recorded(out, run)
    missing = [deal for deal in range(deals) if deal not in played]

    def keep(deal: int, records: list[GameRecord]) -> None:
        played[deal] = records
        if out is not None:
            line = {"run": run.key(), "deal": deal, "games": [asdict(r) for r in records]}
            with out.open("a", encoding="utf-8") as file:
                file.write(json.dumps(line) + "\n")

    if workers <= 1 or len(missing) <= 1:
        for deal in missing:
            keep(deal, _deal_of_run(run, deal))
    else:
        context = multiprocessing.get_context("fork")  # the workers inherit this module
        with ProcessPoolExecutor(workers, mp_context=context) as pool:
            futures = {pool.submit(_deal_of_run, run, deal): deal for deal in missing}
            for future in as_completed(futures):
                keep(futures[future], future.result())
    records = [record for deal in range(deals) for record in played[deal]]
    per_deal = [math.fsum(r.margin for r in played[deal]) / 2 for deal in range(deals)]
    ours_total, theirs_total = Clock(), Clock()
    for record in records:
        ours_total.seconds += record.ours_cpu
        ours_total.decisions += record.ours_decisions
        theirs_total.seconds += record.theirs_cpu
        theirs_total.decisions += record.theirs_decisions
    estimate = bootstrap_interval(per_deal, f"strength {run.game} {run.bot} {run.mode}")
    return Pairing(
        game=run.game,
        reference=run.reference,
        bot=run.bot,
        mode=run.mode,
        ours_options=dict(run.options),
        theirs_simulations=run.simulations,
        deals=deals,
        seed=run.seed,
        diff=estimate.value,
        low=estimate.low,
        high=estimate.high,
        ours_cpu_per_decision=ours_total.per_decision(),
        theirs_cpu_per_decision=theirs_total.per_decision(),
        ours_decisions=ours_total.decisions,
        theirs_decisions=theirs_total.decisions,
        cpu_within=ours_total.per_decision() <= theirs_total.per_decision(),
        games=records,
    )


def equal_cpu_iterations(simulations: int, sims_run: Pairing) -> int:
    """Our iterations for the ``cpu`` run, scaled from the ``sims`` run (see the module text)."""
    ratio = sims_run.theirs_cpu_per_decision / max(sims_run.ours_cpu_per_decision, 1e-9)
    return max(1, math.floor(CPU_MARGIN * simulations * ratio))


CALIBRATION_DEALS = 10
"""Deals of the ``sims`` run that scales a ``cpu`` run, when only ``cpu`` is asked for."""


def run(
    name: str,
    bots: Sequence[str],
    *,
    deals: int,
    simulations: int,
    seed: int,
    reference: str,
    modes: Sequence[str] = ("sims", "cpu"),
    iterations: int | None = None,
    options: Mapping[str, str] | None = None,
    workers: int = 1,
    out: Path | None = None,
) -> list[Pairing]:
    """Every pairing of ``bots`` in game ``name`` (see the module text). A search bot plays the
    ``modes`` asked for, with ``options`` besides its iterations; its ``cpu`` run takes
    ``iterations`` when given, else the count scaled from its ``sims`` run (of
    :data:`CALIBRATION_DEALS` deals when ``sims`` is not asked for)."""
    pairings = []

    def pairing(bot: str, mode: str, options: dict[str, Any], count: int) -> Pairing:
        this = Run(name, reference, simulations, seed, bot, mode, tuple(sorted(options.items())))
        return play_pairing(this, count, workers=workers, out=out)

    for bot in bots:
        if bot not in SEARCH_BOTS:
            pairings.append(pairing(bot, "fixed", {}, deals))
            continue
        sims_run = None
        if "sims" in modes or ("cpu" in modes and iterations is None):
            count = deals if "sims" in modes else min(deals, CALIBRATION_DEALS)
            sims_run = pairing(bot, "sims", {**(options or {}), "iterations": simulations}, count)
            pairings.append(sims_run)
        if "cpu" in modes:
            ours = iterations
            if ours is None:
                assert sims_run is not None
                ours = equal_cpu_iterations(simulations, sims_run)
            pairings.append(pairing(bot, "cpu", {**(options or {}), "iterations": ours}, deals))
    return pairings


def _interval(pairing: Pairing) -> str:
    if pairing.low is None or pairing.high is None:
        return "(no interval)"
    return f"[{pairing.low:+.3f}, {pairing.high:+.3f}]"


def table(pairings: Sequence[Pairing]) -> str:
    """The pairings as a Markdown table."""
    lines = [
        "| game | reference | ours | mode | ours options | theirs sims | deals "
        "| ours - theirs (points per game) | 95% interval | CPU/decision ours | theirs |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for p in pairings:
        options = ", ".join(f"{key}={value}" for key, value in p.ours_options.items()) or "—"
        lines.append(
            f"| {p.game} | {p.reference} | {p.bot} | {p.mode} | {options} | "
            f"{p.theirs_simulations} | {p.deals} | {p.diff:+.3f} | {_interval(p)} | "
            f"{p.ours_cpu_per_decision * 1000:.1f} ms | {p.theirs_cpu_per_decision * 1000:.1f} ms |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="all", help=f"one of {', '.join(GAMES)}, or all")
    parser.add_argument("--deals", type=int, default=20, help="duplicate deals (default 20)")
    parser.add_argument("--sims", type=int, default=500, help="OpenSpiel's simulations (500)")
    parser.add_argument("--bots", default=",".join(BOTS), help="ours, comma-separated")
    parser.add_argument("--seed", type=int, default=1, help="the deals' and bots' seed (1)")
    parser.add_argument("--reference", choices=REFERENCES, default="bridge")
    parser.add_argument(
        "--modes", default="sims,cpu", help="a search bot's runs: sims, cpu or both (sims,cpu)"
    )
    parser.add_argument(
        "--iterations",
        type=int,
        help="our playouts a move in the cpu run (default: scaled from the sims run)",
    )
    parser.add_argument(
        "--options",
        default="",
        help="our search bots' other options, KEY=VALUE,... (such as inference=hand)",
    )
    parser.add_argument("--workers", type=int, default=1, help="processes playing deals (1)")
    parser.add_argument(
        "--out",
        type=Path,
        help="a JSON-lines file of finished deals: deals already in it are read, not replayed",
    )
    parser.add_argument("--json", action="store_true", help="JSON instead of a table")
    args = parser.parse_args(argv)
    modes = tuple(mode for mode in args.modes.split(",") if mode)
    games = GAMES if args.game == "all" else (args.game,)
    bots = tuple(bot for bot in args.bots.split(",") if bot)
    if args.deals < 2 or args.sims < 1:
        parser.error("need --deals >= 2 (for an interval) and --sims >= 1")
    if any(game not in GAMES for game in games) or any(bot not in BOTS for bot in bots):
        parser.error(f"--game is one of {', '.join(GAMES)} or all; --bots among {', '.join(BOTS)}")
    if not modes or any(mode not in ("sims", "cpu") for mode in modes):
        parser.error("--modes is sims, cpu or sims,cpu")
    if (args.iterations is not None and args.iterations < 1) or args.workers < 1:
        parser.error("--iterations and --workers need a count of 1 or more")
    try:
        options = dict(item.split("=", 1) for item in args.options.split(",") if item)
    except ValueError:
        parser.error("--options takes KEY=VALUE pairs, comma-separated")
    if "iterations" in options:
        parser.error("--options does not take iterations: the runs set them (see --iterations)")
    if args.reference == "cpp" and games != ("euchre",):
        parser.error("--reference cpp needs --game euchre (OpenSpiel has no other of these games)")
    pairings = []
    for name in games:
        pairings += run(
            name,
            bots,
            deals=args.deals,
            simulations=args.sims,
            seed=args.seed,
            reference=args.reference,
            modes=modes,
            iterations=args.iterations,
            options=options,
            workers=args.workers,
            out=args.out,
        )
    if args.json:
        print(json.dumps([asdict(pairing) for pairing in pairings]))
    else:
        print(table(pairings))
    return 0


if __name__ == "__main__":
    sys.exit(main())

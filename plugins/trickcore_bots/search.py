"""The search bots ``pimc`` and ``ismcts``: determinization search for any game that provides
``determinize`` (DESIGN 6), through the :class:`~trickcore.game.Game` protocol and the view
alone, so third-party games are played too.

Both sample *worlds*, full states agreeing with the view (``game.determinize``), and judge
moves by playing worlds out to the end of the hand or of the game, by default with the game's
registered ``heuristic`` bot at every seat (random moves when the game has none), judged from
``game.outcome(end)``: by default the points the seat's side gained in the playout minus the
most another side gained (``value=points``), or the seat's ``Outcome.returns``
(``value=returns``). See ``docs/bots.md`` for the algorithms and their known weaknesses.

* :class:`PimcBot`, **perfect-information Monte Carlo**: in each sampled world, every legal
  action is tried and played out with the same stream; the action with the best total over the
  worlds is chosen.
* :class:`IsmctsBot`, **single-observer information-set MCTS** (Cowling, Powley and Whitehouse,
  2012): one tree over the acting seat's information, each node reached by the actions taken
  from the root; each sampled world is searched once through every root action (with one
  stream, as in ``pimc``); below the root an iteration descends the tree by UCB1 (on returns
  scaled by their spread) with availability counts among the actions legal in that world,
  expands one action (the playout bot's choice first, and more children only as the node is
  reached more often), plays out, and backs the returns up, each node scored for the seat
  acting there. The root action with the best mean wins.

Options (``BotSpec.options``, :class:`SearchOptions`): ``iterations`` (playouts per move),
``time_budget`` (seconds per move instead: opt-in, not reproducible), ``playout`` (``auto``,
``random`` or a registered bot's name), ``horizon`` (``hand``: playouts stop before the next
deal; ``game``: to the end of the game), ``value`` (``points`` or ``returns``),
``confidence`` (how clearly the search must beat the playout bot's own move to overrule it),
``solve`` (from how many cards in hand on the rest of the hand is solved exactly instead of
played out: :mod:`trickcore.kit.solver`), ``search`` (``all`` decisions, or only the card
``play``, the playout bot taking the others), the ``inference`` options (worlds weighted by the
other seats' decisions: :mod:`trickcore_bots.inference`), for ``pimc``, ``prune`` (how far
an action must trail the best, in standard errors, to get no more of the move's playouts) and,
for ``ismcts``, ``exploration`` (the UCB1 constant).
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, ClassVar

from trickcore._mypyc import mypyc_attr
from trickcore.bots import Bot, BotSpec
from trickcore.errors import OptionError, UnknownBotError
from trickcore.game import CHANCE, AnyGame, Outcome, Seat
from trickcore.kit.solver import cards_left, solve
from trickcore.playout import playout_outcome_of
from trickcore.rng import Rng
from trickcore_bots.inference import AuctionModel
from trickcore_bots.options import AUTO_PLAYOUT, SEARCH_BOTS, SearchOptions

if TYPE_CHECKING:
    from trickcore.plugins import PluginHost

__all__ = ["IsmctsBot", "PimcBot", "SearchOptions"]

HEURISTIC = "heuristic"
"""The bot ``playout=auto`` plays the playouts with, when the game has one registered."""
TIMED_BATCH = 4
"""With ``time_budget`` and inference, how many worlds are resampled together at a time."""
PRUNE_FIRST = 16
"""With ``prune``, the worlds played before ``pimc`` first drops the actions that trail; it
checks again each time the worlds have grown by half (at 24, 36, 54 ...)."""
PlayoutOutcome = Callable[[Any, Rng], Outcome]
"""The outcome at the end of a playout, from its start and its stream."""
Policy = Callable[..., Any]
"""The playout bots' choice: ``policy(state, seat, legal)``, or with the seat's ``view``
given instead of a state, ``policy(None, seat, legal, view)``."""


def _registered(host: PluginHost, name: str, game: str) -> bool:
    """Whether ``host`` has a bot ``name`` for ``game`` (a search bot never counts)."""
    if name in SEARCH_BOTS:
        return False
    try:
        host.bot_factory(name, game)
    except UnknownBotError:
        return False
    return True


@mypyc_attr(allow_interpreted_subclasses=True)
class _Search:
    """What both bots share: options, the playout, the budget."""

    name: ClassVar[str]
    games: ClassVar[tuple[str, ...] | None] = None
    ITERATIONS: ClassVar[int]
    """Playouts per move unless the ``iterations`` option says otherwise."""
    playout_policy: str
    """The playout policy in use: ``random`` or a bot's name (``auto`` resolved)."""

    def __init__(self, spec: BotSpec) -> None:
        self._game: AnyGame = spec.game
        self._seat: Seat = spec.seat
        self._rng = spec.rng
        self._options = SearchOptions.of(self.name, spec)
        self._iterations = self._options.iterations or self.ITERATIONS
        self._policy: Policy | None = None
        """The playout bots' choice in a full state (``None`` for random playouts)."""
        self._playout_outcome = self._make_playout(spec)
        self._inference = (
            None
            if self._options.inference == "off"
            else AuctionModel(
                self._game,
                self._seat,
                spec.rng.derive("inference"),
                noise=self._options.inference_noise,
                pool=self._options.inference_pool,
                plays=self._options.inference == "hand",
                trust=self._options.inference_trust,
            )
        )
        """The model the worlds are resampled by (``inference=auction`` or ``hand``), else
        ``None``."""
        self._zero_sum = len(self._game.sides) == 2
        """Whether the values of a playout cancel between the sides (:func:`solve`)."""
        self._play_phase: object = None
        """With ``search=play``, the game's play phase: the only one searched."""
        if self._options.search == "play":
            self._play_phase = self._searched_phase()

    def _searched_phase(self) -> object:
        """The game's play phase, for ``search=play``: a game in the kit's layout declares it
        (``TrickGame.play_phase``), and the playout bot takes the other decisions."""
        play_phase = getattr(self._game, "play_phase", None)
        if play_phase is None:
            raise OptionError(
                f"{self.name} bot: search=play needs a game that declares its play phase "
                f"(trickcore.kit.TrickGame.play_phase); {self._game.name} does not"
            )
        if self._policy is None:
            raise OptionError(
                f"{self.name} bot: search=play needs a playout bot to take the other "
                f"decisions; {self._game.name} has no heuristic (set playout=BOT)"
            )
        return play_phase

    def _left_to_the_playout_bot(self, view: Any, legal: tuple[Any, ...]) -> Any:
        """With ``search=play``, the playout bot's move outside the card play; else ``None``
        (the move is searched)."""
        play_phase = self._play_phase
        if play_phase is None or getattr(view, "phase", play_phase) is play_phase:
            return None
        assert self._policy is not None  # checked with the option
        return self._policy(None, self._seat, legal, view)

    def _make_playout(self, spec: BotSpec) -> PlayoutOutcome:
        """The outcome a playout ends with: random moves (the game's own fast playout when it
        has one, and its ``random_playout_outcome``, building no final state, when it offers
        that), or a registered bot at every seat, each with its own stream derived from this
        bot's: at a move with one legal action the playout takes it without building a view
        or asking the bot (a bot must play a legal action). ``auto`` is the game's
        ``heuristic`` bot when one is registered for it, else random moves."""
        from trickcore.plugins import default_host  # noqa: PLC0415 - plugins load lazily

        game = self._game
        until_chance = self._options.horizon == "hand"
        name = self._options.playout
        if name == AUTO_PLAYOUT:
            name = HEURISTIC if _registered(default_host(), HEURISTIC, game.name) else "random"
        self.playout_policy = name
        if name == "random":
            return playout_outcome_of(game, until_chance=until_chance)
        factory = default_host().bot_factory(name, game.name)
        bots: list[Bot[Any, Any]] = [
            factory(BotSpec(game, seat, spec.rng.derive("playout", seat)))
            for seat in range(game.seats)
        ]
        views = [getattr(bot, "reads_view", True) is not False for bot in bots]

        def policy(state: Any, actor: Seat, legal: tuple[Any, ...], view: Any = None) -> Any:
            if len(legal) == 1:  # forced: no view to build, no bot to ask
                return legal[0]
            if view is None and views[actor]:
                view = game.view(state, actor)
            return bots[actor].act(view if views[actor] else None, legal)

        self._policy = policy

        def playout(state: Any, rng: Rng) -> Any:
            acted = False
            while (actor := game.actor(state)) is not None:
                if actor is CHANCE:
                    if until_chance and acted:
                        break
                    action = game.sample_chance(state, rng)
                else:
                    action = policy(state, actor, game.legal_actions(state))
                    acted = True
                state = game.apply(state, action)
            return state

        def playout_outcome(state: Any, rng: Rng) -> Outcome:
            return game.outcome(playout(state, rng))

        return playout_outcome

    def _to_endgame(self, state: Any, rng: Rng) -> Any:
        """The playout from ``state`` (the playout bots' moves, or random ones), stopped where
        the hand ends or where the seat to play holds no more than ``solve`` cards."""
        game, policy, limit = self._game, self._policy, self._options.solve
        acted = False
        while (actor := game.actor(state)) is not None:
            if actor is CHANCE:
                if acted:
                    break
                action = game.sample_chance(state, rng)
            else:
                left = cards_left(game, state)
                if left is not None and left <= limit:
                    break
                legal = game.legal_actions(state)
                if policy is None:
                    action = legal[rng.below(len(legal))]
                else:
                    action = policy(state, actor, legal)
                acted = True
            state = game.apply(state, action)
        return state

    def _worlds(self, view: Any, actions: int) -> Iterator[tuple[Any, int]]:
        """Sampled worlds, each with the seed of the stream its playouts share (common random
        numbers: the ``actions`` root actions are compared on the same luck): as many as
        ``iterations`` playouts take at ``actions`` a world (at least one world), or as many
        as ``time_budget`` allows."""
        spent = self._spending()
        for world in self._world_stream(view, actions):
            yield world
            if spent(actions):
                return

    def _world_stream(self, view: Any, actions: int) -> Iterator[tuple[Any, int]]:
        """Sampled worlds without end, each with the seed of its playouts' stream; with
        inference, resampled together as many at a time as the budget takes at ``actions``
        playouts a world (``TIMED_BATCH`` with ``time_budget``)."""
        if self._options.time_budget is None:
            wanted = -(-self._iterations // actions)
        else:
            wanted = TIMED_BATCH
        while True:
            for world in self._draw(view, wanted):
                yield world, self._rng.next_u64()

    def _spending(self) -> Callable[[int], bool]:
        """A move's budget, from now: ``spent(playouts)`` counts playouts just played and says
        whether the move's ``iterations`` or ``time_budget`` is used up."""
        budget = self._options.time_budget
        if budget is not None:
            deadline = time.perf_counter() + budget
            return lambda playouts: time.perf_counter() >= deadline
        left = [self._iterations]

        def spent(playouts: int) -> bool:
            left[0] -= playouts
            return left[0] <= 0

        return spent

    def _draw(self, view: Any, wanted: int) -> list[Any]:
        """The next worlds: one drawn uniformly, or with inference ``wanted`` resampled
        together (:meth:`AuctionModel.draw`)."""
        if self._inference is None:
            return [self._game.determinize(view, self._rng)]
        return self._inference.draw(view, self._rng, wanted)

    def _choose(self, view: Any, legal: tuple[Any, ...], samples: list[list[float]]) -> Any:
        """The move, from ``samples[w][i]``: the return of ``legal[i]`` in world *w*. The action
        with the best mean (ties: the first legal); but with a playout bot, its own move
        unless the best action beats it, over the same worlds, by more than ``confidence``
        standard errors of the mean paired difference."""
        columns = [list(column) for column in zip(*samples, strict=True)]
        return self._chosen(view, legal, columns, list(range(len(legal))))

    def _chosen(
        self, view: Any, legal: tuple[Any, ...], columns: list[list[float]], contenders: list[int]
    ) -> Any:
        """:meth:`_choose` among the ``contenders`` (indices into ``legal``), from
        ``columns[i]``: the returns of ``legal[i]`` in the worlds, the same worlds for every
        contender. The playout bot's own move is asked among every legal action; when it is
        not a contender (pruned), the best contender is played."""
        means = {index: math.fsum(columns[index]) / len(columns[index]) for index in contenders}
        best = max(contenders, key=lambda index: (means[index], -index))
        if self._policy is None:
            return legal[best]
        own = self._policy(None, self._seat, legal, view)
        if own not in legal or own == legal[best]:
            return legal[best]
        mine = legal.index(own)
        if mine not in means:
            return legal[best]
        trailing = _trailing(columns[best], columns[mine])
        if trailing is None:
            return own
        mean, error = trailing
        return legal[best] if mean > self._options.confidence * error else own

    def _returns(self, start: tuple[int, ...], state: Any, rng: Rng) -> list[float]:
        """What a playout from ``state`` is worth to each seat. ``value=points``: the points
        its side gained since the sampled world (whose scores were ``start``) minus the most
        any other side gained. ``value=returns``: the game's ``Outcome.returns`` when the game
        ends in the playout, otherwise (at the end of a hand) the returns it would give if the
        side that gained the most points had won (a tie: a draw). With ``solve``, the playout
        stops once the seat to play holds ``solve`` cards or fewer, and the rest of the hand is
        solved exactly in the world (:func:`trickcore.kit.solver.solve`)."""
        if not self._options.solve:
            return self._value(start, self._playout_outcome(state, rng))
        end = self._to_endgame(state, rng)
        actor = self._game.actor(end)
        if actor is None or actor is CHANCE:
            return self._score(start, end)
        values = solve(
            self._game, end, lambda over: self._score(start, over), zero_sum=self._zero_sum
        )
        return list(values)

    def _score(self, start: tuple[int, ...], end: Any) -> list[float]:
        """What the end of a playout, ``end``, is worth to each seat (see :meth:`_returns`)."""
        return self._value(start, self._game.outcome(end))

    def _value(self, start: tuple[int, ...], outcome: Outcome) -> list[float]:
        """What a playout ending with ``outcome`` is worth to each seat (see :meth:`_returns`)."""
        game = self._game
        if self._options.value == "returns" and outcome.finished:
            return list(outcome.returns)
        gains = [now - before for now, before in zip(outcome.scores, start, strict=True)]
        if self._options.value == "points":
            margins = [
                gain - max((other for side, other in enumerate(gains) if side != own), default=0)
                for own, gain in enumerate(gains)
            ]
            return [float(margins[game.side_of(seat)]) for seat in range(game.seats)]
        best = max(gains)
        leaders = [side for side, gain in enumerate(gains) if gain == best]
        winner = leaders[0] if len(leaders) == 1 else None
        return list(Outcome.settle(game.sides, tuple(gains), finished=True, winner=winner).returns)


@mypyc_attr(allow_interpreted_subclasses=True)
class PimcBot(_Search):
    """Perfect-information Monte Carlo: each legal action is played out in the same sampled
    worlds; the best total wins (ties: the first legal)."""

    name: ClassVar[str] = "pimc"
    description: ClassVar[str] = "perfect-information Monte Carlo over sampled worlds (search)"
    ITERATIONS: ClassVar[int] = 40

    def act(self, view: Any, legal: tuple[Any, ...]) -> Any:
        """The legal action with the best total return over the sampled worlds."""
        if len(legal) == 1:
            return legal[0]
        if (unsearched := self._left_to_the_playout_bot(view, legal)) is not None:
            return unsearched
        game, seat = self._game, self._seat
        contenders = list(range(len(legal)))
        columns: list[list[float]] = [[] for _ in legal]
        prune = self._options.prune
        spent = self._spending()
        next_check = PRUNE_FIRST
        drawn = self._world_stream(view, len(legal))
        for worlds, (world, stream) in enumerate(drawn, start=1):
            start = game.outcome(world).scores
            for index in contenders:
                end = game.apply(world, legal[index])
                columns[index].append(self._returns(start, end, Rng(stream))[seat])
            if spent(len(contenders)):
                break
            if prune and worlds == next_check:
                contenders = _pruned(columns, contenders, prune)
                if len(contenders) == 1:
                    break
                next_check += max(PRUNE_FIRST // 2, next_check // 2)
        return self._chosen(view, legal, columns, contenders)


class _Node:
    """Statistics of one node of the ISMCTS tree, by action: visits, total return for the seat
    acting here, availability (how often the action was legal when the node was reached)."""

    __slots__ = ("children", "visits", "value", "available", "reached")

    def __init__(self) -> None:
        self.reached = 0
        self.children: dict[Any, _Node] = {}
        self.visits: dict[Any, int] = {}
        self.value: dict[Any, float] = {}
        self.available: dict[Any, int] = {}


_SMALLEST_SPREAD = 1e-9
"""The spread of returns used while every return seen so far is the same."""


@mypyc_attr(allow_interpreted_subclasses=True)
class IsmctsBot(_Search):
    """Single-observer information-set MCTS with UCB1 and availability counts below an even,
    paired root (see the module text)."""

    name: ClassVar[str] = "ismcts"
    description: ClassVar[str] = "information-set Monte Carlo tree search (search)"
    ITERATIONS: ClassVar[int] = 40

    def __init__(self, spec: BotSpec) -> None:
        super().__init__(spec)
        if self._options.prune:
            raise OptionError(f"{self.name} bot: prune is an option of pimc only")
        self._low = self._high = 0.0  # the lowest and highest return seen in this search

    def act(self, view: Any, legal: tuple[Any, ...]) -> Any:
        """The root action with the best mean return (ties: the first legal)."""
        if len(legal) == 1:
            return legal[0]
        if (unsearched := self._left_to_the_playout_bot(view, legal)) is not None:
            return unsearched
        root = _Node()
        self._low, self._high = math.inf, -math.inf
        samples = [
            [self._iterate(root, world, action, Rng(stream)) for action in legal]
            for world, stream in self._worlds(view, len(legal))
        ]
        return self._choose(view, legal, samples)

    def _iterate(self, root: _Node, world: Any, first: Any, stream: Rng) -> float:
        """One iteration in ``world`` through the root action ``first``: select and expand
        down the tree, play out with ``stream``, back the returns up; the bot's return."""
        game = self._game
        start = game.outcome(world).scores
        root.reached += 1
        root.available[first] = root.available.get(first, 0) + 1
        if first not in root.visits:
            root.visits[first], root.value[first] = 0, 0.0
            root.children[first] = _Node()
        path: list[tuple[_Node, Any, Seat]] = [(root, first, self._seat)]
        state, node = game.apply(world, first), root.children[first]
        if root.visits[first] > 0:
            while (actor := game.actor(state)) is not None and actor is not CHANCE:
                legal = game.legal_actions(state)
                node.reached += 1
                for action in legal:
                    node.available[action] = node.available.get(action, 0) + 1
                tried = tuple(action for action in legal if action in node.visits)
                untried = [action for action in legal if action not in node.visits]
                if untried and (not tried or self._may_widen(node)):
                    action = self._expansion(state, actor, legal, untried)
                    node.visits[action] = 0
                    node.value[action] = 0.0
                    node.children[action] = _Node()
                    path.append((node, action, actor))
                    state = game.apply(state, action)
                    break
                action = self._select(node, tried)
                path.append((node, action, actor))
                state = game.apply(state, action)
                node = node.children[action]
        returns = self._returns(start, state, stream)
        self._low = min(self._low, *returns)
        self._high = max(self._high, *returns)
        for visited, action, actor in path:
            visited.visits[action] += 1
            visited.value[action] += returns[actor]
        return returns[self._seat]

    @staticmethod
    def _may_widen(node: _Node) -> bool:
        """Progressive widening below the root: a node reached *n* times may have
        ``1 + floor(sqrt(n) / 2)`` children (1 until it is reached 4 times, 2 until 16, 3 until
        36 …), so that few iterations are not spread over every reply."""
        return len(node.children) < 1 + math.isqrt(node.reached) // 2

    def _expansion(
        self, state: Any, actor: Seat, legal: tuple[Any, ...], untried: list[Any]
    ) -> Any:
        """The action to add to the tree: the playout bots' choice when it is untried (so the
        tree grows first along the line the playouts would play), else a random untried one."""
        if self._policy is not None:
            choice = self._policy(state, actor, legal)
            if choice in untried:
                return choice
        return untried[self._rng.below(len(untried))]

    def _select(self, node: _Node, legal: tuple[Any, ...]) -> Any:
        """UCB1 over the actions legal here, exploring by how often each was available; the
        exploration term is scaled by the spread of the returns seen so far in this search, as
        if they were normalised to [0, 1], so one constant suits every game's point scale."""
        c = self._options.exploration * max(self._high - self._low, _SMALLEST_SPREAD)
        visits, value, available = node.visits, node.value, node.available
        best, best_score = legal[0], -math.inf
        for action in legal:
            n = visits[action]
            score = value[action] / n + c * math.sqrt(math.log(available[action]) / n)
            if score > best_score:
                best, best_score = action, score
        return best


def _trailing(best: list[float], other: list[float]) -> tuple[float, float] | None:
    """By how much ``other`` trails ``best`` over the same worlds: the mean of the paired
    differences and its standard error; ``None`` with fewer than two worlds."""
    if len(best) < 2:
        return None
    differences = [mine - theirs for mine, theirs in zip(best, other, strict=True)]
    error = statistics.stdev(differences) / math.sqrt(len(differences))
    return statistics.fmean(differences), error


def _pruned(columns: list[list[float]], contenders: list[int], errors: float) -> list[int]:
    """The ``contenders`` that do not trail the best of them (by mean; ties: the first) by
    more than ``errors`` standard errors of the mean paired difference, nor in every world
    so far by the same margin (a difference without spread)."""
    means = {index: math.fsum(columns[index]) / len(columns[index]) for index in contenders}
    best = max(contenders, key=lambda index: (means[index], -index))
    kept: list[int] = []
    for index in contenders:
        trailing = None if index == best else _trailing(columns[best], columns[index])
        if trailing is None or not trailing[0] > errors * trailing[1]:
            kept.append(index)
    return kept

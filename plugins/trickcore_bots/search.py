"""The search bots ``pimc`` and ``ismcts``: determinization search for any game that provides
``determinize`` (DESIGN 6), through the :class:`~trickcore.game.Game` protocol and the view
alone, so third-party games are played too.

Both sample *worlds*, full states agreeing with the view (``game.determinize``), and judge
moves by playing worlds out (random moves, or a registered bot's) to the end of the hand or
of the game, from ``game.outcome(end)``: by default the points the seat's side gained in the
playout minus the most another side gained (``value=points``), or the seat's
``Outcome.returns`` (``value=returns``). See ``docs/bots.md`` for the algorithms
and their known weaknesses.

* :class:`PimcBot`, **perfect-information Monte Carlo**: in each sampled world, every legal
  action is tried and played out; the action with the best total over the worlds is chosen.
* :class:`IsmctsBot`, **single-observer information-set MCTS** (Cowling, Powley and Whitehouse,
  2012): one tree over the acting seat's information, each node reached by the actions taken
  from the root; each iteration samples a world, descends the tree by UCB1 with availability
  counts among the actions legal in that world, expands one action, plays out, and backs the
  returns up, each node scored for the seat acting there. The most visited root action wins.

Options (``BotSpec.options``, :class:`SearchOptions`): ``iterations`` (playouts per move),
``time_budget`` (seconds per move instead: opt-in, not reproducible), ``playout`` (``random``
or a registered bot's name), ``horizon`` (``hand``: playouts stop before the next deal;
``game``: to the end of the game), ``value`` (``points`` or ``returns``) and, for ``ismcts``,
``exploration`` (the UCB1 constant).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from typing import Annotated, Any, ClassVar, Literal

import msgspec

from trickcore.bots import Bot, BotSpec
from trickcore.errors import OptionError
from trickcore.game import CHANCE, AnyGame, Outcome, Seat
from trickcore.playout import playout_of
from trickcore.rng import Rng

__all__ = ["IsmctsBot", "PimcBot", "SearchOptions"]

SEARCH_BOTS = frozenset({"pimc", "ismcts"})
Playout = Callable[[Any, Rng], Any]


class SearchOptions(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The options of ``pimc`` and ``ismcts``; the defaults keep a Euchre move well under
    0.1 s (about 0.04 s for ``pimc``, 0.06 s for ``ismcts``, on average, on a 2-core machine)."""

    iterations: (
        Annotated[int, msgspec.Meta(ge=1, description="playouts per move (default: the bot's)")]
        | None
    ) = None
    time_budget: (
        Annotated[float, msgspec.Meta(gt=0, description="seconds per move (opt-in)")] | None
    ) = None
    playout: Annotated[str, msgspec.Meta(description="random, or a registered bot")] = "random"
    exploration: Annotated[float, msgspec.Meta(ge=0, description="UCB1 constant (ismcts)")] = 2.0
    horizon: Annotated[
        Literal["hand", "game"], msgspec.Meta(description="where a playout stops")
    ] = "hand"
    value: Annotated[
        Literal["points", "returns"], msgspec.Meta(description="what a playout is worth")
    ] = "points"

    @classmethod
    def of(cls, bot: str, spec: BotSpec) -> SearchOptions:
        """The options in ``spec`` (text values such as ``"500"`` converted), or an
        :class:`~trickcore.errors.OptionError` naming the bot, the option and the fields."""
        try:
            options = msgspec.convert(dict(spec.options), cls, strict=False)
        except msgspec.ValidationError as error:
            fields = ", ".join(cls.__struct_fields__)
            raise OptionError(f"{bot} bot: {error} (options: {fields})") from None
        if options.playout in SEARCH_BOTS:
            raise OptionError(f"{bot} bot: a search bot cannot be the playout policy")
        return options


class _Search:
    """What both bots share: options, the playout, the budget."""

    name: ClassVar[str]
    games: ClassVar[tuple[str, ...] | None] = None
    ITERATIONS: ClassVar[int]
    """Playouts per move unless the ``iterations`` option says otherwise."""

    def __init__(self, spec: BotSpec) -> None:
        self._game: AnyGame = spec.game
        self._seat: Seat = spec.seat
        self._rng = spec.rng
        self._options = SearchOptions.of(self.name, spec)
        self._iterations = self._options.iterations or self.ITERATIONS
        self._playout = self._make_playout(spec)

    def _make_playout(self, spec: BotSpec) -> Playout:
        """Random moves (the game's own fast playout when it has one), or a registered bot at
        every seat, each with its own stream derived from this bot's."""
        name = self._options.playout
        until_chance = self._options.horizon == "hand"
        if name == "random":
            return playout_of(self._game, until_chance=until_chance)
        from trickcore.plugins import default_host  # noqa: PLC0415 - only for a bot playout

        game = self._game
        factory = default_host().bot_factory(name, game.name)
        bots: list[Bot[Any, Any]] = [
            factory(BotSpec(game, seat, spec.rng.derive("playout", seat)))
            for seat in range(game.seats)
        ]

        def playout(state: Any, rng: Rng) -> Any:
            acted = False
            while (actor := game.actor(state)) is not None:
                if actor is CHANCE:
                    if until_chance and acted:
                        break
                    action = game.sample_chance(state, rng)
                else:
                    action = bots[actor].act(game.view(state, actor), game.legal_actions(state))
                    acted = True
                state = game.apply(state, action)
            return state

        return playout

    def _budget(self) -> Iterator[int]:
        """Iteration numbers: ``iterations`` of them, or as many as ``time_budget`` allows."""
        budget = self._options.time_budget
        if budget is None:
            yield from range(self._iterations)
            return
        deadline = time.perf_counter() + budget
        count = 0
        while count == 0 or time.perf_counter() < deadline:
            yield count
            count += 1

    def _returns(self, start: tuple[int, ...], state: Any) -> list[float]:
        """What a playout from ``state`` is worth to each seat. ``value=points``: the points
        its side gained since the sampled world (whose scores were ``start``) minus the most
        any other side gained. ``value=returns``: the game's ``Outcome.returns`` when the game
        ends in the playout, otherwise (at the end of a hand) the returns it would give if the
        side that gained the most points had won (a tie: a draw)."""
        game = self._game
        outcome = game.outcome(self._playout(state, self._rng))
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


class PimcBot(_Search):
    """Perfect-information Monte Carlo: each legal action is played out in the same sampled
    worlds; the best total wins (ties: the first legal)."""

    name: ClassVar[str] = "pimc"
    description: ClassVar[str] = "perfect-information Monte Carlo over sampled worlds (search)"
    ITERATIONS: ClassVar[int] = 1000

    def act(self, view: Any, legal: tuple[Any, ...]) -> Any:
        """The legal action with the best total return over the sampled worlds."""
        if len(legal) == 1:
            return legal[0]
        game, seat = self._game, self._seat
        totals = [0.0] * len(legal)
        playouts = 0
        for _ in self._budget():
            world = game.determinize(view, self._rng)
            start = game.outcome(world).scores
            for index, action in enumerate(legal):
                totals[index] += self._returns(start, game.apply(world, action))[seat]
            playouts += len(legal)
            if self._options.time_budget is None and playouts >= self._iterations:
                break
        return legal[max(range(len(legal)), key=lambda index: (totals[index], -index))]


class _Node:
    """Statistics of one node of the ISMCTS tree, by action: visits, total return for the seat
    acting here, availability (how often the action was legal when the node was reached)."""

    __slots__ = ("children", "visits", "value", "available")

    def __init__(self) -> None:
        self.children: dict[Any, _Node] = {}
        self.visits: dict[Any, int] = {}
        self.value: dict[Any, float] = {}
        self.available: dict[Any, int] = {}


class IsmctsBot(_Search):
    """Single-observer information-set MCTS with UCB1 and availability counts."""

    name: ClassVar[str] = "ismcts"
    description: ClassVar[str] = "information-set Monte Carlo tree search (search)"
    ITERATIONS: ClassVar[int] = 800

    def act(self, view: Any, legal: tuple[Any, ...]) -> Any:
        """The root action visited most (ties: the better mean, then the first legal)."""
        if len(legal) == 1:
            return legal[0]
        root = _Node()
        for _ in self._budget():
            self._iterate(root, view)
        return max(
            legal,
            key=lambda a: (
                root.visits.get(a, 0),
                root.value.get(a, 0.0) / (root.visits.get(a) or 1),
            ),
        )

    def _iterate(self, root: _Node, view: Any) -> None:
        """One world: select and expand down the tree, play out, back the returns up."""
        game, rng = self._game, self._rng
        state = game.determinize(view, rng)
        start = game.outcome(state).scores
        node = root
        path: list[tuple[_Node, Any, Seat]] = []
        while (actor := game.actor(state)) is not None and actor is not CHANCE:
            legal = game.legal_actions(state)
            for action in legal:
                node.available[action] = node.available.get(action, 0) + 1
            untried = [action for action in legal if action not in node.visits]
            if untried:
                action = untried[rng.below(len(untried))]
                node.visits[action] = 0
                node.value[action] = 0.0
                node.children[action] = _Node()
                path.append((node, action, actor))
                state = game.apply(state, action)
                break
            action = self._select(node, legal)
            path.append((node, action, actor))
            state = game.apply(state, action)
            node = node.children[action]
        returns = self._returns(start, state)
        for visited, action, actor in path:
            visited.visits[action] += 1
            visited.value[action] += returns[actor]

    def _select(self, node: _Node, legal: tuple[Any, ...]) -> Any:
        """UCB1 over the actions legal here, exploring by how often each was available."""
        c = self._options.exploration
        visits, value, available = node.visits, node.value, node.available
        best, best_score = legal[0], -math.inf
        for action in legal:
            n = visits[action]
            score = value[action] / n + c * math.sqrt(math.log(available[action]) / n)
            if score > best_score:
                best, best_score = action, score
        return best

"""Inference from the hand so far for the search bots (``inference=auction`` and
``inference=hand``, issue 23 point 2).

``game.determinize(view, rng)`` draws worlds uniformly among the deals that fit a view, so a
partner's order-up or an opponent's pass changes nothing in them. :class:`AuctionModel` judges
a world by how likely the other seats' decisions of the current hand were, had they held the
world's cards: with ``inference=auction`` those before its first card play (bids and passes, a
discard, going alone, a stand or beg, cards given to a pile), with ``inference=hand`` (``plays``)
every one so far, the cards they played included. Each such decision is compared with what the
game's ``heuristic`` bot would have done in that seat's place, seeing what that seat saw then.
The model gives the heuristic's choice the probability ``1 - noise`` and spreads ``noise``
evenly over the other legal actions; a world's likelihood is the product over the decisions.

A seat may not play like the heuristic at all (a human, another bot). With ``trust`` below 1
each other seat is, before its decisions are seen, one that plays like the heuristic with
probability ``trust``, or else one whose decisions say nothing of its cards (each legal action
as likely as the next). A seat's factor in a world's likelihood is then
``trust * model + (1 - trust) * uniform``, the products of its decisions' probabilities under
the two. Where every world finds the seat's decisions unlike the heuristic's, the uniform part,
the same in every world, outweighs the model's and the seat's decisions stop moving the
weights; where some world explains them, the model's part still picks that world out. With
``trust=1`` the seat is always read as the heuristic.

The seat's view at an earlier decision comes from the world itself: the game's
``hand_history(state)`` gives the state before the hand's shuffle and the hand's actions since
(the games in :mod:`trickcore.kit` build it from the pieces their ``validate`` replays), which
are applied again, stopping at the first card play unless the card play is read too. The model
sees only worlds drawn from the bot's view: never the true state.

:meth:`AuctionModel.draw` samples the worlds of one move together by *sampling importance
resampling*: for ``count`` worlds, ``count * pool`` worlds drawn uniformly, ``count`` of them
kept by systematic resampling in proportion to their likelihood (so the worlds follow the
posterior more closely as the pool grows; a likely world may be kept more than once). One pool
shared by the move's worlds finds the likely ones better than a pool of its own for each world
at the same cost: a rare world that fits the decisions well serves every world of the move.
When no other seat has decided anything yet in this hand, every world is as likely and
``count`` worlds are drawn uniformly.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from trickcore._mypyc import mypyc_attr
from trickcore.bots import Bot, BotSpec
from trickcore.errors import OptionError, UnknownBotError
from trickcore.game import CHANCE, AnyGame, Seat
from trickcore.rng import Rng

__all__ = ["AuctionModel", "HandHistory"]

HandHistory = Callable[[Any], tuple[Any, tuple[Any, ...]]]
"""A game's ``hand_history(state)``: the state before the current hand's shuffle and the
hand's actions since (the shuffle first)."""
MODEL_BOT = "heuristic"
"""The bot whose choices the model expects of the other seats."""


@mypyc_attr(allow_interpreted_subclasses=True)
class AuctionModel:
    """The likelihood of a world given the other seats' decisions before the first card play
    of the current hand (with ``plays``, every decision of the hand so far), under the game's
    ``heuristic`` bot with ``noise``, each seat trusted to play like it with probability
    ``trust`` (see the module text), for the bot at ``seat``."""

    def __init__(
        self,
        game: AnyGame,
        seat: Seat,
        rng: Rng,
        *,
        noise: float,
        pool: int,
        plays: bool = False,
        trust: float = 1.0,
    ) -> None:
        if not (0.0 < noise < 1.0 and 0.0 < trust <= 1.0 and pool >= 1):
            raise OptionError(
                f"inference: noise must lie between 0 and 1 (both excluded), trust above 0 and at "
                f"most 1, and pool be 1 or more (not noise={noise}, trust={trust}, pool={pool})"
            )
        history: HandHistory | None = getattr(game, "hand_history", None)
        if history is None:
            raise OptionError(
                f"inference=auction: game {game.name} offers no hand_history(state) to "
                "replay the hand from a world"
            )
        self._game, self._seat, self._history = game, seat, history
        self._play_type: object = None if plays else getattr(game, "play_type", None)
        """The action type the replay stops at (a card play), ``None`` to read them all."""
        self._keep = 1.0 - noise
        self._noise = noise
        self._trust = trust
        self.pool = pool
        self._bots = self._model_bots(rng)

    def _model_bots(self, rng: Rng) -> list[Bot[Any, Any]]:
        """The ``heuristic`` bot in every seat, each with a stream of its own (the E5 joker
        call of Euchre's draws from it), or an :class:`OptionError` without one."""
        from trickcore.plugins import default_host  # noqa: PLC0415 - plugins load lazily

        game = self._game
        try:
            factory = default_host().bot_factory(MODEL_BOT, game.name)
        except UnknownBotError:
            raise OptionError(
                f"inference=auction: game {game.name} has no {MODEL_BOT} bot to model the "
                "other seats"
            ) from None
        return [
            factory(BotSpec(game, seat, rng.derive("inference", seat)))
            for seat in range(game.seats)
        ]

    def likelihood(self, world: Any) -> tuple[float, int]:
        """The likelihood of the other seats' decisions of this hand before its first card
        play (with ``plays``, all of them so far), had ``world``'s cards been theirs, and how
        many decisions with a choice were judged (0: every world is as likely)."""
        game, seat, play_type = self._game, self._seat, self._play_type
        state, actions = self._history(world)
        # Each seat's decisions' probability under the heuristic with noise, and if it had
        # chosen among its legal actions at random.
        modelled, uniform = [1.0] * game.seats, [1.0] * game.seats
        judged = 0
        for action in actions:
            if type(action) is play_type:
                break
            actor = game.actor(state)
            if actor is not None and actor is not CHANCE and actor != seat:
                legal = game.legal_actions(state)
                if len(legal) > 1:
                    expected = self._bots[actor].act(game.view(state, actor), legal)
                    judged += 1
                    if expected == action:
                        modelled[actor] *= self._keep
                    else:
                        modelled[actor] *= self._noise / (len(legal) - 1)
                    uniform[actor] /= len(legal)
            state = game.apply(state, action)
        trust = self._trust  # trust 1 gives math.prod(modelled) exactly: 0.0 * uniform adds 0.0
        return (
            math.prod(
                trust * model + (1.0 - trust) * chance
                for model, chance in zip(modelled, uniform, strict=True)
            ),
            judged,
        )

    def draw(self, view: Any, rng: Rng, count: int = 1) -> list[Any]:
        """``count`` worlds for ``view``: of ``count * pool`` worlds drawn uniformly with
        ``rng``, ``count`` kept in proportion to their likelihood (:func:`resample`, with one
        draw of ``rng``); ``count`` uniform worlds when nothing is judged."""
        determinize = self._game.determinize
        first = determinize(view, rng)
        weight, judged = self.likelihood(first)
        if not judged:
            return [first, *(determinize(view, rng) for _ in range(count - 1))]
        worlds, weights = [first], [weight]
        for _ in range(count * self.pool - 1):
            world = determinize(view, rng)
            worlds.append(world)
            weights.append(self.likelihood(world)[0])
        return [worlds[index] for index in resample(weights, count, rng.random())]


def resample(weights: list[float], count: int, uniform: float) -> list[int]:
    """``count`` indices by *systematic resampling*: the indices whose shares of the cumulative
    ``weights`` hold the points ``(uniform + k) / count * sum(weights)`` for ``k`` in
    ``range(count)`` (``uniform`` in ``[0, 1)``). Each index is kept about ``count`` times its
    share of the weights (never less than the floor of it, never more than one above), with
    less spread than ``count`` independent picks."""
    total = sum(weights)
    kept: list[int] = []
    index, reached = 0, weights[0]
    last = len(weights) - 1
    for k in range(count):
        target = (uniform + k) / count * total
        while target >= reached and index < last:
            index += 1
            reached += weights[index]
        kept.append(index)
    return kept

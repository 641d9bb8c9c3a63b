"""The worlds ``determinize`` draws are pinned: the same view and stream give the same world in
every version, as they do in both builds (``tests/test_builds.py``). A search bot's choices
follow from its worlds, so a change here changes every bot's games from the same seed. The
digests were taken at commit 0b31efa, before a shape's tables worked out their cuts only when
a deal picks them (trickcore.sampling); regenerate them only for a change of the draws that
the CHANGELOG announces."""

from __future__ import annotations

import hashlib

import msgspec
import pytest

import trickcore
from trickcore import CHANCE, Rng

PINNED = {
    "euchre": "8981c53b63516736e3c7474f413197b1bd8e2bf11771ee43829ba47de132fb05",
    "allfours": "8365c9792376633abe79907c3e0643bad4fd2bba236e000eba8e689676183c67",
    "apples": "b00e79321953de8e02097b130847cb5698c7c6302fad0249670b8c6dda333022",
}


def drawn_worlds(name: str, hands: int) -> str:
    """A digest of the worlds drawn from the view of every decision of ``hands`` random single
    hands of ``name``, 1 to 7 worlds a view from one stream, in play order."""
    game = trickcore.load(name, single_hand=True)
    pick, draws = Rng(3, "players"), Rng(5, "worlds")
    digest = hashlib.sha256()
    decisions = 0
    for hand in range(hands):
        state, chance = game.initial_state(), 0
        while (actor := game.actor(state)) is not None:
            if actor is CHANCE:
                action = game.sample_chance(state, Rng(3, "chance", hand, chance))
                chance += 1
            else:
                view = game.view(state, actor)
                for _ in range(1 + decisions % 7):
                    digest.update(msgspec.json.encode(game.determinize(view, draws)))
                decisions += 1
                legal = game.legal_actions(state)
                action = legal[pick.below(len(legal))]
            state = game.apply(state, action)
    return digest.hexdigest()


@pytest.mark.parametrize(("name", "hands"), [("euchre", 12), ("allfours", 4), ("apples", 2)])
def test_the_worlds_drawn_are_those_pinned(name: str, hands: int) -> None:
    assert drawn_worlds(name, hands) == PINNED[name]

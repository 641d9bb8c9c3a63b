"""``validate`` verdicts on finished games (issue 22.2): the final scores must follow from the
hands' results, in every game. Every field of finished states of each game is perturbed (each
number moved by -1, +1 and +2, each flag flipped, each ``None`` set, one record level at a time);
``validate`` must refuse the forgery, or the forgery must mean the same: the same outcome. The one
exception is what no finished state records, the hands before the last in a game of many hands:
their points are free within the rule book's bounds (E8, F5), so a forged total is accepted
there as long as the winner stands."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import msgspec
import pytest
from msgspec.structs import fields, replace

import trickcore
from trickcore import InvalidStateError, Table

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("euchre", {"single_hand": True}),
    ("allfours", {"single_hand": True}),
    ("apples", {"single_hand": True}),
    ("euchre", {}),
    ("allfours", {}),
    ("apples", {}),
    ("high-card", {}),
]
SEEDS = range(6)


def _perturbed(value: Any, path: str, depth: int = 0) -> Iterator[tuple[str, Any]]:
    """``(path, value)`` for every small change of ``value`` and of the fields inside it."""
    if isinstance(value, bool):
        yield path, not value
    elif isinstance(value, int):
        for step in (-1, 1, 2):
            yield f"{path}{step:+}", value + step
    elif value is None:
        yield f"{path}=0", 0
    elif isinstance(value, msgspec.Struct) and depth < 3:
        for field in fields(value):
            inner = getattr(value, field.name)
            for where, wrong in _perturbed(inner, f"{path}.{field.name}", depth + 1):
                yield where, replace(value, **{field.name: wrong})
    elif isinstance(value, tuple):
        for index, item in enumerate(value):
            for where, wrong in _perturbed(item, f"{path}[{index}]", depth + 1):
                yield where, (*value[:index], wrong, *value[index + 1 :])


def _finished(name: str, options: dict[str, Any], seed: int) -> tuple[Any, Any]:
    game = trickcore.load(name, **options)
    table = Table(game, ["random"] * game.seats, seed=seed)
    table.run()
    assert game.actor(table.state) is None
    return game, table.state


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_finished_states_refuse_every_forgery_that_changes_the_result(
    name: str, options: dict[str, Any]
) -> None:
    accepted: list[str] = []
    tried = 0
    for seed in SEEDS:
        game, genuine = _finished(name, options, seed)
        outcome = game.outcome(genuine)
        for field in fields(genuine):
            for where, wrong in _perturbed(getattr(genuine, field.name), field.name):
                try:
                    forged = replace(genuine, **{field.name: wrong})
                except (TypeError, ValueError):
                    continue
                tried += 1
                try:
                    game.validate(forged)
                except InvalidStateError:
                    continue
                changed = game.outcome(forged)
                if changed == outcome:
                    continue  # the same meaning: history the state does not prove
                earlier = field.name == "scores" and not options.get("single_hand")
                if earlier and name != "apples" and changed.winner == outcome.winner:
                    continue  # the hands before the last are not recorded (E8, F5)
                accepted.append(f"seed {seed}: {where}")
    assert tried > 100
    assert accepted == []


@pytest.mark.parametrize("seed", range(12))
def test_a_single_hand_euchre_loser_given_a_point_is_refused(seed: int) -> None:
    game, genuine = _finished("euchre", {"single_hand": True}, seed)
    scores = list(genuine.scores)
    loser = 1 - scores.index(max(scores)) if max(scores) else 0
    scores[loser] += 1
    with pytest.raises(InvalidStateError, match=r"scores \(\d+, \d+\) after 0 hands"):
        game.validate(replace(genuine, scores=tuple(scores)))


@pytest.mark.parametrize("seed", range(4))
def test_apples_totals_are_multiples_of_five_and_over_means_no_overtime(seed: int) -> None:
    game, genuine = _finished("apples", {}, seed)
    scores = (genuine.scores[0] + 1, *genuine.scores[1:])
    with pytest.raises(InvalidStateError, match="multiples of 5"):
        game.validate(replace(genuine, scores=scores))
    with pytest.raises(InvalidStateError, match="rounds go on past the target"):
        game.validate(replace(genuine, overtime=True))

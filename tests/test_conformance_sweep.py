"""The conformance sweep: ``check_game`` over *every* option combination of every registered game.

The full product of the option values is hundreds of combinations for Euchre (minutes), so the
sweep is opt-in: ``tox -e conformance``, or ``TRICKCORE_SWEEP=1 pytest -s
tests/test_conformance_sweep.py``. ``TRICKCORE_SWEEP_GAMES`` sets the games per combination
(default 1). The regular suite plays the all-pairs subset (``tests/test_testing.py``).
"""

from __future__ import annotations

import os
import time

import pytest

import trickcore
from trickcore.testing import check_game, option_combinations

HOST = trickcore.default_host()
GAMES = int(os.environ.get("TRICKCORE_SWEEP_GAMES", "1"))

pytestmark = pytest.mark.skipif(
    os.environ.get("TRICKCORE_SWEEP", "") in ("", "0"),
    reason="the sweep over every option combination is opt-in: run it with tox -e conformance",
)


def accepted(name: str, options: dict[str, object]) -> bool:
    """Whether the game takes this mix of allowed values (the sweep skips those it refuses)."""
    try:
        HOST.load(name, **options)
    except trickcore.OptionError:
        return False
    return True


@pytest.mark.parametrize("name", sorted(HOST.games))
def test_every_option_combination_conforms(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    combinations = option_combinations(HOST.game_factory(name).options_type, combinations="every")
    taken = sum(accepted(name, options) for options in combinations)
    start = time.perf_counter()
    played = check_game(name, combinations="every", games=GAMES)
    seconds = time.perf_counter() - start
    assert played == GAMES * taken
    with capsys.disabled():
        print(
            f"\n{name}: {len(combinations)} option combinations, "
            f"{len(combinations) - taken} refused by the game, "
            f"{played} games checked ({GAMES} per combination) in {seconds:.1f} s"
        )

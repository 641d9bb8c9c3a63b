"""trickcore games as PettingZoo environments: ``pip install 'trickcore[rl]'``.

>>> from trickcore import rl
>>> environment = rl.env("euchre", reward="win", target=5)
>>> environment.reset(seed=7)
>>> environment.agent_selection
'player_2'

See :mod:`trickcore.rl.aec` and the "Reinforcement learning" page of the documentation. The
encodings underneath are in :mod:`trickcore.encoding`, which needs nothing beyond trickcore.
"""

from __future__ import annotations

try:
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ModuleNotFoundError as missing:  # pragma: no cover - the extra is installed in CI
    raise ModuleNotFoundError(
        f"trickcore.rl needs {missing.name}, which the rl extra installs: "
        "pip install 'trickcore[rl]'",
        name=missing.name,
    ) from missing

from trickcore.rl.aec import AGENT_PREFIX, RawEnv, Reward, env, raw_env

__all__ = ["AGENT_PREFIX", "RawEnv", "Reward", "env", "raw_env"]

"""The build of trickcore: pure Python by default, compiled with mypyc when asked.

``pip install .`` (and the sdist) builds a pure-Python wheel that needs no compiler.
``TRICKCORE_MYPYC=1 pip install .`` compiles the hot modules listed in
:data:`COMPILED_MODULES` with mypyc into C extensions placed beside their ``.py`` files (the
import system prefers the extension); the release wheels are built that way by cibuildwheel.
The in-tree build backend (``tools/build_backend.py``) asks for mypy only in that case, so mypyc
stays a build-time tool: the compiled wheel installs and runs without it.
"""

from __future__ import annotations

import os
import sys

from setuptools import setup

COMPILED_MODULES = [
    "trickcore/rng.py",
    "trickcore/kit/seating.py",
    "trickcore/kit/deal.py",
    "trickcore/kit/scoring.py",
    "trickcore/kit/playout.py",
    "trickcore/kit/tricks.py",
    "trickcore/kit/base.py",
    "trickcore/kit/hidden.py",
    "trickcore/kit/determinizing.py",
    "trickcore/kit/chance.py",
    "trickcore/kit/refusals.py",
    "trickcore/sampling.py",
    "trickcore/encoding/views.py",
    "trickcore/encoding/writers.py",
    "trickcore/turns.py",
    "plugins/trickcore_euchre/rules.py",
    "plugins/trickcore_euchre/playout.py",
    "plugins/trickcore_euchre/determinize.py",
    "plugins/trickcore_euchre/seen.py",
    "plugins/trickcore_euchre/encoding.py",
    "plugins/trickcore_euchre/validate.py",
    "plugins/trickcore_allfours/rules.py",
    "plugins/trickcore_allfours/encoding.py",
    "plugins/trickcore_apples/rules.py",
    "plugins/trickcore_apples/encoding.py",
    "plugins/trickcore_bots/euchre_heuristic.py",
    "plugins/trickcore_bots/allfours_heuristic.py",
    "plugins/trickcore_bots/apples_heuristic.py",
    "plugins/trickcore_bots/search.py",
    "plugins/trickcore_bots/inference.py",
]
"""The modules the compiled build compiles: the hot path, and none that defines a msgspec
Struct (a Struct class in a compiled module loses msgspec's behaviour)."""


def compiled_build() -> bool:
    """Whether ``TRICKCORE_MYPYC`` asks for the compiled build (``1``, ``true``, ``yes``)."""
    return os.environ.get("TRICKCORE_MYPYC", "").strip().lower() in {"1", "true", "yes"}


BUILD_COMMANDS = {"bdist_wheel", "build", "build_ext", "develop", "editable_wheel", "install"}
"""The setup.py commands that build extensions; the others (``sdist``, ``egg_info`` and
``dist_info`` for metadata, asked for before mypyc is installed) never compile."""


def ext_modules() -> list[object]:
    if not compiled_build() or not BUILD_COMMANDS.intersection(sys.argv[1:]):
        return []
    try:
        from mypyc.build import mypycify  # noqa: PLC0415 - a build-time tool, when asked
    except ImportError as error:
        raise SystemExit(
            "TRICKCORE_MYPYC=1 asks for the compiled build, which needs mypyc: pip install mypy"
        ) from error

    return list(mypycify(COMPILED_MODULES, opt_level="3", debug_level="0"))


setup(ext_modules=ext_modules())

"""Which build of trickcore runs: the pure-Python one or the one compiled with mypyc."""

from __future__ import annotations

from importlib import import_module
from importlib.machinery import EXTENSION_SUFFIXES
from typing import Literal

__all__ = ["build_kind"]

_PROBE = "trickcore.rng"
"""A module every compiled build compiles (``setup.py``'s ``COMPILED_MODULES``)."""


def build_kind() -> Literal["compiled", "pure"]:
    """``"compiled"`` when this trickcore's hot modules are C extensions built by mypyc (a
    release wheel, or ``TRICKCORE_MYPYC=1 pip install .``), ``"pure"`` when they are plain
    Python (the sdist, or a plain ``pip install .``). Both play the same games bit for bit;
    the compiled build is faster (see the Performance page of the docs).

    >>> import trickcore
    >>> trickcore.build_kind() in ("compiled", "pure")
    True
    """
    location = getattr(import_module(_PROBE), "__file__", None) or ""
    return "compiled" if location.endswith(tuple(EXTENSION_SUFFIXES)) else "pure"

"""The in-tree PEP 517 build backend: setuptools', plus mypy (for mypyc) and the packages the
compiled modules are type-checked against when ``TRICKCORE_MYPYC=1`` asks for the compiled
build (see ``setup.py``). Without it the build needs setuptools only, and no compiler."""

from __future__ import annotations

import os

from setuptools import build_meta as _setuptools
from setuptools.build_meta import (
    build_editable,
    build_sdist,
    build_wheel,
    get_requires_for_build_sdist,
    prepare_metadata_for_build_editable,
    prepare_metadata_for_build_wheel,
)

__all__ = [
    "build_editable",
    "build_sdist",
    "build_wheel",
    "get_requires_for_build_editable",
    "get_requires_for_build_sdist",
    "get_requires_for_build_wheel",
    "prepare_metadata_for_build_editable",
    "prepare_metadata_for_build_wheel",
]

COMPILER_REQUIRES = ["mypy>=1.15", "msgspec>=0.18", "pluggy>=1.3"]
"""What a compiled build needs besides setuptools: mypyc (shipped with mypy) and the runtime
dependencies, whose type information mypyc compiles against."""


def _compiled() -> bool:
    return os.environ.get("TRICKCORE_MYPYC", "").strip().lower() in {"1", "true", "yes"}


def get_requires_for_build_wheel(config_settings: dict[str, object] | None = None) -> list[str]:
    """setuptools' requirements, and the compiler's when the compiled build is asked for."""
    extra = COMPILER_REQUIRES if _compiled() else []
    return [*_setuptools.get_requires_for_build_wheel(config_settings), *extra]


def get_requires_for_build_editable(
    config_settings: dict[str, object] | None = None,
) -> list[str]:
    """As :func:`get_requires_for_build_wheel`, for an editable install."""
    extra = COMPILER_REQUIRES if _compiled() else []
    return [*_setuptools.get_requires_for_build_editable(config_settings), *extra]

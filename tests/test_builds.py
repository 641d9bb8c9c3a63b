"""The pure and the compiled build (``setup.py``, docs/performance.md): the build that runs is
the one asked for, and both compute the same games bit for bit.

tox's suites set ``TRICKCORE_EXPECT_BUILD``: ``pure`` in the interpreter envs, ``compiled`` in
``tox -e compiled``, which installs the wheel built with ``TRICKCORE_MYPYC=1`` and runs the
whole suite against it (the golden replays and the RNG vectors included). There, the
fingerprint of the compiled build (``tests/build_fingerprint.py``: RNG draws, random games of
every game with every state and legal action, determinized worlds and playouts) is compared
with the pure build's, computed by the sources of this checkout in a subprocess.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from importlib import import_module
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest
from build_fingerprint import fingerprint

import trickcore

ROOT = Path(__file__).resolve().parent.parent
EXPECTED = os.environ.get("TRICKCORE_EXPECT_BUILD")


def compiled_modules() -> list[str]:
    """The module names of ``setup.py``'s ``COMPILED_MODULES`` (read, not run)."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.AnnAssign | ast.Assign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == "COMPILED_MODULES" for t in targets):
                paths = ast.literal_eval(node.value)  # type: ignore[arg-type]
                return [
                    path.removeprefix("plugins/").removesuffix(".py").replace("/", ".")
                    for path in paths
                ]
    raise AssertionError("setup.py has no COMPILED_MODULES")


def is_extension(module: str) -> bool:
    return str(getattr(import_module(module), "__file__", "")).endswith(tuple(EXTENSION_SUFFIXES))


def test_build_kind_says_whether_the_hot_modules_are_compiled() -> None:
    kind = trickcore.build_kind()
    assert kind in ("compiled", "pure")
    compiled = [module for module in compiled_modules() if is_extension(module)]
    assert compiled == (compiled_modules() if kind == "compiled" else [])


@pytest.mark.skipif(EXPECTED is None, reason="TRICKCORE_EXPECT_BUILD is set by tox only")
def test_the_build_under_test_is_the_one_tox_asked_for() -> None:
    assert trickcore.build_kind() == EXPECTED


@pytest.mark.skipif(
    trickcore.build_kind() != "compiled", reason="compares the compiled build with the sources"
)
def test_the_compiled_and_the_pure_build_compute_the_same_games() -> None:
    source = f"{ROOT}{os.pathsep}{ROOT / 'plugins'}"
    pure = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "build_fingerprint.py")],
        env={**os.environ, "PYTHONPATH": source},
        capture_output=True,
        text=True,
        check=True,
    )
    check = subprocess.run(
        [sys.executable, "-c", "import trickcore; print(trickcore.build_kind())"],
        env={**os.environ, "PYTHONPATH": source},
        capture_output=True,
        text=True,
        check=True,
    )
    assert check.stdout.strip() == "pure"  # the subprocess ran the sources, not the wheel
    assert fingerprint() == json.loads(pure.stdout)

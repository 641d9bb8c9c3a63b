"""The scripts of ``benchmarks/`` as modules, for the tests that check them (the benchmarks are
scripts, not a package)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def benchmark(name: str) -> ModuleType:
    """``benchmarks/<name>.py`` as the module ``name``, loaded once; the scripts it imports
    (such as ``callgrind``) are found beside it, as when it runs as a script."""
    if name in sys.modules:
        return sys.modules[name]
    if str(BENCHMARKS) not in sys.path:
        sys.path.append(str(BENCHMARKS))  # last: nothing of the project's is shadowed
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module

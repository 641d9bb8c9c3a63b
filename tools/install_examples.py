"""Install the two example plugin packages of ``docs/examples/`` into the running Python, as
tox's ``commands_pre`` does for each env: ``python tools/install_examples.py WORKDIR``.

pip builds a local directory in place (setuptools writes ``build/`` and ``*.egg-info`` into
it), so envs that ``tox run-parallel`` runs side by side would write the same files at once.
Each env therefore builds from its own copy under ``WORKDIR`` (tox's ``{envtmpdir}``), and
both packages go in with one pip call.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
PACKAGES = ("trickcore-example-bot", "trickcore-example-game")
NOT_SOURCES = shutil.ignore_patterns("build", "*.egg-info", "__pycache__")


def main(workdir: str) -> int:
    copies = []
    for name in PACKAGES:
        copy = Path(workdir) / "examples" / name
        shutil.rmtree(copy, ignore_errors=True)
        shutil.copytree(EXAMPLES / name, copy, ignore=NOT_SOURCES)
        copies.append(str(copy))
    pip = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", *copies]
    return subprocess.run(pip, check=False).returncode


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(f"usage: {sys.argv[0]} WORKDIR")
    sys.exit(main(sys.argv[1]))

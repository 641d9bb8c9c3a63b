"""The distribution as a new user gets it (issue 11), opt-in as it builds and installs
(and needs the package index): ``tox -e dist`` (part of a plain ``tox`` and of CI) sets
``TRICKCORE_DIST=1``.

- The example bot's ``pyproject.toml``, as ``docs/bot-plugins.md`` shows it, installs with
  ``pip install .``.
- The sdist and the wheel, built from a copy of the source tree (``python -m build``, the
  wheel from the sdist), hold the license; the wheel's metadata has the project links and a
  summary naming only registered games.
- The scripted first game: the wheel goes into a fresh virtual environment; two humans (this
  script, answering through a pipe in the card forms the screen shows) and two bots play
  Euchre; the game is interrupted (SIGINT, as Ctrl-C sends it), resumed from the file it was
  saved to, finished, and its replay verified.
"""

from __future__ import annotations

import os
import re
import select
import shutil
import signal
import subprocess
import sys
import tarfile
import time
import venv
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

import trickcore
from trickcore import Card

ROOT = Path(__file__).resolve().parent.parent
VERSION = trickcore.__version__

pytestmark = pytest.mark.skipif(
    os.environ.get("TRICKCORE_DIST") != "1",
    reason="builds and installs the package: run it with tox -e dist (part of a plain tox)",
)

_NOT_SOURCES = shutil.ignore_patterns(
    ".git",
    ".venv",
    ".tox",
    ".ci-venv",
    "build",
    "dist",
    "site",
    "*.egg-info",
    "__pycache__",
    ".hypothesis",
    ".mypy_cache",
    ".pytest_cache",
    ".ruff_cache",
    "node_modules",
    "*.json",
    "*.jsonl",
)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Path]]:
    """The sdist and the wheel, built by ``python -m build`` from a copy of the sources."""
    pytest.importorskip("build")
    work = tmp_path_factory.mktemp("dist")
    source = work / "source"
    shutil.copytree(ROOT, source, ignore=_NOT_SOURCES)
    out = work / "out"
    done = subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(out), str(source)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    (sdist,) = out.glob("trickcore-*.tar.gz")
    (wheel,) = out.glob("trickcore-*.whl")
    yield sdist, wheel


def test_sdist_and_wheel_hold_the_license(built: tuple[Path, Path]) -> None:
    sdist, wheel = built
    with tarfile.open(sdist) as archive:
        assert f"trickcore-{VERSION}/LICENSE" in archive.getnames()
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        assert f"trickcore-{VERSION}.dist-info/licenses/LICENSE" in names
        assert archive.read(f"trickcore-{VERSION}.dist-info/licenses/LICENSE").startswith(b"MIT")


def test_the_default_build_is_pure_python_and_the_sdist_can_build_either(
    built: tuple[Path, Path],
) -> None:
    """Without TRICKCORE_MYPYC the wheel is pure Python (no compiler needed), and the sdist
    holds what a compiled build from it needs: setup.py and the in-tree build backend."""
    sdist, wheel = built
    assert wheel.name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as archive:
        assert not [name for name in archive.namelist() if name.endswith((".so", ".pyd", ".c"))]
    with tarfile.open(sdist) as archive:
        names = archive.getnames()
    assert f"trickcore-{VERSION}/setup.py" in names
    assert f"trickcore-{VERSION}/tools/build_backend.py" in names


def test_the_wheel_holds_the_web_table_and_its_page(built: tuple[Path, Path]) -> None:
    """The ``web`` extra's package and the page it serves (package data) are in the wheel,
    and the extra names its stack."""
    _, wheel = built
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        metadata = archive.read(f"trickcore-{VERSION}.dist-info/METADATA").decode()
    for name in ("__init__.py", "app.py", "server.py", "tables.py"):
        assert f"trickcore/web/{name}" in names
    for name in ("index.html", "app.js", "style.css"):
        assert f"trickcore/web/static/{name}" in names
    assert "Provides-Extra: web" in metadata
    assert "starlette" in metadata and "uvicorn" in metadata


def test_wheel_metadata_links_license_and_summary(built: tuple[Path, Path]) -> None:
    _, wheel = built
    with zipfile.ZipFile(wheel) as archive:
        metadata = archive.read(f"trickcore-{VERSION}.dist-info/METADATA").decode()
    assert "License-Expression: MIT" in metadata
    assert "License-File: LICENSE" in metadata
    for label in ("Homepage", "Documentation", "Source", "Issues", "Changelog"):
        assert re.search(rf"^Project-URL: {label}, https://", metadata, flags=re.M), label
    summary = re.search(r"^Summary: (.*)$", metadata, flags=re.M)
    assert summary is not None and "Euchre" in summary.group(1)
    assert "All Fours" not in summary.group(1) or "allfours" in trickcore.default_host().games


# -- the bot plugin's pyproject, as docs/bot-plugins.md shows it ----------------------------------

DOCS = ROOT / "docs"
EXAMPLE_BOT = DOCS / "examples" / "trickcore-example-bot" / "src" / "trickcore_example_bot"


def test_the_bot_plugin_pyproject_installs_as_shown(tmp_path: Path) -> None:
    """``pip install .`` as the page says (pip fetches the build backend it names)."""
    (toml,) = re.findall(
        r"^```toml\n(.*?)^```", (DOCS / "bot-plugins.md").read_text(), flags=re.M | re.S
    )
    project = tmp_path / "project"
    shutil.copytree(EXAMPLE_BOT, project / "src" / "trickcore_example_bot")
    (project / "pyproject.toml").write_text(toml)
    target = tmp_path / "site"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--target",
            str(target),
            str(project),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    (info,) = target.glob("trickcore_example_bot-1.0.0.dist-info")
    entry_points = (info / "entry_points.txt").read_text()
    assert "[trickcore]" in entry_points
    assert "example_bot = trickcore_example_bot.plugin" in entry_points


# -- the scripted first game -------------------------------------------------------------------

PROMPT = re.compile(rb"(?:seat (\d)|\(seat (\d)\))> \Z")  # \Z: not before a newline


class Terminal:
    """``trickcore`` in a child process, read and answered through pipes."""

    def __init__(self, command: list[str], cwd: Path) -> None:
        env = dict(os.environ, PYTHONUTF8="1", COLUMNS="100")
        self.process = subprocess.Popen(
            command,
            cwd=cwd,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            preexec_fn=_default_sigint,  # noqa: PLW1509 (one signal call, no locks)
        )
        self.output = b""
        self.forms: list[str] = []

    def until_prompt(self, timeout: float = 60) -> re.Match[bytes] | None:
        """Read until a prompt (returned) or the end of output (``None``)."""
        assert self.process.stdout is not None
        end = time.monotonic() + timeout
        fd = self.process.stdout.fileno()
        while time.monotonic() < end:
            ready, _, _ = select.select([fd], [], [], 0.5)
            if not ready:
                continue
            chunk = os.read(fd, 65536)
            if not chunk:
                return None
            self.output += chunk
            found = PROMPT.search(self.output[-40:])
            if found:
                return found
        raise AssertionError("no prompt: " + self.text[-2000:])

    @property
    def text(self) -> str:
        return self.output.decode("utf-8", "replace")

    def answer(self, prompt: re.Match[bytes]) -> None:
        """Enter to take the device; otherwise the first card shown, in a form the screen
        shows (``10♦``) or another accepted one (``10d``, ``TD``); else choice 1."""
        line = "1"
        if prompt.group(1) is not None:  # a turn: read its menu
            menu = self.text.rsplit("your move:\n", 1)[-1].splitlines()
            moves = [m.group(2) for row in menu for m in _moves(row)]
            cards = [m.split()[1] for m in moves if re.fullmatch(r"play [2-9TJQKA][CDHS]", m)]
            if cards:
                card = Card(cards[0])
                forms = [card.pretty, str(card).replace("T", "10").lower(), str(card)]
                line = forms[len(self.forms) % len(forms)]
                self.forms.append(line)
        else:
            line = ""
        self.send(line)

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line.encode() + b"\n")
        self.process.stdin.flush()

    def finish(self, timeout: float = 60) -> int:
        while self.until_prompt() is not None:
            pass
        return self.process.wait(timeout=timeout)


def _default_sigint() -> None:
    """In the child: Ctrl-C stops it, even if the tests run with SIGINT ignored (in the
    background), which a child would inherit."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _moves(row: str) -> Iterator[re.Match[str]]:
    return re.finditer(r"(\d+)\) (.+?)(?=   \d+\) |$)", row.strip())


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT as Ctrl-C sends it is POSIX")
def test_scripted_first_game_from_the_wheel(built: tuple[Path, Path], tmp_path: Path) -> None:
    _, wheel = built
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    bin_dir = env_dir / "bin"
    done = subprocess.run(
        [str(bin_dir / "python"), "-m", "pip", "install", "--quiet", f"{wheel}[cli]"],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    trickcore_command = str(bin_dir / "trickcore")
    play = [trickcore_command, "play", "euchre", "--bots", "human,heuristic,human,heuristic"]

    # Two humans and two bots; after a few moves, Ctrl-C.
    first = Terminal([*play, "--seed", "11"], tmp_path)
    answered = 0
    while (prompt := first.until_prompt()) is not None:
        if answered == 12:
            first.process.send_signal(signal.SIGINT)
            break
        first.answer(prompt)
        answered += 1
    assert first.finish() == 130, first.text
    saved = tmp_path / "trickcore-euchre-11.json"
    assert "replay saved to trickcore-euchre-11.json" in first.text
    assert "resume it with: trickcore play --resume trickcore-euchre-11.json" in first.text

    # Resume from the saved file and play to the end.
    second = Terminal([trickcore_command, "play", "--resume", saved.name], tmp_path)
    while (prompt := second.until_prompt()) is not None:
        second.answer(prompt)
    assert second.process.wait(timeout=60) == 0, second.text
    assert "Game over" in second.text

    forms = first.forms + second.forms
    assert any(form[-1] in "\u2663\u2666\u2665\u2660" for form in forms)  # as shown
    assert any(form.startswith("10") for form in forms) or len(forms) < 5
    for transcript in (first.text, second.text):
        assert "is not a legal action" not in transcript  # every form was understood
        assert "Traceback" not in transcript

    verified = subprocess.run(
        [trickcore_command, "replay", "verify", str(saved)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert verified.returncode == 0, verified.stderr
    assert verified.stdout.startswith("ok: ")

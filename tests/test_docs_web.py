"""docs/web.md (issue 13, Deliver 5): its Python examples run, in order, as one program against a
real server; the command it shows starts the server; the page is in the site's navigation."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "web.md"


def test_the_web_page_examples_run(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("trickcore.web", reason="needs the web extra (trickcore[web])")
    monkeypatch.chdir(ROOT)
    blocks = re.findall(r"^```python\n(.*?)^```", PAGE.read_text(), flags=re.M | re.S)
    assert len(blocks) >= 6
    scope: dict[str, Any] = {}
    for block in blocks:
        exec(compile(block, "docs/web.md", "exec"), scope)
    assert scope["after"]["at"] > scope["state"]["at"]
    assert scope["error"]["error"] == "DecodeError"


def test_the_command_the_page_shows_starts_the_server() -> None:
    pytest.importorskip("trickcore.web", reason="needs the web extra (trickcore[web])")
    (command,) = re.findall(
        r"^```sh\n(python examples/web/server\.py .*?)\n```", PAGE.read_text(), flags=re.M
    )
    arguments = command.split()[1:]
    assert arguments[:3] == ["examples/web/server.py", "--port", "8000"]
    process = subprocess.Popen(
        [sys.executable, *arguments[:2], "0", "--quiet"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        url = re.search(r"http://\S+/", line)
        assert url is not None, line
        with urllib.request.urlopen(url.group(0) + "api/games", timeout=30) as answer:
            games = json.load(answer)["games"]
        assert "euchre" in [game["name"] for game in games]
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_the_web_page_is_in_the_navigation() -> None:
    nav = (ROOT / "mkdocs.yml").read_text()
    assert "web.md" in nav

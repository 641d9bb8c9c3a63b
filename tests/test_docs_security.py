"""docs/security.md (issue 10, Deliver 7): its examples run, in order, as one program, and the
page is in the site's navigation."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_the_security_page_examples_run() -> None:
    text = (DOCS / "security.md").read_text()
    blocks = re.findall(r"^```python\n(.*?)^```", text, flags=re.M | re.S)
    assert len(blocks) >= 5
    scope: dict[str, Any] = {}
    for block in blocks:
        exec(compile(block, "docs/security.md", "exec"), scope)
    assert scope["answer"]["status"] in (200, 400)
    assert sorted(scope["results"]) == ["played", "refused"]
    assert scope["opened"].table is not None


def test_the_security_page_is_in_the_navigation() -> None:
    nav = (DOCS.parent / "mkdocs.yml").read_text()
    assert "security.md" in nav

"""docs/frontends.md (issue 14): its Python runs, and its TypeScript is the example client's
own code, quoted verbatim (``tests/test_ts_client.py`` compiles and runs that code)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import trickcore
from trickcore.schema import PARTS, SCHEMA_FORMAT, SCHEMA_ID, game_schema, part_name

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "frontends.md"
CLIENT = ROOT / "docs" / "examples" / "ts-client"


def test_the_python_examples_run() -> None:
    blocks = re.findall(r"^```python\n(.*?)^```", PAGE.read_text(), flags=re.M | re.S)
    assert blocks
    for block in blocks:
        scope: dict[str, Any] = {}
        exec(compile(block, "docs/frontends.md", "exec"), scope)


def test_the_typescript_examples_quote_the_client_verbatim() -> None:
    text = PAGE.read_text()
    quoted = re.findall(r"<!-- quote ([\w/.-]+\.ts) -->\n```ts\n(.*?)^```", text, flags=re.M | re.S)
    assert len(quoted) >= 3
    for name, block in quoted:
        assert block in (CLIENT / name).read_text(), f"docs/frontends.md misquotes {name}"
    # Every TypeScript block is fenced as ts, so that no Python runner takes it for Python.
    assert len(re.findall(r"^```ts$", text, flags=re.M)) == len(quoted)
    assert not re.search(r"^```(typescript|js|javascript)$", text, flags=re.M)


def test_the_parts_and_versions_are_the_schemas() -> None:
    text = PAGE.read_text()
    euchre = trickcore.default_host().game_factory("euchre")
    for part in PARTS:
        assert f"| `{part}` | `{part_name(euchre, part)}` |" in text, part
    document = SCHEMA_ID.format(format=SCHEMA_FORMAT, game="euchre")
    assert f"`{document}`" in text
    assert f"`{game_schema(euchre, part='view')['$id']}`" in text
    assert f'`"{game_schema(euchre)["$comment"]}"`' in text

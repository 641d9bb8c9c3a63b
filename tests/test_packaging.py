"""What the package index shows (issue 11): the license file, the project links, a summary
that names only games that exist, README links that work off the repository, and how tox
reports a missing Python. The built sdist and wheel are checked by ``tests/test_dist.py``."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import trickcore

ROOT = Path(__file__).resolve().parent.parent
tomllib = pytest.importorskip("tomllib")  # Python 3.11+; the 3.10 suite skips these checks


def _project() -> dict[str, Any]:
    project: dict[str, Any] = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return project


def test_the_license_file_matches_the_declared_license() -> None:
    project = _project()
    assert project["license"] == "MIT"
    assert project["license-files"] == ["LICENSE"]
    assert (ROOT / "LICENSE").read_text().startswith("MIT License\n")


def test_the_project_links_are_there() -> None:
    urls = _project()["urls"]
    assert {"Homepage", "Documentation", "Source", "Issues", "Changelog"} <= set(urls)
    assert all(url.startswith("https://") for url in urls.values())


def test_the_summary_names_the_registered_games_and_no_others() -> None:
    summary = _project()["description"]
    titles = {
        "euchre": "Euchre",
        "allfours": "All Fours",
        "apples": "Apples",
    }
    registered = {reg.name for reg in trickcore.default_host().registrations if reg.kind == "game"}
    for name, title in titles.items():
        if name in registered:
            assert title in summary, f"the summary leaves out {title}, which is registered"
        else:
            assert title not in summary, f"the summary names {title}, which is not registered"


def test_readme_links_are_absolute_and_point_into_the_source() -> None:
    readme = (ROOT / "README.md").read_text()
    links = re.findall(r"\]\(([^)]+)\)", readme)
    assert links
    source = _project()["urls"]["Source"]
    for link in links:
        assert link.startswith("https://"), f"README link {link!r} breaks on the package index"
        if "trickcore" in link and "github.com" in link:
            assert link.startswith(source), link
            path = link.removeprefix(f"{source}/blob/main/")
            assert (ROOT / path).exists(), f"README links to {path}, which does not exist"


def test_ci_fails_on_a_missing_python_and_the_readme_says_how_tox_reports_one() -> None:
    run = (ROOT / ".ci" / "run").read_text().splitlines()
    assert any(
        line.startswith("tox ") and line.endswith(" --skip-missing-interpreters false")
        for line in run
    ), "CI runs tox without --skip-missing-interpreters false"
    readme = " ".join((ROOT / "README.md").read_text().split())
    assert "py310: SKIP" in readme
    assert "tox --skip-missing-interpreters false" in readme
    assert "PATH" in readme

"""Every fenced example in the docs runs as its page shows it (issue 21, point 5): the pages
under ``docs/`` (the READMEs of ``docs/examples`` included) and the project's README.

- Every fence names its language, one of :data:`LANGUAGES`.
- A page's ``python`` blocks run in order as one program (a later block uses what an earlier
  one defined), and its ``pycon`` blocks (and ``python`` blocks of ``>>>`` lines) as doctests
  in the same namespace. A block right after ``<!-- quote PATH -->`` is the file's own code,
  quoted verbatim: it must be in that file (whose tests run it). The pages in
  :data:`DEDICATED` need a server or a checkout's working directory: the named test runs them.
- Every ``trickcore`` command shown (``console`` and ``sh`` blocks) is one the command line
  accepts: its options exist and take the values shown (``--games`` was shown for
  ``--deals``); every ``python FILE`` names a file of the checkout.
- ``json`` blocks are JSON, ``toml`` blocks TOML.
- ``docs/index.md`` links every page, and the site's navigation has every page.
"""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import json
import re
import shlex
import sys
from pathlib import Path
from typing import Any

import click
import pytest

from trickcore.cli.app import cli

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10: tomli, the same parser (the test extra installs it there)
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
LANGUAGES = {"python", "pycon", "console", "sh", "text", "json", "toml", "ts"}
DEDICATED = {
    "docs/web.md": "tests/test_docs_web.py",
    "docs/security.md": "tests/test_docs_security.py",
}
"""Pages whose examples a test of their own runs (a server, a checkout's directory)."""
NEEDS = {"docs/openspiel.md": "pyspiel"}
"""Pages whose examples need a module an extra installs only on some Pythons (OpenSpiel
publishes wheels for CPython 3.11 to 3.13: the openspiel extra installs nothing on 3.10)."""
_FENCE = re.compile(r"^( *)```(\w*)\n(.*?)^\1```", flags=re.M | re.S)
_QUOTE = re.compile(r"<!-- quote ([\w/.-]+) -->\n *$")


def _pages() -> list[Path]:
    pages = [
        page
        for page in sorted(DOCS.rglob("*.md"))
        if "node_modules" not in page.parts and "generated" not in page.parts
    ]
    return [*pages, ROOT / "README.md"]


def _name(page: Path) -> str:
    return page.relative_to(ROOT).as_posix()


class Block:
    """A fenced block: its language, its text (unindented), the file it quotes, if any."""

    def __init__(self, page: Path, found: re.Match[str]) -> None:
        indent, self.language, body = found.group(1), found.group(2), found.group(3)
        self.text = "".join(line[len(indent) :] for line in body.splitlines(keepends=True))
        self.line = page.read_text().count("\n", 0, found.start()) + 1
        quote = _QUOTE.search(page.read_text()[: found.start()])
        self.quotes = quote.group(1) if quote is not None else None


def _blocks(page: Path) -> list[Block]:
    return [Block(page, found) for found in _FENCE.finditer(page.read_text())]


PAGES = _pages()
RUN = [page for page in PAGES if _name(page) not in DEDICATED]


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_every_fence_names_its_language(page: Path) -> None:
    for block in _blocks(page):
        assert block.language in LANGUAGES, f"{_name(page)}:{block.line}: {block.language!r}"


def _quoted(page: Path, name: str) -> str:
    candidates = [page.parent / name, ROOT / name, *sorted(DOCS.glob(f"examples/*/**/{name}"))]
    found = [path for path in candidates if path.is_file()]
    assert found, f"{_name(page)} quotes {name}, which is not in the checkout"
    return "".join(path.read_text() for path in found)


@pytest.mark.parametrize("page", RUN, ids=_name)
def test_the_pages_python_runs(page: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    needed = NEEDS.get(_name(page))
    if needed is not None and importlib.util.find_spec(needed) is None:
        pytest.skip(f"{_name(page)} needs {needed}, not installed on this Python")
    monkeypatch.chdir(ROOT)
    scope: dict[str, Any] = {"__name__": "__main__"}  # as a script runs
    for block in _blocks(page):
        if block.language not in ("python", "pycon"):
            continue
        where = f"{_name(page)}:{block.line}"
        if block.quotes is not None:
            assert block.text in _quoted(page, block.quotes), f"{where} misquotes {block.quotes}"
            continue
        if re.search(r"^>>> ", block.text, flags=re.M):
            test = doctest.DocTestParser().get_doctest(block.text, scope, where, where, block.line)
            test.globs = scope  # the page's namespace, not a copy of it
            runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
            report: list[str] = []
            runner.run(test, out=report.append, clear_globs=False)
            assert runner.failures == 0, "".join(report)
        else:
            exec(compile(block.text, where, "exec"), scope)


def _commands(page: Path) -> list[tuple[str, str]]:
    """Every command line of the page's ``console`` and ``sh`` blocks, with where it is."""
    found = []
    for block in _blocks(page):
        if block.language not in ("console", "sh"):
            continue
        for number, line in enumerate(block.text.splitlines(), start=block.line + 1):
            if block.language == "console" and not line.startswith("$ "):
                continue
            found.append((f"{_name(page)}:{number}", line.removeprefix("$ ")))
    return found


def _simple_commands(line: str) -> list[list[str]]:
    """The commands of a shell line (``a && b``, ``a | b``), each without its redirection
    and the ``NAME=value`` settings before it."""
    lexer = shlex.shlex(line, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    lexer.commenters = "#"
    found: list[list[str]] = [[]]
    redirected = False
    for word in lexer:
        if word in ("&&", "||", "|", ";"):
            found.append([])
            redirected = False
        elif word in (">", ">>", "<", "2>"):
            redirected = True
        elif not redirected:
            found[-1].append(word)
    for words in found:
        while words and "=" in words[0] and not words[0].startswith("-"):
            del words[0]
    return [words for words in found if words]


COMMANDS = [
    (where, words)
    for page in PAGES
    for where, line in _commands(page)
    for words in _simple_commands(line)
    if words[0] in ("trickcore", "python")
]


def test_the_docs_show_commands() -> None:
    assert sum(words[0] == "trickcore" for _, words in COMMANDS) >= 20


def _unparsed(context: click.Context) -> list[str]:
    """The words a group left for its subcommand. Click 8.1 keeps the first of them in
    ``protected_args``, which 8.2 deprecates (reading it warns) for ``_protected_args``; Click 9
    keeps them all in ``args``."""
    kept = vars(context)
    protected = kept.get("_protected_args", kept.get("protected_args", []))
    return [*protected, *context.args]


@pytest.mark.parametrize(("where", "words"), COMMANDS, ids=[where for where, _ in COMMANDS])
def test_every_command_shown_is_accepted(where: str, words: list[str]) -> None:
    if words[0] == "python":
        if words[1] == "-m":  # python -m venv, python -m pip ...: a module, not a file here
            return
        script = next(word for word in words[1:] if not word.startswith("-"))
        assert (ROOT / script).is_file() or script.endswith("record.py"), where
        return
    command: click.Command = cli
    try:
        context = command.make_context("trickcore", words[1:])
        # Descend into the subcommand (and a group's subcommand), parsing each one's options.
        while isinstance(command, click.Group) and (rest := _unparsed(context)):
            name, sub, rest = command.resolve_command(context, rest)
            assert sub is not None, f"{where}: no command {name!r}"
            command, context = sub, sub.make_context(str(name), rest, parent=context)
    except click.exceptions.Exit as done:  # --version, --help
        assert done.exit_code == 0, where
    except click.UsageError as refused:
        pytest.fail(f"{where}: {' '.join(words)}: {refused.format_message()}")


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_data_blocks_parse(page: Path) -> None:
    for block in _blocks(page):
        if block.language == "json" and "..." not in block.text:
            json.loads(block.text)
        if block.language == "toml":
            tomllib.loads(block.text)


def _site_pages() -> list[str]:
    return sorted(
        page.relative_to(DOCS).as_posix()
        for page in DOCS.rglob("*.md")
        if "examples" not in page.relative_to(DOCS).parts
    )


def test_the_index_links_every_page() -> None:
    index = (DOCS / "index.md").read_text()
    linked = set(re.findall(r"\]\(([\w/.-]+\.md)(?:#[\w-]+)?\)", index))
    missing = [page for page in _site_pages() if page != "index.md" and page not in linked]
    assert not missing, f"docs/index.md does not link {missing}"


def test_the_navigation_has_every_page() -> None:
    nav = (ROOT / "mkdocs.yml").read_text()
    missing = [page for page in _site_pages() if f" {page}" not in nav]
    assert not missing, f"mkdocs.yml's nav lacks {missing}"


def test_the_dedicated_tests_run_their_pages() -> None:
    for page, test in DEDICATED.items():
        assert Path(page).name in (ROOT / test).read_text(), (page, test)


def test_the_api_reference_is_generated_from_the_docstrings() -> None:
    """Issue 21.5: reference pages by mkdocstrings, which the ``docs`` tox env installs."""
    config = (ROOT / "mkdocs.yml").read_text()
    assert "- mkdocstrings:" in config and "reference/trickcore.md" in config
    assert "mkdocstrings[python]" in (ROOT / "tox.ini").read_text()
    targets = [
        line.removeprefix("::: ").strip()
        for page in sorted((DOCS / "reference").glob("*.md"))
        for line in page.read_text().splitlines()
        if line.startswith("::: ")
    ]
    assert {"trickcore", "trickcore.kit", "trickcore.testing"} <= set(targets)
    for target in targets:
        importlib.import_module(target)


def test_the_readme_says_what_tox_runs() -> None:
    readme = (ROOT / "README.md").read_text()
    tox = (ROOT / "tox.ini").read_text()
    (envs,) = re.findall(r"^env_list = (.*)$", tox, flags=re.M)
    for env in (name.strip() for name in envs.split(",")):
        if not env.startswith("py3"):
            assert f"- `{env}`:" in readme, env
    assert "Chromium" in readme and "Playwright" in readme
    assert "browser table" in readme and "EGN" in readme


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_a_page_that_uses_an_example_package_says_how_to_install_it(page: Path) -> None:
    """Issue 21.5: docs/rl.md loaded the example game, which trickcore does not install."""
    code = "".join(block.text for block in _blocks(page) if block.language in ("python", "pycon"))
    for uses, package in (
        ('load("high-card"', "trickcore-example-game"),
        ("trickcore_example_game", "trickcore-example-game"),
        ("trickcore_example_bot", "trickcore-example-bot"),
    ):
        if uses in code:
            assert f"pip install ./docs/examples/{package}" in page.read_text(), (page, package)

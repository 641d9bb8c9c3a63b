"""A results file that can be trusted (issue 22.4): resuming a match plays the games already
in the file again and refuses a line that does not reproduce (a hand-edited score, say),
naming it; ``Match.verify`` and ``trickcore match --verify FILE`` check a file alone."""

from __future__ import annotations

import concurrent.futures
import json
from pathlib import Path
from typing import Any

import pytest

from trickcore import Match, MatchError

BOTS = ["random", "heuristic", "random", "heuristic"]
OPTIONS = {"single_hand": True}


def _match(deals: int) -> Match:
    return Match("euchre", BOTS, games=deals, seed=11, options=OPTIONS)


def _edit_line(path: Path, number: int) -> None:
    """Give side 1 one point more on line ``number`` (from 1), as a hand edit would."""
    lines = path.read_text().splitlines()
    result = json.loads(lines[number - 1])
    result["scores"][1] += 1
    lines[number - 1] = json.dumps(result, separators=(",", ":"))
    path.write_text("\n".join(lines) + "\n")


@pytest.fixture
def played(tmp_path: Path) -> Path:
    out = tmp_path / "match.jsonl"
    _match(3).run(out=out)
    return out


def test_an_untouched_file_verifies_and_resumes(played: Path) -> None:
    assert Match.from_file(played).verify(played) == _match(3).total
    assert _match(4).run(out=played).games == _match(4).total


def test_resuming_refuses_a_hand_edited_score_line(played: Path) -> None:
    _edit_line(played, 3)
    before = played.read_bytes()
    with pytest.raises(MatchError, match=r"line 3 does not reproduce.*scores is \(\d+, \d+\)"):
        _match(4).run(out=played)
    assert played.read_bytes() == before  # nothing appended, nothing cut
    with pytest.raises(MatchError, match="line 3 does not reproduce"):
        Match.from_file(played).verify(played)
    # Trusting the file is an explicit choice:
    assert _match(4).run(out=played, verify=False).games == _match(4).total


def test_the_first_line_that_does_not_reproduce_is_named(played: Path) -> None:
    _edit_line(played, 4)
    _edit_line(played, 2)
    with pytest.raises(MatchError, match=r"line 2 does not .*\(1 more line"):
        Match.from_file(played).verify(played)


def test_a_file_without_a_header_is_a_match_error(tmp_path: Path) -> None:
    out = tmp_path / "x.jsonl"
    out.write_text("{}\n")
    with pytest.raises(MatchError, match="no match header"):
        Match.from_file(out)


click = pytest.importorskip("click")
from click.testing import CliRunner  # noqa: E402

from trickcore.cli.app import cli  # noqa: E402


def test_the_cli_verifies_a_file_and_resumes_only_a_file_that_reproduces(played: Path) -> None:
    runner = CliRunner()
    ok = runner.invoke(cli, ["match", "--verify", str(played)])
    assert ok.exit_code == 0 and f"ok: {_match(3).total} games" in ok.output
    _edit_line(played, 3)
    bad = runner.invoke(cli, ["match", "--verify", str(played)])
    assert bad.exit_code == 1 and "line 3 does not reproduce" in bad.output
    resume = ["match", "euchre", "--bots", "random,heuristic", "--deals", "4", "--seed", "11"]
    resume += ["--option", "single_hand=true", "--out", str(played), "--quiet"]
    refused = runner.invoke(cli, resume)
    assert refused.exit_code == 1 and "line 3 does not reproduce" in refused.output
    trusted = runner.invoke(cli, [*resume, "--skip-verify"])
    assert trusted.exit_code == 0, trusted.output
    both = runner.invoke(cli, ["match", "euchre", "--verify", str(played)])
    assert both.exit_code == 2


def test_the_match_guide_example_runs() -> None:
    page = (Path(__file__).parent.parent / "docs" / "match.md").read_text()
    blocks = [block.split("```")[0] for block in page.split("```python\n")[1:]]
    (code,) = [block for block in blocks if "Match.from_file" in block]
    exec(compile(code, "docs/match.md", "exec"), {})


def test_resume_plays_the_games_read_back_again_on_the_executor(played: Path) -> None:
    submitted: list[Any] = []

    class Recording(concurrent.futures.ThreadPoolExecutor):
        def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
            submitted.append(args[0])
            return super().submit(fn, *args, **kwargs)

    with Recording(max_workers=1) as pool:
        _match(4).run(pool, out=played)
    keys = [(task.deal, task.rotation) for task in submitted]
    assert sorted(keys) == sorted(set(keys)) and len(keys) == _match(4).total

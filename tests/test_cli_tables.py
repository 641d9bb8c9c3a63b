"""The command line's text tables (``trickcore.cli.tables``): a match's statistics."""

from __future__ import annotations

from toygame import toy_host

from trickcore import Match
from trickcore.cli.tables import match_table


def test_the_match_table_lists_every_entry() -> None:
    match = Match("high-card", ["toy-random", "first"], games=2, seed=9, host=toy_host())
    result = match.run()
    lines = match_table(result)
    assert lines[0] == "high-card: 2 deals x 2 rotations = 4 games, seed 9"
    assert lines[1].split()[:8] == [
        "bot",
        "games",
        "wins",
        "draws",
        "losses",
        "forfeits",
        "crashes",
        "win",
    ]
    assert [line.split()[0] for line in lines[2:]] == ["toy-random", "first"]
    rand = result.entry("toy-random")
    assert f"{rand.win_rate.value:.3f}" in lines[2]
    # Columns line up: every row ends where the header ends (the last column is right-aligned).
    assert len({len(line) for line in lines[1:]}) == 1


def test_an_interval_that_cannot_be_computed_reads_n_a() -> None:
    result = Match("high-card", ["toy-random", "first"], games=1, seed=9, host=toy_host()).run()
    lines = match_table(result)
    assert lines[0] == "high-card: 1 deal x 2 rotations = 2 games, seed 9"
    # One deal: no interval over the per-deal means (the last column).
    assert all(result.entry(name).paired_diff.low is None for name in ("toy-random", "first"))
    assert [line.split()[-1] for line in lines[2:]] == ["n/a", "n/a"]

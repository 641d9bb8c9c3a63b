"""Two or more runs of ``benchmarks/strength.py`` compared deal by deal (issue 23).

``strength.py --out FILE`` keeps every finished deal of a run as a JSON line naming its run
(game, reference, simulations, seed, our bot, mode and options). Runs with the same game,
reference and seed play the same deals (the same chance outcomes), so two of them can be
compared **paired by deal**: the difference of their per-deal margins, averaged over the deals
both played, with the percentile bootstrap 95% interval
(:func:`trickcore.match.stats.bootstrap_interval`). Pairing removes what the deals themselves
are worth from the comparison, so its interval is narrower than the two runs' intervals side by
side suggest.

Every run found in the files is listed with its deals, mean margin and CPU per decision of each
side; each run after the first is then compared with the first (``--base`` picks another),
over the deals they share. Runs with another game, reference or seed than the base are listed
but not compared: their deals differ. With ``--by-file`` a run is also told apart by the file it
is in, so that the same command run by two versions of trickcore (say, before and after a
change to a ``heuristic``) compares as two runs.

    python benchmarks/strength_compare.py trust-1.jsonl trust-0.5.jsonl
    python benchmarks/strength_compare.py runs.jsonl --base 2 --json
    python benchmarks/strength_compare.py --by-file before.jsonl after.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from trickcore.match.stats import bootstrap_interval

SAME_DEALS = ("game", "reference", "seed")
"""What two runs must share to have played the same deals."""

RUN_KEY = ("game", "reference", "seed", "bot", "mode", "simulations")
"""What a run's key names: the deals it played and the bots that played them."""


@dataclass
class RunDeals:
    """One run of ``strength.py``: its key and its per-deal margins and CPU."""

    key: dict[str, Any]
    margins: dict[int, float] = field(default_factory=dict)
    source: str | None = None
    """The file the run was read from, with ``--by-file``."""
    ours_cpu: float = 0.0
    ours_decisions: int = 0
    theirs_cpu: float = 0.0
    theirs_decisions: int = 0

    def name(self) -> str:
        """The run in a few words: bot, mode, simulations and options."""
        options = ",".join(f"{k}={v}" for k, v in sorted(self.key.get("options", {}).items()))
        return (
            f"{self.key['bot']} {self.key['mode']} vs {self.key['reference']}-"
            f"{self.key['simulations']}"
            + (f" [{options}]" if options else "")
            + (f" ({self.source})" if self.source is not None else "")
        )

    def cpu_ms(self) -> tuple[float, float]:
        """Our and their mean CPU per decision with a choice, in ms."""
        return (
            1000 * self.ours_cpu / max(self.ours_decisions, 1),
            1000 * self.theirs_cpu / max(self.theirs_decisions, 1),
        )


def read_runs(paths: list[Path], by_file: bool = False) -> list[RunDeals]:
    """The runs in ``paths``, in the order first met; a deal met twice keeps its first line.
    ``by_file``: the same key in two files makes two runs, each named with its file."""
    runs: dict[str, RunDeals] = {}
    for path in paths:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            try:
                entry = json.loads(line)
                key, deal, games = entry["run"], int(entry["deal"]), entry["games"]
                if not isinstance(key, dict):
                    raise TypeError("its run is not an object")
                missing = [part for part in RUN_KEY if part not in key]
                if missing:
                    raise ValueError(f"its run has no {', '.join(missing)}")
                margin = math.fsum(game["margin"] for game in games) / len(games)
            except (ValueError, KeyError, TypeError, ZeroDivisionError) as error:
                raise SystemExit(
                    f"{path}:{number}: not a line of strength.py --out ({error})"
                ) from None
            source = str(path) if by_file else None
            run = runs.setdefault(
                json.dumps([key, source], sort_keys=True), RunDeals(key, source=source)
            )
            if deal in run.margins:
                continue
            run.margins[deal] = margin
            for game in games:
                run.ours_cpu += game["ours_cpu"]
                run.ours_decisions += game["ours_decisions"]
                run.theirs_cpu += game["theirs_cpu"]
                run.theirs_decisions += game["theirs_decisions"]
    return list(runs.values())


@dataclass
class Comparison:
    """``run`` minus ``base`` over the deals both played, paired by deal."""

    base: str
    run: str
    deals: int
    diff: float
    low: float | None
    high: float | None


def compare(base: RunDeals, run: RunDeals) -> Comparison | None:
    """The paired difference ``run - base``, or ``None`` when their deals differ (another
    game, reference or seed) or fewer than two are shared."""
    if any(base.key.get(part) != run.key.get(part) for part in SAME_DEALS):
        return None
    shared = sorted(set(base.margins) & set(run.margins))
    if len(shared) < 2:
        return None
    differences = [run.margins[deal] - base.margins[deal] for deal in shared]
    estimate = bootstrap_interval(differences, f"strength compare {run.name()} - {base.name()}")
    return Comparison(
        base.name(), run.name(), len(shared), estimate.value, estimate.low, estimate.high
    )


def _signed(value: float | None) -> str:
    return "—" if value is None else f"{value:+.3f}"


def report(runs: list[RunDeals], base: int) -> str:
    """The runs' table and each run's comparison with the base, as Markdown."""
    lines = [
        "| # | run | seed | deals | ours - theirs (mean) | CPU/decision ours | theirs |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for index, run in enumerate(runs, 1):
        mean = math.fsum(run.margins.values()) / len(run.margins)
        ours, theirs = run.cpu_ms()
        lines.append(
            f"| {index} | {run.name()} | {run.key['seed']} | {len(run.margins)} | "
            f"{mean:+.3f} | {ours:.1f} ms | {theirs:.1f} ms |"
        )
    lines += ["", f"paired by deal against run {base}:", ""]
    lines += ["| # | deals shared | difference | 95% interval |", "| --- | --- | --- | --- |"]
    for index, run in enumerate(runs, 1):
        if index == base:
            continue
        found = compare(runs[base - 1], run)
        if found is None:
            lines.append(f"| {index} | — (other deals) | — | — |")
        else:
            lines.append(
                f"| {index} | {found.deals} | {found.diff:+.3f} | "
                f"[{_signed(found.low)}, {_signed(found.high)}] |"
            )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", type=Path, nargs="+", help="strength.py --out files")
    parser.add_argument("--base", type=int, default=1, help="the run the others are compared with")
    parser.add_argument("--json", action="store_true", help="JSON instead of a table")
    parser.add_argument(
        "--by-file", action="store_true", help="the same run in two files makes two runs"
    )
    args = parser.parse_args(argv)
    missing = [str(path) for path in args.files if not path.is_file()]
    if missing:
        parser.error(f"no such file: {', '.join(missing)}")
    runs = read_runs(args.files, by_file=args.by_file)
    if not runs:
        parser.error("the files hold no run")
    if not 1 <= args.base <= len(runs):
        parser.error(f"--base is a run's number, 1 to {len(runs)}")
    if args.json:
        base = runs[args.base - 1]
        found = [compare(base, run) for index, run in enumerate(runs, 1) if index != args.base]
        print(json.dumps([asdict(item) for item in found if item is not None]))
    else:
        print(report(runs, args.base))
    return 0


if __name__ == "__main__":
    sys.exit(main())

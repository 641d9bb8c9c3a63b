"""The out file of a match (DESIGN 8): JSON lines, a :class:`MatchHeader` first, then one
:class:`GameResult` per finished game, so that a match can be interrupted and resumed.

:func:`read_results` reads a file back, checks that it belongs to the match, and repairs a last
line cut short by an interruption; :func:`open_results` and :func:`append_result` write to it,
flushing every line on its own so that an interrupted run loses no finished game.
"""

from __future__ import annotations

from pathlib import Path
from typing import BinaryIO

import msgspec

from trickcore.errors import MatchError
from trickcore.match.records import OUT_FORMAT, GameResult, MatchHeader, ResultCheck

__all__ = [
    "KnownResults",
    "append_result",
    "check_header",
    "open_results",
    "read_header",
    "read_results",
]


class KnownResults(msgspec.Struct):
    """What an out file already holds, read by :func:`read_results`."""

    results: dict[tuple[int, int], GameResult]
    """The results by ``(deal, rotation)``."""
    needs_newline: bool
    """The file's last line lacks its newline."""
    empty: bool
    """The file holds nothing yet (no header)."""
    lines: dict[tuple[int, int], int] = {}
    """The line of the file that holds each result, by ``(deal, rotation)`` (the first)."""

    @classmethod
    def none(cls) -> KnownResults:
        """Nothing known: no file, or an empty one."""
        return cls({}, needs_newline=False, empty=True)


def read_results(
    path: Path, header: MatchHeader, *, deals: int, check: ResultCheck, repair: bool = True
) -> KnownResults:
    """The results already in ``path``, which must hold the match of ``header``; results of
    deals ``deals`` and beyond are left in the file and out of the answer. Without ``repair``
    the file is only read, never emptied or cut.

    A missing file, an empty or blank one, or one holding only a header cut short is a new match
    (the latter two are emptied). A last line cut short by an interruption is removed, but only
    once the rest of the file is known to be this match's. Anything else wrong (no header,
    another match's header, a line that is not a result, ``check`` failing on a result, two
    different results for one game) raises :class:`MatchError` and leaves the file untouched.
    """
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return KnownResults.none()
    lines = data.split(b"\n")
    tail = lines.pop()  # b"" when the file ends with a newline
    cut = False  # the last line was cut short by an interruption
    if tail.strip():
        try:
            _decode_line(tail)
        except msgspec.DecodeError:
            cut = True
        else:
            lines.append(tail)  # complete but for its newline
    numbered = [(number, line) for number, line in enumerate(lines, 1) if line.strip()]
    if not numbered:
        if cut and not msgspec.json.encode(header).startswith(tail):
            raise MatchError(f"{path} is not a trickcore match file (no match header)")
        if data and repair:  # blank, or a header cut short: start afresh
            with path.open("r+b") as handle:
                handle.truncate(0)
        return KnownResults.none()
    first_number, first = numbered[0]
    try:
        found_header = _decode_line(first)
    except msgspec.DecodeError as error:
        raise MatchError(
            f"{path} is not a trickcore match file: line {first_number} is not a match "
            f"header ({error})"
        ) from None
    if not isinstance(found_header, MatchHeader):
        raise MatchError(
            f"{path} is not a trickcore match file: its first line is a game result, "
            "not a match header"
        )
    check_header(path, found_header, header)
    found: dict[tuple[int, int], GameResult] = {}
    line_of: dict[tuple[int, int], int] = {}
    for number, line in numbered[1:]:
        where = f"{path}, line {number}"
        try:
            result = _decode_line(line)
        except msgspec.DecodeError as error:
            raise MatchError(f"{where}: not a game result: {error}") from None
        if not isinstance(result, GameResult):
            raise MatchError(f"{where}: a second match header")
        check(result, where)
        if result.deal >= deals:
            continue  # from a run with more deals: kept in the file, left out here
        key = (result.deal, result.rotation)
        if key in found and found[key] != result:
            raise MatchError(
                f"{where}: deal {result.deal}, rotation {result.rotation} is already in the "
                "file with a different result (were the bots or the game changed?)"
            )
        found[key] = result
        line_of.setdefault(key, number)
    if cut and repair:  # only now that the file is known to be this match's: drop the broken line
        with path.open("r+b") as handle:
            handle.truncate(len(data) - len(tail))
    needs_newline = bool(tail.strip()) and not cut
    return KnownResults(found, needs_newline=needs_newline, empty=False, lines=line_of)


def read_header(path: Path) -> MatchHeader:
    """The match header on the first line of the results file ``path`` (:class:`MatchError`
    when there is none), to rebuild the match that wrote it."""
    try:
        with path.open("rb") as handle:
            first = b""
            while not first.strip():
                first = handle.readline()
                if not first:
                    break
    except OSError as error:
        raise MatchError(f"cannot read {path}: {error.strerror or error}") from None
    try:
        header = _decode_line(first.strip())
    except msgspec.DecodeError:
        header = None
    if not isinstance(header, MatchHeader):
        raise MatchError(f"{path} is not a trickcore match file (no match header)")
    return header


def check_header(path: Path, found: MatchHeader, expected: MatchHeader) -> None:
    """Raise :class:`MatchError` unless the header ``found`` in ``path`` has this version's
    format and the ``expected`` game, options, seed, bots, bot options and time limit (naming
    every field that differs)."""
    if found.format != OUT_FORMAT:
        raise MatchError(
            f"{path} has match format {found.format}; this trickcore reads {OUT_FORMAT}"
        )
    differences = [
        f"{field} {getattr(found, field)!r} (this match: {getattr(expected, field)!r})"
        for field in ("game", "options", "seed", "bots", "bot_options", "time_limit")
        if getattr(found, field) != getattr(expected, field)
    ]
    if differences:
        raise MatchError(f"{path} holds the results of another match: " + "; ".join(differences))


def open_results(path: Path, known: KnownResults, header: MatchHeader) -> BinaryIO:
    """``path`` opened to append results after what :func:`read_results` found in it: the
    ``header`` is written first to a new file, a newline after a last line that lacks one."""
    sink = path.open("ab")
    if known.empty:
        sink.write(msgspec.json.encode(header) + b"\n")
    elif known.needs_newline:
        sink.write(b"\n")
    sink.flush()
    return sink


def append_result(sink: BinaryIO, result: GameResult) -> None:
    """Write ``result`` to ``sink`` as one line and flush it."""
    sink.write(msgspec.json.encode(result) + b"\n")
    sink.flush()


def _decode_line(line: bytes) -> MatchHeader | GameResult:
    decoded: MatchHeader | GameResult = msgspec.json.decode(line, type=MatchHeader | GameResult)
    return decoded

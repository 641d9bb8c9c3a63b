"""Table split into parts (issue 21 point 9's follow-up, DESIGN 8): the play loop and seats in
``trickcore.table``, saving and resuming JSON in ``trickcore.table_saving``, which a frontend
may call on its own; the Table's own methods are unchanged."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import trickcore
import trickcore.table as play_part
from trickcore import Table, table_saving
from trickcore.table_saving import load_table, resume_replay, save_table


def _table() -> Table[object, object, object]:
    game = trickcore.load("euchre", first_dealer=0, single_hand=True)
    table = Table(game, [None, "random", "random", "random"], seed=5)
    table.advance()
    table.play(0, table.legal_actions(0)[0])
    table.advance()
    return table


def test_saving_is_its_own_part_and_the_methods_use_it(monkeypatch: pytest.MonkeyPatch) -> None:
    table = _table()
    data = save_table(table)
    assert data == table.to_json()
    resumed = load_table(data)
    assert isinstance(resumed, Table) and resumed.actions == table.actions
    assert resumed.epoch == table.epoch + 1 and resumed.state == table.state
    again = resume_replay(table.replay())
    assert again.actions == table.actions and again.labels == table.labels
    calls: list[str] = []
    monkeypatch.setattr(
        table_saving, "save_table", lambda table: calls.append("save") or b"{}", raising=True
    )
    # Table.to_json goes through the module's function (looked up where the table imports it)
    monkeypatch.setattr(play_part, "save_table", table_saving.save_table)
    assert table.to_json() == b"{}" and calls == ["save"]


def test_a_subclass_resumes_as_itself() -> None:
    class Watched(Table):  # type: ignore[type-arg]
        pass

    data = _table().to_json()
    assert type(Watched.from_json(data)) is Watched
    assert type(load_table(data, table_type=Watched)) is Watched
    assert type(Watched.from_replay(Watched.from_json(data).replay())) is Watched


def test_the_play_loop_module_does_no_json() -> None:
    source = Path(play_part.__file__).read_text()
    names = {
        node.module or ""
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.ImportFrom)
    }
    assert "trickcore.codec" not in names or "MAX_DEPTH" not in source
    assert "_SavedTable" not in source and "msgspec.json.encode" not in source
    assert play_part.SAVE_FORMAT == table_saving.SAVE_FORMAT  # still importable there
    assert play_part.saved_table_type is table_saving.saved_table_type

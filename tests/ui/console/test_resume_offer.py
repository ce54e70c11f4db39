"""The start-up offer: every unfinished battle, newest first, with its Round and Command
count; what resuming set aside is told with its file (issue 23)."""

from __future__ import annotations

import os

import pytest
from PySide6.QtWidgets import QDialog, QMessageBox
from pytestqt.qtbot import QtBot

from bridge.engine.core.commands import AdjustPool, TrayRoll
from bridge.engine.demo import demo_encounter
from bridge.engine.session import Session
from bridge.rules.task import Roller, TaskSpec
from bridge.storage.autosave import AutosaveJournal, find_unfinished
from bridge.storage.paths import autosave_dir
from bridge.ui.console.autosave_ui import resume_crashed
from bridge.ui.console.resume_offer import UnfinishedDialog

Yes = QMessageBox.StandardButton.Yes


def crashed(name: str, commands: int, when: int) -> AutosaveJournal:
    session = Session(demo_encounter().model_copy(update={"name": name}))
    journal = AutosaveJournal.start(session)
    for _ in range(commands):
        session.apply(TrayRoll(system="sta", sta=TaskSpec(lead=Roller(target=10))))
    journal._lock.release()  # as a kill leaves it (this process no longer holds it)
    os.utime(journal.path, (when, when))
    return journal


def test_every_unfinished_battle_is_listed_and_the_chosen_one_resumes(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    crashed("Older", 2, 1_000_000_000)
    crashed("Newest", 5, 1_700_000_000)
    crashed("Middle", 3, 1_500_000_000)
    shown: list[list[str]] = []

    def exec_(dialog: UnfinishedDialog) -> int:
        qtbot.addWidget(dialog)
        shown.append([dialog.list.item(i).text() for i in range(dialog.list.count())])
        dialog.list.setCurrentRow(2)
        return QDialog.DialogCode.Accepted.value

    monkeypatch.setattr(UnfinishedDialog, "exec", exec_)
    session = resume_crashed()
    assert session is not None and session.state.name == "Older" and session.length == 2
    [lines] = shown
    assert [line.split("”")[0] for line in lines] == ["“Newest", "“Middle", "“Older"]
    assert "Round 1, 5 Command(s)" in lines[0]
    assert isinstance(session.sink, AutosaveJournal)
    session.sink.close()
    assert {u.name for u in find_unfinished()} == {"Newest", "Middle"}  # still on offer


def test_starting_fresh_leaves_every_battle_on_offer(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    crashed("One", 1, 1_000_000_000)
    crashed("Two", 1, 1_100_000_000)
    monkeypatch.setattr(UnfinishedDialog, "exec", lambda self: QDialog.DialogCode.Rejected.value)
    assert resume_crashed() is None
    assert len(find_unfinished()) == 2


def test_the_gm_is_told_what_was_set_aside_and_where(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    journal = crashed("Damaged", 6, 1_000_000_000)
    lines = journal.path.read_bytes().split(b"\n")
    lines.insert(4, b"not a journal line")
    journal.path.write_bytes(b"\n".join(lines))
    asked: list[str] = []
    told: list[str] = []

    def question(parent: object, title: str, text: str, *rest: object) -> object:
        asked.append(text)
        return QMessageBox.StandardButton.No if "Keep them" in text else Yes

    monkeypatch.setattr(QMessageBox, "question", question)
    monkeypatch.setattr(QMessageBox, "warning", lambda p, t, text, *r: told.append(text))
    session = resume_crashed()
    assert session is not None and session.length == 3
    assert "Round 1, 6 Command(s)" in asked[0] and "Keep them?" in asked[1]
    [message] = told
    side = autosave_dir() / f"{journal.path.stem}.set-aside-1.txt"
    assert side.exists() and str(side) in message and "3 Command(s) set aside" in message
    session.apply(AdjustPool(pool="threat", delta=1))
    assert isinstance(session.sink, AutosaveJournal)
    session.sink.close()

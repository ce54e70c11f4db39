"""The offer at start-up to resume battles that were not closed properly.

Every unfinished battle is offered, newest first, with its name, Round and Command count
(a clock that jumped back can no longer hide one behind another). One is a Yes/No
question; several are a list to choose from. A journal another running Bridge holds is
never offered. What resuming could not use is told, with the file it was set aside in.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QVBoxLayout,
    QWidget,
)

from bridge.engine import Session
from bridge.storage.autosave import Intact, Recovered, Unfinished, recover
from bridge.storage.load import FileProblem
from bridge.ui.base.theme import apply_stylesheet

__all__ = ["UnfinishedDialog", "choose_unfinished", "describe", "offer", "resume"]


def describe(battle: Unfinished) -> str:
    """“Name”: Round R, N Commands, last change HH:MM on DD Mon."""
    when = time.strftime("%H:%M on %d %b %Y", time.localtime(battle.modified))
    text = (
        f"“{battle.name}”: Round {battle.round}, {battle.commands} Command(s), last change {when}"
    )
    return f"{text} (made by a newer Bridge: it cannot be resumed here)" if battle.newer else text


class UnfinishedDialog(QDialog):
    """Every unfinished battle, newest first; RESUME the chosen one or START FRESH."""

    def __init__(self, battles: Sequence[Unfinished], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Resume a battle?")
        self.battles = list(battles)
        layout = QVBoxLayout(self)
        intro = QLabel(
            f"{len(self.battles)} battles were not closed properly (newest first). Resume "
            "one where it stopped? The others stay on offer."
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.list = QListWidget()
        for battle in self.battles:
            item = QListWidgetItem(describe(battle))
            if battle.newer:
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled)
                item.setToolTip(battle.newer)
            self.list.addItem(item)
        first = next((i for i, b in enumerate(self.battles) if not b.newer), -1)
        self.list.setCurrentRow(first)
        self.list.itemDoubleClicked.connect(lambda _: self.accept())
        layout.addWidget(self.list)
        buttons = QDialogButtonBox()
        self.resume_button = buttons.addButton("RESUME", QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton("START FRESH", QDialogButtonBox.ButtonRole.RejectRole)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resume_button.setEnabled(first >= 0)
        self.resize(800, 320)

    def chosen(self) -> Unfinished | None:
        row = self.list.currentRow()
        if not 0 <= row < len(self.battles) or self.battles[row].newer:
            return None
        return self.battles[row]


def choose_unfinished(battles: Sequence[Unfinished], parent: QWidget | None) -> Unfinished | None:
    """Ask which battle to resume; ``None`` to start fresh."""
    apply_stylesheet()  # asked before the first window is built
    if len(battles) == 1:
        battle = battles[0]
        if battle.newer:
            QMessageBox.warning(parent, "Bridge", battle.newer)
            return None
        answer = QMessageBox.question(
            parent,
            "Resume the battle?",
            f"{describe(battle)}, was not closed properly.\n"
            "Resume it where it stopped? (Choose No to start fresh; it stays on offer.)",
        )
        return battle if answer == QMessageBox.StandardButton.Yes else None
    dialog = UnfinishedDialog(battles, parent)
    return dialog.chosen() if dialog.exec() == QDialog.DialogCode.Accepted else None


def _keep_intact(name: str, parent: QWidget | None) -> Callable[[Intact], bool]:
    def ask(intact: Intact) -> bool:
        answer = QMessageBox.question(parent, "Keep the rest of the battle?", intact.question(name))
        return answer == QMessageBox.StandardButton.Yes

    return ask


def resume(battle: Unfinished, parent: QWidget | None = None) -> Recovered | None:
    """Resume ``battle``: the GM is told what could not be used and where it was kept."""
    try:
        recovered = recover(battle.path, _keep_intact(battle.name, parent))
    except FileProblem as exc:
        QMessageBox.warning(parent, "Bridge", exc.message)
        return None
    if recovered.dropped:
        where = (
            f"\n\nNothing was deleted: {recovered.set_aside_commands} Command(s) set aside are "
            f"kept in {recovered.set_aside}."
            if recovered.set_aside is not None and not recovered.kept_after
            else ""
        )
        QMessageBox.warning(
            parent,
            "Resumed, with a loss" if not recovered.kept_after else "Resumed",
            f"“{battle.name}” resumed after {recovered.commands} Command(s). Part of its "
            f"autosave could not be used: {recovered.dropped}.{where}",
        )
    return recovered


def offer(battles: Sequence[Unfinished], parent: QWidget | None = None) -> Session | None:
    """Offer ``battles``; the resumed Session (its journal attached, if it could be), or
    ``None`` to start fresh."""
    chosen = choose_unfinished(battles, parent)
    if chosen is None:
        return None
    recovered = resume(chosen, parent)
    return recovered.session if recovered is not None else None

"""The character library: the demo's officers and the GM's own; new, duplicate, edit,
delete, and add to the battle (seated at the station the officer usually holds)."""

from __future__ import annotations

from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QInputDialog,
    QListWidget,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from bridge.engine import AddCharacter, seat_at_usual_station
from bridge.model.character import Character
from bridge.storage.characters import (
    LibraryCharacter,
    delete_library_character,
    duplicate_character,
    library_characters,
    new_character_id,
    save_library_character,
)
from bridge.storage.stamps import FileStamp
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.library.character_editor import CharacterEditor
from bridge.ui.library.library_files import ask_copy_name, not_saved, save_or_ask
from bridge.ui.widgets.lcars import note_label

__all__ = ["CharacterLibraryDialog"]


class CharacterLibraryDialog(QDialog):
    """Browse the officers; every button that cannot act says why."""

    def __init__(self, model: SharedModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.setWindowTitle("Character library")
        self.resize(820, 560)
        layout = QVBoxLayout(self)
        self.list = QListWidget()
        layout.addWidget(self.list, 1)
        self.detail = note_label()
        layout.addWidget(self.detail)
        self.problems = note_label("reason")
        layout.addWidget(self.problems)
        row = QHBoxLayout()
        self.new_button = QPushButton("NEW…")
        self.duplicate_button = QPushButton("DUPLICATE…")
        self.edit_button = QPushButton("EDIT…")
        self.delete_button = QPushButton("DELETE")
        self.add_button = QPushButton("ADD TO BATTLE")
        self.add_button.setObjectName("primary")
        for b in (
            self.new_button,
            self.duplicate_button,
            self.edit_button,
            self.delete_button,
        ):
            row.addWidget(b)
        row.addStretch()
        row.addWidget(self.add_button)
        layout.addLayout(row)
        self.new_button.setToolTip("A new officer in your library")
        self.duplicate_button.setToolTip("Copy the selected officer under a new name")
        # the lambdas drop the `checked` argument clicked() passes
        self.new_button.clicked.connect(lambda: self.new())  # noqa: PLW0108
        self.duplicate_button.clicked.connect(lambda: self.duplicate_selected())  # noqa: PLW0108
        self.edit_button.clicked.connect(lambda: self.edit_selected())  # noqa: PLW0108
        self.delete_button.clicked.connect(lambda: self.delete_selected())  # noqa: PLW0108
        self.add_button.clicked.connect(lambda: self.add_selected())  # noqa: PLW0108
        QShortcut(QKeySequence.StandardKey.Delete, self.list, self.delete_selected)
        self.list.currentRowChanged.connect(self._show)
        self.list.itemDoubleClicked.connect(lambda _: self.edit_selected())
        self.reload()

    def reload(self, select: str | None = None) -> None:
        self.entries, problems = library_characters()
        self.list.clear()
        for entry in self.entries:
            c = entry.character
            mark = "" if entry.editable else "  (starter)"
            where = f", usually {c.usual_station}" if c.usual_station else ""
            self.list.addItem(c.name + where + mark)
        self.problems.setText("\n".join(problems))
        row = next(
            (i for i, e in enumerate(self.entries) if e.editable and e.character.id == select),
            0,
        )
        self.list.setCurrentRow(row)
        self._show(self.list.currentRow())

    def selected(self) -> LibraryCharacter | None:
        row = self.list.currentRow()
        return self.entries[row] if 0 <= row < len(self.entries) else None

    def _show(self, _row: int) -> None:
        entry = self.selected()
        if entry is None:
            self.detail.setText("")
            return
        c = entry.character
        a, d = c.attributes, c.disciplines
        self.detail.setText(
            (f"{c.rank}\n" if c.rank else "")
            + f"Control {a.control} · Daring {a.daring} · Fitness {a.fitness} · Insight "
            f"{a.insight} · Presence {a.presence} · Reason {a.reason}\n"
            f"Command {d.command} · Conn {d.conn} · Engineering {d.engineering} · Security "
            f"{d.security} · Science {d.science} · Medicine {d.medicine}\n"
            f"Focuses: {', '.join(c.focuses) or 'none'} · Values: "
            f"{'; '.join(v.text for v in c.values) or 'none'}"
            + (f" · Talents: {', '.join(c.talents)}" if c.talents else "")
        )
        starter = "A starter officer cannot be changed: DUPLICATE it and edit the copy."
        for button, tip in (
            (self.edit_button, "Edit this officer (double-click)"),
            (self.delete_button, "Delete this officer from your library (Delete)"),
        ):
            button.setEnabled(entry.editable)
            button.setToolTip(tip if entry.editable else starter)
        taken = c.id in self.model.state.characters
        self.add_button.setEnabled(not taken)
        self.add_button.setToolTip(
            f"{c.name} is already in this battle." if taken else "Add to the battle's crew"
        )

    # -- actions ------------------------------------------------------------------------
    def _save(self, character: Character, notes: str, read: FileStamp | None = None) -> bool:
        """Save ``character`` over its file if it is still the one read (``read``), else
        as the GM chooses; selects what was saved."""
        try:
            saved = save_or_ask(
                self,
                character.name,
                lambda stamp: save_library_character(character, notes, stamp),
                read,
                lambda name: duplicate_character(character, name),
            )
        except OSError as exc:
            self.problems.setText(not_saved("characters", exc))
            return False
        if saved is None:
            self.reload(select=character.id)  # what is on disk now
            self.problems.setText(
                f"{character.name} was not saved: its file changed on disk (another "
                "Bridge saved it), and the save was cancelled."
            )
            return False
        self.reload(select=saved.character.id)
        return True

    def new(self, name: str | None = None) -> bool:
        if name is None:
            name, ok = QInputDialog.getText(self, "New officer", "Name:")
            if not ok:
                return False
        name = name.strip()
        if not name:
            return False
        fresh = Character(id=new_character_id(name), name=name)
        return self._save(fresh, "Made in the library.") and self.edit_selected()

    def duplicate_selected(self, name: str | None = None) -> bool:
        entry = self.selected()
        if entry is None:
            return False
        name = name if name is not None else ask_copy_name(self, f"{entry.character.name} (copy)")
        if name is None or not name.strip():
            return False
        try:
            copy = duplicate_character(entry.character, name.strip())
        except OSError as exc:
            self.problems.setText(not_saved("characters", exc))
            return False
        self.reload(select=copy.character.id)
        return True

    def edit_selected(self, editor_result: Character | None = None) -> bool:
        """Open the editor on the selected officer (``editor_result`` skips the dialog)."""
        entry = self.selected()
        if entry is None or not entry.editable:
            return False
        changed = editor_result
        if changed is None:
            editor = CharacterEditor(entry.character, self)
            if editor.exec() != QDialog.DialogCode.Accepted:
                return False
            changed = editor.result_character
        return self._save(changed, entry.notes, entry.stamp)

    def delete_selected(self, confirmed: bool = False) -> bool:
        entry = self.selected()
        if entry is None or not entry.editable:
            return False
        if not confirmed:
            answer = QMessageBox.question(
                self,
                "Delete",
                f"Delete {entry.character.name} from your library? Battles that have "
                "them keep them.",
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
                QMessageBox.StandardButton.Cancel,
            )
            if answer != QMessageBox.StandardButton.Yes:
                return False
        try:
            delete_library_character(entry)
        except OSError as exc:
            self.problems.setText(f"Not deleted: {exc.strerror or exc}.")
            return False
        self.reload()
        return True

    def add_selected(self) -> bool:
        """Add the officer to the battle and seat them where they usually serve."""
        entry = self.selected()
        if entry is None or self.model.submit(AddCharacter(character=entry.character)) is None:
            return False
        seats = seat_at_usual_station(self.model.state, entry.character.id)
        if seats is not None and self.model.submit(seats) is None:
            self.problems.setText(
                f"{entry.character.name} joined the crew but could not be seated now "
                "(seats change between Turns): seat them in Battle ▸ Setup."
            )
        self._show(self.list.currentRow())
        return True

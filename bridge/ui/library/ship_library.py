"""The ship library: starter stat blocks and the GM's own; duplicate, edit (statistics,
weapons, talents), delete, add to battle."""

from __future__ import annotations

from pydantic import ValidationError
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from bridge.engine import AddShip
from bridge.model.ship import Ship
from bridge.model.validation import describe_validation_error
from bridge.rules.stats import CrewQuality
from bridge.storage.library import (
    LibraryShip,
    delete_library_ship,
    duplicate_ship,
    library_ships,
    save_library_ship,
)
from bridge.storage.stamps import FileStamp
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.library.library_files import ask_copy_name, not_saved, save_or_ask
from bridge.ui.library.ship_parts import TalentList, WeaponList
from bridge.ui.widgets.lcars import note_label

__all__ = ["LibraryDialog", "ShipEditor"]


class ShipEditor(QDialog):
    """Edit a library ship: its name, class, Scale, Systems, Departments and crew, its
    weapons (kind, type, damage, range, qualities) and its talents."""

    def __init__(
        self, ship: Ship, parent: QWidget | None = None, read: FileStamp | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Edit {ship.name}")
        self.original = ship
        self.read = read
        """Its file as the library read it: saved over only if unchanged (or the GM says)."""
        layout = QVBoxLayout(self)
        self.tabs = QTabWidget()
        layout.addWidget(self.tabs, 1)
        stats = QWidget()
        columns = QHBoxLayout(stats)
        form = QFormLayout()
        columns.addLayout(form)
        self.name = QLineEdit(ship.name)
        self.ship_class = QLineEdit(ship.ship_class)
        self.scale = QSpinBox()
        self.scale.setRange(1, 7)
        self.scale.setValue(ship.scale)
        form.addRow("Name", self.name)
        form.addRow("Class", self.ship_class)
        form.addRow("Scale", self.scale)
        self.crew = QComboBox()
        self.crew.addItem("Player crew", None)
        for quality in CrewQuality:
            self.crew.addItem(f"NPC crew: {quality.label}", quality.value)
        self.crew.setCurrentIndex(
            max(self.crew.findData(ship.crew_quality.value if ship.crew_quality else None), 0)
        )
        form.addRow("Crew", self.crew)
        self.spins: dict[str, QSpinBox] = {}
        for group, values, top in (
            ("systems", ship.systems, 15),
            ("departments", ship.departments, 6),
        ):
            ratings = QFormLayout()
            columns.addLayout(ratings)
            for field in type(values).model_fields:
                spin = QSpinBox()
                spin.setRange(0, top)
                spin.setValue(getattr(values, field))
                ratings.addRow(f"{field.capitalize()}", spin)
                self.spins[f"{group}.{field}"] = spin
        self.tabs.addTab(stats, "STATISTICS")
        self.weapons = WeaponList(
            ship.weapons, lambda: (self.scale.value(), self.spins["departments.security"].value())
        )
        self.tabs.addTab(self.weapons, "WEAPONS")
        self.talents = TalentList(ship.talents)
        self.tabs.addTab(self.talents, "TALENTS")
        for spin in (self.scale, self.spins["departments.security"]):
            spin.valueChanged.connect(lambda _: self.weapons.refresh())
        self.error = note_label("reason")
        layout.addWidget(self.error)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def ship(self) -> Ship:
        """The ship the form describes; ValueError naming what is wrong if it is not valid."""
        data = self.original.model_dump()
        data.update(
            name=self.name.text().strip(),
            ship_class=self.ship_class.text().strip(),
            scale=self.scale.value(),
            crew_quality=self.crew.currentData(),
            shields=None,
            power=None,
            weapons=[w.model_dump() for w in self.weapons.weapons()],
            talents=[t.model_dump() for t in self.talents.talents()],
        )
        for key, spin in self.spins.items():
            group, field = key.split(".")
            data[group][field] = spin.value()
        if not data["name"]:
            raise ValueError("Name: a ship needs a name.")
        try:
            return Ship.model_validate(data)
        except ValidationError as exc:
            raise ValueError(describe_validation_error(exc)) from None

    def accept(self) -> None:
        try:
            ship = self.ship()
        except ValueError as exc:
            self.error.setText(str(exc))
            return
        try:
            saved = save_or_ask(
                self,
                ship.name,
                lambda read: save_library_ship(ship, "Edited in the library.", read),
                self.read,
                lambda name: duplicate_ship(ship, name),
            )
        except OSError as exc:
            self.error.setText(not_saved("ships", exc))
            return
        if saved is None:
            self.error.setText("Not saved: its file changed on disk, and the save was cancelled.")
            return
        super().accept()


class LibraryDialog(QDialog):
    """Browse the library; add a ship to the battle, duplicate one, edit or delete the
    GM's own."""

    def __init__(self, model: SharedModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.setWindowTitle("Ship library")
        self.resize(760, 560)
        layout = QVBoxLayout(self)
        self.list = QListWidget()
        layout.addWidget(self.list, 1)
        self.detail = note_label()
        layout.addWidget(self.detail)
        self.problems = note_label("reason")
        layout.addWidget(self.problems)
        row = QHBoxLayout()
        self.side = QComboBox()
        self.side.addItem("NPC (opposition)", "npc")
        self.side.addItem("Player side", "player")
        self.zone = QComboBox()
        self.zone.addItems(list(model.state.zones.zones))
        self.add_button = QPushButton("ADD TO BATTLE")
        self.duplicate_button = QPushButton("DUPLICATE…")
        self.edit_button = QPushButton("EDIT…")
        self.delete_button = QPushButton("DELETE…")
        for w in (
            QLabel("Side"),
            self.side,
            QLabel("Zone"),
            self.zone,
            self.add_button,
            self.duplicate_button,
            self.edit_button,
            self.delete_button,
        ):
            row.addWidget(w)
        layout.addLayout(row)
        self.add_button.clicked.connect(self.add_selected)
        # the lambdas drop the `checked` argument clicked() passes
        self.duplicate_button.clicked.connect(lambda: self.duplicate_selected())  # noqa: PLW0108
        self.edit_button.clicked.connect(lambda: self.edit_selected())  # noqa: PLW0108
        self.delete_button.clicked.connect(lambda: self.delete_selected())  # noqa: PLW0108
        self.list.currentRowChanged.connect(self._show)
        self.reload()

    def reload(self, select: str | None = None) -> None:
        """Read the library again; ``select`` names the ship id to select (else the row
        that was selected, or the first)."""
        before = self.list.currentRow()
        self.ships, problems = library_ships()
        self.list.clear()
        for entry in self.ships:
            s = entry.ship
            mark = "" if entry.editable else "  (starter)"
            self.list.addItem(f"{s.name} — {s.ship_class}, Scale {s.scale}{mark}")
        self.problems.setText("\n".join(problems))
        rows = [i for i, e in enumerate(self.ships) if e.editable and e.ship.id == select]
        row = rows[0] if rows else min(max(before, 0), len(self.ships) - 1)
        self.list.setCurrentRow(row)

    def selected(self) -> LibraryShip | None:
        row = self.list.currentRow()
        return self.ships[row] if 0 <= row < len(self.ships) else None

    def _show(self, row: int) -> None:
        entry = self.selected()
        if entry is None:
            return
        s = entry.ship
        weapons = ", ".join(w.describe(s.scale, s.departments.security) for w in s.weapons)
        self.detail.setText(
            f"{entry.notes}\nShields {s.shields_max}, Resistance "
            f"{s.resistance}, Power {s.power_capacity}. {weapons}"
        )
        self.edit_button.setEnabled(entry.editable)
        self.edit_button.setToolTip(
            "Edit this ship of your library"
            if entry.editable
            else "A starter ship cannot be edited: DUPLICATE it and edit the copy."
        )
        self.delete_button.setEnabled(entry.editable)
        self.delete_button.setToolTip(
            "Delete this ship from your library (asks first)"
            if entry.editable
            else "A starter ship comes with Bridge and cannot be deleted."
        )

    def add_selected(self) -> bool:
        entry = self.selected()
        if entry is None:
            return False
        return (
            self.model.submit(
                AddShip(
                    ship=entry.ship,
                    side=self.side.currentData(),
                    zone=self.zone.currentText(),
                )
            )
            is not None
        )

    def duplicate_selected(self, name: str | None = None) -> LibraryShip | None:
        entry = self.selected()
        if entry is None:
            return None
        name = name if name is not None else ask_copy_name(self, f"{entry.ship.name} II")
        if name is None or not name.strip():
            return None
        try:
            copy = duplicate_ship(entry.ship, name.strip())
        except OSError as exc:
            self.problems.setText(not_saved("ships", exc))
            return None
        self.reload(select=copy.ship.id)  # the copy, ready to EDIT
        return copy

    def delete_selected(self, confirm: bool = True) -> bool:
        """Delete the GM's own selected ship, after a question (``confirm``)."""
        entry = self.selected()
        if entry is None or not entry.editable:
            return False
        if confirm:
            answer = QMessageBox.question(
                self,
                "Delete a ship",
                f"Delete {entry.ship.name} from your ship library? Its file is removed; "
                "a battle it is in keeps it.",
            )
            if answer != QMessageBox.StandardButton.Yes:
                return False
        try:
            delete_library_ship(entry)
        except OSError as exc:
            where = exc.filename or entry.path
            self.problems.setText(
                f"Not deleted: {where} cannot be removed ({exc.strerror or exc})."
            )
            return False
        self.reload()
        return True

    def edit_selected(self) -> ShipEditor | None:
        entry = self.selected()
        if entry is None or not entry.editable:
            return None
        editor = ShipEditor(entry.ship, self, entry.stamp)
        editor.finished.connect(lambda _: self.reload())
        editor.show()
        return editor

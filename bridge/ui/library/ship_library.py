"""The ship library: starter stat blocks and the GM's own; duplicate, edit, add to battle."""

from __future__ import annotations

from pydantic import ValidationError
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from bridge.engine import AddShip
from bridge.model.ship import Ship
from bridge.model.validation import describe_validation_error
from bridge.rules.stats import CrewQuality
from bridge.storage.library import LibraryShip, duplicate_ship, library_ships, save_library_ship
from bridge.storage.paths import library_path
from bridge.ui.base.shared_model import SharedModel

__all__ = ["LibraryDialog", "ShipEditor"]


def _not_saved(exc: OSError) -> str:
    where = exc.filename or library_path("ships")
    return f"Not saved: the ship library folder {where} cannot be written ({exc.strerror or exc})."


class ShipEditor(QDialog):
    """Edit a library ship's name, class, Scale, Systems, Departments and crew."""

    def __init__(self, ship: Ship, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Edit {ship.name}")
        self.original = ship
        layout = QVBoxLayout(self)
        form = QFormLayout()
        layout.addLayout(form)
        self.name = QLineEdit(ship.name)
        self.ship_class = QLineEdit(ship.ship_class)
        self.scale = QSpinBox()
        self.scale.setRange(1, 7)
        self.scale.setValue(ship.scale)
        form.addRow("Name", self.name)
        form.addRow("Class", self.ship_class)
        form.addRow("Scale", self.scale)
        self.spins: dict[str, QSpinBox] = {}
        for group, values, top in (
            ("systems", ship.systems, 15),
            ("departments", ship.departments, 6),
        ):
            for field in type(values).model_fields:
                spin = QSpinBox()
                spin.setRange(0, top)
                spin.setValue(getattr(values, field))
                form.addRow(f"{field.capitalize()}", spin)
                self.spins[f"{group}.{field}"] = spin
        self.crew = QComboBox()
        self.crew.addItem("Player crew", None)
        for quality in CrewQuality:
            self.crew.addItem(f"NPC crew: {quality.label}", quality.value)
        self.crew.setCurrentIndex(
            max(self.crew.findData(ship.crew_quality.value if ship.crew_quality else None), 0)
        )
        form.addRow("Crew", self.crew)
        self.error = QLabel()
        self.error.setObjectName("reason")
        self.error.setWordWrap(True)
        layout.addWidget(self.error)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def accept(self) -> None:
        data = self.original.model_dump()
        data.update(
            name=self.name.text().strip(),
            ship_class=self.ship_class.text().strip(),
            scale=self.scale.value(),
            crew_quality=self.crew.currentData(),
            shields=None,
            power=None,
        )
        for key, spin in self.spins.items():
            group, field = key.split(".")
            data[group][field] = spin.value()
        try:
            ship = Ship.model_validate(data)
        except ValidationError as exc:
            self.error.setText(describe_validation_error(exc))
            return
        try:
            save_library_ship(ship, "Edited in the library.")
        except OSError as exc:
            self.error.setText(_not_saved(exc))
            return
        super().accept()


class LibraryDialog(QDialog):
    """Browse the library; add a ship to the battle, duplicate one, edit the GM's own."""

    def __init__(self, model: SharedModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.setWindowTitle("Ship library")
        self.resize(760, 560)
        layout = QVBoxLayout(self)
        self.list = QListWidget()
        layout.addWidget(self.list, 1)
        self.detail = QLabel()
        self.detail.setWordWrap(True)
        layout.addWidget(self.detail)
        self.problems = QLabel()
        self.problems.setObjectName("reason")
        self.problems.setWordWrap(True)
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
        for w in (
            QLabel("Side"),
            self.side,
            QLabel("Zone"),
            self.zone,
            self.add_button,
            self.duplicate_button,
            self.edit_button,
        ):
            row.addWidget(w)
        layout.addLayout(row)
        self.add_button.clicked.connect(self.add_selected)
        # the lambdas drop the `checked` argument clicked() passes
        self.duplicate_button.clicked.connect(lambda: self.duplicate_selected())  # noqa: PLW0108
        self.edit_button.clicked.connect(lambda: self.edit_selected())  # noqa: PLW0108
        self.list.currentRowChanged.connect(self._show)
        self.reload()

    def reload(self) -> None:
        self.ships, problems = library_ships()
        self.list.clear()
        for entry in self.ships:
            s = entry.ship
            mark = "" if entry.editable else "  (starter)"
            self.list.addItem(f"{s.name} — {s.ship_class}, Scale {s.scale}{mark}")
        self.problems.setText("\n".join(problems))
        self.list.setCurrentRow(0)

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
        if name is None:
            name, ok = QInputDialog.getText(
                self, "Duplicate", "Name of the copy:", text=f"{entry.ship.name} II"
            )
            if not ok or not name.strip():
                return None
        try:
            copy = duplicate_ship(entry.ship, name.strip())
        except OSError as exc:
            self.problems.setText(_not_saved(exc))
            return None
        self.reload()
        return copy

    def edit_selected(self) -> ShipEditor | None:
        entry = self.selected()
        if entry is None or not entry.editable:
            return None
        editor = ShipEditor(entry.ship, self)
        editor.finished.connect(lambda _: self.reload())
        editor.show()
        return editor

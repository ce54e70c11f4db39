"""The GM console's files: New, Open, Save, Save As, Recent, import, export, drag and drop.

Every problem is shown in one message box naming the file and the problem; the open
battle and the file on disk stay as they were.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from bridge.engine import (
    AddCharacter,
    AddShip,
    Command,
    JournalEntry,
    Session,
    seat_at_usual_station,
)
from bridge.storage.autosave import AutosaveJournal
from bridge.ui.base.notices import warn
from bridge.ui.base.settings import add_recent, recent_files
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.console.autosave_ui import OFF, start_autosave

if TYPE_CHECKING:  # (battle files load when one is first opened or saved)
    from bridge.storage.battle import FileStamp

__all__ = ["BattleFiles"]

SUFFIX = ".bridge"
"""Battles save as ``NAME.bridge`` (JSON inside) so the desktop can open them in Bridge."""
FILTER = "Bridge battles (*.bridge *.json);;All files (*)"
MARKDOWN = "Markdown (*.md)"
WEB_PAGE = "Web page, the dice drawn (*.html)"
MARK_ENTRIES = 16
"""How many of the last Commands tell a saved journal from a changed one of equal length."""
WATCH_MS = 3000
"""How often the autosave file is checked for (a deleted folder is noticed at once)."""


class BattleFiles(QObject):
    """Owns the current battle's file name and whether it has unsaved changes."""

    sig_title_changed = Signal(str)
    """Emitted with the window title (file name, * when unsaved)."""

    def __init__(self, model: SharedModel, parent: QWidget, autosave: bool = True) -> None:
        super().__init__(parent)
        self.model = model
        self.window = parent
        self.autosave = autosave
        self.path: Path | None = None
        self.stamp: FileStamp | None = None
        """The battle file as this Bridge last read or wrote it."""
        self._saved = self._mark()
        self._autosave_warned = False
        model.sig_changed.connect(lambda _: self._title())
        self._title()
        self._watch = QTimer(self)
        self._watch.setInterval(WATCH_MS)
        self._watch.timeout.connect(self.check_autosave)
        self._watch.start()

    def check_autosave(self) -> None:
        """Notice at once a lost autosave file or folder: write it again, tell the GM."""
        sink = self.model.session.sink
        if not isinstance(sink, AutosaveJournal) or not self.window.isVisible():
            return
        try:
            done = sink.check()
        except OSError as exc:
            if not self._autosave_warned:
                self._autosave_warned = True
                self._problem(
                    f"{OFF}: {sink.path.name} was lost and cannot be written again "
                    f"({exc.strerror or exc}). Every change is refused until it can; "
                    "save the battle (File ▸ Save As) somewhere else."
                )
            return
        self._autosave_warned = False
        if done:
            self._problem(done)

    # -- state --------------------------------------------------------------------------
    def _mark(self) -> tuple[Session, int, tuple[JournalEntry, ...]]:
        """What tells this battle's journal apart: its Session, its length, its last
        Commands (a long battle's saved journal is not read for this)."""
        session = self.model.session
        return session, session.length, session.recent(MARK_ENTRIES)

    @property
    def dirty(self) -> bool:
        """Changed since the last save (an undo back to the saved state counts as clean)."""
        session, length, last = self._saved
        now = self.model.session
        return now is not session or now.length != length or now.recent(MARK_ENTRIES) != last

    def _mark_saved(self) -> None:
        self._saved = self._mark()
        self._title()

    def title(self) -> str:
        """The window title: the file's name (or the battle's), * when unsaved."""
        name = self.path.name if self.path else self.model.state.name
        return f"Bridge — {name}{' *' if self.dirty else ''}"

    def _title(self) -> None:
        self.sig_title_changed.emit(self.title())

    def _problem(self, text: str) -> None:
        warn(self.window, "Bridge", text)

    def _adopt(self, session: Session, path: Path | None) -> None:
        old = self.model.session
        if self.autosave:
            start_autosave(session, self.window)
        self.model.replace_session(session)
        if isinstance(old.sink, AutosaveJournal):
            old.sink.close()
        self.path = path
        self._mark_saved()

    # -- actions ------------------------------------------------------------------------
    def new_demo(self) -> None:
        from bridge.storage.library import demo_file

        if self.confirm_discard():
            doc = demo_file()
            self._adopt(Session(doc.initial), None)

    def open(self, path: Path | None = None) -> bool:
        from bridge.storage.battle import open_battle
        from bridge.storage.load import FileProblem

        if path is None:
            where = str(self.folder())
            chosen, _ = QFileDialog.getOpenFileName(self.window, "Open a battle", where, FILTER)
            if not chosen:
                return False
            path = Path(chosen)
        if not self.confirm_discard():
            return False
        try:
            opened = open_battle(path)
        except FileProblem as exc:
            self._problem(exc.message)
            return False
        self._adopt(opened.session, path)
        self.stamp = opened.stamp
        add_recent(str(path))
        if opened.warning:
            self._problem(f"{path.name}: {opened.warning}")
        return True

    def folder(self) -> Path:
        """Where Open and Save As start: this battle's folder, else the last battle's,
        else the user's documents (never the folder Bridge happened to start in)."""
        from PySide6.QtCore import QStandardPaths

        if self.path is not None and self.path.parent.is_dir():
            return self.path.parent
        for recent in recent_files():
            if Path(recent).parent.is_dir():
                return Path(recent).parent
        documents = QStandardPaths.writableLocation(
            QStandardPaths.StandardLocation.DocumentsLocation
        )
        return Path(documents) if documents and Path(documents).is_dir() else Path.home()

    def save(self) -> bool:
        if self.path is None:
            return self.save_as()
        return self._write(self.path)

    def save_as(self) -> bool:
        name = self.folder() / f"{self.model.state.name}{SUFFIX}"
        chosen, _ = QFileDialog.getSaveFileName(self.window, "Save the battle", str(name), FILTER)
        if not chosen:
            return False
        path = Path(chosen)
        return self._write(path if path.suffix else path.with_suffix(SUFFIX))

    def _write(self, path: Path) -> bool:
        from bridge.storage.battle import save_battle
        from bridge.ui.console.file_guard import may_overwrite

        choice = may_overwrite(self.window, path, self.stamp) if path == self.path else None
        if choice in ("save_as", "cancel"):  # it changed on disk: saved over only if asked
            return choice == "save_as" and self.save_as()
        try:
            self.stamp = save_battle(path, self.model.session)
        except OSError as exc:
            self._problem(
                f"{path.name}: could not be saved ({exc.strerror or exc}); the "
                "previous file is unchanged."
            )
            return False
        self.path = path
        add_recent(str(path))
        self._mark_saved()
        return True

    def confirm_discard(self) -> bool:
        """Ask before replacing a battle with unsaved changes (its autosave stays on disk)."""
        if not self.dirty:
            return True
        answer = QMessageBox.question(
            self.window,
            "Unsaved battle",
            f"Save “{self.model.state.name}” first?",
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def export_recap(self, players: bool = False, chosen: Path | None = None) -> bool:
        """File ▸ Export the log: the battle Round by Round, Turn by Turn, as Markdown or
        as a web page with the dice drawn (by the name's suffix, ``.md`` or ``.html``).
        The players' copy leaves out what the GM hid, as a crew seat reads the log."""
        from bridge.storage.recap import gm_reading, recap_markdown
        from bridge.storage.recap_html import recap_html
        from bridge.storage.save import write_atomic

        if chosen is None:
            whose = "the players' copy" if players else "the GM's copy"
            name = f"{self.model.state.name} {'players' if players else 'log'}"
            where, kind = QFileDialog.getSaveFileName(
                self.window,
                f"Export the battle log ({whose})",
                str(self.folder() / f"{name}.md"),
                f"{MARKDOWN};;{WEB_PAGE}",
            )
            if not where:
                return False
            chosen = Path(where)
            if chosen.suffix.lower() not in (".md", ".html", ".htm"):
                chosen = chosen.with_name(chosen.name + (".html" if kind == WEB_PAGE else ".md"))
        session = self.model.session
        final, read = session.state, gm_reading
        if players:
            from bridge.seatview import CREW, seat_lines, seat_view

            final = seat_view(final, CREW)

            def read(entry: JournalEntry) -> tuple[str, ...]:
                return seat_lines(entry, CREW)

        web = chosen.suffix.lower() in (".html", ".htm")
        write = recap_html if web else recap_markdown
        text = write(session.initial, session.journal, final, read)
        try:
            write_atomic(chosen, text.encode("utf-8"))
        except OSError as exc:
            self._problem(f"{chosen.name}: could not be written ({exc.strerror or exc}).")
            return False
        return True

    # -- adding ships and characters (drop, import) -------------------------------------
    def add_from_file(self, path: Path, ask: Callable[[str], None] | None = None) -> bool:
        """A ship or character file (Bridge or Foundry export) joins the battle."""
        from bridge.storage.formats import EncounterFile, NpcFile, ShipFile
        from bridge.storage.foundry import import_foundry
        from bridge.storage.load import FileProblem, load_file

        report = ask or self._problem
        try:
            doc = load_file(path)
        except FileProblem as bridge_problem:
            try:
                imported = import_foundry(path)
            except FileProblem:
                report(bridge_problem.message)
                return False
            item = imported.item
            unmapped = imported.unmapped
        else:
            if isinstance(doc, EncounterFile):
                return self.open(path)
            if isinstance(doc, NpcFile):
                report(f"{path.name}: an NPC for fights on foot, not a ship or an officer.")
                return False
            item = doc.ship if isinstance(doc, ShipFile) else doc.character
            unmapped = []
        command: Command
        if item is None:
            return False
        if hasattr(item, "scale"):
            zone = self.model.state.zones.zones[0]
            command = AddShip(ship=item, side="npc", zone=zone)
        else:
            command = AddCharacter(character=item)
        if self.model.submit(command) is None:
            return False
        if isinstance(command, AddCharacter):  # seated where their station says
            seats = seat_at_usual_station(self.model.state, command.character.id)
            if seats is not None and self.model.submit(seats) is None:
                unmapped = [*unmapped, "the seat (seats change between Turns: Battle ▸ Setup)"]
        if unmapped:
            report(
                f"{path.name}: imported {item.name}. Not carried over:\n- " + "\n- ".join(unmapped)
            )
        return True

    def import_foundry(self) -> bool:
        chosen, _ = QFileDialog.getOpenFileName(
            self.window, "Import a Foundry VTT actor", "", "Foundry actor export (*.json)"
        )
        return bool(chosen) and self.add_from_file(Path(chosen))

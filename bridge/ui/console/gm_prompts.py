"""The GM's one-question prompts: a new session, an Advantage or Complication added or
removed, a ship withdrawing. Each asks, then submits one Command (undo takes it back)."""

from __future__ import annotations

from PySide6.QtWidgets import QInputDialog, QMainWindow

from bridge.engine import AddTrait, BeginSession, RemoveTrait, Withdraw
from bridge.ui.base.notices import confirm
from bridge.ui.base.shared_model import SharedModel

__all__ = ["add_trait", "begin_session", "remove_trait", "withdraw"]


def begin_session(window: QMainWindow, model: SharedModel) -> None:
    text = (
        "Begin a new session? Threat becomes 2 for each player character "
        f"({2 * len(model.state.characters)}), every officer's Determination 1."
    )
    if confirm(window, "New session", text, "BEGIN SESSION"):
        model.submit(BeginSession())


def add_trait(window: QMainWindow, model: SharedModel) -> None:
    name, ok = QInputDialog.getText(
        window, "Advantage or Complication", "Name it (start with '+' for an Advantage):"
    )
    if ok and name.strip():
        kind = "advantage" if name.startswith("+") else "complication"
        model.submit(AddTrait(name=name.lstrip("+").strip(), kind=kind))


def remove_trait(window: QMainWindow, model: SharedModel) -> None:
    """Take an Advantage or a Complication off the battle (undo brings it back)."""
    traits = model.state.traits
    if not traits:
        window.statusBar().showMessage("There is no Advantage or Complication to remove.", 6000)
        return
    names = [f"{t.kind.capitalize()}: {t.name}" for t in traits]
    chosen, ok = QInputDialog.getItem(
        window, "Remove", "Advantage or Complication:", names, 0, False
    )
    if ok and chosen in names:
        model.submit(RemoveTrait(name=traits[names.index(chosen)].name))


def withdraw(window: QMainWindow, model: SharedModel) -> None:
    state = model.state
    ships = [
        sid for sid in state.ships if sid not in state.retreated and not state.ships[sid].destroyed
    ]
    names = [state.ships[s].name for s in ships]
    name, ok = QInputDialog.getItem(
        window, "Withdraw", "Which ship leaves the battle?", names, 0, False
    )
    if ok:
        model.submit(Withdraw(ship=ships[names.index(name)]))

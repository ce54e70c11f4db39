"""SeatModel: the GM's laptop's crew windows read the battle as a network seat receives
it, and what they send is judged on the whole battle (issue 27)."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QPlainTextEdit, QTextBrowser
from pytestqt.qtbot import QtBot

from bridge.engine import Station
from bridge.engine.core.commands import EndTurn, ResolveTask, SetValue, StartTurn
from bridge.engine.ship.commands import AttemptTask
from bridge.rules.hidden import MARKERS
from bridge.seatview import CREW, seat_view
from bridge.ui.base.seat_model import SeatModel, for_crew
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.console.gm_console import GmConsole
from bridge.ui.widgets.log_view import LogView


def _npc_fires(model: SharedModel) -> None:
    model.submit(StartTurn(by="kell", actor="kell"))
    model.submit(EndTurn(by="kell"))
    model.submit(StartTurn(actor="qoj"))
    weapon = model.state.ships["qoj"].weapons[0].name
    model.submit(
        AttemptTask(action="fire_weapon", station="tactical", target="resolute", weapon=weapon)
    )


def test_the_crew_model_shows_the_crews_view_and_the_engine_judges_the_whole_battle(
    model: SharedModel,
) -> None:
    crew = SeatModel(model)
    assert crew.state == seat_view(model.state, CREW) and crew.state.ships["qoj"].contact
    assert crew.state is crew.state  # one view per state: the windows compare by identity
    _npc_fires(model)
    pending = crew.state.pending
    assert pending is not None and pending.result.spec.lead.target == 0  # the crew's view
    assert model.state.pending is not None and model.state.pending.result.spec.lead.target == 13
    entries, length = crew.recent_journal(1)
    assert length == len(model.journal)
    said = "\n".join(entries[0].log)
    assert "its crew" in said and "Talented crew (13)" not in said
    model.submit(ResolveTask())
    model.submit(EndTurn())
    applied = crew.submit(StartTurn(by="tovan", actor="tovan"))  # judged on the whole battle
    assert applied is not None and applied.state is crew.state
    assert crew.why_not(EndTurn(by="tovan")) is None
    assert for_crew(crew, crew) is crew and isinstance(for_crew(model, crew), SeatModel)


def test_no_window_shows_a_marker_and_the_gm_reads_every_word(
    qtbot: QtBot, model: SharedModel
) -> None:
    console = GmConsole(model)
    console.confirm_quit = False
    qtbot.addWidget(console)
    console.show()
    tactical = console.open_station(Station.TACTICAL)
    _npc_fires(model)
    model.submit(ResolveTask())
    model.submit(SetValue(path="ships.qoj.shields", value=2))
    texts: dict[str, list[str]] = {"gm": [], "crew": []}
    for owner, window in (("gm", console), ("crew", tactical)):
        for widget in window.findChildren(QLabel):
            texts[owner].append(widget.text())
        for log in window.findChildren(LogView):
            log.catch_up()  # a log out of sight: what it shows once scrolled to
        for widget in window.findChildren(QPlainTextEdit):
            texts[owner].append(widget.toPlainText())
        for widget in window.findChildren(QTextBrowser):
            texts[owner].append(widget.toPlainText())
    gm, crew = "\n".join(texts["gm"]), "\n".join(texts["crew"])
    assert not MARKERS & set(gm) and not MARKERS & set(crew)
    assert "Talented crew (13)" in gm and "Talented crew" not in crew
    assert "IKS Qoj spends 1 Power" in gm and "IKS Qoj spends Power." in crew
    tactical.close()


def test_the_crews_recent_journal_reads_only_the_entries_looked_at(model: SharedModel) -> None:
    """Issue 29: a crew window's log asks for the newest thousand entries after every
    Command and looks only at those it has not shown: only they are read for the seat."""
    _npc_fires(model)
    crew = SeatModel(model)  # after the Commands: none of their entries read yet
    entries, length = crew.recent_journal(1000)
    assert len(entries) == length == len(model.journal) and not crew._entries
    last = entries[-1]
    assert len(crew._entries) == 1 and "Talented crew (13)" not in "\n".join(last.log)
    assert last is crew.entry(model.journal[-1])  # read once, remembered
    assert entries[-2:] == (crew.entry(model.journal[-2]), last)
    assert len(crew._entries) == 2

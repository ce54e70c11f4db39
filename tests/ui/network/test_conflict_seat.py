"""Issue 26: over the network the same seat plays the Conflict card. A player's officer
joins over real loopback sockets; the card comes up when the GM starts the boarding
action, its entry's form asks the host (the engine on the whole battle), and the attack
is rolled and landed on the GM's battle."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Iterator

import pytest
import qasync
from PySide6.QtWidgets import QApplication

from bridge.engine import ConflictTask, Session, boarding_command, conflict_preview, demo_encounter
from bridge.rules.dice import GivenDice
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.conflict.conflict_text import preview_lines
from bridge.ui.conflict.conflict_window import ConflictWindow
from bridge.ui.network.host_panel import HostPanel
from bridge.ui.network.join_dialog import JoinDialog, open_seat_windows, url_for
from tests.ui.network.test_network_windows import _do, _run, _until


@pytest.fixture
def loop(qapp: QApplication) -> Iterator[qasync.QEventLoop]:
    event_loop = qasync.QEventLoop(qapp, already_running=False)
    yield event_loop
    event_loop.run_until_complete(asyncio.sleep(0.3))
    event_loop.close()
    gc.collect()


def test_a_remote_officer_attacks_from_the_conflict_card(loop: qasync.QEventLoop) -> None:
    """Seed 001 MAKE AN ATTACK over the LAN: the preview the player reads is the host's
    engine's (exact odds, the NPC's hidden numbers stay on the host), two 1s hit."""
    model = SharedModel(Session(demo_encounter(), GivenDice(d20=(1, 1), d6=(2,) * 20)))
    panel = HostPanel(model, bind="127.0.0.1", announce=False)
    panel.port_box.setValue(0)
    assert _run(loop, panel.start())
    dialog = JoinDialog(discover=False)
    assert _run(
        loop, dialog.connect_to(url_for(f"127.0.0.1:{panel.port}"), panel.code_label.text())
    )
    assert _run(loop, dialog.take("char:kell"))
    remote = dialog.model
    assert remote is not None
    windows = open_seat_windows(remote)
    card = windows[-1]
    assert isinstance(card, ConflictWindow) and not card.isVisible()  # no conflict yet
    assert model.submit(boarding_command()) is not None  # the GM starts the boarding action
    _run(loop, _until(lambda: remote.client.available.conflict is not None))
    _run(loop, _until(card.isVisible))
    assert card.start_button.isEnabled()
    hidden = remote.state.conflict
    assert hidden is not None and hidden.figures["klingon-warrior"].stress == 0  # [house rule]

    _run(loop, _do(card.start_button.click))
    _run(loop, _until(lambda: model.state.conflict.turn.actor == "kell"))  # type: ignore[union-attr]
    _run(loop, _until(lambda: card.turn_label.text() == "YOUR TURN"))
    forms: list[object] = []

    def open_attack() -> None:
        forms.append(card.use("attack"))

    _run(loop, _do(open_attack))
    form = forms[0]
    assert form is not None
    _run(loop, _do(lambda: form.form.choose("target", "klingon-warrior")))  # type: ignore[attr-defined]
    cmd = form.command()  # type: ignore[attr-defined]
    assert isinstance(cmd, ConflictTask) and cmd.target == "klingon-warrior"
    # the odds from what the seat sees: the Klingon's numbers stay the GM's
    expected = conflict_preview(remote.state, cmd.model_copy(update={"by": "kell"}))
    assert form.preview.text() == "\n".join(preview_lines(expected))  # type: ignore[attr-defined]
    before = model.state.conflict.figures["klingon-warrior"]  # type: ignore[union-attr]
    _run(loop, _do(form.go_button.click))  # type: ignore[attr-defined]
    pending = model.state.conflict.pending  # type: ignore[union-attr]
    assert pending is not None and pending.actor == "kell"
    _run(loop, _until(card.resolve_button.isVisible))
    _run(loop, _do(card.resolve_button.click))
    _run(loop, _until(card.damage_button.isVisible))  # the damage dice, seen before they land
    _run(loop, _do(card.damage_button.click))
    after = model.state.conflict.figures["klingon-warrior"]  # type: ignore[union-attr]
    assert (after.stress, after.injury) != (before.stress, before.injury)
    assert model.journal[-1].command.by == "kell"
    from bridge.engine import EndConflict

    assert model.submit(EndConflict()) is not None  # RETURN TO THE SHIP: the card goes
    _run(loop, _until(lambda: not card.isVisible()))
    assert remote.client.available.conflict is None
    for w in windows:
        w.close()
    _run(loop, remote.client.close())
    _run(loop, panel.stop())

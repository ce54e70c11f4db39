"""The station windows follow the rules read to the letter (issue 25): the card back and
the engine agree on Immediate spends; Create Advantage removes a Complication; Salvo and
Area only where they apply; a torpedo's Threat shown before the roll; Direct said once."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox
from pytestqt.qtbot import QtBot

from bridge.engine import MOMENTUM_SPENDS
from bridge.engine.core.commands import AddTrait, EndTurn, SetHouseRules, StartTurn
from bridge.engine.ship.catalog import CATALOG
from bridge.engine.ship.commands import AttemptTask, MinorAction
from bridge.engine.state.cards import Station
from bridge.rules.dice import GivenDice
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.station.card_back import card_back_html
from bridge.ui.station.station_window import StationWindow
from bridge.ui.station.task_dialog import TaskDialog


def station(qtbot: QtBot, model: SharedModel, which: Station) -> StationWindow:
    w = StationWindow(model, which)
    qtbot.addWidget(w)
    w.show()
    return w


def dialog(qtbot: QtBot, model: SharedModel, actor: str, station: Station, key: str) -> TaskDialog:
    d = TaskDialog(model, actor, station, CATALOG[key])
    qtbot.addWidget(d)
    d.show()
    return d


def more(w: StationWindow, starts: str) -> tuple[bool, str]:
    """The MORE menu entry starting with ``starts``: enabled, and its tooltip."""
    w.turn.fill_more()
    act = next(a for a in w.more_menu.actions() if a.text().startswith(starts))
    return act.isEnabled(), act.toolTip()


def test_the_card_back_marks_the_spends_the_engine_reads(qtbot: QtBot, model: SharedModel) -> None:
    """Seed 001 card back: the Immediate mark on the card is the engine's, house rule
    included (Swift Task)."""
    html = card_back_html(Station.TACTICAL)
    for spend in MOMENTUM_SPENDS:
        assert f"<b>{spend.name}</b></td><td align=center>{spend.cost}</td>" in html
    assert "<b>Swift Task</b></td><td align=center>2</td><td align=center></td>" in html
    w = station(qtbot, model, Station.TACTICAL)
    w.tabs.setCurrentIndex(1)
    assert "Only Immediate spends may be paid in Threat" in w.back.toPlainText()
    rules = model.state.house_rules.model_copy(update={"swift_task_immediate": True})
    model.submit(SetHouseRules(rules=rules))
    assert "I (house rule)" in w.back.toHtml()


def test_threat_pays_only_immediate_spends_from_more(qtbot: QtBot, model: SharedModel) -> None:
    """Seed 001: paying in Threat is for Immediate spends. Chosen in MORE, an Immediate
    spend's form starts ticked to be paid in Threat and a one-press Immediate spend adds to
    Threat; the others (Swift Task, Create Advantage, Obtain Information) have no Threat
    field and are paid in Momentum."""
    w = station(qtbot, model, Station.TACTICAL)
    model.submit(StartTurn(by="kell", actor="kell"))
    w.turn.fill_more()
    next(a for a in w.more_menu.actions() if a.text().startswith("Pay Immediate")).toggle()
    assert w.turn.with_threat
    for key in ("create_advantage", "obtain_information"):
        dialog = w.turn.use(key)
        assert dialog is not None and "with_threat" not in dialog.widgets
        dialog.close()
    dialog = w.turn.use("create_problem")
    assert dialog is not None and dialog.widgets["with_threat"].isChecked()  # type: ignore[attr-defined]
    dialog.close()
    assert "paid by adding to Threat" in w.extra_minor_button.toolTip()
    assert "Threat" not in w.swift_button.toolTip()
    threat, momentum = model.state.threat.value, model.state.momentum.value
    w.extra_minor_button.click()
    assert (model.state.threat.value, model.state.momentum.value) == (threat + 1, momentum)
    w.swift_button.click()
    assert model.state.momentum.value == momentum - 2 and model.state.threat.value == threat + 1


def test_create_advantage_removes_a_complication_from_more(
    qtbot: QtBot, model: SharedModel
) -> None:
    """Seed 001 Create Advantage: "Establish an Advantage in the scene, or remove a
    Complication"."""
    w = station(qtbot, model, Station.TACTICAL)
    model.submit(StartTurn(by="kell", actor="kell"))
    enabled, tip = more(w, "Create Advantage: remove a Complication")
    assert not enabled and tip == "No Complication is in play to remove."
    model.submit(AddTrait(name="Plasma fire", kind="complication"))
    assert more(w, "Create Advantage: remove a Complication")[0]
    dialog = w.turn.use("remove_complication")
    assert dialog is not None
    which = dialog.widgets["name"]
    assert isinstance(which, QComboBox)
    assert [which.itemText(i) for i in range(which.count())] == ["Plasma fire"]
    momentum = model.state.momentum.value
    dialog.do_it()
    assert not model.state.traits and model.state.momentum.value == momentum - 2


def test_the_spends_box_removes_a_complication_on_success(qtbot: QtBot, model: SharedModel) -> None:
    model.submit(AddTrait(name="Sensor ghost", kind="complication"))
    model.submit(StartTurn(by="sorel", actor="sorel"))
    d = dialog(qtbot, model, "sorel", Station.SCIENCE, "sensor_sweep")
    model.session._dice = GivenDice(d20=(1, 1, 1))
    d.roll()
    box = d.spends_box
    assert [box.remove.itemText(i) for i in range(box.remove.count())] == ["(none)", "Sensor ghost"]
    box.advantage.setText("Clear picture")
    box.remove.setCurrentIndex(1)
    assert not d.resolve_button.isEnabled() and "not both" in box.cost.text()
    box.advantage.clear()
    assert d.resolve_button.isEnabled()
    d.resolve()
    assert not [t for t in model.state.traits if t.kind == "complication"]


def test_salvo_and_area_show_only_for_the_weapons_they_apply_to(
    qtbot: QtBot, model: SharedModel
) -> None:
    """RULES-NOTES: a salvo is a torpedo's; Area or Spread an array's; extra Power an
    energy weapon's. The dialog builds its fields from the rule's needs for the weapon
    chosen, and never sends a hidden one."""
    model.submit(StartTurn(by="kell", actor="kell"))
    d = dialog(qtbot, model, "kell", Station.TACTICAL, "fire_weapon")
    d.weapon.setCurrentIndex(d.weapon.findData("Phaser Arrays"))
    assert d.area.isVisible() and d.extra_power.isVisible() and not d.salvo.isVisible()
    d.area.setChecked(True)
    d.weapon.setCurrentIndex(d.weapon.findData("Photon Torpedoes"))
    assert d.salvo.isVisible() and not d.area.isVisible() and not d.extra_power.isVisible()
    assert d.command().array_mode == "spread"  # the hidden choice is not sent
    d.salvo.setChecked(True)
    assert d.command().salvo
    assert "+3 Threat to the GM (torpedo salvo)" in d.difficulty.text()


def test_an_npc_torpedo_shows_its_threat_and_what_its_difficulty_is_like(
    qtbot: QtBot, model: SharedModel
) -> None:
    """RULES-NOTES: an NPC's torpedo spends its Threat hit or miss, shown before the
    roll; seed 003's Difficulty examples where the GM runs the Task."""
    model.submit(StartTurn(by="kell", actor="kell"))
    model.submit(EndTurn(by="kell"))
    model.submit(StartTurn(actor="qoj"))
    d = dialog(qtbot, model, "qoj", Station.TACTICAL, "fire_weapon")
    d.weapon.setCurrentIndex(d.weapon.findData("Disruptor Cannons"))
    assert not d.salvo.isVisible()
    d.weapon.setCurrentIndex(d.weapon.findData("Photon Torpedoes"))
    assert "1 Threat spent (torpedo attack)" in d.difficulty.text()
    assert "hit or miss" in d.difficulty.text()
    assert "Like: digging up restricted information; shooting" in d.difficulty.text()
    assert "<b>3</b>" in d.difficulty.toolTip()  # the full table, this Difficulty in bold
    threat = model.state.threat.value
    model.session._dice = GivenDice(d20=(20, 20, 20))
    d.roll()
    assert model.state.threat.value == threat - 1  # paid on the roll, a miss


def test_direct_both_windows_say_the_same_thing(qtbot: QtBot, model: SharedModel) -> None:
    """Seed 001 DIRECT: the CO's Turn; the directed officer attempts one Task. Issue 25:
    "▶ YOUR TURN" stood next to "It is Capt. Reyes's Turn, not yours"."""
    co = station(qtbot, model, Station.COMMAND)
    tac = station(qtbot, model, Station.TACTICAL)
    model.submit(StartTurn(by="reyes", actor="reyes"))
    model.submit(AttemptTask(by="reyes", action="direct", target="kell"))
    assert tac.turn_label.text() == "▶ YOUR TASK, DIRECTED BY CAPT. ELENA REYES"
    assert "Capt. Elena Reyes directed you to one Task" in tac.reason.text()
    assert "not yours" not in tac.reason.text()
    assert tac.buttons["fire_weapon"].button.isEnabled()
    assert not tac.buttons["interact"].button.isEnabled()
    assert "▶" not in co.turn_label.text() and "ACTS ON YOUR ORDER" in co.turn_label.text()
    assert "attempting the Task you directed" in co.reason.text()
    assert not co.buttons["rally"].button.isEnabled()
    model.submit(MinorAction(by="reyes", action="interact"))  # the Turn's Minor is the CO's
    assert model.state.turn.minors_used == ("interact",)

"""A sensor contact is how a player's screen shows an unscanned ship (bridge.seatview):
never a ship in a battle, a battle file or a ship file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridge.engine import Session, demo_encounter
from bridge.engine.core.commands import SetValue
from bridge.engine.session import CommandRefused
from bridge.storage.battle import save_battle
from bridge.storage.formats import ShipFile
from bridge.storage.load import FileProblem, parse_document


def test_a_battle_refuses_to_make_a_ship_a_contact() -> None:
    session = Session(demo_encounter())
    with pytest.raises(CommandRefused, match="sensor contact"):
        session.apply(SetValue(path="ships.qoj.contact", value=True))
    assert not session.state.ships["qoj"].contact


def test_a_file_naming_a_contact_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "battle.bridge"
    save_battle(path, Session(demo_encounter()))
    data = json.loads(path.read_text())
    data["state"]["ships"]["qoj"]["contact"] = True
    with pytest.raises(FileProblem, match="sensor contact"):
        parse_document(json.dumps(data).encode(), "battle.bridge")
    ship = ShipFile(ship=demo_encounter().ships["vortak"]).model_dump(mode="json")
    ship["ship"]["contact"] = True
    with pytest.raises(FileProblem, match="sensor contact"):
        parse_document(json.dumps(ship).encode(), "vortak.json")

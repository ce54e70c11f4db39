"""Every battle Bridge ships opens as it was saved: the journal replays to the saved state."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridge.storage.battle import open_battle

SHIPPED = sorted((Path(__file__).resolve().parents[2] / "resources" / "encounters").glob("*.json"))


def test_there_is_a_shipped_battle() -> None:
    assert SHIPPED, "resources/encounters holds the demo battle"


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_a_shipped_battle_opens_without_a_warning(path: Path) -> None:
    opened = open_battle(path)
    assert opened.warning is None
    assert opened.session.state.name == json.loads(path.read_text())["state"]["name"]


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_a_renamed_copy_saved_as_dot_bridge_opens_under_its_new_name(
    path: Path, tmp_path: Path
) -> None:
    """What the installers' smoke test double-clicks: a copy with another name."""
    data = json.loads(path.read_text())
    data["initial"]["name"] = data["state"]["name"] = "Night Watch"
    copy = tmp_path / "Night Watch.bridge"
    copy.write_text(json.dumps(data))
    opened = open_battle(copy)
    assert opened.warning is None and opened.session.state.name == "Night Watch"

"""Seats: claimed once, back with the token, shared or freed by the GM, kept on disk."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridge.engine.demo import demo_encounter
from bridge.net.seats import VIEWSCREEN, SeatPlan, SeatRefused


def _plan(path: Path | None = None) -> SeatPlan:
    plan = SeatPlan(path)
    plan.sync(demo_encounter())
    return plan


def test_one_seat_per_seated_character_plus_the_viewscreen() -> None:
    infos = _plan().infos(demo_encounter())
    assert [i.id for i in infos] == [
        VIEWSCREEN,
        "char:reyes",
        "char:tovan",
        "char:kell",
        "char:mbeki",
        "char:sorel",
    ]
    assert infos[1].label == "Capt. Elena Reyes (Command)"
    assert infos[0].character is None and infos[0].shared


def test_a_claimed_seat_needs_its_token() -> None:
    plan = _plan()
    token, _ = plan.claim("char:kell", None, client=1)
    with pytest.raises(SeatRefused, match="taken"):
        plan.claim("char:kell", None, client=2)
    with pytest.raises(SeatRefused, match="taken"):
        plan.claim("char:kell", "a-guessed-token", client=2)
    plan.release(1)  # the laptop slept
    again, replaced = plan.claim("char:kell", token, client=3)
    assert again == token and replaced == set()
    assert plan.seat_of(3) == "char:kell"


def test_coming_back_with_the_token_replaces_the_stale_connection() -> None:
    plan = _plan()
    token, _ = plan.claim("char:kell", None, client=1)
    _, replaced = plan.claim("char:kell", token, client=2)
    assert replaced == {1}
    assert plan.clients_of("char:kell") == {2}


def test_the_gm_can_share_a_seat_and_free_it() -> None:
    plan = _plan()
    first, _ = plan.claim("char:tovan", None, client=1)
    plan.set_shared("char:tovan", True)
    second, _ = plan.claim("char:tovan", None, client=2)
    assert second != first
    assert plan.clients_of("char:tovan") == {1, 2}
    assert plan.free("char:tovan") == {1, 2}
    plan.set_shared("char:tovan", False)
    fresh, _ = plan.claim("char:tovan", None, client=3)  # freed: anyone may take it
    assert fresh not in (first, second)
    with pytest.raises(SeatRefused):  # and the old holders' tokens no longer work
        plan.claim("char:tovan", first, client=1)


def test_unknown_seat_is_named() -> None:
    with pytest.raises(SeatRefused, match="no seat 'char:nobody'"):
        _plan().claim("char:nobody", None, client=1)


def test_tokens_survive_a_host_restart(tmp_path: Path) -> None:
    path = tmp_path / "battle.seats.json"
    plan = _plan(path)
    token, _ = plan.claim("char:sorel", None, client=1)
    assert token not in path.read_text()  # only a digest is kept
    restarted = _plan(path)
    assert restarted.battle_id == plan.battle_id
    with pytest.raises(SeatRefused):
        restarted.claim("char:sorel", None, client=7)
    assert restarted.claim("char:sorel", token, client=7)[0] == token


def test_an_unreadable_seat_file_leaves_every_seat_free(tmp_path: Path) -> None:
    path = tmp_path / "battle.seats.json"
    path.write_text("[[[[", encoding="utf-8")
    plan = _plan(path)
    token, _ = plan.claim("char:sorel", None, client=1)
    assert token

"""The cycle collector waits while Bridge starts, then skips what start-up made."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest

from bridge.ui.app import collector
from tests.test_start_imports import _loaded


@pytest.fixture
def collector_as_it_was() -> Iterator[None]:
    enabled = gc.isenabled()
    yield
    gc.unfreeze()
    if enabled:
        gc.enable()
    else:
        gc.disable()


@pytest.mark.usefixtures("collector_as_it_was")
def test_held_while_starting_then_freezing_what_start_up_made() -> None:
    gc.enable()
    collector.hold()
    assert not gc.isenabled()
    made = [[n] for n in range(1000)]  # objects start-up makes
    frozen = gc.get_freeze_count()
    collector.release()
    assert gc.isenabled()
    assert gc.get_freeze_count() >= frozen + len(made)
    collector.release()  # once only
    assert gc.isenabled()


@pytest.mark.usefixtures("collector_as_it_was")
def test_a_program_that_did_not_hold_it_keeps_its_collector() -> None:
    """Tests and tools build windows without starting Bridge: their collector is theirs."""
    gc.enable()
    frozen = gc.get_freeze_count()
    collector.release()
    assert gc.isenabled() and gc.get_freeze_count() == frozen
    gc.disable()
    collector.hold()  # already off: nothing to give back later
    collector.release()
    assert not gc.isenabled()


def test_bridge_starts_with_the_collector_held_and_runs_with_it_on(tmp_path: Path) -> None:
    """A real start (``bridge --startup-probe``, the GM's start, then a clean exit): the
    console was up, and the collector is on, with start-up's objects frozen out of it."""
    then = "import gc; print(f'{gc.isenabled()}:{gc.get_freeze_count() > 10_000}')"
    assert _loaded(tmp_path, then=then) == {"True:True"}

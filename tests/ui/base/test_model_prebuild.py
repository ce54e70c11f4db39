"""The models a start did not build are built while the app waits, not at the GM's first
Command (which paid for forty of them at once: 70 ms in a slow hour)."""

from __future__ import annotations

import json

from tests.child import run_python

FIRST_COMMAND = """
import json, os, time
import bridge.engine
from PySide6.QtWidgets import QApplication
app = QApplication([])
from pydantic import BaseModel
from bridge.engine import AdjustPool, JournalEntry, Session, demo_encounter
from bridge.ui.base.model_prebuild import unbuilt_models
from bridge.ui.base.shared_model import SharedModel

model = SharedModel(Session(demo_encounter()))
before = [[m.__module__, m.__qualname__] for m in unbuilt_models()]
journal_before = JournalEntry.__pydantic_complete__
deadline = time.monotonic() + 20
while unbuilt_models() and time.monotonic() < deadline:
    app.processEvents()
built = []
rebuild = BaseModel.model_rebuild.__func__
def spy(cls, *args, **kwargs):
    built.append(cls.__qualname__)
    return rebuild(cls, *args, **kwargs)
BaseModel.model_rebuild = classmethod(spy)
assert model.submit(AdjustPool(pool="momentum", delta=1)) is not None
print(json.dumps({"before": before, "journal_before": journal_before,
                  "left": [m.__qualname__ for m in unbuilt_models()], "first": built}))
"""


def test_the_first_command_builds_no_model_the_idle_app_built_them_before() -> None:
    """In a fresh process (nothing built by other tests): the Command classes and the
    journal's entry are unbuilt once the shared model stands, the Commands listed first;
    after the event loop has been idle they are built, and the first Command builds none."""
    done = run_python(FIRST_COMMAND)
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["journal_before"] is False
    names = [name for _, name in found["before"]]
    assert {"JournalEntry", "AdjustPool", "Applied"} <= set(names)
    # the Commands first: the journal's entry, which holds their union, then reuses them
    commands = [i for i, (module, _) in enumerate(found["before"]) if ".commands" in module]
    assert len(commands) > 30 and max(commands) < names.index("JournalEntry")
    assert found["left"] == []
    assert found["first"] == []

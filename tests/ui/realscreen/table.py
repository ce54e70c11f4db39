"""The players' windows on the real screen beyond the first size (run by
:mod:`tests.ui.realscreen.child`): every station at 110% and 120% with two Complications
in play (Helm and Operations scrolled 19 and 43 px at 120%, a station at 110% left a blank
band under its Turn's controls, Active Effects was one line high with a scroll bar), and
the viewscreen in a frame (it ran 20 px off the screen's foot)."""

from __future__ import annotations

from PySide6.QtCore import QPoint
from PySide6.QtTest import QTest

from bridge.engine import AddTrait, Station
from tests.ui.fit import must_fit, off_screen
from tests.ui.realscreen.run import Run

__all__ = ["SIZES", "stations_and_viewscreen"]

SIZES = (1.1, 1.2)


def stations_and_viewscreen(run: Run) -> None:
    """``seen`` gets, for each station at each size, what a person could not see, the
    gap between its Turn's controls and its card's sides, and its Active Effects' rows
    and scroll; and the framed viewscreen's frame off the screen."""
    console, model, seen, shot, placed = run.console, run.model, run.seen, run.shot, run.placed
    model.submit(AddTrait(name="Plasma fire", kind="complication"))
    model.submit(AddTrait(name="Sensor ghost", kind="complication"))
    for station in Station:
        window = console.open_station(station)
        placed(lambda w=window: w.isVisible() and w.fit is not None and w.fit.settled)
        for at in run.at_each_size(window.text_size, SIZES):
            window.raise_()
            shot(f"07c-{station.value}-{at}")
            title = window.windowTitle()
            seen[f"fits at {at}: {title}"] = must_fit(window) + off_screen(window)
            controls = [window.start_button, window.end_button, window.more_button]
            bottom = max(b.mapTo(window, b.rect().bottomLeft()).y() for b in controls)
            sides = window.sides.mapTo(window, QPoint(0, 0)).y()
            seen[f"band under the Turn's controls at {at}: {title}"] = sides - bottom
            effects = window.ship_state.durations
            seen[f"Active Effects at {at}: {title}"] = [
                effects.count(),
                effects.height() >= effects.rows_height(2),
                effects.verticalScrollBar().maximum(),
            ]
            if station is Station.COMMAND:  # a control of MORE: its form, whole
                form = window.turn.use("make_it_so")
                assert form is not None, "Make It So is open at any moment"
                placed(lambda f=form: f.isVisible() and f.frameGeometry() != f.geometry())
                QTest.qWait(150)
                shot(f"07e-make-it-so-form-{at}")
                seen[f"Make It So form at {at}"] = off_screen(form) + must_fit(form, frozenset())
                form.close()
        window.close()
    model.undo()
    model.undo()
    screen = console.viewscreen()
    placed(lambda: screen.isVisible() and screen.frameGeometry() != screen.geometry())
    QTest.qWait(300)
    shot("07d-viewscreen-framed")
    seen["viewscreen in a frame: not full screen"] = not screen.isFullScreen()
    seen["frame: viewscreen"] = off_screen(screen)
    screen.close()

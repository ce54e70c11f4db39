"""Starts Bridge as a GM would (``bridge.cli.main``), answering its questions Yes, and, if
this process becomes the user's Bridge, plays the battle in its first window, printing the
number of Commands on disk after each one. Run by ``test_single_instance.py``.
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QMessageBox

from bridge import cli
from bridge.engine import suggest
from bridge.ui.app import start as app
from bridge.ui.console import resume_offer


def main(argv: list[str]) -> int:
    resume_offer.choose_unfinished = lambda battles, parent: battles[0]  # type: ignore[assignment]
    QMessageBox.question = lambda *a, **k: QMessageBox.StandardButton.Yes  # type: ignore[method-assign]
    QMessageBox.warning = lambda *a, **k: QMessageBox.StandardButton.Ok  # type: ignore[method-assign]
    built = app.build

    def build(*args: object, **kwargs: object) -> object:
        console, model = built(*args, **kwargs)  # type: ignore[arg-type]
        print("primary", model.session.length, flush=True)

        def step() -> None:
            command = suggest(model.state, model.session.check)
            if command is not None and model.submit(command) is not None:
                # submit() returned, so the line is fsynced: it must survive a kill
                print(model.session.length, flush=True)

        timer = QTimer(console)
        timer.timeout.connect(step)
        timer.start(20)
        return console, model

    app.build = build  # type: ignore[assignment]
    return cli.main(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

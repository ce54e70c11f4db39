"""Command to every window repainted, as the GM has it: the GM console and the five
station windows open on one SharedModel, autosave on, each Command timed until idle."""

from __future__ import annotations

import contextlib
import os
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtWidgets import QApplication

from bridge.bench.battles import Check, Step
from bridge.bench.windows.idle import PaintWatch, Sample, Watch, WindowWatch, timed, wait_idle
from bridge.bench.windows.start import screen_platform
from bridge.engine import Command, JournalEntry, Session
from bridge.storage.autosave import AutosaveJournal, recover
from bridge.storage.paths import set_autosave_dir
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.console.gm_console import GmConsole

__all__ = [
    "Check",
    "Step",
    "Windows",
    "bench_home",
    "bench_screen",
    "fsync_times",
    "open_windows",
]

"""The next Command to play, given the state and the model's check."""


@contextlib.contextmanager
def bench_screen(folder: Path) -> Iterator[None]:
    """Before the QApplication exists: offscreen Qt on a :data:`SCREEN`-sized screen
    (its description written in ``folder``), unless another platform was asked for."""
    before = os.environ.get("QT_QPA_PLATFORM")
    os.environ["QT_QPA_PLATFORM"] = screen_platform(folder, before)
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("QT_QPA_PLATFORM", None)
        else:
            os.environ["QT_QPA_PLATFORM"] = before


@contextlib.contextmanager
def bench_home() -> Iterator[Path]:
    """A temporary BRIDGE_HOME (preferences, autosaves) for the benchmark's windows."""
    before = os.environ.get("BRIDGE_HOME")
    with tempfile.TemporaryDirectory(prefix="bridge-bench-") as folder:
        os.environ["BRIDGE_HOME"] = folder
        set_autosave_dir(None)
        try:
            yield Path(folder)
        finally:
            if before is None:
                os.environ.pop("BRIDGE_HOME", None)
            else:
                os.environ["BRIDGE_HOME"] = before
            set_autosave_dir(None)


@dataclass
class Windows:
    """The GM's six windows on one model, and the benchmark's watch: a
    :class:`WindowWatch` that times, or while :meth:`counting`, a :class:`PaintWatch`."""

    console: GmConsole
    model: SharedModel
    watch: Watch
    applied_at: list[float] = field(default_factory=list)

    @contextlib.contextmanager
    def counting(self) -> Iterator[None]:
        """Count every widget's Paint events meanwhile (slower: an application-wide
        event filter in Python)."""
        timing = self.watch
        self.watch = PaintWatch(QApplication.instance())  # type: ignore[arg-type]
        try:
            yield
        finally:
            self.watch.remove()
            self.watch = timing

    def __post_init__(self) -> None:
        self.model.sig_logged.connect(lambda _: self.applied_at.append(time.perf_counter()))

    def idle(self) -> None:
        wait_idle(self.watch)

    def adopt(self, session: Session) -> Sample:
        """The windows take ``session`` (autosaved from now on) as File ▸ Open does."""
        from bridge.ui.console.autosave_ui import start_autosave

        def take() -> None:
            if session.sink is None:
                start_autosave(session, self.console)
            self.model.replace_session(session)

        return timed(self.watch, take)

    def submit(self, command: Command) -> tuple[Sample, float]:
        """One Command until idle, and the seconds until the engine (and the autosave)
        had applied it, before any window refreshed."""
        start = time.perf_counter()
        self.applied_at.clear()
        sample = timed(self.watch, lambda: self.model.submit(command))
        applied = self.applied_at[0] - start if self.applied_at else sample.wall
        return sample, applied

    def play(self, step: Step, commands: int) -> tuple[list[Sample], list[float]]:
        samples: list[Sample] = []
        applied: list[float] = []
        for _ in range(commands):
            command = step(self.model.state, self.model.check)
            sample, engine = self.submit(command)
            samples.append(sample)
            applied.append(engine)
        return samples, applied

    def undo(self, count: int) -> list[Sample]:
        return [timed(self.watch, self.model.undo) for _ in range(count)]

    def open_file(self, path: Path) -> Sample:
        """File ▸ Open of a saved battle until every window is idle."""
        return timed(self.watch, lambda: self.console.files.open(path))

    def resume(self, path: Path) -> Sample:
        """Resuming a crashed battle's autosave (as at start-up, the GM having said Yes)
        until every window shows it and is idle."""

        def resume() -> None:
            old = self.model.session.sink
            recovered = recover(path)
            self.model.replace_session(recovered.session)
            if isinstance(old, AutosaveJournal):
                old.close()

        return timed(self.watch, resume)

    def close(self) -> None:
        from bridge.ui.base.notices import set_unattended

        self.watch.remove()
        self.console.confirm_quit = False
        self.console.close()
        self.idle()
        set_unattended(False)  # warnings go to message boxes again, as they did before


def open_windows(seed: int = 3) -> Windows:
    """The GM console and the five station windows, started as ``bridge --demo`` starts
    them (autosave on, in the current BRIDGE_HOME), painted and idle."""
    from bridge.ui.app.start import build
    from bridge.ui.base.notices import set_unattended

    set_unattended(True)  # nobody to click: a warning goes to stderr
    console, model = build(demo=True, seed=seed, autosave=True, ask=False)
    console.confirm_quit = False
    watch = WindowWatch([console, *console.stations.values()])
    windows = Windows(console, model, watch)
    windows.idle()
    _models_built()
    return windows


def _models_built(seconds: float = 10.0) -> None:
    """Process events until the app has built the models it builds while idle
    (:mod:`bridge.ui.base.model_prebuild`, from a quarter second after the start): a GM's
    windows stand longer than that before their first Command, so none is timed with
    that work in it."""
    from PySide6.QtCore import QCoreApplication

    from bridge.ui.base.model_prebuild import AFTER_MS, unbuilt_models

    deadline = time.monotonic() + seconds
    started = time.monotonic() + AFTER_MS / 1000
    while time.monotonic() < deadline and (time.monotonic() < started or unbuilt_models()):
        QCoreApplication.processEvents()
        time.sleep(0.001)


def fsync_times(folder: Path, count: int) -> list[float]:
    """Seconds for one autosave-sized line written and fsynced in ``folder``."""
    path = folder / "fsync-probe"
    line = (
        JournalEntry.model_validate({"command": {"type": "end_turn"}, "log": ["x" * 200]})
        .to_json()
        .encode()
        + b"\n"
    )
    times = []
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    try:
        for _ in range(count):
            start = time.perf_counter()
            os.write(fd, line)
            os.fsync(fd)
            times.append(time.perf_counter() - start)
    finally:
        os.close(fd)
        path.unlink(missing_ok=True)
    return times

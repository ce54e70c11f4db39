"""Watching what Qt asks of widgets: the events of some types each one receives."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject

__all__ = ["Events"]


class Events(QObject):
    """An event filter that notes each event of ``kinds`` a watched object receives, as
    (object, type) in :attr:`seen`; :meth:`watch` installs it on objects."""

    def __init__(self, *kinds: QEvent.Type) -> None:
        super().__init__()
        self.kinds = kinds
        self.seen: list[tuple[QObject, QEvent.Type]] = []

    def watch(self, *objects: QObject) -> Events:
        for watched in objects:
            watched.installEventFilter(self)
        return self

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() in self.kinds:
            self.seen.append((watched, event.type()))
        return False

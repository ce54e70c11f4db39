"""Render Bridge's icon (resources/icons/bridge.svg) to the formats installers want.

    python packaging/make_icons.py OUT_DIR

writes bridge.png (512 px, Linux), bridge.ico (256 px, Windows) and bridge.icns (macOS).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SVG = ROOT / "resources" / "icons" / "bridge.svg"


def render(out: Path) -> list[Path]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    _app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        raise SystemExit(f"make_icons: {SVG} is not a valid SVG")
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, size in (("bridge.png", 512), ("bridge.ico", 256), ("bridge.icns", 512)):
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        renderer.render(painter)
        painter.end()
        path = out / name
        if not image.save(str(path)):
            raise SystemExit(f"make_icons: Qt could not write {path}")
        written.append(path)
    return written


if __name__ == "__main__":
    for path in render(Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / "build" / "icons")):
        print(path)

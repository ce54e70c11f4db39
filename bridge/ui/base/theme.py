"""The LCARS-style look: palette, bundled Antonio font, stylesheet at any UI scale."""

from __future__ import annotations

import importlib.resources
from dataclasses import dataclass

from PySide6.QtGui import QColor, QFont, QFontDatabase, QPalette
from PySide6.QtWidgets import QApplication, QWidget

__all__ = [
    "BAR_TEXT_LOW",
    "BODY_PX",
    "COLORS",
    "DISABLED",
    "FONT_FAMILY",
    "SCALE_PROPERTY",
    "apply_stylesheet",
    "apply_theme",
    "body_font",
    "icon_path",
    "load_fonts",
    "scaled",
    "stylesheet",
    "window_scale",
]

FONT_FAMILY = "Antonio"
BODY_PX = 17
"""The body text's size in pixels at 100%."""
SCALE_PROPERTY = "bridgeTextScale"
"""The property of a window that holds its own text size (1.0 = 100%)."""

_scale = [1.0]
_sheet_due = [False]


def window_scale(widget: QWidget | None = None) -> float:
    """The text size of ``widget``'s window (each window has its own), or the
    application's when the window has none of its own or no widget is given."""
    if widget is not None:
        value = widget.window().property(SCALE_PROPERTY)
        if isinstance(value, float):
            return value
    return _scale[0]


def scaled(n: float, widget: QWidget | None = None) -> float:
    """``n`` pixels at the text size of ``widget``'s window (painted widgets grow with
    the text of the window they are in)."""
    return n * window_scale(widget)


def body_font(scale: float) -> QFont:
    """The bundled font at the body text's size for ``scale``.

    Its words are not shaped where their script does not need it (Latin: no kerning or
    ligatures, which this condensed display face hardly uses): shaping was the largest
    cost of painting text, and every Command repaints some. A script that needs shaping
    (Arabic, Devanagari, in a name) is still shaped."""
    font = QFont(load_fonts())
    font.setPixelSize(round(BODY_PX * scale))
    font.setStyleStrategy(QFont.StyleStrategy.PreferNoShaping)
    return font


@dataclass(frozen=True)
class Palette:
    background: str = "#000000"
    panel: str = "#0d0d14"
    text: str = "#ffe9cc"
    dim: str = "#a8998a"
    orange: str = "#ff9900"
    peach: str = "#ffcc99"
    lavender: str = "#cc99cc"
    violet: str = "#9977cc"
    blue: str = "#99ccff"
    periwinkle: str = "#9999ff"
    gold: str = "#ffcc66"
    red: str = "#ff5544"


COLORS = Palette()


@dataclass(frozen=True)
class Disabled:
    """A disabled button: darker than an enabled one, with light text on it (an
    enabled button is dark text on a bright colour), readable at 4.5:1 or better."""

    background: str
    text: str


DISABLED = {
    "": Disabled("#332e2a", "#b8ab96"),
    "task": Disabled("#262c33", "#a9b7c4"),
    "minor": Disabled("#2e262e", "#bba8bb"),
}
"""Disabled buttons by object name ("" for any other button)."""

BAR_TEXT_LOW = COLORS.peach
"""A Shields or Power bar's numbers under half full, where they sit on its dark track
(from half full they sit on its colour, in the style sheet's dark text)."""

STATION_COLORS = {
    "command": COLORS.gold,
    "helm": COLORS.blue,
    "tactical": COLORS.red,
    "operations": COLORS.orange,
    "science": COLORS.lavender,
}


_family: list[str] = []


def load_fonts() -> str:
    """Register the bundled Antonio font (once: a new text size reuses it); returns the
    family to use."""
    if _family:
        return _family[0]
    fonts = importlib.resources.files("bridge_resources") / "fonts"
    family = ""
    for name in ("Antonio-Regular.ttf", "Antonio-Bold.ttf"):
        data = (fonts / name).read_bytes()
        font_id = QFontDatabase.addApplicationFontFromData(data)
        if font_id >= 0 and not family:
            family = QFontDatabase.applicationFontFamilies(font_id)[0]
    _family.append(family or "Sans Serif")
    return _family[0]


def icon_path(name: str) -> str:
    """A bundled icon as a path Qt (and the stylesheet) can use."""
    return str(importlib.resources.files("bridge_resources") / "icons" / name).replace("\\", "/")


def stylesheet(scale: float = 1.0) -> str:
    """The application stylesheet; ``scale`` multiplies every size (UI scale setting)."""
    c = COLORS
    off, task_off, minor_off = DISABLED[""], DISABLED["task"], DISABLED["minor"]

    def px(n: float) -> int:
        return round(n * scale)

    return f"""
    QToolButton, QSizeGrip, QAbstractItemView {{ background: {c.background};
                                                   color: {c.text}; }}
    QAbstractItemView, LinesView {{ font-family: "{FONT_FAMILY}"; font-size: {px(17)}px; }}
    QToolTip {{ background: {c.panel}; color: {c.text}; border: 2px solid {c.orange};
               padding: {px(6)}px; font-size: {px(16)}px; }}
    QLabel#title {{ color: {c.orange}; font-size: {px(30)}px; font-weight: bold;
                    letter-spacing: 1px; }}
    QLabel#section {{ color: {c.background}; background: {c.lavender}; font-weight: bold;
                      border-radius: {px(11)}px; padding: {px(3)}px {px(14)}px;
                      font-size: {px(17)}px; }}
    QLabel#reason {{ color: {c.peach}; font-size: {px(15)}px; }}
    QLabel#big {{ font-size: {px(26)}px; font-weight: bold; }}
    QLabel#dim {{ color: {c.dim}; font-size: {px(15)}px; }}
    QLabel#dimName {{ color: {c.dim}; font-size: {px(15)}px; font-weight: bold; }}
    QTextBrowser#report {{ font-size: {px(15)}px; background: transparent; border: none;
                           padding: 0; }}
    QLabel#verdict {{ font-size: {px(15)}px; font-weight: bold; }}
    QPushButton {{ background: {c.peach}; color: #000; border: none;
                   border-radius: {px(14)}px; padding: {px(6)}px {px(16)}px;
                   font-weight: bold; font-size: {px(17)}px; text-align: left; }}
    QPushButton:hover {{ background: {c.gold}; }}
    QPushButton:focus {{ outline: 2px solid {c.text}; }}
    QPushButton:disabled {{ background: {off.background}; color: {off.text}; }}
    QPushButton#task {{ background: {c.blue}; }}
    QPushButton#task:hover {{ background: {c.periwinkle}; }}
    QPushButton#task:disabled {{ background: {task_off.background}; color: {task_off.text}; }}
    QPushButton#minor {{ background: {c.lavender}; }}
    QPushButton#minor:disabled {{ background: {minor_off.background};
                                  color: {minor_off.text}; }}
    QPushButton#primary {{ background: {c.orange}; text-align: center; }}
    QPushButton#primary:disabled {{ background: {off.background}; color: {off.text}; }}
    QPushButton#danger {{ background: {c.red}; text-align: center; }}
    QTabWidget::pane {{ border: none; }}
    QTabBar::tab {{ background: {c.violet}; color: #000; padding: {px(5)}px {px(18)}px;
                    border-radius: {px(12)}px; margin: {px(2)}px; font-weight: bold; }}
    QTabBar::tab:selected {{ background: {c.orange}; }}
    QGroupBox {{ border: 2px solid {c.violet}; border-radius: {px(12)}px;
                 margin-top: {px(16)}px; padding: {px(10)}px {px(8)}px {px(8)}px {px(8)}px; }}
    QGroupBox::title {{ subcontrol-origin: margin; left: {px(14)}px; padding: 0 {px(6)}px;
                        color: {c.lavender}; font-weight: bold; }}
    QComboBox, QSpinBox, QLineEdit, QPlainTextEdit, QTextBrowser, QListWidget, LinesView,
    QTableWidget, QTreeWidget {{ background: {c.panel}; color: {c.text};
        border: 1px solid #443c55; border-radius: {px(6)}px; padding: {px(3)}px;
        selection-background-color: {c.violet}; selection-color: #000; }}
    QComboBox:disabled, QSpinBox:disabled, QLineEdit:disabled {{ color: #7d7468;
        border-color: #2c2833; }}
    QHeaderView::section {{ background: {c.violet}; color: #000; border: none;
                            padding: {px(3)}px; font-weight: bold; }}
    QSpinBox {{ max-width: {px(110)}px; }}
    QSpinBox::up-button, QSpinBox::down-button {{ background: {c.peach}; width: {px(20)}px;
        border: none; margin: 1px; }}
    QSpinBox::up-button {{ border-top-right-radius: {px(5)}px; }}
    QSpinBox::down-button {{ border-bottom-right-radius: {px(5)}px; }}
    QSpinBox::up-arrow {{ image: url("{icon_path("up.svg")}"); width: {px(10)}px; }}
    QSpinBox::down-arrow {{ image: url("{icon_path("down.svg")}"); width: {px(10)}px; }}
    QCheckBox {{ spacing: {px(8)}px; }}
    QCheckBox::indicator {{ width: {px(18)}px; height: {px(18)}px; border-radius: {px(4)}px;
                            border: 2px solid {c.peach}; background: {c.panel}; }}
    QCheckBox::indicator:checked {{ background: {c.orange}; }}
    QProgressBar {{ background: #1d1a24; border: none; border-radius: {px(8)}px;
                    text-align: center; color: #000; font-weight: bold;
                    min-height: {px(18)}px; }}
    QProgressBar::chunk {{ background: {c.blue}; border-radius: {px(8)}px; }}
    QProgressBar#power::chunk {{ background: {c.gold}; }}
    QMenuBar, QMenu {{ color: {c.text}; }}
    QMenuBar {{ background: {c.background}; }}
    QMenuBar::item:selected, QMenu::item:selected {{ background: {c.violet}; color: #000; }}
    QMenu {{ background: {c.panel}; border: 1px solid {c.violet}; }}
    QStatusBar {{ color: {c.peach}; }}
    QScrollArea {{ border: none; }}
    QScrollBar:vertical {{ background: #15131b; width: {px(12)}px; margin: 0; }}
    QScrollBar:horizontal {{ background: #15131b; height: {px(12)}px; margin: 0; }}
    QScrollBar::handle {{ background: {c.violet}; border-radius: {px(6)}px;
                          min-height: {px(30)}px; min-width: {px(30)}px; }}
    QScrollBar::add-line, QScrollBar::sub-line {{ width: 0; height: 0; }}
    QScrollBar::add-page, QScrollBar::sub-page {{ background: none; }}
    QSplitter::handle {{ background: #221f2a; }}
    """


def apply_theme(app: QApplication, scale: float = 1.0, sheet: bool = True) -> None:
    """Dark LCARS theme with the bundled font, at the given UI scale.

    ``sheet=False`` leaves the stylesheet to :func:`apply_stylesheet`, called once the
    first window is put together: under an application stylesheet every widget added to
    a layout restyles its whole subtree, without one that costs next to nothing."""
    _scale[0] = scale
    # Every widget's font and colours come from the application's font and palette: a
    # stylesheet rule for all widgets (QWidget {...}) would make each one a styled widget.
    app.setFont(body_font(scale))
    palette = QPalette()
    palette.setColor(QPalette.ColorRole.Window, QColor(COLORS.background))
    palette.setColor(QPalette.ColorRole.WindowText, QColor(COLORS.text))
    palette.setColor(QPalette.ColorRole.Base, QColor(COLORS.panel))
    palette.setColor(QPalette.ColorRole.Text, QColor(COLORS.text))
    palette.setColor(QPalette.ColorRole.Button, QColor(COLORS.peach))
    palette.setColor(QPalette.ColorRole.ButtonText, QColor("#000000"))
    palette.setColor(QPalette.ColorRole.Highlight, QColor(COLORS.violet))
    app.setPalette(palette)
    _sheet_due[0] = True
    if sheet:
        apply_stylesheet()


def apply_stylesheet() -> None:
    """Set the stylesheet :func:`apply_theme` left for later, at its UI scale (nothing
    once it is set). A message box shown before the first window calls this first."""
    app = QApplication.instance()
    if _sheet_due[0] and isinstance(app, QApplication):
        _sheet_due[0] = False
        app.setStyleSheet(stylesheet(_scale[0]))  # every widget gets a StyleChange:
        # painted ones (bridge.ui.widgets) then take their sizes from ``scaled`` again
        app.setFont(app.font())  # setting a style brings back the platform's fonts for
        # some widget classes (menus, labels, buttons): the bundled font is for all

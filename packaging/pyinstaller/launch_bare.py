"""A bare PySide6 window that says when it is shown: the yardstick for Bridge's figures."""

import sys

from PySide6.QtWidgets import QApplication, QWidget

if __name__ == "__main__":
    app = QApplication(sys.argv[:1])
    window = QWidget()
    window.resize(400, 300)
    window.show()
    app.processEvents()
    print("shown", flush=True)

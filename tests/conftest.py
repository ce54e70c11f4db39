"""Shared test setup: Qt renders offscreen, and common ship and dice fixtures."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

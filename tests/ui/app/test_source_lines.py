"""A start keeps no module's source lines: PySide6 reads the source of every module
imported after it, and Python's line cache kept each line (about 4 MB of a start)."""

from __future__ import annotations

import linecache
from pathlib import Path

import pytest

from bridge.ui.app.source_lines import forget_source_lines
from tests.test_start_imports import _loaded


def test_forgetting_lets_go_of_every_line_read_and_a_traceback_reads_them_again() -> None:
    here = __file__
    assert linecache.getline(here, 1).startswith('"""A start keeps')
    assert here in linecache.cache
    forget_source_lines()
    assert here not in linecache.cache
    assert linecache.getline(here, 1).startswith('"""A start keeps')  # from the file


@pytest.mark.parametrize("flags", [(), ("--demo",)], ids=["console", "demo"])
def test_a_real_start_keeps_no_source_line_of_the_modules_it_imported(
    tmp_path: Path, flags: tuple[str, ...]
) -> None:
    """``bridge --startup-probe`` (the GM's start, then a clean exit): Bridge's modules,
    Qt's and the standard library's were imported after PySide6, none is in the cache."""
    then = "import linecache; print(len(linecache.cache), 'files')"
    assert _loaded(tmp_path, *flags, then=then) == {"0", "files"}

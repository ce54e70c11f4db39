"""The wheel and the frozen bundle carry the guide Help ▸ User guide opens
(packaging/check_guide.py, run by packaging/check-wheel on the installed wheel and by
packaging/check_bundle.py on the bundle): a missing page or picture fails them."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

PACKAGING = Path(__file__).resolve().parents[2] / "packaging"
sys.path.insert(0, str(PACKAGING))
import check_guide  # noqa: E402

ROOT = PACKAGING.parent


def _bundle(tmp_path: Path) -> Path:
    """A frozen bundle's shape, its resources holding this checkout's built guide."""
    bundle = tmp_path / "Bridge"
    shutil.copytree(
        ROOT / "resources" / "guide", bundle / "_internal" / "bridge_resources" / "guide"
    )
    return bundle


def test_every_page_of_docs_is_expected_with_the_search() -> None:
    expected = check_guide.expected()
    pages = {
        p.relative_to(ROOT / "docs").with_suffix(".html").as_posix()
        for p in (ROOT / "docs").rglob("*.md")
    }
    assert set(expected) == pages | {"search.html", "searchindex.js"}
    assert {"index.html", "protocol.html", "developers/architecture.html"} <= set(expected)


def test_the_installed_bridge_carries_its_guide() -> None:
    """What check-wheel runs in the wheel's venv, here on this checkout's install."""
    assert check_guide.installed_failures() == []
    assert check_guide.main(["--installed"]) == 0


def test_a_bundle_lacking_a_page_or_a_picture_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bundle = _bundle(tmp_path)
    assert check_guide.guide_failures(bundle) == []
    guide = bundle / "_internal" / "bridge_resources" / "guide"
    (guide / "stations.html").unlink()
    (guide / "_images" / "gm-console.png").unlink()
    assert check_guide.main([str(bundle)]) == 1
    err = capsys.readouterr().err
    assert "the guide's stations.html is missing" in err
    assert "gm-console.html shows _images/gm-console.png, which is missing" in err
    assert "index.html is missing" not in err


def test_a_bundle_without_resources_fails(tmp_path: Path) -> None:
    (tmp_path / "Bridge").mkdir()
    assert check_guide.guide_failures(tmp_path / "Bridge") == [
        f"{tmp_path / 'Bridge'} has no bridge_resources folder: the guide is not carried"
    ]
